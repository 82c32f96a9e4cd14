"""Find the board's outline in a frame: the largest four-sided region that stands out from the table.

Stages: a brightness threshold, else the colours unlike the table round the picture's edge (its
spread taken robustly when a second board or a cup at the picture's edge widens it, and then as
the light falls on the table: a smooth colour fitted to the picture's edge); regions running
along the picture's edge are the table itself unless nothing else is found. A region found is
checked by its points (points_score: the colours along its long sides alternate 24 times);
two halves of a playing area found apart (a frame and bar the table's colour) are joined, and so
is what lies a thin strip of frame away along its sides (a tray, the other half) when it makes one
four-sided region with it. A region run out to the picture's edge (joined there by the table's
faint shadows to a second board or a cup) is looked for again with the table's threshold raised,
and kept when it then lies in the picture and its points say board. The region's sides are
snapped outwards to where the board meets the table when the threshold lost part of a shaded
frame, unless its points then look less like a board. A region that is no quadrilateral because
something stands against it (a cup, a scoresheet) gives the four straight lines most of its
outline lies on. When nothing stands out, the points' triangles closed over a point's width give
the board if its points say so beyond doubt. A board whose frame is broken by an arm is reported
as covered (locate_board) rather than not found; a region that looked so but lies within the board
found, at most half of it (a half of the playing area, its checkers eating into it), is a part of
the board.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .errors import CalibrationError
from .image import as_image, sq_dist3


def order_corners(quad) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left (image order)."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    s = q.sum(1)
    d = q[:, 1] - q[:, 0]
    return np.array([q[np.argmin(s)], q[np.argmin(d)], q[np.argmax(s)], q[np.argmax(d)]], np.float32)


def _quad_candidates(mask: np.ndarray, min_fill: float, covered: list | None = None,
                     bulged: list | None = None) -> list[tuple[float, np.ndarray]]:
    """(area, 4 corners) of the large, nearly convex four-sided regions of a binary mask. Regions
    whose hull is four-sided and traced by the region's edge along most of its length but which
    fill too little of it (a frame broken by an arm laid across it) go to `covered` if given, as
    (area, corners, contour, mask shape) for _traced_only to check;
    large regions whose hull is not four-sided (a board with a cup against it) to `bulged` as
    (hull area, contour, mask, min_fill)."""
    area_img = mask.shape[0] * mask.shape[1]
    out = []
    contours, _ = cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    for contour in contours:
        hull = cv2.convexHull(contour)
        area = cv2.contourArea(hull)
        if area < 0.08 * area_img or area > 0.97 * area_img:
            continue
        fill = cv2.contourArea(contour) / max(area, 1.0)
        approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
        if len(approx) != 4:
            if bulged is not None and len(approx) > 4:
                bulged.append((area, contour, mask, min_fill))
            continue
        quad = order_corners(approx.reshape(4, 2).astype(np.float32))
        if fill >= min_fill:
            out.append((area, _fit_sides(contour.reshape(-1, 2).astype(np.float32), quad)))
        elif covered is not None:
            covered.append((area, quad, contour, mask.shape))
    return out


COVERED_TRACED = 0.75  # of a partly covered board's outline, at least this much is seen as edge
SIDE_CHORD = 40  # a side's direction is tried from chords of 1/SIDE_CHORD of the contour's length
SIDE_NEAR = 1.5  # pixels (at 640 across) from a line within which a contour point lies on it
SIDE_MIN = 0.08  # each of the four sides holds at least this fraction of the contour's points


def _meet(lines, min_det: float = 1e-6) -> np.ndarray | None:
    """Corners where neighbouring lines (point, unit direction) of a quad's sides meet, corner i
    between side i-1 and side i; None where two neighbours are (nearly) parallel: |det| < min_det."""
    corners = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        A = np.array([d1, -d2]).T
        if abs(np.linalg.det(A)) < min_det:
            return None
        t, _ = np.linalg.solve(A, p2 - p1)
        corners.append(p1 + t * d1)
    return np.float32(corners)


def _four_sides(area: float, contour: np.ndarray, mask: np.ndarray, min_fill: float):
    """(area, 4 corners) of a board with something against its edge (a cup, a scoresheet): the
    four straight lines that most of the region's outline lies on, met at the corners; the
    region must fill the quad they make as a board does. None if there are no such four."""
    pts = contour.reshape(-1, 2).astype(np.float32)
    n = len(pts)
    if n < 4 * SIDE_CHORD:
        return None
    step = max(1, n // SIDE_CHORD)
    free = np.ones(n, bool)
    lines = []
    for _ in range(4):
        idx = np.flatnonzero(free)
        starts = idx[:: max(1, len(idx) // 200)]
        a, b = pts[starts], pts[(starts + step) % n]
        d = b - a
        length = np.linalg.norm(d, axis=1)
        ok = length > 0.5 * step
        if not ok.any():
            return None
        a, d = a[ok], d[ok] / length[ok, None]
        normal = np.stack([-d[:, 1], d[:, 0]], 1)
        dist = np.abs(((pts[idx][None] - a[:, None]) * normal[:, None]).sum(2))  # (lines, points)
        best = int(np.argmax((dist < SIDE_NEAR).sum(1)))
        near = idx[dist[best] < SIDE_NEAR]
        if len(near) < SIDE_MIN * n:
            return None
        vx, vy, x0, y0 = cv2.fitLine(pts[near], cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy]), pts[near].mean(0)))
        line_d = np.abs((pts - [x0, y0]) @ np.array([-vy, vx]))
        free &= line_d >= 2 * SIDE_NEAR
    centre = np.mean([m for _, _, m in lines], axis=0)
    lines.sort(key=lambda l: np.arctan2(l[2][1] - centre[1], l[2][0] - centre[0]))
    corners = _meet([(p, d) for p, d, _ in lines], 0.3)  # neighbouring sides must meet at a fair angle
    if corners is None:
        return None
    quad = order_corners(corners)
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)):
        return None
    quad_area = cv2.contourArea(quad)
    if quad_area < 0.08 * mask.size or quad_area > area:
        return None
    region = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(region, [contour], -1, 255, -1)
    inside = np.zeros(mask.shape, np.uint8)
    cv2.fillPoly(inside, [np.int32(np.round(quad)).reshape(-1, 1, 2)], 255)
    fill = cv2.countNonZero(cv2.bitwise_and(region, inside)) / max(cv2.countNonZero(inside), 1)
    return (quad_area, quad) if fill >= min_fill else None


def _traced_only(maybe: list) -> list:
    """(area, corners) of the candidates for a covered board whose outline is traced by the
    region's edge along most of its length (checked only when no whole board is found)."""
    return [(area, quad) for area, quad, contour, shape in maybe
            if _traced(shape, contour, quad) >= COVERED_TRACED]


