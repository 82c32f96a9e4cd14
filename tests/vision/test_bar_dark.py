"""A bar the colour of the dark checkers, grained (issue 3, R1): the calibration reads its own bar
back, and where the bar's two colours across its width read it otherwise it learns the shades of
the bar's middle too. A black bar's lighter grain lay nearer the black checkers' colour than the
bar's: 12 black were read on an empty bar in every frame."""

from functools import lru_cache

import numpy as np
import pytest

from vision import BoardReader, Calibration, checkers, labels
from vision.render import random_style, random_view, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
# bench/vision_styles.py seed 1 style 19: blue felt, cream/red points, red/black checkers, an ebony frame and bar
SEED = 1019

POSITIONS = {
    "empty bar": ((0, 1, 6, 0, 7) + (0,) * 20, (3, 0, 1, 0, 0, 8) + (0,) * 19),
    "two black on it": ((0, 4, 0, 1, 0, 0, 3, 0, 0, 0, 3) + (0,) * 12 + (2, 2),
                        (0, 4, 0, 0, 0, 1) + (0,) * 10 + (7,) + (0,) * 6 + (3, 0)),
}


@lru_cache(maxsize=1)
def _calibrated():
    rng = np.random.default_rng(SEED)
    view = random_view(rng, random_style(rng))
    cal = Calibration.from_image(render_frame(START, START, view, rng=SEED)[0])
    return view, BoardReader(cal, read_dice=False, read_cube=False)


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_a_grained_black_bar_with_black_checkers_reads_its_bar(position):
    view, reader = _calibrated()
    frame, truth = render_frame(*POSITIONS[position], view, rng=SEED)
    got = labels.as_image_shows(reader.read(frame).to_label_dict())  # (rows as the image shows them: the colour names)
    assert labels.bar_right(got, truth), (got["bar"], truth["bar"])


def test_bar_shades_are_the_bare_bars_colours_its_model_takes_for_a_checker():
    lab = np.zeros((120, 100, 3), np.float32)  # weighted Lab (L halved)
    lab[:, 40:60] = (10.0, 128.0, 128.0)  # the bar
    lab[:, 40:43] = (45.0, 170.0, 150.0)  # a neighbour's checker over its edge
    lab[::4, 44:56] = (25.0, 128.0, 128.0)  # its lighter grain, nearer the black checkers than the bar
    fields = {"centroids": ((checkers.BOARD, 200.0, 128.0, 128.0), (checkers.BAR, 20.0, 128.0, 128.0),
                            (1, 90.0, 170.0, 150.0), (2, 60.0, 128.0, 128.0))}
    got = checkers._bar_shades(lab, (40, 60), {"bar": {}}, 10.0, fields)["centroids"]
    assert got[:4] == fields["centroids"]
    shades = got[4:]
    assert len(shades) == checkers.BAR_SHADES and all(c[0] == checkers.BAR for c in shades)
    assert all(abs(c[1] - 50.0) < 1.0 for c in shades)  # the grain (L unweighted), not the neighbour
    bare = lab.copy()
    bare[::4, 44:56] = (10.0, 128.0, 128.0)
    assert checkers._bar_shades(bare, (40, 60), {"bar": {}}, 10.0, fields) is None  # nothing taken for a checker
