"""Occlusion: is a hand or arm over the board? Then the frame gets no reading at all, never a guess.

A hand reaches the playing area from outside, so it must cross the board's outline: the gate
compares a ring along the outline (a strip of the board just inside it and of the table just
outside) with the same ring in the calibration image, after matching brightness sector by sector
(light may change and fall unevenly). Checkers moved within the board (bar, trays) stay inside the
ring. Inside the playing area, pixels far from every learnt colour (board, both checker colours)
also count. The ring is warped small: the gate costs well under a millisecond on 1280x720.
"""
from __future__ import annotations

import cv2
import numpy as np

RING_W = 160  # width of the small warped ring image
MARGIN = 0.06  # table strip outside the board outline, as a fraction of its size
INSET = 0.03  # strip of the board inside its outline
CHANGE = 0.25  # a pixel changed if it differs by this fraction of the reference's contrast
SECTORS = 16  # the ring is cut into this many pieces round the board


def _ring_geometry(outer, corners, size: tuple[int, int] | None = None, board_only: bool = False):
    """Homography from the image to the ring image, its size, the ring mask and sector labels."""
    outer = np.float32(outer)
    centre = outer.mean(0)
    grown = centre + (outer - centre) * (1 + 2 * MARGIN)
    w = float(np.linalg.norm(grown[1] - grown[0]))
    h = float(np.linalg.norm(grown[3] - grown[0]))
    W, H = size or (RING_W, max(8, int(round(RING_W * h / max(w, 1.0)))))
    M = cv2.getPerspectiveTransform(grown, np.float32([[0, 0], [W, 0], [W, H], [0, H]]))
    # the ring runs along the board's outline: a hand reaching in must cross it, while checkers
    # moved within the board (onto the bar, into a tray) stay inside it
    scale = 1 + 2 * MARGIN
    inset = 1 - INSET
    band = np.float32([[W / 2 + (x - W / 2) * inset / scale, H / 2 + (y - H / 2) * inset / scale]
                       for x, y in ((0, 0), (W, 0), (W, H), (0, H))])
    mask = np.full((H, W), 255, np.uint8)
    if board_only:  # the table round a board that moved is not what it was: only the board's edge
        mask[:] = 0
        edge = np.float32([[W / 2 + (x - W / 2) / scale, H / 2 + (y - H / 2) / scale]
                           for x, y in ((0, 0), (W, 0), (W, H), (0, H))])
        cv2.fillConvexPoly(mask, np.round(edge).astype(np.int32), 255)
    cv2.fillConvexPoly(mask, np.round(band).astype(np.int32), 0)
    ys, xs = np.mgrid[0:H, 0:W]
    ang = np.arctan2((ys - H / 2) / H, (xs - W / 2) / W)
    sectors = ((ang + np.pi) / (2 * np.pi) * SECTORS).astype(np.int32) % SECTORS
    return M, (W, H), mask > 0, sectors


def ring_reference(image: np.ndarray, outer, corners) -> tuple[tuple[int, ...], ...]:
    """The gray ring image of a calibration frame, as nested tuples for the JSON file."""
    M, size, _, _ = _ring_geometry(outer, corners)
    gray = cv2.cvtColor(cv2.warpPerspective(image, M, size, flags=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
    return tuple(tuple(int(v) for v in row) for row in gray)


class OcclusionGate:
    """Says whether a hand (or anything foreign) is over the board; cheap enough for every frame."""

    def __init__(self, calibration, lut_class=None, lut_dist=None, *, sector_limit: float = 0.12,
                 total_limit: float = 0.03, foreign_limit: float = 0.03, board_only: bool = False):
        self.calibration = calibration
        ref_size = (len(calibration.reference[0]), len(calibration.reference)) if calibration.reference else None
        self.M, self.size, self.mask, sectors = _ring_geometry(calibration.outer, calibration.corners, ref_size,
                                                               board_only)
        self.sector_of = sectors[self.mask]
        self.sector_size = np.bincount(self.sector_of, minlength=SECTORS).astype(np.float32)
        self.sector_limit = sector_limit
        self.total_limit = total_limit
        self.foreign_limit = foreign_limit
        ref = np.array(calibration.reference, np.float32) if calibration.reference else None
        if ref is not None and ref.shape != (self.size[1], self.size[0]):
            ref = None
        self.ref = ref[self.mask] if ref is not None else None
        if self.ref is not None:
            lo, hi = np.percentile(self.ref, [5, 95])
            self.contrast = max(float(hi - lo), 10.0)
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
        n = np.maximum(self.sector_size, 1)
        sx = np.bincount(sec, ref, SECTORS) / n
        sy = np.bincount(sec, now, SECTORS) / n
        sxx = np.bincount(sec, ref * ref, SECTORS) / n - sx * sx
        sxy = np.bincount(sec, ref * now, SECTORS) / n - sx * sy
        gain = np.where(sxx > 25.0, sxy / np.maximum(sxx, 1e-6), 1.0)
        gain = np.clip(gain, 0.2, 5.0)
        off = sy - gain * sx
        if float(np.median(gain)) <= 0.21:
            self.last_total = 1.0
            return 1.0, 1.0
        resid = np.abs(now - (gain[sec] * ref + off[sec])) / (gain[sec] * self.contrast)
        changed = resid > CHANGE
        per_sector = np.bincount(self.sector_of[changed], minlength=SECTORS) / np.maximum(self.sector_size, 1)
        self.last_total = float(changed.mean())
        return float(per_sector.max()), self.last_total

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
