"""A hand over the board in a single photo, with no calibration image to compare with (issue 10).

A hand or arm reaches the playing area from outside, so it crosses the board's edge. All along
one side the edge looks the same across its depth (table, outline, frame or margin, the points'
bases): its profile across the side is one profile repeated. The gate takes each side's median
profile as that side's own reference and looks for a long run of positions along the side that
depart from it; a die or cube at the edge is short (under a few checkers), an arm is not. Before
that the band is aligned along the side, so that an outline found a little askew to the board's
edge does not make one end of the side depart. A run must depart across the whole depth, within
the outline, and on the frame by the outline where one is seen (checkers borne off into a tray
or on the bar lie beyond it, a cup or a scoresheet beside the board outside the outline); an arm
nearly the frame's colour is seen plainly on the table and faintly, against what lies within the
outline, inside. Where the outline lies at the playing area's own edge (a frame of the table's
colour: no frame inside it) the points' bases and their checkers depart right inside it, so a run
there must come from the table well beyond the outline. An arm of the frame's very colour is one
colour from the table over the frame into the playing area, where a cup or a sheet touching the
board stops at the outline. Every threshold is relative to what the photo shows: the edge's own contrast,
the checker size (a thirteenth of the playing area's width).
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
SHIFT = 0.3  # checkers: how far askew a found outline may lie from the board's edge along a side
LONG = 1.6  # a run of departing positions longer than this many checkers is a hand, not a die
FITTED = 0.7  # share of a side's positions whose edge must lie on one smooth curve for it to be followed
ARM_INTO = 0.75  # checkers into the playing area an arm's colour is sought, beyond the frame
ARM_SAME = 0.35  # of the edge's contrast: the table's part, the frame's and the playing area's are one colour


def _sides(image: np.ndarray, outer, corners):
    """The four edge bands of the board in a warped image: list of (band (L, D, 3) float32,
    valid (L, D) bool, checker size in band pixels, depth at which the outline lies, depth at
    which the playing area begins, the playing area's colour beyond the band (_area_colour)),
    the depth axis from the table inwards."""
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
    gaps = (iy0, size[1] - iy1, ix0, size[0] - ix1)  # top, bottom, left, right: table edge to playing area
    deep = [max(2, int(round(pad + min(DEPTH * max(g - pad, 0), CAP * checker) + INTO * checker))) for g in gaps]
    a, b = int(round(ix0)), int(round(ix1))
    c, d = int(round(iy0)), int(round(iy1))
    k = max(2, int(round(ARM_INTO * checker)))  # the playing area's first depths, past the edge's slack
    areas = (
        (warped[c + SLACK: c + SLACK + k, a:b].transpose(1, 0, 2), valid[c + SLACK: c + SLACK + k, a:b].T),
        (warped[max(0, d - SLACK - k): d - SLACK, a:b].transpose(1, 0, 2), valid[max(0, d - SLACK - k): d - SLACK, a:b].T),
        (warped[c:d, a + SLACK: a + SLACK + k], valid[c:d, a + SLACK: a + SLACK + k]),
        (warped[c:d, max(0, b - SLACK - k): b - SLACK], valid[c:d, max(0, b - SLACK - k): b - SLACK]),
    )
    out = []
    for (band, ok), g, area in zip((
        (warped[: deep[0], a:b].transpose(1, 0, 2), valid[: deep[0], a:b].T),
        (warped[size[1] - deep[1]:, a:b][::-1].transpose(1, 0, 2), valid[size[1] - deep[1]:, a:b][::-1].T),
        (warped[c:d, : deep[2]], valid[c:d, : deep[2]]),
        (warped[c:d, size[0] - deep[3]:][:, ::-1], valid[c:d, size[0] - deep[3]:][:, ::-1]),
    ), gaps, areas):
        out.append((np.ascontiguousarray(band), np.ascontiguousarray(ok), checker, pad, float(g), _area_colour(*area)))
    return out


def _area_colour(strip: np.ndarray, ok: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per position along a side, the mean colour (L, 3) of a strip (L, k, 3) (the playing area by
    its edge, or part of a band) over its pixels in the picture (`ok`), and whether nearly all of
    it is in the picture there (L,)."""
    n = ok.sum(1)
    colour = (strip * ok[..., None]).sum(1) / np.maximum(n, 1)[:, None]
    return colour, n >= max(1, ok.shape[1]) * 0.9


def _profile(band: np.ndarray) -> np.ndarray:
    """The side's median profile (D, 3): the median over the positions along it (taken along the
    last axis of a transposed copy, several times faster than across the first)."""
    L, D = band.shape[:2]
    return np.median(np.ascontiguousarray(band.reshape(L, -1).T), axis=1).reshape(D, -1)


def _contrast(profile: np.ndarray, valid: np.ndarray | None = None) -> float:
    """The edge's contrast: the range of the profile's gray levels, over the depths mostly in the
    picture where `valid` (L, D) is given (beyond the picture's edge the warped band is black)."""
    gray = profile.mean(1)
    if valid is not None:
        seen = valid.mean(0) >= 0.5
        gray = gray[seen] if seen.any() else gray
    return max(float(gray.max() - gray.min()), MIN_CONTRAST)


def align(band: np.ndarray, valid: np.ndarray, checker: float) -> tuple[np.ndarray, np.ndarray]:
    """The band with each position's profile moved across the side so that the board's edge lies
    at one depth all along it: a found outline a little askew to the board's edge (or a board edge
    bowed by the lens) puts the edge a few pixels deeper at one end, and the far end would depart
    from the side's median profile. The shift is a smooth curve (at most a parabola) along the side,
    fitted to the positions that match the profile at some shift; a hand matches it at none, so it
    cannot bend the curve, and after the shift it departs as before."""
    L, D = band.shape[:2]
    reach = max(SLACK, int(round(SHIFT * checker)))
    if L < 8 or D < 2 * reach + 4:
        return band, valid
    ok_rows = valid.all(1)
    if ok_rows.sum() < L / 3:
        return band, valid
    src, src_valid = band, valid
    x = np.arange(L, dtype=np.float32)
    total = np.zeros(L, np.float32)
    for _ in range(2):  # the median of a sheared band is blurred: align, then again on the sharper one
        med = _profile(band[ok_rows])
        wide = np.concatenate([np.repeat(band[:, :1], reach, 1), band, np.repeat(band[:, -1:], reach, 1)], 1)
        flat, ref = wide.reshape(L, -1), np.tile(med.reshape(1, -1), (L, 1))  # (2-D for OpenCV: fast)
        costs = np.stack([  # the whole profile at each shift: a plain patch fits none
            cv2.reduce(cv2.absdiff(flat[:, 3 * (reach + s):3 * (reach + s + D)], ref), 1, cv2.REDUCE_AVG).ravel()
            for s in range(-reach, reach + 1)], 1)
        best = costs.argmin(1).astype(np.float32) - reach
        cost = costs.min(1)  # the texture of wood or felt leaves some: compare with the side's usual
        good = ok_rows & (cost <= max(1.5 * float(np.median(cost[ok_rows])), 0.5 * CHANGE * _contrast(med)))
        if good.sum() < max(8, L / 3):
            break
        thirds = (good[: L // 3].any(), good[L // 3: 2 * L // 3].any(), good[2 * L // 3:].any())
        deg = 2 if all(thirds) else 1
        keep = good
        for _ in range(2):  # fit, then again without the positions far off the fit (a die, noise)
            coef = np.polyfit(x[keep], best[keep], deg)
            near = good & (np.abs(np.polyval(coef, x) - best) <= SLACK)
            if near.sum() < max(8, L / 4):
                break
            keep = near
        if keep.sum() < FITTED * L:  # much of the side fits no one edge (an arm bent the outline,
            break  # or the side runs out of the picture): the outline stays as found
        span = x[keep]  # no further than the positions fitted: beyond them the curve is held, not followed
        shift = np.clip(np.polyval(coef, np.clip(x, span.min(), span.max())), -reach, reach).astype(np.float32)
        if np.abs(shift).max() < 0.5:
            break
        total = np.clip(total + shift, -reach, reach)
        map_x = np.arange(D, dtype=np.float32)[None, :] + total[:, None]
        map_y = np.repeat(x[:, None], D, 1)
        band = cv2.remap(src, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        valid = cv2.remap(src_valid.astype(np.uint8), map_x, map_y, cv2.INTER_NEAREST,
                          borderMode=cv2.BORDER_REPLICATE) > 0
    return band, valid


def departures(band: np.ndarray, valid: np.ndarray, inside: int | None = None, med: np.ndarray | None = None):
    """Per pixel of the band, how far it departs from the side's median profile at its depth, in
    units of the edge's contrast (0 outside the picture); the median widened by SLACK pixels
    across the side, as far as a found outline may be off, and each depth's usual departure along
    the side (the grain of a wooden frame, a textured table or felt) taken off: on a dull edge
    (a grey table round a grey felt) the grain alone departs by about CHANGE all along, and a
    checker at the points' bases beside a stretch of it made a run as long as an arm's. With
    `inside`, also the same in units of the contrast of the profile's part from that depth on
    (within the outline). `med`: the side's profile (_profile of the band) when already taken."""
    med = _profile(band) if med is None else med  # (D, 3)
    k = 2 * SLACK + 1
    lo = np.stack([cv2.erode(med[:, i].reshape(-1, 1), np.ones((k, 1), np.uint8)).ravel() for i in range(3)], 1)
    hi = np.stack([cv2.dilate(med[:, i].reshape(-1, 1), np.ones((k, 1), np.uint8)).ravel() for i in range(3)], 1)
    diff = np.maximum(np.maximum(lo[None] - band, band - hi[None]), 0.0)  # (L, D, 3)
    away = np.where(valid, np.sqrt(np.einsum("ldc,ldc->ld", diff, diff)), 0.0)
    whole = valid.all(1)
    if whole.sum() >= 8:  # (the usual departure over the positions wholly in the picture, at the
        floor = np.median(away[whole], axis=0)  # depths mostly in it; outside it away is 0 already)
        away = np.where(valid.mean(0) >= 0.5, np.maximum(away - floor, 0.0), away)
    edge = away / _contrast(med, valid)
    return edge if inside is None else (edge, away / _contrast(med[inside:], valid[:, inside:]))


def mean_over(diff: np.ndarray, valid: np.ndarray, start: int, stop: int | None = None) -> np.ndarray:
    """Per position along a side, the mean departure over depths start..stop (positions mostly
    outside the picture depart by 0: a board cut by the picture's edge is no hand)."""
    cover = valid.mean(1)
    part, ok = diff[:, start:stop], valid[:, start:stop]
    score = part.sum(1) / np.maximum(ok.sum(1), 1)
    return np.where((cover > 0.5) & (ok.sum(1) > 0), score, 0.0)


def frame_depth(med: np.ndarray, pad: int, gap: float) -> int:
    """How deep the frame reaches inside the outline (band pixels from the band's start): up to the
    first step in the side's median profile `med` (_profile) after the outline (where a tray, the
    points or a raised frame's inner wall begin), and no further than the playing area."""
    start = pad + SLACK
    stop = min(len(med), int(round(gap)))
    if stop - start < 2:
        return start
    level = med[start]
    far = np.linalg.norm(med[start:stop] - level, axis=1) > CHANGE * _contrast(med)
    return start + int(np.argmax(far)) if far.any() else stop


RUN_CHECKERS = 0.8  # a departing run more than this share of whose positions show checkers is checkers
ON_TABLE = 0.25  # but not if this share of its positions departs on the table outside the outline too
FRAMELESS = 0.3  # checkers: a side whose playing area begins within this of the outline has no frame
EDGE_MARGIN = 0.01  # of the picture's size: an outline's corner this near its edge lies on it
IN_VIEW = 0.9  # share of a frameless side along which the table beyond must be in the picture
FAR = 0.5  # the table's part of the band this far out from the outline (of the way) is well beyond it
CHECKER_GAP = 0.25  # checkers: a gap this narrow between positions showing checkers shows them too
CHECKER_SHARE = 0.25  # a position whose pixels within the outline are this much checker-coloured shows checkers


def _longest_run(flags: np.ndarray, checker: np.ndarray | None = None, outside: np.ndarray | None = None,
                 beyond: np.ndarray | None = None) -> int:
    """Length of the longest run of True in `flags`; with `checker` (per position: shows checkers)
    and `outside` (per position: departs on the table too), of those that are not checkers: a run
    is dropped only when nearly all along it shows checkers and it stays within the outline
    (checkers borne off into a tray, on the bar, at the points' bases); a hand over checkers comes
    from the table. With `beyond` (per position: departs on the table well beyond the outline), a
    run must depart there along ON_TABLE of it (a side with no frame inside the outline: see
    side_score)."""
    best = start = 0
    for i in range(len(flags) + 1):
        if i < len(flags) and flags[i]:
            continue
        if i > start and (beyond is None or beyond[start:i].mean() >= ON_TABLE) and (
                checker is None or checker[start:i].mean() <= RUN_CHECKERS or outside[start:i].mean() >= ON_TABLE):
            best = max(best, i - start)
        start = i + 1
    return best


def checker_positions(band: np.ndarray, valid: np.ndarray, diff: np.ndarray, inside: int, is_checker,
                      checker: float) -> np.ndarray:
    """Per position along a side, True where the band within the outline shows checkers
    (`is_checker`: BGR (N, 3) uint8 -> bool (N,)): a good share of its pixels have a checker's
    colour, or most of those that depart from the side's profile do (a few slabs borne off into
    a tray, seen past a wide strip of frame); and the gaps under CHECKER_GAP of a `checker`
    between such positions (touching checkers' rims and shadows, not their colour). Checkers in a
    tray, on the bar or at the points' bases depart from the profile but are no hand."""
    part = np.clip(band[:, inside:], 0, 255).astype(np.uint8)
    ok = valid[:, inside:]
    hit = np.asarray(is_checker(part.reshape(-1, 3)), bool).reshape(ok.shape) & ok
    away = (diff[:, inside:] > CHANGE) & ok
    shown = ((hit.sum(1) > CHECKER_SHARE * np.maximum(ok.sum(1), 1))
             | ((hit & away).sum(1) > 0.5 * np.maximum(away.sum(1), 1)))
    k = max(1, int(round(CHECKER_GAP * checker)))
    return cv2.morphologyEx(shown.astype(np.uint8).reshape(-1, 1), cv2.MORPH_CLOSE,
                            np.ones((k, 1), np.uint8)).ravel().astype(bool)


def side_score(band: np.ndarray, valid: np.ndarray, checker: float, pad: int, gap: float, is_checker=None,
               frameless: bool = True, area=None, bar_at: np.ndarray | None = None) -> float:
    """The longest run along one side of positions where something crosses the board's edge, in
    units of LONG checkers (see hand_score); `area`: the playing area's colour by the side
    (_area_colour), for an arm of the frame's colour (one_colour); `bar_at`: per position, True
    where the bar meets the side (a bar of the frame's colour runs on from the frame into the
    playing area, one colour across the edge and unlike the rows within it, as such an arm is:
    there an arm must change the look beyond the outline too)."""
    band, valid = align(band, valid, checker)
    med = _profile(band)  # (the side's profile, once: a median over the whole band)
    diff, inner = departures(band, valid, pad, med)
    frame_end = frame_depth(med, pad, gap)
    # departing across the whole depth and within the outline too (a cup or a second board beside
    # the board departs outside it only), and where a frame lies inside the outline, on it too:
    # checkers borne off into a tray or on the bar beyond it leave it as it was
    inside = mean_over(diff, valid, pad)  # (per position: within the outline, and on the table)
    table = mean_over(diff, valid, 0, max(1, pad - SLACK))
    departs = (mean_over(diff, valid, 0) > CHANGE) & (inside > CHANGE)
    on_frame = None  # (per position: the departure on the frame by the outline, where one is seen)
    if frame_end - SLACK - (pad + 2 * SLACK) >= 2:  # (clear of the widened profile's edges)
        on_frame = mean_over(diff, valid, pad + 2 * SLACK, frame_end - SLACK)
        departs &= on_frame > CHANGE
    on_table = table > CHANGE
    # or an arm nearly the colour of the frame: plain on the table, and faint inside against the
    # table's contrast but not against the contrast of what lies within the outline (frame and
    # points' bases), on the frame by the outline and deeper
    near = max(frame_end, pad + 1)
    faint = on_table & (mean_over(inner, valid, pad, near) > CHANGE) & (mean_over(inner, valid, pad) > CHANGE)
    # or an arm nearly the frame's colour on a table it stands out from: strongly off the table's
    # profile beyond the outline, and inside it, faint but well above how much the side departs
    # along most of its length (a cup touching the board leaves the inside as it was), on the
    # frame by the outline too where one is seen: the arm crosses it, where a scoresheet on the
    # table beside checkers borne off into a tray leaves the frame between them as it was
    whole = valid.all(1)
    usual = float(np.median(inside[whole])) if whole.any() else 0.0
    strong = (table > STRONG * CHANGE) & (inside > max(ABOVE_USUAL * usual, 0.5 * CHANGE))
    if on_frame is not None:
        strong &= on_frame > ABOVE_USUAL * (float(np.median(on_frame[whole])) if whole.any() else 0.0)
    faint = faint | strong
    # or an arm of the frame's very colour: off the table's profile, and one colour on from the
    # table over the frame into the playing area (a cup or a sheet touching the board stops at
    # the outline; checkers and points alternate inside). Or an arm of the table's colour: one
    # colour on from the table, and strongly off the side's profile within the outline (over a
    # frame unlike the table; its faint part on the table is no measure of it there)
    across = np.zeros(len(band), bool) if area is None else one_colour(band, valid, pad, area, _contrast(med, valid))
    unlike_within = inside > STRONG * CHANGE
    if bar_at is not None:  # (the bar is unlike the rows beside it, and beyond the outline the frame's
        unlike_within &= ~bar_at  # usual look: there only a change on the table says arm)
    across &= (table > 0.5 * CHANGE) | unlike_within  # (not the frame's usual look)
    faint = faint | (((table > CHANGE) | unlike_within) & across)
    checkers_at = None
    if is_checker is not None and departs.any():
        checkers_at = checker_positions(band, valid, diff, pad, is_checker, checker) & ~faint
        # checkers stay within the outline; an arm of their colour goes on over the table, where it
        # may be faint against the edge's contrast (a skin-coloured arm on a pale table) but stands
        # out from the table's own grain
        on_table = on_table | table_departs(band, valid, pad)
    # a side with no frame inside the outline (the outline at the playing area's own edge: a frame
    # the table's colour) has the points' bases and their checkers right inside it, and a tray or
    # the frame's wall just beyond: what crosses it from outside departs on the table well beyond.
    # Only where the playing area begins at the outline (reaching past it, an arm bent the outline)
    # and the table beyond is in the picture all along, and not on an outline that an arm may have
    # bent (`frameless` False: see hand_score); or where one colour runs on from the table into the
    # playing area (an arm nearly the table's colour, over a playing area taken to begin at the
    # outline: a frame the outline's layout left out)
    beyond = None
    far = max(1, int(round(FAR * pad)))
    if frameless and -SLACK <= gap - pad < FRAMELESS * checker and valid[:, :far].all(1).mean() >= IN_VIEW:
        beyond = (mean_over(diff, valid, 0, far) > CHANGE) | across
    return _longest_run(departs | faint, checkers_at, on_table, beyond) / (LONG * checker)


def one_colour(band: np.ndarray, valid: np.ndarray, pad: int, area, contrast: float) -> np.ndarray:
    """Per position along a side, True where one colour runs from the table across the band
    within the outline into the playing area (`area`: _area_colour): the mean colours of the
    table's part, of the part within the outline and of the playing area's strip by its edge all
    within ARM_SAME of the edge's `contrast` of one another. Only an arm lies across all three."""
    colour, seen = area
    start, stop = pad + 2 * SLACK, band.shape[1]
    if stop - start < 2 or len(colour) != len(band):
        return np.zeros(len(band), bool)
    table, table_seen = _area_colour(band[:, : max(1, pad - SLACK)], valid[:, : max(1, pad - SLACK)])
    inside, inside_seen = _area_colour(band[:, start:], valid[:, start:])
    near = ARM_SAME * contrast
    return (table_seen & inside_seen & seen & (np.linalg.norm(inside - table, axis=1) < near)
            & (np.linalg.norm(colour - table, axis=1) < near))


STRONG = 2.5  # times CHANGE an arm departs on the table by, where it is faint on the frame
ABOVE_USUAL = 1.6  # times the side's usual departure inside the outline such an arm must depart there
TABLE_APART = 4.0  # times the table's usual spread along a side that a position's colour must be off it
TABLE_MIN = 24.0  # and at least this far (BGR levels): a plain table's spread is next to nothing
BAR_REACH = 0.25  # checkers beyond the bar's found edges along a row's side still taken for the bar


def table_departs(band: np.ndarray, valid: np.ndarray, pad: int) -> np.ndarray:
    """Per position along a side, True where the table just outside the outline is not the
    table: its mean colour there is further from the side's usual table colour than the table's
    own grain and light vary along the side."""
    d = max(1, pad - SLACK)
    part, ok = band[:, :d], valid[:, :d]
    n = ok.sum(1)
    seen = n >= 0.5 * d
    if seen.sum() < 8:
        return np.zeros(len(band), bool)
    colour = (part * ok[..., None]).sum(1) / np.maximum(n, 1)[:, None]
    usual = np.median(colour[seen], axis=0)
    dev = np.linalg.norm(colour - usual, axis=1)
    spread = float(np.median(dev[seen]))
    return seen & (dev > max(TABLE_APART * spread, TABLE_MIN))


def hand_score(image: np.ndarray, outer, corners, is_checker=None, bar=None) -> float:
    """The longest run along any side of the board's edge where something crosses it, departing
    from that side's own profile, in units of LONG checkers: 1.0 and above is a hand or arm
    crossing the edge. With `is_checker` (a colour test, see checker_positions) runs of positions
    showing checkers within the outline do not count; `bar`: the bar's span (x0, x1) as fractions
    of the playing area's width from its first corner to its second, where it meets the rows' sides
    (see side_score)."""
    best = 0.0
    h, w = image.shape[:2]
    margin = EDGE_MARGIN * max(h, w)
    # an outline with a corner at the picture's edge may be one an arm bent (taken for board up to
    # where it leaves the picture): no side of it is taken for frameless
    frameless = not any(x <= margin or y <= margin or x >= w - 1 - margin or y >= h - 1 - margin
                        for x, y in np.float32(outer).reshape(4, 2))
    for i, (band, valid, checker, pad, gap, area) in enumerate(_sides(image, outer, corners)):
        if band.shape[0] < 4 or band.shape[1] < pad + 2:
            continue
        bar_at = None
        if bar is not None and i < 2:  # (the top and bottom sides run along the rows, across the bar)
            at = np.arange(len(band)) / max(len(band), 1)
            reach = (SLACK + BAR_REACH * checker) / max(len(band), 1)
            bar_at = (at >= bar[0] - reach) & (at <= bar[1] + reach)
        best = max(best, side_score(band, valid, checker, pad, gap, is_checker, frameless, area, bar_at))
    return best


def hand_in_photo(image: np.ndarray, outer, corners) -> bool:
    """True when a hand or arm crosses the edge of the board (outline `outer`, playing area
    `corners`, both image order TL, TR, BR, BL) in this one photo."""
    return hand_score(image, outer, corners) >= 1.0
