"""Calibration (R1): find the board in a frame and learn its geometry and checker colours.

Everything is learnt from one image whose position is known (the starting position by default, or
a label in the format of ../shared/data/README.md); no colour or size is a constant of one board.
Geometry is kept as the playing area's four corners in the image (in the order top-left, top-right,
bottom-right, bottom-left of the *turned* image) plus the board's outer outline; the reader warps
the playing area to a small canonical rectangle where the 12 points of a row are equal columns.
"""
from __future__ import annotations

import dataclasses
import json
import logging
import pathlib
from dataclasses import dataclass, field

import cv2
import numpy as np

from . import labels as labels_mod
from .errors import CalibrationError, CalibrationMismatchError, ImageReadError  # noqa: F401 (re-exported)
from .image import as_image, sq_dist3  # noqa: F401 (as_image re-exported)
from .outline import beyond_outline, locate_board, other_outlines
from .outline import find_outline as find_drawn_outline
from .outline import order_corners  # noqa: F401 (re-exported)

log = logging.getLogger(__name__)

POINT_WIDTH = 32  # canonical pixels per point column
HOMES = ("bottom right", "bottom left", "top right", "top left")
START = {24: 2, 13: 5, 8: 3, 6: 5}  # the starting position, in a side's own numbering
VERSION = 2  # 2: the bar's own colours apart from the checkers' are BAR_BOARD (version 1 stored them as board)
MIN_SCORE = 22  # points of 24 the calibration image must read back as given
# a labelled game in progress: its few stacks may stand where its checkers are hardest to tell
# (on points of their own colour); the playing area is then found by how it fits the points
# (fitted_layouts), not by the read back alone, and a board that reads most of them is kept
MIN_SCORE_LABELLED = 20
# points short of MIN_SCORE (MIN_SCORE_LABELLED) from which the slow ways are still tried, the common
# sizes of a checker and rows seen in a comb of their colour (each a search of every outline
# again): they have turned 20 and 21 points into 23, while an image further off (a game in
# progress offered as the start position, a wrong label) gains nothing from them and they cost it
# most of its 20 s before it is refused (7-8 s a search on the 2-core test machine)
RESCUE_GAP = 3
SURE_ASPECT = 1.5  # an outline longer than this times its width shows which way the points run


