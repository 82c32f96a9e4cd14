"""Borne-off checkers in the trays beside the playing area.

A tray is the plain region between the playing area's left or right edge and the board's outer
outline, wide enough to hold a checker; `find_trays` finds it in the calibration image (where it
differs from the frame band round the board). `read_trays` counts the checkers in it per colour:
checkers standing on edge (the usual tournament way) are thin slabs, as wide as a checker, counted
by their repeating stripes along the tray; checkers lying flat are discs, counted by area. Every
size comes from the calibration's checker pitch, every colour from its learnt colour model.
`read_tray_counts` gives the same with a confidence; a tray it cannot read (a hand over it, or
slabs whose joints do not show, as in a 640x360 frame) is `covered` and `read_trays` says None.
"""
from __future__ import annotations

import logging
import math
from dataclasses import dataclass

import cv2
import numpy as np

from . import checkers
from .calibration import Calibration
from .errors import CalibrationMismatchError
from .image import as_image, sq_dist3

log = logging.getLogger(__name__)

SIDES = ("left", "right")
MIN_WIDTH = 0.6  # a tray is at least this many checker diameters wide
SLAB_WIDTH = 0.86  # a slab on edge (or a flat checker) spans at least this much of a diameter
SLAB_THICKNESS = (0.15, 0.6)  # thickness of a checker, in diameters, that the stripe period may take
FOREIGN = 0.1  # a tray with more of its pixels far from every learnt colour is covered
UNSEEN = 0.3  # a run of three or more slabs must show at least this share of its joints
MIN_DIAMETER = 48.0  # pixels per checker diameter a tray is read at (smaller ones are enlarged)
MIN_CONFIDENCE = 0.15  # read_trays gives no counts below this confidence
BEYOND = 1.6  # past an outline found at the playing area's edge, a tray at most this many diameters wide
ALONG_SIDE = 0.8  # runs along at least this share of the playing area's side
FRAME_DISTANCE = 18.0  # Lab distance beyond which a pixel differs from the frame beside it


