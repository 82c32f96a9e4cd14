"""The photo's hand test (issue 10): an arm the colour of the checkers is no tray of checkers when
it goes on over the table (no reading for a frame with a hand, never a guess)."""

import numpy as np

from vision.hands import table_departs
from vision.photo import read_photo
from vision.render import random_style, random_view, render_frame

# bench/vision_styles.py --seed 0 --case 3:0 --hands: a skin-coloured arm over the bottom edge of a
# burgundy frame on a pale table; the run it made along the edge passed the ivory checkers' colour
# test and was taken for checkers borne off, and the frame was read as if no hand were there
P0 = (2, 2, 1, 1, 7) + (0,) * 20
P1 = (1, 0, 2, 0, 5, 3) + (0,) * 19


def _view():
    rng = np.random.default_rng(3)
    return random_view(rng, random_style(rng))


def test_an_arm_of_the_checkers_colour_over_a_pale_table_is_a_hand():
    held, _ = render_frame(P0, P1, _view(), hand=True, rng=3)
    assert read_photo(held).hand_in_view


def test_the_same_board_with_no_hand_is_read():
    clear, _ = render_frame(P0, P1, _view(), rng=3)
    assert not read_photo(clear).hand_in_view


def test_table_departs_where_the_table_is_not_the_table():
    rng = np.random.default_rng(0)
    band = np.full((120, 30, 3), 200.0) + rng.normal(0, 3, (120, 30, 3))  # a pale table, then the frame
    band[:, 12:] = (40, 30, 120)
    band[50:70, :12] = (120, 150, 205)  # an arm over the table
    valid = np.ones(band.shape[:2], bool)
    got = table_departs(band, valid, pad=12)
    assert got[52:68].all() and not got[:45].any() and not got[75:].any()
    assert not table_departs(band[:40], valid[:40], pad=12).any()  # the plain table alone: nothing departs


# bench/vision_styles.py --seed 1 --case 1:0 --hands: a tan arm over an oak frame on a grey table
# (case seed 1001); it departs strongly on the table and only faintly on the frame
Q0 = (0, 3, 0, 0, 8) + (0,) * 15 + (2, 0, 0, 0, 2)
Q1 = (2, 0, 0, 0, 6, 1) + (0,) * 19


def test_an_arm_nearly_the_frames_colour_is_a_hand():
    rng = np.random.default_rng(1001)
    view = random_view(rng, random_style(rng))
    held, _ = render_frame(Q0, Q1, view, hand=True, rng=1001)
    assert read_photo(held).hand_in_view
    clear, _ = render_frame(Q0, Q1, view, rng=1001)
    assert not read_photo(clear).hand_in_view
