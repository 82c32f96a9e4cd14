"""The renderer: exact ground truth, all four orientations, determinism, bad requests (its speed:
bench/vision_speed.py)."""

import numpy as np
import pytest

from vision.errors import VisionError
from vision.render import (ORIENTATIONS, STYLES, BoardView, RenderCube, RenderDie, RenderError,
                           RenderRequest, render_frame)

START = tuple([0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0])
EMPTY = (None, 0)


def _side(**points):
    side = [0] * 25
    for key, n in points.items():
        side[24 if key == "bar" else int(key[1:]) - 1] = n
    return tuple(side)


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_r1_start_position_labels_in_every_orientation(orientation):
    view = BoardView(orientation, "classic").without_effects()
    _, truth = render_frame(START, START, view)
    white, black = "white", "black"
    home_row = "bottom" if orientation.startswith("bottom") else "top"
    far_row = "top" if home_row == "bottom" else "bottom"
    home = truth[home_row]
    far = truth[far_row]
    if orientation.endswith("left"):
        home, far = home[::-1], far[::-1]
    # home row read towards player 0's home corner: his 12-point ... 1-point; far row: 24 ... 13
    assert [tuple(x) for x in home] == [
        (black, 5), EMPTY, EMPTY, EMPTY, (white, 3), EMPTY, (white, 5), EMPTY, EMPTY, EMPTY, EMPTY, (black, 2)]
    assert [tuple(x) for x in far[::-1]] == [
        (white, 2), EMPTY, EMPTY, EMPTY, EMPTY, (black, 5), EMPTY, (black, 3), EMPTY, EMPTY, EMPTY, (white, 5)]
    assert truth["bar"] == {white: 0, black: 0}
    assert truth["beside_board"] == {white: 0, black: 0}
    assert truth["players"]["player0"] == {"colour": white, "home": orientation}
    assert truth["geometry"]["player0_points"]["1"] == [home_row, 11 if orientation.endswith("right") else 0]


def _nearest_checker_class(pixel, style):
    d = [np.abs(np.asarray(c, float) - pixel).sum() for c in style.checkers]
    return int(np.argmin(d))


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("stacking", ["pyramid", "run"])
def test_checkers_lie_where_truth_says_even_through_the_camera(style, stacking):
    import dataclasses
    st = dataclasses.replace(STYLES[style], stacking=stacking)
    p0 = _side(p1=7, p6=4, p13=2, bar=1)
    p1 = _side(p1=2, p20=12)
    img, truth = render_frame(p0, p1, BoardView("top right", st, perspective=0.04), rng=3)
    geo = truth["geometry"]
    assert len(geo["checkers"]) == 7 + 4 + 2 + 1 + 2 + 12
    names = st.checker_names
    top_layer = {}
    for ch in geo["checkers"]:
        top_layer[ch["where"]] = ch  # the last drawn is on top
    for ch in geo["checkers"]:
        x, y = (int(round(v)) for v in ch["centre"])
        if ch["where"] == "bar" or ch is top_layer[ch["where"]] or stacking == "run":
            cls = _nearest_checker_class(img[y, x].astype(float), st)
            if ch is top_layer[ch["where"]] or ch["where"] == "bar":
                assert names[cls] == ch["colour"], ch
    counts = {}
    for ch in geo["checkers"]:
        counts[ch["where"]] = counts.get(ch["where"], 0) + 1
    for row in ("top", "bottom"):
        for col, (colour, n) in enumerate(truth[row]):
            assert counts.get(f"{row} {col + 1}", 0) == n
    assert truth["bar"] == {names[0]: 1, names[1]: 0}
    assert truth["beside_board"] == {names[0]: 1, names[1]: 1}


