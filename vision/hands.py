"""A hand over the board in a single photo, with no calibration image to compare with (issue 10).

A hand or arm reaches the playing area from outside, so it crosses the board's edge. All along
one side the edge looks the same across its depth (table, outline, frame or margin, the points'
bases): its profile across the side is one profile repeated. The gate takes each side's median
profile as that side's own reference and looks for a long run of positions along the side that
depart from it; a die or cube at the edge is short (under a few checkers), an arm is not. Every
threshold is relative to what the photo shows: the edge's own contrast, the checker size (a
thirteenth of the playing area's width).
"""
from __future__ import annotations

import cv2
import numpy as np

SCALE = 480  # width in pixels of the warped board image the edges are sampled from
OUT = 0.04  # how far the band reaches onto the table, as a fraction of the board's width
DEPTH = 0.6  # how deep it reaches inside the outline, as a fraction of the way to the playing area
MIN_CONTRAST = 40.0  # gray levels: a plain edge must not turn noise into change
CHANGE = 0.3  # a position departs when its mean difference exceeds this fraction of the contrast
CAP = 0.5  # but no deeper than this many checkers (a tray beside the points stays out)
INTO = 0.25  # then this many checkers further: the band just reaches the points' bases, so an outline
# that a hand bent outwards (the arm taken for board) still shows the arm in its band
SLACK = 2  # pixels across the side a found outline may be off (the reference is widened so)
LONG = 1.6  # a run of departing positions longer than this many checkers is a hand, not a die


def _sides(image: np.ndarray, outer, corners):
    """The four edge bands of the board in a warped image: list of (band (L, D, 3) float32,
    valid (L, D) bool, checker size in band pixels, depth at which the outline lies), the depth
    axis from the table inwards."""
    outer = np.float32(outer)
    w = float(np.linalg.norm(outer[1] - outer[0]))
    h = float(np.linalg.norm(outer[3] - outer[0]))
    W = SCALE
    H = max(16, int(round(SCALE * h / max(w, 1.0))))
    pad = int(round(OUT * W))
    dst = np.float32([[pad, pad], [pad + W, pad], [pad + W, pad + H], [pad, pad + H]])
    M = cv2.getPerspectiveTransform(outer, dst)
    size = (W + 2 * pad, H + 2 * pad)
    warped = cv2.warpPerspective(image, M, size, flags=cv2.INTER_AREA).astype(np.float32)
    valid = cv2.warpPerspective(np.full(image.shape[:2], 255, np.uint8), M, size, flags=cv2.INTER_NEAREST) > 0
    inner = cv2.perspectiveTransform(np.float32(corners).reshape(-1, 1, 2), M).reshape(4, 2)
    ix0, ix1 = inner[:, 0].min(), inner[:, 0].max()
    iy0, iy1 = inner[:, 1].min(), inner[:, 1].max()
    checker = max(2.0, (ix1 - ix0) / 13.0)
    deep = [max(2, int(round(pad + min(DEPTH * max(g - pad, 0), CAP * checker) + INTO * checker)))
            for g in (iy0, size[1] - iy1, ix0, size[0] - ix1)]  # top, bottom, left, right
    a, b = int(round(ix0)), int(round(ix1))
    c, d = int(round(iy0)), int(round(iy1))
    out = []
    for band, ok in (
        (warped[: deep[0], a:b].transpose(1, 0, 2), valid[: deep[0], a:b].T),
        (warped[size[1] - deep[1]:, a:b][::-1].transpose(1, 0, 2), valid[size[1] - deep[1]:, a:b][::-1].T),
        (warped[c:d, : deep[2]], valid[c:d, : deep[2]]),
        (warped[c:d, size[0] - deep[3]:][:, ::-1], valid[c:d, size[0] - deep[3]:][:, ::-1]),
    ):
        out.append((band, ok, checker, pad))
    return out


RUN_CHECKERS = 0.8  # a departing run more than this share of whose positions show checkers is checkers


ON_TABLE = 0.25  # but not if this share of its positions departs on the table outside the outline too


