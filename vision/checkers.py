"""Checker reading: a colour model learnt from the calibration image, and each point's colour and count.

Pixels of the warped playing area are classed by nearest colour centroid (in Lab, lightness
weighted down so shading matters less) through a 32x32x32 lookup table; a point's stack runs from
its edge of the board toward the middle, and its length over the learnt checker pitch is the count.
"""
from __future__ import annotations

import bisect
import hashlib
import itertools
import logging
import math
from functools import lru_cache
from typing import NamedTuple

import cv2
import numpy as np

from .errors import CalibrationError
from .image import median as _fast_median, median_rows, percentile, sq_dist3, work_array

log = logging.getLogger(__name__)

L_WEIGHT = 0.5
BOARD = 0  # class of board pixels; checker colours are classes 1 and 2
BAR = 3  # the empty bar's colours near a checker's: board there, but not on the points (a dark bar, black checkers)
BAR_BOARD = 4  # the empty bar's colours apart from every checker's: board there and on the points (the frame's edge)
BOARD_COLOURS = (BOARD, BAR_BOARD)  # centroid classes that are board on the points
BAR_COLOURS = (BAR, BAR_BOARD)  # centroid classes of the bar's own colours: board on the bar
EITHER = 2  # in Calibration.rims: count by rims, the colour is the checker face nearer the stack's middle
RIM_NEAR = 22.0  # weighted-Lab distance under which a checker colour is taken for a point's colour
RUN_JOIN = 0.6  # of a checker: the gaps a stack's colour is joined across in judging whether it runs to the middle
UNSEEN = 0.5  # of a column's width: a colour's profile under this along the whole column shows none of it there
SAME_COLOUR = 8.0  # weighted-Lab distance under which a checker colour is a board colour's, to the colour model
BAR_APART = 15.0  # weighted-Lab distance from every checker colour for a bar colour to be board on the points


def _as_image(bgr: np.ndarray) -> np.ndarray:
    """Pixels (..., 3) as an image for cv2.cvtColor: an image as it is, a list of pixels as one row
    (OpenCV converts row by row: a column of N one-pixel rows costs four times as much)."""
    return bgr if bgr.ndim == 3 else bgr.reshape(1, -1, 3)


def _weighted_lab(bgr: np.ndarray) -> np.ndarray:
    lab = cv2.cvtColor(_as_image(bgr), cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    lab[:, 0] *= L_WEIGHT
    return lab


# clusterings kept, a few centres each (_kmeans): a calibration clusters the same pixels again for
# each way it tries
_KMEANS_KEPT: dict[tuple, np.ndarray] = {}
KMEANS_KEEP = 512


def _kmeans(points: np.ndarray, k: int) -> np.ndarray:
    k = max(1, min(k, len(points)))
    points = np.ascontiguousarray(points, np.float32)
    key = (hashlib.blake2b(points.data, digest_size=16).digest(), points.shape, k)
    kept = _KMEANS_KEPT.get(key)
    if kept is not None:  # seeded, so the same pixels cluster the same: the result kept
        return kept.copy()
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.5)
    cv2.setRNGSeed(1)
    _, _, centres = cv2.kmeans(points, k, None, criteria, 3, cv2.KMEANS_PP_CENTERS)
    _KMEANS_KEPT[key] = centres.copy()
    while len(_KMEANS_KEPT) > KMEANS_KEEP:  # the oldest go first (a dict keeps the order they came in)
        _KMEANS_KEPT.pop(next(iter(_KMEANS_KEPT)), None)
    return centres


@lru_cache(maxsize=1)
def _bin_colours() -> np.ndarray:
    """Weighted Lab of the centre of each of the 32768 BGR bins (index b*1024 + g*32 + r)."""
    v = (np.arange(32, dtype=np.uint8) << 3) + 4
    b, g, r = np.meshgrid(v, v, v, indexing="ij")
    bgr = np.stack([b.ravel(), g.ravel(), r.ravel()], axis=1)
    return _weighted_lab(bgr)


def _unweight(centroids: np.ndarray) -> np.ndarray:
    out = centroids.copy()
    out[:, 1] /= L_WEIGHT
    return out


def build_lut(centroids, bar: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Class and colour-distance lookup tables over BGR bins from (class, L, a, b) centroids: the
    model of the points, or with bar=True the model of the bar, where the bar's own colours are
    the board and the points' are not (a white checker there is nearer a white point's colour
    than its own learnt colour). Classes come out as BOARD or a checker colour."""
    if bar:
        key = tuple((float(BOARD if c[0] in BAR_COLOURS else c[0]), *map(float, c[1:]))
                    for c in centroids if c[0] != BOARD)
    else:
        key = tuple((float(BOARD if c[0] == BAR_BOARD else c[0]), *map(float, c[1:])) for c in centroids if c[0] != BAR)
    return _build_lut(key)


def has_bar_model(centroids) -> bool:
    """Whether the colour model holds the bar's own colours (learnt on the calibration's bar)."""
    return any(c[0] in BAR_COLOURS for c in centroids)


@lru_cache(maxsize=16)
def _build_lut(centroids: tuple) -> tuple[np.ndarray, np.ndarray]:
    """build_lut for hashable centroids: the class of each bin's nearest centroid, and the distance."""
    near, dist = _nearest_lut(centroids)
    lut_class = np.array([c[0] for c in centroids], np.uint8)[near]
    lut_class.flags.writeable = False
    return lut_class, dist


def classify(idx: np.ndarray, centroids, bar: tuple[int, int] | None, absent=(), spans=()):
    """Class and colour distance of every pixel of a canonical image (its bin indices): the
    points' model, and the bar's own model across the bar's columns when there is one. `absent`:
    per kind of point (cell_kind), the centroids (indices) that are not on that kind's points;
    its points are classed without them (a checker the colour of the other kind of point shows
    its own colour there), `spans` the point columns."""
    lut_class, lut_dist = build_lut(centroids)
    classes, dist = lut_class[idx], lut_dist[idx]
    H = idx.shape[0]
    for t, drop in enumerate(absent):
        if not drop:
            continue
        own = tuple(c for i, c in enumerate(centroids) if i not in set(drop))
        k_class, k_dist = build_lut(own)
        y0, y1 = _row_slice("top" if t < 2 else "bottom", H)
        for col in range(t % 2, len(spans), 2):
            x0, x1 = spans[col]
            classes[y0:y1, x0:x1] = k_class[idx[y0:y1, x0:x1]]
            dist[y0:y1, x0:x1] = k_dist[idx[y0:y1, x0:x1]]
    if bar is not None and has_bar_model(centroids):
        bar_class, bar_dist = build_lut(centroids, bar=True)
        b0, b1 = bar
        classes[:, b0:b1] = bar_class[idx[:, b0:b1]]
        dist[:, b0:b1] = bar_dist[idx[:, b0:b1]]
    return classes, dist


def bin_index(bgr: np.ndarray) -> np.ndarray:
    """Lookup-table index of every pixel of a BGR image."""
    q = (bgr >> 3).astype(np.int32)
    return (q[..., 0] << 10) | (q[..., 1] << 5) | q[..., 2]


def warp(image: np.ndarray, homography: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The playing area warped to its canonical rectangle."""
    return cv2.warpPerspective(image, homography, tuple(size), flags=cv2.INTER_LINEAR)


def _row_slice(row: str, H: int) -> tuple[int, int]:
    return (0, H // 2) if row == "top" else (H - H // 2, H)


def column_profiles(classes: np.ndarray, spans, H: int) -> dict:
    """Per (row, col): the fraction of each checker class on every canonical row of the stack,
    ordered from the board's edge toward the middle (so index 0 is at the edge); over the middle
    three fifths of the column. (Counted for all columns at once, by running sums along each row.)"""
    los = np.array([x0 + int((x1 - x0) * 0.2) for x0, x1 in spans], np.intp)
    his = np.array([x1 - int((x1 - x0) * 0.2) for x0, x1 in spans], np.intp)
    widths = his - los
    fracs = {}
    for row in ("top", "bottom"):
        y0, y1 = _row_slice(row, H)
        half = classes[y0:y1]
        if row == "bottom":
            half = half[::-1]
        for cls in (1, 2):
            run = np.zeros((half.shape[0], half.shape[1] + 1), np.int32)
            np.cumsum(half == cls, axis=1, out=run[:, 1:])
            fracs[row, cls] = (run[:, his] - run[:, los]) / widths
    # (in the order the readers have always met them: column by column, top then bottom; a tie
    # between two points goes to the first)
    return {(row, col): np.stack([fracs[row, 1][:, col], fracs[row, 2][:, col]])
            for col in range(len(spans)) for row in ("top", "bottom")}


STACK_FILL = 0.45  # of a row across a column (or the bar's middle): more of a checker colour, and it is occupied


def stack_extent(profile: np.ndarray, pitch: float, join: float = 0.5) -> float:
    """Length of the stack from the edge: occupied rows (STACK_FILL) joined across gaps shorter than
    `join` of a checker."""
    occ = np.flatnonzero(profile > STACK_FILL)
    if len(occ) == 0 or occ[0] > pitch:
        return 0.0
    gap = max(2, int(pitch * join))
    breaks = np.flatnonzero(np.diff(occ) > gap)  # (the first gap too long ends the stack)
    end = occ[breaks[0]] if len(breaks) else occ[-1]
    return float(end + 1)


def column_stack(prof: np.ndarray, pitch: float, least: float = 1.0) -> tuple[int, float]:
    """(class index 0/1, stack_extent) of the stack from the edge of a column (its column_profiles
    profile): the class with more pixels there, unless its stack runs under `least` pixels (by
    default: none at all) and the other's does not (specks of a point the colour of one side's
    checkers may outnumber a short stack of the other's)."""
    k = int(np.argmax(prof.sum(1)))
    ext = stack_extent(prof[k], pitch)
    if ext < least:
        other = stack_extent(prof[1 - k], pitch)
        if other >= least:
            return 1 - k, other
    return k, ext


def read_columns(profiles: dict, pitch: float, offset: tuple[float, float], names: tuple[str, str]):
    """{(row, col): (colour or None, count, confidence)} from the column profiles."""
    out = {}
    for key, prof in profiles.items():
        sums = prof.sum(1)
        k, ext = column_stack(prof, pitch)
        if ext <= 0:  # empty: doubtful only if checker colour lies where a first checker would
            near = prof[:, : int(round(1.2 * pitch))].sum(1)  # (not a bar checker further in)
            mass = float(near.max()) / max(pitch, 1.0)
            out[key] = (None, 0, float(max(0.0, 1.0 - 2 * mass)))
            continue
        off = offset[0 if key[0] == "top" else 1]
        x = (ext - off) / pitch
        if int(round(x)) <= 0:  # a sliver at the edge (the frame's shade, a shadow) counts no checker: nor does
            other = stack_extent(prof[1 - k], pitch)  # it hide the other colour's stack there, though its
            if int(round((other - off) / pitch)) >= 1:  # colour fills more of the column further in (the felt
                k, x = 1 - k, (other - off) / pitch  # taken for it; its share lowers the confidence below)
        n = int(round(x))
        if n <= 0:  # a sliver at the edge (the frame, a shadow) is not a checker
            out[key] = (None, 0, float(max(0.0, min(1.0, 1.0 - 2 * max(x, 0.0)))))
            continue
        conf = 1.0 - 2.0 * abs(x - n)
        purity = float(sums[k] / max(sums.sum(), 1e-6))
        out[key] = (names[k], n, float(max(0.0, min(1.0, conf)) * purity))
    return out


PATCHY = 0.35  # of a column's middle: the most a lone checker's speckle fills at its 75th percentile


def phantom_singles(read: dict, profiles: dict, pitch: float, names: tuple[str, str], rims: tuple = ()) -> dict:
    """An empty point the colour of a checker (its pyramid partly taken for checker colour) can
    read as one checker: a lone checker that covers no more of its first checker's place than
    twice what the empty points of that kind (row and point colour) show in the same frame is
    the point itself, read as empty with a low confidence; so is one that fills its place only
    in patches."""
    q = max(1, int(round(1.2 * pitch)))
    empty: dict = {}
    for key, (colour, n, _) in read.items():
        if colour is None:
            prof = profiles[key][:, :q].mean(1)
            kind = cell_kind(*key)
            empty[kind] = np.maximum(empty.get(kind, prof), prof)
    out = dict(read)
    for key, (colour, n, conf) in read.items():
        base = empty.get(cell_kind(*key))
        if colour is None or n != 1:
            continue
        k = names.index(colour)
        mass = float(profiles[key][k, :q].mean())
        # a checker fills the middle of its column across a good part of its length; a pyramid's
        # speckle only in patches (and its length fits no whole checker: a low confidence)
        # (or, whatever its length, one that nowhere fills PATCHY of the column: a point's speckle in
        # the light of a lamp near its corner; not of a colour counted by its rims on every kind of
        # point, `rims`: the felt's colour, which the colour model sees in part only, everywhere)
        fill = percentile(profiles[key][k, :q], 75)
        in_part = len(rims) == 4 and all(r == k for r in rims)
        patchy = fill < 0.5 and (conf < 0.5 or (fill < PATCHY and not in_part))
        if patchy or (base is not None and mass < 2.0 * float(base[k])):
            out[key] = (None, 0, float(min(conf, 0.3)))
    return out


ROW_OF_FIVE = 5  # checkers that lie touching on a point, the most


def fit_pitch(counts, extents, rows, pw: float, rows_told: bool = False) -> tuple[float, tuple[float, float]]:
    """Least squares of extent = pitch * count + offset[row]; the offset absorbs perspective and
    checker thickness, which differ between the row nearer the camera and the one farther away
    (with `rows_told`, none where neither row's stacks tell its own: see below; a calibration's
    choice, on a position it is given. The photo reader, fitting on its own reading, keeps the
    least squares its checks of the fit were made on)."""
    counts, extents = np.array(counts, float), np.array(extents, float)
    is_top = np.array([r == "top" for r in rows], float)
    fallback = (float(np.median(extents / counts)), (0.0, 0.0))
    if len(set(counts.tolist())) < 2:
        return fallback
    # one offset per row where a row's own stacks differ in count; where no row's do, a pitch and
    # two offsets fit the stacks exactly whatever the pitch (least squares then takes the smallest
    # numbers, an offset of 6 px for a pitch 1 px short): the stacks' length per checker, no offset
    if rows_told and is_top.min() != is_top.max() and \
            not any(len(set(counts[is_top == t].tolist())) >= 2 for t in (0.0, 1.0)):
        return fallback
    if is_top.min() == is_top.max():
        pitch, off = np.polyfit(counts, extents, 1)
        result = (float(pitch), (float(off), float(off)))
    else:
        A = np.stack([counts, is_top, 1 - is_top], axis=1)
        (pitch, off_top, off_bottom), *_ = np.linalg.lstsq(A, extents, rcond=None)
        result = (float(pitch), (float(off_top), float(off_bottom)))
    if not (0.4 * pw < result[0] < 2.0 * pw) or max(abs(o) for o in result[1]) > pw:
        return fallback
    return result


PITCH_RANGE = (0.7, 1.15)  # a checker's width in point widths: about as wide as a point, never far off


FEW_STACKS = 4  # the most stacks a pitch fit may leave one out of


def stack_pitch(counts, extents, rows, pw: float, rows_told: bool = False) -> tuple[float, tuple[float, float]]:
    """fit_pitch of the stacks, where stacks of more than five may lie in a second layer: their
    length is then that of five (a game in progress may show no two short stacks of different
    size to fit on). Of the stacks taken at their count and taken as at most five, the fit whose
    pitch is a checker's plausible width (PITCH_RANGE), and of two such the closer fit. Where
    neither is plausible and the fit rests on three or four stacks (a game in progress), the fits
    without one stack each are tried too: one stack among so few (a run of eight beside twos, a
    stack misread) can pull the fit off a checker's size."""
    fits = _pitch_fits(counts, extents, rows, pw, rows_told)
    if all(implausible for implausible, *_ in fits) and 3 <= len(counts) <= FEW_STACKS:
        for i in range(len(counts)):
            kept = [[v[j] for j in range(len(counts)) if j != i] for v in (counts, extents, rows)]
            # (a fit with as many unknowns as stacks fits any of them exactly: it says nothing)
            unknowns = 1 if len(set(kept[0])) < 2 else 2 + (len(set(kept[2])) > 1)
            if len(kept[0]) > unknowns:
                fits += _pitch_fits(*kept, pw, rows_told)
    return min(fits)[3]


def _pitch_fits(counts, extents, rows, pw: float, rows_told: bool = False) -> list:
    """(implausible, rms, clipped, (pitch, offset)) of fit_pitch of the stacks at their count and,
    where some are over five, taken as at most five."""
    fits = []
    for clip in (False, True):
        if clip and max(counts) <= ROW_OF_FIVE:
            break
        xs = [min(n, ROW_OF_FIVE) if clip else n for n in counts]
        pitch, offset = fit_pitch(xs, extents, rows, pw, rows_told)
        resid = [e - pitch * n - offset[0 if r == "top" else 1] for n, e, r in zip(xs, extents, rows)]
        plausible = PITCH_RANGE[0] * pw <= pitch <= PITCH_RANGE[1] * pw
        fits.append((not plausible, float(np.sqrt(np.mean(np.square(resid)))), clip, (pitch, offset)))
    return fits


def _step_at(d, pos: float, w: int) -> float:
    """The largest brightness step of d (abs of the line's differences; a list, as its callers look
    at a few pixels many times over) within w of pos; 0 off it."""
    i = int(round(pos))
    return float(max(d[max(0, i - w): i + w + 1])) if 0 <= i < len(d) else 0.0


def second_layer(gray_line: np.ndarray, pitch: float, offset: float, n: int) -> int:
    """Checkers of a second layer on a full row of n: each lies over the joint of two below, so
    the joint's edge disappears and the new checker's edges show half a checker to either side."""
    d = np.abs(np.diff(gray_line.astype(np.float32))).tolist()
    w = max(1, int(pitch * 0.12))

    def peak(pos: float) -> float:
        return _step_at(d, pos, w)

    covered = 0
    for k in range(1, n):
        joint = peak(offset + k * pitch)
        sides = min(peak(offset + (k - 0.5) * pitch), peak(offset + (k + 0.5) * pitch))
        if sides < max(3.0 * joint, 6.0):
            break
        covered += 1
    return covered


def row_joints(occ: np.ndarray, pitch: float, m: int) -> tuple[float, float | None]:
    """Where a row of m touching checkers begins along its column, and their spacing, from the
    row itself (its first and last pixels of checker colour split into m equal parts): the
    learnt offset also holds a thick checker's side seen at a tilt and the perspective of the
    calibration's stacks, which puts joints several pixels off. (start, None) when the row's
    length is not m checkers of about the learnt pitch."""
    on = np.flatnonzero(occ > STACK_FILL)
    if len(on) == 0 or on[0] > pitch or m < 2:
        return 0.0, None
    end = stack_extent(occ, pitch)
    step = (end - on[0]) / m
    if not 0.8 * pitch <= step <= 1.2 * pitch:
        return float(on[0]), None
    return float(on[0]), float(step)


def _column_mask(classes: np.ndarray, span, row: str, cls: int) -> np.ndarray:
    """Where a point's column (less a sliver at each side) shows class `cls`, from the board's edge."""
    H = classes.shape[0]
    half = H // 2
    x0, x1 = span
    a, b = x0 + int((x1 - x0) * 0.08), x1 - int((x1 - x0) * 0.08)
    strip = classes[:half, a:b] if row == "top" else classes[H - half:, a:b][::-1]
    return strip == cls


def empty_widths(read: dict, classes: np.ndarray, spans, cls: int, kind: int) -> np.ndarray | None:
    """How wide class `cls` shows along the empty points of one kind (cell_kind) in this frame
    at each distance from the edge: a point nearly a checker's colour shows it near
    its base, where the point is wide (the median: one point may hold a die). None when no
    point of that kind is empty."""
    rows = [across(_column_mask(classes, spans[col], row, cls))
            for (row, col), (colour, _, _) in read.items() if colour is None and cell_kind(row, col) == kind]
    return np.median(rows, 0) if rows else None


def covered_joints(classes: np.ndarray, span, row: str, cls: int, pitch: float, offset: float, n: int,
                   empty: np.ndarray | None = None) -> int:
    """Checkers of a second layer on a full row of n, by colour: two touching checkers of the row
    leave the column narrow where they meet (a waist); a checker lying over the joint shows its
    whole width there. Counts the filled joints from the board's edge (a second layer is built
    from there), each judged against the row's own open waists: how narrow a joint looks (a thick
    checker's side seen at a tilt, a ring or a highlight) differs from board to board."""
    mask = _column_mask(classes, span, row, cls)
    occ = mask.mean(1)
    width = across(mask)
    m = min(n, ROW_OF_FIVE)
    start, step = row_joints(occ, pitch, m)
    if step is None:  # the row's own ends not found: where the learnt pitch and offset put it
        start, step = offset, pitch
    r = max(1, int(round(step * 0.12)))

    def waist(pos: float) -> float:  # the narrowest near the joint (a tilt moves it a little)
        i = int(round(pos))
        return float(width[max(0, i - r): i + r + 1].min()) if 0 <= i < len(width) else 0.0

    lo, hi = int(max(0, start)), int(min(len(width), start + m * step))
    full = float(np.percentile(width[lo:hi], 90)) if hi > lo else 0.0
    if full < 0.5 or m < 2:
        return 0
    joints = [start + k * step for k in range(1, m)]
    waists = [waist(j) for j in joints]
    # where the empty points of this kind show the colour half as wide as the row (near the base
    # of a point nearly the checkers' colour), a waist cannot show: that joint says nothing
    mute = [False] * len(joints)
    if empty is not None:
        mute = [float(empty[max(0, int(j) - r): int(j) + r + 1].max(initial=0.0)) > 0.5 * full for j in joints]
    told = [w for w, q in zip(waists, mute) if not q]
    if not told:
        return 0
    open_ = min(told)
    # a row whose joints all look filled is a row whose waists do not show at all (seen too
    # flat or too blurred to tell), unless its length says more than a row: nothing to say then
    if open_ > 0.75 * full:
        return m - 1 if n > ROW_OF_FIVE and not any(mute) else 0
    bar = open_ + 0.6 * (full - open_)
    covered = 0
    for k, (w, q) in enumerate(zip(waists, mute), 1):
        if q:  # a mute joint is covered if a later one is (a second layer is built from the edge)
            continue
        if w < bar:
            break
        covered = k
    return covered


def across(mask: np.ndarray) -> np.ndarray:
    """Per row of a column's mask, the share of its width between its first and last set pixel
    (runs thinner than a tenth of the column left out: a point's outline, a rim's speck): a waist
    between two touching checkers is narrow whatever their faces show inside."""
    W = mask.shape[1]
    k = max(3, int(round(W * 0.1)))
    mask = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, np.ones((1, k), np.uint8)) > 0
    anyset = mask.any(1)
    first = mask.argmax(1)
    last = W - 1 - mask[:, ::-1].argmax(1)
    return np.where(anyset, (last - first + 1) / max(W, 1), 0.0)