@dataclass(frozen=True)
class Tray:
    """One tray: its quad in the image (TL, TR, BR, BL of the turned image, long side up-down),
    which side of the playing area it lies on, and the Lab colours of its empty floor."""

    side: str
    quad: tuple[tuple[float, float], ...]
    background: tuple[tuple[float, float, float], ...] = ()

    def to_dict(self) -> dict:
        """JSON-ready form (a calibration file keeps its trays so)."""
        return {"side": self.side, "quad": [list(c) for c in self.quad],
                "background": [list(c) for c in self.background]}

    @classmethod
    def from_dict(cls, data: dict, where: str = "tray") -> "Tray":
        try:
            tray = cls(str(data["side"]), tuple(tuple(float(v) for v in c) for c in data["quad"]),
                       tuple(tuple(float(v) for v in c) for c in data.get("background", ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise CalibrationMismatchError(f"{where}: malformed tray ({exc!r})") from exc
        if tray.side not in SIDES or len(tray.quad) != 4 or any(len(c) != 2 for c in tray.quad) \
                or any(len(c) != 3 for c in tray.background):
            raise CalibrationMismatchError(f"{where}: a tray needs a side in {SIDES}, 4 corners and Lab colours")
        return tray

    def moved(self, homography: np.ndarray) -> "Tray":
        """The same tray after the board moved by `homography` (old image -> new image), as
        BoardReader.relocate moves the calibrated geometry."""
        q = cv2.perspectiveTransform(np.float64(self.quad).reshape(-1, 1, 2), np.float64(homography)).reshape(4, 2)
        return Tray(self.side, tuple(tuple(round(float(v), 2) for v in c) for c in q), self.background)

    @property
    def size(self) -> tuple[int, int]:
        """(width, length) in image pixels: the resolution it is read at."""
        q = np.float64(self.quad)
        w = (np.linalg.norm(q[1] - q[0]) + np.linalg.norm(q[2] - q[3])) / 2
        h = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
        return max(2, int(round(w))), max(2, int(round(h)))


@dataclass(frozen=True)
class TrayReading:
    """Borne-off checkers seen in the trays: per colour name, how many stand on edge and lie flat,
    with a confidence 0..1 (1: every group fits a whole number of checkers)."""

    counts: tuple[tuple[str, int], ...]
    confidence: float
    flat: tuple[tuple[str, int], ...] = ()
    covered: bool = False  # a tray not readable (a hand over it, joints of slabs not resolved)

    def as_dict(self) -> dict[str, int]:
        return dict(self.counts)


# ----------------------------------------------------------------------------- finding trays


def _diameter(cal: Calibration) -> float:
    """The checker diameter in canonical pixels: the learnt pitch, kept near a point's width."""
    W, _ = cal.size
    pw = (W - ((cal.bar[1] - cal.bar[0]) if cal.bar else 0)) / 12.0
    return float(min(max(cal.pitch, 0.7 * pw), 1.1 * pw))


def _canvas(cal: Calibration, margin: float, scale: float = 1.0):
    """Homography image -> a canvas in canonical units (times `scale`) holding the whole outline and
    `margin` canonical pixels round it; with the outline's box and the canvas origin (canonical)."""
    Hc = cal.homography()
    outer = cv2.perspectiveTransform(np.float32(cal.outer).reshape(-1, 1, 2), Hc).reshape(4, 2)
    box = (float(outer[:, 0].min()), float(outer[:, 1].min()), float(outer[:, 0].max()), float(outer[:, 1].max()))
    W, H = cal.size
    x0 = math.floor(min(box[0], 0) - margin)
    y0 = math.floor(min(box[1], 0) - margin)
    x1 = math.ceil(max(box[2], W) + margin)
    y1 = math.ceil(max(box[3], H) + margin)
    shift = np.array([[scale, 0, -x0 * scale], [0, scale, -y0 * scale], [0, 0, 1]], np.float64)
    size = (int((x1 - x0) * scale) + 1, int((y1 - y0) * scale) + 1)
    return shift @ Hc, size, box, (x0, y0)


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    m = np.concatenate([[0], mask.astype(np.int8), [0]])
    d = np.diff(m)
    return list(zip(np.flatnonzero(d == 1).tolist(), np.flatnonzero(d == -1).tolist()))


def _nearest(lab: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """Distance of every Lab pixel to the nearest of a few colours."""
    return np.sqrt(sq_dist3(lab[..., None, :], colours)).min(-1)


def find_trays(image, calibration: Calibration) -> tuple[Tray, ...]:
    """The trays of a calibrated board, found in the calibration image itself: beside the playing
    area's left or right edge, a region that differs from the frame (as the frame looks just above
    and below the playing area) over a width that holds a checker, inside the outline and closed
    by frame on its far side. () when the board has none."""
    image = as_image(image)
    cal = calibration
    cal.check_frame(image)
    W, H = cal.size
    d = _diameter(cal)
    _, _, box, _ = _canvas(cal, 0.0)
    frameless = -box[0] < MIN_WIDTH * d or box[2] - W < MIN_WIDTH * d  # an outline at the playing area
    margin = (0.75 + BEYOND) * d if frameless else 0.75 * d  # (a frame the table's colour): look past it
    M, size, box, (cx, cy) = _canvas(cal, margin)
    canvas = cv2.warpPerspective(image, M, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(cv2.medianBlur(canvas, 3), cv2.COLOR_BGR2LAB).astype(np.float32)
    lab[..., 0] *= checkers.L_WEIGHT  # light changes lightness most: weigh it down, as the colour model does
    # the frame: what lies above and below the playing area, out to the outline (at least a
    # strip), less any colour of the board itself (a playing area found a little inside its edge)
    xa, xb = int(round(0.1 * W - cx)), int(round(0.9 * W - cx))
    top_out = min(max(box[1] + 0.1 * (0 - box[1]), -0.5 * d), -0.3 * d)
    bottom_out = max(min(box[3] - 0.1 * (box[3] - H), H + 0.5 * d), H + 0.3 * d)
    strips = [lab[max(0, int(round(top_out - cy))): int(round(-0.05 * d - cy)), xa:xb],
              lab[int(round(H + 0.05 * d - cy)): int(round(bottom_out - cy)), xa:xb]]
    frame_px = np.concatenate([s.reshape(-1, 3) for s in strips])
    if len(frame_px) < 16:
        return ()
    clusters = _kmeans(frame_px, 3)
    share = np.bincount(np.argmin(sq_dist3(frame_px[:, None, :], clusters[None]), 1), minlength=len(clusters))
    share = share / max(1, len(frame_px))
    board = _weighted([c[1:] for c in cal.centroids if c[0] in checkers.BOARD_COLOURS])
    like_board = [bool(len(board)) and float(np.sqrt(((board - c) ** 2).sum(1)).min()) <= FRAME_DISTANCE
                  for c in clusters]
    # not the blend along an edge (a small share), nor a sliver of the board (unless it is most)
    away = [c for c, s, b in zip(clusters, share, like_board) if s >= 0.15 and (not b or s >= 0.5)]
    frame = np.array(away, np.float32) if away else clusters[[int(np.argmax(share))]]
    own = _nearest(frame_px, frame)
    spread = float(np.percentile(own[own < np.percentile(own, 60)], 90)) if len(own) > 10 else 0.0
    limit = max(FRAME_DISTANCE, 2.5 * spread)
    rows = np.arange(int(round(0.05 * H - cy)), int(round(0.95 * H - cy)))
    out = []
    for side in SIDES:
        if side == "left":
            xs = np.arange(int(round(0 - cx)) - 1, -1, -1)  # outward from the playing area's edge
            outline = box[0] - cx
        else:
            xs = np.arange(int(round(W - cx)), size[0])
            outline = box[2] - cx
        room = abs(outline - xs[0]) if len(xs) else 0.0
        beyond = room < MIN_WIDTH * d  # no frame seen inside the outline: the tray may lie past it
        other = _nearest(lab[rows][:, xs], frame) > limit
        col = other.mean(0) > 0.5
        if beyond:  # a tray as wide as a checker or two, past a strip of frame, closed by frame
            runs = [(a, b) for a, b in _runs(col)
                    if MIN_WIDTH * d <= b - a <= BEYOND * d and a <= 0.75 * d and b < len(xs)]
        else:
            runs = [(a, b) for a, b in _runs(col)
                    if b - a >= MIN_WIDTH * d and a <= 0.75 * d  # beside the playing area, past a strip
                    and a + 0.5 * d < room  # starts inside the outline
                    and (b < len(xs) and b <= room + 0.5 * d)]  # closed by frame, not the table
        if not runs:
            log.debug("%s side: %.1f checkers of room but no tray in it", side, room / d)
            continue
        a, b = runs[0]
        sel = xs[a:b]
        x0, x1 = int(sel.min()), int(sel.max()) + 1
        band = _nearest(lab[:, x0:x1], frame) > limit
        row_frac = band.mean(1)
        mid = int(round(H / 2 - cy))
        yr = _runs(row_frac > 0.5)
        if not yr:
            continue
        # the tray's length: the run of rows at the middle, joined across a thin divider
        i = min(range(len(yr)), key=lambda k: 0 if yr[k][0] <= mid < yr[k][1] else min(abs(yr[k][0] - mid), abs(yr[k][1] - mid)))
        y0, y1 = yr[i]
        for p, q in yr[i + 1:]:
            if p - y1 > 0.25 * d:
                break
            y1 = q
        for p, q in yr[i - 1::-1] if i else ():
            if y0 - q > 0.25 * d:
                break
            y0 = p
        y0, y1 = max(y0, int(round(-0.5 * d - cy))), min(y1, int(round(H + 0.5 * d - cy)))
        if y1 - y0 < 2 * d or not (y0 < mid < y1):
            continue
        if beyond and y1 - y0 < ALONG_SIDE * H:  # past the outline, only a tray along the whole side
            # counts: a cup or a scoresheet on the table beside the board is shorter
            log.debug("%s side: a patch past the outline %.1f checkers long is no tray", side, (y1 - y0) / d)
            continue
        y0, y1 = _extend(lab[:, x0:x1], frame, (y0, y1), (int(round(-0.5 * d - cy)), int(round(H + 0.5 * d - cy))), d)
        rect = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).reshape(-1, 1, 2)
        quad = cv2.perspectiveTransform(rect, np.linalg.inv(M)).reshape(4, 2)
        tray = Tray(side, tuple(tuple(round(float(v), 2) for v in c) for c in quad),
                    _background(lab[y0:y1, x0:x1], cal))
        log.debug("tray on the %s: %s", side, tray.quad)
        out.append(tray)
    return tuple(out)


def _extend(column: np.ndarray, frame: np.ndarray, core: tuple[int, int], bounds: tuple[int, int], d: float):
    """Grow a tray's rows from its sure core while they look more like its floor near them than
    like the frame: under uneven light a dim end of the tray may pass for frame by a fixed limit."""
    y0, y1 = core
    lo, hi = max(0, bounds[0]), min(column.shape[0], bounds[1])
    reach = max(2, int(0.5 * d))

    def floor_like(y: int, floor: np.ndarray) -> bool:
        px = column[y]
        return float((_nearest(px, floor) < _nearest(px, frame)).mean()) > 0.5

    top_floor = _kmeans(column[y0:min(y1, y0 + reach)].reshape(-1, 3), 2)  # the floor at each sure end
    bottom_floor = _kmeans(column[max(y0, y1 - reach):y1].reshape(-1, 3), 2)
    while y0 > lo and floor_like(y0 - 1, top_floor):
        y0 -= 1
    while y1 < hi and floor_like(y1, bottom_floor):
        y1 += 1
    return y0, y1


def _kmeans(points: np.ndarray, k: int) -> np.ndarray:
    points = points.reshape(-1, 3).astype(np.float32)
    if len(points) > 4000:
        points = points[:: len(points) // 4000]
    k = max(1, min(k, len(points)))
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(3)
    _, _, centres = cv2.kmeans(points, k, None, criteria, 2, cv2.KMEANS_PP_CENTERS)
    return centres


def _weighted(colours) -> np.ndarray:
    """Lab colours (L as stored in a calibration) with lightness weighed down like the colour model."""
    out = np.array(colours, np.float32).reshape(-1, 3)
    out[:, 0] *= checkers.L_WEIGHT
    return out


def _background(floor_lab: np.ndarray, cal: Calibration) -> tuple[tuple[float, float, float], ...]:
    """Lab colours of the tray's floor (its most common colours, unless they are a checker colour:
    a tray holding checkers in the calibration image keeps only its floor). `floor_lab` has its
    lightness weighed down; the colours come back as a calibration stores them."""
    cents = _kmeans(floor_lab, 3)
    checker_lab = _weighted([c[1:] for c in cal.centroids if c[0] not in checkers.BOARD_COLOURS])
    keep = []
    for c in cents:
        near = float(np.sqrt(((checker_lab - c) ** 2).sum(1)).min()) if len(checker_lab) else 1e9
        if near > FRAME_DISTANCE:
            keep.append((round(float(c[0]) / checkers.L_WEIGHT, 2), round(float(c[1]), 2), round(float(c[2]), 2)))
    return tuple(keep)


# ----------------------------------------------------------------------------- reading trays


def _scale(cal: Calibration, tray: Tray) -> float:
    """Image pixels (of the warped tray) per canonical pixel, along the tray."""
    q = cv2.perspectiveTransform(np.float32(tray.quad).reshape(-1, 1, 2), cal.homography()).reshape(4, 2)
    canon_len = (np.linalg.norm(q[3] - q[0]) + np.linalg.norm(q[2] - q[1])) / 2
    return tray.size[1] / max(float(canon_len), 1.0)


def tray_classes(image: np.ndarray, cal: Calibration, tray: Tray, zoom: float = 1.0, with_distance: bool = False):
    """The tray warped upright at its image resolution (times `zoom`), each pixel classed as floor
    (0) or a checker colour (1, 2) by the calibration's colour model plus the tray's own floor
    colours. Returns (classes, warped BGR), and each pixel's colour distance to its class with
    `with_distance`."""
    w, h = tray.size
    w, h = max(2, int(round(w * zoom))), max(2, int(round(h * zoom)))
    M = cv2.getPerspectiveTransform(np.float32(tray.quad), np.float32([[0, 0], [w, 0], [w, h], [0, h]]))
    warped = cv2.warpPerspective(image, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    cents = tuple(cal.centroids) + tuple((checkers.BOARD, *c) for c in tray.background)
    lut_class, lut_dist = checkers.build_lut(cents)
    idx = checkers.bin_index(warped)
    if with_distance:
        return lut_class[idx], warped, lut_dist[idx]
    return lut_class[idx], warped


def _longest_runs(mask: np.ndarray) -> np.ndarray:
    """Per row, the length of the longest run of True."""
    out = np.zeros(mask.shape[0], np.int32)
    m = mask.astype(np.int32)
    run = np.zeros(mask.shape[0], np.int32)
    for x in range(mask.shape[1]):
        run = (run + 1) * m[:, x]
        np.maximum(out, run, out=out)
    return out


def _flat_checkers(mask: np.ndarray, d: float) -> tuple[int, np.ndarray, list[float], int]:
    """Checkers lying flat: groups of discs a checker wide, counted by area (one alone is round; a
    file of several is waisted between them). Returns the count, the mask without them, how well
    each group's area fits a whole number of discs, and the number of large groups of checker
    colour that are neither discs nor slabs on edge (a hand, a sleeve)."""
    disc = math.pi * d * d / 4
    n_labels, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    rest = mask.copy()
    count, fits, blobs = 0, [], 0
    for i in range(1, n_labels):
        area = float(stats[i, cv2.CC_STAT_AREA])
        if area < 0.6 * disc:
            continue
        x, y, bw, bh = stats[i, :4]
        part = (labels[y:y + bh, x:x + bw] == i).astype(np.uint8)
        contours, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        outline = max(contours, key=cv2.contourArea)
        (_, _), (rw, rh), _ = cv2.minAreaRect(outline)
        short, long_ = sorted((rw + 1, rh + 1))  # contour points are pixel centres: a pixel more
        fill = area / max(short * long_, 1.0)
        solidity = area / max(cv2.contourArea(cv2.convexHull(outline)), 1.0)
        x = area / disc
        m = int(round(x))
        circularity = 4 * math.pi * area / max(cv2.arcLength(outline, True) ** 2, 1.0)
        round_one = m == 1 and 0.85 * d <= short and long_ <= 1.25 * d and circularity > 0.82
        a_file = m >= 2 and 0.85 * d <= short <= 1.25 * d and solidity < 0.93 and abs(long_ - m * d) < 0.4 * d
        if (round_one or a_file) and 0.62 < fill < 0.83:  # a disc fills 0.785 of its box, slabs more
            count += m
            fits.append(1.0 - 2.0 * abs(x - m))
            rest[labels == i] = False
        elif area > 1.2 * disc and (part.sum(1) >= SLAB_WIDTH * d).mean() < 0.6:
            blobs += 1  # large, and neither round nor a run of slabs
    return count, rest, fits, blobs


def _blocks(wide: np.ndarray, d: float) -> list[tuple[int, int]]:
    """Runs of slab rows, joined across the thin gaps between checkers standing side by side."""
    out: list[list[int]] = []
    for a, b in _runs(wide):
        if out and a - out[-1][1] <= 0.2 * d:
            out[-1][1] = b
        else:
            out.append([a, b])
    return [(a, b) for a, b in out if b - a >= 0.06 * d]


def _autocorr(profile: np.ndarray, lags: range) -> np.ndarray:
    p = profile - profile.mean()
    denom = float((p * p).sum()) or 1.0
    return np.array([float((p[:-lag] * p[lag:]).sum()) / denom if lag < len(p) else 0.0 for lag in lags])


def _period(profiles: list[np.ndarray], d: float) -> float | None:
    """The checker thickness: the stripe period shared by the slab blocks (pooled autocorrelation
    of their colour profiles; the shortest lag near the best, so a multiple is not taken)."""
    lo, hi = max(2, int(SLAB_THICKNESS[0] * d)), int(SLAB_THICKNESS[1] * d) + 1
    lags = range(lo, hi)
    total, weight = np.zeros(len(lags)), 0.0
    for p in profiles:
        if len(p) < 2 * lo + 2:
            continue
        w = float(len(p))
        total += w * _autocorr(p, lags)
        weight += w
    if weight == 0:
        return None
    corr = total / weight
    best = float(corr.max())
    if best < 0.2:
        return None
    peaks = [i for i in range(len(corr)) if corr[i] >= 0.8 * best
             and (i == 0 or corr[i] >= corr[i - 1]) and (i == len(corr) - 1 or corr[i] >= corr[i + 1])]
    i = peaks[0] if peaks else int(np.argmax(corr))
    lag = float(lags[i])
    if 0 < i < len(corr) - 1:
        a, b, c = corr[i - 1], corr[i], corr[i + 1]
        den = a - 2 * b + c
        if den < 0:
            lag += 0.5 * (a - c) / den
    return lag


def _refine(profile: np.ndarray, period: float) -> tuple[float, int]:
    """The stripe period of one block from its joints (the peaks of its colour change, at least
    0.6 period apart): first to last joint over the whole number of periods between them; and how
    many joints show."""
    base = float(np.median(profile))
    top = float(profile.max())
    if top - base < 1.0:
        return period, 0
    inner = profile[1:-1]
    local = np.flatnonzero((inner >= profile[:-2]) & (inner >= profile[2:])
                           & (inner >= base + 0.35 * (top - base))) + 1
    peaks: list[int] = []
    for i in local[np.argsort(profile[local])[::-1]]:
        if all(abs(int(i) - j) >= 0.6 * period for j in peaks):
            peaks.append(int(i))
    if len(peaks) < 2:
        return period, len(peaks)
    span = max(peaks) - min(peaks)
    k = int(round(span / period))
    if k < 1:
        return period, len(peaks)
    refined = span / k
    return (refined if 0.85 * period < refined < 1.15 * period else period), len(peaks)


def read_tray_counts(image, calibration: Calibration, trays) -> TrayReading | None:
    """Borne-off checkers in the trays per colour name, with a confidence; None when no tray is
    visible. Slabs on edge are counted from their block's length over the stripe period; flat
    checkers by area; anything narrower than a checker (a die, the cube) is not counted."""
    trays = tuple(trays or ())
    if not trays:
        return None
    image = as_image(image)
    cal = calibration
    names = cal.colours
    counts = {name: 0 for name in names}
    flat = {name: 0 for name in names}
    fits: list[float] = []
    pending = []  # (colour, block length) of slab blocks, counted once the period is known
    profiles = []
    d_img = 0.0
    covered = False
    for tray in trays:
        d = _diameter(cal) * _scale(cal, tray)
        zoom = max(1.0, MIN_DIAMETER / d)  # a small tray is read enlarged: joints a few pixels apart
        d *= zoom
        classes, warped, dist = tray_classes(image, cal, tray, zoom, with_distance=True)
        foreign = float((dist > cal.distance_limit).mean())
        if foreign > FOREIGN:
            log.debug("tray on the %s: %.0f%% foreign colour (a hand?)", tray.side, 100 * foreign)
            covered = True
        d_img = max(d_img, d)
        lab = None
        w = classes.shape[1]
        close = cv2.getStructuringElement(cv2.MORPH_RECT, (max(3, int(0.1 * d) | 1), 1))
        for k, name in enumerate(names, start=1):
            mask = cv2.morphologyEx((classes == k).astype(np.uint8), cv2.MORPH_CLOSE, close) > 0
            n_flat, mask, f, blobs = _flat_checkers(mask, d)
            if blobs:
                log.debug("tray on the %s: %d large shapes of %s that are no checkers", tray.side, blobs, name)
                covered = True
            flat[name] += n_flat
            counts[name] += n_flat
            fits += f
            wide = _longest_runs(mask) >= SLAB_WIDTH * d
            if not wide.any():
                continue
            if lab is None:
                lab = cv2.cvtColor(warped, cv2.COLOR_BGR2LAB).astype(np.float32)
            for y0, y1 in _blocks(wide, d):
                # the joints between checkers: rows whose colour differs from the block's body
                xs = np.flatnonzero(mask[y0:y1].mean(0) > 0.5)
                a, b = (int(xs[0]), int(xs[-1]) + 1) if len(xs) else (0, w)
                a, b = a + (b - a) // 5, b - (b - a) // 5
                rows = lab[y0:y1, a:max(b, a + 1)].mean(1)
                body = np.median(rows, 0)
                profile = np.sqrt(((rows - body) ** 2).sum(1))
                pending.append((name, y1 - y0, d))
                profiles.append(cv2.GaussianBlur(profile.reshape(-1, 1), (1, 0), 0.02 * d).ravel())
    if pending:
        period = _period(profiles, d_img)
        cap = 1.0
        if period is None:  # no stripes to measure: a lone slab (apart from the rest) is one thick
            lone = [length for _, length, d in pending if length < 0.6 * d]
            if lone:
                period, cap = float(np.median(lone)), 0.6
        for (name, length, d), profile in zip(pending, profiles):
            joints = 0
            if period is None and length < 0.6 * d:  # one slab, and nothing to measure by
                p = length
                fits.append(0.5)
            elif period is None:  # a short run and nothing else: count the joints it shows
                _, joints = _refine(profile, SLAB_THICKNESS[0] * d / 0.6)
                p = length / (joints + 1)
                plausible = SLAB_THICKNESS[0] * d <= p <= SLAB_THICKNESS[1] * d
                fits.append(0.5 if plausible else 0.0)
                joints = joints if plausible else 0
            else:
                p, joints = _refine(profile, period)
            x = length / p + 0.15
            n = max(1, int(round(x)))
            counts[name] += n
            if period is not None:
                # as sure as the length fits whole checkers and as the joints between them show
                seen = 1.0 if n < 2 else min(1.0, joints / (n - 1))
                fits.append(min(1.0 - 2.0 * abs(x - n), seen, cap))
            if n >= 3 and joints < UNSEEN * (n - 1):
                log.debug("a run of %s as long as %d checkers shows %d joints: not counted", name, n, joints)
                covered = True  # too long for one checker, yet no joints: not slabs we can count
    conf = 0.0 if covered else float(max(0.0, min(fits))) if fits else 1.0
    return TrayReading(tuple(counts.items()), round(conf, 3), tuple(flat.items()), covered)


def read_trays(image, calibration: Calibration, trays) -> dict[str, int] | None:
    """Borne-off checkers per colour name (calibration.colours) in the trays; None when there is no
    tray to read, a hand covers one, or the counts are too unsure (the label format's
    `beside_board`)."""
    reading = read_tray_counts(image, calibration, trays)
    return reading.as_dict() if readable(reading) else None


def readable(reading: TrayReading | None) -> bool:
    """Whether a tray reading gives counts to act on: a tray seen, not covered, sure enough."""
    return reading is not None and not reading.covered and reading.confidence >= MIN_CONFIDENCE
