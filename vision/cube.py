"""Reading the doubling cube: its face (2..64) and where it lies (middle, or at which player).

How the face is read: the cube is a bright, nearly square blob, larger than a die, with dark ink
inside. The ink is cut out, scaled to a fixed height (keeping its width) and compared (overlap,
IoU) with templates of "2", "4", "8", "16", "32", "64" in all four turns. The templates are drawn
with the renderer's font (OpenCV Hershey simplex), so the reader knows exactly the rendered cubes;
a real cube with another typeface is still told apart mostly by the number of digits and the
ink's shape, and a low overlap is reported as a low confidence (never as a sure reading).

Where: with a Calibration (or the four playing-area corners and player 0's home corner), the cube's
centre is taken into board coordinates: the middle band across the board is "middle" (on the bar,
or the centre line of a board with no bar); nearer the top or bottom edge (on the bar's ends or
just outside the frame) it belongs to the player who sits at that edge, i.e. the player whose home
row it is. The turn of the digits says the same (they face the owner) and is used without geometry.

Any light cube with dark figures is read (its colour is not learnt: only strongly coloured blobs are
no cube). Digits are found as bright square blobs and, where the cube's outline does not stand out
(a white cube on a white board), as clusters of dark ink; dark marks longer than a cube (a centre
line running under it) are left out first, and solid or speck-like ink (a die's body or pip) is
never read as digits.

Not reading it every frame: `cube_signature(frame, region)` is a coarse grey fingerprint of the
area searched (about a tenth of read_cube's time) and `CachedCubeReader()` wraps read_cube so it
reads again only when that fingerprint changed: `BoardReader(calibration, read_cube=CachedCubeReader())`.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import cv2
import numpy as np

from vision.errors import ImageReadError
from vision.image import percentile_u8
from vision.types import CubeReading

CUBE_FACES = (2, 4, 8, 16, 32, 64)
MIN_SCORE = 0.55  # overlap with the best template below which a blob is not taken for the cube
CUBE_MAX_CHROMA = 120  # a light cube of any colour (ivory, pale green): only strong colours are no cube
_TEMPLATE_H = 24
_CANVAS = (32, 72)  # (height, width) of the canvas digits are compared on


def _ink_shape(ink: np.ndarray) -> Optional[np.ndarray]:
    """The ink cut to its bounding box, scaled to a fixed height and centred on a fixed canvas."""
    ys, xs = np.nonzero(ink)
    if len(xs) < 4:
        return None
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    crop = ink[y0:y1, x0:x1].astype(np.uint8) * 255
    h, w = crop.shape
    scale = _TEMPLATE_H / h
    nw = max(1, min(_CANVAS[1] - 2, int(round(w * scale))))
    small = cv2.resize(crop, (nw, _TEMPLATE_H), interpolation=cv2.INTER_AREA) > 100
    canvas = np.zeros(_CANVAS, bool)
    oy = (_CANVAS[0] - _TEMPLATE_H) // 2
    ox = (_CANVAS[1] - nw) // 2
    canvas[oy:oy + _TEMPLATE_H, ox:ox + nw] = small
    return canvas


TEMPLATE_SIDES = (64, 96)  # the font's strokes are hinted per size: a template at two sizes


@functools.lru_cache(maxsize=1)
def _templates() -> dict[int, tuple[np.ndarray, ...]]:
    """Ink shapes of every cube face, drawn as vision.render draws them, at each of TEMPLATE_SIDES
    (a glyph drawn at one size is not the same shape scaled: under OpenCV 5.1 a "32" drawn at 64 px
    fits the one drawn at 96 px only 0.77)."""
    from vision.render import _face_patch  # the renderer's cube face, upright

    out = {}
    for face in CUBE_FACES:
        shapes = []
        for side in TEMPLATE_SIDES:
            patch = _face_patch(side, None, (255, 255, 255), None, text=str(face), ink=(0, 0, 0))
            gray = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)
            ink = gray < 128
            edge = side // 12  # the face's edge line is not ink
            ink[:edge, :] = ink[-edge:, :] = False
            ink[:, :edge] = ink[:, -edge:] = False
            shapes.append(_ink_shape(ink))
        out[face] = tuple(shapes)
    return out


def read_face(patch_gray: np.ndarray) -> tuple[int, int, float]:
    """Read an upright-or-turned square crop of a cube face: (face, quarter turns, score 0..1).

    ``quarter turns`` is how many times the crop was turned counter-clockwise (np.rot90) to read
    upright: 0 means the digits stand upright in the image (facing the bottom edge).
    """
    n = patch_gray.shape[0]
    margin = max(1, int(n * 0.14))
    inner = patch_gray[margin:n - margin, margin:n - margin]
    level = percentile_u8(inner, 90)
    ink = inner < 0.6 * level
    if _solid_blob(ink):
        return (0, 0, 0.0)
    best = (0, 0, 0.0)
    for quarter in range(4):
        shape = _ink_shape(np.rot90(ink, quarter))
        if shape is None:
            continue
        for face, tpls in _templates().items():
            for tpl in tpls:
                inter = np.logical_and(shape, tpl).sum()
                union = np.logical_or(shape, tpl).sum()
                score = inter / union if union else 0.0
                if score > best[2]:
                    best = (face, quarter, float(score))
    return best


SOLID_FILL = 0.72  # a round or square blob filling more of its box than this is a dark die or a checker
SOLID_DIE = 0.8  # no digits fill this much of their box
SOLID_ROUND = 1.15  # and a digit's box is never square: one digit is tall, two are wide


def _solid_blob(ink: np.ndarray) -> bool:
    """True when the ink is no digits: one solid, square or round blob (a die's pip, a dark die), or
    a frame around the whole crop."""
    ys, xs = np.nonzero(ink)
    if len(xs) < 4:
        return False
    h, w = ys.max() - ys.min() + 1, xs.max() - xs.min() + 1
    if h >= 0.85 * ink.shape[0] and w >= 0.85 * ink.shape[1]:
        return True  # ink all round the crop: the outline or shadow of something smaller than the crop
    if max(h, w) < 0.3 * max(ink.shape):
        return True  # a speck: the digits span at least half the cube's side
    # the ink's own box, turned with it (a dark die turned in the crop fills its upright box less)
    _c, (rw, rh), _a = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    rw, rh = rw + 1, rh + 1
    if len(xs) > SOLID_DIE * rw * rh:
        return True  # a dark die (its pips holes in the ink), however long
    return len(xs) > SOLID_FILL * rw * rh and max(rw, rh) < SOLID_ROUND * min(rw, rh)


def _candidates(gray: np.ndarray, sat: np.ndarray, side_range: tuple[float, float]):
    """Bright, grey, nearly square blobs of the expected size: (centre, side, angle, box points)."""
    bright = percentile_u8(gray[::4, ::4], 99)
    mask = ((gray >= max(90.0, 0.62 * bright)) & (sat < CUBE_MAX_CHROMA)).astype(np.uint8)
    # cut along edges, so a white cube on a white board (or frame margin) stands apart
    edges = cv2.dilate(cv2.Canny(gray, 40, 120), np.ones((3, 3), np.uint8))
    mask[edges > 0] = 0
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    lo, hi = side_range
    out = []
    for c in contours:
        area = cv2.contourArea(c)
        if area < lo * lo * 0.6 or area > hi * hi * 1.3:
            continue
        (cx, cy), (w, h), angle = cv2.minAreaRect(c)
        if w < lo or h < lo or w > hi or h > hi or max(w, h) > 1.35 * min(w, h):
            continue
        hull = cv2.convexHull(c)
        if cv2.contourArea(hull) < 0.85 * w * h:
            continue
        out.append(((cx, cy), (w + h) / 2 + 2, angle))  # the cut edge took a pixel all round
    return out


def _ink_clusters(gray: np.ndarray, side_range: tuple[float, float]):
    """Clusters of dark ink that may be a cube's digits, for a cube whose outline does not stand out
    (a white cube on a white board): (centre, long side, short side, angle) of each."""
    lo, hi = side_range
    k = int(hi) | 1
    closed = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    black = cv2.subtract(closed, gray)
    dark = ((black > 25) & (black > 0.3 * closed)).astype(np.uint8)
    # dark marks too long to be a cube's digits (a board's centre line running under the cube, the
    # cube's shadow joined to it) are left out before the digits are joined into one cluster
    # (found at half size: a quarter of the work, and a long line stays long)
    half = cv2.resize(dark, (dark.shape[1] // 2, dark.shape[0] // 2), interpolation=cv2.INTER_NEAREST)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(half, connectivity=8)
    long_ = np.flatnonzero(np.maximum(stats[1:, 2], stats[1:, 3]) > 0.85 * hi / 2) + 1
    if len(long_):
        lut = np.zeros(n, np.uint8)
        lut[long_] = 1
        lines = cv2.dilate(lut[labels], np.ones((3, 3), np.uint8))
        lines = cv2.resize(lines, (dark.shape[1], dark.shape[0]), interpolation=cv2.INTER_NEAREST)
        dark[lines > 0] = 0
    gap = max(2, int(round(0.12 * lo)))
    joined = cv2.dilate(dark, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * gap + 1, 2 * gap + 1)))
    contours, _ = cv2.findContours(joined, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for c in contours:
        x, y, w, h = cv2.boundingRect(c)
        if max(w, h) - 2 * gap < 0.25 * lo or max(w, h) - 2 * gap > 0.85 * hi:
            continue
        rows, cols = np.nonzero(dark[y:y + h, x:x + w])
        if len(rows) < 6:
            continue
        (cx, cy), (a, b), angle = cv2.minAreaRect(np.column_stack([cols, rows]).astype(np.float32))
        if min(a, b) < 0.2 * lo:
            continue  # a thin line (a point's outline, a crack): digits are a third of the cube wide or more
        out.append(((float(x + cx), float(y + cy)), max(a, b), min(a, b), angle))
    return out


def _ink_candidates(clusters, side_range: tuple[float, float]):
    """Squares around the ink clusters, turned as the ink is: (centre, side, angle) for each
    plausible side (the digits' width is about 0.72 of the cube's side, their height 0.5)."""
    lo, hi = side_range
    return [(centre, side, angle) for centre, long_, short, angle in clusters
            for side in (long_ / 0.72, short / 0.5, long_ / 0.5) if lo <= side <= hi]


def _ink_candidates_again(gray: np.ndarray, clusters, side_range: tuple[float, float]):
    """Where the first squares read nothing: turned as the cube's own edges are (a single digit's box
    says little about the cube's turn), and a little smaller (blurred digits look wider than they are)."""
    lo, hi = side_range
    out = []
    for centre, long_, short, angle in clusters:
        turns = [angle]
        edge = _edge_turn(gray, centre, long_ / 0.6)
        if abs((edge - angle + 45) % 90 - 45) > 5:
            turns.append(edge)
        for side, again in ((long_ / 0.72, True), (0.88 * long_ / 0.72, False), (short / 0.5, True),
                            (long_ / 0.5, True)):
            if lo <= side <= hi:
                out.extend((centre, side, t) for t in turns[again:])
    return out


def _edge_turn(gray: np.ndarray, centre, side: float) -> float:
    """The turn (degrees, modulo 90) of the straight edges around centre, from gradients taken four
    times their angle (a square's four sides agree; round strokes and noise cancel out)."""
    r = int(math.ceil(0.7 * side)) + 2
    h, w = gray.shape
    x0, x1 = max(0, int(centre[0]) - r), min(w, int(centre[0]) + r + 1)
    y0, y1 = max(0, int(centre[1]) - r), min(h, int(centre[1]) + r + 1)
    win = gray[y0:y1, x0:x1].astype(np.float32)
    if win.shape[0] < 3 or win.shape[1] < 3:
        return 0.0
    gx = cv2.Sobel(win, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(win, cv2.CV_32F, 0, 1, ksize=3)
    # (gx + i gy)^4 / |g|^2 in real arithmetic: cos and sin of four times the angle, weighted by |g|^2
    c2, s2 = gx * gx - gy * gy, 2 * gx * gy
    m2 = np.maximum(gx * gx + gy * gy, 1e-6)
    return math.degrees(math.atan2(float(((2 * c2 * s2) / m2).sum()), float(((c2 * c2 - s2 * s2) / m2).sum())) / 4)


def _upright_crop(gray: np.ndarray, centre, side: float, angle: float, size: int = 64) -> np.ndarray:
    """The square around the blob, turned so its sides are level, as a size x size crop."""
    m = cv2.getRotationMatrix2D(centre, angle, size / side)
    m[0, 2] += size / 2 - centre[0]
    m[1, 2] += size / 2 - centre[1]
    return cv2.warpAffine(gray, m, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _plain_margin(crop: np.ndarray) -> bool:
    """The band just inside the cube's edge is blank face: no ink, no lines."""
    n = crop.shape[0]
    a, b = int(n * 0.08), int(n * 0.17)
    band = np.concatenate([crop[a:b, a:n - a].ravel(), crop[n - b:n - a, a:n - a].ravel(),
                           crop[a:n - a, a:b].ravel(), crop[a:n - a, n - b:n - a].ravel()])
    level = percentile_u8(crop, 90)
    return percentile_u8(band, 5) >= 0.7 * level


def _board_frame(calibration, board, home):
    """(homography image -> unit board square, player 0's home corner), or (None, home)."""
    if calibration is not None:
        w, h = calibration.size
        to_unit = np.diag([1.0 / w, 1.0 / h, 1.0]) @ calibration.homography()
        return to_unit, calibration.home
    if board is not None:
        quad = np.float32(board).reshape(4, 2)
        return cv2.getPerspectiveTransform(quad, np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])), home
    return None, home


def read_cube(image: np.ndarray, calibration=None, *, region: Optional[Sequence[int]] = None,
              board: Optional[Sequence] = None, home: str = "bottom right") -> Optional[CubeReading]:
    """The doubling cube in the frame, or None when no cube is seen.

    ``calibration`` (a vision.Calibration) or ``board`` (the playing area's corners TL, TR, BR, BL
    in the image) with ``home`` (player 0's home corner) place the cube; without them, the cube's
    place follows the turn of its digits. ``region`` [x, y, w, h] limits the search.
    """
    if image is None or not isinstance(image, np.ndarray) or image.size == 0:
        raise ImageReadError("read_cube needs a non-empty image")
    if image.ndim != 3 or image.shape[2] < 3:
        raise ImageReadError(f"read_cube needs a BGR image, got shape {image.shape}")
    bgr = np.ascontiguousarray(image[:, :, :3])
    ox = oy = 0
    to_unit, home = _board_frame(calibration, board, home)
    if region is None and to_unit is not None:
        # the cube lies on the board or just beside its frame: search the board's box, widened
        inv = np.linalg.inv(to_unit)
        box = cv2.perspectiveTransform(np.float64([[[-0.12, -0.2], [1.12, -0.2], [1.12, 1.2], [-0.12, 1.2]]]), inv)[0]
        x0, y0 = np.floor(box.min(axis=0)).astype(int)
        x1, y1 = np.ceil(box.max(axis=0)).astype(int)
        region = (x0, y0, x1 - x0, y1 - y0)
    if region is not None:
        x, y, w, h = (int(round(v)) for v in region)
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(bgr.shape[1], x + w), min(bgr.shape[0], y + h)
        if x1 <= x0 or y1 <= y0:
            return None
        bgr = bgr[y0:y1, x0:x1]
        ox, oy = x0, y0
    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    b, g, r = cv2.split(bgr)
    sat = cv2.subtract(cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r))

    if to_unit is not None:
        # a point is about 1/12.5 of the playing area's width; the cube is about 3/4 of a point
        inv = np.linalg.inv(to_unit)
        ends = cv2.perspectiveTransform(np.float64([[[0, 0.5], [1, 0.5]]]), inv)[0]
        pw = float(np.hypot(*(ends[1] - ends[0]))) / 12.5
        side_range = (0.4 * pw, 1.3 * pw)
    else:
        m = min(gray.shape)
        side_range = (m / 60, m / 5)

    def best_of(candidates, best=None):
        for (cx, cy), side, angle in candidates:
            crop = _upright_crop(gray, (cx, cy), side, angle)
            if not _plain_margin(crop):
                continue
            face, quarter, score = read_face(crop)
            if score < MIN_SCORE:
                continue
            if best is None or score > best[0]:
                best = (score, face, (cx + ox, cy + oy), angle, quarter)
        return best

    clusters = _ink_clusters(gray, side_range)
    best = best_of(_candidates(gray, sat, side_range) + _ink_candidates(clusters, side_range))
    if best is None and clusters:  # look again, harder, where nothing was read
        if to_unit is not None:  # only across the middle, where a centre line or the bar runs under the cube
            centres = np.float64([[[c[0][0] + ox, c[0][1] + oy] for c in clusters]])
            v = cv2.perspectiveTransform(centres, to_unit)[0, :, 1]
            clusters = [c for c, vv in zip(clusters, v) if 0.3 <= vv <= 0.7]
        best = best_of(_ink_candidates_again(gray, clusters, side_range))
    if best is None:
        return None
    score, face, (cx, cy), angle, quarter = best
    where = _where(to_unit, home, (cx, cy), angle, quarter)
    return CubeReading(face=face, where=where, confidence=round(score, 3))


