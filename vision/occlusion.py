"""Occlusion: is a hand or arm over the board? Then the frame gets no reading at all, never a guess.

A hand reaches the playing area from outside, so it must cross the board's edge: the gate
compares a strip just inside the board's outline (its frame or margin, short of the points, trays
and bar) with the same strip in the calibration image, after matching brightness sector by sector
(light may change and fall unevenly; a sector whose own level a large change drags takes its
neighbours' or the whole ring's). Checkers moved within the board, and a cube or dice beside it,
stay out of the strip; checkers at the playing area's edge, thick ones seen at an angle, lean over
the frame, so only beyond it (on the table beside it) a fainter change counts, and one in colour
alone too, where the calibration kept the ring's colour (an arm as bright as the table it
crosses; the camera's white balance taken out), and where that is the table as it lies further
out. Beside the calibration image's own checkers at the edge (its reference shows them leaning
over the frame's inner half, and their shadows) those parts do not count. A frame too thin to
halve is watched whole. Inside the playing area, pixels far from every learnt colour (board,
both checker colours) also count. Only the strip's pixels are sampled: the gate costs about half
a millisecond on 1280x720.

Something moved on the table beside the board and left there (a scoresheet, a cup, a second
board) changes the table's strip for good. A change seen only there, beyond the board's outline,
with the board beside it as it was in the last clear frame, that stays still (the same pixels,
the same grays) while nothing moves on the board, for CLUTTER_SECONDS and CLUTTER_FRAMES, is
taken into the reference there (said in the log). A hand moves, reaches across the board's own
strip, or changes the board beside where it crosses the table's strip, however still it is held
(where no frame was seen inside the outline the ring has only the table's strip: an arm reaching
in changes that alone). The reference learnt is kept beside the calibration's, so the thing taken
away again is no change either. A gate made anew (a restart) learns it again, after
UNSEEN_SECONDS when it has not seen the board clear since.
"""
from __future__ import annotations

import logging
import time
from functools import lru_cache

import cv2
import numpy as np

from .image import median, median_rows

log = logging.getLogger(__name__)

RING_W = 320  # width of the small warped ring image
MARGIN = 0.06  # the ring image reaches this far round the outline (a board that moved stays in it)
EDGE = 0.03  # deepest the ring reaches into the board, as a fraction of its size
TABLE = 0.015  # how far it reaches onto the table: short of a cube or dice lying beside the board
MIN_CONTRAST = 40.0  # gray levels: a plain ring (wood on wood) must not turn noise into "change"
CHANGE = 0.25  # a pixel changed if it differs by this fraction of the reference's contrast
CHANGE_FAR = 0.15  # ... on the table's strip, beyond the reach of checkers (a faint arm shows there)
CHROMA_CHANGE = 12.0  # Lab a/b units beyond the reference's nearby colours: a pixel changed colour there
SECTORS = 16  # the ring is cut into this many pieces round the board
SMALL = 1.6  # changed patches of the ring at most this many checkers across are a cube or a die
EDGE_CHECKER = 1.0  # a calibration image's checker at the edge, grown this much, may show in the ring
THIN_FRAME = 0.5  # ring pixels: a frame strip this thin (too thin to halve) is still watched
FRAMELESS = 0.3  # checkers beyond an outline with no frame inside it, the strip a hand must cross
TOLERANCE = 3  # pixels of the ring image (of RING_W) a found outline may be off
CLUTTER_SECONDS = 3.0  # a change on the table's strip alone, still this long, is a thing left there
UNSEEN_SECONDS = 30.0  # ... or this long when the gate never saw the board clear (a restart with it there)
CLUTTER_FRAMES = 5  # ... and still over at least this many frames
STILL_PIXELS = 0.8  # still: this fraction of the changed pixels changed when first seen as well
STILL_GRAY = 8.0  # ... and their grays moved less than this on average (camera noise, not a hand)
LIGHT_STEP = 0.3  # a sector's light (log of its level over the reference's) at most this far from its neighbours'