def test_empty_point_triangles_show_point_colours_exactly():
    view = BoardView("bottom right", "classic").without_effects()
    img, truth = render_frame(_side(), _side(), view)
    style = view.style
    for row in ("top", "bottom"):
        for col, tri in enumerate(truth["geometry"][row]):
            cx, cy = np.mean(tri, axis=0)
            k = (col + (0 if row == "top" else 1)) % 2
            assert tuple(img[int(cy), int(cx)]) == style.points[k]
    assert truth["beside_board"] == {"white": 15, "black": 15}


def test_same_seed_same_frame_and_other_seed_another():
    req = dict(dice=(RenderDie(6, "right half"), RenderDie(2, "right half", flat=False)), cube=RenderCube(8))
    a, ta = render_frame(START, START, BoardView(), rng=11, **req)
    b, tb = render_frame(START, START, BoardView(), rng=11, **req)
    c, _ = render_frame(START, START, BoardView(), rng=12, **req)
    assert np.array_equal(a, b) and ta == tb
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("seed", [0, 5, 11])
def test_one_seed_is_one_camera_whatever_is_drawn(seed):
    """The camera (tilt, light, blur, noise) comes from the seed alone: adding dice, a cube, a hand
    or checkers moves no part of the board, and the empty board's pixels stay the same."""
    plain, tp = render_frame(START, START, BoardView(), rng=seed)
    extras = [dict(cube=RenderCube(8)), dict(dice=(RenderDie(6, "right half"), RenderDie(2, "left half", flat=False))),
              dict(hand=True), dict(dice=(5, 3), cube=RenderCube(2, "player1"), hand=True)]
    for extra in extras:
        img, t = render_frame(START, START, BoardView(), rng=seed, **extra)
        assert t["geometry"]["homography"] == tp["geometry"]["homography"], extra
        assert t["geometry"]["playing_area"] == tp["geometry"]["playing_area"], extra
        assert t["geometry"]["checkers"] == tp["geometry"]["checkers"], extra
    other = _side(p6=5, p8=3, p13=5, p24=1, bar=1)
    _, t = render_frame(other, START, BoardView(), rng=seed)
    assert t["geometry"]["homography"] == tp["geometry"]["homography"]
    _, t = render_frame(START, START, BoardView(), rng=seed + 1)
    assert t["geometry"]["homography"] != tp["geometry"]["homography"]


def test_frame_shape_and_type_follow_the_view():
    img, _ = render_frame(START, START, BoardView(size=(640, 360)))
    assert img.shape == (360, 640, 3) and img.dtype == np.uint8