def _centre_cols(span) -> slice:
    """The columns of a point's middle: a strip a quarter of the column wide."""
    x0, x1 = span
    xc, w = (x0 + x1) // 2, max(1, (x1 - x0) // 8)
    return slice(xc - w, xc + w + 1)


def centre_line(gray: np.ndarray, span, row: str, whole: bool = False) -> np.ndarray:
    """Brightness along a point's middle, from the board's edge toward the middle of the board
    (or, `whole`, on across the other half to the far edge)."""
    H = gray.shape[0]
    rows = slice(0, H) if whole else slice(0, H // 2) if row == "top" else slice(H - H // 2, H)
    line = gray[rows, _centre_cols(span)].mean(1)
    return line if row == "top" else line[::-1]


def recount_long_stacks(read: dict, profiles: dict, gray: np.ndarray, spans, pitch: float,
                        offset: tuple[float, float], names: tuple[str, str], classes: np.ndarray | None = None,
                        models: tuple = (), fold_rims: bool = True) -> dict:
    """Stacks that run into the middle of the board may overlap (checkers closer than their
    size): count those from the spacing of their edges instead of their length. A full row of
    five or more may carry a second layer: count the joints it covers (and where the colour has a
    face model of `models`, as face_model makes them, the pattern of its faces: face_layers).
    With `fold_rims`, a count of rims one by one (count_rims) for more than a row of five is
    taken only where the brightness repeats at the spacing it implies (RIMS_FOLD)."""
    H = gray.shape[0]
    half = H // 2
    out = dict(read)
    empty: dict = {}  # (kind of point, class): empty_widths
    for key, (colour, n, conf) in read.items():
        if colour is None:
            continue
        row, col = key
        # (joined across faces the colour model takes for a point: a run of light checkers it sees
        # only the rims of breaks into pieces a little over half a checker apart)
        ext = stack_extent(profiles[key][names.index(colour)], pitch, RUN_JOIN)
        runs_to_middle = ext >= half - 0.4 * pitch  # the stack reaches the middle of the board
        if not runs_to_middle and n < 5:
            continue
        line = centre_line(gray, spans[col], row)
        off = offset[0 if row == "top" else 1]
        if runs_to_middle and classes is not None and ext >= half - 2:  # past the middle: how far?
            ext, line = _past_middle(classes, gray, spans, key, names.index(colour) + 1, pitch, ext, line)
        scores = run_scores(line, ext, pitch, off) if runs_to_middle else {}
        run = best_run(scores) if runs_to_middle else None  # (count_run)
        if runs_to_middle and run is None:  # no one spacing fits: the rims one by one
            run = count_rims(line, pitch, off, ext)
            if (fold_rims and run is not None and n > ROW_OF_FIVE and scores
                    and scores.get(run[0], -1.0) < RIMS_FOLD * max(scores.values())):
                # more than a row of five pushed together (no pyramid, whose layer folds at no one
                # spacing), and a spacing the brightness hardly repeats at: a ring or highlight on
                # each face taken for rims. The colour's count stands
                continue
        if run is not None:  # a stack whose brightness repeats with one spacing of checkers
            out[key] = (colour, run[0], conf * run[1] if run[0] != n else conf)
            continue
        second = row_layer(line, pitch, off) if n == ROW_OF_FIVE else None  # the rims may say plainly
        if second is None:
            second = second_layer(line, pitch, off, n) if n >= 5 else 0
            if n >= 5 and classes is not None:  # the waists between checkers of the row, by colour
                cls, kind = names.index(colour) + 1, cell_kind(row, col)
                if (kind, cls) not in empty:
                    empty[(kind, cls)] = empty_widths(read, classes, spans, cls, kind)
                second = max(second, covered_joints(classes, spans[col], row, cls, pitch, off, n, empty[(kind, cls)]))
        if n == ROW_OF_FIVE and second < ROW_OF_FIVE - 2:  # the row's last face may see more of a layer than
            # the rims and waists did (they saw one of three: 6 read for 8 on a white point; seed 4 style 15)
            second = max(second, layer_faces(gray, spans[col], row, pitch, off))
        model = models[names.index(colour)] if models else None
        at = _row_faces(gray, spans[col], row, pitch, off, model) if n == ROW_OF_FIVE else None
        if at is not None:  # the colour's own face (one fit of the row's last face serves both patterns)
            if second and _plain_shown(at, model.least):
                second = 0  # its faces show a plain row: the waists were the point's colour (see faces_plain_row)
            if second < ROW_OF_FIVE - 2:  # a layer of three over a row leaves one joint open, which the
                layers = _layers_shown(at, model.least)  # row's last face may not tell (see face_layers)
                second = max(second, layers - ROW_OF_FIVE if layers else 0)
        if second:
            out[key] = (colour, n + second, conf * 0.9)
    return out


FACE_SIZE, FACE_SHIFT = 0.42, 0.15  # of a checker: the radius of the face compared, how far it may lie off its place
LAYER_FIT = 0.3  # how much better a second layer's pattern of faces must fit than a plain row's
FACE_MIN = 0.5  # the least likeness of each face that pattern shows (a row that is no row of five shows none)
FACE_GAP = 0.3  # how much less like a face the row's open joints must look than its least face (a row misplaced
# by half a checker shows faces at its joints)


def _column_strip(gray: np.ndarray, row: str, half: int, a: int, b: int) -> np.ndarray:
    """Columns a..b of a row's half of the board (`half` pixels from its edge; the bottom row's
    turned so that its edge comes first), contiguous, the image's side repeated where the columns
    leave it (a stack at the board's side: its checkers, wider than their column, reach past it)."""
    H, W = gray.shape[:2]
    strip = gray[:half, max(0, a):min(W, b)] if row == "top" else gray[H - half:, max(0, a):min(W, b)][::-1]
    return cv2.copyMakeBorder(np.ascontiguousarray(strip), 0, 0, max(0, -a), max(0, b - W), cv2.BORDER_REPLICATE)


def face_likeness(gray: np.ndarray, span, row: str, pitch: float, offset: float) -> np.ndarray | None:
    """How like the face of a row of five's last checker (which no second layer covers) the
    image looks at each half checker along the row (k = 0.5, 1, ... 4 checkers from its start):
    normalised correlation over a disc, the best within FACE_SHIFT of each place (a checker of a
    second layer lies higher, so a tilted camera sees it a little off, and checkers lie a little
    askew). A whole face shows at each checker's middle of a plain row, and over each joint a
    layer covers; NaN where nothing can be compared. None when the row does not fit the half of
    the board."""
    H, W = gray.shape[:2]
    half = H // 2
    r = max(2, int(round(FACE_SIZE * pitch)))
    m = max(1, int(round(FACE_SHIFT * pitch)))
    xc = (span[0] + span[1]) // 2
    # (at the board's side the faces reach past the image's edge: a row's last face was cut off there,
    # and the second layers of stacks on the outermost points went uncounted; seed 7 style 0)
    strip = _column_strip(gray, row, half, xc - r - m, xc + r + m + 1)
    last = int(round(offset + 4.5 * pitch))
    x = r + m
    if last + r + 1 > half or last - r < 0:
        return None
    face = strip[last - r:last + r + 1, x - r:x + r + 1]
    disc = _disc(r)
    if float(face[disc > 0].std()) < 1.0:  # a flat patch: no face to compare with
        return None
    like = cv2.matchTemplate(strip, face, cv2.TM_CCOEFF_NORMED, mask=disc)  # [y, x]: the disc's corner there
    like[~np.isfinite(like)] = np.nan  # a flat patch (the frame's edge) says nothing
    out = []
    for k in FACE_PLACES:
        y = int(round(offset + k * pitch)) - r
        lo, hi = max(0, y - m), min(like.shape[0], y + m + 1)
        near = like[lo:hi]
        out.append(float(np.nanmax(near)) if hi > lo and np.isfinite(near).any() else np.nan)
    return np.array(out)


FACE_PLACES = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0)  # checkers from a row's start (its last face, 4.5, is the model)


def _faces_shown(c: int) -> set:
    """Where (of FACE_PLACES) whole faces show on a row of five with c checkers of a second layer
    over its first c joints: the layer's own (1..c), and the row's checkers no layer covers."""
    return set(range(1, c + 1)) | {k + 0.5 for k in range(ROW_OF_FIVE) if c == 0 or k > c}


def layer_faces(gray: np.ndarray, span, row: str, pitch: float, offset: float) -> int:
    """Checkers of a second layer on a row of five, by where whole faces show (face_likeness):
    of 0 to 3 over the first joints, the pattern the faces fit best (the mean likeness where it
    puts faces less where it does not), when it fits LAYER_FIT better than a plain row, each face
    it shows is one (FACE_MIN) and the joints it leaves open are plainly not (FACE_GAP). For a
    checker the colour of its point, whose rims and waists do not show, its face still does. Where
    no pattern passes so, the joints alone may tell (joint_faces)."""
    like = face_likeness(gray, span, row, pitch, offset)
    if like is None:
        return 0
    fits = []
    for c in range(ROW_OF_FIVE - 1):
        shown = np.array([k in _faces_shown(c) for k in FACE_PLACES])
        fits.append(float(np.nanmean(like[shown]) - np.nanmean(like[~shown])))
    c = int(np.argmax(fits))
    log.debug("layer faces %s %s: likeness %s fits %s", row, span, np.round(like, 2), np.round(fits, 2))
    if c and fits[c] - fits[0] >= LAYER_FIT:
        shown = np.array([k in _faces_shown(c) for k in FACE_PLACES])
        open_ = np.array([float(k).is_integer() and k > c for k in FACE_PLACES])  # the joints no layer covers
        least = float(np.nanmin(like[shown], initial=1.0))
        if least >= FACE_MIN and least - float(np.nanmax(like[open_], initial=-1.0)) >= FACE_GAP:
            return c
    return joint_faces(like)


def joint_faces(like: np.ndarray) -> int:
    """Checkers of a second layer on a row of five by its joints (face_likeness at FACE_PLACES),
    where the pattern of all its faces does not tell it (layer_faces): c faces over the first c
    joints, each FACE_MIN like the row's last face and more like one than any face of the row they
    cover, the joints past them plainly not (FACE_GAP under the least), and the row's faces no layer
    covers more like one than those open joints; of such c, the one whose faces stand out most from
    the open joints; 0 if none. A layer's checker covers only the near halves of the two faces beside
    its joint, and a tilted camera sees the raised layer a little off: the covered faces may still
    look half like one (0.66-0.69), and the row's uncovered faces lie in the layer's shade (0.32),
    so the pattern of all faces fits a plain row about as well. The joints tell: a plain row's look
    at most half like a face (half of each neighbour), and its faces show whole beside them."""
    joints = like[1::2]  # places 1, 2, 3, 4
    best, out = -1.0, 0
    for c in range(1, ROW_OF_FIVE - 1):
        layer, open_ = joints[:c], joints[c:]
        if np.isnan(layer).any() or np.isnan(open_).all():
            continue
        least, most_open = float(layer.min()), float(np.nanmax(open_))
        uncovered = like[[i for i, k in enumerate(FACE_PLACES) if not float(k).is_integer() and k > c + 1]]
        covered = like[[i for i, k in enumerate(FACE_PLACES) if not float(k).is_integer() and k < c + 1]]
        if least < FACE_MIN or least - most_open < FACE_GAP or least <= float(np.nanmax(covered, initial=-1.0)):
            continue
        if uncovered.size and not float(np.nanmin(uncovered, initial=1.0)) > most_open:
            continue
        if least - most_open > best:
            best, out = least - most_open, c
    return out


FACE_SEEN = 0.8  # normalised correlation with a colour's face model for a place to hold one of its checkers
FACE_MARGIN = 0.1  # at least this much above what any empty point of the calibration image shows
FACE_SEEN_CLEAR, FACE_MARGIN_CLEAR = 0.7, 0.25  # where every place of the calibration image with no checker
# fits a colour's face this much under it, a face need fit only so well (black checkers on the black points
# of a cork board: their faces fit 0.77-0.79, no bare place over 0.48; white on cream points: a bare
# place along a point fits 0.78, and the face must fit 0.8 as before)
FACE_MARGIN_JOINT = 0.15  # and every joint between two checkers of a row this much under it (yellow/black
# checkers on red felt: joints 0.63 in the calibration image, one 0.74 in another frame took a row of five
# for a pyramid of six)
FACE_MOST = 0.8  # a model that must fit better than this to be told from an empty point tells too little


@lru_cache(maxsize=8)
def _disc(r: int) -> np.ndarray:
    disc = np.zeros((2 * r + 1, 2 * r + 1), np.uint8)
    cv2.circle(disc, (r, r), r, 1, -1)
    return disc


def _window(gray: np.ndarray, y: float, x: float, half: int, across: int | None = None) -> np.ndarray | None:
    """The square (float32) of gray within `half` of (y, x) (across within `across`, if given), its
    edge repeated where it leaves the image (a stack's first checker lies at the board's edge), or
    None when (y, x) is off the image."""
    yi, xi = int(round(y)), int(round(x))
    H, W = gray.shape[:2]
    if not (0 <= yi < H and 0 <= xi < W):
        return None
    across = half if across is None else across
    return cv2.getRectSubPix(gray, (2 * across + 1, 2 * half + 1), (float(xi), float(yi)), patchType=cv2.CV_32F)


def _best_fit(gray: np.ndarray, y: float, x: float, model: np.ndarray, r: int, m: int, mx: int | None = None):
    """(likeness, y, x) of the best normalised correlation over its disc of a face model within m of
    (y, x) (across within mx, if given): what lies around a checker (the felt, a point, the next
    checker) differs from place to place, so only the disc is compared."""
    mx = m if mx is None else mx
    win = _window(gray, y, x, r + m, r + mx)
    if win is None:
        return -1.0, y, x
    like = cv2.matchTemplate(win, model, cv2.TM_CCOEFF_NORMED, mask=_disc(r))
    like[~np.isfinite(like)] = -1.0
    dy, dx = np.unravel_index(int(np.argmax(like)), like.shape)
    return float(like[dy, dx]), y + dy - m, x + dx - mx


