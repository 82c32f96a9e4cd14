"""A calibration checks its colour model the way the reader reads frames too (issue 3): a model that
reads the calibration image back by the calibration's own light fit and shortened count may leave
the reader misreading that very image, and every frame after it."""
import numpy as np

from vision import BoardReader, Calibration, render

from .test_stacks import START, read_realistic

# seed 3 style 21 of bench/vision_styles.py (blue felt, blue/white points, white/black checkers, a brown
# leather frame): its calibration read back 24 of 24 by the calibration's light fit, yet the reader
# read white checkers on empty points of the starting position, and on every later frame (6 of 6 boards)
STYLE = 3021
POSITION = ((8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
            (0, 3, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))


def test_the_calibration_image_reads_back_right_by_the_reader_itself():
    rng = np.random.default_rng(STYLE)
    view = render.random_view(rng, render.random_style(rng))
    start, _ = render.render_frame(START, START, view, rng=STYLE)
    reading = BoardReader(Calibration.from_image(start), read_dice=False, read_cube=False).read(start)
    assert reading.sides == (START, START)


def test_a_frame_after_such_a_calibration_reads_right():
    score, view = read_realistic(STYLE, *POSITION)
    assert score.wrong == (), view.style.name