@pytest.mark.parametrize("where", ["left half", "right half", "bar", "on checker", "outside"])
def test_dice_truth_boxes_cover_a_die(where):
    view = BoardView("bottom left", "classic")
    dice = (RenderDie(5, where), RenderDie(2, where, flat=False))
    img, truth = render_frame(START, START, view, dice=dice, rng=5)
    assert [(d["pips"], d["flat"], d["where"]) for d in truth["dice"]] == [(5, True, where), (2, False, where)]
    for d in truth["dice"]:
        x, y, w, h = d["box"]
        assert 0 <= x and 0 <= y and x + w <= img.shape[1] and y + h <= img.shape[0]
        patch = img[y + h // 4:y + 3 * h // 4, x + w // 4:x + 3 * w // 4]
        assert patch.mean() > 140  # the white die face
        assert patch.min() < 90  # and at least one dark pip


def test_dice_in_a_half_lie_in_that_half():
    view = BoardView("bottom right", "paper")
    for seed in range(5):
        _, truth = render_frame(START, START, view, dice=(RenderDie(1, "left half"), RenderDie(4, "right half")),
                                rng=seed)
        centre_x = np.mean(truth["geometry"]["centre_line"], axis=0)[0]
        left, right = truth["dice"]
        assert left["box"][0] + left["box"][2] < centre_x < right["box"][0]


@pytest.mark.parametrize("where", ["middle", "player0", "player1"])
@pytest.mark.parametrize("orientation", ["bottom right", "top left"])
def test_cube_lies_at_its_owner(where, orientation):
    _, truth = render_frame(START, START, BoardView(orientation, "classic"), cube=RenderCube(32, where), rng=1)
    assert truth["cube"]["face"] == 32 and truth["cube"]["where"] == where
    x, y, w, h = truth["cube"]["box"]
    cy = y + h / 2
    area = np.asarray(truth["geometry"]["playing_area"])
    top, bottom = area[:, 1].min(), area[:, 1].max()
    player0_at_bottom = orientation.startswith("bottom")
    if where == "middle":
        assert abs(cy - (top + bottom) / 2) < h
    elif (where == "player0") == player0_at_bottom:
        assert cy > bottom - 2 * h
    else:
        assert cy < top + 2 * h


def test_hand_is_drawn_and_labelled():
    view = BoardView().without_effects()
    plain, t0 = render_frame(START, START, view, rng=2)
    img, truth = render_frame(START, START, view, hand=True, rng=2)
    assert truth["hand_in_view"] and not t0["hand_in_view"]
    changed = np.any(plain != img, axis=2).mean()
    assert 0.03 < changed < 0.5


def test_render_request_renders_like_render_frame():
    req = RenderRequest(START, START, BoardView(), dice=(3, 4), seed=9)
    a, _ = req.render()
    b, _ = render_frame(START, START, BoardView(), dice=(3, 4), rng=9)
    assert np.array_equal(a, b)


@pytest.mark.parametrize("p0, p1, message", [
    (START[:24], START, "25 entries"),
    (_side(p1=16), _side(), "more than 15"),
    (_side(p1=2), _side(p24=1), "both players"),
    (_side(p3=-1), _side(), "negative"),
])
def test_bad_positions_are_refused_with_a_clear_message(p0, p1, message):
    with pytest.raises(RenderError, match=message):
        render_frame(p0, p1, BoardView())


def test_bad_requests_are_vision_errors():
    with pytest.raises(VisionError, match="orientation"):
        BoardView("left")
    with pytest.raises(VisionError, match="style"):
        BoardView(style="marble")
    with pytest.raises(VisionError, match="pips"):
        RenderDie(7)
    with pytest.raises(VisionError, match="cube face"):
        RenderCube(3)
    with pytest.raises(VisionError, match="on checker"):
        render_frame(_side(), _side(), BoardView(), dice=(RenderDie(3, "on checker"),))


# ----------------------------------------------------------------------------- realism (issue 3, issue 10)

import dataclasses  # noqa: E402
import hashlib  # noqa: E402

import cv2  # noqa: E402

from vision.render import CLUTTER, random_style, random_view  # noqa: E402

MIDGAME0 = _side(p1=3, p6=4, p8=3, p13=2, bar=1)
MIDGAME1 = _side(p1=2, p6=5, p11=3, p20=2)
CLEAN = dict(perspective=0.0, light=0.0, noise=0.0, blur=0.0)  # a perfect camera: only the option differs
LABEL_KEYS = ("top", "bottom", "bar", "beside_board", "hand_in_view", "players", "rotate", "usable")


def _clean(style="classic", **options):
    return BoardView("bottom right", style, **dict(CLEAN, **options))


def _styled(**options):
    return dataclasses.replace(STYLES["classic"], **options)


def _digest(img, truth):
    import json
    return hashlib.md5(img.tobytes() + json.dumps(truth, sort_keys=True).encode()).hexdigest()


def test_realism_is_off_by_default_and_the_old_frames_are_drawn_bit_for_bit():
    """The realism options all default to off: the named styles and a default view draw exactly the
    frames they drew before realism existed (digests taken before the change; OpenCV 5.1 draws a
    warped die or cube a level off at a few pixels, so it has its own digest of that frame)."""
    assert not BoardView().realistic
    assert not any(style.realistic for style in STYLES.values())
    img, truth = render_frame(MIDGAME0, MIDGAME1, BoardView("top left", "tournament", perspective=0.05), rng=7,
                              dice=(RenderDie(3, "left half"), RenderDie(5, "on checker", flat=False)),
                              cube=RenderCube(4, "player1"))
    opencv = ".".join(cv2.__version__.split(".")[:2])
    drawn_by = {"5.1": "cf23a55fb6d9fce1a7694665d204163b"}  # the same code's frame under that OpenCV
    assert _digest(img, truth) == drawn_by.get(opencv, "168c0a8e8effe84a2e8de560e6df19ac")
    img, truth = render_frame(START, START, BoardView(), rng=0)
    assert _digest(img, truth) == "498e2db86fee43cc2fcc2e22465fdec5"


def _board_mask(truth, img, key="board"):
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [np.int32(np.round(truth["geometry"][key])).reshape(-1, 1, 2)], 255)
    return mask > 0