LIKENESS_MAP_AFTER = 40  # places: _Likeness fits this many one by one, then maps the whole image


class _Likeness:
    """_best_fit of one face model at many places of one image: the first LIKENESS_MAP_AFTER one by
    one, the rest from the model's likeness at every pixel, worked out once (three plain
    correlations over the image, its edge repeated as _window repeats it; a masked matchTemplate
    per place cost several times as much where a calibration looks at a hundred places or more,
    the map about as much as forty places). Alike to _best_fit's within float rounding (2e-4)."""

    def __init__(self, gray: np.ndarray, model: np.ndarray, r: int, m: int):
        self.gray, self.model, self.r, self.m, self.like, self.calls = gray, model, r, m, None, 0

    def _map(self) -> None:
        gray, model, r, m = self.gray, self.model, self.r, self.m
        kernel = _disc(r)
        disc = kernel.astype(np.float32)
        face = np.where(disc > 0, model - model[disc > 0].mean(), 0.0).astype(np.float32)
        padded = cv2.copyMakeBorder(gray, *(4 * [r + m]), cv2.BORDER_REPLICATE)
        level = padded.astype(np.float32) - float(gray.mean())  # (smaller sums: less rounding)
        num = cv2.matchTemplate(level, face, cv2.TM_CCORR)
        s1 = cv2.matchTemplate(level, disc, cv2.TM_CCORR)
        s2 = cv2.matchTemplate(cv2.multiply(level, level), disc, cv2.TM_CCORR)
        spread = np.sqrt(np.maximum(s2 - s1 * s1 / float(disc.sum()), 0.0)) * float(np.sqrt((face * face).sum()))
        with np.errstate(divide="ignore", invalid="ignore"):
            like = num / spread
        # a disc of one even grey has no likeness (matchTemplate's NaN, which _best_fit takes as -1)
        flat = cv2.dilate(padded, kernel) == cv2.erode(padded, kernel)
        like[~np.isfinite(like) | (spread <= 0) | flat[r:r + like.shape[0], r:r + like.shape[1]]] = -1.0
        self.like = like

    def best(self, y: float, x: float) -> tuple[float, float, float]:
        """As _best_fit(gray, y, x, model, r, m)."""
        self.calls += 1
        if self.like is None:
            if self.calls <= LIKENESS_MAP_AFTER:
                return _best_fit(self.gray, y, x, self.model, self.r, self.m)
            self._map()
        yi, xi = int(round(y)), int(round(x))
        H, W = self.gray.shape[:2]
        if not (0 <= yi < H and 0 <= xi < W):
            return -1.0, y, x
        m = self.m  # (the map's row a is the face centred on the image's row a - m)
        win = self.like[yi: yi + 2 * m + 1, xi: xi + 2 * m + 1]
        dy, dx = np.unravel_index(int(np.argmax(win)), win.shape)
        return float(win[dy, dx]), y + dy - m, x + dx - m


def face_models(gray: np.ndarray, spans, label: dict, colours, skip: set, pitch: float, offset) -> tuple:
    """Per checker colour, the mean face of its checkers in the calibration image (canonical gray,
    the first five of each labelled stack, each where it best fits the first mean): the model
    face_count looks for where a checker the colour of the felt or of its point shows only its
    rims and highlight to the colour model: (radius, the likeness a face must show, the model's
    pixels), or () for a colour with fewer than two faces, a plain one, or one that an empty point
    of the calibration image looks nearly as like."""
    H = gray.shape[0]
    r, m = max(2, int(round(FACE_SIZE * pitch))), max(1, int(round(FACE_SHIFT * pitch)))
    out = []
    for name in colours:
        places = []
        for row in ("top", "bottom"):
            off = offset[0 if row == "top" else 1]
            for col, (x0, x1) in enumerate(spans):
                colour, count = _label_cell(label, row, col)
                if (row, col) in skip or colour != name:
                    continue
                for i in range(min(count, ROW_OF_FIVE)):
                    d = off + (i + 0.5) * pitch
                    places.append((d if row == "top" else H - 1 - d, (x0 + x1) / 2))
        patches = [p for p in (_window(gray, y, x, r) for y, x in places) if p is not None]
        if len(patches) < 2:
            out.append(())
            continue
        model = _mean_face(patches, r)
        fits = [_best_fit(gray, y, x, model, r, m) for y, x in places]  # each face where the mean fits it
        patches = [p for p in (_window(gray, y, x, r) for like, y, x in fits if like > 0) if p is not None]
        if len(patches) >= 2:
            model = _mean_face(patches, r)
        if float(model[_disc(r) > 0].std()) < 0.3:
            out.append(())
            continue
        # how like a face the empty points look where a first checker would lie (a light face
        # with a dark rim is much like a light point's base between dark felt): a face must look
        # plainly more like it than any of them
        fit = _Likeness(gray, model, r, m).best
        empty = [fit(y, x)[0] for y, x in _first_places(spans, label, skip, H, pitch, offset)]
        least = FACE_SEEN
        if empty:  # lower where every place of a row with no checker in the image, and every joint between
            # two of its checkers, lies plainly under it
            least = max(FACE_SEEN, max(empty) + FACE_MARGIN)
            clear = max(FACE_SEEN_CLEAR, max(empty) + FACE_MARGIN_CLEAR)
            for joints, margin in ((False, FACE_MARGIN_CLEAR), (True, FACE_MARGIN_JOINT)):
                for y, x in _places_bare(spans, label, skip, H, pitch, offset, joints):
                    if clear >= least:  # (no lower: the rest need not be looked at)
                        break
                    clear = max(clear, fit(y, x)[0] + margin)
            least = min(least, clear)
        face = (float(r), round(least, 3), *(round(float(v), 3) for v in model.ravel()))
        out.append(() if least > FACE_MOST else face)
    return tuple(out)


def _mean_face(patches: list, r: int) -> np.ndarray:
    """The mean of the patches each normalised over its disc, nothing outside the disc."""
    disc = _disc(r) > 0
    out = np.zeros((2 * r + 1, 2 * r + 1), np.float32)
    for p in patches:
        v = p[disc]
        out[disc] += (v - v.mean()) / (v.std() + 1e-3)
    return out / len(patches)


def _first_places(spans, label: dict, skip: set, H: int, pitch: float, offset):
    """(y, x) where a first checker would lie on each empty point of the label."""
    for row in ("top", "bottom"):
        d = offset[0 if row == "top" else 1] + 0.5 * pitch
        for col, (x0, x1) in enumerate(spans):
            if (row, col) not in skip and _label_cell(label, row, col)[0] is None:
                yield (d if row == "top" else H - 1 - d), (x0 + x1) / 2


def _places_bare(spans, label: dict, skip: set, H: int, pitch: float, offset, joints: bool = False):
    """(y, x) of every place of a row of five that holds no checker in the label: past each stack of
    fewer than five, and along each empty point beyond its first place (_first_places has those);
    with `joints`, where two checkers of a stack of five or fewer touch instead (a longer stack's
    second layer lies over them)."""
    for row in ("top", "bottom"):
        for col, (x0, x1) in enumerate(spans):
            if (row, col) in skip:
                continue
            n = _label_cell(label, row, col)[1]
            places = (range(1, n) if n <= ROW_OF_FIVE else ()) if joints else \
                (k + 0.5 for k in range(max(n, 1), ROW_OF_FIVE))
            for k in places:
                d = offset[0 if row == "top" else 1] + k * pitch
                yield (d if row == "top" else H - 1 - d), (x0 + x1) / 2


class FaceModel(NamedTuple):
    """A colour's face model ready to match: its radius, the likeness a face must show, its pixels."""

    r: int
    least: float
    face: np.ndarray


def face_model(stored: tuple) -> FaceModel | None:
    """The FaceModel of one colour's entry of face_models (None for ())."""
    if not stored:
        return None
    r = int(stored[0])
    return FaceModel(r, float(stored[1]), np.float32(stored[2:]).reshape(2 * r + 1, 2 * r + 1))


def face_count(gray: np.ndarray, span, row: str, pitch: float, offset: float, model: FaceModel | None,
               known: int = 0) -> int:
    """Checkers in a row from the board's edge by their faces: places a checker apart (each found
    within FACE_SHIFT of where the last one puts it, or about the column's middle: _face_walk)
    where the colour's face model (face_models) fits as well as it must, up to the first that does
    not; none past the middle of the board.
    `known`: the first checkers already seen (the count starts at the next place)."""
    if model is None or pitch < 4:  # (no checker that small: a pitch fitted on a wrong layout)
        return known
    n = known
    for like in _face_walk(gray, span, row, pitch, offset, model, known):
        if like < model.least:
            break
        n += 1
    return n


LAYER_ASKEW = 0.25  # of a checker: how far across the column's middle face_layers looks for each face
LAYER_FIND = 0.3  # of a checker: how far off its place face_layers looks for a row's last face
LAYER_PAST = 5.5  # checkers from a row's start: the place past a row of five, where a pyramid holds no face


def _row_faces(gray: np.ndarray, span, row: str, pitch: float, offset: float, model: FaceModel | None):
    """The likeness of a colour's face model (face_models) at places k (checkers from the board's
    edge) along a row of five, taken from where the row's last face (4.5) lies: a function of k,
    each place fitted once as it is asked for (-1 past the middle of the board); None where the
    model sees no last face there (as most columns do)."""
    if model is None or pitch < 4:
        return None
    r, least, face = model
    m = max(1, int(round(FACE_SHIFT * pitch)))
    H = gray.shape[0]
    last = ROW_OF_FIVE - 0.5
    # the row's last face, which no layer covers, found further off its place than the others may
    # lie (a lens bends the rows: a column's stacks may start a third of a checker off the row's
    # offset); the places are taken from where it lies
    d = offset + last * pitch
    x = (span[0] + span[1]) / 2  # (across, each face is looked for about the column's middle: a layer lies askew)
    mx = max(m, int(round(LAYER_ASKEW * pitch)))
    top, y, _ = _best_fit(gray, d if row == "top" else H - 1 - d, x, face, r, max(m, int(round(LAYER_FIND * pitch))), mx)
    if top < least:
        return None
    offset += (y if row == "top" else H - 1 - y) - d
    like: dict = {last: top}

    def at(k: float) -> float:
        if k not in like:
            d = offset + k * pitch
            like[k] = -1.0 if k == LAYER_PAST and d - r > H // 2 else \
                _best_fit(gray, d if row == "top" else H - 1 - d, x, face, r, m, mx)[0]
        return like[k]
    return at


def face_layers(gray: np.ndarray, span, row: str, pitch: float, offset: float, model: FaceModel | None) -> int:
    """A row of five with a second layer of c (1 to 3) over its first joints, by a colour's face
    model (face_models): 5 + c when whole faces of the colour show just where that pattern puts them
    (_faces_shown: each fits as well as a face must), the joints it leaves open plainly show none
    (FACE_GAP under its least face) and neither does the place past the row; else 0. The layer
    hides half of each checker of the row under it, so a walk from the edge (face_count) stops at
    the first of them: a pyramid of black checkers on black felt read 1 or 5 for 6 to 8."""
    at = _row_faces(gray, span, row, pitch, offset, model)
    return 0 if at is None else _layers_shown(at, model.least)


def _layers_shown(at, least: float) -> int:
    """face_layers of a row's likeness at its places (`at`, as _row_faces gives it)."""
    last = ROW_OF_FIVE - 0.5
    # every pattern shows faces at 1 and 4.5 and none at 4; a face at 2 tells a layer of two or
    # three from one, one at 3 three from two
    if at(1.0) < least:
        return 0
    if at(4.0) > min(at(last), at(1.0)) - FACE_GAP:
        return 0
    c = 1 if at(2.0) < least else 2 if at(3.0) < least else 3
    shown = _faces_shown(c)
    open_ = [k for k in FACE_PLACES if float(k).is_integer() and c < k < ROW_OF_FIVE]
    for k in sorted(shown):
        if at(k) < least:
            return 0
    low = min(at(k) for k in shown)
    if max(at(k) for k in open_) > low - FACE_GAP or at(LAYER_PAST) >= least:
        return 0
    return ROW_OF_FIVE + c


def faces_plain_row(gray: np.ndarray, span, row: str, pitch: float, offset: float, model: FaceModel | None) -> bool:
    """A row of five and no more, by a colour's face model: a whole face at each checker's middle,
    none at the joints between them (FACE_GAP under the least face) nor past the row. Its colour
    may say otherwise where the point beneath is nearly the checkers' colour: the point's own
    colour fills the waists between them as a second layer would (covered_joints)."""
    at = _row_faces(gray, span, row, pitch, offset, model)
    return at is not None and _plain_shown(at, model.least)


def _plain_shown(at, least: float) -> bool:
    """faces_plain_row of a row's likeness at its places (`at`, as _row_faces gives it)."""
    faces = [at(k + 0.5) for k in range(ROW_OF_FIVE)]
    if min(faces) < least:
        return False
    joints = [at(float(k)) for k in range(1, ROW_OF_FIVE)]
    return max(joints) <= min(faces) - FACE_GAP and at(LAYER_PAST) < least


RUN_SPACING = (0.55, 0.9)  # of a checker: the spacings of an overlapping run that face_run tries (a row
# further apart is face_count's: its walk finds each face a checker on, within FACE_SHIFT)
RUN_FIRST = (0.25, 0.8)  # of a checker from the board's edge: where the run's first face lies
RUN_NEXT = 0.7  # of a checker past the first face: where an overlapping run's second lies (within FACE_SHIFT)
RUN_PLACE = 0.12  # of a checker: how far a face may lie off its place in the run (a lens, the perspective)
RUN_LEAST = 0.4  # the least likeness any face of the run shows (one may be a checker turned off the model)
RUN_MEAN = 0.1  # under the face's least likeness (FaceModel.least), the least mean likeness of the run's faces
RUN_MARGIN = 0.3  # how much more like a face the run's places must look than the places half way between


