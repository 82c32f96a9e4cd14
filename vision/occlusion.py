"""Occlusion: is a hand or arm over the board? Then the frame gets no reading at all, never a guess.

A hand reaches the playing area from outside, so it must cross the board's edge: the gate
compares a strip just inside the board's outline (its frame or margin, short of the points, trays
and bar) with the same strip in the calibration image, after matching brightness sector by sector
(light may change and fall unevenly). Checkers moved within the board, and a cube or dice beside
it, stay out of the strip. Inside the playing area, pixels far from every learnt colour (board,
both checker colours) also count. The strip is warped small: the gate costs well under a
millisecond on 1280x720.
"""
from __future__ import annotations

import cv2
import numpy as np

RING_W = 320  # width of the small warped ring image
MARGIN = 0.06  # the ring image reaches this far round the outline (a board that moved stays in it)
EDGE = 0.03  # deepest the ring reaches into the board, as a fraction of its size
TABLE = 0.015  # how far it reaches onto the table: short of a cube or dice lying beside the board
MIN_CONTRAST = 40.0  # gray levels: a plain ring (wood on wood) must not turn noise into "change"
CHANGE = 0.25  # a pixel changed if it differs by this fraction of the reference's contrast
SECTORS = 16  # the ring is cut into this many pieces round the board
SMALL = 1.6  # changed patches of the ring at most this many checkers across are a cube or a die
FRAMELESS = 0.3  # checkers beyond an outline with no frame inside it, the strip a hand must cross
TOLERANCE = 3  # pixels of the ring image (of RING_W) a found outline may be off


def _ring_geometry(outer, corners, size: tuple[int, int] | None = None):
    """Homography from the image to the ring image, its size, the ring mask and sector labels.

    The ring is the board's own edge: a strip just inside its outline, no deeper than the frame
    (a little over half the way to the playing area, at most EDGE of the board's size), so
    checkers on the points, in a tray or on the bar stay out of it, and so do a cube or dice
    lying beside the board. A hand reaching onto the board must cross it.
    """
    outer = np.float32(outer)
    centre = outer.mean(0)
    grown = centre + (outer - centre) * (1 + 2 * MARGIN)
    w = float(np.linalg.norm(grown[1] - grown[0]))
    h = float(np.linalg.norm(grown[3] - grown[0]))
    W, H = size or (RING_W, max(8, int(round(RING_W * h / max(w, 1.0)))))
    scale = 1 + 2 * MARGIN
    x0, x1 = W / 2 - W / 2 / scale, W / 2 + W / 2 / scale  # the outline in the ring image
    y0, y1 = H / 2 - H / 2 / scale, H / 2 + H / 2 / scale
    # map the outline itself (a quad of the board's plane), so that the same board seen from
    # another angle lands on the same ring pixels
    M = cv2.getPerspectiveTransform(outer, np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))
    inner = cv2.perspectiveTransform(np.float32(corners).reshape(-1, 1, 2), M).reshape(4, 2)
    gaps = (inner[:, 0].min() - x0, x1 - inner[:, 0].max(), inner[:, 1].min() - y0, y1 - inner[:, 1].max())
    bw, bh = x1 - x0, y1 - y0
    left, right = (max(1.0, min(EDGE * bw, 0.6 * g)) for g in gaps[:2])
    top, bottom = (max(1.0, min(EDGE * bh, 0.6 * g)) for g in gaps[2:])
    skin = 0.005 * bw  # keep off the outline itself, which a slightly moved board shifts
    mask = np.zeros((H, W), np.uint8)
    # a thin strip of table right beside the board (an arm the colour of the frame shows there)
    out = TABLE * bw
    cv2.rectangle(mask, (int(round(x0 - out)), int(round(y0 - out))),
                  (int(round(x1 + out)) - 1, int(round(y1 + out)) - 1), 255, -1)
    cv2.rectangle(mask, (int(round(x0 - skin)), int(round(y0 - skin))),
                  (int(round(x1 + skin)) - 1, int(round(y1 + skin)) - 1), 0, -1)
    cv2.rectangle(mask, (int(round(x0 + skin)), int(round(y0 + skin))),
                  (int(round(x1 - skin)) - 1, int(round(y1 - skin)) - 1), 255, -1)
    cv2.rectangle(mask, (int(round(x0 + left)), int(round(y0 + top))),
                  (int(round(x1 - right)) - 1, int(round(y1 - bottom)) - 1), 0, -1)
    ys, xs = np.mgrid[0:H, 0:W]
    ang = np.arctan2((ys - H / 2) / H, (xs - W / 2) / W)
    sectors = ((ang + np.pi) / (2 * np.pi) * SECTORS).astype(np.int32) % SECTORS
    checker = (inner[:, 0].max() - inner[:, 0].min()) / 13.0  # about a checker, in ring pixels
    # where a hand reaching in crosses the edge: across the board's own strip, its outer and its
    # inner half (checkers at the playing area's edge, thick ones leaning out over the frame when
    # seen at an angle, reach only the inner half; a scoresheet pushed against the board only the
    # outer), or the table's strip. Where the strip inside is too thin to halve, no frame was
    # seen inside the outline (a frame the table's colour: the outline found is the playing
    # area's own edge): there the table's strip lies beyond the checkers' shadows.
    depths = np.stack([xs + 0.5 - x0, x1 - xs - 0.5, ys + 0.5 - y0, y1 - ys - 0.5])  # inside > 0
    side = np.argmin(depths, axis=0)
    depth = np.min(depths, axis=0)
    outer_half = np.zeros((H, W), bool)
    inner_half = np.zeros((H, W), bool)
    beyond = np.zeros((H, W), bool)
    for k, strip in enumerate((left, right, top, bottom)):
        if strip - skin >= 2:
            mid = skin + (strip - skin) / 2
            outer_half |= (side == k) & (depth >= skin) & (depth < mid)
            inner_half |= (side == k) & (depth >= mid) & (depth < strip)
        else:
            band = (side == k) & (depth < -FRAMELESS * checker) & (depth >= -FRAMELESS * checker - out)
            mask[(side == k) & (depth < 0)] = 0
            mask[band] = 255
            beyond |= band
    ring = mask > 0
    table = ring & (depth < 0) & ~beyond  # the table's strip beside a frame
    return M, (W, H), ring, sectors, checker, tuple(part & ring for part in (outer_half, inner_half, table, beyond))


