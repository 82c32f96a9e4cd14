"""A labelled game in progress (issue 3, R1) may show few stacks a calibration can fit the checker's
size on, and they may fit a size a checker short with the row's first checker a third of one inside
the playing area. A checker lies against the area's edge: where a fit puts it that far inside, the
same stacks through the edge are tried too, and of fits that read the calibration image back alike,
the one nearer the edge is kept."""

import pytest

from vision import BoardReader, Calibration
from vision.checkers import EDGE_GAP_MOST, _edge_gap, _through_edge
from vision.render import render_frame

from .rendered import bench_view, wrong_points


def test_the_gap_is_how_far_inside_the_edge_the_first_checker_lies_in_pitches():
    assert _edge_gap((30.0, (6.0, 3.0))) == pytest.approx(0.2)
    assert _edge_gap((30.0, (-6.0, 3.0))) == pytest.approx(0.1)


def test_a_checker_raised_towards_the_camera_may_seem_to_begin_before_the_edge():
    # (a thick checker seen at a tilt: labelled seed 6 style 28 fits rows a quarter of a pitch out,
    # and reads its game on; a row begun before the edge is no gap)
    assert _edge_gap((31.0, (-8.5, -8.5))) == 0.0


def test_through_the_edge_the_pitch_is_the_stacks_length_per_checker():
    pitch, offset = _through_edge([2, 3, 4], [60.0, 90.0, 120.0])
    assert pitch == pytest.approx(30.0) and offset == (0.0, 0.0)


def test_through_the_edge_a_stack_over_five_is_taken_as_five():
    # (a run of eight lies in a second layer or leans to the middle: its length is of five at most)
    pitch, _ = _through_edge([8, 2], [150.0, 60.0])
    assert pitch == pytest.approx(30.0)


# bench/vision_styles.py --label-calibration seed 4 style 2 (case seed 4002: red felt, brown/ivory
# points, pearl/maroon checkers): the frame calibrated on shows a pearl eight and a maroon eight
# and three on points of their own colour, so the pitch is fitted on a two, a three and a four of
# one row. They fitted 27.5 px a checker with the first 10 px inside the edge (0.37 of a pitch);
# through the edge they fit 30.7 px, and both read the frame back alike. With the first, the
# pearl stacks on the ivory points of position 5 read none (4 points wrong)
CALIBRATED_ON = ((0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 1),
                 (0, 0, 0, 0, 0, 3, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0))
LATER = ((0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0),
         (0, 0, 0, 3, 6, 0, 0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0))


def test_a_calibration_puts_the_first_checker_against_the_edge_and_reads_its_game_on():
    view = bench_view(4002)
    image, truth = render_frame(*CALIBRATED_ON, view, rng=4002)
    cal = Calibration.from_image(image, {k: v for k, v in truth.items() if k != "geometry"})
    assert _edge_gap((cal.pitch, cal.offset)) <= EDGE_GAP_MOST
    later, later_truth = render_frame(*LATER, view, rng=4002)
    assert wrong_points(BoardReader(cal, read_dice=False, read_cube=False).read(later), later_truth) == 0
