"""vision.hands: a bar of the frame's colour is no arm of that colour.

Where the frame is nearly the table's colour the outline found is the playing area's own edge, and
the bar, of the frame's colour, runs on from beyond that edge into the playing area: one colour
across the edge, as the gate's arm of the frame's colour (one_colour) is. With the checkers at the
points' bases beside it departing from the side's profile, the clear frame was said to show a
hand. The photo reader gives the gate the bar it found, and the bar is not taken for such an arm.
Cases of bench/vision_styles.py: seed 6 style 22 (a mahogany frame and bar on a brown table) and
seed 7 style 13 (walnut on a grey-brown table), both refused as "a hand in view" before.
"""
import numpy as np
import pytest

from vision.photo import read_photo
from vision.render import random_style, random_view, render_frame

CASES = {
    "6:22:0": (6022, (0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 2, 0, 1) + (0,) * 8 + (8, 0, 0),
               (0,) * 16 + (6, 0, 0, 1, 0, 2, 1, 5, 0)),
    "7:13:5": (7013, (0, 0, 0, 5, 0, 0, 0, 1, 0, 5, 0, 2) + (0,) * 5 + (2,) + (0,) * 7,
               (0, 8, 0, 2) + (0,) * 21),
}


def _frame(seed: int, p0, p1, hand: bool = False) -> np.ndarray:
    rng = np.random.default_rng(seed)
    view = random_view(rng, random_style(rng))
    return render_frame(p0, p1, view, hand=hand, rng=seed)[0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bar_of_the_frames_colour_is_no_hand(case):
    assert not read_photo(_frame(*CASES[case])).hand_in_view


def test_the_same_board_with_an_arm_is_a_hand():
    assert read_photo(_frame(*CASES["6:22:0"], hand=True)).hand_in_view
