"""Arms the occlusion gate's gray ring could not see (issue 3: a frame with a hand over the board
gets no reading at all), each a board of bench/vision_styles.py --hands, calibrated on its start
position and seen by one fixed camera: the gate now compares the ring in colour too, watches a
frame too thin to halve, and takes a fainter change for one where checkers at the edge cannot
reach (the outer half of the frame, the table beside it), and where the board reaches the
picture's edge, the table's strip beside it and each sector's level against its neighbours'."""

import json

import numpy as np
import pytest

from vision import BoardReader, Calibration
from vision.render import random_style, random_view, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)

CASES = {
    # seed 3 style 6: green felt on a green table, a brown frame; the arm brown, as bright as the
    # table and frame in gray, its hand the colour of the brown checkers: it differs in colour only
    "colour only": (3006, ((2, 3, 3, 5) + (0,) * 21, (2, 4, 0, 0, 0, 0, 0, 0, 0, 3, 6) + (0,) * 14)),
    # seed 1 style 7: an arm 20 grays darker than the cork table and frame it crosses (under the
    # quarter of the ring's contrast that counts inside the frame's reach of the checkers)
    "faint": (1007, ((0, 3, 0, 2, 4) + (0,) * 20,
                     (0, 0, 6, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 2))),
    # seed 1 style 22: an arm the table's colour over a black frame too thin to halve
    "thin frame": (1022, ((0, 0, 0, 7, 2, 3) + (0,) * 19,
                          (0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 2, 0, 0, 2))),
    # seed 6 style 2: the outline found is the playing area's (a mahogany frame by a red felt), and
    # the strip of table a hand must cross beyond it lies past the picture's bottom edge, where the
    # arm comes in; most of that sector's thin strip is arm, and its level followed the arm's gray
    "at the picture's edge": (6002, ((0,) * 5 + (4,) + (0,) * 8 + (8, 3) + (0,) * 9,
                                     (0, 0, 0, 0, 8, 0, 3) + (0,) * 5 + (1, 3) + (0,) * 11)),
    # seed 2 style 18: a frame too thin to halve along the picture's bottom edge, no table beyond it
    "thin frame at the picture's edge": (2018, ((0, 0, 0, 4, 2) + (0,) * 9 + (2,) + (0,) * 6 + (2, 3, 1, 1),
                                                (0,) * 6 + (1, 0, 3) + (0,) * 5 + (1, 0, 2) + (0,) * 4 + (1, 7, 0, 0))),
}


def _board(case_seed: int):
    rng = np.random.default_rng(case_seed)
    view = random_view(rng, random_style(rng))
    return view, Calibration.from_image(render_frame(START, START, view, rng=case_seed)[0])


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_arm_over_the_board_is_seen_and_the_same_frame_clear_is_read(case):
    case_seed, (p0, p1) = CASES[case]
    view, cal = _board(case_seed)
    held, _ = render_frame(p0, p1, view, hand=True, rng=case_seed)  # the same camera, light and table
    assert BoardReader(cal, read_dice=False, read_cube=False).read(held).hand_in_view
    clear, _ = render_frame(p0, p1, view, rng=case_seed)
    assert not BoardReader(cal, read_dice=False, read_cube=False).read(clear).hand_in_view


def test_the_rings_colour_and_edge_checkers_are_kept_in_the_calibration_file_an_old_file_reads_gray():
    _, cal = _board(3006)
    again = Calibration.from_dict(json.loads(json.dumps(cal.to_dict())))
    assert again.reference_chroma == cal.reference_chroma and len(cal.reference_chroma) == 2
    # the start position's checkers at the playing area's edge: the first of each of its 8 points,
    # and the second of the two 24-points and the rest of the two 13-points along the sides
    assert again.reference_checkers == cal.reference_checkers and len(cal.reference_checkers) == 8 + 2 + 8
    old = cal.to_dict()
    del old["reference_chroma"]  # a file written before the colour was kept
    gate = BoardReader(Calibration.from_dict(old), read_dice=False, read_cube=False).gate
    assert gate._ref_ab is None and gate.ref is not None


def test_in_picture_is_the_share_of_a_strip_whose_pixels_lie_in_the_picture():
    from vision.occlusion import _in_picture

    strip = np.zeros((10, 10), bool)
    strip[8:10, :] = True  # two rows of a ring image mapped 1:1 on a picture 9 rows high
    assert _in_picture(strip, np.eye(3), (10, 9)) == pytest.approx(0.5)
    assert _in_picture(np.zeros((10, 10), bool), np.eye(3), (10, 9)) == 1.0
