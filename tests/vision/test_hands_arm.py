"""The photo's hand test (issue 10): an arm of the frame's very colour is a hand where one colour
runs from the table over the frame into the playing area; a thing of that colour touching the
board's edge from outside is not."""

import cv2
import numpy as np

from vision.hands import hand_in_photo
from vision.photo import read_photo
from vision.render import random_style, random_view, render_frame

from .test_photo_hands import _board

FRAME_BGR = (200, 210, 220)  # the drawn board's frame


def test_an_arm_of_the_frames_colour_into_the_points_is_a_hand():
    """On the frame it does not depart at all; on the table it does, and it goes on over the points."""
    img, outer, corners = _board()
    cv2.ellipse(img, (200, 60), (45, 110), 10, 0, 360, FRAME_BGR, -1)  # from above, into the top points
    assert hand_in_photo(img, outer, corners)


def test_a_thing_of_the_frames_colour_touching_the_edge_is_no_hand():
    """A cup of the frame's colour against the board's edge departs on the table only: the playing
    area beyond the frame is as it was."""
    img, outer, corners = _board()
    cv2.ellipse(img, (200, 20), (45, 30), 0, 0, 360, FRAME_BGR, -1)  # on the table, touching the frame
    assert not hand_in_photo(img, outer, corners)


# bench/vision_styles.py --seed 0 --case 22:0 --hands: a dark brown arm over the top edge of a
# walnut frame on a grey table: on the frame it departed no more than the frame's grain, and the
# frame was read as if no hand were there (as were all six positions of that board)
P0 = (0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 3, 0, 0, 2, 2)
P1 = (0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 7, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0)


def test_a_dark_arm_over_a_walnut_frame_is_a_hand():
    rng = np.random.default_rng(22)
    view = random_view(rng, random_style(rng))
    held, _ = render_frame(P0, P1, view, hand=True, rng=22)
    reading = read_photo(held)
    assert reading.hand_in_view and reading.top is None


def test_an_arm_of_the_tables_colour_over_a_frame_left_out_of_the_layout_is_a_hand():
    """A playing area taken to begin at the outline (the frame left out of the layout) makes the
    side frameless: a run must depart on the table well beyond the outline, where an arm nearly
    the table's colour hardly does; it runs on as one colour over the frame and is a hand."""
    img, outer, _ = _board()
    cv2.ellipse(img, (200, 40), (45, 110), 10, 0, 360, (75, 65, 60), -1)  # the table is (40, 40, 40)
    assert hand_in_photo(img, outer, outer)
