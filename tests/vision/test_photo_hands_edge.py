"""vision.hands near the picture's edge (bench/vision_styles.py --hands, seed 2 style 18: a light
wood frame on a brown table filling the picture, a brown arm reaching in from its bottom edge).

Beyond the picture's edge the warped band along the board's bottom side is black: the side's
profile ran from 0 to the frame's light wood, the edge's contrast came out at 177 gray levels, and
the arm across the frame departed by under 0.3 of that. The contrast is taken over the depths in
the picture; the arm is a hand, the same board with no arm is still read.
"""
import numpy as np

from vision import hands
from vision.photo import read_photo
from vision.render import random_style, random_view, render_frame

P0 = (0, 0, 0, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 2, 3, 1, 1)
P1 = (0, 0, 0, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 1, 7, 0, 0)


def _frame(hand: bool):
    rng = np.random.default_rng(2018)
    view = random_view(rng, random_style(rng))
    return render_frame(P0, P1, view, hand=hand, rng=2018)[0]


def test_the_contrast_leaves_out_depths_beyond_the_pictures_edge():
    profile = np.float32([[0, 0, 0]] * 4 + [[60, 60, 60]] * 4 + [[170, 170, 170]] * 4)
    valid = np.ones((10, 12), bool)
    assert hands._contrast(profile, valid) == 170
    valid[:, :4] = False  # (the first four depths lie beyond the picture's edge)
    assert hands._contrast(profile, valid) == 110


def test_an_arm_from_the_pictures_edge_across_a_board_filling_the_picture_is_a_hand():
    assert read_photo(_frame(hand=True)).hand_in_view


def test_the_same_board_with_no_arm_is_read():
    assert not read_photo(_frame(hand=False)).hand_in_view
