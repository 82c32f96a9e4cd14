"""vision.photo and vision.outline: a second board beside the board is not taken for part of it.

A second board lying against the board (bench/vision_styles.py seed 3, styles 2 and 29) pulled
things two ways. Snapping the outline's top side out to the board's edge, the samples along its
left part met the second board's frame and those along the rest the board's own edge: a line
through both tilted the side, and the hand gate saw the second board across it (seed 3 2:0, 2:2-2:4
read as a hand in view). And a playing area whose rows were snapped out past the board's frame took
the second board's points for its top row: the photo was read half empty (seed 3 29:2).
"""
import numpy as np
import pytest

from tests.vision.rendered import photo_reading
from vision import labels, photo
from vision.outline import snap_to_edges


def test_a_side_whose_edge_points_lie_on_two_lines_is_kept():
    # a dark board on a light table, with a dark strip (a second board's frame) against the left
    # part of its top side: the top side's edge points lie at the strip's edge there, at the board's elsewhere
    img = np.full((360, 640, 3), 200, np.uint8)
    img[50:320, 140:500] = 40
    img[30:50, 100:300] = 90
    quad = np.float32([[141, 52], [498, 52], [498, 318], [141, 318]])
    snapped = snap_to_edges(img, quad)
    assert abs(snapped[0, 1] - snapped[1, 1]) < 3.0  # the top side is not tilted towards the strip


def test_a_playing_area_reaching_past_the_outline_is_measured_as_such():
    outer = [(100, 100), (500, 100), (500, 400), (100, 400)]
    assert photo.beyond_outline([(110, 110), (490, 110), (490, 390), (110, 390)], outer) == 0.0
    assert photo.beyond_outline([(110, 20), (490, 20), (490, 390), (110, 390)], outer) == pytest.approx(80 / 500)


# bench/vision_styles.py seed 3: style 2 (a second board against the top-left corner), style 29
# (a second board above the board, whose points the frame layout's snapped rows reached)
CASES = [
    (3002, (3, 0, 2, 8, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
     (0, 0, 1, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 5, 0, 0)),
    (3029, (0, 0, 0, 0, 0, 0, 6, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 2),
     (1, 0, 3, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize("seed, p0, p1", CASES, ids=["3:2:0", "3:29:2"])
def test_a_board_with_a_second_board_against_it_is_read(seed, p0, p1):
    got, truth = photo_reading(seed, p0, p1)
    assert labels.compare(got, truth).right == 24
