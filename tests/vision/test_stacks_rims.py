"""Light checkers on points their colour makes them vanish into, in pyramids of six to eight (a row
of five, a second layer over its first joints): seen only by their rims, where the layered
checker's face hides the first joint and the run of rims from the edge breaks there (issue 3)."""

import warnings

import numpy as np
import pytest

from vision import checkers

from .test_stacks import read_realistic

PITCH, OFFSET = 22.0, 1.0


def _pyramid_line(layer: int, row: int = 5) -> np.ndarray:
    """Brightness along a point's middle: a row of `row` light checkers seen by their rims (a dark
    line where each ends), `layer` more lying over the row's first joints (each hides its joint,
    its own rims half a checker to either side, a shadow past its far rim), dark felt beyond."""
    line = np.full(140, 220.0)
    y = np.arange(len(line))
    end = OFFSET + row * PITCH
    line[y >= end] = 35.0
    for k in range(1, row):
        if k > layer:
            line[int(OFFSET + k * PITCH) - 1: int(OFFSET + k * PITCH) + 1] = 175.0
    if layer:
        line[int(OFFSET + 0.5 * PITCH) - 1: int(OFFSET + 0.5 * PITCH) + 1] = 180.0
        far = int(OFFSET + (layer + 0.5) * PITCH)
        line[far - 1: far + 3] = 70.0  # its far rim and the shadow it casts on the row
    return line


@pytest.mark.parametrize("layer", [1, 2, 3])
def test_layered_row_counts_the_checkers_over_the_first_joints(layer):
    line = _pyramid_line(layer)
    assert checkers.rim_count(line, PITCH, OFFSET)[0] < 5  # the run of rims breaks at the first joint
    n, clear = checkers.layered_row(line, PITCH, OFFSET)
    assert n == 5 + layer and clear > 4.0


@pytest.mark.parametrize("layer", [1, 2, 3])
def test_layered_row_counts_the_layers_rims_half_way_where_its_faces_ring_over_the_joints(layer):
    line = np.full(140, 220.0)
    line[int(OFFSET + 5 * PITCH):] = 35.0
    for k in range(1, 5):  # every joint shows a line: the open ones a rim, the covered ones a face's ring
        line[int(OFFSET + k * PITCH) - 1: int(OFFSET + k * PITCH) + 1] = 175.0
    for k in range(layer + 1):  # the layer's near rim, and each layered checker's far rim
        line[int(OFFSET + (k + 0.5) * PITCH) - 1: int(OFFSET + (k + 0.5) * PITCH) + 1] = 150.0
    assert checkers.layered_row(line, PITCH, OFFSET)[0] == 5 + layer


def test_layered_row_says_nothing_of_a_plain_row_or_a_short_stack():
    assert checkers.layered_row(_pyramid_line(0), PITCH, OFFSET) == (0, 0.0)  # every joint open
    assert checkers.layered_row(_pyramid_line(0, row=3), PITCH, OFFSET) == (0, 0.0)
    assert checkers.layered_row(np.full(140, 220.0), PITCH, OFFSET) == (0, 0.0)


def test_layered_row_wants_the_layers_rims_not_only_a_quiet_start():
    # an empty point whose tip ends at the fifth joint's place, with rims of nothing before it
    line = np.full(140, 220.0)
    line[int(OFFSET + 5 * PITCH):] = 35.0
    line[int(OFFSET + 3 * PITCH): int(OFFSET + 3 * PITCH) + 2] = 175.0
    line[int(OFFSET + 4 * PITCH): int(OFFSET + 4 * PITCH) + 2] = 175.0
    assert checkers.layered_row(line, PITCH, OFFSET) == (0, 0.0)