def _where(to_unit, home: str, centre, angle: float, quarter: int) -> str:
    bottom_player = "player0" if home.startswith("bottom") else "player1"
    top_player = "player1" if bottom_player == "player0" else "player0"
    if to_unit is not None:
        u, v = cv2.perspectiveTransform(np.float64([[centre]]), to_unit)[0, 0]
        if 0.3 <= v <= 0.7:
            return "middle"
        return bottom_player if v > 0.5 else top_player
    # no geometry: digits upright face the bottom player, upside down the top player
    turn = (round(angle / 90.0) + quarter) % 4
    if turn == 0:
        return bottom_player
    if turn == 2:
        return top_player
    return "middle"


# --------------------------------------------------------------------- not reading it every frame

SIGNATURE_CELLS = 150  # cells across the shorter side of the searched area: a cube spans six or more
SIGNATURE_CELL_MIN = 3  # pixels a side at least
SIGNATURE_TOLERANCE = 20.0  # grey levels a cell may drift (noise, light) before the area counts as changed


@dataclass(frozen=True)
class CubeSignature:
    """A cheap fingerprint of the area the cube is searched in: its grey levels averaged over a
    coarse grid (each cell about a quarter of a cube's side or less). Hashable; compare with `changed`."""

    region: tuple[int, int, int, int]
    shape: tuple[int, int]
    cells: bytes

    def changed(self, other: Optional["CubeSignature"], tolerance: float = SIGNATURE_TOLERANCE) -> bool:
        """True when the area looks different from `other` (or `other` is None, or another area).

        A change of the light over the whole area (the camera's exposure) is taken out first: the
        median difference is subtracted, so only a local change (cube turned or moved, a hand, a
        die) counts.
        """
        if other is None or other.region != self.region or other.shape != self.shape:
            return True
        a = np.frombuffer(self.cells, np.uint8).astype(np.int16)
        b = np.frombuffer(other.cells, np.uint8).astype(np.int16)
        diff = a - b
        diff -= int(np.median(diff))
        return int(np.abs(diff).max()) > tolerance


