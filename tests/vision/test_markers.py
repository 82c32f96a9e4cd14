"""Corner markers: the board's outline from four (or three) ArUco markers placed as the printed
sheet says, under perspective; None with fewer than three."""
import importlib.util
import pathlib

import cv2
import numpy as np
import pytest

from vision.markers import IDS, detect, find_markers
from vision.render import STYLES, BoardView, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
PAD = 100
SHEET = pathlib.Path(__file__).resolve().parents[2] / "hardware" / "aruco_markers.py"


def _sheet_module():
    spec = importlib.util.spec_from_file_location("aruco_markers", SHEET)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MARKER = _sheet_module().marker  # the printed tile: black square, white margin, grey cut line


def _paste(image, tile, quad):
    """Warp a grey tile onto the quad (TL, TR, BR, BL) of a BGR image."""
    n = tile.shape[0]
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [n, 0], [n, n], [0, n]]), np.float32(quad))
    h, w = image.shape[:2]
    warped = cv2.warpPerspective(cv2.cvtColor(tile, cv2.COLOR_GRAY2BGR), m, (w, h), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full((n, n), 255, np.uint8), m, (w, h))
    image[mask > 127] = warped[mask > 127]


def scene(style="classic", ids=IDS, seed=0, tilt=0.04, extra=()):
    """A rendered board on a wider table with markers beyond the corners `ids` (as the sheet
    says), seen through a random perspective; returns (image, the board's true outline)."""
    rng = np.random.default_rng(seed)
    view = BoardView("bottom right", style).without_effects()
    flat, truth = render_frame(START, START, view, rng=seed)
    img = cv2.copyMakeBorder(flat, PAD, PAD, PAD, PAD, cv2.BORDER_CONSTANT, value=view.style.table)
    board = np.float64(truth["geometry"]["board"]) + PAD
    black = 0.8 * truth["geometry"]["checker_diameter"] / 0.94
    tile_side = black * 8 / 6  # the black square and its white margin of one cell each side
    out = [(-1, -1), (1, -1), (1, 1), (-1, 1)]  # which way is outward from each corner
    for i in list(ids) + list(extra):
        if i in IDS:
            corner, (ox, oy) = board[i], out[i]
        else:  # someone else's marker: beyond the middle of the top edge
            corner, (ox, oy) = (board[0] + board[1]) / 2, (1, -1)
        far = corner + np.array([ox, oy]) * tile_side
        x0, x1 = sorted((corner[0], far[0]))
        y0, y1 = sorted((corner[1], far[1]))
        tile = np.rot90(MARKER(i, 40), int(rng.integers(4))).copy()
        _paste(img, tile, [[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    h, w = img.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + rng.uniform(-1, 1, (4, 2)).astype(np.float32) * tilt * np.float32([w, h])
    g = cv2.getPerspectiveTransform(src, dst)
    img = cv2.warpPerspective(img, g, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    noise = rng.normal(0, 3, img.shape)
    img = np.clip(img + noise, 0, 255).astype(np.uint8)
    outline = cv2.perspectiveTransform(np.float32(board).reshape(-1, 1, 2), g).reshape(4, 2)
    return img, outline


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("seed", [1, 2])
def test_four_markers_give_the_board_corners(style, seed):
    image, outline = scene(style, seed=seed)
    found = find_markers(image)
    assert found is not None and found.shape == (4, 2)
    assert np.abs(found - outline).max() < 2.0


@pytest.mark.parametrize("missing", IDS)
def test_three_markers_infer_the_fourth(missing):
    image, outline = scene("tournament", ids=[i for i in IDS if i != missing], seed=3 + missing, tilt=0.04)
    found = find_markers(image)
    assert found is not None
    err = np.linalg.norm(found - outline, axis=1)
    assert np.delete(err, missing).max() < 2.0  # the three seen
    assert err[missing] < 3.0  # the inferred one: the table's perspective fitted to the three
    # a parallelogram through the three would miss it by tens of pixels under this tilt
    guess = outline[(missing - 1) % 4] + outline[(missing + 1) % 4] - outline[(missing + 2) % 4]
    assert np.linalg.norm(guess - outline[missing]) > 5 * err[missing]


def test_no_markers_or_two_give_none():
    plain, _ = render_frame(START, START, BoardView("bottom right", "classic"), rng=4)
    assert find_markers(plain) is None
    image, _ = scene("paper", ids=(0, 2), seed=5)
    assert find_markers(image) is None
    assert sorted(detect(image)) == [0, 2]


def test_other_markers_on_the_table_are_ignored():
    image, outline = scene("classic", ids=IDS, seed=6, extra=(7,))
    assert sorted(detect(image)) == list(IDS)
    assert np.abs(find_markers(image) - outline).max() < 2.0


def test_the_printed_sheet_holds_our_four_markers():
    page = _sheet_module().sheet(40)
    small = cv2.resize(page, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    assert sorted(detect(cv2.cvtColor(small, cv2.COLOR_GRAY2BGR))) == list(IDS)


def test_calibration_uses_the_markers_where_the_board_does_not_stand_out():
    # the table is the frame's colour: the board's own outline is not found, the markers give it
    import dataclasses

    from vision import Calibration, CalibrationError
    from vision.outline import find_outline

    style = dataclasses.replace(STYLES["classic"], table=STYLES["classic"].frame)
    img, outline = scene(style, seed=3)
    try:
        drawn = find_outline(img)
    except CalibrationError:
        drawn = None
    assert drawn is None or np.abs(drawn - outline).max() > 10
    cal = Calibration.from_image(img)
    assert np.abs(np.float32(cal.outer) - outline).max() < 3