def face_profile(gray: np.ndarray, span, row: str, model: FaceModel, shift: int, beyond: int = 0) -> np.ndarray:
    """The likeness of a colour's face model (best within `shift` across) with its middle at each
    distance from the board's edge along a column's half of the board and `beyond` pixels past its
    middle (NaN where it cannot lie)."""
    r, _, face = model
    H, W = gray.shape[:2]
    half = min(H, H // 2 + max(0, beyond))
    xc = (span[0] + span[1]) // 2
    out = np.full(half, np.nan)
    if half < 2 * r + 2 or not 0 <= xc < W:
        return out
    strip = _column_strip(gray, row, half, xc - r - shift, xc + r + shift + 1).astype(np.float32)
    face = np.ascontiguousarray(face if row == "top" else face[::-1])  # the face turned with the bottom row
    like = cv2.matchTemplate(strip, face, cv2.TM_CCOEFF_NORMED, mask=_disc(r))
    like[~np.isfinite(like)] = -1.0
    out[r:r + like.shape[0]] = like.max(1)
    return out


def face_run(gray: np.ndarray, span, row: str, pitch: float, offset: float, model: FaceModel | None) -> int:
    """Checkers of an overlapping run (checkers closer than their size, as players push a long stack
    together) by a colour's face model: from the first face at the board's edge to the last one
    that fits as well as a face must, the count n whose even spacing puts faces where the column
    shows them (their mean likeness, each at least RUN_LEAST) and none half way between (RUN_MARGIN);
    0 when no count fits so, or the run may go on past the middle. For checkers the colour of
    their point or of the felt, whose rims are faint and whose faces do not lie a checker apart."""
    if model is None or pitch < 4:
        return 0
    H = gray.shape[0]
    m = max(1, int(round(FACE_SHIFT * pitch)))
    d = offset + sum(RUN_FIRST) / 2 * pitch
    middle = (span[0] + span[1]) / 2
    like, y, x = _best_fit(gray, d if row == "top" else H - 1 - d, middle, model.face, model.r,
                           max(1, int(round((RUN_FIRST[1] - RUN_FIRST[0]) / 2 * pitch))))
    if like < model.least:
        return 0  # no face at the board's edge (most columns end here, at one small fit)
    # the next faces are looked for up to LAYER_ASKEW across the column's middle (a run pushed
    # together zigzags), the second at the least likeness of the run's mean (it is partly covered)
    mx = max(m, int(round(LAYER_ASKEW * pitch)))
    d = (y if row == "top" else H - 1 - y) + RUN_NEXT * pitch
    second = _best_fit(gray, d if row == "top" else H - 1 - d, middle, model.face, model.r, m, mx)
    if second[0] < model.least - RUN_MEAN:
        return 0  # nor a second face closer than a checker to it: a row a checker apart is face_count's
    whole = face_profile(gray, span, row, model, mx, int(pitch))
    prof = whole[:H // 2]  # (past the middle: only to see whether the run goes on)
    L = len(prof)
    strong = np.flatnonzero(np.nan_to_num(prof, nan=-1.0) >= model.least)
    if len(strong) == 0 or not RUN_FIRST[0] * pitch <= strong[0] - offset <= RUN_FIRST[1] * pitch:
        return 0  # no face at the edge
    ends = np.split(strong, np.flatnonzero(np.diff(strong) > 1) + 1)  # each strong stretch's best: a face's middle
    first = float(ends[0][np.argmax(prof[ends[0]])])
    last = float(ends[-1][np.argmax(prof[ends[-1]])])
    w = max(1, int(round(RUN_PLACE * pitch)))

    def at(y: float) -> float:
        lo, hi = max(0, int(round(y)) - w), min(L, int(round(y)) + w + 1)
        seg = prof[lo:hi]
        return float(np.nanmax(seg)) if hi > lo and np.isfinite(seg).any() else -1.0

    best, fit = 0, -np.inf
    for n in range(2, 16):
        s = (last - first) / (n - 1)
        if not RUN_SPACING[0] * pitch <= s <= RUN_SPACING[1] * pitch:
            continue
        faces = [at(first + k * s) for k in range(n)]
        between = [at(first + (k + 0.5) * s) for k in range(n - 1)]
        if min(faces) < RUN_LEAST or np.mean(faces) < model.least - RUN_MEAN:
            continue
        margin = float(np.mean(faces) - np.mean(between))
        if margin >= RUN_MARGIN and margin > fit:
            best, fit = n, margin
    if best:  # a face where the next checker would lie, past the middle: the run may go on (or meet a stack)
        y = int(round(last + (last - first) / max(best - 1, 1)))
        seg = whole[max(0, y - w):y + w + 1]
        if y + model.r >= L and np.isfinite(seg).any() and float(np.nanmax(seg)) >= model.least:
            return 0
    return best


def _face_walk(gray: np.ndarray, span, row: str, pitch: float, offset: float, model: FaceModel, start: int):
    """The likeness of a colour's face model at each place of a row from the board's edge, from
    place `start` on: each found within FACE_SHIFT of where the last one puts it, none past the
    middle of the board; the first looked for up to LAYER_ASKEW across the column's middle (a
    raised checker seen at a tilt lies off it, and the rest of its stack follows it), and so is
    any other whose place shows no face (a stack pushed together zigzags across its column)."""
    r, _, face = model
    m = max(1, int(round(FACE_SHIFT * pitch)))
    H = gray.shape[0]
    x = middle = (span[0] + span[1]) / 2
    d = offset + (start + 0.5) * pitch
    mx = wide = max(m, int(round(LAYER_ASKEW * pitch)))
    while d + r <= H // 2:
        yc = d if row == "top" else H - 1 - d
        like, y, x = found = _best_fit(gray, yc, x, face, r, m, mx)
        if like < model.least and mx < wide:  # a stack pushed together zigzags: looked for about the middle too
            again = _best_fit(gray, yc, middle, face, r, m, wide)
            like, y, x = max(found, again, key=lambda fit: fit[0])
        yield like
        mx = m
        d = max(d + 0.5 * pitch, (y if row == "top" else H - 1 - y) + pitch)


def face_likes(gray: np.ndarray, span, row: str, pitch: float, offset: float, model: FaceModel, n: int) -> list:
    """The likeness of a colour's face model at each of the first n places of a row from the board's
    edge, each found within FACE_SHIFT of where the last one puts it (as face_count finds them);
    fewer where the row reaches the middle of the board."""
    return list(itertools.islice(_face_walk(gray, span, row, pitch, offset, model, 0), n))


FACE_DROP = 0.7  # of a stack's other faces' likeness (median): under it, the last place holds no checker


def faceless_last(before: dict, after: dict, gray: np.ndarray, spans, pitch: float, offset: tuple[float, float],
                  names, models: tuple) -> dict:
    """Stacks of up to five whose rims (rim_counts: `before` -> `after`) added checkers the colour
    model did not see, less their last one where its face model (`models`) plainly sees no face
    there while it sees the stack's others well: the point's tip or the last checker's shadow a
    checker past the stack is a line as a rim is, and neither colour nor face shows a checker there."""
    out = dict(after)
    for key, (colour, n, conf) in after.items():
        seen = before[key][1] if before[key][0] == colour else 0
        if colour is None or not seen < n <= ROW_OF_FIVE or n < 2:
            continue
        model = models[names.index(colour)]
        if model is None:
            continue
        row, col = key
        likes = face_likes(gray, spans[col], row, pitch, offset[0 if row == "top" else 1], model, n)
        if len(likes) < n:
            continue
        others = float(np.median(likes[:-1]))
        if others >= FACE_SEEN and likes[-1] < FACE_DROP * others:
            out[key] = (colour, n - 1, min(conf, 0.5))
    return out


def _past_middle(classes: np.ndarray, gray: np.ndarray, spans, key, cls: int, pitch: float, ext: float,
                 line: np.ndarray) -> tuple[float, np.ndarray]:
    """A stack that fills its half may run on into the other: its extent along the whole column
    (unless it meets a stack of its colour coming from the other edge), and the brightness
    along the whole column for its spacing."""
    row, col = key
    H = classes.shape[0]
    x0, x1 = spans[col]
    w = x1 - x0
    strip = classes[:, x0 + int(w * 0.2): x1 - int(w * 0.2)]
    if row == "bottom":
        strip = strip[::-1]
    prof = (strip == cls).mean(1)
    full = stack_extent(prof, pitch)
    if full <= ext + 0.3 * pitch:
        return ext, line
    occ = np.flatnonzero(prof[::-1] > STACK_FILL)  # from the other edge: a stack there of the same colour?
    if len(occ) and occ[0] <= pitch:
        return ext, line
    return float(min(full, H - pitch)), centre_line(gray, spans[col], row, whole=True)


def bar_strip(bar: tuple[int, int] | None, width: int, pitch: float) -> tuple[int, int]:
    """Canonical x range where bar checkers lie: the bar's middle, or on a board with no bar the
    centre line between the halves (a thin strip there: point stacks beside it stay out)."""
    if bar is not None:
        b0, b1 = bar
        w = b1 - b0
        return b0 + int(w * 0.2), b1 - int(w * 0.2)
    half = max(1, int(round(pitch * 0.15)))
    return width // 2 - half, width // 2 + half


BAR_OVER = 0.25  # of the bar's middle: how much more of a row a checker colour fills there than on the bare bar
BARE_REACH = 0.1  # of a checker: how far along the bar each row's bare fill reaches (the board a little moved)


def _bar_halves(classes: np.ndarray, bar: tuple[int, int] | None, pitch: float):
    """Each half of the bar's middle (bar_strip), top then bottom, from the middle outward; None
    where the bar is too narrow to hold a checker (a layout tried on a photo)."""
    H, W = classes.shape[:2]
    a, b = bar_strip(bar, W, pitch)
    if b <= a:
        return None
    strip = classes[:, a:b]
    return strip[: H // 2][::-1], strip[H - H // 2:]


def bare_bar(classes: np.ndarray, bar: tuple[int, int] | None, pitch: float) -> tuple:
    """How much of each row of the bar's middle the colour model takes for each checker colour on
    the bare bar (the calibration image's classes, no checker on the bar): per half (top, bottom,
    from the middle outward), per colour, percent, each row the most of the rows within BARE_REACH
    of a checker. () where no row of it is taken for a checker's colour anywhere near a stack's
    fill (the bar reads as board: nothing to remember). A grained ebony bar beside black checkers
    is taken for them in patches the grain's size; read_bar counts only what fills its rows plainly
    more than the bare bar did (BAR_OVER): the grain read as a stack of black checkers the bar's
    whole length, on every frame."""
    halves = _bar_halves(classes, bar, pitch)
    if halves is None:
        return ()
    r = max(1, int(round(BARE_REACH * pitch)))
    out = []
    for half in halves:
        fills = []
        for k in (1, 2):
            fill = np.pad(np.round((half == k).mean(1) * 100), r, mode="edge")
            fills.append(tuple(int(v) for v in np.lib.stride_tricks.sliding_window_view(fill, 2 * r + 1).max(1)))
        out.append(tuple(fills))
    if max(max(f) for half in out for f in half) < 100 * (STACK_FILL - BAR_OVER):
        return ()
    return tuple(out)


def read_bar(classes: np.ndarray, bar: tuple[int, int] | None, pitch: float, names: tuple[str, str],
             bare: tuple = ()):
    """Checkers on the bar: per colour, stacks running from the middle of the bar outward in
    either half (on a board with no bar: along the centre line). Returns ((colour, count),
    (colour, count)) and the lowest confidence. A stack is counted from its first checker, which
    may lie a little off the middle. `bare`: what the bare bar showed (bare_bar), where it was
    taken for a checker's colour; rows that show no more than that (BAR_OVER) hold none."""
    halves = _bar_halves(classes, bar, pitch)
    if halves is None:  # a bar too narrow to hold a checker: none seen there
        return ((names[0], 0), (names[1], 0)), 1.0
    counts = [0, 0]
    conf = 1.0
    for i, half in enumerate(halves):
        prof = np.stack([(half == 1).mean(1), (half == 2).mean(1)])
        if bare and all(len(f) == len(half) for f in bare[i]):
            prof = np.where(prof * 100 >= np.float32(bare[i]) + 100 * BAR_OVER, prof, 0.0)
        for k in (0, 1):
            ext = stack_extent(prof[k], pitch)
            if ext <= 0:
                continue
            first = float(np.flatnonzero(prof[k] > STACK_FILL)[0])
            x = (ext - first) / pitch
            n = int(round(x))
            if n > 0:
                counts[k] += n
                conf = min(conf, 1.0 - 2.0 * abs(x - n))
    return ((names[0], counts[0]), (names[1], counts[1])), max(0.0, conf)


def _label_cell(label: dict, row: str, col: int):
    colour, count = label[row][col]
    return colour, count


def layout_probe(base: dict, colours: tuple[str, str] = ("a", "b"), centroids=()):
    """A Calibration of the layout `base` for its geometry helpers (no colour model yet)."""
    from .calibration import Calibration  # (calibration.py imports this module)

    return Calibration(**base, colours=colours, players=colours, home="bottom right", centroids=centroids,
                       pitch=1.0, offset=(0.0, 0.0), distance_limit=1.0)


def learn(image: np.ndarray, base: dict, label: dict, colours: tuple[str, str], board_sample: int = 0,
          canon: np.ndarray | None = None, lab: np.ndarray | None = None, light: bool = True,
          kinds: bool | None = False, check_bar: bool = False, learn_faces: bool = False,
          as_reader: bool = False, pitch_grid: bool = False, combs: bool = False, rows_told: bool = False,
          in_progress: bool = False):
    """Learn colour centroids and the checker pitch from an image whose points are given by `label`.
    board_sample > 0 caps the board pixels clustered (an even stride: the photo reader's speed);
    canon and lab, the warped playing area and its weighted Lab (H, W, 3), when already made;
    light: take uneven light out first (fitted on the empty points), as the reader then does too;
    kinds: one model of the board for each kind of point (see _absent), or None: with and without,
    whichever reads the position back better; check_bar: the label's bar is known (a calibration,
    not a photo's guess), so a model that reads it otherwise learns the shades of its middle too;
    learn_faces: learn the faces of its checkers too (face_models: the reader counts checkers by them
    where their colour is nearly their point's); as_reader: score each model first by the points
    both read_back (the calibration's light fit, the count by colour and rims only) and the reader
    read right with it (reader_view, read_stacks: the reader's own light fit and every step of its
    count but the faces, which, learnt from this very image, would read it back whatever the model),
    then by read_back alone. A model read_back alone passes may leave the reader misreading that
    very image, and every frame after it; the reader alone forgives a playing area a little off.
    pitch_grid: where no pitch fitted on the stacks reads every point back, try the common sizes
    of a checker too (PITCH_GRID; a calibration that fails without them).
    combs: read back with rows seen only in a comb of their colour counted too (face_combs; the
    reader always counts them; a calibration that fails without them). rows_told: see fit_pitch.
    in_progress: the label is a game in progress (a labels file), not the starting position: its
    few stacks may stray from the fit on them, and the fits without them are tried too (_trimmed_fits).

    Returns (fields for Calibration, (points of 24 read back right, sum of their confidences)), with
    as_reader (points of 24 both read right, points read back right, sum of their confidences).
    """
    probe = layout_probe(base, colours)
    W, H = probe.size
    if canon is None:
        canon = warp(image, probe.homography(), probe.size)
    if lab is None:
        lab = _weighted_lab(canon).reshape(H, W, 3)
    spans = [probe.column_span(c) for c in range(12)]
    pw = W / 12.0
    raw = canon if as_reader else None  # the image as the reader gets it, before this light fit
    skip = _uncertain(label)
    if light:
        field = _calibration_light(canon, lab, spans, label, skip, probe.bar)
        if field is not None:
            canon = flatten_light(canon, field)
            lab = _weighted_lab(canon).reshape(H, W, 3)
    board_px, board_kinds, colour_px = [], [], {0: [], 1: []}
    for row in ("top", "bottom"):
        y0, y1 = _row_slice(row, H)
        for col, (x0, x1) in enumerate(spans):
            if (row, col) in skip:
                continue
            colour, count = _label_cell(label, row, col)
            cell = lab[y0:y1, x0:x1]
            if colour is None:
                board_px.append(cell.reshape(-1, 3)[::3])
                board_kinds.append(np.full(len(board_px[-1]), cell_kind(row, col), np.int8))
            else:
                if colour not in colours:
                    raise CalibrationError(f"label colour {colour!r} is not one of {colours}")
                n = min(count, int((y1 - y0) / (pw * 0.9)))
                depth = int(n * pw * 0.8)
                a, b = x0 + int((x1 - x0) * 0.25), x1 - int((x1 - x0) * 0.25)
                sub = lab[y0:y0 + depth, a:b] if row == "top" else lab[y1 - depth:y1, a:b]
                colour_px[colours.index(colour)].append((cell_kind(row, col), sub.reshape(-1, 3)))
    bar_px = _bar_pixels(lab, probe.bar, label, pw)
    if not board_px or not colour_px[0] or not colour_px[1]:
        raise CalibrationError("the calibration position needs empty points and checkers of both colours")
    board, board_kind = np.concatenate(board_px), np.concatenate(board_kinds)
    if 0 < board_sample < len(board):
        board, board_kind = board[:: -(-len(board) // board_sample)], board_kind[:: -(-len(board) // board_sample)]
    board_c = _kmeans(board, 4)
    absent = _absent(board, board_kind, board_c)
    cents = [(BOARD, *c) for c in board_c]
    samples = []
    for k in (0, 1):
        px = np.concatenate([cell for _, cell in colour_px[k]]) if colour_px[k] else np.zeros((0, 3))
        if len(px) < 20:
            raise CalibrationError(f"too little of colour {colours[k]!r} to learn it")
        samples.append(px)
    middles = np.array([np.median(px, 0) for px in samples], np.float32)
    # a checker colour that is nearly a point's colour: its checkers on such points are counted
    # from their rims (see rim_counts); judged per kind of point (row, and which of the two colours)
    board_like = [bool(np.sqrt(((board_c - m) ** 2).sum(1)).min() < RIM_NEAR) for m in middles]
    faces = tuple(tuple(round(float(v), 2) for v in m) for m in middles)  # weighted Lab of each face
    rims, bases = _rim_colours(lab, spans, label, skip, middles)
    felt_like = [_felt_like(board_c, m, k, rims, bases) for k, m in enumerate(middles)]
    like_points = tuple(t for t in range(4) if rims[t] in (0, 1))  # kinds of point nearly a checker colour
    for k in (0, 1):  # such a colour is learnt from its checkers on the other points, where they show
        clear = [cell for kind, cell in colour_px[k] if rims[kind] != k]
        if k in rims and clear and sum(len(c) for c in clear) >= 20:
            samples[k] = np.concatenate(clear)
    if sum(board_like) == 1:  # one colour only is like the board: it is the one to count by rims anywhere
        rims = tuple(r if r >= 0 else board_like.index(True) for r in rims)
    elif any(board_like):  # both are like some board colour: elsewhere too, the stack's face says which
        rims = tuple(r if r >= 0 else EITHER for r in rims)
    # where a colour is taken out of the colour model (own_colour_off): on the points nearly its colour,
    # and on every point only where it is like the felt too (elsewhere it shows by colour)
    own = tuple(t for t in range(4) if rims[t] in (0, 1) and (t in like_points or felt_like[rims[t]]))
    on_bar = bar_px is not None and any((label.get("bar") or {}).values())
    plain = list(cents)  # the model without the bar's own colours (tried if the bar does not read back)
    if bar_px is not None and len(bar_px) >= 20:
        # the bar's colours are board on the points too (the frame's edge shows there), unless
        # one of them is a checker's colour (a dark wooden bar and black checkers): judged
        # against the middle colour of each checker sample
        for c in _kmeans(bar_px, 2):
            near = float(np.sqrt(((middles - c) ** 2).sum(1)).min())
            cents.append((BAR_BOARD if near > BAR_APART else BAR, *c))
    best = _fit_models(canon, lab, probe, spans, label, colours, skip, cents, colour_px, samples, rims,
                       board_like, faces, absent, light, kinds, learn_faces, raw, pitch_grid, own, combs,
                       rows_told, in_progress)
    reads_back = bar_px is None or not (on_bar or check_bar) or \
        _bar_reads_back(canon, probe, spans, best[0], label, colours)
    if not reads_back:
        shaded = _bar_shades(lab, probe.bar, label, pw, best[0])
        if shaded is not None and _bar_reads_back(canon, probe, spans, shaded, label, colours):
            return shaded, best[1]
    if on_bar and not reads_back:
        # the bar's model learnt beside its checkers: kept unless the model without it reads the bar back
        try:
            other = _fit_models(canon, lab, probe, spans, label, colours, skip, plain, colour_px, samples, rims,
                                board_like, faces, absent, light, kinds, learn_faces, raw, pitch_grid, own, combs,
                                rows_told, in_progress)
        except CalibrationError:
            return best
        if _bar_reads_back(canon, probe, spans, other[0], label, colours) and other[1][0] >= best[1][0]:
            best = other
    return best


def _uncertain(label: dict) -> set:
    """The (row, col) a label says it is unsure of ("top 3: ..."): left out of learning and scoring."""
    skip = set()
    for text in label.get("uncertain") or ():
        parts = str(text).split()
        if len(parts) >= 2 and parts[0] in ("top", "bottom"):
            try:
                skip.add((parts[0], int(parts[1].rstrip(":")) - 1))
            except ValueError:
                pass
    return skip


def faces_read_back(image: np.ndarray, base: dict, fields: dict, label: dict, colours: tuple[str, str]) -> int:
    """Points of 24 the reader reads as labelled in the image a model (learn's fields) was learnt
    from, with every step it has, the faces too (read_stacks with face models), where the faces
    are learnt without the stacks the reader misreads without them: learnt from those very stacks,
    they would read them back whether or not they can read such stacks on a later frame (learn's
    score leaves the faces out for that reason)."""
    probe = layout_probe(base, colours)
    spans = [probe.column_span(c) for c in range(12)]
    raw = warp(image, probe.homography(), probe.size)
    canon, classes = reader_view(raw, fields["centroids"], fields["light"], probe.bar, fields["absent"], spans)
    args = (canon, classes, spans, fields["pitch"], fields["offset"], colours, fields["rims"], fields["faces"],
            fields["own_off"])
    skip = _uncertain(label)
    misread = {key for key, (colour, n, _) in read_stacks(*args).items()
               if key not in skip and (colour, n) != tuple(_label_cell(label, *key))}
    gray = cv2.cvtColor(canon, cv2.COLOR_BGR2GRAY)
    held_out = face_models(gray, spans, label, colours, skip | misread, fields["pitch"], fields["offset"])
    kept = fields.get("face_models") or ((), ())  # (of the colours the model keeps faces of)
    return _right(read_stacks(*args, tuple(face_model(m) if kept[k] else None for k, m in enumerate(held_out))),
                  label, skip)


BAR_UNSEEN = 2  # checkers a label that does not know the bar (a photo's) leaves room for each side of its middle


def _bar_pixels(lab: np.ndarray, bar, label: dict, pw: float):
    """The bar's own pixels for its model (see BAR), or None on a board with no bar: the whole bar
    when the label puts no checker there, else its rows beyond them (bar checkers stack from the
    bar's middle outward; as many as the label has, in either half). Without a model of its own a
    bar the colour of a checker reads as a stack of them, the bar's whole length. A label whose
    bar is None (not left out: a start position's label has none, its bar empty) does not know
    it (a photo's first guess): its rows beyond BAR_UNSEEN checkers either side of the middle
    (learnt over the whole bar, a checker lying there became a colour of the bar, and the reader
    saw none there)."""
    if bar is None:
        return None
    b0, b1 = bar
    H = lab.shape[0]
    unseen = "bar" in label and label["bar"] is None  # (a label with no bar at all has it empty: a start)
    n = BAR_UNSEEN if unseen else sum((label.get("bar") or {}).values())
    rows = np.abs(np.arange(H) + 0.5 - H / 2) > (n + 0.5) * pw
    return lab[rows, b0:b1].reshape(-1, 3)[::3]


BAR_SHADES = 2  # colours learnt from the bar's middle where its model sees checkers on the bare bar


def _bar_shades(lab: np.ndarray, bar, label: dict, pw: float, fields: dict) -> dict | None:
    """Fields with the colours of the calibration's bare bar that its model takes for a checker's
    added to the bar's own (BAR), learnt in the bar's middle where its checkers are read: the two
    colours across the bar's whole width may miss its shades there (a grained ebony bar's lighter
    grain is nearer the black checkers' colour than the bar's). None when there are too few."""
    px = _bar_pixels(lab, bar_strip(bar, lab.shape[1], pw), label, pw)
    model = [c for c in fields["centroids"] if c[0] != BOARD]  # the bar's model (see build_lut)
    if px is None or not len(px) or not has_bar_model(model):
        return None
    cents = np.float32([(c[1] * L_WEIGHT, c[2], c[3]) for c in model])
    taken = np.isin(np.array([c[0] for c in model])[_nearest(px, cents)], (1, 2))
    if taken.sum() < 20:
        return None
    shades = tuple((BAR, float(c[0]) / L_WEIGHT, float(c[1]), float(c[2])) for c in _kmeans(px[taken], BAR_SHADES))
    return dict(fields, centroids=tuple(fields["centroids"]) + shades)


def _bar_reads_back(canon: np.ndarray, probe, spans, fields: dict, label: dict, colours) -> bool:
    """Whether a learnt model reads the calibration image's bar as labelled."""
    classes, _ = classify(bin_index(canon), fields["centroids"], probe.bar, fields["absent"], spans)
    got = dict(read_bar(classes, probe.bar, fields["pitch"], colours)[0])
    want = label.get("bar") or {}
    return all(got.get(c, 0) == int(want.get(c, 0)) for c in colours)


def _fit_models(canon, lab, probe, spans, label, colours, skip, cents, colour_px, samples, rims, board_like,
                faces, absent, light, kinds, learn_faces=False, raw=None, pitch_grid=False, own=(), combs=False,
                rows_told=False, in_progress=False):
    """The best _fit of one model of the board for every point, or one per kind of point (see
    learn's `kinds`): (fields, score)."""
    best, error = None, None
    for per_kind in (False, True) if kinds is None else (kinds,):
        if per_kind and not any(absent):  # every board colour on every kind of point: one model is all there is
            error = CalibrationError("every board colour shows on every kind of point")
            continue
        try:
            got = _fit(canon, lab, probe, spans, label, colours, skip, cents, colour_px, samples, rims, board_like,
                       faces, absent if per_kind else ((), (), (), ()), light, learn_faces, raw, pitch_grid, own,
                       combs, rows_told, in_progress)
        except CalibrationError as exc:
            error = error or exc
            continue
        if best is None or got[1][0] > best[1][0]:
            best = got
    if best is None:
        raise error or CalibrationError("no colour model fits the calibration image")
    return best


def _fit(canon, lab, probe, spans, label, colours, skip, cents, colour_px, samples, rims, board_like, faces,
         absent, light, learn_faces=False, raw=None, pitch_grid=False, own=(), combs=False, rows_told=False,
         in_progress=False):
    """The checker centroids, pitch and offset of learn for one model of the board (`absent`: per
    kind of point, the board centroids not seen on that kind's empty points; all () for one model
    of the board everywhere), the faces of its checkers (face_models) with learn_faces, and the
    position read back with them (and as the reader reads `raw`, the image before the calibration's
    light fit, when given: reader_view, read_stacks; see learn's as_reader)."""
    H, W = canon.shape[:2]
    pw = W / 12.0
    cents = list(cents)
    board_all = np.array([c[1:] for c in cents if c[0] in BOARD_COLOURS], np.float32)
    for k, px in enumerate(samples):
        if any(absent):  # against the board colours of the kind of point each sample lies on
            parts = [(kind, cell) for kind, cell in colour_px[k] if rims[kind] != k] or colour_px[k]
            px = np.concatenate([cell for _, cell in parts])
            d = np.concatenate([np.sqrt(sq_dist3(cell[:, None, :], np.delete(board_all, absent[kind], 0)[None])).min(1)
                                for kind, cell in parts])
        else:
            d = np.sqrt(sq_dist3(px[:, None, :], board_all[None])).min(1)
        keep = px[d > max(np.percentile(d, 50), 12.0)]
        if len(keep) < 20:
            raise CalibrationError(f"checkers of colour {colours[k]!r} do not stand out from the board")
        cents += [(k + 1, *c) for c in _kmeans(keep, 2)]
    centroids = tuple((int(c[0]), float(c[1]) / L_WEIGHT, float(c[2]), float(c[3])) for c in cents)
    idx = bin_index(canon)
    classes, dist = classify(idx, centroids, probe.bar, absent, spans)
    profiles = column_profiles(classes, spans, H)
    # pitch and offset: least squares of stack extent against the labelled count
    xs, ys, rs, ks, ts = [], [], [], [], []
    for (row, col), prof in profiles.items():
        if (row, col) in skip:
            continue
        colour, count = _label_cell(label, row, col)
        if colour is None:
            continue
        ext = stack_extent(prof[colours.index(colour)], pw * 0.9)
        if ext > 0:
            xs.append(count)
            ys.append(ext)
            rs.append(row)
            ks.append(colours.index(colour))
            ts.append(cell_kind(row, col))
    chosen = list(range(len(xs)))
    if any(r >= 0 for r in rims):  # on a point of their own colour stacks look short: fit the others
        sure = [i for i, (k, t) in enumerate(zip(ks, ts)) if rims[t] != k and not (sum(board_like) == 1 and board_like[k])]
        if len({xs[i] for i in sure}) >= 2:
            chosen = sure
    chosen = _short_stacks(chosen, xs)
    sets = [chosen]
    short = [i for i in chosen if xs[i] <= ROW_OF_FIVE]
    if short and short != chosen:
        # the stacks over five taken at their count or as five (a second layer) may fit neither:
        # a run of seven or eight leaning on each other to the middle is shorter than seven, longer
        # than five. The short stacks alone are tried too, even all of one count (the pitch then
        # their length over their count): the read back decides
        sets.append(short)
    if len(chosen) < 2:
        raise CalibrationError("too few stacks to learn the checker size")
    # read back as the reader will; where a checker colour is nearly that of a kind of point, also
    # with that colour taken out there (see own_colour_off), kept when it reads the position back better
    gray = cv2.cvtColor(canon, cv2.COLOR_BGR2GRAY)
    score, own_off = None, ()
    offs = [(), own] if own else [()]  # (own: the kinds of point learn takes a colour out on)
    seen = None if raw is None else reader_view(raw, centroids, light, probe.bar, absent, spans)
    fits = [stack_pitch([xs[i] for i in which], [ys[i] for i in which], [rs[i] for i in which], pw, rows_told)
            for which in sets]
    if raw is not None:  # (a calibration: its label is known, so its read back can choose among them)
        if in_progress:  # (a start position's stacks are sure: its own fits, their ties as they were)
            fits += [f for which in sets for f in _trimmed_fits([xs[i] for i in which], [ys[i] for i in which],
                                                                [rs[i] for i in which], pw, rows_told)]
            if any(_edge_gap(f) > EDGE_GAP_MOST for f in fits):
                fits += [_through_edge([xs[i] for i in which], [ys[i] for i in which]) for which in sets]
        fits += [f for fit in fits for f in _offsets_raised(fit)]
        fits = _sane_fits(fits, pw)
    log.debug("rims %s faces %s stacks %s", rims, faces, [(xs[i], ys[i], rs[i]) for i in chosen])
    for n, fit in enumerate(_fits_then_grid(fits, pw) if pitch_grid else fits):
        if n >= len(fits) and score is not None and score[0] >= 24:
            break
        for off in offs:
            read = read_back(profiles, gray, lab, spans, fit[0], fit[1], colours, rims, faces, off, combs)
            got = (_right(read, label, skip), round(sum(c for _, _, c in read.values()), 3))  # ties: the surer
            if seen is not None:  # the points both read right first
                as_read = read_stacks(*seen, spans, fit[0], fit[1], colours, rims, faces, off, combs=combs)
                got = (_right(read, label, skip, as_read), *got)
            if score is None or got[:-1] > score[:-1] or (
                    in_progress and got[:-1] == score[:-1] and _edge_gap((pitch, offset)) > EDGE_GAP_MOST
                    and _edge_gap(fit) < _edge_gap((pitch, offset)) - EDGE_GAP_TIE):
                score, own_off, (pitch, offset) = got, off, fit
    models = face_models(gray, spans, label, colours, skip, pitch, offset) if learn_faces else ()
    if any(models):  # faces only of a colour nearly the board's (the reader counts no other by its faces)
        models = tuple(m if board_like[k] or k in rims else () for k, m in enumerate(models))
    limit = float(np.percentile(dist, 99.5)) * 1.5 + 5.0
    fields = dict(
        centroids=centroids,
        pitch=float(pitch),
        offset=tuple(offset),
        distance_limit=limit,
        light=bool(light),
        rims=rims,
        own_off=own_off,
        absent=tuple(tuple(int(j) for j in t) for t in absent),
        faces=faces,
        **({"face_models": models} if models else {}),
        named_colours=tuple(name_colour(c) for c in _centroid_means(centroids)),
    )
    log.debug("learnt pitch %.1f offset %s score %s", pitch, offset, score)
    return fields, score


PITCH_GRID = (0.8, 0.85, 0.9, 0.95)  # of a point's width: checker sizes tried where the stacks' fits read too few


OFFSET_LEAST = -0.35  # of a pitch: a row's offset under this is no geometry (the stacks it was fitted on read
# short; -0.15 to -0.3 occur where a layout's row lies a little inside the frame; vision.photo holds its pitch to it too)


TRIM_RMS = 0.12  # of a point's width: a fit whose stacks stray from it more has its worst stacks left out in turn
TRIM_MOST = 2  # stacks left out so, at most


def _trimmed_fits(counts, extents, rows, pw: float, rows_told: bool = False) -> list:
    """Fits of the stacks (fit_pitch) with the stack that strays most from the fit left out, then the
    next (at most TRIM_MOST, while three stacks of two counts remain), where the stacks stray from
    the fit by more than TRIM_RMS of a point on the whole. A game in progress shows few stacks, and
    one or two the colour model sees only in part (a single on a point of its own colour read as a
    run to the point's tip, a two half lost in its point) pull the least squares off every other
    stack: labelled seed 5 style 29 fitted 36 px for checkers of 32 from the lengths of a five, three
    twos and a three (all of 32 a checker) beside a one of 80 px and a two of 85, and read the twos
    and threes on no point. Stacks over five are taken as five (a second layer), and a fit whose
    pitch is no checker's plausible width (PITCH_RANGE) is not offered: the read back of a game in
    progress can prefer a pitch a third short that reads its runs of six and eight as longer runs
    (labelled seed 1 style 2). Tried after the fits, for a calibration's read back to choose."""
    counts, extents, rows = [min(n, ROW_OF_FIVE) for n in counts], list(extents), list(rows)
    out = []
    if len(set(counts)) < 2:
        return out
    pitch, offset = fit_pitch(counts, extents, rows, pw, rows_told)
    for _ in range(TRIM_MOST):
        if len(counts) < 4:
            break
        resid = [e - pitch * n - offset[0 if r == "top" else 1] for n, e, r in zip(counts, extents, rows)]
        if float(np.sqrt(np.mean(np.square(resid)))) <= TRIM_RMS * pw:
            break
        worst = _worst_stray(resid, counts, extents, pitch, pw)
        del counts[worst], extents[worst], rows[worst]
        if len(set(counts)) < 2:
            break
        pitch, offset = fit_pitch(counts, extents, rows, pw, rows_told)  # (the next round's fit too)
        if PITCH_RANGE[0] * pw <= pitch <= PITCH_RANGE[1] * pw:
            out.append((pitch, offset))
    return out


STRAY_TIE = 1e-6  # of a point's width: stacks straying from a fit by amounts this close stray alike


EDGE_GAP_MOST = 0.25  # of a pitch: a calibration's fit that begins a row's first checker further inside the area's
# edge than this has the same stacks fitted through the edge tried too (_through_edge), and loses a tie in what
# reads back to a fit EDGE_GAP_TIE nearer the edge. A checker lies against the edge: a few stacks of one row,
# a two, a three and a four, had fitted a pitch a tenth short with the first checker 0.37 of one inside
# (labelled seed 4 style 2; later frames then read a pearl stack on an ivory point as none)
EDGE_GAP_TIE = 0.1


def _edge_gap(fit: tuple) -> float:
    """How far inside the area's edge a fit puts a row's first checker, at most, in pitches (a
    checker lies against the edge; one raised by its thickness towards the camera may seem to
    begin before it)."""
    pitch, offset = fit
    return max(0.0, *offset) / pitch


def _through_edge(counts, extents) -> tuple:
    """The stacks' length per checker with each row's first checker at the area's edge."""
    n = np.minimum(np.array(counts, float), ROW_OF_FIVE)
    return float(np.dot(n, extents) / np.dot(n, n)), (0.0, 0.0)


def _worst_stray(resid, counts, extents, pitch: float, pw: float) -> int:
    """The stack that strays most from a fit (its residual `resid`); of stacks that stray alike (two
    of one count alone in their row: their mean is the row's offset, one strays up as far as the
    other down), the one whose own length lies furthest from `pitch` times its count. An offset is a
    few pixels of perspective and thickness; which went had hung on rounding (labelled seed 5 style
    29: a two of 85 px, half of it a point's tip, and a two of 64 px at 32 a checker)."""
    most = max(abs(r) for r in resid)
    alike = [i for i, r in enumerate(resid) if abs(r) >= most - STRAY_TIE * pw]
    return max(alike, key=lambda i: abs(extents[i] - pitch * counts[i]))


def _offsets_raised(fit: tuple) -> list:
    """Where a fitted (pitch, offsets) takes a row's first checker to begin more than OFFSET_LEAST
    of a pitch before the board's edge, the same pitch with such offsets raised to OFFSET_LEAST,
    and to 0; else none. A checker colour nearly the felt's (maroon on burgundy) or the colour of
    the points it stands on (cream on cream) shows the colour model part of each stack only: every
    stack of it reads short, the fit on them moves the row's start half a checker out, and the
    rims, looked for a checker from there, are not found (labelled seed 7 style 6: -0.52 of a
    pitch; 5 style 29: -0.41). Tried after the fits, for a calibration's read back to choose."""
    pitch, offset = fit
    least = OFFSET_LEAST * pitch
    if all(o >= least for o in offset):
        return []
    return [(pitch, tuple(max(float(o), least) for o in offset)), (pitch, tuple(max(float(o), 0.0) for o in offset))]


PITCH_SANE = (0.5, 1.6)  # of the canonical point width (the bar in it, the board's aspect a guess): a pitch
# outside this is no checker's; PITCH_RANGE is narrower, a preference among fits


def _sane_fits(fits: list, pw: float) -> list:
    """The fitted (pitch, offsets) whose pitch could be a checker's (PITCH_SANE); a CalibrationError
    where none could: that colour model is no model of the board (the calibration tries its others,
    and fails with its own error where none reads the position back). Where every stack shows the
    colour model only a sliver of itself (black checkers on black felt, their faces taken for it),
    the fits on their lengths give a quarter of a checker; the read back of a game in progress, whose
    few stacks that pitch misreads in step, chose such a pitch (labelled seed 4 style 7: 8.9 px for a
    36 px point), and every later frame read runs of 10 and 17. Offering the common sizes of a checker
    (PITCH_GRID) to such a model instead let it win a start position's calibration it had lost (seed 3
    style 22, four frames worse)."""
    sane = [f for f in fits if PITCH_SANE[0] * pw <= f[0] <= PITCH_SANE[1] * pw]
    if not sane:
        raise CalibrationError(f"the stacks fit no checker's size (a pitch of {fits[0][0]:.1f} px for a "
                               f"point {pw:.1f} px wide)")
    return sane


def _fits_then_grid(fits: list, pw: float):
    """The pitches fitted on the stacks, then the common sizes of a checker (PITCH_GRID, from the
    board's edge): where a checker colour is nearly the felt's and the other nearly a point's, every
    stack shows the colour model only a part of itself, and a size fitted on their lengths is short."""
    yield from fits
    for f in PITCH_GRID:
        yield f * pw, (0.0, 0.0)


def _short_stacks(which: list, counts) -> list:
    """Of the stacks `which`, those of five or fewer where they vary in count: more than five in a
    row do not fit a point touching (they lean on each other or lie in a second layer), and their
    length says little of the pitch."""
    single = [i for i in which if counts[i] <= ROW_OF_FIVE]
    return single if len(single) < len(which) and len({counts[i] for i in single}) >= 2 else which


def _right(read: dict, label: dict, skip: set, also: dict | None = None) -> int:
    """How many points of a reading (and of `also`, when given) are as labelled (those left out,
    `skip`, counted right)."""
    return sum(
        1
        for (row, col), (colour, count, _) in read.items()
        if (row, col) not in skip and (colour, count) == tuple(_label_cell(label, row, col))
        and (also is None or also[(row, col)][:2] == (colour, count))
    ) + len(skip)


def read_back(profiles: dict, gray: np.ndarray, lab: np.ndarray | None, spans, pitch: float, offset, names,
              rims: tuple[int, ...], faces: tuple, own_off: tuple = (), combs: bool = False) -> dict:
    """The points read from column profiles by colour, then (where a checker colour is nearly a
    point's) by rims: the calibration's check of itself. `own_off`: see own_colour_off."""
    read = read_columns(own_colour_off(profiles, rims, own_off) if own_off else profiles, pitch, offset, names)
    if combs:
        read = face_combs(read, profiles, spans, pitch, offset, names, faces, lab)
    if any(r >= 0 for r in rims):
        read = rim_counts(read, gray, spans, pitch, offset, names, rims, lab, faces, profiles=profiles, combs=combs)
    return read


def reader_view(raw: np.ndarray, centroids, light: bool, bar, absent, spans) -> tuple[np.ndarray, np.ndarray]:
    """(canonical image, classes) as the reader sees a frame: its light fitted on what the colour
    model takes for board (frame_light) and taken out when the calibration does so, then classed."""
    canon = flatten_light(raw, frame_light(raw, centroids)) if light else raw
    classes, _ = classify(bin_index(canon), centroids, bar, absent, spans)
    return canon, classes


def read_stacks(canon: np.ndarray, classes: np.ndarray, spans, pitch: float, offset, names, rims: tuple[int, ...],
                faces: tuple, own_off: tuple = (), models: tuple = (), combs: bool = False, fold_rims: bool = True,
                layer_slack: tuple = (), recounts: dict | None = None) -> dict:
    """{(row, col): (colour or None, count, confidence)} of every point as the reader reads them
    from a classed canonical image: by colour (read_columns, own_colour_off), less lone checkers that
    are the point's own colour (phantom_singles), long stacks and second layers counted again
    (recount_long_stacks), and by rims and faces where a checker colour is nearly a point's
    (rim_counts, less a last checker the colours' face `models` see no face of: faceless_last;
    face_counts; per colour a FaceModel or None, as face_model makes them of a calibration's
    face_models); with `combs`, rows seen only in a comb of their colour too (face_combs, and
    rim_comb in rim_counts). `recounts`, if given, gets {(row, col): (count before, count after)} of
    the long stacks recount_long_stacks counted again (see surplus_undone)."""
    profiles = column_profiles(classes, spans, canon.shape[0])
    if own_off:
        profiles = own_colour_off(profiles, rims, own_off)
    cols = read_columns(profiles, pitch, offset, names)
    cols = phantom_singles(cols, profiles, pitch, names, rims)
    if combs:
        cols = face_combs(cols, profiles, spans, pitch, offset, names, faces, None, canon)
    gray = cv2.cvtColor(canon, cv2.COLOR_BGR2GRAY)
    recounted = recount_long_stacks(cols, profiles, gray, spans, pitch, offset, names, classes, models, fold_rims)
    if recounts is not None:
        recounts.update({key: (cols[key][1], v[1]) for key, v in recounted.items() if v[1] != cols[key][1]})
    cols = recounted
    if any(r >= 0 for r in rims):
        counted = rim_counts(cols, gray, spans, pitch, offset, names, rims, None, faces, canon, profiles, combs,
                             layer_slack)
        cols = faceless_last(cols, counted, gray, spans, pitch, offset, names, models) if models else counted
        if models:
            cols = face_counts(cols, gray, spans, pitch, offset, names, rims, models, canon, faces)
    return cols


CHECKERS = 15  # of each colour in a game (R1)


def surplus_undone(read: dict, recounts: dict, bar, names) -> tuple[dict, tuple]:
    """(`read`, `bar`) with a colour read more than CHECKERS times on the points and the bar told
    where it can be (R1; `read`: read_stacks', `bar`: read_bar's ((colour, count), (colour, count))):
    long stacks' second counts (recount_long_stacks: a second layer, an overlapping run) that
    alone explain the surplus are undone: the one set of the colour's recounts standing in `read`
    whose additions make up exactly the surplus (`recounts`: read_stacks'; a phantom layer on a
    row of five, or on two, a run taken for more checkers than it holds); else a bar that holds at least the surplus of
    the colour holds that many fewer (a bar the colour of its checkers, or the stack beside it,
    read as a stack of them: some six a half; a colour with checkers borne off is then still one
    too many there). Anything else is left as read (a stack found by its rims may be the surplus,
    or which recounts are wrong is not told: two sets make it up)."""
    on_bar = dict(bar or ())
    out = dict(read)
    for name in names:
        surplus = sum(n for c, n, _ in read.values() if c == name) + on_bar.get(name, 0) - CHECKERS
        if surplus <= 0:
            continue
        added = {key: after - before for key, (before, after) in recounts.items()
                 if read[key][0] == name and read[key][1] == after and after > before}
        undo = [keys for k in range(1, len(added) + 1) for keys in itertools.combinations(added, k)
                if sum(added[key] for key in keys) == surplus]
        if len(undo) == 1:
            for key in undo[0]:
                log.debug("%s read %d too many: the recount of %s (%d, not %d) undone", name, surplus, key,
                          recounts[key][1], recounts[key][0])
                out[key] = (name, recounts[key][0], read[key][2])
        elif on_bar.get(name, 0) >= surplus:
            log.debug("%s read %d too many: the bar holds %d of them", name, surplus, on_bar[name])
            on_bar[name] -= surplus
    return out, tuple((c, on_bar.get(c, n)) for c, n in bar) if bar else bar


FACE_NEAR = 15.0  # weighted-Lab distance: the most a stack the colour model read none of, found by its faces,
# lies from its colour's face in colour (found stacks lay within 10 of it on labelled seeds 1, 4-7; a white
# point's base taken for a beige face in gray, 21-24: labelled seed 4 style 8, five frames)


def face_counts(read: dict, gray: np.ndarray, spans, pitch: float, offset: tuple[float, float], names,
                rims: tuple[int, ...], models: tuple, canon: np.ndarray | None = None, faces: tuple = ()) -> dict:
    """On points nearly the colour of a checker colour (rims), the checkers counted by their faces
    (face_count with the colour's FaceModel of `models`, or None) where the colour model and the
    rims saw fewer: a black checker on black felt shows the model only its rim and highlight, and
    its rims may not stand out along the stack's middle; its whole face still does. The other
    colour's stacks there too (its colour may be the felt's: black checkers on a red point of a
    black board read one long). A stack neither read is counted by the faces of both colours (not only
    of the point's own: a colour nearly the felt's hides on any point, as a run of seven maroon
    checkers on a white point of burgundy felt), and its colour is the face (`faces`, weighted Lab)
    nearer its middle's colour in `canon` (BGR); none where neither face lies within FACE_NEAR of
    that colour. Where a colour
    could still have that many more checkers in the game (CHECKERS, less those read), a pyramid by
    the pattern of its faces (face_layers; of either colour on a stack neither read) and an
    overlapping run by the even spacing of its faces (face_run) too."""
    out = dict(read)
    seen = [sum(n for c, n, _ in read.values() if c == name) for name in names]

    def short(j: int, by: int = 1) -> bool:  # would `by` more checkers of a colour fit in the game (a pyramid
        return seen[j] + by <= CHECKERS      # has six or more; a colour all on the board misses no stack)

    for key, (colour, n, conf) in read.items():
        row, col = key
        k = rims[cell_kind(row, col)] if len(rims) == 4 else -1
        if k < 0:
            continue
        off = offset[0 if row == "top" else 1]
        if colour is None:  # by the faces of either colour (one like the felt shows on any point)
            found = {j: face_count(gray, spans[col], row, pitch, off, models[j], 0) for j in (0, 1)}
            for j in list(found):  # a face at the edge: a run's may lie closer than a checker apart
                if found[j] and short(j):
                    found[j] = max(found[j], face_run(gray, spans[col], row, pitch, off, models[j]))
            for j in (0, 1):  # a pyramid's pattern of faces is plain enough to look for both colours
                if short(j, ROW_OF_FIVE + 1):
                    found[j] = max(found.get(j, 0), face_layers(gray, spans[col], row, pitch, off, models[j]))
            m = max(found.values())
            if m > 0:
                j = _nearer_face(None, canon, faces, spans[col], row, off, pitch, m, FACE_NEAR)
                if j == -2:  # faces in gray where the colour is neither's: an empty point's base
                    continue
                j = j if j >= 0 else max(found, key=found.get)
                out[key] = (names[j], found.get(j) or m, 0.5)
                seen[j] += out[key][1]
            continue
        k = names.index(colour)
        m = face_count(gray, spans[col], row, pitch, off, models[k], n)
        if short(k):
            if m < ROW_OF_FIVE + 1 and short(k, ROW_OF_FIVE + 1 - m):  # a pyramid's layer hides the row's faces
                m = max(m, face_layers(gray, spans[col], row, pitch, off, models[k]))
            m = max(m, face_run(gray, spans[col], row, pitch, off, models[k]))  # nor do a run's lie a checker apart
        if m > n:
            out[key] = (names[k], m, 0.5)
            seen[k] += m - n
    return out


def _nearer_face(lab: np.ndarray | None, canon: np.ndarray | None, faces: tuple, span, row: str, offset: float,
                 pitch: float, m: int, near: float | None = None) -> int:
    """Which checker colour's face (weighted Lab, `faces`) the middle of a stack of m is nearer in
    colour (from `lab`, the weighted Lab image, or else `canon`, BGR), or -1 when there is nothing
    to tell by; with `near`, -2 where neither face lies within `near` of it."""
    image = lab if lab is not None else canon
    if image is None or len(faces) != 2:
        return -1
    H = image.shape[0]
    a, b = max(0, int(offset + 0.2 * pitch)), int(offset + (m - 0.2) * pitch)
    sl = image[a:b, _centre_cols(span)] if row == "top" else image[H - b:H - a, _centre_cols(span)]
    if sl.size == 0:
        return -1
    px = sl.reshape(-1, 3) if lab is not None else _weighted_lab(np.ascontiguousarray(sl))
    mid = np.median(px, 0)
    d = [float(np.sqrt(((mid - np.float32(f)) ** 2).sum())) for f in faces]
    j = int(np.argmin(d))
    return -2 if near is not None and d[j] >= near else j


PRESENT = 0.02  # share of a kind of point's empty pixels a board colour needs to be part of its model


def _absent(board: np.ndarray, kind: np.ndarray, board_c: np.ndarray) -> tuple[tuple[int, ...], ...]:
    """Per kind of point (cell_kind), the board centroids (indices) that hardly show on its empty
    points: a point of the other colour. A checker whose face is the colour of one kind of
    point is told from the board by colour on the other kind."""
    near = _nearest(board, board_c)
    out = []
    for t in range(4):
        sel = near[kind == t]
        if len(sel) == 0:
            out.append(())
            continue
        share = np.bincount(sel, minlength=len(board_c)) / len(sel)
        out.append(tuple(int(j) for j in np.flatnonzero(share < PRESENT)))
    log.debug("board colours absent per kind of point: %s", out)
    return tuple(out)


def _nearest(px: np.ndarray, cents: np.ndarray) -> np.ndarray:
    return sq_dist3(px[:, None, :], cents[None]).argmin(1)


def _centroid_means(centroids) -> list[tuple[float, float, float]]:
    out = []
    for k in (1, 2):
        cs = np.array([c[1:] for c in centroids if c[0] == k])
        out.append(tuple(cs.mean(0)))
    return out


def name_colour(lab: tuple[float, float, float]) -> str:
    """A plain name for a Lab colour (OpenCV 8-bit scale), for calibrations without a label."""
    L, a, b = lab
    a, b = a - 128, b - 128
    chroma = np.hypot(a, b)
    if chroma < 15:
        return "white" if L > 170 else "black" if L < 70 else "grey"
    hue = np.degrees(np.arctan2(b, a)) % 360
    for limit, name in ((48, "red"), (75, "brown" if L < 120 else "orange"),
                        (110, "yellow"), (200, "green"), (315, "blue"), (345, "purple"), (360, "red")):
        if hue < limit:
            return name
    return "red"


# ---------------------------------------------------------------- light
# A lamp or a window lights a board unevenly: a white checker in the dark corner can be as dark as
# a grey point under the lamp. The light is smooth, so it is fitted as a quadratic gain over the
# playing area from the board's own pixels (each against the others of its colour) and divided
# out before the pixels are classed, in the calibration image and in every frame alike.
LIGHT_STEP = 8  # canonical pixels between the samples of the light fit
LIGHT_MIN_SAMPLES = 200


def _light_basis(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    return np.stack([xs, ys, xs * xs, xs * ys, ys * ys], axis=-1)


def fit_light(gray: np.ndarray, xs: np.ndarray, ys: np.ndarray, group: np.ndarray, groups: int):
    """Least squares of log gray = field(x, y) + level[group] over board samples (x, y in -0.5..0.5
    across the playing area, group = the board colour each sample belongs to); one pass again
    without the worst fits (a checker taken for board). Returns the 5 field coefficients, or None
    when the samples are too few to say."""
    if len(gray) < LIGHT_MIN_SAMPLES:
        return None
    logg = np.log(np.maximum(gray.astype(np.float64), 4.0))
    A = np.zeros((len(logg), 5 + groups))
    A[:, :5] = _light_basis(xs, ys)
    A[np.arange(len(logg)), 5 + group] = 1.0  # (each sample's level: its board colour's column)
    keep = np.ones(len(logg), bool)
    coef = None
    for _ in range(2):
        Ak = A[keep]  # normal equations: a 10x10 solve, far cheaper than lstsq on thousands of rows
        coef = np.linalg.solve(Ak.T @ Ak + 1e-6 * np.eye(A.shape[1]), Ak.T @ logg[keep])
        resid = np.abs(logg - A @ coef)
        scale = _fast_median(resid[keep]) * 3.0 + 0.02
        keep = resid < scale
        if keep.sum() < LIGHT_MIN_SAMPLES:
            break
    field = coef[:5]
    # a fit that says more than a factor of two across the board is not light
    corners = _light_basis(np.array([-0.5, 0.5, 0.5, -0.5, 0.0]), np.array([-0.5, -0.5, 0.5, 0.5, 0.0])) @ field
    if float(np.ptp(corners)) > np.log(2.0):
        return None
    return field


def _gain(field, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The gain (float32) that takes the fitted light out at x, y (-0.5..0.5), mean 1 over them."""
    f = _light_basis(xs, ys) @ np.asarray(field, np.float64)
    return np.exp(-(f - f.mean())).astype(np.float32)


def light_gain(field, size: tuple[int, int]) -> np.ndarray:
    """The gain (H, W, 3 float32) that takes the fitted light out, mean 1 over the playing area."""
    W, H = size
    sw, sh = max(2, W // 8), max(2, H // 8)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float64)
    gain = cv2.resize(_gain(field, xs / (sw - 1) - 0.5, ys / (sh - 1) - 0.5), (W, H), interpolation=cv2.INTER_LINEAR)
    return cv2.merge([gain, gain, gain])


def flatten_light(canon: np.ndarray, field) -> np.ndarray:
    """The canonical image with the fitted light taken out (unchanged when there is no field)."""
    if field is None:
        return canon
    H, W = canon.shape[:2]
    return cv2.multiply(canon, light_gain(field, (W, H)), dtype=cv2.CV_8U)


@lru_cache(maxsize=4)
def _samples(shape: tuple[int, int], step: int):
    H, W = shape
    ys, xs = np.mgrid[step // 2:H:step, step // 2:W:step]
    ys, xs = ys.ravel(), xs.ravel()
    return ys, xs, xs / max(W - 1, 1) - 0.5, ys / max(H - 1, 1) - 0.5


def frame_light(canon: np.ndarray, centroids, step: int = LIGHT_STEP):
    """The light field of one frame, from the pixels that look like board under the colour model
    (one more pass after a first flattening when the light is strong: a strong gradient first
    hides some of the board)."""
    near_lut, dist_lut = nearest_lut(centroids)
    is_board = np.array([c[0] in BOARD_COLOURS for c in centroids])
    if not is_board.any():
        return None
    remap = np.cumsum(is_board) - 1
    groups = int(is_board.sum())
    yi, xi, xs, ys = _samples(canon.shape[:2], step)
    px = canon[yi, xi]
    gray = px @ np.float32([0.114, 0.587, 0.299])
    field, seen = None, px
    for _ in range(2):
        idx = bin_index(seen)
        near = near_lut[idx]
        board = is_board[near] & (dist_lut[idx] < 25.0)
        new = fit_light(gray[board], xs[board], ys[board], remap[near[board]], groups)
        if new is None:
            return field
        field = new
        if float(np.abs(new).max()) < 0.05:  # nearly even light: a second pass changes nothing
            break
        seen = _apply(px, field, xs, ys)
    return field


def _apply(px: np.ndarray, field, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Sampled pixels (N, 3) with the fitted light taken out."""
    return np.clip(px.astype(np.float32) * _gain(field, xs, ys)[:, None], 0, 255).astype(np.uint8)


@lru_cache(maxsize=1)
def _bin_colours64() -> np.ndarray:
    return _bin_colours().astype(np.float64)


LUT_BLOCK = 4096  # bins at a time (the nearest-colour table's work arrays kept stay small)


def _work(name: str, shape: tuple, dtype) -> np.ndarray:
    return work_array("checkers." + name, shape, dtype)


@lru_cache(maxsize=8)
def _nearest_lut(centroids: tuple) -> tuple[np.ndarray, np.ndarray]:
    """Nearest centroid of each BGR bin by |x|^2 - 2 x.c + |c|^2 (one matrix product, in float64
    so the order of near distances is kept), and the distance to it exact."""
    cents = np.array([[c[1] * L_WEIGHT, c[2], c[3]] for c in centroids], np.float32)
    lab = _bin_colours()
    lab64, cents64 = _bin_colours64(), cents.astype(np.float64)
    # d = |c|^2 - 2 x.c, made in place in a kept work array (the same arithmetic, step by step),
    # a block of bins at a time (the array kept stays small)
    squares = (cents64 * cents64).sum(1)[None, :]
    which = _work("which", (len(lab),), np.intp)
    for i in range(0, len(lab64), LUT_BLOCK):
        block = lab64[i:i + LUT_BLOCK]
        d = _work("d", (len(block), len(cents)), np.float64)
        np.matmul(block, cents64.T, out=d)
        np.multiply(d, 2.0, out=d)
        np.subtract(squares, d, out=d)
        np.argmin(d, axis=1, out=which[i:i + len(block)])
    near = which.astype(np.uint8)
    diff = _work("diff", lab.shape, np.float32)
    np.take(cents, which, axis=0, out=diff)
    np.subtract(lab, diff, out=diff)
    np.square(diff, out=diff)
    total = _work("total", (len(lab),), np.float32)
    np.sum(diff, axis=-1, out=total)
    dist = np.sqrt(total)
    near.flags.writeable = False
    dist.flags.writeable = False
    return near, dist


def nearest_lut(centroids) -> tuple[np.ndarray, np.ndarray]:
    """Index of the nearest centroid, and the distance to it, for every BGR bin."""
    return _nearest_lut(tuple(tuple(float(v) for v in c) for c in centroids))


def _calibration_light(canon: np.ndarray, lab: np.ndarray, spans, label: dict, skip: set, bar):
    """The light field of the calibration image, from its empty points (and an empty bar)."""
    H, W = canon.shape[:2]
    empty = np.zeros((H, W), bool)
    for row in ("top", "bottom"):
        y0, y1 = _row_slice(row, H)
        for col, (x0, x1) in enumerate(spans):
            if (row, col) not in skip and _label_cell(label, row, col)[0] is None:
                empty[y0:y1, x0:x1] = True
    if bar is not None and not any((label.get("bar") or {}).values()):
        empty[:, bar[0]:bar[1]] = True
    yi, xi, xs, ys = _samples((H, W), LIGHT_STEP)
    keep = empty[yi, xi]
    if keep.sum() < LIGHT_MIN_SAMPLES:
        return None
    px = lab[yi[keep], xi[keep]]
    cents = _kmeans(px, 4)
    group = np.sqrt(sq_dist3(px[:, None, :], cents[None])).argmin(1)
    gray = cv2.cvtColor(_as_image(canon[yi[keep], xi[keep]]), cv2.COLOR_BGR2GRAY).ravel()
    return fit_light(gray, xs[keep], ys[keep], group, len(cents))


# ---------------------------------------------------------------- checkers the colour of their point
RIM_BETWEEN = 1.5  # a checker's far rim steps at least this many times higher than the brightness half way
RIM_BETWEEN_FIRST = 1.25  # the first checker's: a glossy face's highlight there steps nearly as high (a single
# maroon checker on a burgundy point, 1.44 times: labelled seed 6 style 17); later ones keep 1.5 (at 1.25 a run
# of blue checkers on blue felt read one more: seed 5 style 5 with no calibration, 22 blue checkers)


def rim_count(line: np.ndarray, pitch: float, offset: float, most: int = 15) -> tuple[int, float]:
    """Checkers in a stack seen only by their rims: along the point's centre line, a brightness
    step where each checker ends (offset + k * pitch for k = 1, 2, ...), none nearly as high half
    way between two ends (RIM_BETWEEN, RIM_BETWEEN_FIRST). Returns (count, how clear the last step
    is: its height over the noise)."""
    d = np.abs(np.diff(line.astype(np.float32)))
    if len(d) < pitch * 1.5:
        return 0, 0.0
    w = max(1, int(pitch * 0.1))
    noise = _fast_median(d) + 1.0
    d = d.tolist()

    def peak(pos: float) -> float:
        return _step_at(d, pos, w)

    n, clear = 0, 0.0
    for k in range(1, most + 1):
        step = peak(offset + k * pitch)
        between = peak(offset + (k - 0.5) * pitch)
        if step < max(6.0, 4.0 * noise) or step < (RIM_BETWEEN_FIRST if k == 1 else RIM_BETWEEN) * between:
            break
        n, clear = k, step / noise
    return n, clear


COMB_RIM, COMB_RISE, COMB_FACE = 0.45, 0.3, 0.25  # of a column's width: a rim's colour at the least, above
# the face's by the least; a face's colour under the most


def _comb_window(profile: np.ndarray, pitch: float):
    """A colour's profile smoothed over a line some pixels wide (a rim is one; a speck of the colour
    one pixel), and its extreme within 0.15 of a checker of a place: at(pos, low=False)."""
    w = max(1, int(round(pitch * 0.15)))
    sw = max(3, int(round(pitch * 0.1)))
    smooth = np.convolve(profile, np.ones(sw) / sw, mode="same")
    L = len(smooth)

    def at(pos: float, low: bool = False) -> float:
        part = smooth[max(0, int(round(pos)) - w): min(L, int(round(pos)) + w + 1)]
        return float(part.min(initial=1.0) if low else part.max(initial=0.0))

    return smooth, w, at


def rim_comb(profile: np.ndarray, pitch: float, offset: float, most: int = ROW_OF_FIVE) -> int:
    """Checkers in a row whose colour the colour model sees only at their rims (their faces taken for
    the board: a checker the colour of its point, or of every point): the colour's profile peaks at
    every joint (offset + k * pitch for k = 1, 2, ...; the edge's may lie outside), each COMB_RIM at
    least and COMB_RISE above the face before it, which shows under COMB_FACE of it. The checkers
    up to the last joint in an unbroken comb; 0 where fewer than two."""
    smooth, w, at = _comb_window(profile, pitch)
    f = max(1, int(round(pitch * 0.2)))
    n = 0
    for k in range(1, most + 1):
        end = offset + k * pitch
        mid = int(round(end - 0.5 * pitch))
        if end + w >= len(smooth) or mid - f < 0:
            break
        face = float(smooth[mid - f: mid + f + 1].mean())
        if face >= COMB_FACE or at(end) < max(COMB_RIM, face + COMB_RISE):
            break
        n = k
    return n if n >= 2 else 0  # (one line of the colour is no checker seen by its rims)


FACE_PEAK = 0.4  # of a column's width: the least a face seen in part shows of its colour
FACE_ALIKE, FACE_ROW = 0.6, 3  # of the highest peak, the least of any; the fewest faces a comb of them counts


def face_comb(profile: np.ndarray, pitch: float, offset: float, most: int = ROW_OF_FIVE) -> int:
    """Checkers in a row whose colour the colour model sees only in part of each face (a checker
    nearly its point's colour, its highlight or its middle read as the checker): the colour's
    profile peaks in the middle of every checker (offset + (k - 0.5) * pitch), FACE_PEAK at least and
    FACE_ALIKE of the highest (one kind of face seen the same way), and falls between two by
    COMB_RISE below the lower of them. The checkers up to the last peak in an unbroken comb; 0 where
    fewer than three (two patches of colour a checker apart lie on empty points too: the grain, a
    neighbour's shadow)."""
    smooth, w, at = _comb_window(profile, pitch)
    peaks: list[float] = []
    for k in range(1, most + 1):
        middle = offset + (k - 0.5) * pitch
        if middle + w >= len(smooth):
            break
        peak = at(middle)
        if peak < FACE_PEAK or (peaks and at(offset + (k - 1) * pitch, low=True) > min(peak, peaks[-1]) - COMB_RISE):
            break
        peaks.append(peak)
    return len(peaks) if len(peaks) >= FACE_ROW and min(peaks) >= FACE_ALIKE * max(peaks) else 0


def comb_bases(read: dict, profiles: dict) -> dict:
    """Per kind of point (cell_kind): how much of each checker colour a point of that kind shows by
    itself (its grain, a pyramid's speckle): the median over its points read empty of each one's
    mean share along the column (a stack the colour model missed is read empty too, but its comb's
    few narrow lines hardly raise its mean, and a median passes over it)."""
    empty: dict = {}
    for key, (colour, _, _) in read.items():
        if colour is None:
            empty.setdefault(cell_kind(*key), []).append(profiles[key].mean(1))
    return {kind: median_rows(levels) for kind, levels in empty.items()}


def comb_count(profiles: dict, bases: dict, key, j: int, pitch: float, off: float, comb) -> int:
    """`comb` (face_comb, rim_comb) of colour j at a point, on its profile less what the empty points
    of its kind show of that colour; 0 where no point of its kind is empty (nothing to tell a comb
    from)."""
    base = bases.get(cell_kind(*key))
    if base is None:
        return 0
    profile = profiles[key][j]
    if float(profile.max(initial=0.0)) - float(base[j]) < min(COMB_RIM, FACE_PEAK):
        return 0  # (nowhere enough of the colour for a comb: most points, at once)
    return comb(np.clip(profile - float(base[j]), 0.0, 1.0), pitch, off)


COMB_CONFIDENCE = 0.4  # of a row counted by its comb


def face_combs(read: dict, profiles: dict, spans, pitch: float, offset: tuple[float, float], names,
               faces: tuple, lab: np.ndarray | None = None, canon: np.ndarray | None = None) -> dict:
    """A row the colour model sees only in part of each face (face_comb, comb_count) counted so where
    the run of colour read fewer (its pieces lie more than half a checker apart), where the row's
    middle is nearer that colour's face (`faces`, in `lab` or `canon`: see _nearer_face) than the
    other's: a light checker's ring or a shadow across a stack shows in the dark colour's class too.
    (The reader's step, and the calibration's where it fails without: in the calibration's check of
    itself, the rows it adds blur the choice between colour models.)"""
    out = dict(read)
    bases = comb_bases(read, profiles)
    for key, (colour, n, _) in read.items():
        if n >= ROW_OF_FIVE:
            continue  # (a comb counts a row of five at most)
        off = offset[0 if key[0] == "top" else 1]
        c, j = max(((comb_count(profiles, bases, key, j, pitch, off, face_comb), j) for j in (0, 1)
                    if colour is None or colour == names[j]), default=(0, 0))
        if c > n and _nearer_face(lab, canon, faces, spans[key[1]], key[0], off, pitch, c) in (j, -1):
            out[key] = (names[j], c, COMB_CONFIDENCE)
    return out


COVER_SHARE, LAYER_EDGE = 0.5, 0.4  # of the row's weakest open joint: a covered joint's most, a layer's far rim's least
PLAIN_HALF = 0.3  # of a plain row's weakest joint: the most any rim half way between two joints shows
LAYER_HALF = 0.3  # of a layer's weakest rim half way between joints: the most one past the layer shows


def row_rims(line: np.ndarray, pitch: float, offset: float):
    """Thin lines (rims) along a point's middle where a row of five touching checkers has them: at
    each joint and the row's end (offset + k * pitch, k = 1..5), half way between (k = 0.5..4.5),
    and the line's noise (its quiet quarter). None when the line is shorter than the row."""
    return rows_rims([line], pitch, [offset])[0]


def rows_rims(lines: list, pitch: float, offsets) -> list:
    """row_rims of several lines (the filtering shared by the lines of one length)."""
    out: list = [None] * len(lines)
    by_length: dict = {}
    for i, line in enumerate(lines):
        if len(line) >= offsets[i] + ROW_OF_FIVE * pitch + 2:
            by_length.setdefault(len(line), []).append(i)
    w = max(1, int(round(pitch * 0.12)))
    for L, which in by_length.items():
        g = _thin_lines(np.stack([np.asarray(lines[i]) for i in which]), pitch)
        noise = np.sort(g, 1)[:, L // 4] + 1.0
        for r, i in enumerate(which):
            gi, off = g[r].tolist(), offsets[i]
            joints = [_step_at(gi, off + k * pitch, w) for k in range(1, ROW_OF_FIVE + 1)]
            halves = [_step_at(gi, off + (k + 0.5) * pitch, w) for k in range(ROW_OF_FIVE)]
            out[i] = (joints, halves, float(noise[r]))
    return out


def layered_row(line: np.ndarray, pitch: float, offset: float) -> tuple[int, float]:
    """A row of five touching checkers with c of a second layer over its first joints, seen by
    rims. The layer's rims lie half way between the row's joints: its near rim (k = 0.5) and each
    of its checkers' far rims (k = 1.5 .. c + 0.5) stand out and nothing half way past the layer
    comes near (LAYER_HALF), the row's open joints and its end (k = c+1..5) showing too; or, where
    a layered checker's face shows rings half way as well, the c joints under the layer show no
    rim (a checker's face lies over each) while the open joints do. Where the layer hides the
    first joint, a run of rims from the board's edge breaks (the layered checker's face is a
    checker long) and a count one rim at a time stops there. Returns (5 + c, how clear the
    weakest rim it rests on is over the noise), or (0, 0.0) when no c from 1 to 3 fits."""
    return _layered(row_rims(line, pitch, offset))


def _layered(rims) -> tuple[int, float]:
    """layered_row of a row's rims (row_rims)."""
    if rims is None:
        return 0, 0.0
    joints, halves, noise = rims
    bar = max(6.0, 4.0 * noise)
    for c in range(ROW_OF_FIVE - 2, 0, -1):  # the layer's rims half way, from the longest layer
        on, past = min(halves[:c + 1]), max(halves[c + 1:])
        if on >= bar and past < LAYER_HALF * on and min(joints[c:]) >= bar:
            return ROW_OF_FIVE + c, on / noise
    for c in range(1, ROW_OF_FIVE - 1):  # the joints under the layer
        weakest = min(joints[c:])
        if weakest < bar or max(joints[:c]) >= COVER_SHARE * weakest:
            continue
        if min(halves[0], halves[c]) >= LAYER_EDGE * weakest:
            return ROW_OF_FIVE + c, weakest / noise
    return 0, 0.0


LAYER_SLACK = (0.97, 1.03)  # pitch scales a row's rims are looked for at too where a pitch is a guess (a photo's)


def layered_near(line: np.ndarray, pitch: float, offset: float, rims=None, slack: tuple = ()) -> tuple[int, float]:
    """layered_row at the pitch, else at the first of the pitches scaled by `slack` (LAYER_SLACK,
    or none) that sees a layer: the rims are a pixel or two wide, so a pitch 3% off misses the
    row's last joints (a photo's pitch, from its own stacks, is no closer). `rims`: row_rims of
    the line at the pitch, if made already."""
    layered = _layered(row_rims(line, pitch, offset) if rims is None else rims)
    for scale in () if layered[0] else slack:
        layered = _layered(row_rims(line, pitch * scale, offset))
        if layered[0]:
            break
    return layered


def row_layer(line: np.ndarray, pitch: float, offset: float) -> int | None:
    """Checkers of a second layer on a row of five where its rims say so plainly: c of a
    layered_row, 0 of a plain_row, None when they do not tell."""
    rims = row_rims(line, pitch, offset)
    layered, _ = _layered(rims)
    if layered:
        return layered - ROW_OF_FIVE
    return 0 if _plain(rims) else None


def plain_row(line: np.ndarray, pitch: float, offset: float) -> bool:
    """A row of five with no second layer on it, by its rims: every joint shows one clearly, and
    nothing half way between two joints (where a layered checker's rims would lie) comes near."""
    return _plain(row_rims(line, pitch, offset))


def _plain(rims) -> bool:
    """plain_row of a row's rims (row_rims)."""
    if rims is None:
        return False
    joints, halves, noise = rims
    weakest = min(joints[:-1])
    return weakest >= max(6.0, 4.0 * noise) and max(halves) < PLAIN_HALF * weakest


def own_colour_off(profiles: dict, rims: tuple[int, ...], kinds: tuple[int, ...]) -> dict:
    """Column profiles with a checker colour taken out on the kinds of point (of `kinds`) it nearly
    matches (rims[kind] = that colour): there the colour shows the point as much as its checkers, so
    an empty point would read as a stack; those stacks are counted from their rims (rim_counts)."""
    if len(rims) != 4 or not any(r in (0, 1) for r in rims):
        return profiles
    out = dict(profiles)
    for key, prof in profiles.items():
        t = cell_kind(*key)
        k = rims[t]
        if k in (0, 1) and t in kinds:
            prof = prof.copy()
            prof[k] = 0.0
            out[key] = prof
    return out


def cell_kind(row: str, col: int) -> int:
    """Which of the four kinds of point a cell is: its row, and which of the two point colours."""
    return (0 if row == "top" else 2) + col % 2


def _rim_colours(lab: np.ndarray, spans, label: dict, skip: set, middles: np.ndarray) -> tuple[tuple, list]:
    """Per kind of point (cell_kind): the checker colour (0 or 1) that is nearly the point's own
    colour near its base, else -1. The point's colour is taken from the empty points of that kind,
    a band's width in from the board's edge (a raised frame's shadow may darken the band along it).
    Also each kind's colour there (None where no point of that kind is empty)."""
    H = lab.shape[0]
    depth = max(2, int(H * 0.06))
    base = {t: [] for t in range(4)}
    for row in ("top", "bottom"):
        for col, (x0, x1) in enumerate(spans):
            if (row, col) in skip or _label_cell(label, row, col)[0] is not None:
                continue
            a, b = x0 + int((x1 - x0) * 0.3), x1 - int((x1 - x0) * 0.3)
            cell = lab[depth:2 * depth, a:b] if row == "top" else lab[H - 2 * depth:H - depth, a:b]
            base[cell_kind(row, col)].append(cell.reshape(-1, 3))
    out, colours = [], []
    for t in range(4):
        if not base[t]:
            out.append(-1)
            colours.append(None)
            continue
        colour = np.median(np.concatenate(base[t]), 0)
        d = np.sqrt(((middles - colour) ** 2).sum(1))
        k = int(np.argmin(d))
        out.append(k if d[k] < RIM_NEAR and d[1 - k] > d[k] + 5.0 else -1)
        colours.append(colour)
    return tuple(out), colours


def _felt_like(board_c: np.ndarray, middle: np.ndarray, k: int, rims: tuple, bases: list) -> bool:
    """Whether checker colour k (its middle colour) is nearly a board colour (of `board_c`) other
    than the colour of the points it is nearly already (rims[kind] = k, their colour `bases`):
    nearly the felt's, which shows round its stacks on every point, so the colour model cannot
    tell them anywhere (learn takes it out of the model on every point then). So too a colour all
    but the same as a point's (SAME_COLOUR): the colour model takes it for that point's anywhere."""
    own = [bases[t] for t in range(4) if rims[t] == k and bases[t] is not None]
    for c in board_c:
        d = float(np.sqrt(((c - middle) ** 2).sum()))
        if d >= RIM_NEAR:
            continue
        if d < SAME_COLOUR or not any(np.sqrt(((c - b) ** 2).sum()) < RIM_NEAR for b in own):
            return True
    return False


def rim_counts(read: dict, gray: np.ndarray, spans, pitch: float, offset: tuple[float, float],
               names: tuple[str, str], rims: tuple[int, ...], lab: np.ndarray | None = None,
               faces: tuple = (), canon: np.ndarray | None = None, profiles: dict | None = None,
               combs: bool = False, layer_slack: tuple = ()) -> dict:
    """On points nearly the colour of one checker colour (rims[cell_kind] = that colour, or EITHER):
    count the checkers there from their rims when the colour model saw fewer. A stack the colour
    model did not see is of the colour whose face (weighted Lab, `faces`) is nearer its middle's
    colour (in `lab`, the weighted Lab image, or `canon`, BGR), else of the point's own colour;
    none where that face is of a colour the colour model reads on every point (counted by rims
    nowhere) and its column profile (`profiles`, column_profiles) shows none of it there. A row's
    second layer is looked for at the pitches scaled by `layer_slack` too (layered_near)."""
    out = dict(read)
    bases = comb_bases(read, profiles) if combs and profiles is not None else {}
    todo = []
    for key, (colour, n, conf) in read.items():
        row, col = key
        k = rims[cell_kind(row, col)] if len(rims) == 4 else -1
        if k < 0 or (colour is not None and k != EITHER and colour != names[k]):
            continue
        todo.append((key, colour, n, k, offset[0 if row == "top" else 1], centre_line(gray, spans[col], row)))
    if not todo:
        return out
    ends = rim_run_ends(np.stack([t[5] for t in todo]), pitch, [t[4] for t in todo], to_middle=True)
    todo, ends = _past_middle_rims(todo, ends, gray, spans, pitch)
    rows_shown = rows_rims([t[5] for t in todo], pitch, [t[4] for t in todo])
    for (key, colour, n, k, off, line), end, shown in zip(todo, ends, rows_shown):
        row, col = key
        m, clear = rim_count(line, pitch, off)
        one_by_one = m
        x = (end - off) / pitch
        layered, how_clear = layered_near(line, pitch, off, shown, layer_slack)
        if layered:  # the run of rims breaks at the layer, and its rims between the row's fit half a spacing
            m, clear = layered, how_clear
        elif abs(x - ROW_OF_FIVE) < 0.5 and _plain(shown):  # (nor is a spacing a little short)
            m = ROW_OF_FIVE
        elif end - off >= 4.5 * pitch and not (colour is not None and x < n + 0.5):
            # a long stack (unless the colour saw it reach as far): its checkers may overlap, count by their spacing
            run = count_run(line, end, pitch, off)
            if run is None and abs(x - round(x)) < 0.3:  # no spacing stands out: a row of touching checkers
                run = (int(round(x)), 0.5)
            if run is None:  # nor a touching row: the rims one by one (a spacing that drifts along the stack)
                run = count_rims(line, pitch, off, end)
            if run is not None:
                m, clear = run[0], 4.0 * run[1]
                if (end - off - pitch) / max(m - 1, 1) >= 0.9 * pitch:  # a touching row: a second layer on it?
                    m += second_layer(line, pitch, off, m)
        if not layered and m == one_by_one and colour is not None and m > max(n, x + 0.5):
            # a rim counted past where the run of rims from the edge ends (a point's tip or a shadow
            # a little beyond the last checker): the colour and the run agree on fewer (a four on
            # a white point read five, seed 4 style 16)
            m = max(n, int(x + 0.5))
        combed = -1
        if combs and profiles is not None:  # (the rims in colour where brightness shows fewer)
            for j in ((0, 1) if k == EITHER else (k,)):
                if colour is None or colour == names[j]:
                    c = comb_count(profiles, bases, key, j, pitch, off, rim_comb)
                    # (the joints of a light stack are dark lines too: its faces must be of colour j)
                    if c > max(m, n) and _nearer_face(lab, canon, faces, spans[col], row, off, pitch, c) in (j, -1):
                        m, clear, combed = c, 2.0, j
        if m <= n:
            continue
        if combed >= 0:
            k = combed
        elif colour is not None:
            k = names.index(colour)
        else:  # the stack's middle colour against the two faces: the other colour may be the felt's
            j = _nearer_face(lab, canon, faces, spans[col], row, off, pitch, m)
            if j < 0 and k == EITHER:
                continue
            if 0 <= j != k and profiles is not None and float(profiles[key][j].max(initial=0.0)) < UNSEEN \
                    and ((j not in rims and EITHER not in rims) or (m > ROW_OF_FIVE and k != EITHER)):
                # a face of the colour the colour model reads on every point, or a long stack of one it
                # reads on this kind of point (a single's face may mislead): it saw none here
                continue
            k = j if j >= 0 else k
        out[key] = (names[k], m, float(min(0.8, 0.2 * clear)))
    return out


def _past_middle_rims(todo: list, ends: list, gray: np.ndarray, spans, pitch: float) -> tuple[list, list]:
    """Stacks seen by their rims whose run of rims reaches the middle of the board may run on past
    it (a run of six or more overlapping to the middle; its last checker's far rim lies over the
    line): their run's end along the whole column, with the brightness along the whole column,
    when it ends within a checker past the middle (further on, it met a stack from the other
    edge: the half is kept)."""
    out_todo, out_ends = list(todo), list(ends)
    for i, ((key, colour, n, k, off, line), end) in enumerate(zip(todo, ends)):
        L = len(line)
        if not L - pitch <= end <= L - 0.5 * pitch:  # (a rim at the middle may be the last one's far rim)
            continue
        whole = centre_line(gray, spans[key[1]], key[0], whole=True)
        far = rim_run_end(whole, pitch, off)
        if L < far <= L + pitch:
            out_todo[i] = (key, colour, n, k, off, whole)
            out_ends[i] = far
    return out_todo, out_ends


# ---------------------------------------------------------------- long stacks by their period
FOLD_BINS = 8  # phase bins of the folded stack (see periodicity)


def periodicity(line: np.ndarray, start: float, stop: float, periods) -> np.ndarray:
    """How well the brightness between start and stop repeats every `period` pixels, for each of
    `periods`: the share of its variance explained by the phase within the period (the segment
    folded onto one period and averaged, as in phase dispersion minimisation), less what any
    period explains by chance."""
    periods = np.atleast_1d(np.asarray(periods, np.float64))
    a, b = max(0, int(round(start))), min(len(line), int(round(stop)))
    seg = line[a:b].astype(np.float64)
    if len(seg) < FOLD_BINS * 2 or periods.min() <= 0:
        return np.zeros(len(periods))
    total = float(((seg - seg.mean()) ** 2).sum())
    if total <= 1e-6:
        return np.zeros(len(periods))
    phase = ((np.arange(a, b) - start)[None, :] / periods[:, None]) % 1.0
    bins = np.minimum((phase * FOLD_BINS).astype(np.int64), FOLD_BINS - 1)
    bins += np.arange(len(periods))[:, None] * FOLD_BINS  # one bincount for every period at once
    size = len(periods) * FOLD_BINS
    n = np.bincount(bins.ravel(), minlength=size).reshape(len(periods), FOLD_BINS)
    s = np.bincount(bins.ravel(), np.broadcast_to(seg, bins.shape).ravel(), minlength=size).reshape(n.shape)
    between = (s ** 2 / np.maximum(n, 1)).sum(1) - seg.sum() ** 2 / len(seg)
    return between / total - (FOLD_BINS - 1) / (len(seg) - 1)


HARMONIC_SHARE = 0.5  # of the best fold's score, for twice its spacing to be taken instead


def run_scores(line: np.ndarray, ext: float, pitch: float, offset: float, least: int = 2, most: int = 15) -> dict:
    """{n: how well the brightness repeats at the spacing n checkers from offset to ext would
    have} (see count_run), over the n whose spacing is a checker's (touching) down to 0.4 of one;
    empty where the stack is too short to tell."""
    span = ext - offset - pitch
    if span < 2.5 * pitch or least < 2:
        return {}
    ns = [n for n in range(least, most + 1) if 0.4 * pitch <= span / (n - 1) <= 1.08 * pitch and span / (n - 1) >= 4.0]
    if not ns:
        return {}
    periods = span / (np.array(ns, np.float64) - 1)
    # between the whole checker at one end (which end lies on top depends on the camera) and
    # the other: both halves of that must repeat so (a short stack and something beyond do not)
    a, b = offset + pitch, ext - pitch
    both = np.minimum(periodicity(line, a, (a + b) / 2, periods), periodicity(line, (a + b) / 2, b, periods))
    return dict(zip(ns, both.tolist()))


RIMS_FOLD = 0.5  # of the best fold's score: the least a count of rims one by one must fold at (run_scores), for
# a stack of more than five run to the middle


def count_run(line: np.ndarray, ext: float, pitch: float, offset: float, least: int = 2, most: int = 15):
    """Checkers in a stack from offset to ext whose checkers may overlap: n checkers lie a
    spacing s = (ext - offset - pitch) / (n - 1) apart (the last one whole), and the right n is
    the one whose spacing the brightness along the stack repeats with. Spacings from a checker
    (touching) down to 0.4 of one are tried, from `least` checkers up. Returns (n, confidence)
    or None when no spacing stands out."""
    return best_run(run_scores(line, ext, pitch, offset, least, most))


def best_run(scores: dict):
    """count_run's choice among a stack's run_scores: (n, confidence), or None."""
    if not scores:
        return None
    best = max(scores, key=scores.get)
    for n, v in scores.items():  # twice the spacing fits nearly as well: a checker shows two alike
        # features (a rim and a highlight) and the fold at half its spacing took them for two checkers
        if n < best and abs((best - 1) / (n - 1) - 2.0) < 0.2 and v >= HARMONIC_SHARE * scores[best]:
            scores = {k: u for k, u in scores.items() if abs((k - 1) / (n - 1) - 2.0) >= 0.5}  # and its kin
            best = n
            break
    rest = [v for k, v in scores.items() if k != best]
    margin = scores[best] - max(rest) if rest else scores[best]
    if scores[best] < 0.15 or margin < 0.08:
        return None
    return best, float(max(0.0, min(1.0, 2.0 * margin)))


def rim_run_end(line: np.ndarray, pitch: float, offset: float) -> float:
    """Where a stack seen only by its rims ends: the last of a run of rims (thin lines: the
    brightness less its local mean, so a slow ramp such as a point's tip is no rim) from the
    board's edge, each within 0.7 of a checker of the one before (inside a checker the rims and
    rings leave shorter gaps than that). 0 when no rim stands within RIM_START of a checker of the
    board's edge."""
    return rim_run_ends(np.asarray(line)[None, :], pitch, [offset])[0]


RIM_QUANTILE, RIM_SHARE, RIM_GAP = 0.75, 0.3, 0.7  # the first checker's rims set the bar; a gap ends the run
RIM_START = 1.1  # of a checker from the row's edge: the farthest a run's first rim lies (the first checker's
# near rim may lie past the canonical edge, a negative offset: its far rim is then the first line seen)


def rim_run_ends(lines: np.ndarray, pitch: float, offsets, to_middle: bool = False) -> list[float]:
    """rim_run_end of several lines of one length at once (K, L): the filtering is shared. With
    `to_middle` (lines from a row's edge to the middle of the board), a run of checkers pushed
    together is followed on by its fainter rims to the middle (_comb_to_middle)."""
    K, L = lines.shape
    if L < pitch or K == 0:
        return [0.0] * K
    g = _thin_lines(lines, pitch)
    noise = np.sort(g, 1)[:, L // 4] + 1.0  # the quiet quarter: a long stack is rims nearly all along
    ends = []
    for i, offset in enumerate(offsets):
        first = np.sort(g[i, max(0, int(offset + 0.3 * pitch)): max(0, int(offset + 1.5 * pitch))])
        rim = float(first[int(len(first) * RIM_QUANTILE)]) if len(first) else 0.0  # the first checker's rims
        strong = np.flatnonzero(g[i] > max(5.0, 4.0 * float(noise[i]), RIM_SHARE * rim))
        if len(strong) == 0 or strong[0] > offset + RIM_START * pitch:
            ends.append(0.0)
            continue
        end = _run_end(g[i], strong, pitch)
        if to_middle:
            end = _comb_to_middle(g[i], strong, end, float(noise[i]), pitch)
        ends.append(float(end + 1))
    return ends


PUSHED_STEP = 0.85  # of a checker: a run's rims closer than this are checkers pushed together (they run to the middle)
PUSHED_FAINT, PUSHED_NEAR = 2.5, 0.25  # a rim followed on: over this many times the noise, within this share of the step


def _comb_to_middle(g: np.ndarray, strong: np.ndarray, end: int, noise: float, pitch: float) -> int:
    """A run of rims (the strong pixels `strong` up to `end`) whose rims lie closer than a
    checker's step (PUSHED_STEP) is checkers pushed together, which run on to the middle of the
    board (the line's end): where its later rims are fainter than the run's bar (checkers the
    colour of the point, a shadow across them), each is looked for one step past the last, and
    the run is taken on to the last found when that lies within a checker of the middle. The
    run's end as it was otherwise."""
    L = len(g)
    if end >= L - pitch:
        return end
    run = strong[strong <= end]
    pieces = np.split(run, _piece_starts(run, pitch)[1:])
    centres = [float(p[np.argmax(g[p])]) for p in pieces]
    if len(centres) < 3:
        return end
    step = _even_step(centres[-3:])
    if step is None or not 0.3 * pitch <= step <= PUSHED_STEP * pitch:
        return end
    least = max(3.5, PUSHED_FAINT * noise)

    def rim_near(at: float, reach: float) -> int | None:  # the strongest pixel within reach of `at`, if a rim
        a, b = int(math.ceil(at - reach)), min(L - 1, int(at + reach))
        if a > b:
            return None
        k = a + int(np.argmax(g[a:b + 1]))
        return k if g[k] >= least else None

    pos = int(centres[-1])
    while (k := rim_near(pos + step, PUSHED_NEAR * step)) is not None:
        pos = k
    if pos < L - pitch - 0.5 * step:  # (the last checker's near rim: its far rim lies a checker on)
        return end
    far = rim_near(pos + pitch, PUSHED_NEAR * step)
    return max(end, far if far is not None else pos)


RIM_FACE, RIM_HOLD, RIM_FAINT = 0.95, 0.5, 0.3  # a flat face between two rims: its longest, and the far rim's least (of the run's)


def _run_end(g: np.ndarray, strong: np.ndarray, pitch: float) -> int:
    """The last pixel of the run of rims from strong[0]: the run goes on over a gap of up to
    RIM_GAP of a checker, and over one of up to RIM_FACE (a checker's face with no ring or
    highlight on it, between its two rims) when the rim past it is as strong as the run's rims
    (RIM_HOLD of their median: a point's tip or a speck of felt past the stack is weaker); a
    faint line at the run's end is left out too (the last checker's shadow)."""
    starts = _piece_starts(strong, pitch)
    firsts = strong[starts].tolist()
    lasts = strong[np.concatenate((starts[1:] - 1, [len(strong) - 1]))].tolist()
    peaks = np.maximum.reduceat(g[strong], starts).tolist()
    run = [peaks[0]]  # the run's peaks so far, sorted (their median, at a small list's cost)
    last = 0
    for j in range(1, len(peaks)):
        gap = firsts[j] - lasts[j - 1]
        hold = RIM_HOLD if gap > RIM_GAP * pitch else RIM_FAINT
        if gap > RIM_FACE * pitch and not _bridged(firsts, lasts, peaks, j, RIM_HOLD * _median(run), pitch):
            break
        if peaks[j] < hold * _median(run):
            break
        last = j
        bisect.insort(run, peaks[j])
    typical = _median(run)
    while last > 0 and peaks[last] < RIM_HOLD * typical:  # a faint line just past the last rim: its shadow
        last -= 1
    return int(lasts[last])


BRIDGE_RIMS, BRIDGE_EVEN = 3, 0.2  # rims past a gap, evenly spaced (to this share of their step), that carry a run over it


def _bridged(firsts: list, lasts: list, peaks: list, j: int, least: float, pitch: float) -> bool:
    """Whether a run of rims goes on past a gap longer than a checker's face, at piece j (of the
    strong pieces' firsts, lasts and peaks): one joint of checkers pushed together that shows too
    faint (a stack running to the middle, its checkers the colour of the point) leaves a gap of
    two of their steps; past it, BRIDGE_RIMS rims at least `least` strong follow at that step."""
    if j + BRIDGE_RIMS > len(peaks) or min(peaks[j:j + BRIDGE_RIMS]) < least:
        return False
    centres = [(firsts[t] + lasts[t]) / 2 for t in range(j - 1, j + BRIDGE_RIMS)]
    step = _even_step(centres[1:])
    if step is None or step > RIM_FACE * pitch:
        return False
    return abs(centres[1] - centres[0] - 2 * step) <= BRIDGE_EVEN * step


def _piece_starts(strong: np.ndarray, pitch: float) -> np.ndarray:
    """Where a line's strong pixels (sorted) break into pieces, a rim each (more than 0.3 of a
    checker apart): each piece's first index in `strong`."""
    return np.concatenate(([0], np.flatnonzero(np.diff(strong) > 0.3 * pitch) + 1))


def _even_step(centres) -> float | None:
    """The mean step between rims at `centres`, or None where the steps differ by more than
    BRIDGE_EVEN of it."""
    steps = np.diff(centres)
    step = float(steps.mean())
    return None if float(np.ptp(steps)) > BRIDGE_EVEN * step else step


def _median(ordered: list) -> float:
    """The median of a sorted, non-empty list (as np.median takes it)."""
    n = len(ordered)
    return float(ordered[n // 2]) if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def _thin_lines(lines: np.ndarray, pitch: float) -> np.ndarray:
    """Lines (K, L) less their mean over a quarter of a checker around each pixel (abs): thin
    lines such as rims stand out, a slow ramp such as a point's tip does not."""
    K = lines.shape[0]
    w = max(3, int(round(pitch * 0.25))) | 1
    x = lines.astype(np.float64)  # padded with its end values (as np.pad's "edge", at a tenth of its cost)
    padded = np.concatenate([np.repeat(x[:, :1], w // 2, 1), x, np.repeat(x[:, -1:], w // 2, 1)], 1)
    c = np.concatenate([np.zeros((K, 1)), np.cumsum(padded, 1)], 1)
    return np.abs(lines - (c[:, w:] - c[:, :-w]) / w)


def count_rims(line: np.ndarray, pitch: float, offset: float, end: float):
    """Checkers in a stack seen by its rims, one rim at a time: the strong thin lines from a third of
    a checker past the board's edge to `end`, lines closer than 0.4 of a checker taken as one (a
    checker's rim and its ring); each checker ends in one (the last one's far side too). For a
    stack whose spacing drifts (lens, perspective) where no one spacing fits. Returns (n, 0.3) or
    None when the spacing that count implies is not a checker's."""
    a, b = max(1, int(offset + 0.3 * pitch)), min(len(line) - 1, int(end) + 2)
    if b - a < pitch:
        return None
    seg = _thin_lines(np.asarray(line)[None, :], pitch)[0, a:b]
    peaks = np.flatnonzero((seg[1:-1] >= seg[:-2]) & (seg[1:-1] > seg[2:])) + 1
    if len(peaks) == 0:
        return None
    peaks = peaks[seg[peaks] > 0.4 * np.sort(seg)[int(len(seg) * 0.9)]]
    kept: list[int] = []
    for i in peaks[np.argsort(-seg[peaks])]:  # strongest first; a weaker one near a kept one is the same rim
        if all(abs(int(i) - j) >= 0.4 * pitch for j in kept):
            kept.append(int(i))
    n = len(kept)
    if n < 2 or not 0.4 * pitch <= (end - offset - pitch) / (n - 1) <= 1.08 * pitch:
        return None
    return n, 0.3
