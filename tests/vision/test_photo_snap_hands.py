"""vision.photo on boards the bench's random styles showed taken for a hand (bench/vision_styles.py,
no calibration column; case seed 1000 * seed + style):

- seed 7 style 29: a grey table round an oak frame, the felt grey too, all a little grained. Along
  such an edge every position departs from the side's profile by about the threshold, so a stretch
  of grain and a checker at the points' bases made a run as long as an arm's (all six positions
  read as a hand). What departs is now measured beyond the side's usual grain at each depth
  (hands.departures).
- seed 6 style 13: a scoresheet on the table along the upper half of the board's left side. The
  edge snapping took the sheet for the table beyond that side (the median of what lies there) and
  moved the side out to the sheet's edge, 60 pixels onto the table at the board's corner; the
  playing area went with it, and the hand gate saw the table inside the outline as an arm. A side
  beyond which much of the table is unlike the table's colour there is now kept as found
  (outline.snap_to_edges).
"""
import numpy as np

from vision.outline import find_outline
from vision.photo import read_photo
from vision.render import render_frame

from .rendered import wrong_points
from .test_calibration_labelled import _view


def _wrong_with_no_hand(image, truth) -> int:
    """Points of 24 read_photo gets wrong on a rendered frame, which it must not call a hand."""
    reading = read_photo(image)
    assert not reading.hand_in_view
    return wrong_points(reading, truth)


def test_a_grained_grey_edge_is_no_hand():
    p0 = (0, 0, 0, 4, 0, 0, 0, 6, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0)
    p1 = (0, 0, 0, 2, 6, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert _wrong_with_no_hand(*render_frame(p0, p1, _view(7029), rng=7029)) == 0


def test_a_scoresheet_along_part_of_a_side_is_not_taken_for_the_table():
    p0 = (0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    p1 = (0, 8, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    image, truth = render_frame(p0, p1, _view(6013), rng=6013)
    board = np.float32(truth["geometry"]["board"])
    found = np.float32(find_outline(image))
    checker = float(np.linalg.norm(board[1] - board[0])) / 15
    assert np.abs(found - board).max() < 0.5 * checker
    assert _wrong_with_no_hand(image, truth) == 0


def test_a_hand_seen_only_by_the_colours_of_one_layout_tries_the_next():
    """seed 6 style 13 again: black felt whose darkest grain no colour of the best layout's model
    holds (foreign over 7% of the playing area, where 3% is a hand) while the board's edge is clear;
    the next layouts are read (one that keeps the felt as board reads it) before a hand is said."""
    p0 = (2, 0, 4, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    p1 = (8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 0, 2, 0, 0)
    assert _wrong_with_no_hand(*render_frame(p0, p1, _view(6013), rng=6013)) <= 3


def test_two_stacks_of_touching_checkers_along_a_side_are_no_hand():
    """seed 4 style 15 (cream leather, white/black points, red/black checkers, a 34 degree tilt): two
    black stacks at the top side's corner, seen at a slant, depart along the edge; the gaps between
    their checkers (rims and shadows, not their colour) broke the run of positions showing checkers
    under the share that drops a run as checkers, and the photo was called a hand. Narrow gaps
    between checker positions count as checkers now (hands.CHECKER_GAP)."""
    p0 = (3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 5, 0, 0, 0, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0)
    p1 = (0, 0, 4, 0, 0, 0, 0, 0, 0, 6, 1, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)
    assert _wrong_with_no_hand(*render_frame(p0, p1, _view(4015), rng=4015)) == 0
