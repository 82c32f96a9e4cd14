"""vision.hands: an arm of the table's colour over a frame unlike it (bench/vision_styles.py --hands,
seed 2 style 9: a light wood frame on a brown table, the arm brown).

One colour runs on from the table across the frame into the playing area, strongly unlike the
side's profile within the outline, but the arm is so faint on the table that the gate took it for
no arm: a run of it was dropped as checkers (position 3), or wanted on the table well beyond a side
whose playing area the arm had drawn out to the outline (positions 4 and 5). All three hand frames
were read with the arm over the board; now hand_in_view.
"""
import numpy as np
import pytest

from vision.photo import read_photo
from vision.render import random_style, random_view, render_frame

CASES = [
    ((0, 0, 3, 0, 4, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0),
     (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 6, 6, 0, 0, 0, 0, 0, 2)),
    ((5, 0, 2, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
     (0, 0, 0, 0, 0, 0, 8, 0, 0, 3, 0, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize("p0, p1", CASES, ids=["2:9:3", "2:9:4"])
def test_an_arm_of_the_table_colour_over_the_frame_is_a_hand(p0, p1):
    rng = np.random.default_rng(2009)
    view = random_view(rng, random_style(rng))
    image, _ = render_frame(p0, p1, view, hand=True, rng=2009)
    assert read_photo(image).hand_in_view


def test_the_same_board_with_no_arm_is_read():
    rng = np.random.default_rng(2009)
    view = random_view(rng, random_style(rng))
    image, _ = render_frame(*CASES[0], view, rng=2009)
    assert not read_photo(image).hand_in_view