def cube_signature(image: np.ndarray, region: Optional[Sequence[int]] = None, colour: bool = False) -> CubeSignature:
    """The fingerprint of image[region] (x, y, w, h; the whole image when None) for telling whether
    the cube's area changed since the last read: a tenth or less of read_cube's time (see
    bench/dice_eval.py). In `colour` (BGR cells), a thing nearly the grey of what it lies on but
    not its colour changes it too (a checker going into a tray: vision.reader)."""
    if image is None or not isinstance(image, np.ndarray) or image.size == 0:
        raise ImageReadError("cube_signature needs a non-empty image")
    h, w = image.shape[:2]
    if region is None:
        region = (0, 0, w, h)
    x, y, rw, rh = (int(round(v)) for v in region)
    x0, y0, x1, y1 = max(0, x), max(0, y), min(w, x + rw), min(h, y + rh)
    if x1 <= x0 or y1 <= y0:
        raise ImageReadError(f"cube_signature: region {tuple(region)} lies outside the {w}x{h} image")
    # whole cells of a whole number of pixels (OpenCV's fast path for area averaging)
    cell = max(SIGNATURE_CELL_MIN, int(min(x1 - x0, y1 - y0) // SIGNATURE_CELLS))
    cols, rows = max(1, (x1 - x0) // cell), max(1, (y1 - y0) // cell)
    crop = image[y0:y0 + min(rows * cell, y1 - y0), x0:x0 + min(cols * cell, x1 - x0)]
    if crop.ndim == 3:
        crop = np.ascontiguousarray(crop[:, :, :3])
        if not colour:
            crop = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    cells = cv2.resize(crop, (cols, rows), interpolation=cv2.INTER_AREA)
    return CubeSignature((x0, y0, x1 - x0, y1 - y0), (rows, cols), cells.tobytes())


class CachedCubeReader:
    """read_cube that reads again only when the cube's area changed: a drop-in for
    BoardReader(calibration, read_cube=CachedCubeReader()).

    Each call takes the signature of the area searched (the region given, else the whole frame) and
    returns the last reading while the signature stays the same. `reads` counts the real reads.
    """

    def __init__(self, read: Optional[Callable] = None, tolerance: float = SIGNATURE_TOLERANCE):
        self._read = read or read_cube
        self.tolerance = tolerance
        self._last: Optional[CubeSignature] = None
        self._reading: Optional[CubeReading] = None
        self.reads = 0

    def __call__(self, image: np.ndarray, calibration=None, **kwargs) -> Optional[CubeReading]:
        signature = cube_signature(image, kwargs.get("region"))
        if signature.changed(self._last, self.tolerance):
            self._reading = self._read(image, calibration, **kwargs)
            self._last = signature
            self.reads += 1
        return self._reading

    def forget(self) -> None:
        """Read again on the next call (a new calibration, a new game)."""
        self._last = None