def _without_trays(mask: np.ndarray, M: np.ndarray, trays, checker: float) -> np.ndarray:
    """The ring with the trays left out: checkers borne off into a tray are no hand."""
    if not trays:
        return mask
    out = mask.astype(np.uint8)
    pad = max(1, int(round(0.3 * checker)))
    for tray in trays:  # each tray grown by a third of a checker all round
        quad = cv2.perspectiveTransform(np.float32(tray.quad).reshape(-1, 1, 2), M).reshape(4, 2)
        grown = quad + np.sign(quad - quad.mean(0)) * pad
        cv2.fillConvexPoly(out, np.int32(np.round(grown)), 0)
    return out > 0


def ring_reference(image: np.ndarray, outer, corners) -> tuple[tuple[int, ...], ...]:
    """The gray ring image of a calibration frame, as nested tuples for the JSON file."""
    M, size, _, _, _, _ = _ring_geometry(outer, corners)
    gray = cv2.cvtColor(cv2.warpPerspective(image, M, size, flags=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
    return tuple(map(tuple, gray.tolist()))  # (tolist gives Python ints, far faster than int() each)


class OcclusionGate:
    """Says whether a hand (or anything foreign) is over the board; cheap enough for every frame."""

    def __init__(self, calibration, lut_class=None, lut_dist=None, *, sector_limit: float = 0.25,
                 total_limit: float = 0.08, foreign_limit: float = 0.03):
        self.calibration = calibration
        ref_size = (len(calibration.reference[0]), len(calibration.reference)) if calibration.reference else None
        self.M, self.size, self.mask, sectors, self.checker, parts = _ring_geometry(
            calibration.outer, calibration.corners, ref_size)
        self.mask = _without_trays(self.mask, self.M, getattr(calibration, "trays", ()), self.checker)
        self.parts = tuple(part & self.mask for part in parts)  # outer and inner half of the
        # board's strip, the table's strip beside a frame, the table's strip beyond a frameless side
        self.sector_of = sectors[self.mask]
        self.sector_size = np.bincount(self.sector_of, minlength=SECTORS).astype(np.float32)
        self.sector_limit = sector_limit
        self.total_limit = total_limit
        self.foreign_limit = foreign_limit
        ref = np.array(calibration.reference, np.float32) if calibration.reference else None
        if ref is not None and ref.shape != (self.size[1], self.size[0]):
            ref = None
        self.ref = ref[self.mask] if ref is not None else None
        if ref is not None:  # the darkest and brightest nearby: a board found a pixel off still matches
            kernel = np.ones((TOLERANCE, TOLERANCE), np.uint8)
            self.ref_lo = cv2.erode(ref, kernel)[self.mask]
            self.ref_hi = cv2.dilate(ref, kernel)[self.mask]
        if self.ref is not None:
            lo, hi = np.percentile(self.ref, [5, 95])
            self.contrast = max(float(hi - lo), MIN_CONTRAST)
        self.lut_dist = lut_dist
        self.last_total = 0.0

    def ring_change(self, frame: np.ndarray) -> tuple[float, float]:
        """(largest fraction of a ring sector that changed, fraction of the whole ring that changed)."""
        if self.ref is None:
            return 0.0, 0.0
        gray = cv2.cvtColor(cv2.warpPerspective(frame, self.M, self.size, flags=cv2.INTER_LINEAR),
                            cv2.COLOR_BGR2GRAY)
        now = gray[self.mask].astype(np.float32)
        # match brightness sector by sector (light may fall unevenly): least squares gain and
        # offset from the reference to this frame
        sec, ref = self.sector_of, self.ref
        gain, off = self._fit(sec, ref, now, None)
        if float(np.median(gain)) <= 0.21:
            self.last_total = 1.0
            return 1.0, 1.0
        resid = self._residual(gain, off, now)
        if (resid > CHANGE).any():  # fit again without what changed: a cube in a sector must not
            gain, off = self._fit(sec, ref, now, resid <= CHANGE)  # shift that sector's whole level
            resid = self._residual(gain, off, now)
        changed, largest = self._drop_small(resid > CHANGE)
        per_sector = np.bincount(self.sector_of[changed], minlength=SECTORS) / np.maximum(self.sector_size, 1)
        self.last_total = float(changed.mean())
        # a patch wider than SMALL checkers crossing the edge is an arm, whatever its sector's size
        return max(float(per_sector.max()), largest * self.sector_limit), self.last_total

    def _fit(self, sec, ref, now, keep):
        """Least squares gain and offset per sector from the reference to this frame (over the
        pixels kept, or all)."""
        w = None if keep is None else keep.astype(np.float32)
        n = np.maximum(np.bincount(sec, w, SECTORS), 1)
        wr = ref if w is None else ref * w
        sx = np.bincount(sec, wr, SECTORS) / n
        sy = np.bincount(sec, now if w is None else now * w, SECTORS) / n
        sxx = np.bincount(sec, wr * ref, SECTORS) / n - sx * sx
        sxy = np.bincount(sec, wr * now, SECTORS) / n - sx * sy
        gain = np.where(sxx > 25.0, sxy / np.maximum(sxx, 1e-6), 1.0)
        gain = np.clip(gain, 0.2, 5.0)
        return gain, sy - gain * sx

    def _residual(self, gain, off, now):
        g, o = gain[self.sector_of], off[self.sector_of]
        below = g * self.ref_lo + o - now
        above = now - (g * self.ref_hi + o)
        return np.maximum(np.maximum(below, above), 0.0) / (g * self.contrast)

    def _drop_small(self, changed: np.ndarray) -> np.ndarray:
        """Changed ring pixels without the small patches: a cube or a die lying at the board's
        edge changes a patch no bigger than itself (under SMALL checkers across), a hand or arm
        reaching over the edge a larger one. And a patch within the board's strip must reach
        across it, both its outer and its inner half, as a hand reaching in does: one wholly in
        the inner half is checkers at the playing area's edge, one wholly in the outer half a
        thing lying against the board (a scoresheet pushed up to it) (_ring_geometry)."""
        if not changed.any():
            return changed, 0.0
        full = np.zeros(self.mask.shape, np.uint8)
        full[self.mask] = changed
        full = cv2.dilate(full, np.ones((3, 3), np.uint8))
        n, lab, stats, _ = cv2.connectedComponentsWithStats(full, connectivity=8)
        limit = SMALL * self.checker
        seen = [np.zeros(n, bool) for _ in self.parts]
        for flags, part in zip(seen, self.parts):
            flags[lab[part & (full > 0)]] = True
        outer_half, inner_half, table, beyond = seen
        ext = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
        crosses = (outer_half & inner_half) | table | beyond
        ext = ext * crosses
        ext[0] = 0
        big = ext > limit
        return changed & big[lab[self.mask]], float(ext.max() / limit) if big.any() else 0.0

    def occluded(self, frame: np.ndarray, canon_dist: np.ndarray | None = None) -> tuple[bool, float]:
        """(hand in view?, score where 1.0 is the limit)."""
        sector, total = self.ring_change(frame)
        score = max(sector / self.sector_limit, total / self.total_limit)
        if canon_dist is not None:
            foreign = float((canon_dist > self.calibration.distance_limit).mean())
            score = max(score, foreign / self.foreign_limit)
        return score >= 1.0, float(score)

    def __call__(self, frame: np.ndarray) -> bool:
        """The cheap gate for every frame: True when something is over the board."""
        return self.occluded(frame)[0]


class MotionGate:
    """Has the board changed since the last frame (a hand, a moved checker, a die)? A tiny gray
    copy of the board is compared with the previous one, so the referee reads only once things
    are still (well under a millisecond)."""

    SIZE = (128, 80)

    def __init__(self, calibration, threshold: float = 10.0):
        W, H = self.SIZE
        self.M = cv2.getPerspectiveTransform(np.float32(calibration.outer), np.float32([[0, 0], [W, 0], [W, H], [0, H]]))
        self.threshold = threshold  # mean absolute gray change (0..255) of a block that counts as motion
        self._last: np.ndarray | None = None

    def __call__(self, frame: np.ndarray) -> bool:
        """True when this frame differs from the previous one (the first frame counts as motion)."""
        small = cv2.cvtColor(cv2.warpPerspective(frame, self.M, self.SIZE, flags=cv2.INTER_AREA),
                             cv2.COLOR_BGR2GRAY).astype(np.float32)
        last, self._last = self._last, small
        if last is None:
            return True
        # brightness drift (auto exposure) is not motion: compare after matching the means; a moved
        # checker is: look at the largest change over 8x8 blocks
        diff = np.abs((small - small.mean()) - (last - last.mean()))
        blocks = diff.reshape(self.SIZE[1] // 8, 8, self.SIZE[0] // 8, 8).mean(axis=(1, 3))
        return float(blocks.max()) > self.threshold
