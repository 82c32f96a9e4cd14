"""Pyramids of checkers the colour of the felt (black on black felt, maroon on burgundy): a row of five
with a second layer over its first joints, whose rims and waists do not show. The layer hides half of
each checker under it, so counting faces from the board's edge stopped at the first of them (read 1
or 5 for 6 to 8); the pattern of whole faces a pyramid shows counts them (checkers.face_layers,
issue 3), as the even spacing of its faces counts an overlapping run (checkers.face_run)."""
import cv2
import numpy as np
import pytest

from vision import checkers
from vision.render import render_frame

from .rendered import wrong_points
from .test_calibration_labelled import _view, calibrated_and_later
from .test_stacks import read_realistic
from .test_stacks_face_count import CALIBRATION, H, PITCH, SPANS, W, _board, _label

# random realistic styles of the bench's seeds 6 and 7 (case seed 1000 * seed + style), positions
# read wrong there: pyramids of 6 to 8 read 0, 1 or 5
CASES = {
    "seed 7 style 6 (burgundy felt, cream/red points, pearl/maroon checkers)": (
        7006, (0, 0, 0, 0, 0, 0, 1, 7, 0, 1, 0, 0, 1, 0, 0, 0, 2, 0, 1, 0, 0, 2, 0, 0, 0),
        (0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    "seed 7 style 0 (black felt, white/blue points, yellow/black checkers, tilt 45)": (
        7000, (0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 6, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0),
        (0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0)),
    "seed 6 style 18 (black felt, ivory/brown points, white/black checkers)": (
        6018, (6, 2, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0)),
    "seed 6 style 23 (black felt, dark brown/beige points, yellow/black checkers)": (
        6023, (0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 8, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0),
        (5, 2, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)),
    "seed 6 style 20 (black felt, red/white points, red/black checkers)": (
        6020, (0, 0, 0, 0, 0, 7, 1, 0, 0, 0, 0, 0, 5, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0)),
}


# a pyramid the colour model sees, whose layer the row's own last face (checkers.layer_faces) and
# the waists counted one short: the colour's face model counts it (in recount_long_stacks)
SEEN = {
    "seed 6 style 11 (cream leather, grey/blue points, white/blue checkers), a layer of three": (
        6011, (0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1),
        (0, 0, 6, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)),
    "seed 6 style 11, a layer of two": (
        6011, (0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 5, 0, 0, 0, 0, 4, 0),
        (0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    # a pyramid whose column starts a third of a checker off the row's offset (a lens bends the
    # rows), and whose layer lies askew: its places are taken from the row's last face
    "seed 3 style 3 (green felt, black/cream points, yellow/black checkers, tilt 30), eights": (
        3003, (0, 8, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 5, 0)),
    # the waists saw a layer of one over a pyramid of eight, so the faces were not asked (read 6, 7)
    "seed 4 style 15 (cream leather, white/black points, red/black checkers), eights on white points": (
        4015, (0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 1),
        (2, 3, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    "seed 4 style 15, an eight on a black point": (
        4015, (0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 0, 4, 0, 0, 0, 0, 0),
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 2, 0, 1, 0, 0, 0, 0, 0, 0, 5, 0, 2)),
    "seed 1 style 19 (blue felt, cream/red points, red/black checkers)": (
        1019, (2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0, 5, 0, 0, 0, 0, 0),
        (0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 5, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0)),
}

# overlapping runs of checkers the colour of their point or of the felt, whose rims are faint and
# whose faces do not lie a checker apart, so a walk from the edge stopped at the second (read 1 for 7)
RUNS = {
    "seed 6 style 17 (cream leather, cream/burgundy points, pearl/maroon checkers, tilt 35)": (
        6017, (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 2, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 2, 1),
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 7, 0, 0, 2)),
}

# a row of five maroon checkers on a maroon point, whose waists show the point's colour as a second
# layer's checkers would: its faces show a plain row (checkers.faces_plain_row; read 6)
PLAIN = {
    "seed 7 style 15 (blue felt, cream/burgundy points, pearl/maroon checkers)": (
        7015, (0, 0, 1, 5, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        (0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0)),
}


@pytest.mark.parametrize("case", [*CASES, *SEEN, *RUNS, *PLAIN])
def test_rendered_stacks_read_right(case):
    seed, p0, p1 = {**CASES, **SEEN, **RUNS, **PLAIN}[case]
    score, view = read_realistic(seed, p0, p1)
    assert view.style.stacking == ("run" if case in RUNS else "pyramid")
    assert score.wrong == (), (case, view.style.name)


def _model():
    models = checkers.face_models(_board(CALIBRATION), SPANS, _label(CALIBRATION), ("black", "white"), set(), PITCH,
                                  (0.0, 0.0))
    return checkers.face_model(models[0])


def _column(places, row: str = "top") -> np.ndarray:
    """Gray of the dark board with faces (as _board draws them) on column 5 of `row` at `places`
    (checkers from the edge, each face's middle), drawn in that order (later ones on top)."""
    gray = np.full((H, W), 30, np.uint8)
    x, r = (SPANS[5][0] + SPANS[5][1]) // 2, int(PITCH / 2) - 1
    for k in places:
        y = int(round(k * PITCH if row == "top" else H - 1 - k * PITCH))
        cv2.circle(gray, (x, y), r, 35, -1)
        cv2.circle(gray, (x, y), r, 15, 2)
        cv2.circle(gray, (x, y), int(r * 0.6), 80, 2)
        cv2.circle(gray, (x - 3, y - 3), 3, 160, -1)
    return gray


ROW = (0.5, 1.5, 2.5, 3.5, 4.5)


@pytest.mark.parametrize("layer", [1, 2, 3])
def test_face_layers_counts_a_row_of_five_and_its_layer(layer):
    gray = _column((*ROW, *range(1, layer + 1)))
    assert checkers.face_layers(gray, SPANS[5], "top", PITCH, 0.0, _model()) == 5 + layer
    assert checkers.face_count(gray, SPANS[5], "top", PITCH, 0.0, _model()) < 5  # the walk from the edge stops


@pytest.mark.parametrize("places", [
    (),  # an empty point
    (0.5, 1.5),  # two
    ROW,  # a plain row of five: face_count's
    (*ROW, 5.5),  # six in a row: no pyramid
    tuple(0.5 + 0.7 * k for k in range(7)),  # seven overlapping: no pyramid
    (*ROW, 1, 2, 3, 4),  # a layer of four: not a pattern it knows
])
def test_face_layers_says_nothing_of_other_stacks(places):
    gray = _column(places)
    assert checkers.face_layers(gray, SPANS[5], "top", PITCH, 0.0, _model()) == 0


def test_face_layers_needs_a_model():
    assert checkers.face_layers(_column((*ROW, 1)), SPANS[5], "top", PITCH, 0.0, None) == 0


@pytest.mark.parametrize("spacing", [0.65, 0.7, 0.8])
@pytest.mark.parametrize("n", [4, 6, 7])
def test_face_run_counts_an_overlapping_run(spacing, n):
    places = [0.5 + spacing * k for k in range(n)]
    if places[-1] + 0.5 > H / 2 / PITCH:
        pytest.skip("the run reaches the middle")
    gray = _column(places)
    assert checkers.face_run(gray, SPANS[5], "top", PITCH, 0.0, _model()) == n


def test_face_run_counts_a_run_from_the_bottom_edge():
    gray = _column([0.5 + 0.75 * k for k in range(6)], "bottom")
    assert checkers.face_run(gray, SPANS[5], "bottom", PITCH, 0.0, _model()) == 6


@pytest.mark.parametrize("places", [
    (),  # an empty point
    (1.5, 2.5, 3.5),  # no checker at the edge
    (0.5, 1.5, 3.0, 3.7),  # no even spacing
    tuple(0.5 + 0.75 * k for k in range(9)),  # a run on past the middle: its count is not this half's
])
def test_face_run_says_nothing_of_what_is_no_run(places):
    gray = _column(places)
    assert checkers.face_run(gray, SPANS[5], "top", PITCH, 0.0, _model()) == 0


@pytest.mark.parametrize("elsewhere, read", [(9, ("black", 6)), (10, (None, 0))])
def test_a_pyramid_is_looked_for_only_where_the_colour_has_checkers_to_spare(elsewhere, read):
    """R1: fifteen checkers a side. Six more black ones fit beside nine read elsewhere, not beside ten
    (the search costs a face fit per point and colour: a board that shows all its checkers is spared it)."""
    gray = _column((*ROW, 1))
    cells = {(row, col): (None, 0, 1.0) for row in ("top", "bottom") for col in range(12)}
    cells[("bottom", 0)] = ("black", elsewhere, 1.0)
    out = checkers.face_counts(cells, gray, SPANS, PITCH, (0.0, 0.0), ("black", "white"), (0, 0, 0, 0),
                               (_model(), None))
    assert out[("top", 5)][:2] == read


@pytest.mark.parametrize("off", [-0.25, 0.25])
def test_face_layers_finds_a_pyramid_a_quarter_checker_off_its_places(off):
    """A lens bends the rows and the calibration's offset is the row's: a column's stacks may start
    a quarter of a checker or more off it. The row's last face is looked for further off, and the
    pattern's places taken from it."""
    gray = _column(tuple(k + 0.5 + off for k in (*ROW, 1, 2)))  # the board's edge half a checker up
    assert checkers.face_layers(gray, SPANS[5], "top", PITCH, 0.5 * PITCH, _model()) == 7


def test_a_stack_lying_off_its_column_middle_is_counted_by_its_faces():
    """bench/vision_styles.py seed 3 style 0, position 4 (black on black felt, tilt 26): raised
    checkers seen at a tilt lie a fifth of a checker off their column's middle, so the first face
    of a black stack of three fit only 0.799 within FACE_SHIFT and the stack read 0; its first
    face is now looked for a quarter of a checker across (the run of seven beside it still reads
    short: its overlapped faces fit 0.5)."""
    p0 = (3, 0, 4, 2) + (0,) * 21
    p1 = (0, 0, 2, 0, 0, 0, 0, 0, 0, 7, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0)
    score, view = read_realistic(3000, p0, p1)
    assert view.style.stacking == "run"
    assert not [w for w in score.wrong if w.startswith("bottom 2:")], score.wrong


# bench/vision_styles.py --label-calibration, seed 6 style 7 (case seed 6007: cream leather, red/cream
# points, red/black checkers): red checkers on red points seen only by their faces, in stacks pushed
# together that zigzag a third of a checker across the column. The walk from the edge looked for
# each face within a sixth of a checker of the last one's middle and stopped at the second (a run
# of 8 and a row of 5 read 1); each face is now looked for about the column's middle too
ZIGZAG_CALIBRATION = ((0, 5, 0, 0, 0, 0, 1, 0, 1, 0, 0, 5, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2),
                      (0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0))
ZIGZAG = (  # (the run of 8, the row of 5, the run of 8 in the bottom row)
    ((0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 4, 0),
     (0, 4, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    ((0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 1),
     (0, 5, 1, 0, 5, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    ((2, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
     (0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 8, 0, 0, 0, 0, 2)),
)


def test_zigzag_stacks_the_colour_of_their_point_are_counted_by_their_faces():
    reader, _, _ = calibrated_and_later(6007, *ZIGZAG_CALIBRATION, *ZIGZAG[0])
    for p0, p1 in ZIGZAG:
        frame, truth = render_frame(p0, p1, _view(6007), rng=6007)
        assert wrong_points(reader.read(frame), truth) == 0, (p0, p1)
