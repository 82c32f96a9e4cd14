"""The board's outline from four ArUco markers at its corners, for tables where the board does not
stand out by itself.

Placement (the sheet from hardware/aruco_markers.py says the same): each marker is cut out along
its thin grey cut line, so a white margin one cell wide (a sixth of the black square) stays round
the black square, and laid flat on the table OUTSIDE the board, diagonally beyond one corner, with
its edges parallel to the board's edges and the corner of its white margin touching the board's
outer corner. Ids 0, 1, 2, 3 go clockwise round the board as the camera sees it (id 0 top-left,
1 top-right, 2 bottom-right, 3 bottom-left); the printed way up does not matter. The board's
corner is then the black square's corner nearest the board, one cell further along the diagonal.
"""
from __future__ import annotations

import logging

import cv2
import numpy as np

from .image import as_image
from .outline import order_corners

log = logging.getLogger(__name__)

DICTIONARY = cv2.aruco.DICT_4X4_50
IDS = (0, 1, 2, 3)  # clockwise round the board as the camera sees it, id 0 at the top-left
CELLS = 6  # cells across the black square: 4 data bits and a black border cell each side
QUIET_CELLS = 1  # width of the white margin left round the black square, in cells


def _detector() -> "cv2.aruco.ArucoDetector":
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(DICTIONARY), params)


DETECT_WIDTH = 800  # frames wider than this are searched at this width, corners refined at full size


def detect(image) -> dict[int, np.ndarray]:
    """Our corner markers in a frame: id -> the black square's 4 corners (image px, in the
    marker's own order), the largest one when an id is seen twice. Large frames are searched
    scaled down (a marker a checker wide keeps several pixels a cell) and the corners refined on
    the full frame."""
    image = as_image(image)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    scale = min(1.0, DETECT_WIDTH / gray.shape[1])
    small = gray if scale == 1.0 else cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    corners, ids, _ = _detector().detectMarkers(small)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel().tolist()):
        quad = np.asarray(quad, np.float32).reshape(4, 2)
        if marker_id not in IDS:
            continue
        if scale != 1.0:
            quad = ((quad + 0.5) / scale - 0.5).astype(np.float32)
            side = float(np.linalg.norm(quad[1] - quad[0]))
            win = max(2, int(round(side / CELLS / 3)))
            criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.01)
            quad = cv2.cornerSubPix(gray, quad.reshape(-1, 1, 2), (win, win), (-1, -1), criteria).reshape(4, 2)
        if marker_id in found and cv2.contourArea(found[marker_id]) >= cv2.contourArea(quad):
            continue
        found[marker_id] = quad
    return found


OUTWARD = ((-1, -1), (1, -1), (1, 1), (-1, 1))  # from the board's TL, TR, BR, BL corner to its marker


def _world_corners(quad: np.ndarray, corner: int, towards: np.ndarray) -> np.ndarray:
    """The marker's 4 black corners on the table, in cells from the board corner it touches (x to
    the board's right, y down), in the order the detector gave them. The corner nearest `towards`
    (a point inside the board) is the one facing the board, whichever way up the marker lies."""
    ox, oy = OUTWARD[corner]
    near, far = QUIET_CELLS, QUIET_CELLS + CELLS
    xs = sorted((ox * near, ox * far))
    ys = sorted((oy * near, oy * far))
    square = [(xs[0], ys[0]), (xs[1], ys[0]), (xs[1], ys[1]), (xs[0], ys[1])]  # clockwise, as seen
    facing = square.index((ox * near, oy * near))
    k = int(np.argmin(np.linalg.norm(quad - towards, axis=1)))
    out = np.zeros((4, 2), np.float64)
    for j in range(4):
        out[(k + j) % 4] = square[(facing + j) % 4]
    return out


def _fit_board(found: dict[int, np.ndarray]) -> np.ndarray:
    """Image corners of the board (TL, TR, BR, BL as placed) from its markers: one homography of the
    table and the board's size in cells, fitted together to every marker corner seen."""
    inside = np.mean([q.mean(0) for q in found.values()], axis=0)
    local = {i: _world_corners(q, i, inside) for i, q in found.items()}
    first = min(found)
    h0 = cv2.getPerspectiveTransform(np.float32(local[first]), np.float32(found[first]))
    size = np.zeros(2)  # board width and height in cells, first from each marker alone
    to_world = np.linalg.inv(h0)
    for i, q in found.items():
        centre = cv2.perspectiveTransform(q.reshape(-1, 1, 2).astype(np.float64), to_world).reshape(4, 2).mean(0)
        offset = centre - local[i].mean(0)  # where marker i's board corner lies, from corner `first`
        ox = (i in (1, 2)) - (first in (1, 2))
        oy = (i in (2, 3)) - (first in (2, 3))
        if ox:
            size[0] = max(size[0], abs(offset[0]))
        if oy:
            size[1] = max(size[1], abs(offset[1]))
    image = np.concatenate([found[i] for i in found]).astype(np.float64)

    def world(s: np.ndarray) -> np.ndarray:
        return np.concatenate([local[i] + s * np.array([i in (1, 2), i in (2, 3)], np.float64) for i in found])

    def fit(s: np.ndarray):
        h, _ = cv2.findHomography(world(s), image, 0)
        if h is None:
            return None, np.full(image.size, 1e6)
        proj = cv2.perspectiveTransform(world(s).reshape(-1, 1, 2), h).reshape(-1)
        return h, proj - image.reshape(-1)

    # Gauss-Newton on the board's size; the homography follows from each size by least squares
    for _ in range(10):
        _, r = fit(size)
        jac = np.stack([(fit(size + step)[1] - r) / 0.01 for step in (np.array([0.01, 0]), np.array([0, 0.01]))], 1)
        delta, *_ = np.linalg.lstsq(jac, -r, rcond=None)
        size = size + delta
        if np.abs(delta).max() < 1e-3:
            break
    h, r = fit(size)
    log.debug("marker fit: board %.1f x %.1f cells, rms %.2f px", size[0], size[1], float(np.sqrt((r ** 2).mean())))
    corners = np.float64([[size[0] * (i in (1, 2)), size[1] * (i in (2, 3))] for i in IDS]).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(corners, h).reshape(4, 2).astype(np.float32)


def find_markers(image) -> np.ndarray | None:
    """The board's outline (4 corners, image order TL TR BR BL, like vision.outline.find_outline)
    from its corner markers; None when fewer than three are seen. With three, the fourth corner
    follows from the table's perspective, fitted to the markers seen."""
    found = detect(image)
    if len(found) < 3:
        log.debug("corner markers seen: %s (need 3)", sorted(found))
        return None
    quad = _fit_board(found)
    if cv2.contourArea(quad) < 1.0 or not cv2.isContourConvex(quad.reshape(-1, 1, 2)):
        log.debug("corner markers do not make a convex board outline")
        return None
    return order_corners(quad)
