"""vision.hands: a scoresheet on the table beside a tray of checkers borne off is no arm
(bench/vision_styles.py --seed 2 --case 29:3 --hands: an ebony frame on a brown table, the sheet
at the board's corner by the tray).

The sheet departs strongly from the table's profile beyond the outline and the slabs in the tray
depart inside it, so the rule for an arm nearly the frame's colour (strong on the table, faint
inside) took the two together for an arm, and the clear frames of positions 3 to 5 were refused
as "a hand in view". An arm crosses the frame by the outline on its way in; the sheet and the tray
leave the frame between them as it was. The same frames with an arm drawn are still a hand.
"""
import numpy as np
import pytest

from vision.photo import read_photo
from vision.render import random_style, random_view, render_frame

CASE = 2029  # bench/vision_styles.py's case seed of seed 2, style 29
POSITIONS = {
    3: ((0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 6, 1, 0, 0, 0, 0),
        (0, 2, 2, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    5: ((0, 1, 0, 0, 0, 0, 0, 0, 2, 8, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0),
        (0, 8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
}


def _frame(position: int, hand: bool) -> np.ndarray:
    rng = np.random.default_rng(CASE)
    view = random_view(rng, random_style(rng))
    return render_frame(*POSITIONS[position], view, hand=hand, rng=CASE)[0]


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_a_sheet_beside_a_tray_of_checkers_is_no_hand(position):
    assert not read_photo(_frame(position, hand=False)).hand_in_view


def test_the_same_board_with_an_arm_is_a_hand():
    assert read_photo(_frame(3, hand=True)).hand_in_view
