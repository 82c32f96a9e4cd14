"""vision.outline on boards that do not stand out from their table: a frame and bar the table's
own colour (the two halves of the playing area are then two regions), a found region checked by
the regular alternation of its points."""
import dataclasses

import cv2
import numpy as np
import pytest

from vision.calibration import Calibration
from vision.outline import find_outline, locate_board, order_corners, points_score
from vision.render import BoardView, random_style, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def _off(found, quad) -> float:
    """Largest corner error as a fraction of the quad's diagonal."""
    a, b = order_corners(np.float32(found)), order_corners(np.float32(quad))
    return float(np.abs(a - b).max() / np.linalg.norm(b[2] - b[0]))


def _frame_like_table(seed: int):
    """A rendered start position on a board whose frame and bar are the table's colour."""
    style = random_style(seed)
    style = dataclasses.replace(style, frame=style.table, bar=style.table, area_texture=None, frame_texture=None)
    view = BoardView(style=style, orientation="bottom right")
    return render_frame(START, START, view, rng=seed)


@pytest.mark.parametrize("seed", [4, 7])
def test_a_board_whose_frame_and_bar_are_the_tables_colour_is_found_whole(seed):
    """The two halves of the playing area stand out, the frame and bar between them do not: the
    outline is the whole playing area (before: one half of it, and the calibration failed)."""
    img, truth = _frame_like_table(seed)
    found = find_outline(img)
    area = truth["geometry"]["playing_area"]
    assert _off(found, area) < 0.05
    Calibration.from_image(img)  # reads the start position back


def test_points_score_tells_a_board_from_half_of_it_and_the_table():
    img, truth = _frame_like_table(4)
    lab = cv2.cvtColor(img, cv2.COLOR_BGR2LAB).astype(np.float32)
    board = np.float32(truth["geometry"]["board"])
    half = board.copy()
    half[1], half[2] = (board[0] + board[1]) / 2, (board[2] + board[3]) / 2
    h, w = img.shape[:2]
    whole = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    assert points_score(lab, board) > 0.4
    assert points_score(lab, half) < 0.3 and points_score(lab, whole) < 0.3


@pytest.mark.parametrize("case", [2019, 2021])
def test_a_board_seen_so_steeply_it_looks_square_is_calibrated_the_right_way_round(case):
    """At a 40 degree tilt the board's outline is nearly square, so its longer side no longer
    says which way the points run; both ways are tried and the one that reads the start position
    back is kept (before: the wrong way round, and the calibration failed)."""
    img, truth = _random_case(case)
    cal = Calibration.from_image(img)
    assert cal.rotate % 180 == 0
    assert _off(cal.corners, truth["geometry"]["playing_area"]) < 0.03


def _random_case(case: int, camera: int | None = None, **fixed):
    """The start position on the random realistic board and camera drawn from seed `case` (as
    bench/vision_styles.py draws its style `case % 1000` of seed `case // 1000`), or seen by the
    camera (and with the clutter) of seed `camera`; `fixed` overrides BoardView fields."""
    from vision.render import random_view

    rng = np.random.default_rng(case)
    view = random_view(rng, random_style(rng), **fixed)
    return render_frame(START, START, view, rng=case if camera is None else camera)


@pytest.mark.parametrize("case,calibrate,camera", [(15, True, 15), (1009, True, 1009), (1023, False, 1023),
                                                   (2003, False, 2010)])
def test_a_board_on_a_table_of_nearly_its_own_colour_is_found(case, calibrate, camera):
    """A mahogany frame on a brown wooden table (15), a light wood frame on a pale table (1023):
    no region stands out as the board, or only the table does; closed over a point's width, the
    region whose points alternate 24 times is the board. A walnut frame on a grey-green table lit
    unevenly (1009), a leather frame on a dark table (2003, seen by the camera of seed 2010: with
    the clutter steady its own takes the whole picture for the board again): the table's colour
    taken as the light falls on it (before: "no board found", or the whole picture taken for the
    board; 2003 by 2010: no board found without the lit spread)."""
    img, truth = _random_case(case, camera)
    found = find_outline(img)
    assert _off(found, truth["geometry"]["board"]) < 0.04
    if calibrate:
        Calibration.from_image(img)


def test_a_board_the_tables_colour_with_a_bar_of_its_own_is_found_by_its_points():
    img, truth = _frame_like_table(17)
    assert _off(find_outline(img), truth["geometry"]["playing_area"]) < 0.05