# the styles bench's seed 0, style 2 position 5 (ivory checkers, cream and black points, pyramids):
# its two stacks of six ivory read as empty points
def test_ivory_sixes_on_a_cream_and_black_board_read_right():
    p0 = (0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 3, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    p1 = (0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    score, view = read_realistic(2, p0, p1)
    assert view.style.stacking == "pyramid"
    assert score.wrong == (), (f"tilt {view.tilt:.0f}", view.style.name)


def test_a_plain_row_of_five_shows_every_joint_and_nothing_half_way():
    assert checkers.plain_row(_pyramid_line(0), PITCH, OFFSET)
    assert checkers.row_layer(_pyramid_line(0), PITCH, OFFSET) == 0
    assert not checkers.plain_row(_pyramid_line(1), PITCH, OFFSET)  # its first joint is hidden
    assert checkers.row_layer(_pyramid_line(2), PITCH, OFFSET) == 2
    line = _pyramid_line(0)
    line[int(OFFSET + 2.5 * PITCH): int(OFFSET + 2.5 * PITCH) + 2] = 175.0  # a rim half way: not plain
    assert not checkers.plain_row(line, PITCH, OFFSET)
    assert checkers.row_layer(line, PITCH, OFFSET) is None  # nor a layer: the rims do not tell
    assert checkers.row_layer(np.full(140, 220.0), PITCH, OFFSET) is None


# the styles bench's seed 0: style 23 position 3 (beige on white and red points, thick checkers):
# a row of five beige read 6 (a thick checker's side taken for a covered joint); style 17 position 2
# (white on cream and black points): a pyramid of 7 read 8; style 21 position 5 (beige on white and
# black points) and style 18 position 4 (white on dark brown and beige points): pyramids of 8 read 5
# and 7 (the layered checkers' faces ring over the joints they cover)
@pytest.mark.parametrize("style, p0, p1", [
    (21, (0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 8, 0, 0, 0, 4, 0, 0, 0),
     (0, 0, 0, 2, 5, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    (18, (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 2, 0, 7, 0, 0, 0, 0, 0, 0, 0, 2, 2),
     (0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 8, 0, 0, 0, 0, 0)),
    (23, (2, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 2, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0),
     (0, 5, 0, 2, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0)),
    (17, (0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 3, 0, 1, 0, 3, 0, 0, 1, 0, 0, 0, 2, 0),
     (0, 0, 4, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    # a rim counted one by one past where the run of rims from the edge ends (a point's tip or a
    # shadow a little beyond the last checker) made a four five: seed 4 style 16 position 1 (white on
    # white and blue points) and seed 3 style 18 position 3; the colour and the run agree on four
    (4016, (0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0),
     (0, 3, 0, 0, 0, 0, 0, 0, 4, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 2, 1, 0, 0, 0, 0)),
    (3018, (4, 1, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0, 0),
     (0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 2, 0, 6, 0, 0, 0)),
])
def test_rows_of_five_and_pyramids_read_by_their_rims(style, p0, p1):
    score, view = read_realistic(style, p0, p1)
    assert score.wrong == (), (style, f"tilt {view.tilt:.0f}", view.style.name)


def test_read_bar_on_a_bar_too_narrow_to_hold_a_checker_sees_none_and_warns_nothing():
    classes = np.zeros((100, 200), np.uint8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a mean of no columns warned (a layout tried on a photo)
        assert checkers.read_bar(classes, (100, 101), 10.0, ("a", "b")) == ((("a", 0), ("b", 0)), 1.0)


def test_an_empty_point_is_no_stack_of_the_colour_the_colour_model_reads_everywhere():
    # bench/vision_styles.py seed 7 style 0 (case seed 7000: black felt, white and blue points,
    # yellow and black checkers): black, the felt's colour, is counted by rims on every point, and the
    # marbled texture of an empty white point read as a layered row of eight there; its middle is
    # nearer the yellow face than the black, so it read as yellow 8 on five frames of six. Yellow is
    # read by colour on every point: the colour model, which saw no yellow there, stands
    from vision import BoardReader, Calibration, labels
    from vision.render import render_frame

    from .rendered import bench_view

    view = bench_view(7000)
    start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5) + (0,) * 10 + (2, 0)
    cal = Calibration.from_image(render_frame(start, start, view, rng=7000)[0])
    assert cal.rims == (0, 0, 0, 0) or cal.rims == (1, 1, 1, 1)  # one colour counted by rims everywhere
    p0 = (8, 0, 0, 0, 0, 2) + (0,) * 13 + (5,) + (0,) * 5
    p1 = (0,) * 8 + (5, 0, 0, 3, 1, 0, 6) + (0,) * 10
    frame, truth = render_frame(p0, p1, view, rng=7000)
    reading = BoardReader(cal, read_dice=False, read_cube=False).read(frame)
    got = labels.as_image_shows(reading.to_label_dict())  # (rows as the image shows them)
    assert labels.compare(got, truth).right == 24


def _comb_profile(n: int, face: float = 0.05, rim: float = 0.7, pitch: float = 33.0, offset: float = -3.0):
    """A colour's share across a point's middle, from the edge: `n` checkers whose faces the colour
    model takes for the board (`face` of the colour) and whose joints it sees (`rim`, 3 px wide)."""
    prof = np.full(180, face)
    for k in range(1, n + 1):
        y = int(round(offset + k * pitch))
        prof[y - 1: y + 2] = rim
    return prof


@pytest.mark.parametrize("n", [2, 3, 5])
def test_rim_comb_counts_checkers_seen_in_colour_only_at_their_joints(n):
    # black checkers on a board with black points: their faces class as the point, their rims as checker
    assert checkers.rim_comb(_comb_profile(n), 33.0, -3.0) == n


def test_rim_comb_wants_two_joints_and_faces_the_colour_model_takes_for_board():
    assert checkers.rim_comb(_comb_profile(1), 33.0, -3.0) == 0  # one line of the colour: no comb
    assert checkers.rim_comb(_comb_profile(3, face=0.3, rim=0.9), 33.0, -3.0) == 0  # faces partly seen


def test_rim_comb_sees_no_comb_in_a_speckled_point_or_a_solid_stack():
    rng = np.random.default_rng(3)
    speckle = rng.uniform(0.2, 0.75, 180)  # a point the colour model half takes for the checker colour
    assert checkers.rim_comb(speckle, 33.0, -3.0) == 0
    solid = np.zeros(180)
    solid[:99] = 0.9  # a stack the colour model sees whole: no rim stands above its faces
    assert checkers.rim_comb(solid, 33.0, -3.0) == 0
    assert checkers.rim_comb(np.zeros(180), 33.0, -3.0) == 0


def test_rim_comb_stops_at_a_missing_joint():
    prof = _comb_profile(4)
    y = int(round(-3.0 + 2 * 33.0))
    prof[y - 1: y + 2] = 0.05  # the second joint unseen: the comb breaks there, too short to count
    assert checkers.rim_comb(prof, 33.0, -3.0) == 0
    y = int(round(-3.0 + 4 * 33.0))
    prof = _comb_profile(5)
    prof[y - 1: y + 2] = 0.05  # the fourth unseen: the three before it
    assert checkers.rim_comb(prof, 33.0, -3.0) == 3


def _face_profile(n: int, peak: float = 0.5, pitch: float = 28.0, offset: float = 0.0):
    """A colour's share along a point's middle: `n` checkers nearly the point's colour, each seen by
    the colour model only across the middle third of its face (its highlight), nothing at the joints."""
    prof = np.zeros(170)
    for k in range(n):
        mid = offset + (k + 0.5) * pitch
        prof[int(mid - pitch / 6): int(mid + pitch / 6)] = peak
    return prof


@pytest.mark.parametrize("n", [3, 4, 5])
def test_face_comb_counts_checkers_seen_in_colour_only_across_their_middles(n):
    # maroon checkers on burgundy points (bench seed 7 style 15): only each face's middle reads maroon,
    # the run of colour breaks at every joint, and the stack read as one checker or none
    prof = _face_profile(n)
    assert checkers.stack_extent(prof, 28.0) < 2 * 28.0
    assert checkers.face_comb(prof, 28.0, 0.0) == n
    assert checkers.rim_comb(prof, 28.0, 0.0) == 0  # (no comb at the joints)


def test_face_comb_wants_the_colour_to_fall_between_faces_and_three_of_them():
    assert checkers.face_comb(_face_profile(2), 28.0, 0.0) == 0  # two patches lie on empty points too
    alike = _face_profile(3)
    alike[:int(28.0 * 0.9)] = 0.95  # a first checker seen whole, then patches half as strong
    assert checkers.face_comb(alike, 28.0, 0.0) == 0
    solid = np.zeros(170)
    solid[:84] = 0.9  # seen whole: no fall at the joints (the run of colour counts it)
    assert checkers.face_comb(solid, 28.0, 0.0) == 0
    assert checkers.face_comb(_face_profile(4, peak=0.3), 28.0, 0.0) == 0  # too faint to be faces
    rng = np.random.default_rng(5)
    assert checkers.face_comb(rng.uniform(0.0, 0.6, 170), 28.0, 0.0) == 0  # a speckled point


def test_face_combs_counts_a_comb_where_the_run_of_colour_breaks():
    names = ("white", "maroon")
    comb = np.stack([np.zeros(170), _face_profile(4)])
    speckle = np.stack([np.zeros(170), np.full(170, 0.1)])  # an empty point of the kind: a little maroon
    assert checkers.cell_kind("top", 0) == checkers.cell_kind("top", 2)
    profiles = {("top", 0): comb, ("top", 2): speckle}
    spans = [(0, 30), (30, 60), (60, 90)]
    read = checkers.read_columns(profiles, 28.0, (0.0, 0.0), names)
    assert read[("top", 0)][:2] != ("maroon", 4)  # by its run of colour: the run breaks at every joint
    combed = checkers.face_combs(read, profiles, spans, 28.0, (0.0, 0.0), names, ())
    assert combed[("top", 0)][:2] == ("maroon", 4)
    assert combed[("top", 2)][:2] == (None, 0)
    # none with no empty point of its kind to tell it from (what such a point shows by itself)
    alone = {("top", 0): comb}
    assert checkers.face_combs(checkers.read_columns(alone, 28.0, (0.0, 0.0), names), alone, spans, 28.0,
                               (0.0, 0.0), names, ())[("top", 0)][:2] != ("maroon", 4)
    # nor where the row's middle is nearer the other colour's face (a light checker's dark ring)
    canon = np.full((340, 90, 3), 235, np.uint8)  # white faces all along the column
    faces = (tuple(float(v) for v in checkers._weighted_lab(np.full((1, 1, 3), 235, np.uint8))[0]),
             tuple(float(v) for v in checkers._weighted_lab(np.full((1, 1, 3), (30, 30, 120), np.uint8))[0]))
    light = checkers.face_combs(read, profiles, spans, 28.0, (0.0, 0.0), names, faces, None, canon)
    assert light[("top", 0)][:2] != ("maroon", 4)