def turn_corners(corners: np.ndarray, rotate: int) -> np.ndarray:
    """Image-order corners re-ordered so that corner 0 is the top-left of the image turned by `rotate`."""
    return np.roll(corners, (rotate // 90) % 4, axis=0)


def find_board(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Find the board: its outer outline and its playing area (4 corners each, image order)."""
    outer, inner, _ = board_layout(image, 0)
    return outer, inner


BASE_FIELDS = ("image_size", "rotate", "corners", "outer", "size", "bar")  # a Calibration's geometry (_base)


def _base(image: np.ndarray, rotate: int, outer, corners, bar_frac) -> dict:
    """The geometry fields of a Calibration (BASE_FIELDS) from a found outline, playing area and bar."""
    w_c = float(np.linalg.norm(corners[1] - corners[0]) + np.linalg.norm(corners[2] - corners[3])) / 2
    h_c = float(np.linalg.norm(corners[3] - corners[0]) + np.linalg.norm(corners[2] - corners[1])) / 2
    W = 12 * POINT_WIDTH
    bar = None
    if bar_frac is not None:
        W = int(round(12 * POINT_WIDTH / (1 - (bar_frac[1] - bar_frac[0]))))
        bar = (int(round(bar_frac[0] * W)), int(round(bar_frac[1] * W)))
    H = int(round(W * h_c / max(w_c, 1.0)))
    return dict(
        image_size=(image.shape[1], image.shape[0]),
        rotate=rotate,
        corners=tuple(tuple(map(float, c)) for c in corners),
        outer=tuple(tuple(map(float, c)) for c in outer),
        size=(W, H),
        bar=bar,
    )


def named_layouts(image: np.ndarray, outer: np.ndarray, by_rows: bool = False,
                  one_band: bool | None = None) -> list[tuple[str, tuple]]:
    """Candidate (outline, playing area, bar) inside the outline `outer` (turned image's order),
    named by where each came from: the point triangles' ("triangles"; with `by_rows`, their
    "triangles by rows" too where _layouts makes one: a calibration's candidate, checked by reading
    its position back; with `one_band`, by default as `by_rows`, "triangles, the bar in one row" where
    _layouts makes one) and the frame band's ("frame"); those that cannot be found are left out."""
    out = []
    try:
        out += [(name, (outer, area, bar)) for name, area, bar in _layouts(image, outer, by_rows, one_band)]
    except CalibrationError as exc:
        log.debug("no layout from the triangles: %s", exc)
    try:
        out.append(("frame", (outer, _inner_area(image, outer), None)))
    except CalibrationError as exc:
        log.debug("no layout from the frame band: %s", exc)
    return out


def board_layouts(image: np.ndarray, rotate: int, outer=None) -> list:
    """Candidate (outline, playing area, bar) of the board (named_layouts); calibration keeps the
    one that reads the known position back best. `outer`: the outline (image order) when already
    found."""
    outer = turn_corners(find_outline(image) if outer is None else np.float32(outer), rotate)
    out = [layout for _, layout in named_layouts(image, outer, by_rows=True)]
    if not out:
        raise CalibrationError("board outline found but no playing area inside it")
    return out


def turned_base(base: dict, rotate: int) -> dict | None:
    """The same layout seen from the image turned by `rotate` instead of base["rotate"] (half a turn
    apart: the corners go round by two, the bar mirrors), or None when the two are a quarter turn
    apart (the rows would run the other way)."""
    turn = (rotate - base["rotate"]) % 360
    if turn % 180:
        return None
    if not turn:
        return base
    W, _ = base["size"]
    bar = base["bar"]
    return dict(base, rotate=rotate, corners=tuple(np.roll(np.float64(base["corners"]), 2, axis=0).tolist()),
                outer=tuple(np.roll(np.float64(base["outer"]), 2, axis=0).tolist()),
                bar=None if bar is None else (W - bar[1], W - bar[0]))


FITTED_LAYOUTS = 3  # the photo reader's best-fitting playing areas a labelled calibration tries too


def fitted_layouts(image: np.ndarray, rotate: int) -> list[dict]:
    """The playing areas that fit the points best as the photo reader finds them (vision.photo:
    its own outline, the rows snapped to where the points begin, made even about the bar), turned
    to `rotate`: a labelled game in progress shows few stacks, and a layout off by a point or two
    can read them back as well as the right one, so the candidates must be good ones."""
    from . import photo  # (photo builds on this module)

    try:
        found = photo.locate_photo(image)
        # (without the photo's layout with a bar in one row's band: the calibration has its own,
        # and that one among the best three fitted ones left out one the read back had chosen:
        # labelled seeds 0, 1, 3 and 5 lost 11 frames and gained 6)
        scored = photo.candidate_layouts(image, np.float32(found.corners), one_band=False)
    except (CalibrationError, cv2.error) as exc:
        log.debug("no fitted layouts: %s", exc)
        return []
    out = []
    for fit, name, base in scored[:FITTED_LAYOUTS]:
        if fit < scored[0][0] - photo.FIT_NEAR:
            break
        turned = turned_base(base, rotate)
        if turned is not None:
            out.append(turned)
    return out


def board_layout(image: np.ndarray, rotate: int | None = None):
    """(outline, playing area, bar) of the board in an image; bar is the (start, end) of a central
    bar as fractions of the playing area's width, or None. Corners are in the order of the image
    turned by `rotate` (by default 0 or 90, whichever puts the board's long side across)."""
    image = as_image(image)
    outer = find_outline(image)
    if rotate is None:
        wide = np.linalg.norm(outer[1] - outer[0]) >= np.linalg.norm(outer[3] - outer[0])
        rotate = 0 if wide else 90
    outer = turn_corners(outer, rotate)
    try:
        inner, bar = _layout(image, outer)
    except CalibrationError:
        inner, bar = _inner_area(image, outer), None
    return outer, inner, bar


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    m = np.concatenate([[0], mask.astype(np.int8), [0]])
    d = np.diff(m)
    return list(zip(np.flatnonzero(d == 1).tolist(), np.flatnonzero(d == -1).tolist()))


def _medians(values: np.ndarray, axis: int) -> np.ndarray:
    """np.median of uint8 values along `axis`, exactly, by counting each value: faster than a sort where
    each median is of many values (500 values: a sixth of np.median's time), slower for a hundred."""
    v = np.moveaxis(values, axis, -1)
    n = v.shape[-1]
    flat = v.reshape(-1, n)
    m = len(flat)
    cum = np.bincount((np.arange(m)[:, None] * 256 + flat).ravel(), minlength=m * 256).reshape(m, 256).cumsum(1)
    lo = (cum <= (n - 1) // 2).sum(1)  # the middle value (the lower of the two middle ones)
    hi = (cum <= n // 2).sum(1)
    return ((lo + hi) / 2.0).reshape(v.shape[:-1])


def _median_lab(lab8: np.ndarray, axis: int) -> np.ndarray:
    """The median colour of uint8 Lab pixels along `axis` (_medians), in the layouts' weighted Lab
    (L halved), float32."""
    return (_medians(lab8, axis) * np.float32([0.5, 1.0, 1.0])).astype(np.float32)


def _uniform_rows(lab: np.ndarray, cols: np.ndarray, lab8: np.ndarray) -> np.ndarray:
    """The share of each row's columns `cols` near the row's median colour (weighted Lab `lab`, of
    the Lab pixels lab8, uint8)."""
    med = _median_lab(lab8[:, cols], 1)
    return (np.sqrt(sq_dist3(lab[:, cols], med[:, None])) < 14).mean(1)


def _piecewise_errors(prefix: np.ndarray, prefix2: np.ndarray, a: np.ndarray, b: np.ndarray, n: int) -> np.ndarray:
    """Squared error per pixel of a profile against n equal constant pieces between a[i] and b[i]
    (from cumulative sums; a pixel of slack at each boundary)."""
    t = np.linspace(0.0, 1.0, n + 1)
    edges = np.round(a[:, None] + (b - a)[:, None] * t[None, :]).astype(int)
    lo, hi = edges[:, :-1] + 1, edges[:, 1:] - 1
    width = np.maximum(hi - lo, 1)[..., None]
    s1 = prefix[hi] - prefix[lo]
    s2 = prefix2[hi] - prefix2[lo]
    err = (s2 - s1 * s1 / width).sum(axis=(1, 2))
    err[(hi - lo).min(1) < 2] = np.inf
    return err / (b - a)


def _refine_columns(lab: np.ndarray, x0: int, x1: int, bar, y_span, pw: float, rows=("top", "bottom")):
    """Snap the playing area's sides (and the bar's) to where the point bases change colour:
    along the edge rows each point is one flat colour, so the right boundaries make the profile
    piecewise constant (along the bases of both rows, or of those of `rows`)."""
    y0, y1 = y_span
    band = max(2, int((y1 - y0) * 0.05))
    bands = {"top": lab[y0 + 1: y0 + 1 + band].mean(0), "bottom": lab[y1 - 1 - band: y1 - 1].mean(0)}
    profile = np.concatenate([bands[r] for r in rows], axis=1).astype(np.float64)
    c = profile.shape[1]
    prefix = np.concatenate([np.zeros((1, c)), np.cumsum(profile, 0)])
    prefix2 = np.concatenate([np.zeros((1, c)), np.cumsum(profile ** 2, 0)])
    reach = int(pw * 0.4)
    W = len(profile)

    def best(a0, b0, n):
        a, b = np.meshgrid(np.arange(max(0, a0 - reach), min(W, a0 + reach + 1)),
                           np.arange(max(0, b0 - reach), min(W, b0 + reach + 1)), indexing="ij")
        a, b = a.ravel(), b.ravel()
        keep = b - a > n * 4
        a, b = a[keep], b[keep]
        i = int(np.argmin(_piecewise_errors(prefix, prefix2, a, b, n)))
        return int(a[i]), int(b[i])

    if bar is None:
        x0, x1 = best(x0, x1, 12)
        return x0, x1, None
    w = x1 - x0
    b0, b1 = x0 + int(round(bar[0] * w)), x0 + int(round(bar[1] * w))
    x0, b0 = best(x0, b0, 6)
    b1, x1 = best(b1, x1, 6)
    return x0, x1, ((b0 - x0) / (x1 - x0), (b1 - x0) / (x1 - x0))


def _dense(playing: np.ndarray, window: int) -> np.ndarray:
    """Where most of a window is playing area: a plain sliver inside a point column (its middle
    under a low-contrast triangle) joins the area, a thin edge line beside the frame does not."""
    k = max(3, window | 1)
    return np.convolve(playing.astype(np.float32), np.ones(k, np.float32) / k, "same") > 0.5


def _span(playing: np.ndarray, min_run: int) -> tuple[int, int]:
    long_runs = [r for r in _runs(playing) if r[1] - r[0] >= min_run]
    if not long_runs:
        raise CalibrationError("no point triangles found inside the board outline")
    return long_runs[0][0], long_runs[-1][1]


HALVES_EVEN = 1.1  # a half of the playing area longer than the other by more than this holds more than its points


def _even_halves(x0: int, x1: int, bar):
    """(x0, x1, bar) with the longer half cut to the other's length: both halves hold six equal
    points, and a tray or box beside one half is not one of them."""
    if bar is None:
        return x0, x1, bar
    b0, b1 = x0 + bar[0] * (x1 - x0), x0 + bar[1] * (x1 - x0)
    left, right = b0 - x0, x1 - b1
    if max(left, right) <= HALVES_EVEN * min(left, right):
        return x0, x1, bar
    x0, x1 = (int(round(b0 - right)), x1) if left > right else (x0, int(round(b1 + left)))
    return x0, x1, ((b0 - x0) / (x1 - x0), (b1 - x0) / (x1 - x0))


def _layout(image: np.ndarray, outer: np.ndarray):
    """(playing area, bar) inside the outline: the first of _layouts."""
    return _layouts(image, outer)[0][1:]


def _layouts(image: np.ndarray, outer: np.ndarray, by_rows: bool = False, one_band: bool | None = None) -> list:
    """[(name, playing area, bar)] inside the outline: the part crossed by the slanting sides of the point
    triangles. The frame, the bar and the trays are plain along their length: no steep edges and
    one colour nearly throughout; a column or row of the playing area has one or the other. Then,
    with `by_rows`, where each row's own bases put its sides apart from the other row's (by ROWS_ASKEW), the area
    with each row's sides where its bases put them: an outline askew (a frame corner the
    table's colour, the outline's corner found inside it) makes the area a trapezoid in the
    outline's frame, not the rectangle the first one is. And with `one_band` (by default as
    `by_rows`), where no bar is plain across both rows' bands, the area with a bar plain in one
    row's band only (checkers on the bar)."""
    W = 640
    w = float(np.linalg.norm(outer[1] - outer[0]))
    h = float(np.linalg.norm(outer[3] - outer[0]))
    H = max(64, int(round(W * h / max(w, 1.0))))
    M = cv2.getPerspectiveTransform(np.float32(outer), np.float32([[0, 0], [W, 0], [W, H], [0, H]]))
    warped = cv2.GaussianBlur(cv2.warpPerspective(image, M, (W, H)), (3, 3), 0)
    gray = cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY).astype(np.float32)
    steep = np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)) > 24
    lab8 = cv2.cvtColor(warped, cv2.COLOR_BGR2LAB)
    lab = lab8.astype(np.float32)
    lab[..., 0] *= 0.5
    # rows of each half, away from the middle where a cube or dice may lie on the bar
    bands = []
    for rows in (slice(int(H * 0.1), int(H * 0.4)), slice(int(H * 0.6), int(H * 0.9))):
        med = _median_lab(lab8[rows], 0)
        uniform = (np.sqrt(sq_dist3(lab[rows], med[None])) < 14).mean(0)
        bands.append((steep[rows].mean(0) < 0.05) & (uniform > 0.85))
    plain_x = bands[0] & bands[1]
    pw = W / 14.0
    span = _span(_dense(~plain_x, int(pw * 0.5)), int(pw))
    area, bar, (x0, y0, x1, y1) = _area_within(M, lab, lab8, steep, plain_x, *span, _bar_run(plain_x, *span, pw), pw)
    found = [("triangles", area, bar)]
    if by_rows:
        top = _refine_columns(lab, x0, x1, bar, (y0, y1), pw, rows=("top",))
        bottom = _refine_columns(lab, x0, x1, bar, (y0, y1), pw, rows=("bottom",))
        if max(abs(top[0] - bottom[0]), abs(top[1] - bottom[1])) >= ROWS_ASKEW * pw:
            pts = np.float32([[top[0], y0], [top[1], y0], [bottom[1], y1], [bottom[0], y1]]).reshape(-1, 1, 2)
            rows_bar = None if bar is None else tuple((a + b) / 2 for a, b in zip(top[2], bottom[2]))
            found.append(("triangles by rows", cv2.perspectiveTransform(pts, np.linalg.inv(M)).reshape(4, 2),
                          rows_bar))
    if bar is None and (by_rows if one_band is None else one_band):
        # checkers on the bar cross one row's band: the bar is plain in the other row's only. So is
        # a tall stack's face (uniform, no steep sides): the area with such a bar is a candidate of
        # its own, for the calibration's read back or the photo reader's fit to choose
        one = _bar_run(bands[0], *span, pw) or _bar_run(bands[1], *span, pw)
        if one is not None:
            try:
                found.append(("triangles, the bar in one row",
                              *_area_within(M, lab, lab8, steep, plain_x, *span, one, pw)[:2]))
            except CalibrationError:
                pass
    return found


def _area_within(M, lab, lab8, steep, plain_x, x0: int, x1: int, bar, pw: float) -> tuple:
    """The playing area in the outline's warped frame (M: outline to it) from the columns x0..x1
    and the bar (fractions of x0..x1, or None) found in its plain columns: (its corners in the
    image, the bar, (x0, y0, x1, y1) as snapped in the warped frame)."""
    W, H = lab.shape[1], lab.shape[0]
    x0, x1, bar = _even_halves(x0, x1, bar)
    cols = np.flatnonzero(~plain_x[x0:x1]) + x0
    plain_y = (steep[:, cols].mean(1) < 0.05) & (_uniform_rows(lab, cols, lab8) > 0.85)
    y_rough = _span(~plain_y, int(pw * 0.4))
    x0, x1, bar = _refine_columns(lab, x0, x1, bar, y_rough, pw)
    # the bar found wider by its snap (its wood's grain taken for points at first) may show a tray
    # beside one half only now: cut and snapped again
    even = _even_halves(x0, x1, bar)
    if even != (x0, x1, bar):
        x0, x1, bar = _refine_columns(lab, *even, y_rough, pw)
    y0, y1 = y_rough  # (the same columns: the rows as plain as they were)
    if x1 - x0 < W * 0.5 or y1 - y0 < H * 0.5:
        raise CalibrationError("the playing area found is too small")
    pts = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, np.linalg.inv(M)).reshape(4, 2), bar, (x0, y0, x1, y1)


def _bar_run(plain: np.ndarray, x0: int, x1: int, pw: float):
    """The bar (its sides as fractions of x0..x1): the last plain run of columns between x0 and x1
    wider than a third of a point whose middle lies near the middle; None where there is none."""
    bar = None
    for a, b in _runs(plain[x0:x1]):
        if b - a > 0.3 * pw and 0.35 < (a + b) / 2 / (x1 - x0) < 0.65:
            bar = (a / (x1 - x0), b / (x1 - x0))
    return bar


ROWS_ASKEW = 0.25  # of a point's width: rows whose sides lie this far apart give a layout of their own


def _band_edge(profile: np.ndarray) -> int | None:
    """Index where the frame band ends, scanning a brightness profile from the board's edge inward."""
    n = len(profile)
    lim = max(4, int(n * 0.15))
    head = profile[:lim]
    lowest = int(np.argmin(head))
    level_in = float(np.median(profile[lim: 2 * lim]))
    level_min = float(head[lowest])
    if level_in - level_min < 8:  # no contrasting band: the playing area reaches the edge
        return None
    cut = level_min + 0.5 * (level_in - level_min)
    for i in range(lowest, n):
        if profile[i] >= cut:
            return i
    return None


def _inner_area(image: np.ndarray, outer: np.ndarray) -> np.ndarray:
    """The playing area inside an outer board outline: inside the frame band on every side."""
    W, H = 600, 400
    M = cv2.getPerspectiveTransform(outer, np.float32([[0, 0], [W, 0], [W, H], [0, H]]))
    warped = cv2.cvtColor(cv2.warpPerspective(image, M, (W, H)), cv2.COLOR_BGR2GRAY).astype(np.float32)
    rows = np.median(warped[:, W // 4: 3 * W // 4], axis=1)
    cols = np.median(warped[H // 4: 3 * H // 4, :], axis=0)
    top = _band_edge(rows)
    bottom = _band_edge(rows[::-1])
    left = _band_edge(cols)
    right = _band_edge(cols[::-1])
    x0 = left or 0
    x1 = W - (right or 0)
    y0 = top or 0
    y1 = H - (bottom or 0)
    if x1 - x0 < W * 0.5 or y1 - y0 < H * 0.5:
        raise CalibrationError("board found but its playing area could not be told from the frame")
    pts = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, np.linalg.inv(M)).reshape(4, 2)


# --------------------------------------------------------------------------- point mapping

def point_place(home: str, player: int, point: int) -> tuple[str, int]:
    """(row, column 0..11 from the left) of `point` (1..24) in `player`'s numbering.

    `home` is player 0's home corner in the turned image; player 1's home is across from it
    (same side, other row), and each player's points run round the board in a U.
    """
    row0, side = home.split()
    row = row0 if player == 0 else ("top" if row0 == "bottom" else "bottom")
    other = "top" if row == "bottom" else "bottom"
    if point <= 12:
        k = point - 1  # 0 at the home side's end
        col = 11 - k if side == "right" else k
        return row, col
    k = 24 - point  # 0 at the home side's end of the other row
    col = 11 - k if side == "right" else k
    return other, col


def start_label(home: str, colours: tuple[str, str]) -> dict:
    """The label of the starting position with player 0's home at `home`, player i in colours[i]."""
    rows = {"top": [[None, 0] for _ in range(12)], "bottom": [[None, 0] for _ in range(12)]}
    for player in (0, 1):
        for point, count in START.items():
            row, col = point_place(home, player, point)
            rows[row][col] = [colours[player], count]
    return {"rotate": 0, "top": rows["top"], "bottom": rows["bottom"], "uncertain": []}


def edge_checkers(label: dict, cal) -> tuple:
    """Canonical discs (x, y, radius) of a labelled image's checkers at the playing area's edge:
    the first of each point (at its base) and the first five of the points along the sides."""
    W, H = cal.size
    out = []
    for r, row in enumerate(("top", "bottom")):
        for col, (colour, count) in enumerate(label[row]):
            if not colour or not count:
                continue
            x0, x1 = cal.column_span(col)
            for k in range(min(int(count), 5) if col in (0, 11) else 1):
                d = cal.offset[r] + (k + 0.5) * cal.pitch
                out.append((round((x0 + x1) / 2, 1), round(d if row == "top" else H - d, 1), round(cal.pitch / 2, 1)))
    return tuple(out)


def pip_total(label: dict, home: str, colours: tuple[str, str]) -> int:
    """Both sides' pip counts summed, if player i has colours[i] and player 0's home is `home`."""
    total = 0
    for player in (0, 1):
        for point in range(1, 25):
            row, col = point_place(home, player, point)
            colour, count = label[row][col]
            if colour == colours[player]:
                total += point * count
    return total


# --------------------------------------------------------------------------- calibration

def find_outline(image) -> np.ndarray:
    """The board's outline (4 corners, image order): from ArUco markers at its corners when three
    or four are in view (hardware/aruco_markers.py prints them), else from the board itself."""
    from .markers import find_markers  # (markers.py imports vision.outline)

    image = as_image(image)
    marked = find_markers(image)
    return marked if marked is not None else find_drawn_outline(image)


HOLDS_MORE = 1.05  # an outline holding another is this much larger at least


def _holds(outer, other) -> bool:
    """Whether the outline `outer` holds the outline `other` (every corner inside, within ON_OUTLINE
    of its diagonal: outline.beyond_outline) and is larger by HOLDS_MORE."""
    return (beyond_outline(other, outer) <= ON_OUTLINE
            and cv2.contourArea(np.float32(outer)) >= HOLDS_MORE * cv2.contourArea(np.float32(other)))


def _trays_from(data, where: str) -> tuple:
    from .trays import Tray

    return tuple(Tray.from_dict(t, where) for t in data)


@dataclass(frozen=True)
class Calibration:
    """What the reader needs to know about one board under one camera; saved as JSON."""

    image_size: tuple[int, int]  # (width, height) of the frames
    rotate: int  # degrees clockwise that turn the image so the points hang from top and bottom
    corners: tuple[tuple[float, float], ...]  # playing area, TL TR BR BL of the turned image
    outer: tuple[tuple[float, float], ...]  # the board's outline, same order
    size: tuple[int, int]  # canonical (width, height) of the warped playing area
    bar: tuple[int, int] | None  # canonical x range of a central bar, None if the board has none
    colours: tuple[str, str]  # names of the two checker colours
    players: tuple[str, str]  # colour of player 0, player 1
    home: str  # player 0's home corner in the turned image, e.g. "bottom right"
    centroids: tuple[tuple[int, float, float, float], ...]  # (class, L, a, b); class 0 = board
    pitch: float  # canonical pixels per checker along a stack
    offset: tuple[float, float]  # (top, bottom): extent of a stack = offset[row] + pitch * count
    distance_limit: float  # colour distance above which a pixel is foreign (hand, sleeve)
    reference: tuple[tuple[int, ...], ...] = field(default=(), repr=False)  # gray board outline ring
    reference_chroma: tuple = field(default=(), repr=False)  # its Lab a and b (empty: gray only)
    reference_checkers: tuple = ()  # canonical (x, y, radius) of the calibration image's checkers at
    # the playing area's edge (edge_checkers): they and their shadows may lie in the ring's reference
    light: bool = False  # the colours were learnt with uneven light taken out: take it out of frames too
    rims: tuple[int, ...] = (-1, -1, -1, -1)  # per kind of point (checkers.cell_kind): the checker colour
    # nearly that point's own colour (counted there from its rims), checkers.EITHER, or -1
    own_off: tuple[int, ...] = ()  # the kinds of point on which a checker colour (rims) is not read by
    # colour (checkers.own_colour_off): chosen where that reads the calibration image back better
    absent: tuple = ()  # per kind of point, the centroids (indices) not on its points (checkers.classify)
    faces: tuple = ()  # weighted Lab of each checker colour's face (for checkers.rim_counts)
    face_models: tuple = field(default=(), repr=False)  # per checker colour, (radius, least likeness, gray face) or ()
    # (checkers.face_models: its checkers counted by their faces where they are nearly a point's colour)
    trays: tuple = field(default=(), repr=False)  # vision.trays.Tray beside the playing area, if any
    bar_bare: tuple = field(default=(), repr=False)  # the bare bar's rows taken for a checker colour (checkers.bare_bar)

    # ---- geometry
    @property
    def base(self) -> dict:
        """The geometry fields (BASE_FIELDS, as _base makes them): the layout, to calibrate again."""
        return {k: getattr(self, k) for k in BASE_FIELDS}

    def homography(self) -> np.ndarray:
        """Image -> canonical playing-area coordinates."""
        W, H = self.size
        return cv2.getPerspectiveTransform(
            np.float32(self.corners), np.float32([[0, 0], [W, 0], [W, H], [0, H]])
        )

    def column_span(self, col: int) -> tuple[int, int]:
        """Canonical x range of point column `col` (0..11 from the left of the turned image)."""
        W, _ = self.size
        if self.bar is None:
            pw = W / 12.0
            return int(round(col * pw)), int(round((col + 1) * pw))
        b0, b1 = self.bar
        if col < 6:
            pw = b0 / 6.0
            return int(round(col * pw)), int(round((col + 1) * pw))
        pw = (W - b1) / 6.0
        return int(round(b1 + (col - 6) * pw)), int(round(b1 + (col - 5) * pw))

    def point_place(self, player: int, point: int) -> tuple[str, int]:
        """(row, column) in the turned image of `player`'s point 1..24."""
        return point_place(self.home, player, point)

    def right_half_of(self, player: int) -> str:
        """Which half of the image ("left half"/"right half") is `player`'s right (R8).

        A player sits at their home row's edge facing the board, so their right is the image's
        right for the player at the bottom and the image's left for the player at the top (halves
        as Die.where names them: of the image as shown, or of the turned image for 90/270).
        """
        row, _ = self.point_place(player, 1)
        right = row == "bottom"
        if self.rotate == 180:  # halves as the untouched image shows them
            right = not right
        return "right half" if right else "left half"

    # ---- persistence
    def to_dict(self) -> dict:
        return {
            "version": VERSION,
            "image_size": list(self.image_size),
            "rotate": self.rotate,
            "corners": [list(map(float, c)) for c in self.corners],
            "outer": [list(map(float, c)) for c in self.outer],
            "size": list(self.size),
            "bar": list(self.bar) if self.bar else None,
            "colours": list(self.colours),
            "players": list(self.players),
            "home": self.home,
            "centroids": [list(c) for c in self.centroids],
            "pitch": self.pitch,
            "offset": list(self.offset),
            "distance_limit": self.distance_limit,
            "reference": [list(r) for r in self.reference],
            "reference_chroma": [[list(r) for r in c] for c in self.reference_chroma],
            "reference_checkers": [list(c) for c in self.reference_checkers],
            "light": self.light,
            "rims": list(self.rims),
            "own_off": list(self.own_off),
            "absent": [list(t) for t in self.absent],
            "faces": [list(f) for f in self.faces],
            "face_models": [list(f) for f in self.face_models],
            "trays": [t.to_dict() for t in self.trays],
            "bar_bare": [[list(f) for f in half] for half in self.bar_bare],
        }

    @classmethod
    def from_dict(cls, data: dict, where: str = "calibration") -> "Calibration":
        try:
            if data.get("version") not in (1, VERSION):
                raise CalibrationMismatchError(f"{where}: not a bgref board calibration (version {data.get('version')!r})")
            cal = cls(
                image_size=tuple(int(v) for v in data["image_size"]),
                rotate=int(data["rotate"]),
                corners=tuple(tuple(float(v) for v in c) for c in data["corners"]),
                outer=tuple(tuple(float(v) for v in c) for c in data["outer"]),
                size=tuple(int(v) for v in data["size"]),
                bar=tuple(int(v) for v in data["bar"]) if data.get("bar") else None,
                colours=tuple(str(c) for c in data["colours"]),
                players=tuple(str(c) for c in data["players"]),
                home=str(data["home"]),
                centroids=_centroids_from(data),
                pitch=float(data["pitch"]),
                offset=tuple(float(v) for v in data["offset"]),
                distance_limit=float(data["distance_limit"]),
                reference=tuple(tuple(int(v) for v in r) for r in data.get("reference", ())),
                reference_chroma=tuple(tuple(tuple(int(v) for v in r) for r in c)
                                       for c in data.get("reference_chroma", ())),
                reference_checkers=tuple(tuple(float(v) for v in c) for c in data.get("reference_checkers", ())),
                light=bool(data.get("light", False)),
                rims=tuple(int(v) for v in data.get("rims", (-1, -1, -1, -1))),
                own_off=_own_off_from(data),
                absent=tuple(tuple(int(v) for v in t) for t in data.get("absent", ())),
                faces=tuple(tuple(float(v) for v in f) for f in data.get("faces", ())),
                face_models=tuple(tuple(float(v) for v in f) for f in data.get("face_models", ())),
                trays=_trays_from(data.get("trays", ()), where),
                bar_bare=tuple(tuple(tuple(int(v) for v in f) for f in half) for half in data.get("bar_bare", ())),
            )
            if cal.bar_bare and (len(cal.bar_bare) != 2 or any(len(half) != 2 for half in cal.bar_bare)):
                raise ValueError("a bare bar that is not two halves of two colours")
            for face in cal.face_models:  # () or (radius, least likeness, the face's (2r+1)^2 pixels)
                if face and not (face[0] >= 1 and len(face) == 2 + (2 * int(face[0]) + 1) ** 2):
                    raise ValueError(f"a face model of {len(face)} values for radius {face[0]}")
            if any(len(disc) != 3 for disc in cal.reference_checkers):  # (x, y, radius)
                raise ValueError("an edge checker that is not (x, y, radius)")
        except CalibrationMismatchError:
            raise
        except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
            raise CalibrationMismatchError(f"{where}: calibration file is incomplete or malformed ({exc!r})") from exc
        if len(cal.corners) != 4 or len(cal.outer) != 4 or len(cal.colours) != 2 or cal.home not in HOMES:
            raise CalibrationMismatchError(f"{where}: calibration file has bad geometry or colours")
        return cal

    def save(self, path: str | pathlib.Path) -> None:
        pathlib.Path(path).write_text(json.dumps(self.to_dict()))

    @classmethod
    def load(cls, path: str | pathlib.Path) -> "Calibration":
        path = pathlib.Path(path)
        try:
            data = json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            raise CalibrationMismatchError(f"{path}: calibration file is not JSON ({exc})") from exc
        if not isinstance(data, dict):
            raise CalibrationMismatchError(f"{path}: calibration file is not a JSON object")
        return cls.from_dict(data, str(path))

    def check_frame(self, frame: np.ndarray) -> None:
        """CalibrationMismatchError if the frame is not the size the calibration was made for."""
        h, w = frame.shape[:2]
        if (w, h) != tuple(self.image_size):
            raise CalibrationMismatchError(
                f"frame is {w}x{h} but the calibration was made on {self.image_size[0]}x{self.image_size[1]} frames"
            )

    # ---- learning
    @classmethod
    def from_image(
        cls,
        image,
        labels: dict | str | pathlib.Path | None = None,
        *,
        players: tuple[str, str] | None = None,
        home: str | None = None,
    ) -> "Calibration":
        """Learn a calibration from one image with a known position.

        With no labels the image must show the starting position; geometry, colours, which colour
        is player 0 (the player whose home board is along the bottom edge of the turned image) and
        which way each moves follow from it. With a label (dict or file), player 0 is `players[0]`
        or else the colour labelled first, and `home` is player 0's home corner or else the one that
        gives the smaller total pip count (checkers are usually nearer home than not). With no
        label the points run along the outline's longer side, or, when the outline is nearly
        square (a board seen at a steep angle), whichever way reads the position back better.
        """
        from . import checkers  # the colour model and point reading live there

        image = as_image(image)
        if home is not None and home not in HOMES:
            raise CalibrationError(f"home must be one of {HOMES}, not {home!r}")
        if labels is not None and not isinstance(labels, dict):
            labels = labels_mod.load(labels)
        if labels is not None:
            labels_mod.validate(labels)
            if labels.get("hand_in_view"):
                raise CalibrationError("the calibration image has a hand over the board")
        given_rotate = int(labels.get("rotate", 0)) if labels is not None else None
        from .markers import find_markers  # (markers.py imports vision.outline)

        marked = find_markers(image)
        # where no whole outline stands out from the table (a cup or a sheet against the board's
        # edge, a tray the table's colour), the outline of the board as one partly covered: the
        # position read back in it below refuses a wrong outline (or an arm)
        outer_img = marked if marked is not None else np.float32(locate_board(image).corners)
        if labels is not None:
            names = labels_mod.colours(labels)
            if len(names) != 2:
                raise CalibrationError(f"the calibration label must name two checker colours, it names {names}")
            colours = (names[0], names[1])
            candidates = [(labels, colours, home)]
        else:
            colours = ("colour0", "colour1")
            homes = (home,) if home else ("bottom right", "bottom left")
            candidates = [(start_label(h, colours), colours, h) for h in homes]
        fits: dict = {}

        def above(found, than) -> bool:
            """Whether the layout `found` ranks above `than` (each (fields, score, label, home, base)):
            _ranks_above, the layouts' fit on the points measured once each."""
            def fit(base) -> float:
                if id(base) not in fits:
                    fits[id(base)] = (base, _layout_fit(image, base))  # (the base kept: its id stays its own)
                return fits[id(base)][1]
            return _ranks_above((found[1], found[4]), (than[1], than[4]), fit)

        def search(outer_img, pitch_grid: bool = False, combs: bool = False):
            """(best layout, its fields and score, or None; the first layout error) in this outline;
            pitch_grid, combs: checkers.learn's (the common sizes of a checker tried too; rows seen
            only in a comb of their colour counted in the read back too)."""
            rotations = [given_rotate]
            if given_rotate is None:
                across = np.linalg.norm(outer_img[1] - outer_img[0])
                down = np.linalg.norm(outer_img[3] - outer_img[0])
                rotations = [0, 90] if across >= down else [90, 0]
                if max(across, down) >= SURE_ASPECT * min(across, down):
                    rotations = rotations[:1]  # (a board seen at a steep angle may look nearly square)
            best, layout_error = None, None
            layouts: dict = {}
            # the light is taken out first (fitted on the empty points); where that fails to read the
            # position back (checkers the colour of the felt or of their points: the fit on the empty
            # points then bends their colours into the board's), the image as it is is tried too, and
            # the calibration remembers which (the reader does the same). A labelled game in progress
            # tries the image as it is too unless every point read back, and keeps the better ranked
            # (_ranked): its few stacks tell the two less surely (labelled seeds 0, 1, 2 and 5 gained
            # 6, 2, 2 and 1 boards, 6 and 7 lost 1 each; about 1 s more a calibration). Where neither
            # reads the position back, the board is modelled per kind of point as well (checkers the
            # colour of one kind of point: checkers.classify), kept only where it reads more points
            # back (the freer model also fits a wrong geometry better, and reads pyramids on such
            # points worse)
            for light, kinds in ((True, False), (False, False), (True, True), (False, True)):
                if best is not None and best[1][0] >= (24 if labels is not None and not kinds else MIN_SCORE):
                    continue
                for rotate in rotations:
                    if best is not None and best[1][0] >= 24:
                        break  # every point read back: the other way round cannot do better
                    if rotate not in layouts:
                        try:
                            layouts[rotate] = [_base(image, rotate, *g) for g in board_layouts(image, rotate, outer_img)]
                        except CalibrationError as exc:
                            layout_error = layout_error or exc
                            layouts[rotate] = []
                        if labels is not None:  # a game in progress: few stacks to tell a wrong layout by
                            layouts[rotate] += fitted_layouts(image, rotate)
                    for base in layouts[rotate]:  # the geometry that reads the known position back best
                        for label, cols, cand_home in candidates:
                            try:
                                fields, score = checkers.learn(image, base, label, cols, light=light, kinds=kinds,
                                                               check_bar=True, learn_faces=True,
                                                               as_reader=True, pitch_grid=pitch_grid,
                                                               combs=combs, rows_told=True,
                                                               in_progress=labels is not None)
                            except CalibrationError as exc:
                                log.debug("candidate failed: %s", exc)
                                continue
                            if best is None or (score[0] > best[1][0] if kinds else
                                                above((fields, score, label, cand_home, base), best)):
                                best = (fields, score, label, cand_home, base)
            return best, layout_error

        def read_back(best) -> int:
            """Points of 24 the best layout read back; where under MIN_SCORE, 24 if its faces read
            every point right: the reader counts by faces too (left out of the score: learnt from
            this very image); where faces learnt without the stacks it misreads without them read
            every point right, the faces can be trusted to read such stacks, and the board is kept."""
            if best is None:
                return -1
            fields, score, label, _, base = best
            if score[0] < MIN_SCORE:
                plain = {k: v for k, v in fields.items() if k != "named_colours"}
                if checkers.faces_read_back(image, base, plain, label, colours) == 24:
                    return 24
            return score[0]

        need = MIN_SCORE if labels is None else MIN_SCORE_LABELLED
        best, layout_error = search(outer_img)
        score = read_back(best)

        def try_again(outline, pitch_grid: bool, why: str, enough: int, combs: bool = False) -> bool:
            """Search `outline` again (see search), keep its best layout where it reads back more
            points than the best so far, or as many and ranks higher (_ranked: a stack that hides a
            corner of the playing area can pull one outline's corner a point in, and a game in
            progress may still read back as many points there); whether `enough` points are now
            read back."""
            nonlocal best, score
            found, _ = search(outline, pitch_grid=pitch_grid, combs=combs)
            points = read_back(found)
            if points > score or (points == score and found is not None and best is not None
                                  and found[1][0] == best[1][0] and above(found, best)):
                if points == score and best[4]["rotate"] == found[4]["rotate"] \
                        and _holds(best[4]["outer"], found[4]["outer"]):
                    # (a tie: the playing area found, in the larger outline it lies in, which holds
                    # what lies beside the points, a tray; the gate watches round that)
                    found = (*found[:4], dict(found[4], outer=best[4]["outer"]))
                best, score = found, points
                log.info("%s reads %d points back", why, score)
            return score >= enough

        outlines = [np.float32(outer_img)]
        if score < 24 and marked is None:
            # the outline may be wrong (a frame the table's colour taken for table and the playing
            # area cut short, clutter taken in): the outlines its finder's other ways find are
            # tried too, and the one whose layout reads the position back best is kept. So too
            # where a point or two is not read back: an outline a little askew (a frame corner the
            # table's colour) still reads most of them, and misreads the stacks along its side in play
            for other in other_outlines(image, outer_img):
                outlines.append(other)
                if try_again(other, False, "the outline found another way", 24):
                    break
        # checkers that show the colour model only a part of themselves (one colour nearly the
        # felt's, the other a point's) make every stack look short, and the size fitted on them
        # too: the common sizes of a checker are tried as well, in each outline
        for outline in outlines if need - RESCUE_GAP <= score < need else ():
            if try_again(outline, True, "a common checker size", need):
                break
        # checkers the colour model sees only in a comb of their colour (black checkers whose faces
        # it takes for the black points, seen at their rims; maroon ones on burgundy points seen in
        # the middle of each face) read short or not at all: counted so too (the reader always does;
        # not before, where the rows they add would blur the choice between the colour models)
        for outline in outlines if need - RESCUE_GAP <= score < need else ():
            if try_again(outline, False, "rows seen in a comb of their colour", need, combs=True):
                break
        if best is None and layout_error is not None:
            raise layout_error
        if best is None:
            raise CalibrationError("could not learn the checker colours from the calibration image")
        fields, _, label, home_, base = best
        named = fields.pop("named_colours")
        if score < need:
            raise CalibrationError(
                f"the calibration image does not show the {'given' if labels else 'starting'} position "
                f"(only {score} of 24 points read back)"
            )
        if score < MIN_SCORE:
            log.warning("the calibration image reads back only %d of its 24 points as labelled: "
                        "the stacks it misreads may be misread in play too", score)
        if labels is None:
            if named[0] == named[1]:
                named = (f"{named[0]} 1", f"{named[1]} 2")
            colours = named
            players_ = colours  # player 0 is the colour whose home is along the bottom edge (or `home`)
            if players:
                if set(players) != set(colours):
                    raise CalibrationError(f"players {tuple(players)} do not match the colours seen {colours}")
                players_ = tuple(players)
                if players_ != colours:  # the other colour holds player 0's points: mirror the home
                    row, side = home_.split()
                    home_ = f"{'top' if row == 'bottom' else 'bottom'} {side}"
        else:
            players_ = tuple(players) if players else colours
            if set(players_) != set(colours):
                raise CalibrationError(f"players {players_} do not match the label colours {colours}")
            if home is not None:
                home_ = home
            else:
                home_ = min(HOMES, key=lambda h: pip_total(label, h, players_))
        from .occlusion import ring_chroma, ring_reference

        reference = ring_reference(image, base["outer"], base["corners"])
        chroma = ring_chroma(image, base["outer"], base["corners"])
        cal = cls(**base, colours=colours, players=players_, home=home_, reference=reference,
                  reference_chroma=chroma, **fields)
        cal = dataclasses.replace(cal, reference_checkers=edge_checkers(label, cal))
        if cal.bar is not None and not any((label.get("bar") or {}).values()):  # (the bar bare: a start's has none)
            _, classes = checkers.reader_view(checkers.warp(image, cal.homography(), cal.size), cal.centroids,
                                              cal.light, cal.bar, cal.absent,
                                              [cal.column_span(c) for c in range(12)])
            cal = dataclasses.replace(cal, bar_bare=checkers.bare_bar(classes, cal.bar, cal.pitch))
        from .trays import find_trays  # (trays.py imports this module)

        return dataclasses.replace(cal, trays=find_trays(image, cal))


ON_OUTLINE = 0.005  # of the outline's diagonal: a playing area's corner this near the outline lies on it


LAYOUT_FIT_NEAR = 0.05  # layout fits (vision.photo.layout_score) this near are alike: the confidence decides


def _layout_fit(image: np.ndarray, base: dict) -> float:
    """How well a layout's columns fit the board's points (vision.photo.layout_score, as the photo
    ranks its layouts); -inf where it cannot be measured."""
    from . import photo  # (photo builds on this module)

    try:
        return photo.layout_score(image, base)
    except (CalibrationError, cv2.error, ValueError):
        return float("-inf")


def _ranks_above(a: tuple, b: tuple, fit) -> bool:
    """Whether layout a ranks above layout b, each (score, base): by _ranked, but between layouts
    alike up to their confidence, the one whose columns fit the points clearly better (`fit`: the
    layout's _layout_fit) first. A game in progress's few stacks can read back as well in a layout
    that lays its columns across the bar (labelled seed 3 style 23: 23 of 24 in a layout of fit
    0.72 and in one of 0.97 with the bar; the first was a little surer, and every frame after read
    the points beside the bar wrong)."""
    ra, rb = _ranked(*a), _ranked(*b)
    if ra[:-1] != rb[:-1]:
        return ra > rb
    fa, fb = fit(a[1]), fit(b[1])
    if abs(fa - fb) > LAYOUT_FIT_NEAR:
        return fa > fb
    return ra[-1] > rb[-1]


def _ranked(score: tuple, base: dict) -> tuple:
    """How a layout ranks by what it read back: the points read right first; between layouts that
    read as many, one with neither a bar nor a frame inside the outline (the frame band's playing
    area where no band was found: every corner on the outline) after the others (on a game in
    progress whose few stacks it still reads, it can be the frame taken in), then by the
    confidence of the reading."""
    outer = np.float32(base["outer"])
    near = ON_OUTLINE * float(np.linalg.norm(outer[2] - outer[0]))
    on_outline = all(abs(cv2.pointPolygonTest(outer.reshape(-1, 1, 2), (float(x), float(y)), True)) <= near
                     for x, y in base["corners"])
    return (*score[:-1], base.get("bar") is not None or not on_outline, score[-1])


def _centroids_from(data: dict) -> tuple:
    """A file's colour model. Version 1 stored the bar's colours far from every checker's as BOARD,
    and its bar model took every board colour for board: such a file with a bar model has its board
    colours as BAR_BOARD, which the points' model takes for board as before and the bar's too."""
    from . import checkers  # (checkers imports nothing of this module)
    cents = tuple((int(c[0]), float(c[1]), float(c[2]), float(c[3])) for c in data["centroids"])
    if data.get("version") == 1 and any(c[0] == checkers.BAR for c in cents):
        cents = tuple((checkers.BAR_BOARD if c[0] == checkers.BOARD else c[0], *c[1:]) for c in cents)
    return cents


def _own_off_from(data: dict) -> tuple:
    """A file's kinds of point with a checker colour taken out (own_off): a list of kinds, or as
    files before it stored it, true for every kind whose checkers are counted by rims."""
    own = data.get("own_off", ())
    if isinstance(own, bool):
        rims = data.get("rims", (-1, -1, -1, -1))
        return tuple(t for t, r in enumerate(rims) if r in (0, 1)) if own else ()
    return tuple(int(t) for t in own)