POSITIONS = [  # (player 0, player 1): 15 checkers each, none borne off, stacks at the board's edges
    ((1, 0, 0, 0, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 1, 0, 0, 0),
     (0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 5, 5, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)),
    ((0, 0, 0, 0, 0, 8, 0, 0, 1, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
     (0, 0, 0, 0, 5, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0)),
    ((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1, 5, 5, 0, 0, 0, 0, 0, 2, 0),
     (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 8, 0, 0, 2, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0, 0)),
]


# style 20 seen by the camera (and clutter) of this seed: with the clutter steady its own (20) does
# not calibrate (19 of 24); by this one, with outline._joined left out, neither (17 of 24)
FRAME_LIKE_TABLE_CAMERA = 25


def test_a_board_whose_frame_is_the_tables_colour_is_read_and_its_checkers_are_no_hand():
    """Navy felt in a walnut frame on a walnut table (and a cup, a scoresheet, a second board):
    the outline found is the playing area itself (before: one half of it, and the calibration
    failed). Thick checkers at its edge and their shadows reach over that outline: the hand
    gate's strip lies beyond them there (before: every frame taken for a hand)."""
    from vision.reader import BoardReader
    from vision.render import random_view

    rng = np.random.default_rng(20)
    view = random_view(rng, random_style(rng))
    start, truth = render_frame(START, START, view, rng=FRAME_LIKE_TABLE_CAMERA)
    reader = BoardReader(Calibration.from_image(start), read_dice=False)
    for p0, p1 in POSITIONS:
        frame, _ = render_frame(p0, p1, view, rng=FRAME_LIKE_TABLE_CAMERA)
        assert not reader.read(frame).hand_in_view


def test_a_side_is_not_snapped_inside_the_board_at_one_end():
    """A burgundy frame on a dark brown table seen at 28 degrees: the line fitted to the right
    side's edge samples lay inside the board at its top end (the side snapped askew, the hand
    gate's strip then lay over the checkers there); such a side is kept (before: 3.5% off).
    Drawn with the clutter as before (steady_clutter=False): with it steady the cup lies elsewhere
    and the side is 3.3% off with the rule, 3.5% without; no steady frame of seeds 0-3, 6, 7 (start
    and three positions) goes from over 3% to under with it."""
    img, truth = _random_case(10, steady_clutter=False)
    assert _off(find_outline(img), truth["geometry"]["board"]) < 0.03


def _random_frame(case: int, position, camera: int | None = None, **fixed):
    """Position (player 0, player 1) on the random realistic board and camera of seed `case` (or
    seen by the camera, and with the clutter, of seed `camera`); `fixed` overrides BoardView fields."""
    from vision.render import random_view

    rng = np.random.default_rng(case)
    view = random_view(rng, random_style(rng), **fixed)
    return render_frame(*position, view, rng=case if camera is None else camera)


TRAY_CASES = [  # (case, position, camera): boards whose frame is nearly the table's colour and whose tray is not
    (20, POSITIONS[0], FRAME_LIKE_TABLE_CAMERA),  # navy felt and trays in a walnut frame on a wooden table
    (20, POSITIONS[2], FRAME_LIKE_TABLE_CAMERA),  # the same: half the board was found (the other half across
    # the bar apart); by camera 25, 10% of the diagonal off with outline._joined left out
    (1008, ((0, 2, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 1, 0, 0),
            (0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 5, 3, 0, 0, 0, 0, 0, 0)), 1008),
    (1011, ((0, 1, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 7, 0, 0, 0, 0),
            (0, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), 1011),
]


def test_a_region_joined_a_little_larger_is_taken():
    """Joined over a strip of frame, the region grew by under 2% but its fourth corner moved out to
    the board's (seed 2 style 16: 2.6% of the diagonal off before, 0.6% now). Drawn with the
    clutter as before (steady_clutter=False): with it steady this frame is 2.5% off with the rule and
    without it (another cause), and on no steady frame of seeds 0-3, 6, 7 (start and three
    positions) does the rule take the outline under 1.5% (seed 0 style 10: 3.4-3.6% -> 2.2-2.7%)."""
    img, truth = _random_frame(2016, ((0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 7, 3, 0, 0, 0, 0, 0, 0, 3, 0),
                                      (0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 8, 4, 0, 0)),
                               steady_clutter=False)
    assert _off(find_outline(img), truth["geometry"]["board"]) < 0.015


@pytest.mark.parametrize("case,position,camera", TRAY_CASES)
def test_a_tray_a_strip_of_frame_away_is_part_of_the_board(case, position, camera):
    """A frame of nearly the table's colour leaves the tray apart from the playing area: the
    outline ran along the playing area on that side and along the board's edge on the others
    (or took half the board), and the hand test took the tray beyond it for an arm. Closed over a
    strip of frame, the tray and the playing area are one four-sided region: the whole board
    (before: 11-16% of the diagonal off)."""
    img, truth = _random_frame(case, position, camera)
    assert _off(find_outline(img), truth["geometry"]["board"]) < 0.035


def test_a_cup_at_the_boards_corner_is_not_joined_to_it():
    """Closed over a strip of frame, a cup at a corner joins the board into a four-sided region
    too, but what that adds is mostly table: the outline stays the board's. Drawn with the clutter
    as before (steady_clutter=False: with it steady this cup lies far from the board, and no steady
    frame of seeds 0-3, 6, 7 shows a cup so joined); a second board at the top edge, with the
    clutter steady (seed 0 style 24), is joined the same way: 17% of the diagonal off without
    outline._joined's JOIN_FILL check, 0.9% with it."""
    img, truth = _random_frame(1012, ((0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 7, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0),
                                      (0, 0, 0, 2, 0, 0, 3, 0, 0, 2, 0, 0, 4, 0, 0, 1, 2, 0, 0, 0, 0, 1, 0, 0, 0)),
                               steady_clutter=False)
    assert _off(find_outline(img), truth["geometry"]["board"]) < 0.03
    img, truth = _random_frame(24, (START, START))
    assert _off(find_outline(img), truth["geometry"]["board"]) < 0.03


JOINED_AT_THE_EDGE = [  # (case, position): clutter at the picture's edge, joined to the board found
    # (first pinned on seed 3 styles 9 and 29, whose second boards lie elsewhere since the clutter is
    # steady: they pass with outline._apart left out; these two are 31% and 9.8% off without it)
    (1023, None),  # light wood frame on a pale table, a second board at the right edge, a sheet at the bottom
    (2015, ((0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 8, 0, 0, 0, 0, 3, 1),
            (0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 6, 0, 0, 0))),  # burgundy frame, a
    # second board at the left edge, a scoresheet at the right
]


@pytest.mark.parametrize("case,position", JOINED_AT_THE_EDGE)
def test_a_board_joined_to_clutter_at_the_pictures_edge_is_parted_from_it(case, position):
    """The table's faint shadows lie just past its threshold and join the board to a second board
    at the picture's edge: the region ran to the edge (a corner on it, or along it) and the photo
    was refused as partly outside the picture, or the calibration read 16 of 24 points (seed 3
    styles 9 and 29). With the table's threshold raised the board stands apart: it is found whole
    (before: 11-34% of the diagonal off)."""
    img, truth = _random_frame(case, position or (START, START))
    assert _off(find_outline(img), truth["geometry"]["board"]) < 0.03


CUTS = {"left half": np.s_[:, :640], "left three quarters": np.s_[:, :960], "right half": np.s_[:, 640:],
        "top two thirds": np.s_[:480], "bottom two thirds": np.s_[240:]}


@pytest.mark.parametrize("cut", sorted(CUTS))
def test_a_board_running_out_of_the_picture_beside_clutter_is_still_refused(cut):
    """The same board cut by the picture's edge: it runs out of the picture at every threshold,
    and is refused."""
    from vision.errors import VisionError
    from vision.photo import read_photo

    img, _ = _random_frame(3009, (START, START))
    with pytest.raises(VisionError, match="outside the picture|no board"):
        read_photo(np.ascontiguousarray(img[CUTS[cut]]))


PARTS = [  # (case, position): a part of the board that looked like a board partly covered
    (3018, ((0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 3, 0, 0, 6, 0, 0, 0, 0, 0, 0),
            (0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))),  # refused: outside
    (12, ((0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 7, 0, 0, 0, 4, 0, 0, 1, 0, 0, 0, 0, 1),
          (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 4, 0, 0, 0, 0, 4, 0, 0, 1, 2))),  # read as a hand in view
]


@pytest.mark.parametrize("case,position", PARTS)
def test_a_part_of_the_board_is_no_board_partly_covered(case, position):
    """A half of the playing area whose checkers eat into its region looks like a board whose
    frame an arm breaks, and the board found round it then had to be one beyond doubt: it was
    dropped (an oak frame on a brown table at 43 degrees, seed 3 style 18; a leather board, seed 0
    style 12), and the region running to the picture's edge or the half itself was taken. A
    region that lies within the board found and is at most half of it is a part of it: the board
    is found whole (before: 32% and 42% of the diagonal off)."""
    img, truth = _random_frame(case, position)
    found = locate_board(img)
    assert not found.covered
    assert _off(found.corners, truth["geometry"]["board"]) < 0.03