def _ring_frame(outer, size: tuple[int, int] | None = None):
    """Homography from the image to the ring image, its size, and the outline's box in it
    (_outline_in_ring; see _ring_geometry)."""
    outer = np.float32(outer)
    centre = outer.mean(0)
    grown = centre + (outer - centre) * (1 + 2 * MARGIN)
    w = float(np.linalg.norm(grown[1] - grown[0]))
    h = float(np.linalg.norm(grown[3] - grown[0]))
    W, H = size or (RING_W, max(8, int(round(RING_W * h / max(w, 1.0)))))
    x0, y0, x1, y1 = _outline_in_ring((W, H))
    # map the outline itself (a quad of the board's plane), so that the same board seen from
    # another angle lands on the same ring pixels
    return (cv2.getPerspectiveTransform(outer, np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])), (W, H),
            (x0, y0, x1, y1))


def _ring_geometry(outer, corners, size: tuple[int, int] | None = None, picture: tuple[int, int] | None = None):
    """Homography from the image to the ring image, its size, the ring mask and sector labels.
    `picture`: the frames' (width, height), where known (see _in_picture).

    The ring is the board's own edge: a strip just inside its outline, no deeper than the frame
    (a little over half the way to the playing area, at most EDGE of the board's size), so
    checkers on the points, in a tray or on the bar stay out of it, and so do a cube or dice
    lying beside the board. A hand reaching onto the board must cross it.
    """
    M, (W, H), (x0, y0, x1, y1) = _ring_frame(outer, size)
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
    side, depth = _side_depth((W, H))
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
            if picture is not None and _in_picture(band, M, picture) < PICTURE_SHARE:
                # that strip lies past the picture's edge (a board reaching it, as at the player's
                # side of a camera's view): the arm shows only on the table's strip right beside it
                band = (side == k) & (depth < -skin) & (depth >= -skin - out)
            mask[(side == k) & (depth < 0)] = 0
            mask[band] = 255
            beyond |= band
            if strip - skin >= THIN_FRAME:  # a thin frame: watched as one band that a hand crosses whole
                thin = (side == k) & (depth >= skin) & (depth < strip)
                outer_half |= thin
                inner_half |= thin
    ring = mask > 0
    table = ring & (depth < 0) & ~beyond  # the table's strip beside a frame
    return M, (W, H), ring, sectors, checker, tuple(part & ring for part in (outer_half, inner_half, table, beyond))


PICTURE_SHARE = 0.5  # of a ring strip's pixels at least this share must lie in the picture to be watched


def _in_picture(strip: np.ndarray, M: np.ndarray, picture: tuple[int, int]) -> float:
    """The share of a ring image's strip (mask) whose pixels lie inside a picture of this (width,
    height), by the inverse of the ring's homography M (1.0 for an empty strip)."""
    ys, xs = np.nonzero(strip)
    if len(xs) == 0:
        return 1.0
    pts = cv2.perspectiveTransform(np.float32(np.stack([xs + 0.5, ys + 0.5], 1)).reshape(-1, 1, 2),
                                   np.linalg.inv(M)).reshape(-1, 2)
    W, H = picture
    inside = (pts[:, 0] >= 0) & (pts[:, 0] < W) & (pts[:, 1] >= 0) & (pts[:, 1] < H)
    return float(inside.mean())