def _checker_mask(truth, img, scale=0.6):
    mask = np.zeros(img.shape[:2], np.uint8)
    for ch in truth["geometry"]["checkers"]:
        cv2.circle(mask, tuple(int(round(v)) for v in ch["centre"]), int(truth["geometry"]["checker_diameter"] * scale), 255, -1)
    return mask > 0


def test_checker_thickness_shows_a_darker_side_and_lifts_the_top_face_away_from_the_camera():
    flat, tf = render_frame(MIDGAME0, MIDGAME1, _clean(), rng=1)
    thick, tt = render_frame(MIDGAME0, MIDGAME1, _clean(_styled(checker_height=0.3), tilt=30), rng=1)
    tilted, tz = render_frame(MIDGAME0, MIDGAME1, _clean(_styled(checker_height=0.0), tilt=30), rng=1)
    assert tt["geometry"]["homography"] == tz["geometry"]["homography"]
    # the same camera: thickness moves every top face the same way (away from the camera), by a
    # visible amount that grows with the layer
    moves = [np.subtract(a["centre"], b["centre"]) for a, b in zip(tt["geometry"]["checkers"], tz["geometry"]["checkers"])]
    d = tt["geometry"]["checker_diameter"]
    lengths = [float(np.hypot(*m)) for m in moves]
    assert min(lengths) > 0.05 * d
    unit = moves[0] / lengths[0]
    assert all(np.dot(m, unit) > 0.7 * np.hypot(*m) for m in moves)
    # and the side of the cylinder shows darker than the face, next to the face
    img = cv2.cvtColor(thick, cv2.COLOR_BGR2GRAY).astype(float)
    flat_img = cv2.cvtColor(tilted, cv2.COLOR_BGR2GRAY).astype(float)
    white = [ch for ch in tt["geometry"]["checkers"] if ch["colour"] == "white" and ch["layer"] == 0]
    ch, before = white[0], tz["geometry"]["checkers"][tt["geometry"]["checkers"].index(white[0])]
    x, y = np.add(before["centre"], -unit * 0.45 * d).round().astype(int)
    assert img[y, x] < flat_img[y, x] - 20 or img[y, x] < 200


def test_shadows_only_darken_and_darken_beside_the_checkers():
    plain, _ = render_frame(MIDGAME0, MIDGAME1, _clean(), rng=2)
    shaded, truth = render_frame(MIDGAME0, MIDGAME1, _clean(shadow=1.0), rng=2)
    diff = plain.astype(int) - shaded.astype(int)
    assert diff.min() >= 0  # a shadow never brightens
    near = _checker_mask(truth, plain, 0.9) & ~_checker_mask(truth, plain, 0.5)
    assert diff[near].mean() > 3 * max(diff[~_checker_mask(truth, plain, 1.5)].mean(), 0.1)