def _longest_run(flags: np.ndarray, checker: np.ndarray | None = None, outside: np.ndarray | None = None) -> int:
    """Length of the longest run of True in `flags`; with `checker` (per position: shows checkers)
    and `outside` (per position: departs on the table too), of those that are not checkers: a run
    is dropped only when nearly all along it shows checkers and it stays within the outline
    (checkers borne off into a tray, on the bar, at the points' bases); a hand over checkers comes
    from the table."""
    best = start = 0
    for i in range(len(flags) + 1):
        if i < len(flags) and flags[i]:
            continue
        if i > start and (checker is None or checker[start:i].mean() <= RUN_CHECKERS
                          or outside[start:i].mean() >= ON_TABLE):
            best = max(best, i - start)
        start = i + 1
    return best


def side_departures(band: np.ndarray, valid: np.ndarray, inside: int = 0, until: int | None = None) -> np.ndarray:
    """Per position along a side, how far its profile departs from the side's median profile, in
    units of the edge's contrast, over the depths from `inside` on (the band's part within the
    board's outline: a thing on the table beside the board departs only outside it, a hand or arm
    reaching onto the board departs inside too), up to depth `until` (None: the band's end); positions partly outside the picture count as
    not departing."""
    med = np.median(band, axis=0)  # (D, 3)
    gray = med.mean(1)
    contrast = max(float(gray.max() - gray.min()), MIN_CONTRAST)
    k = 2 * SLACK + 1
    lo = np.stack([cv2.erode(med[:, i].reshape(-1, 1), np.ones((k, 1), np.uint8)).ravel() for i in range(3)], 1)
    hi = np.stack([cv2.dilate(med[:, i].reshape(-1, 1), np.ones((k, 1), np.uint8)).ravel() for i in range(3)], 1)
    diff = np.maximum(np.maximum(lo[None] - band, band - hi[None]), 0.0)  # (L, D, 3)
    diff = np.linalg.norm(diff, axis=2) / contrast
    cover = valid.mean(1)
    diff, valid = diff[:, inside:until], valid[:, inside:until]
    score = np.where(valid, diff, 0.0).sum(1) / np.maximum(valid.sum(1), 1)
    return np.where(cover > 0.5, score, 0.0)


CHECKER_SHARE = 0.25  # a position whose pixels within the outline are mostly checker-coloured is checkers


def checker_positions(band: np.ndarray, valid: np.ndarray, inside: int, is_checker) -> np.ndarray:
    """Per position along a side, True where most of the band's pixels within the outline have a
    checker's colour (`is_checker`: BGR (N, 3) uint8 -> bool (N,)): checkers borne off into a tray,
    on the bar or at the points' bases, which depart from the side's profile but are no hand."""
    part = np.clip(band[:, inside:], 0, 255).astype(np.uint8)
    ok = valid[:, inside:]
    hit = np.asarray(is_checker(part.reshape(-1, 3)), bool).reshape(ok.shape) & ok
    return hit.sum(1) > CHECKER_SHARE * np.maximum(ok.sum(1), 1)


def hand_score(image: np.ndarray, outer, corners, is_checker=None) -> float:
    """The longest run along any side of the board's edge departing from that side's own profile,
    in units of LONG checkers: 1.0 and above is a hand or arm crossing the edge. With `is_checker`
    (a colour test, see checker_positions) positions showing checkers do not count."""
    best = 0.0
    for band, valid, checker, pad in _sides(image, outer, corners):
        if band.shape[0] < 4 or band.shape[1] < pad + 2:
            continue
        # departing across the whole depth (as a hand crossing the edge does) and within the
        # outline too (a cup or a second board beside the board departs outside it only)
        departs = (side_departures(band, valid) > CHANGE) & (side_departures(band, valid, pad) > CHANGE)
        checkers_at = on_table = None
        if is_checker is not None and departs.any():
            on_table = side_departures(band, valid, 0, max(1, pad - SLACK)) > CHANGE
            checkers_at = checker_positions(band, valid, pad, is_checker)
        run = _longest_run(departs, checkers_at, on_table)
        best = max(best, run / (LONG * checker))
    return best


def hand_in_photo(image: np.ndarray, outer, corners) -> bool:
    """True when a hand or arm crosses the edge of the board (outline `outer`, playing area
    `corners`, both image order TL, TR, BR, BL) in this one photo."""
    return hand_score(image, outer, corners) >= 1.0
