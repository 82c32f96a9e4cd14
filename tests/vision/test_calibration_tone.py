"""Checkers the colour of their point or of the felt (issue 3): on a board whose two checker colours
each nearly match a board colour (red checkers on red points, black ones on black felt), the colour
model sees only their rims and highlights. The reader counts such stacks by their faces on every
point where a checker colour may hide, whichever colour the stack is, and a calibration whose
face-less read back falls short is judged by the reader itself, faces and all."""
import numpy as np

from vision import BoardReader, Calibration, checkers, labels, render

from .rendered import bench_view
from .test_stacks import START
from .test_stacks_face_count import CALIBRATION, PITCH, SPANS, _board, _label

NAMES = ("white", "black")  # white checkers on the top row's even points (as white as them), black on black felt


def _models():
    return tuple(checkers.face_model(m) for m in checkers.face_models(
        _board(CALIBRATION), SPANS, _label(CALIBRATION), ("black", "white"), set(), PITCH, (0.0, 0.0)))[::-1]


def test_a_stack_of_the_other_colour_on_a_point_of_one_colour_is_counted_by_its_faces():
    # top 5 (kind 0) holds the white checkers' colour (rims 0); five black ones on it read as one by colour
    gray = _board({("top", 4): 5})
    read = {(row, col): (None, 0, 1.0) for row in ("top", "bottom") for col in range(12)}
    read[("top", 4)] = ("black", 1, 0.9)
    out = checkers.face_counts(read, gray, SPANS, PITCH, (0.0, 0.0), NAMES, (0, -1, -1, -1), _models())
    assert out[("top", 4)] == ("black", 5, 0.5)
    assert all(out[k] == read[k] for k in read if k != ("top", 4))


def test_a_stack_neither_colour_saw_is_counted_by_faces_and_coloured_by_its_middle():
    # bottom 4 (kind 3) may hide either colour (EITHER): four black checkers the colour model missed
    gray = _board({("bottom", 3): 4})
    canon = np.repeat(gray[..., None], 3, axis=2)
    faces = tuple(tuple(float(v) for v in checkers._weighted_lab(np.uint8([[[g, g, g]]]))[0]) for g in (220, 35))
    read = {(row, col): (None, 0, 1.0) for row in ("top", "bottom") for col in range(12)}
    rims = (-1, -1, -1, checkers.EITHER)
    out = checkers.face_counts(read, gray, SPANS, PITCH, (0.0, 0.0), NAMES, rims, _models(), canon, faces)
    assert out[("bottom", 3)] == ("black", 4, 0.5)
    assert all(v == (None, 0, 1.0) for k, v in out.items() if k != ("bottom", 3))


def _start(style: int):
    return render.render_frame(START, START, bench_view(style), rng=style)[0]


def _misread(style: int, p0, p1) -> tuple:
    """The points misread of the position (p0, p1) on style `style` calibrated on its start position."""
    reader = BoardReader(Calibration.from_image(_start(style)), read_dice=False, read_cube=False)
    image, truth = render.render_frame(p0, p1, bench_view(style), rng=style)
    reading = reader.read(image)
    got = labels.as_image_shows(reading.to_label_dict())  # (rows as the image shows them)
    return labels.compare(got, truth).wrong


def test_a_board_whose_checkers_are_the_colours_of_its_felt_and_points_calibrates():
    # seed 6 style 20 of bench/vision_styles.py: black felt, red/white points, red/black checkers. Its
    # calibration was refused (21 of 24): the stacks of five at the board's left edge read 1 and 0
    start = _start(6020)
    reading = BoardReader(Calibration.from_image(start), read_dice=False, read_cube=False).read(start)
    assert reading.sides == (START, START)


def test_a_line_a_checker_past_a_stack_where_no_face_shows_is_no_checker():
    # rims read five where four black faces show and the fifth place shows none (the point's tip)
    gray = _board({("top", 6): 4, ("top", 8): 5})
    read = {(row, col): (None, 0, 1.0) for row in ("top", "bottom") for col in range(12)}
    before = dict(read)
    before[("top", 6)] = ("black", 3, 0.9)
    before[("top", 8)] = ("black", 3, 0.9)
    after = dict(before)
    after[("top", 6)] = ("black", 5, 0.8)
    after[("top", 8)] = ("black", 5, 0.8)
    out = checkers.faceless_last(before, after, gray, SPANS, PITCH, (0.0, 0.0), NAMES, _models())
    assert out[("top", 6)][:2] == ("black", 4)
    assert out[("top", 8)][:2] == ("black", 5)  # five faces: the fifth is a checker


def test_stacks_of_four_on_points_of_their_colour_do_not_read_five():
    # seed 6 style 21 of bench/vision_styles.py (blue felt, dark brown/beige points, white/red checkers):
    # white stacks of four read five (the point's tip a checker past them taken for the fifth's rim)
    p0 = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 4, 0, 6, 0, 0)
    p1 = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0, 3, 0, 4, 0, 0, 0, 2)
    assert _misread(6021, p0, p1) == ()


def test_a_point_colour_is_taken_past_the_frames_shadow_along_the_board_edge():
    # white points (weighted Lab L 116) whose base band along the board's edge lies in a raised frame's
    # shadow (L 86): white checkers (L 113) are nearly their colour all the same
    H, W = 360, 12 * 32
    lab = np.zeros((H, W, 3), np.float32)
    lab[...] = (20.0, 128.0, 128.0)  # black felt
    for col in range(12):
        x0, x1 = SPANS[col]
        lab[H - 150:, x0:x1] = (116.0, 128.0, 128.0) if col % 2 == 0 else (50.0, 180.0, 160.0)  # white, red
    lab[H - 20:, :] *= np.float32((86.0 / 116.0, 1.0, 1.0))  # the shadow along the bottom edge
    lab[H - 20:, :, 1:] = 128.0
    label = {"top": [[None, 0] for _ in range(12)], "bottom": [[None, 0] for _ in range(12)]}
    middles = np.float32([(19.5, 128.0, 127.0), (113.0, 128.0, 129.0)])  # black and white checkers
    rims, _ = checkers._rim_colours(lab, SPANS, label, set(), middles)
    assert rims[2] == 1  # the bottom row's even points: as white as the white checkers


def test_faces_are_kept_only_of_a_colour_nearly_a_board_colour():
    # the board of bench/vision_speed.py: its red checkers are nearly no board colour, and are read
    # by colour alone; a face model of them would only cost the reader a face match per stack a frame
    cal = Calibration.from_image(render.render_frame(START, START, render.BoardView(style="tournament"), rng=1)[0])
    assert [bool(m) for m in cal.face_models] == [False, True]
