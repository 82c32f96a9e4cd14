"""vision.photo: an outline pulled to the picture's edge at one corner is a board partly covered.

An arm reaching in from the picture's edge and lying over the board's corner is taken for board
up to where it leaves the picture: the outline's corner lies on the edge, the arm lies within the
outline, and the hand gate (which looks across the outline's sides) missed it, so a photo with a
hand over the board was read (bench/vision_styles.py --hands, seed 0 style 4 positions 3 and 4).
A board partly out of the picture runs along the edge (two corners on it, refused); one corner on
the edge, its sides not along it, is the arm's doing: a reading with hand_in_view, no points.
"""
import numpy as np
import pytest

from vision import photo
from vision.outline import BoardOutline
from vision.render import random_style, random_view, render_frame


def test_an_outline_with_one_corner_at_the_picture_edge_is_covered(monkeypatch):
    image = np.full((720, 1280, 3), 128, np.uint8)
    corners = ((426.0, 214.0), (912.0, 96.0), (886.0, 719.0), (350.0, 610.0))  # BR on the bottom edge
    monkeypatch.setattr(photo, "locate_board", lambda image: BoardOutline(corners))
    assert photo.locate_photo(image).covered
    inside = ((426.0, 214.0), (912.0, 96.0), (886.0, 600.0), (350.0, 610.0))
    monkeypatch.setattr(photo, "locate_board", lambda image: BoardOutline(inside))
    assert not photo.locate_photo(image).covered


# bench/vision_styles.py seed 0 style 4 (cork, teal/orange points, tilt 44 degrees), hand frames
CASES = [
    ((0, 0, 0, 3, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 1, 0, 1, 0, 0, 0, 5, 0, 1),
     (0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 8, 0)),
]


@pytest.mark.parametrize("p0, p1", CASES, ids=["4:3"])
def test_an_arm_over_the_corner_of_a_tilted_board_is_a_hand(p0, p1):
    rng = np.random.default_rng(4)
    view = random_view(rng, random_style(rng))
    image, _ = render_frame(p0, p1, view, hand=True, rng=4)
    assert photo.read_photo(image).hand_in_view
