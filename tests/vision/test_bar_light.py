"""Light checkers on the bar of a board with light points (issue 3, R1): on the bar only the bar's
own colours are board. The points' colours had been board there too, and a white or ivory checker
on the bar is nearer a cream or white point's colour than its own learnt colour: it read as none."""

import numpy as np
import pytest

from vision import BoardReader, Calibration, checkers, labels
from vision.render import random_style, random_view, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)

# bench/vision_styles.py, calibrated on the start position: case seed (seed * 1000 + style) and a
# position with light checkers on the bar, read as none there
CASES = {
    # seed 0 style 2: navy felt, cream/black points, ivory/brown checkers, a burgundy bar; one ivory on it
    "ivory on a burgundy bar": (2, (0, 0, 2) + (0,) * 11 + (6, 0, 0, 3, 0, 3, 0, 0, 0, 0, 1),
                                (0, 8, 3, 2) + (0,) * 21),
    # seed 1 style 21: burgundy felt, red/white points, white/black checkers, a light wooden bar; two white
    "white on a light wooden bar": (1021, (0, 0, 5, 0, 5) + (0,) * 17 + (1, 2, 2),
                                    (0,) * 16 + (5, 2, 2, 0, 3, 0, 3, 0, 0)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_light_checkers_on_the_bar_of_a_board_with_light_points_are_read(case):
    seed, p0, p1 = CASES[case]
    rng = np.random.default_rng(seed)
    view = random_view(rng, random_style(rng))
    cal = Calibration.from_image(render_frame(START, START, view, rng=seed)[0])
    frame, truth = render_frame(p0, p1, view, rng=seed)
    got = BoardReader(cal, read_dice=False, read_cube=False).read(frame).to_label_dict()
    if got.get("rotate", 0) % 360 == 180:  # rows as the unturned image shows them (for the colour names)
        got = dict(got, top=got["bottom"][::-1], bottom=got["top"][::-1])
    assert labels.bar_right(got, truth), (got["bar"], truth["bar"])


def test_the_bar_model_has_the_bars_colours_for_board_not_the_points():
    cream, white = (225.0, 128.0, 140.0), (240.0, 128.0, 128.0)
    black, wood = (30.0, 128.0, 128.0), (120.0, 140.0, 160.0)
    cents = ((checkers.BOARD, *cream), (checkers.BAR_BOARD, *wood), (1, *white), (2, *black))
    ivory = np.array([[[200, 228, 236]]], np.uint8)  # BGR: nearer the cream point than the white checker
    idx = checkers.bin_index(ivory)
    points, _ = checkers.build_lut(cents)
    on_bar, _ = checkers.build_lut(cents, bar=True)
    assert points[idx].item() == checkers.BOARD  # on a point it is the point
    assert on_bar[idx].item() == 1  # on the bar no point shows: it is the light checker
    wood_bgr = np.array([[[110, 135, 160]]], np.uint8)
    assert points[checkers.bin_index(wood_bgr)].item() == checkers.BOARD  # the bar's colour is board everywhere
    assert on_bar[checkers.bin_index(wood_bgr)].item() == checkers.BOARD