def _traced(shape, contour: np.ndarray, quad: np.ndarray) -> float:
    """The fraction of the quad's perimeter that lies on the contour (within a few pixels)."""
    canvas = np.full(shape, 255, np.uint8)
    cv2.drawContours(canvas, [contour], -1, 0, 1)
    dist = cv2.distanceTransform(canvas, cv2.DIST_L2, 3)
    pts = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        n = max(2, int(np.linalg.norm(b - a)))
        pts.append(a[None] + np.linspace(0, 1, n, endpoint=False)[:, None] * (b - a)[None])
    pts = np.concatenate(pts)
    x = np.clip(np.round(pts[:, 0]).astype(int), 0, shape[1] - 1)
    y = np.clip(np.round(pts[:, 1]).astype(int), 0, shape[0] - 1)
    return float((dist[y, x] <= 2.5).mean())


def _fit_sides(points: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """Corners of a quad made exact: a straight line fitted to the outline points along each side
    (away from the corners), and the corners where neighbouring lines meet."""
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        ab = b - a
        length = float(np.linalg.norm(ab))
        if length < 4:
            return quad
        t = ((points - a) @ ab) / (length * length)
        dist = np.abs((points - a) @ np.array([-ab[1], ab[0]]) / length)
        near = points[(t > 0.15) & (t < 0.85) & (dist < max(2.0, 0.01 * length))]
        if len(near) < 5:
            return quad
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = _meet(lines)
    if corners is None:
        return quad
    if np.abs(corners - quad).max() > 0.05 * float(np.linalg.norm(quad[2] - quad[0])):
        return quad  # the lines went astray: keep the rough corners
    return corners


TABLE_SPREAD = 1.5  # with clutter at the picture's edge the table's spread is taken as this many times its median distance (p90 of a clear table)
SNAP_REACH = 0.05  # how far (fraction of the quad's diagonal) a side may move to the strongest edge
SNAP_INSIDE = 4  # samples inside the first unlike one within which the board's own colour is taken
SNAP_MIN = 0.01  # a quad the edges move by less than this fraction of its diagonal is kept as it is
SNAP_SAMPLES = 48  # positions sampled along each side
SNAP_INWARD = 0.005  # a side whose fitted line lies this far inside it at either end (of the diagonal) is kept
SNAP_WORSE = 0.02  # a snapped quad whose points score is lower than the rough one's by this is astray
SNAP_UNLIKE = 12.0  # Lab distance from the table's colour at least, to be taken for the board
SNAP_SCATTER = 3.0  # pixels (at 640 across): a side's edge points lying this far off their line (median)
# are no one edge (a board's edge is straight within a pixel: sharp or shaded, even through a lens)


def _sample(img: np.ndarray, xy: np.ndarray) -> np.ndarray:
    """Bilinear samples of a float image (H, W, C) at points xy (..., 2)."""
    flat = xy.reshape(-1, 2).astype(np.float32)
    out = cv2.remap(img, flat[:, 0].reshape(-1, 1), flat[:, 1].reshape(-1, 1), cv2.INTER_LINEAR,
                    borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(*xy.shape[:-1], img.shape[2])


def snap_to_edges(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The quad (image order) with each side moved out to where the board meets the table: a
    threshold's contour wanders where the board's frame is shaded across the threshold (a board
    seen at a steep angle). Per side, at positions along its middle, walking in from the table
    beyond it (its colour the side's own reference, or the table's all round the board where that
    is unlike it: a sheet along much of the side) to the first colour unlike the table, then the
    strongest step there; a robust line through them, and corners where the lines meet. Where the
    table is not seen beyond a side, or the lines go astray, the quad is kept; a side whose edge
    points do not lie on one line (something against part of it) is kept as found, and so is a quad
    a side of which moved out past the picture's edge (no edge of the board can have been found
    there)."""
    img = img.astype(np.float32)
    quad = np.float32(quad)
    diagonal = float(np.linalg.norm(quad[2] - quad[0]))
    reach = max(3.0, SNAP_REACH * diagonal)
    centre = quad.mean(0)
    step = max(1.0, reach / 18.0)  # about 55 positions across, however far the reach
    offsets = np.arange(2 * reach, -reach - 0.5 * step, -step, dtype=np.float32)  # from the table inwards
    far = int(np.sum(offsets >= reach))  # the first `far` offsets lie on the table beyond the side
    t = np.linspace(0.1, 0.9, SNAP_SAMPLES, dtype=np.float32)
    rows = np.arange(len(t))
    sides = []  # (a, b, outward normal, sample positions (S, 2), colours (S, O, C)) per side
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = (b - a) / max(float(np.linalg.norm(b - a)), 1e-6)
        n = np.float32([-d[1], d[0]])
        if np.dot((a + b) / 2 - centre, n) < 0:
            n = -n  # outwards
        base = a[None] + t[:, None] * (b - a)[None]  # (S, 2)
        pos = base[:, None] + offsets[None, :, None] * n  # (S, O, 2)
        sides.append((a, b, n, base, _sample(img, pos)))
    # the table all round the board: a side whose own table (the median of what lies beyond it) is
    # unlike it took something beside the board for the table (a scoresheet or a second board along
    # much of that side), and its walk would end at that thing's edge: it walks from the table
    # seen all round instead (where the thing lies, it is unlike at once: no edge taken there)
    beyond = np.concatenate([c[:, :far].reshape(-1, c.shape[2]) for *_, c in sides])
    around = np.median(beyond, axis=0)
    around_spread = float(np.median(np.linalg.norm(beyond - around, axis=1)))
    lines = []
    for a, b, n, base, colour in sides:
        table = np.median(colour[:, :far].reshape(-1, colour.shape[2]), axis=0)
        if float(np.linalg.norm(table - around)) > max(SNAP_UNLIKE, 3.0 * around_spread):
            table = around
        dist = np.linalg.norm(colour - table, axis=2)  # (S, O)
        spread = float(np.median(dist[:, :far]))
        contrast = float(np.median(dist.max(1)))  # the board's step from the table
        unlike = dist > max(SNAP_UNLIKE, 3.0 * spread, 0.3 * contrast)
        unlike = unlike & np.roll(unlike, -1, axis=1)  # two in a row: not a speck
        unlike[:, -1] = False
        first = np.argmax(unlike, axis=1)
        keep = unlike.any(1) & (first >= far - 1)  # the table seen beyond the side, the board near it
        if keep.sum() < SNAP_SAMPLES // 3:
            return quad
        # the edge: where the distance from the table's colour first passes half the board's
        # (a little inside the first unlike position), interpolated between samples
        inside = np.minimum(first[:, None] + np.arange(SNAP_INSIDE + 1)[None], len(offsets) - 1)
        half = dist[rows[:, None], inside].max(1) / 2.0
        above = dist >= half[:, None]
        above[:, :far // 2] = False  # the table's far end cannot be the edge
        j = np.argmax(above, axis=1)
        j0 = np.maximum(j - 1, 0)
        d0, d1 = dist[rows, j0], dist[rows, j]
        frac = np.clip((half - d0) / np.maximum(d1 - d0, 1e-6), 0.0, 1.0)
        where = offsets[j0] - frac * (offsets[j0] - offsets[j])
        pts = (base + where[:, None] * n)[keep].astype(np.float32)
        vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        if float(np.median(np.abs((pts - [x0, y0]) @ np.float32([-vy, vx])))) > SNAP_SCATTER:
            lines.append((a.astype(np.float64), (b - a).astype(np.float64)))  # two edges, not one: keep
            continue  # the side (a second board or a sheet against part of it, its edge taken there)
        normal = np.float32([-vy, vx]) * np.sign(np.dot(n, np.float32([-vy, vx])))  # outwards
        ends = np.float32([a + 0.1 * (b - a), b - 0.1 * (b - a)])  # (where the samples begin and end)
        inward = np.dot(ends - np.float32([x0, y0]), normal)
        if (inward > max(1.0, SNAP_INWARD * diagonal)).any():
            lines.append((a.astype(np.float64), (b - a).astype(np.float64)))  # inwards: keep the side
            continue  # (a threshold loses a shaded frame's far part; table taken for board is rare)
        lines.append((np.array([x0, y0]), np.array([vx, vy])))
    corners = _meet(lines)
    if corners is None:
        return quad
    moved = float(np.abs(corners - quad).max())
    if moved > 2 * reach or moved < SNAP_MIN * diagonal:
        return quad  # astray, or the threshold's outline already on the edge (within a pixel or two)
    out = _corners_on_edge(corners, img.shape, -EDGE_TOUCH)  # (corners past the picture's edge)
    if out > _corners_on_edge(quad, img.shape, -EDGE_TOUCH):
        return quad  # a side moved out past the picture's edge: no edge of the board was found there
    return corners


POINTS_BAND = (5, 10)  # cycles across a board's width of two points' alternation (12 a row, a bar, a frame)
POINTS_SIZE = (256, 160)  # the quad is warped this small to be scored
POINTS_MIN = 0.3  # a quad whose points score is below this does not look like a board
POINTS_SURE = 0.45  # nor unless this high where an arm may have been taken for part of the board


def points_score(lab: np.ndarray, quad: np.ndarray) -> float:
    """How much a quad (image order) looks like a backgammon board: of the colour variation
    along the bands just inside its long sides (where the points' bases lie), the fraction that
    alternates as 24 points do: 5 to 9 cycles across the width. A whole board scores about 0.4
    to 0.8; half a board, the table or a board with the table round it about 0.1 to 0.35."""
    quad = order_corners(quad)
    W, H = POINTS_SIZE
    best = 0.0
    for turn in (0, 1):  # the points may hang from the image's top and bottom or its sides
        q = np.roll(quad, turn, axis=0)
        M = cv2.getPerspectiveTransform(np.float32(q), np.float32([[0, 0], [W, 0], [W, H], [0, H]]))
        warped = cv2.warpPerspective(lab, M, (W, H), flags=cv2.INTER_AREA).astype(np.float32)
        score = 0.0
        for band in (warped[int(0.05 * H):int(0.3 * H)], warped[int(0.7 * H):int(0.95 * H)]):
            profile = band.mean(0)
            profile = profile - profile.mean(0)
            power = (np.abs(np.fft.rfft(profile, axis=0)) ** 2).sum(1)
            score += power[POINTS_BAND[0]:POINTS_BAND[1]].sum() / max(float(power[1:40].sum()), 1e-6)
        best = max(best, score / 2)
    return float(best)


def _merged(found: list) -> list:
    """(area, corners) of pairs of candidates that are two halves of one board: a frame and bar
    the colour of the table leave the two halves of the playing area as two regions side by side.
    Their hull must be four-sided and filled by the two (a bar's width apart at most)."""
    out = []
    for i in range(len(found)):
        for j in range(i + 1, len(found)):
            (a1, q1), (a2, q2) = found[i], found[j]
            if min(a1, a2) < 0.5 * max(a1, a2):
                continue
            hull = cv2.convexHull(np.concatenate([q1, q2]).reshape(-1, 1, 2).astype(np.float32))
            area = float(cv2.contourArea(hull))
            approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
            if len(approx) == 4 and (a1 + a2) >= 0.8 * area:
                out.append((area, order_corners(approx.reshape(4, 2).astype(np.float32))))
    return out


def _choose(found: list, lab: np.ndarray) -> tuple[float, tuple]:
    """(points score, candidate) of the board among candidates: the largest, or two of them
    merged when they are two halves of one board and its points say so."""
    best = max(found, key=lambda c: c[0])
    score = points_score(lab, best[1])
    for whole in _merged(found):
        whole_score = points_score(lab, whole[1])
        if whole[0] > best[0] and whole_score > score:
            best, score = whole, whole_score
    return score, best


CLOSE_SIZES = (0.025, 0.05)  # closing kernels (fractions of the picture's width) that join a point's triangles
CLOSED_FILL = 0.75  # a closed region fills at least this much of its four-sided hull
JOIN_SIZE = 0.025  # closing kernel (fraction of the picture's width) that joins a tray to the playing area
JOIN_GROWTH = 3.2  # a joined region is at most this many times the area of the one found (half the playing
# area: the other half, the bar, the trays and the frame round them make it about three times)
JOIN_FILL = 0.85  # the region it adds is this much board (a tray and the frame strip closed over)


def _joined(mask: np.ndarray, lab: np.ndarray, score: float, pick: tuple) -> tuple[float, tuple]:
    """(points score, candidate): the region found with what lies a thin strip of frame away from
    it joined to it, when they make one four-sided region round it. A frame of nearly the table's
    colour leaves the trays (and the two halves of the playing area, across the bar) apart; the
    outline found then runs along the playing area on one side and the board's edge on the others,
    or holds half the board, and the hand test takes the tray or the points beyond it for
    something crossing the edge. Kept only when what it adds is board (JOIN_FILL of it not table:
    a cup at a corner joined adds mostly table) and its points still say board."""
    area, quad = pick
    k = max(3, int(round(JOIN_SIZE * max(mask.shape[:2]))) | 1)
    closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    best = (score, pick)
    for big, outer in _in_view(_quad_candidates(closed, 0.85), mask.shape, []):
        if not area < big <= JOIN_GROWTH * area:
            continue
        hull = outer.reshape(-1, 1, 2).astype(np.float32)
        if min(cv2.pointPolygonTest(hull, (float(x), float(y)), True) for x, y in quad) < -0.5 * k:
            continue  # (it must hold the region found)
        added = np.zeros(mask.shape, np.uint8)
        cv2.fillPoly(added, [np.int32(np.round(outer)).reshape(-1, 1, 2)], 255)
        cv2.fillPoly(added, [np.int32(np.round(quad)).reshape(-1, 1, 2)], 0)
        fill = cv2.countNonZero(cv2.bitwise_and(closed, added)) / max(cv2.countNonZero(added), 1)
        if fill < JOIN_FILL:
            continue  # (what was joined lies round it: a cup at a corner with the table between)
        grown = points_score(lab, outer)
        if grown >= POINTS_MIN and big > best[1][0]:
            best = (max(score, grown), (big, outer))
    return best


LIT_KEEP = 60  # percent of the picture's edge band (nearest the fitted colour) that fits the table's light


def _lit_table(lab: np.ndarray, b: int) -> tuple[np.ndarray, float]:
    """(distance of each pixel from the table's colour where it lies, the table's spread): the
    table's colour as a smooth (quadratic) function of the position, fitted to the band round
    the picture's edge (robustly: things on the table there are left out), so that a table lit
    unevenly (brighter under the lamp, darker at the corners) is not taken for a wide spread of
    colours, which would hide a board of nearly the table's colour."""
    H, W = lab.shape[:2]
    band = np.zeros((H, W), bool)
    band[:b], band[-b:], band[:, :b], band[:, -b:] = True, True, True, True
    ys, xs = np.nonzero(band)

    def terms(x, y):
        x, y = x / W, y / H
        return np.stack([np.ones_like(x), x, y, x * x, y * y, x * y], 1).astype(np.float32)

    X, vals = terms(xs, ys), lab[ys, xs]
    keep = np.ones(len(xs), bool)
    for _ in range(3):
        coef = np.linalg.lstsq(X[keep], vals[keep], rcond=None)[0]
        away = np.linalg.norm(vals - X @ coef, axis=1)
        keep = away <= np.percentile(away, LIT_KEEP)
    gy, gx = np.mgrid[0:H, 0:W]
    model = (terms(gx.ravel().astype(np.float32), gy.ravel().astype(np.float32)) @ coef).reshape(H, W, 3)
    return np.linalg.norm(lab - model, axis=2), TABLE_SPREAD * float(np.median(away))


def _closed_candidates(masks, lab: np.ndarray) -> list[tuple[float, tuple]]:
    """(points score, (area, corners)) of four-sided regions of the masks closed over a point's
    width: on a board that does not stand out from its table (its frame the table's colour) no
    region is the board, but its points, triangles of two colours side by side, become one
    region when the gaps between them are closed."""
    out = []
    size = lab.shape[0] * lab.shape[1]
    for mask in masks:
        for frac in CLOSE_SIZES:
            k = max(3, int(round(frac * max(lab.shape[:2]))) | 1)
            closed = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
            contours, _ = cv2.findContours(closed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            for contour in contours:
                hull = cv2.convexHull(contour)
                area = cv2.contourArea(hull)
                if area < 0.08 * size or area > 0.97 * size or cv2.contourArea(contour) < CLOSED_FILL * area:
                    continue
                approx = cv2.approxPolyDP(hull, 0.03 * cv2.arcLength(hull, True), True)
                if len(approx) != 4:
                    continue
                quad = order_corners(approx.reshape(4, 2).astype(np.float32))
                for candidate in _in_view([(area, quad)], lab.shape, []):
                    out.append((points_score(lab, quad), candidate))
    return out


@dataclass(frozen=True)
class BoardOutline:
    """Where the board is in a frame: its outline's 4 corners (image order TL, TR, BR, BL) and
    whether part of it is covered (its edge is seen along most of its length but something, a hand
    or an arm, lies across it: the board is there but cannot be read)."""

    corners: tuple[tuple[float, float], ...]
    covered: bool = False


def locate_board(image: np.ndarray) -> BoardOutline:
    """The board's outline as find_outline finds it, or else, when
    no whole outline stands out, the outline of a board partly covered (covered=True);
    CalibrationError if neither is seen."""
    covered: list = []
    try:
        quad = find_outline(image, covered)
    except CalibrationError:
        if not covered:
            raise
        scale = 640.0 / max(image.shape[:2])
        quad = order_corners(max(covered, key=lambda c: c[0])[1] / scale)
        return BoardOutline(tuple((float(x), float(y)) for x, y in quad), covered=True)
    return BoardOutline(tuple((float(x), float(y)) for x, y in quad))


def _unlike(dist: np.ndarray, threshold: float) -> np.ndarray:
    """The mask of pixels farther than `threshold` from the table's colour, specks opened away."""
    mask = (dist > threshold).astype(np.uint8) * 255
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))


EDGE_TOUCH = 1.5  # pixels (at 640 across): a corner this near the picture's edge touches it
APART_STEPS = (1.33, 1.67, 2.0)  # the table's threshold raised by these, to part the board from what it touches


def _corners_on_edge(quad, shape, margin: float) -> int:
    """How many corners of the quad lie within `margin` pixels of the picture's edge."""
    h, w = shape[:2]
    return sum(x <= margin or y <= margin or x >= w - 1 - margin or y >= h - 1 - margin for x, y in quad)


def _at_edge(quad: np.ndarray, shape) -> bool:
    """Whether a corner of the quad lies on the picture's edge."""
    return _corners_on_edge(quad, shape, EDGE_TOUCH) > 0


def _apart(dist: np.ndarray, threshold: float, lab: np.ndarray, score: float,
           pick: tuple | None) -> tuple[float, tuple | None]:
    """(points score, candidate): the region found pulled to the picture's edge (None: it ran along
    the edge), or the board parted from what it touched there. Beside a board, the table's faint
    shadows and the fringe of a second board or a cup at the picture's edge lie just past the
    table's threshold: specks of them join the board to that clutter, and the region runs out to
    the edge with a corner there, or along it. With the threshold raised the table between them
    falls away while the board's frame (far from the table's colour all round) stays whole; the
    sides are snapped back out to its edge after. Kept only when the region so found lies in the
    picture and its points still say board: a board that truly runs out of the picture runs out
    at every threshold."""
    for step in APART_STEPS:
        mask = _unlike(dist, step * threshold)
        here = _in_view(_quad_candidates(mask, 0.85), lab.shape, [])
        if not here:
            continue
        got, candidate = _choose(here, lab)
        if not _at_edge(candidate[1], lab.shape) and got >= POINTS_MIN:
            return got, candidate
    return score, pick


PART_MOST = 0.5  # a region within a board and at most this share of its area is a part of it (half its points)


def beyond_outline(corners, outer) -> float:
    """How far the four `corners` (a playing area, or another outline) reach outside the board's
    outline `outer` (both image coordinates), as a share of the outline's diagonal (0 when wholly
    inside). The playing area lies within the board: one reaching past it took what lies beside
    the board (a second board's points beyond the frame) for its rows."""
    outer = np.float32(outer).reshape(-1, 1, 2)
    diagonal = float(np.linalg.norm(outer[2, 0] - outer[0, 0]))
    out = max(-cv2.pointPolygonTest(outer, (float(x), float(y)), True) for x, y in np.float32(corners).reshape(4, 2))
    return max(0.0, out) / max(diagonal, 1.0)


def _part_of(quad: np.ndarray, pick: tuple) -> bool:
    """Whether a region that looked like a board partly covered (a half of the playing area, its
    checkers and points eating into it) lies within the candidate and is at most PART_MOST of it."""
    area, outer = pick
    hull = outer.reshape(-1, 1, 2).astype(np.float32)
    inside = all(cv2.pointPolygonTest(hull, (float(x), float(y)), True) >= -2.0 for x, y in quad)
    return inside and cv2.contourArea(np.float32(quad)) <= PART_MOST * area


def _in_view(found: list, shape, cut: list) -> list:
    """The candidates wholly in the picture; those with two corners on its edge go to `cut`."""
    keep = []
    for area, quad in found:
        (cut if _corners_on_edge(quad, shape, 1) >= 2 else keep).append((area, quad))
    return keep


OUTLINE_WAYS = ("bright", "wide", "robust", "lit")  # find_outline's ways, in the order it tries them: the
# bright region, then the region unlike the table by its spread round the picture's edge (as wide as
# it is; a few times its median; as the light falls on it)


def find_outline(image: np.ndarray, covered: list | None = None, skip: tuple[str, ...] = (),
                 sure: float = POINTS_SURE, passed: list | None = None) -> np.ndarray:
    """The board's outline (4 corners, image order): the largest bright four-sided region, or else
    the largest four-sided region that differs from the table (the colour round the image's edge),
    its sides snapped to where the board meets the table (see snap_to_edges). Outlines
    of partly covered boards seen on the way go to `covered` as (area, corners at 640 pixels across)
    if given. `skip`: ways of finding it left out (OUTLINE_WAYS), so that a caller that can check
    an outline (a calibration reading its position back) can ask for the one the next way finds;
    `sure`: the points score a board whose frame is the table's colour needs (found by its points
    alone: beyond doubt unless the caller checks it). `passed`, if given, gets the outlines (image
    order) that other spreads of the table found and the points score passed over, for a caller
    that can check them."""
    image = as_image(image)
    maybe: list = []  # regions that may be a board partly covered
    h, w = image.shape[:2]
    scale = 640.0 / max(h, w)
    small = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (5, 5), 0)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    if float(gray.std()) < 8:
        raise CalibrationError("no board in the image: it is nearly uniform")
    _, bright = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    cut = []  # regions running along the picture's edge: the table itself, or a board cut off
    bulged: list = []  # regions with something against them: tried last
    found = [] if "bright" in skip else _in_view(_quad_candidates(bright, 0.9, maybe, bulged), small.shape, cut)
    masks = [bright, 255 - bright]  # (for _closed_candidates)
    lab = None
    if not found:
        lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
        b = max(2, int(min(small.shape[:2]) * 0.03))
        edge = np.concatenate([lab[:b].reshape(-1, 3), lab[-b:].reshape(-1, 3),
                               lab[:, :b].reshape(-1, 3), lab[:, -b:].reshape(-1, 3)])
        table = np.median(edge, 0)
        away = np.sqrt(sq_dist3(edge, table))
        distance = np.sqrt(sq_dist3(lab, table))
        # the table's spread round the picture's edge; when nothing stands out so, things on the
        # table at the edge (a second board, a cup) may have widened it: a few times the median
        # (not when a partly covered board was seen: the arm would be taken for board)
        wide, robust = float(np.percentile(away, 90)), TABLE_SPREAD * float(np.median(away))
        spreads = [("wide", distance, wide)] + ([("robust", distance, robust)] if robust < wide else [])
        spreads.append(("lit", None, 0.0))  # (the table's colour as the light falls on it: made when needed)
        options = []  # (points score, candidate) per spread tried
        for name, dist, spread in spreads:
            # (when a partly covered board was seen, the robust spread's region must be a board
            # beyond doubt: the arm could be taken for board; not when what was seen lies within
            # the region and is at most half of it: a half of the playing area, its checkers
            # eating into it, is a part of the board)
            doubt = _traced_only(maybe) if name != "wide" else []
            need = POINTS_SURE if doubt else 0.0
            if dist is None:
                dist, spread = _lit_table(lab, b)
            threshold = max(1.5 * spread, 12.0)
            not_table = _unlike(dist, threshold)
            masks.append(not_table)  # (a way skipped leaves its mask to the points' search, closed)
            if name in skip:
                continue
            ran_out: list = []  # regions of this mask running along the picture's edge
            here = _in_view(_quad_candidates(not_table, 0.85, maybe if not need else None, bulged), small.shape,
                            ran_out)
            cut.extend(ran_out)
            score, pick = _joined(not_table, lab, *_choose(here, lab)) if here else (0.0, None)
            if ran_out if pick is None else _at_edge(pick[1], small.shape):  # joined to clutter at the edge?
                score, pick = _apart(dist, threshold, lab, score, pick)
            if pick is not None:
                if need and all(_part_of(quad, pick) for _, quad in doubt):
                    need = 0.0  # (what looked like a board partly covered is a part of this one)
                if score >= need:
                    options.append((score, pick))
                if score >= max(POINTS_MIN, need):
                    break  # (else another spread may find the whole board, not a part of it)
        if options:
            found = [max(options, key=lambda o: o[0])[1]]
            if passed is not None:
                passed.extend(order_corners(pick[1] / scale) for _, pick in options if pick is not found[0])

    def closed() -> list:
        """A board whose frame is the table's colour, found by its points, if beyond doubt."""
        if lab is None:
            return []
        scored = _closed_candidates(masks, lab)
        best = max(scored, key=lambda c: c[0]) if scored else None
        return [best[1]] if best is not None and best[0] >= sure else []

    if not found and cut and not _traced_only(maybe):  # the table itself stands out: the board?
        found = closed()
    found = found or cut
    seen = [] if found else _traced_only(maybe)
    if not found and not seen:  # a board with a cup or a sheet against its edge
        for candidate in sorted(bulged, key=lambda c: -c[0]):
            quad = _four_sides(*candidate)
            if quad is not None:
                found = _in_view([quad], small.shape, [])
                if found:
                    break
    if not found and not seen:  # nothing stands out: a board whose frame is the table's colour
        found = closed()
    if not found:
        if covered is not None:
            covered.extend(seen)
        raise CalibrationError("no board found: no large four-sided region stands out from the table")
    lab8 = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    rough = max(found, key=lambda c: c[0])[1]
    quad = snap_to_edges(lab8, rough)
    if np.abs(quad - rough).max() > 0 and points_score(lab8, quad) < points_score(lab8, rough) - SNAP_WORSE:
        quad = rough  # the sides went to edges that are not the board's: its points say so
    return order_corners(quad / scale)


OUTLINE_SAME = 0.01  # of the picture's diagonal: outlines whose corners all lie this near are the same


def other_outlines(image: np.ndarray, first):
    """The outlines find_outline's other ways find, each unlike `first` and those before it, one at
    a time (for a caller that can check them: a calibration reading its position back, a photo's
    layouts fitting the points): skipping its ways one by one, the last with no way but the points
    (a board whose frame is the table's colour, as sure as any board looks: the caller checks it)."""
    image = as_image(image)
    same = OUTLINE_SAME * float(np.linalg.norm(np.float32(image.shape[1::-1])))
    seen = [np.float32(first)]
    for other in _outlines_found(image):
        other = np.float32(other)
        if any(np.abs(other - known).max() <= same for known in seen):
            continue
        seen.append(other)
        yield other


def _outlines_found(image: np.ndarray):
    """Every outline other_outlines looks at, one at a time: those the first finding passed over (a
    cup or a sheet joined to the board pulls a side out to it, and scores the board's points a
    little higher), then find_outline's with its ways skipped one by one, the last with no way but
    the points."""
    passed: list = []
    try:
        find_outline(image, passed=passed)
    except CalibrationError:
        pass
    yield from passed
    ways = [(OUTLINE_WAYS[:k], POINTS_SURE) for k in range(1, len(OUTLINE_WAYS))] + [(OUTLINE_WAYS, POINTS_MIN)]
    for skip, sure in ways:
        try:
            yield find_outline(image, skip=skip, sure=sure)
        except CalibrationError:
            continue