def test_gloss_brightens_the_checker_faces_only():
    plain, truth = render_frame(MIDGAME0, MIDGAME1, _clean(), rng=3)
    glossy, _ = render_frame(MIDGAME0, MIDGAME1, _clean(_styled(gloss=1.0)), rng=3)
    diff = glossy.astype(int) - plain.astype(int)
    assert diff.min() >= 0
    on = _checker_mask(truth, plain, 0.5)
    assert diff[on].max() > 60 and np.count_nonzero(diff[~on]) == 0


@pytest.mark.parametrize("surface", ["area", "frame", "table"])
@pytest.mark.parametrize("kind", ["felt", "leather", "wood", "cloth"])
def test_a_texture_gives_its_surface_grain_and_keeps_its_colour(surface, kind):
    options = {"table": dict(table_texture=kind)}.get(surface, {})
    style = _styled(**{f"{surface}_texture": kind}) if surface != "table" else "classic"
    plain, truth = render_frame(_side(), _side(), _clean(**{}), rng=4)
    grained, _ = render_frame(_side(), _side(), _clean(style, **options), rng=4)
    geo = truth["geometry"]
    area = _board_mask(truth, plain, "playing_area")
    board = _board_mask(truth, plain, "board")
    mask = {"area": area, "frame": board & ~area & ~_board_mask(truth, plain, "tray"), "table": ~board}[surface]
    mask &= cv2.erode(mask.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    if surface == "area":  # one empty point's inside: a plain colour before
        tri = np.int32(np.round(geo["top"][3])).reshape(-1, 1, 2)
        m = np.zeros(plain.shape[:2], np.uint8)
        cv2.fillPoly(m, [tri], 255)
        mask = cv2.erode(m, np.ones((7, 7), np.uint8)) > 0
    before, after = plain[mask].astype(float), grained[mask].astype(float)
    assert before.std(axis=0).max() < 1.0
    assert after.std(axis=0).max() > max(1.2, 0.02 * before.mean())
    assert np.abs(after.mean(axis=0) - before.mean(axis=0)).max() < 0.08 * before.mean() + 4
    untouched = ~mask & ~cv2.dilate(mask.astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
    if surface == "table":
        assert np.array_equal(plain[untouched & area], grained[untouched & area])


def test_a_raised_frame_and_bar_cast_a_shadow_on_the_playing_area():
    low, truth = render_frame(MIDGAME0, MIDGAME1, _clean(shadow=1.0), rng=5)
    high, _ = render_frame(MIDGAME0, MIDGAME1, _clean(_styled(raised=0.5), shadow=1.0), rng=5)
    area = _board_mask(truth, low, "playing_area") & ~_checker_mask(truth, low, 1.2)
    darker = (low.astype(int) - high.astype(int)).sum(axis=2) > 15
    assert np.count_nonzero(darker & area) > 0.01 * np.count_nonzero(area)


def test_seen_at_an_angle_a_raised_frame_hides_a_strip_of_the_area_beside_it():
    """The frame's top, lifted towards the far side, covers the near edge of the area: some
    pixels of the playing area's outline now show the frame's colour."""
    raised, truth = render_frame(_side(), _side(), _clean(_styled(raised=0.5), tilt=35), rng=5)
    flat, _ = render_frame(_side(), _side(), _clean(tilt=35), rng=5)
    area = _board_mask(truth, flat, "playing_area")
    frame = np.float64(STYLES["classic"].frame)
    covered = np.abs(raised.astype(float) - frame).sum(axis=2) < 30
    was = np.abs(flat.astype(float) - frame).sum(axis=2) < 30
    assert np.count_nonzero(covered & area & ~was) > 200


@pytest.mark.parametrize("warmth", [-0.8, 0.8])
def test_warm_light_turns_the_frame_red_and_cool_light_blue(warmth):
    view = BoardView("bottom right", "classic", perspective=0.0, noise=0.0, blur=0.0)
    plain, _ = render_frame(MIDGAME0, MIDGAME1, view, rng=6)
    cast, _ = render_frame(MIDGAME0, MIDGAME1, dataclasses.replace(view, warmth=warmth), rng=6)
    ratio = lambda im: im[..., 2].mean() / im[..., 0].mean()  # noqa: E731
    assert (ratio(cast) - ratio(plain)) * warmth > 0.1 * abs(warmth)


def test_jpeg_changes_the_pixels_a_little():
    plain, _ = render_frame(MIDGAME0, MIDGAME1, _clean(), rng=7)
    jpeg, _ = render_frame(MIDGAME0, MIDGAME1, _clean(jpeg_quality=30), rng=7)
    diff = np.abs(plain.astype(int) - jpeg.astype(int))
    assert 0.3 < diff.mean() < 6


def test_barrel_distortion_bows_straight_edges_and_the_truth_follows():
    straight, ts = render_frame(MIDGAME0, MIDGAME1, _clean(), rng=8)
    bent, tb = render_frame(MIDGAME0, MIDGAME1, _clean(distortion=0.2), rng=8)
    bases = lambda t: np.array([tri[0] for tri in t["geometry"]["top"]] + [t["geometry"]["top"][-1][1]])  # noqa: E731
    for t, bowed in ((ts, False), (tb, True)):
        pts = bases(t)
        chord_y = np.interp(pts[:, 0], [pts[0, 0], pts[-1, 0]], [pts[0, 1], pts[-1, 1]])
        sag = (chord_y - pts[:, 1]).max()  # the top edge bulges up (towards the image's top edge)
        assert (sag > 3) == bowed, sag
    # the checkers are where the truth says, through the lens
    for ch in tb["geometry"]["checkers"]:
        if ch["layer"] == max(c["layer"] for c in tb["geometry"]["checkers"] if c["where"] == ch["where"]):
            x, y = (int(round(v)) for v in ch["centre"])
            cls = _nearest_checker_class(bent[y, x].astype(float), STYLES["classic"])
            assert STYLES["classic"].checker_names[cls] == ch["colour"]


@pytest.mark.parametrize("tilt", [20, 45])
def test_a_tilted_camera_sees_the_board_as_a_trapezium_and_the_truth_follows(tilt):
    img, truth = render_frame(MIDGAME0, MIDGAME1, BoardView("bottom right", "classic", tilt=tilt, **CLEAN), rng=9)
    area = np.asarray(truth["geometry"]["playing_area"])
    sides = np.linalg.norm(area - np.roll(area, -1, axis=0), axis=1)  # top, right, bottom, left
    keystone = max(sides[0] / sides[2], sides[2] / sides[0], sides[1] / sides[3], sides[3] / sides[1])
    assert keystone > 1 + tilt / 200
    assert area.min() > 0 and area[:, 0].max() < img.shape[1] and area[:, 1].max() < img.shape[0]
    for ch in truth["geometry"]["checkers"]:
        x, y = (int(round(v)) for v in ch["centre"])
        top = ch["layer"] == max(c["layer"] for c in truth["geometry"]["checkers"] if c["where"] == ch["where"])
        if top:
            cls = _nearest_checker_class(img[y, x].astype(float), STYLES["classic"])
            assert STYLES["classic"].checker_names[cls] == ch["colour"]


def test_clutter_lies_on_the_table_never_over_the_board():
    plain_view = BoardView("bottom left", "tournament", board_fill=0.62, **CLEAN)
    plain, truth = render_frame(MIDGAME0, MIDGAME1, plain_view, rng=10)
    for seed in range(4):
        view = dataclasses.replace(plain_view, clutter=CLUTTER)
        img, t = render_frame(MIDGAME0, MIDGAME1, view, rng=10 + seed)
        ref, _ = render_frame(MIDGAME0, MIDGAME1, dataclasses.replace(view, clutter=()), rng=10 + seed)
        board = _board_mask(t, img)
        assert np.array_equal(img[board], ref[board])
        drawn = t["geometry"]["clutter"]
        assert drawn and {c["item"] for c in drawn} <= set(CLUTTER)
        for item in drawn:
            m = np.zeros(img.shape[:2], np.uint8)
            cv2.fillPoly(m, [np.int32(np.round(item["outline"])).reshape(-1, 1, 2)], 255)
            assert not np.any((m > 0) & board), item["item"]
            assert np.any(img[m > 0] != ref[m > 0])


def test_realism_leaves_the_label_truth_unchanged():
    _, plain = render_frame(MIDGAME0, MIDGAME1, BoardView("top right", "classic", swap_colours=True), rng=11)
    view = random_view(11, _styled(checker_height=0.2, gloss=0.5, area_texture="felt", frame_texture="wood",
                                   raised=0.3), orientation="top right", swap_colours=True, clutter=CLUTTER)
    _, real = render_frame(MIDGAME0, MIDGAME1, view, rng=11)
    assert {k: real[k] for k in LABEL_KEYS} == {k: plain[k] for k in LABEL_KEYS}


def test_a_realistic_frame_is_one_per_seed():
    view = random_view(12, clutter=CLUTTER)
    a, ta = render_frame(MIDGAME0, MIDGAME1, view, rng=12, dice=(3, 4), cube=2)
    b, tb = render_frame(MIDGAME0, MIDGAME1, view, rng=12, dice=(3, 4), cube=2)
    c, _ = render_frame(MIDGAME0, MIDGAME1, view, rng=13, dice=(3, 4), cube=2)
    assert np.array_equal(a, b) and ta == tb
    assert not np.array_equal(a, c)
    assert random_style(5) == random_style(5) and random_style(5) != random_style(6)
    assert random_view(5) == random_view(5)
    # one seed is still one camera whatever is drawn on the board
    _, t = render_frame(START, START, view, rng=12)
    assert t["geometry"]["homography"] == ta["geometry"]["homography"]


def _apart(a, b):
    lab = lambda c: cv2.cvtColor(np.uint8([[c]]), cv2.COLOR_BGR2LAB)[0, 0].astype(float) * [100 / 255, 1, 1]  # noqa: E731
    return float(np.linalg.norm(lab(a) - lab(b)))


def test_random_styles_are_boards_a_maker_would_make_with_hard_cases_among_them():
    styles = [random_style(seed) for seed in range(150)]
    hard_light = hard_dark = 0
    for st in styles:
        assert st.realistic and st.checker_names[0] != st.checker_names[1]
        assert _apart(*st.points) > 25 and _apart(*st.checkers) > 30
        for c in st.checkers:
            near_point = min(_apart(c, p) for p in st.points) < 15
            assert not (near_point and _apart(c, st.area) < 15), st.name
        hard_light += any(n in ("white", "ivory", "cream", "pearl") and min(_apart(c, p) for p in st.points) < 20
                          for n, c in zip(st.checker_names, st.checkers))
        hard_dark += any(sum(c) < 150 and _apart(c, st.area) < 25 for c in st.checkers)
    assert hard_light >= 3 and hard_dark >= 3
    assert len({st.name for st in styles}) > 140


def test_bad_realism_requests_are_refused_clearly():
    with pytest.raises(RenderError, match="tilt"):
        BoardView(tilt=70)
    with pytest.raises(RenderError, match="clutter"):
        BoardView(clutter=("dog",))
    with pytest.raises(RenderError, match="table_texture"):
        BoardView(table_texture="marble")
    with pytest.raises(RenderError, match="area_texture"):
        _styled(area_texture="marble")
    with pytest.raises(RenderError, match="jpeg_quality"):
        BoardView(jpeg_quality=1)
    with pytest.raises(RenderError, match="board_fill"):
        BoardView(board_fill=0.1)


@pytest.mark.parametrize("where", ["outside", "right half", "on checker"])
def test_dice_and_cube_through_a_tilted_camera_stay_in_the_frame_where_truth_says(where):
    view = BoardView("top left", "classic", tilt=35, **CLEAN)
    img, truth = render_frame(MIDGAME0, MIDGAME1, view, rng=14, dice=(RenderDie(6, where), RenderDie(1, where)),
                              cube=RenderCube(8, "player0"))
    for d in truth["dice"] + [truth["cube"]]:
        x, y, w, h = d["box"]
        assert 0 <= x and 0 <= y and x + w <= img.shape[1] and y + h <= img.shape[0], d
    for d in truth["dice"]:
        x, y, w, h = d["box"]
        patch = img[y + h // 4:y + 3 * h // 4, x + w // 4:x + 3 * w // 4]
        assert patch.mean() > 140 and patch.min() < 90  # the white face and a dark pip


def test_scattered_checkers_lie_off_the_centre_line_but_on_their_point():
    _, plain = render_frame(MIDGAME0, MIDGAME1, _clean(), rng=15)
    _, loose = render_frame(MIDGAME0, MIDGAME1, _clean(_styled(scatter=0.2)), rng=15)
    assert {k: loose[k] for k in LABEL_KEYS} == {k: plain[k] for k in LABEL_KEYS}
    d = plain["geometry"]["checker_diameter"]
    offsets = []
    for a, b in zip(plain["geometry"]["checkers"], loose["geometry"]["checkers"]):
        assert a["where"] == b["where"]
        dx, dy = np.subtract(b["centre"], a["centre"])
        assert abs(dx) <= 0.2 * d + 1e-6 and abs(dy) <= 0.1 * d + 1e-6
        offsets.append(abs(dx) if a["where"] != "bar" else 0.0)
    assert max(offsets) > 0.1 * d and np.mean(offsets) > 0.03 * d


def test_steady_clutter_lies_in_the_same_place_whatever_the_position():
    """BoardView.steady_clutter: the things on the table do not move with the number of checkers
    on the points (bench/vision_styles.py: a board calibrated on one position saw them moved on a
    position with checkers borne off, and took the frame for a hand)."""
    import dataclasses

    from vision.render import random_style, random_view

    rng = np.random.default_rng(6004)
    view = dataclasses.replace(random_view(rng, random_style(rng)), clutter=("cup", "scoresheet"))
    start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    late = (0, 3, 2, 2, 0, 0) + (0,) * 19  # eight borne off
    where = {}
    for steady in (False, True):
        v = dataclasses.replace(view, steady_clutter=steady)
        where[steady] = [[item["outline"] for item in render_frame(p, start, v, rng=7)[1]["geometry"]["clutter"]]
                         for p in (start, late)]
    assert where[True][0] == where[True][1]
    assert where[False][0] != where[False][1]  # (the renderer's earlier frames)
    assert BoardView().steady_clutter  # the default: a real table's cup does not move with the checkers


def test_clutter_is_drawn_bit_for_bit_steady_by_default_and_as_before_when_asked():
    """A realistic frame with a cup and a scoresheet and checkers borne off: steady_clutter=False
    draws exactly the frame the renderer drew when that was the default (digest taken at
    c11cb9e), so the cases tests pin with it stay as they were chosen; the default is pinned too."""
    import dataclasses

    from vision.render import random_style, random_view

    rng = np.random.default_rng(6004)
    view = dataclasses.replace(random_view(rng, random_style(rng)), clutter=("cup", "scoresheet"))
    p0 = (1, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0)  # three borne off
    p1 = (0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 2, 8, 0, 0, 0, 0)
    img, truth = render_frame(p0, p1, dataclasses.replace(view, steady_clutter=False), rng=7)
    assert _digest(img, truth) == "741e159d2f75fd3b3ac41c7ed0bb8ed4"
    img, truth = render_frame(p0, p1, view, rng=7)
    assert _digest(img, truth) == "444e81847fc561f0d5361b27c3de4ed9"