def _ring_map(M: np.ndarray, mask: np.ndarray, width: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """Where in the frame each ring pixel lies (x and y maps for cv2.remap, `width` pixels to a
    row, the last row padded): only the ring is sampled, not the whole ring image (a sixth of
    it), at the points warpPerspective samples. They are worked out as its (OpenCV 5) vector
    code does, in float32 with the row's part first and a fused multiply-add for x, so the ring
    reads the same grays as the warped ring image did."""
    inv = cv2.invert(np.float64(M))[1].astype(np.float32)
    ys, xs = np.nonzero(mask)
    x, y = xs.astype(np.float32), ys.astype(np.float32)

    def fused(a, c):  # a * x + c rounded once, as a fused multiply-add
        return (np.float64(a) * x + c.astype(np.float64)).astype(np.float32)

    w = fused(inv[2, 0], inv[2, 1] * y + inv[2, 2])
    maps = (fused(inv[0, 0], inv[0, 1] * y + inv[0, 2]) / w, fused(inv[1, 0], inv[1, 1] * y + inv[1, 2]) / w)
    rows = -(-len(xs) // width)
    return tuple(np.pad(m, (0, rows * width - len(m))).reshape(rows, width) for m in maps)


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


LEANED = 2.0  # how far (in checker radii) beside the calibration image's checkers at the edge the
# frame may show them, their sides or their shadows (_plain_frame)


def _checkers_at_edge(shape, M: np.ndarray, calibration, sides_only: bool = False,
                      grow: float = EDGE_CHECKER) -> np.ndarray:
    """Where in the ring image the calibration image's checkers at the playing area's edge lay
    (calibration.reference_checkers), grown by EDGE_CHECKER, and on from there out across the ring:
    thick ones seen at an angle lean over the frame, their shadows fall beyond it, and the ring's
    reference shows them there."""
    out = np.zeros(shape, np.uint8)
    discs = getattr(calibration, "reference_checkers", ())
    if not discs or not grow:
        return out > 0
    to_image = np.linalg.inv(calibration.homography())
    W, H = calibration.size
    reach = 0.25 * max(W, H)  # on out past the ring (canonical pixels)
    angles = np.linspace(0, 2 * np.pi, 16, endpoint=False)
    for x, y, r in discs:
        if sides_only and 2 * r <= x <= W - 2 * r:
            continue
        disc = np.float32([[x + grow * r * np.cos(a), y + grow * r * np.sin(a)] for a in angles])
        outwards = [(0.0, -reach if y < H / 2 else reach)]  # from the edge it stands at, across the ring
        if x < 2 * r or x > W - 2 * r:
            outwards.append((-reach if x < W / 2 else reach, 0.0))
        for dx, dy in outwards:
            shape_ = np.concatenate([disc, disc + np.float32([dx, dy])]).reshape(-1, 1, 2)
            at = cv2.perspectiveTransform(cv2.perspectiveTransform(shape_, to_image), M).reshape(-1, 2)
            cv2.fillConvexPoly(out, cv2.convexHull(np.int32(np.round(at))), 1)
    return out > 0


def ring_reference(image: np.ndarray, outer, corners) -> tuple[tuple[int, ...], ...]:
    """The gray ring image of a calibration frame, as nested tuples for the JSON file."""
    M, size, _ = _ring_frame(outer)  # (the corners place the strips, not the ring image)
    gray = cv2.cvtColor(cv2.warpPerspective(image, M, size, flags=cv2.INTER_AREA), cv2.COLOR_BGR2GRAY)
    return tuple(map(tuple, gray.tolist()))  # (tolist gives Python ints, far faster than int() each)


def ring_chroma(image: np.ndarray, outer, corners) -> tuple:
    """The ring image's colour in a calibration frame (Lab a and b, each as nested tuples): an arm
    as bright as the frame or the table it crosses (a brown arm over green felt) differs in colour
    only."""
    M, size, _ = _ring_frame(outer)  # (the corners place the strips, not the ring image)
    lab = cv2.cvtColor(cv2.warpPerspective(image, M, size, flags=cv2.INTER_AREA), cv2.COLOR_BGR2LAB)
    return tuple(tuple(map(tuple, lab[:, :, k].tolist())) for k in (1, 2))


class OcclusionGate:
    """Says whether a hand (or anything foreign) is over the board; cheap enough for every frame."""

    def __init__(self, calibration, lut_class=None, lut_dist=None, *, sector_limit: float = 0.25,
                 total_limit: float = 0.08, foreign_limit: float = 0.03, clock=time.monotonic):
        self.calibration = calibration
        ref_size = (len(calibration.reference[0]), len(calibration.reference)) if calibration.reference else None
        self.M, self.size, self.mask, sectors, self.checker, parts = _ring_geometry(
            calibration.outer, calibration.corners, ref_size, tuple(getattr(calibration, "image_size", ())) or None)
        self.mask = _without_trays(self.mask, self.M, getattr(calibration, "trays", ()), self.checker)
        self.parts = tuple(part & self.mask for part in parts)  # outer and inner half of the
        # board's strip, the table's strip beside a frame, the table's strip beyond a frameless side
        self.sector_of = sectors[self.mask]
        self._map = _ring_map(self.M, self.mask)
        self.sector_size = np.bincount(self.sector_of, minlength=SECTORS).astype(np.float32)
        self._even_sectors = None  # (_even) sectors with ring pixels, their mean reference grays, neighbours
        self.sector_limit = sector_limit
        self.total_limit = total_limit
        self.foreign_limit = foreign_limit
        ref = np.array(calibration.reference, np.float32) if calibration.reference else None
        if ref is not None and ref.shape != (self.size[1], self.size[0]):
            ref = None
        self._ref_image = ref
        self.ref = ref[self.mask] if ref is not None else None
        if ref is not None:
            m = np.bincount(self.sector_of, self.ref, SECTORS) / np.maximum(self.sector_size, 1)
            idx = np.flatnonzero((self.sector_size > 0) & (m > 1.0))
            if len(idx) >= 5:  # (_even: those sectors, their mean grays, each one's two neighbours either side)
                n = len(idx)
                self._even_sectors = (idx, m[idx], (np.arange(n)[:, None] + np.array([-2, -1, 1, 2])) % n)
            self.ref_lo, self.ref_hi = self._bounds(ref)
            lo, hi = np.percentile(self.ref, [5, 95])
            self.contrast = max(float(hi - lo), MIN_CONTRAST)
        chroma = getattr(calibration, "reference_chroma", ())
        self._ref_ab = None  # (H, W, 2) Lab a and b of the ring image, where the calibration has them
        if ref is not None and len(chroma) == 2 and np.shape(chroma[0]) == ref.shape == np.shape(chroma[1]):
            self._ref_ab = np.stack([np.array(c, np.float32) for c in chroma], axis=-1)
            self.ref_ab = self._ref_ab[self.mask]  # (N, 2) at the ring pixels
            self.ab_lo, self.ab_hi = self._bounds_ab(self._ref_ab)
        self.lut_dist = lut_dist
        self.last_total = 0.0
        self.outside = (self.parts[2] | self.parts[3])[self.mask]  # ring pixels on the table's strip
        # ... where a fainter change, or one in colour alone, counts: beyond the reach of checkers
        # leaning over the frame, and of the shadows of those borne off into a tray, where the
        # strip is the table as it lies further out (not a frame the outline was found inside),
        # and not beside where the calibration image's checkers stood at the edge (their shadows)
        self.far = None
        self._plain = None
        if ref is not None:
            leaned = _checkers_at_edge(self.mask.shape, self.M, calibration)[self.mask]
            along = _checkers_at_edge(self.mask.shape, self.M, calibration, sides_only=True)[self.mask]
            self.far = (self.outside & self._plain_table() & ~along).astype(np.float32)
            # and on the frame's inner half beside them no change counts (they leaned over it)
            self._leaned_in = leaned & (self.parts[1] & ~self.parts[0])[self.mask]
            self._plain = self._plain_frame(leaned, _checkers_at_edge(self.mask.shape, self.M, calibration,
                                                                      sides_only=True, grow=LEANED)[self.mask])
        self.clock = clock
        self.calibrated = None  # the calibration's (lo, hi) once something left on the table is learnt
        self._board = MotionGate(calibration)  # a tiny gray copy of the board, as the motion gate takes it
        self._clear = None  # the last frame found clear (a camera gives a new array each frame: no copy)
        self._clear_small = None  # its board blocks, made the first time a hand frame asks for them
        self._still = None  # (changed pixels, their grays, first seen, frames, the board then) of a still
        # change beside the board
        ys, xs = np.nonzero(self.mask)  # where each ring pixel lies on the tiny board, in its 8x8 blocks
        x0, y0, x1, y1 = _outline_in_ring(self.size)
        bw, bh = MotionGate.SIZE[0] // 8, MotionGate.SIZE[1] // 8
        self._block_of = (np.clip((ys + 0.5 - y0) / (y1 - y0) * bh, 0, bh - 1).astype(np.int32),
                          np.clip((xs + 0.5 - x0) / (x1 - x0) * bw, 0, bw - 1).astype(np.int32))
        self._last = None  # (changed pixels, grays, gain, offset, colours, white balance shift) of the
        # ring in the last frame

    def _plain_table(self) -> np.ndarray:
        """Which ring pixels (of all) look, in the reference, like the table further out beyond
        their side of the outline (between the table's strip and the ring image's edge): within
        CHANGE of its contrast in gray of that band's median, and CHROMA_CHANGE in colour."""
        H, W = self._ref_image.shape
        x0, y0, x1, y1 = _outline_in_ring((W, H))
        side, depth = _side_depth((W, H))
        reach = min(x0, y0)  # the ring image's margin beyond the outline
        further = (depth <= -(TABLE * (x1 - x0) + 2)) & (depth >= -(reach - 1)) & (self._ref_image > 0)
        plain = np.zeros((H, W), bool)
        for k in range(4):
            band = further & (side == k)
            if band.sum() < 10:
                continue
            near = np.abs(self._ref_image - np.median(self._ref_image[band])) <= CHANGE * self.contrast
            if self._ref_ab is not None:
                centre = np.median(self._ref_ab[band], axis=0)
                near &= np.hypot(*(self._ref_ab - centre).transpose(2, 0, 1)) <= CHROMA_CHANGE
            plain |= near & (side == k)
        return plain[self.mask]

    def _plain_frame(self, leaned: np.ndarray, beside: np.ndarray):
        """(ring pixels, lo, hi): beside the calibration image's checkers along the playing area's
        sides (`beside`: out to LEANED radii from them), the grays of the board's strip on that side,
        in that half, away from them (`leaned`: out to EDGE_CHECKER radii; 5th to 95th percentile).
        Thick checkers seen at an angle lean over the frame, out to its outer half, and cast their
        shadows on it, and the reference shows them there: once they are moved away the plain frame
        shows, which is no hand. A pixel there changes only where it matches neither the reference
        nor the frame. (Only along the sides, where stacks lie against the frame: beside the first
        checker of every point the top and bottom frames would be judged so nearly whole, and an
        arm the frame's gray crossing them missed.)"""
        side, _ = _side_depth(self.size)
        side = side[self.mask]
        lo = np.array(self.ref_lo, np.float32)
        hi = np.array(self.ref_hi, np.float32)
        at = np.zeros(len(self.ref), bool)
        for part in self.parts[:2]:
            part = part[self.mask]
            for k in range(4):
                here = part & (side == k)
                rest = here & ~leaned
                if not (here & beside).any() or rest.sum() < 10:
                    continue
                a, b = np.percentile(self.ref[rest], [5, 95])
                lo[here & beside], hi[here & beside] = a, b
                at |= here & beside
        return (at, lo, hi) if at.any() else None

    def _bounds(self, ref: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The darkest and brightest reference gray near each ring pixel: a board found a pixel
        off still matches."""
        kernel = np.ones((TOLERANCE, TOLERANCE), np.uint8)
        return cv2.erode(ref, kernel)[self.mask], cv2.dilate(ref, kernel)[self.mask]

    def _bounds_ab(self, ab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The reference's a and b ranges near each ring pixel (N, 2 each), as _bounds."""
        kernel = np.ones((TOLERANCE, TOLERANCE), np.uint8)
        return (np.stack([cv2.erode(ab[:, :, k], kernel)[self.mask] for k in (0, 1)], axis=-1),
                np.stack([cv2.dilate(ab[:, :, k], kernel)[self.mask] for k in (0, 1)], axis=-1))

    def ring_change(self, frame: np.ndarray) -> tuple[float, float]:
        """(largest fraction of a ring sector that changed, fraction of the whole ring that changed)."""
        if self.ref is None:
            return 0.0, 0.0
        ring = cv2.remap(frame, *self._map, cv2.INTER_LINEAR)
        gray = cv2.cvtColor(ring, cv2.COLOR_BGR2GRAY)
        now = gray.reshape(-1)[:len(self.sector_of)].astype(np.float32)
        ab = None
        if self._ref_ab is not None:
            ab = cv2.cvtColor(ring, cv2.COLOR_BGR2LAB).reshape(-1, 3)[:len(self.sector_of), 1:].astype(np.float32)
        # match brightness sector by sector (light may fall unevenly): least squares gain and
        # offset from the reference to this frame
        sec, ref = self.sector_of, self.ref
        gain, off = self._fit(sec, ref, now, None)
        if median(gain) <= 0.21:
            self.last_total, self._last = 1.0, None
            return 1.0, 1.0
        gain, off = self._even(gain, off)
        resid = self._residual(gain, off, now)
        if (resid > CHANGE).any():  # fit again without what changed: a cube in a sector must not
            gain, off = self._fit(sec, ref, now, resid <= CHANGE)  # shift that sector's whole level
            gain, off = self._even(gain, off)
            resid = self._residual(gain, off, now)
            gain, off, resid = self._steadier(gain, off, resid, ref, now)
        shift = None
        if ab is not None:  # the colour as well, with the camera's white balance taken out
            same = np.flatnonzero(resid <= CHANGE)[::4]  # (every fourth: a median needs no more)
            shift = median_rows(ab[same] - self.ref_ab[same]) if len(same) else np.zeros(2, np.float32)
            resid = np.maximum(resid, self._chroma_residual(ab, shift) * self.far)
        if self.calibrated is not None:  # a thing learnt beside the board and taken away again
            back = self._residual(gain, off, now, self.calibrated[:2])
            if ab is not None:
                back = np.maximum(back, self._chroma_residual(ab, shift, self.calibrated[2:]) * self.far)
            resid = np.minimum(resid, back)
        resid = np.where(self._leaned_in, 0.0, resid)
        if self._plain is not None:  # where the calibration image's checkers leaned over the frame
            at, lo, hi = self._plain
            resid[at] = np.minimum(resid[at], self._residual(gain, off, now, (lo, hi))[at])
        changed, largest = self._drop_small(resid > CHANGE - (CHANGE - CHANGE_FAR) * self.far)
        self._last = (changed, now, gain, off, ab, shift)
        per_sector = np.bincount(self.sector_of[changed], minlength=SECTORS) / np.maximum(self.sector_size, 1)
        self.last_total = float(changed.mean())
        # a patch wider than SMALL checkers crossing the edge is an arm, whatever its sector's size
        return max(float(per_sector.max()), largest * self.sector_limit), self.last_total

    def _chroma_residual(self, ab, shift, bounds=None):
        """How far each ring pixel's colour (less the white balance `shift`) lies outside the
        reference's nearby colours (those learnt, or `bounds`), in the same scale as _residual's
        (CHANGE at CHROMA_CHANGE Lab units)."""
        lo, hi = bounds or (self.ab_lo, self.ab_hi)
        d = ab - shift
        out = np.maximum(np.maximum(lo - d, d - hi), 0.0)
        return np.hypot(out[:, 0], out[:, 1]) * (CHANGE / CHROMA_CHANGE)

    def _even(self, gain, off):
        """The sectors' levels with any far from its neighbours' (LIGHT_STEP) set to theirs: light
        falls smoothly round the board, but an arm covering most of a sector where the ring is thin
        (a narrow strip at the picture's edge) pulls that sector's own least-squares level to its
        gray, and then matches it. A sector's light is its level over the reference's at its mean
        gray; its neighbours' the median of the two on either side (of those with ring pixels)."""
        if self._even_sectors is None:
            return gain, off
        idx, m, nb = self._even_sectors
        light = np.log(np.maximum(gain[idx] * m + off[idx], 1.0) / m)
        near = median_rows(light[nb].T)
        far = np.abs(light - near) > LIGHT_STEP
        if not far.any():
            return gain, off
        gain, off = gain.copy(), off.copy()
        gain[idx[far]], off[idx[far]] = np.exp(near[far]), 0.0
        return gain, off

    def _steadier(self, gain, off, resid, ref, now):
        """Per sector, the level of its neighbours or of the whole ring where that leaves fewer of
        its pixels changed than its own fit: a large change in a sector (a light stack newly at the
        board's edge, leaning over a thin frame) drags the sector's own least-squares level, and
        then the rest of it, unchanged, no longer matches. Light falls smoothly round the board, so
        a neighbour's or the ring's level fits an unchanged part as well; a hand's pixels match the
        reference under no level."""
        sec = self.sector_of
        keep = resid <= CHANGE
        g1, o1 = self._fit(np.zeros_like(sec), ref, now, keep)
        cands = [(np.full(SECTORS, g1[0]), np.full(SECTORS, o1[0])),
                 (np.roll(gain, 1), np.roll(off, 1)), (np.roll(gain, -1), np.roll(off, -1))]
        changed = np.bincount(sec, resid > CHANGE, SECTORS)
        for g, o in cands:
            r = self._residual(g, o, now)
            c = np.bincount(sec, r > CHANGE, SECTORS)
            better = c < changed
            if better.any():
                gain, off = np.where(better, g, gain), np.where(better, o, off)
                resid = np.where(better[sec], r, resid)
                changed = np.where(better, c, changed)
        return gain, off, resid

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

    def _residual(self, gain, off, now, bounds=None):
        """How far each ring pixel's gray lies outside its reference's (lo, hi) (those learnt, or
        `bounds`) matched to this frame's brightness, in the reference's contrasts."""
        lo, hi = bounds or (self.ref_lo, self.ref_hi)
        g, o = gain[self.sector_of], off[self.sector_of]
        below = g * lo + o - now
        above = now - (g * hi + o)
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
        foreign = 0.0
        if canon_dist is not None:
            foreign = float((canon_dist > self.calibration.distance_limit).mean()) / self.foreign_limit
        score = self._ring_score(frame)
        if score < 1.0 or foreign >= 1.0:
            self._still = None  # nothing changed on the ring, or something is over the playing area
        elif self._left_on_table(frame):
            score = self._ring_score(frame)  # again, with the thing left on the table learnt
        score = max(score, foreign)
        if score < 1.0:
            self._clear, self._clear_small = frame, None
        return score >= 1.0, float(score)

    def _ring_score(self, frame: np.ndarray) -> float:
        """The ring's change in this frame, where 1.0 is the limit (of a sector, or of the whole)."""
        sector, total = self.ring_change(frame)
        return max(sector / self.sector_limit, total / self.total_limit)

    def _left_on_table(self, frame: np.ndarray) -> bool:
        """Whether the ring's change in this frame is a thing left on the table beside the board,
        and then learn it. The change lies wholly on the table's strip, beyond the board's outline;
        the board next to it is as it was in the last clear frame (an arm reaching in from there
        changes it, however still it is held); and the change has stayed the same (the same
        pixels, the same grays) while nothing moved on the board, for CLUTTER_SECONDS and
        CLUTTER_FRAMES (UNSEEN_SECONDS when the gate never saw the board clear). A hand over the
        playing area (foreign colours there) is never asked about (occluded)."""
        changed = self._last[0] if self._last is not None else None
        if changed is None or not changed.any() or (changed & ~self.outside).any():
            self._still = None
            return False
        now = self._last[1]
        board = self._board.small(frame)
        near = np.zeros(self._board.blocks, bool)
        near[self._block_of[0][changed], self._block_of[1][changed]] = True
        near = cv2.dilate(near.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        if self._clear is not None and self._clear_small is None:
            self._clear_small = self._board.small(self._clear)
        if self._clear is not None and \
                (block_change(board, self._clear_small)[near] > self._board.threshold).any():
            self._still = None  # the board beside the change is not as it was: an arm reaches in
            return False
        if self._still is None or not _same_change(self._still, changed, now) or \
                (block_change(board, self._still[4]) > self._board.threshold).any():
            self._still = (changed, now, self.clock(), 1, board)
            return False
        first, grays, since, frames, _ = self._still
        frames += 1
        self._still = (first, grays, since, frames, board)
        wait = CLUTTER_SECONDS if self._clear is not None else UNSEEN_SECONDS
        if frames < CLUTTER_FRAMES or self.clock() - since < wait:
            return False
        self._learn(changed)
        log.info("something left on the table beside the board (still for %.0f s, %d frames): the "
                 "occlusion gate takes it into its reference there", self.clock() - since, frames)
        self._still = None
        return True

    def _learn(self, changed: np.ndarray) -> None:
        """Take this frame's grays and colours (in the reference's brightness and white balance)
        into the reference where the ring changed, a little round it, on the table's strip only.
        The calibration's own reference is kept too: the thing taken away again is no change either."""
        _, now, gain, off, ab, shift = self._last
        full = np.zeros(self.mask.shape, np.uint8)
        full[self.mask] = changed
        grown = cv2.dilate(full, np.ones((5, 5), np.uint8))[self.mask] > 0
        where = grown & self.outside
        g, o = gain[self.sector_of], off[self.sector_of]
        ref = self.ref.copy()
        ref[where] = (now[where] - o[where]) / g[where]
        if self.calibrated is None:
            self.calibrated = (self.ref_lo, self.ref_hi) + ((self.ab_lo, self.ab_hi) if ab is not None else ())
        self.ref = ref
        self._ref_image = self._ref_image.copy()
        self._ref_image[self.mask] = ref
        self.ref_lo, self.ref_hi = self._bounds(self._ref_image)
        if ab is not None:  # its colour too (in the reference's white balance)
            self.ref_ab = self.ref_ab.copy()
            self.ref_ab[where] = ab[where] - shift
            self._ref_ab = self._ref_ab.copy()
            self._ref_ab[self.mask] = self.ref_ab
            self.ab_lo, self.ab_hi = self._bounds_ab(self._ref_ab)

    def __call__(self, frame: np.ndarray) -> bool:
        """The cheap gate for every frame: True when something is over the board."""
        return self.occluded(frame)[0]


def _outline_in_ring(size: tuple[int, int]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1): the board's outline in a ring image of this size (_ring_geometry)."""
    W, H = size
    scale = 1 + 2 * MARGIN
    return W / 2 - W / 2 / scale, H / 2 - H / 2 / scale, W / 2 + W / 2 / scale, H / 2 + H / 2 / scale


@lru_cache(maxsize=4)
def _side_depth(size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """For each pixel of a ring image of this size: the side of the outline nearest it (0 left,
    1 right, 2 top, 3 bottom) and how far inside the outline it lies (negative outside). Made once
    a size (read only): a gate is made for each layout a photo tries, three looks each."""
    W, H = size
    x0, y0, x1, y1 = _outline_in_ring(size)
    ys, xs = np.mgrid[0:H, 0:W]
    depths = np.stack([xs + 0.5 - x0, x1 - xs - 0.5, ys + 0.5 - y0, y1 - ys - 0.5])
    side, depth = np.argmin(depths, axis=0), np.min(depths, axis=0)
    side.flags.writeable = False
    depth.flags.writeable = False
    return side, depth


def _same_change(still, changed: np.ndarray, now: np.ndarray) -> bool:
    """Whether the ring changed where it did when the still change was first seen (most of the
    pixels of either), with grays that moved no more than camera noise."""
    first, grays = still[:2]
    both, either = int((first & changed).sum()), int((first | changed).sum())
    if both < STILL_PIXELS * either:
        return False
    return float(np.abs(now[first | changed] - grays[first | changed]).mean()) < STILL_GRAY


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
        self.blocks = (H // 8, W // 8)

    def small(self, frame: np.ndarray) -> np.ndarray:
        """The tiny gray copy of the board in this frame."""
        return cv2.cvtColor(cv2.warpPerspective(frame, self.M, self.SIZE, flags=cv2.INTER_AREA),
                            cv2.COLOR_BGR2GRAY).astype(np.float32)

    def __call__(self, frame: np.ndarray) -> bool:
        """True when this frame differs from the previous one (the first frame counts as motion)."""
        small = self.small(frame)
        last, self._last = self._last, small
        if last is None:
            return True
        return float(block_change(small, last).max()) > self.threshold


def block_change(small: np.ndarray, last: np.ndarray) -> np.ndarray:
    """Mean absolute gray change of each 8x8 block between two tiny copies of the board, after
    matching their means: brightness drift (auto exposure) is no change, a moved checker is."""
    diff = np.abs((small - small.mean()) - (last - last.mean()))
    h, w = diff.shape
    return diff.reshape(h // 8, 8, w // 8, 8).mean(axis=(1, 3))
