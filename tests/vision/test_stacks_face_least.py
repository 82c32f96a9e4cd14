"""Checkers the colour of what they lie on, counted by their faces (checkers.face_models,
face_counts): where every place of the calibration image that holds no checker looks plainly unlike
a checker's face, a face need fit the model less well than where some bare place looks nearly like
one (FACE_SEEN_CLEAR, FACE_MARGIN_CLEAR); a stack the colour model reads none of is looked for by
the faces of both colours (issue 3)."""
import pytest

from vision import BoardReader, Calibration
from vision.render import render_frame

from .rendered import START, bench_view, wrong_points

CASES = {
    # bench/vision_styles.py --seed 4, style 5 (cork area, black/white points, red/black checkers),
    # position 4, calibrated on the start: a black 2 and a black 1 on black points read empty (their
    # faces fit the model 0.78-0.79 against the 0.8 asked; the bare places of the start frame 0.48)
    "black on black points": (4005, None, (
        (0, 0, 0, 0, 0, 0, 2, 0, 0, 5, 0, 0, 1, 0, 2, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0),
        (2, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0))),
    # --seed 4 --label-calibration, style 27 (black felt, burgundy/cream points, red/black checkers),
    # position 2: black 2, 2 and 7 read empty
    "black on black felt": (4027, (
        (0, 0, 0, 0, 2, 0, 0, 7, 0, 0, 0, 0, 0, 0, 1, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0),
        (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 7, 0, 0, 0, 0)), (
        (0, 3, 0, 0, 0, 4, 5, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (2, 0, 2, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
    # --seed 3 --label-calibration, style 22 (burgundy felt, white/blue points, pearl/maroon checkers:
    # maroon is nearly the felt's colour, pearl the white points'), position 0: a run of seven maroon
    # checkers on a white point read empty (its faces were looked for as pearl's only, the colour of
    # that kind of point; maroon's found the seven)
    "a felt-coloured run on the other colour's point": (3022, (
        (0, 8, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 2, 0, 6, 0, 3, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), (
        (0, 2, 2, 0, 7, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),
}


@pytest.mark.parametrize("case", list(CASES))
def test_checkers_the_colour_of_what_they_lie_on_are_counted(case):
    seed, calibrated_on, (p0, p1) = CASES[case]
    view = bench_view(seed)
    if calibrated_on is None:
        image, label = render_frame(START, START, view, rng=seed)[0], None
    else:
        image, truth = render_frame(*calibrated_on, view, rng=seed)
        label = {k: v for k, v in truth.items() if k != "geometry"}
    reader = BoardReader(Calibration.from_image(image, label), read_dice=False, read_cube=False)
    frame, truth = render_frame(p0, p1, view, rng=seed)
    assert wrong_points(reader.read(frame), truth) == 0
