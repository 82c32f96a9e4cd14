"""Reading dice from any photo, with no calibration: dark pips on a light body and light pips on a dark
or coloured body (classical OpenCV).

The stages, each cheap:

0. Small views are enlarged first (to about 1000 pixels on the short side, or in a board region
   so that a pip is about 8 pixels wide): blurred pips 2-3 pixels across then keep apart. Where
   the first pass finds pips still too small (a six's pips in a 480x360 frame), that die's
   neighbourhood is read again, enlarged so that its pips are about 8 pixels wide; its faces
   replace the first pass's faces of few or small pips there (not around a whole 2 or 5 whose pips
   lie well apart: nothing blurred there to undo, and a board's dice are often just under the size).
1. Pip candidates: black-hats (closing minus image) at a few kernel sizes show dark spots smaller
   than the kernel; a kernel a little larger than a pip fills the pip but not the larger dark
   background around a die. Spots that are small, round, black or grey, much darker than their
   surroundings and ringed by a bright, even, grey die face are kept, with their radius; two pips
   blurred into one are cut apart at a darker level. In a board region (the reader's call),
   "grey" is judged after white balance from the brightest things in view (a white die under warm
   light is as tinted as the felt), and a pip under SMALL_PIP_PX pixels across may be lighter (blur):
   not beside clearly larger dark pips in its group, and a face of one or two such pips only on a
   square of its body's colour (_few_pips_hold: the gaps beside touching light checkers look alike).
   A pip near its die's edge may have the table beyond the edge in part of its ring: kept when that
   darker part lies to one side and the ring is an even face on the other (_ring_even), as a pip
   that only completes a face of two or more pips ringed by face all round (no 1, no leftover).
2. Pips are joined into faces: two pips belong to one face when they are about the same size and
   darkness, no farther apart than a face allows, and the straight path between them stays on a
   bright face (two touching dice have a dark edge or shadow between them).
3. Each group is fitted with the pip layouts of a die (1..6 on a 3x3 grid, any turn and size, at
   most one pip lost for 4..6); a 5 or 6 foreshortened past that fit (a cocked die, or a camera
   looking from the side) is its layout under an affine map, kept unless another face lies beside
   it that is not its side face (_side_face_of); a group that is no face loses a stray pip or is
   split in two (or, four or five of them with three in a row, a 6 whose other column blurred
   together, when its lost pips' spots are dark: _six_of_column); the face between the pips must be
   clean. A pip left alone is a 1 only on a clean grey face, or pairs with a fainter neighbour of
   its size and shape into a 2. A 2's empty middle must be as bright as its face (two gaps beside
   the point where two light checkers touch have their rims meeting there); in a board region no
   die is over DIE_MAX_SIDE times the expected side.
4. Faces much darker or fainter right beside a brighter one, or whose pips are flattened beside
   a face of round pips (seen at a glancing angle), are side faces and are dropped. The
   top face's box comes from the layout (side = grid step / 0.27); a die is cocked
   (``flat=False``) when a side face beside it shows pips nearly as dark as its own, or its top
   face is strongly foreshortened, or when the top face seen in its own frame has a second, shaded
   face beside it: as wide as the top face, ending in a straight edge, with pips of its own
   (the die's outline longer than its top face). Side faces shown beside most of three or more
   dice, or beside two or more towards the same side, mean an oblique camera, not cocked dice;
   where two or more dice show their side faces towards one side (the camera's foot), a face right
   beside another towards that side is that die's side face, however lit.
   A face read flat whose value is in doubt is left unread (_sure): a faint dark spot where its
   layout wants bare face (a pip lost in blur: a 6 read as a 4, a 3 as a 1), or, in a board region,
   a layout under DIE_MIN_SIDE of the expected side (the middle and a corner pip of a 3 fit a small 2),
   or a small 2 or 3 whose pips run along its die's outline (one row of a 6 fits a 3). A half-size 2
   with a dark spot where a third pip would make it a 3 (beyond one of its pips, not the other), that
   3's bare spots bare and its pips across its outline, is read as that 3 (_as_three: a corner pip lost);
   so is a face whose dark spots and pips make exactly another value's layout on its grid, each spot
   clearly a pip or bare (_completed: a 5 read as a 4, a 3 as a 1, their lost pips blurred away).

5. Light pips (white pips on red, green, blue, black dice): stages 1-4 again on the inverted grey
   view, chroma left out; a face found there must lie on one even body colour (sampled between
   and around its pips, in colour), which rules out light specks in the gaps beside touching dark
   checkers, glints and a dark board's print. A light 1 or 2 (a lone light spot is as likely a
   glint on a glossy checker) must also lie on a square of its body's colour: rays from its centre
   find where that colour ends, on a square's outline (not a checker's circle) of a size that fits
   its pips; a 2 on a surface of its own colour is kept on a very even body. A light 1 or 2 of round
   pips may also lie on a die's outline in its body's colour (_die_outline: one convex, filled,
   near-rectangular region that fits the pips, the pips inside it), which takes in a small die whose
   outer body spots fall on its blurred edge and a cocked die (top and side face together: a
   rectangle, the pips off its middle), said cocked. A face of 4 or more pips is sampled in the
   pips' own affine frame (a cocked die's foreshortened top face). Where both looks find
   a face, the dark one's stands, except a dark 1 whose pip holds a face of light pips: that is a
   dark die seen whole on a light board (a lone dark pip must be dark all through).

In a board region (the reader's call) the full look is taken only in windows around the small dark
(or light) spots, ringed by an even (and, for dark pips, grey) surface, that a black-hat on the
view reduced to pips about COARSE_PIP wide shows (a spot of one pixel only among a 6's grid of
spots): a sixteenth of the work per pixel, and dice cover a few per cent of a board. Windows are
joined only where that adds little area (a chain of specks along a point's outline would join into
one box over the board); a die read in two overlapping windows is kept once. Side faces and cocked
dice are judged on the whole region.

Box coordinates are [x, y, w, h] in the full image. ``where`` is always "outside": the board
reader knows the geometry and names the place.
"""
from __future__ import annotations

import dataclasses
import logging
import math
from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

from vision.errors import ImageReadError, VisionError
from vision.image import percentile as _pct, percentile_u8 as _pct_u8, work_array
from vision.types import PIP_LAYOUT, Die

log = logging.getLogger(__name__)

# Pips sit on a 3x3 grid; the grid step is about 0.27 of the face side on common dice.
GRID_STEP = 0.27
MAX_FIT_ERROR = 0.45
MAX_BLOBS = 400  # dark spots examined one by one per scale
MAX_PIPS = 120  # at most 8 dice of 6 pips, with room for spots that are no pips
MIN_WORK_SIZE = 1000  # small frames are enlarged about to this (shorter side) before looking for pips
PIP_WORK_SIZE = 8.0  # in a board region, enlarged so that an expected pip is about this wide
PIP_SHARE = 0.2  # a pip's width over its die's side
DIE_MAX_SIDE = 1.6  # in a board region, a die's side is at most this many times the expected (a 26th of the board's width)


@dataclass(frozen=True)
class Pip:
    """One dark spot on a bright face: centre, radius, contrast and the brightness of the face around it."""

    x: float
    y: float
    r: float
    contrast: float
    face: float  # median grey level of the ring around the pip
    elongation: float
    edge: bool = False  # near its face's edge: the table beyond it in part of its ring (see _ring_even)


def _clip(a, lo, hi):
    """np.clip(a, lo, hi) for lo <= hi, at half its cost on the short arrays here."""
    return np.minimum(np.maximum(a, lo), hi)


def _check_image(image) -> None:
    """A VisionError unless the image is a non-empty BGR or grey array."""
    if image is None or not isinstance(image, np.ndarray) or image.size == 0:
        raise ImageReadError("read_dice needs a non-empty image")
    if image.ndim != 2 and (image.ndim != 3 or image.shape[2] not in (3, 4)):
        raise ImageReadError(f"read_dice needs a BGR or grey image, got shape {image.shape}")


def _has_chroma(sat: np.ndarray) -> bool:
    """Whether a chroma view carries colour: a grey image and the light look (the inverted grey view)
    come with an all-zeros chroma, and the tests on colour are skipped for them."""
    return bool(sat.any())


def _as_gray_and_sat(image: np.ndarray, balance: bool = False, chroma: bool = True):
    """(grey view, chroma view) of a BGR or grey image; ``chroma`` False leaves the chroma all zeros
    (the light look takes none: a caller looking for light pips only skips the balance and chroma)."""
    _check_image(image)
    if image.ndim == 2:
        return image, np.zeros_like(image)
    bgr = image[:, :, :3]
    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    if not chroma:
        return gray, np.zeros_like(gray)
    b, g, r = _white_balanced(bgr, gray) if balance else cv2.split(np.ascontiguousarray(bgr))
    sat = cv2.subtract(cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r))  # chroma: 0 for grey/white, high for coloured checkers and felt
    return gray, sat


WHITE_SHARE = 1.0  # the light's colour: the median colour of this brightest per cent of the view (dice are among the brightest things)
WHITE_GAIN_MAX = 1.6  # a channel is raised at most this much (a view whose brightest things are coloured is not all lit so)


def _white_balanced(bgr: np.ndarray, gray: np.ndarray):
    """The three channels scaled so that the brightest things in view come out grey.

    A white die under warm or cool light (or a camera's white balance off) is tinted like
    everything else; its chroma would fail a test meant for coloured felt and checkers. The
    light's colour is read from the brightest pixels of the view, the way the eye takes the
    whitest surface for white. Only in a board region (read_dice's region): there the brightest
    things are dice, checkers and points; in a photo of anything they may be a screen or a label,
    and a grey surface balanced to grey passes for a die's face.
    """
    b, g, r = cv2.split(np.ascontiguousarray(bgr))
    step = 4 if min(gray.shape) >= 64 else 1
    small_g = gray[::step, ::step]
    top = small_g >= _pct_u8(small_g, 100 - WHITE_SHARE)
    white = np.median(bgr[::step, ::step][top].reshape(-1, 3), axis=0).astype(np.float64)
    if white.min() < 1:
        return b, g, r
    gains = np.minimum(white.max() / white, WHITE_GAIN_MAX)
    if gains.max() < 1.03:
        return b, g, r
    return tuple(c if k == 1.0 else cv2.convertScaleAbs(c, alpha=float(k)) for c, k in zip((b, g, r), gains))


FACE_VS_BRIGHTEST = 0.65  # a die face is at least this bright relative to the brightest 1% of the view
SIDE_ELONG = 1.5  # pips this elongated (and a quarter more than a neighbour's) lie on a side face
LINK_ELONG = 1.25  # so two pips, one that elongated and this much more than the other, lie on two faces
OBLIQUE_SHARE = 0.5  # of OBLIQUE_MIN or more dice, this share showing side faces means the camera looks from the side
OBLIQUE_MIN = 3  # dice in view at least, for their side faces to speak of the camera
COCKED_SQUASH = 0.7  # a top face shorter than this in one direction belongs to a cocked die
LINK_CONTRAST = 0.55  # two pips of one face: the fainter at least this dark relative to the darker
RING_EVEN = 0.65
PATH_BRIGHT = 0.72  # the path between two pips of one face: its darkest tenth at least this bright
FACE_EVEN = 0.78  # the face between the pips: its darkest sixth at least this bright relative to the ring  # the darkest fifth of the ring around a pip is at least this bright relative to the face
PIP_DARKEST = 0.4  # the darkest pixel of a pip is at most this bright relative to the brightest in view
MIXED_PIP_R = 0.8  # a lighter pip among dark ones in one group: at least this share of their radius
SMALL_PIP_DARKEST, SMALL_PIP_PX = 0.55, 4.0  # in a board region, a pip under SMALL_PIP_PX pixels across (in the view as
# given) blurs lighter: its darkest pixel at most this bright (a face of one or two such: see _few_pips_hold)
PIP_MAX_CHROMA = 45
LONE_PIP_EVEN = 0.5  # inside a lone pip, nothing brighter than this share of the way from its darkest to its face
LONE_PIP_CHROMA = 0.3  # around a lone pip (face 1) nothing coloured (chroma over grey level)  # max - min of B, G, R inside a pip
MERGED_ELONG = 4.5  # a blob up to this elongated may be a row of pips blurred together (light pips bleed so)
SPLIT_LEVELS = (0.5, 0.3)  # blurred-together pips are cut apart at these shares of the way from their darkest to the face
PIP_SCALES = (5, 9, 15, 25, 41)  # black-hat kernel sides: pips from about 2 to 36 pixels across


def find_pips(gray: np.ndarray, sat: np.ndarray, scales: Sequence[int] = PIP_SCALES,
              bright: Optional[float] = None, scale: int = 1, small_px: float = 0.0) -> list[Pip]:
    """Dark, round spots ringed by a bright, unsaturated surface (pip candidates), at several sizes.

    A black-hat with a kernel a little larger than a pip fills the pip but not the larger dark
    background around a die, so a pip near the die's rim stays apart from the table around it.
    """
    h, w = gray.shape
    if bright is None:  # a crop read again is measured against the whole view's brightest
        bright = _bright(gray)
    found: list[Pip] = []
    chroma = sat if _has_chroma(sat) else None
    for k in scales:
        if k > min(h, w) / 6:
            break
        for pip in _pips_at_scale(gray, chroma, k, bright, math.pi * (small_px * scale / 2) ** 2,
                                  [q for q in found if not q.edge]):
            same = [t for t, q in enumerate(found) if math.hypot(pip.x - q.x, pip.y - q.y) < max(pip.r, q.r) + 1]
            if not same:
                found.append(pip)
            elif not pip.edge and all(found[t].edge for t in same):
                # ringed by face all round at this kernel: the surer reading (a finer kernel may have cut
                # the pip in two, each half's ring taking in the other)
                found = [q for t, q in enumerate(found) if t not in same] + [pip]
            # else already found at a finer scale
    return found


WORK_LEAST = 1 << 18  # pixels: a view at least this large has its pip search's arrays kept (work_array)
# a pip's spot is at least 28% darker than the bright surface around it, and at least 18 grey levels
_PIP_THRESHOLD = np.maximum(np.arange(256) * 72 >> 8, 18).astype(np.uint8)


def _by_component(mask: np.ndarray, labels: np.ndarray, n: int):
    """The mask's pixels (px, py, their labels, in row order) and the same put in component order
    (px_s, py_s), with where each component's run starts there and its label (starts, which):
    statistics per component by reduceat over the few pixels of a sparse mask (every label 1..n-1
    has pixels in the mask: the runs are those labels in order). ``n``: the number of labels (a
    stable sort of 16-bit keys is a radix sort, several times faster than of 32-bit)."""
    py, px = cv2.findNonZero(mask).reshape(-1, 2).T[::-1]  # row by row as np.nonzero, in a quarter of its time
    lab = labels[py, px]
    order = np.argsort(lab.astype(np.uint16) if n <= 1 << 16 else lab, kind="stable")
    lab_s = lab[order]
    starts = np.flatnonzero(np.concatenate(([True], lab_s[1:] != lab_s[:-1])))  # (np.r_: twice the time)
    return px, py, lab, px[order], py[order], starts


def _pips_at_scale(gray, sat: Optional[np.ndarray], k: int, bright: float, small_area: float = 0.0,
                   known: Sequence[Pip] = ()) -> list[Pip]:
    """The pip candidates a black-hat of kernel side ``k`` finds (see find_pips); a spot on a pip of
    ``known`` (found at a finer scale, ringed by face all round: find_pips keeps that one) is passed over."""
    h, w = gray.shape

    def work(name, dtype=np.uint8):  # (a whole frame's arrays kept: see work_array)
        return work_array("dice." + name, (h, w), dtype, least=WORK_LEAST)

    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    closed = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, kernel, dst=work("closed"))
    black = cv2.subtract(closed, gray, dst=work("black"))
    mask = cv2.compare(black, cv2.LUT(closed, _PIP_THRESHOLD, dst=work("threshold")), cv2.CMP_GT,
                       dst=work("mask"))  # 255 where a pip may be
    # pips are black or grey: coloured dark pixels (felt, checkers) around a die are not
    if sat is not None:
        mask = cv2.bitwise_and(mask, cv2.compare(sat, PIP_MAX_CHROMA, cv2.CMP_LT, dst=work("grey")), dst=mask)
    # diagonal neighbours join only the tiniest pips; larger pips touching corner to corner stay apart
    n, labels = cv2.connectedComponents(mask, labels=work("labels", np.int32), connectivity=8 if k <= 5 else 4)
    if n <= 1:
        return []
    # per-component box, area, centroid, darkest pixel and elongation, all at once over the few
    # mask pixels (OpenCV's own statistics cost more than this on a sparse mask)
    px, py, lab, px_s, py_s, starts = _by_component(mask, labels, n)  # (the arrays of length n keep
    # the background's 0 in front)
    xy_s = np.stack([px_s, py_s])
    xs0, ys0 = np.minimum.reduceat(xy_s, starts, axis=1)
    x_hi, y_hi = np.maximum.reduceat(xy_s, starts, axis=1)
    bws, bhs = x_hi - xs0 + 1, y_hi - ys0 + 1
    counts = np.bincount(lab, minlength=n)
    areas = counts[1:]
    cnt = np.maximum(counts, 1).astype(np.float64)
    mx_ = np.bincount(lab, px, n) / cnt
    my_ = np.bincount(lab, py, n) / cnt
    inside = (xs0 > 0) & (ys0 > 0) & (xs0 + bws < w) & (ys0 + bhs < h)  # cut by the edge: not a pip
    # a spot fits the kernel; a row of two or three pips blurred together (split below) may run
    # on to three kernels along the row
    fits = ((bws < 2 * k) & (bhs < 2 * k)) | ((np.minimum(bws, bhs) < k) & (np.maximum(bws, bhs) < 3 * k))
    ok = (inside & (areas >= 3) & fits & (areas >= 0.25 * bws * bhs))
    # cheap tests at the centroid first: a bright surface around, a dark enough spot
    cxs = _clip(np.rint(mx_[1:]).astype(int), 0, w - 1)
    cys = _clip(np.rint(my_[1:]).astype(int), 0, h - 1)
    around = closed[cys, cxs].astype(np.float32)
    ok &= (around >= 0.5 * bright) & (black[cys, cxs] >= np.maximum(18, 0.25 * around))
    if not ok.any():  # no spot passes the cheap tests (many a window the coarse look opens): no more to measure
        return []
    darkest = np.minimum.reduceat(gray[py_s, px_s].astype(np.int32), starts)  # (labels 1..n-1)
    a = np.bincount(lab, px.astype(np.float64) ** 2, n) / cnt - mx_ ** 2
    c = np.bincount(lab, py.astype(np.float64) ** 2, n) / cnt - my_ ** 2
    b = np.bincount(lab, px.astype(np.float64) * py, n) / cnt - mx_ * my_
    root = np.sqrt(((a - c) / 2) ** 2 + b ** 2)
    elong_all = np.sqrt(np.maximum((a + c) / 2 + root, 1e-6) / np.maximum((a + c) / 2 - root, 0.08))
    # as _elongation measures it (sample covariance), for a whole component kept as one pip
    f_cov = cnt / np.maximum(cnt - 1, 1)
    elong_cov = np.where(cnt >= 3, np.sqrt(np.maximum(f_cov * ((a + c) / 2 + root), 1e-6)
                                           / np.maximum(f_cov * ((a + c) / 2 - root), 0.08)), 1.0)
    ok &= darkest <= np.where(areas < small_area, SMALL_PIP_DARKEST, PIP_DARKEST) * bright
    # the contrast asked of each pip below, against the surface round it at its brightest (looser)
    ok &= around - darkest >= np.maximum(20, 0.3 * around)
    # a row of two or three pips blurred into one is split below; anything longer is no pip
    ok &= (elong_all[1:] < 3.0) | ((elong_all[1:] < MERGED_ELONG) & (areas >= 10))
    chosen = np.nonzero(ok)[0]
    if len(chosen) > MAX_BLOBS:  # a textured or noisy view: look at the strongest spots only
        chosen = chosen[np.argsort(-black[cys[chosen], cxs[chosen]], kind="stable")[:MAX_BLOBS]]
    blobs = []  # (x, y, sub-mask) of each dark spot, blurred-together pips split apart
    for i in chosen + 1:
        x, y, bw, bh, area = int(xs0[i - 1]), int(ys0[i - 1]), int(bws[i - 1]), int(bhs[i - 1]), int(areas[i - 1])
        sub = labels[y:y + bh, x:x + bw] == i
        if 1.6 < elong_all[i] and area >= 6:  # two or three pips blurred into one: cut at a darker level
            vals = gray[y:y + bh, x:x + bw]
            lo = float(vals[sub].min())
            split = False
            for share in SPLIT_LEVELS:
                parts = (sub & (vals < lo + share * (float(around[i - 1]) - lo))).astype(np.uint8)
                m, plab, pst, _ = cv2.connectedComponentsWithStats(parts, connectivity=4)
                if m > 2:
                    for t in range(1, m):
                        px, py, pw_, ph_, pa = pst[t]
                        if pa >= 2:
                            blobs.append((x + px, y + py, plab[py:py + ph_, px:px + pw_] == t, None))
                    split = True
                    break
                if elong_all[i] < 2.8:
                    break  # two pips: one level, as always
            if split or elong_all[i] >= 3.0:
                continue
        blobs.append((x, y, sub, i))
    pips = []
    for x, y, sub, whole in blobs:  # whole: the component's label when the blob is all of it
        bh, bw = sub.shape
        area = int(areas[whole - 1]) if whole is not None else int(sub.sum())
        if bw >= k or bh >= k or area < 2 or area < 0.4 * bw * bh:
            continue
        if whole is not None:
            cx, cy = float(mx_[whole]), float(my_[whole])
        else:
            ys, xs = np.nonzero(sub)
            cx, cy = x + float(xs.mean()), y + float(ys.mean())
        r = math.sqrt(area / math.pi)
        if 2 * r < k * 0.3 and k > PIP_SCALES[0]:
            continue
        if any(math.hypot(cx - q.x, cy - q.y) < max(r, q.r) + 1 for q in known):
            continue
        elong = float(elong_cov[whole]) if whole is not None else _elongation(sub)
        if elong > 3.0:
            continue
        # the ring around the spot: bright, grey, fairly even
        rr = max(1.5, r * 0.9)
        ring_out = r + rr + 1
        x0, x1 = int(max(0, cx - ring_out)), int(min(w, cx + ring_out + 1))
        y0, y1 = int(max(0, cy - ring_out)), int(min(h, cy + ring_out + 1))
        gy, gx = np.arange(y0, y1)[:, None], np.arange(x0, x1)[None, :]
        dist = np.hypot(gx - cx, gy - cy)
        ring = (dist > r + 0.7) & (dist <= ring_out) & (mask[y0:y1, x0:x1] == 0)
        if ring.sum() < 6:
            continue
        ring_vals = gray[y0:y1, x0:x1][ring]
        face = _pct(ring_vals, 60)
        if face < FACE_VS_BRIGHTEST * bright:  # dice are among the brightest things in view
            continue
        inner = float(gray[y:y + bh, x:x + bw][sub].min())
        contrast = face - inner
        if contrast < 0.3 * face or contrast < 20 or inner > (SMALL_PIP_DARKEST if area < small_area else PIP_DARKEST) * bright:
            continue
        if sat is not None and _pct(sat[y0:y1, x0:x1][ring], 60) > 60:
            continue
        even = _ring_even(ring_vals, (gx - cx + 1j * (gy - cy))[ring], face, inner + 0.35 * contrast)
        if even is None:
            continue
        pips.append(Pip(float(cx), float(cy), float(r), contrast, face, elong, not even))
    return pips


EDGE_SHARE = 0.45  # a pip near its die's edge: at most this share of its ring on the table beyond the edge
EDGE_ONE_SIDED = 0.55  # and those ring pixels to one side (the length of their mean direction)


def _ring_even(vals: np.ndarray, where: np.ndarray, face: float, as_dark: float) -> Optional[bool]:
    """Whether the ring round a pip candidate is a die's face: even (its darkest fifth at least RING_EVEN of
    the face's level) and nothing as dark as the pip in it (``as_dark``: that level), else a spot in an
    edge or among other dark things.

    A pip near its die's edge (a corner pip of a small die, blurred) has the table beyond the edge in
    part of its ring: that is allowed when the darker part lies to one side (an edge, not the gaps on
    either side of a speck between two checkers) and the half of the ring away from it is an even face.
    ``where``: each ring pixel's place from the pip's centre (complex). True: even; False: a pip near its
    face's edge; None: no pip's ring."""
    if _pct(vals, 20) >= RING_EVEN * face and np.mean(vals < as_dark) <= 0.1:
        return True
    low = vals < max(RING_EVEN * face, as_dark)
    if low.mean() > EDGE_SHARE:
        return None
    side = np.mean(where[low] / np.maximum(np.abs(where[low]), 1e-6))
    if abs(side) < EDGE_ONE_SIDED:
        return None
    away = vals[(where * np.conj(side)).real < 0]
    if len(away) >= 6 and _pct(away, 20) >= RING_EVEN * face and np.mean(away < as_dark) <= 0.1:
        return False
    return None


def _elongation(sub: np.ndarray) -> float:
    """Long over short axis of a blob (second moments); 1 for a round spot."""
    ys, xs = np.nonzero(sub)
    if len(xs) < 3:
        return 1.0
    ev = np.linalg.eigvalsh(np.cov(np.vstack([xs, ys])))
    return math.sqrt(max(ev[1], 1e-6) / max(ev[0], 0.08))


def _path_is_bright(gray, a: Pip, b: Pip, pips: Sequence[Pip], gray_max=None) -> bool:
    """True when the straight path between two pips stays on a bright face (skipping pips on it)."""
    d = math.hypot(b.x - a.x, b.y - a.y)
    n = max(4, int(d))
    ts = np.arange(n) * (1.0 / (n - 1))  # np.linspace(0, 1, n) exactly, at a third of its cost
    ts[-1] = 1.0
    xs = a.x + (b.x - a.x) * ts
    ys = a.y + (b.y - a.y) * ts
    mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
    near = [p for p in pips if not (abs(p.x - mx) > d and abs(p.y - my) > d)]
    if near:  # (all at once: a loop over the pips costs more than the distances)
        px, py, pr = np.array([[p.x, p.y, p.r * 1.6 + 0.8] for p in near]).T[:, :, None]
        keep = (np.hypot(xs - px, ys - py) > pr).all(axis=0)
    else:
        keep = np.ones(n, bool)
    if not keep.any():
        return True
    h, w = gray.shape
    if gray_max is not None and min(a.r, b.r) < 2.5:
        gray = gray_max  # tiny pips blur into the path: look at the brightest of each 3x3
    xi = _clip(np.round(xs[keep]).astype(int), 0, w - 1)
    yi = _clip(np.round(ys[keep]).astype(int), 0, h - 1)
    vals = gray[yi, xi].astype(float)
    face = min(a.face, b.face)
    return _pct(vals, 10) > PATH_BRIGHT * face


def _alike(a: Pip, b: Pip) -> bool:
    """Whether two pips look alike enough to lie on one face: about the same size, and not one
    flattened beside a round one (a side face seen at a glancing angle beside the top face)."""
    if max(a.r, b.r) > 1.9 * min(a.r, b.r) + 0.7:
        return False
    longer = max(a.elongation, b.elongation)
    return not (longer >= SIDE_ELONG and longer >= LINK_ELONG * min(a.elongation, b.elongation))


def _group(gray, pips: list[Pip]) -> list[list[int]]:
    n = len(pips)
    gray_max = cv2.dilate(gray, np.ones((3, 3), np.uint8)) if any(p.r < 2.5 for p in pips) else None
    parent = list(range(n))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    xy = np.array([[p.x, p.y] for p in pips]).reshape(-1, 2)
    rad = np.array([p.r for p in pips])
    near = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1)) <= 12 * np.maximum.outer(rad, rad) + 3
    for i, j in zip(*np.nonzero(np.triu(near, 1))):  # pairs close enough to share a face
        a, b = pips[i], pips[j]
        if abs(a.face - b.face) > 0.25 * max(a.face, b.face):
            continue  # a side face is shaded differently from the top face
        if min(a.contrast, b.contrast) < LINK_CONTRAST * max(a.contrast, b.contrast):
            continue  # the pips of one face are equally dark
        if not _alike(a, b) or not _path_is_bright(gray, a, b, pips, gray_max):
            continue
        parent[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


_LAYOUT_Z = {v: np.array([complex(gx, gy) for gx, gy in pts]) for v, pts in PIP_LAYOUT.items()}


@dataclass(frozen=True)
class FaceFit:
    """The best pip layout for a group of pips: face value, error (in grid steps), missing pips, pose."""

    pips: int
    error: float
    missing: int
    centre: complex
    scale: complex  # grid step as a complex number: |scale| pixels, arg = the face's turn

    @property
    def score(self) -> float:
        return self.error + 0.3 * self.missing


def fit_face(points: np.ndarray, radius: float, max_missing: int = 1) -> Optional[FaceFit]:
    """Fit the die layouts 1..6 to the pip centres (similarity transforms from pairs of pips).

    Returns the best fit (lowest error plus a penalty per missing pip), or None for no points.
    A layout may miss up to ``max_missing`` pips (a pip lost in blur or glare) when it has 4 or more.
    """
    z = np.asarray(points[:, 0] + 1j * points[:, 1])
    n = len(z)
    if n == 0:
        return None
    if n == 1:
        return FaceFit(1, 0.0, 0, complex(z[0]), complex(radius * 3.0))
    best: Optional[FaceFit] = None
    ii, jj = np.triu_indices(n, 1)
    for v in range(max(2, n), 7):
        missing = v - n
        if missing > (max_missing if v >= 4 else 0):
            continue
        lay = _LAYOUT_Z[v]
        m = len(lay)
        aa, bb = np.nonzero(~np.eye(m, dtype=bool))
        # every pair of pips onto every ordered pair of layout spots
        pi, pj = z[ii][:, None], z[jj][:, None]
        la, lb = lay[aa][None, :], lay[bb][None, :]
        scale = (pj - pi) / (lb - la)
        centre = pi - scale * la
        step = np.abs(scale)
        model = centre[..., None] + scale[..., None] * lay[None, None, :]  # (pairs, combos, m)
        dist = np.abs(model[..., None, :] - z[None, None, :, None])  # (pairs, combos, n, m)
        per_pip = dist.min(axis=3) / step[..., None]
        err = per_pip.max(axis=2)
        # every pip on its own spot: no two pips on the same spot
        nearest = dist.argmin(axis=3)
        ordered = np.sort(nearest, axis=2)
        distinct = np.all(np.diff(ordered, axis=2) != 0, axis=2)
        plausible = (step > 1.2 * radius) & (step < 6.0 * radius + 1.5) & distinct
        err = np.where(plausible, err, np.inf)
        k = np.unravel_index(np.argmin(err), err.shape)
        e = float(err[k])
        if not np.isfinite(e):
            continue
        fit = FaceFit(v, e, missing, complex(centre[k]), complex(scale[k]))
        if best is None or fit.score < best.score:
            best = fit
    return best


def _pair_lone_pips(gray, sat, pips: list[Pip], lone: list[int]) -> list[tuple[list[int], FaceFit]]:
    """Faces from pips left alone: two that make a clean 2 together (one may be fainter, e.g. half
    hidden in blur), else each a 1 when it sits alone on a clean face."""
    out = []
    used: set[int] = set()
    gray_max = cv2.dilate(gray, np.ones((3, 3), np.uint8))
    pairs = []
    for a in range(len(lone)):
        for b in range(a + 1, len(lone)):
            p, q = pips[lone[a]], pips[lone[b]]
            d = math.hypot(p.x - q.x, p.y - q.y)
            ratio = min(p.contrast, q.contrast) / max(p.contrast, q.contrast)
            # equally dark pips were weighed by _group already: only a fainter partner is new here,
            # alike all the same (a top face's pip beside a side face's smaller or flattened one is no
            # 2); its ring is not compared, a pip half lost in blur is ringed by the blur
            if d <= 12 * max(p.r, q.r) + 3 and 0.4 <= ratio < LINK_CONTRAST and _alike(p, q):
                pairs.append((d, lone[a], lone[b]))
    for _d, i, j in sorted(pairs):
        if i in used or j in used:
            continue
        fit = fit_face(np.array([[pips[i].x, pips[i].y], [pips[j].x, pips[j].y]]), (pips[i].r + pips[j].r) / 2)
        if (fit is None or fit.pips != 2 or not _path_is_bright(gray, pips[i], pips[j], pips, gray_max)
                or not _face_is_clean(gray, sat, fit, [pips[i], pips[j]])):
            continue
        used.update((i, j))
        if _centre_is_clear(gray, fit, [pips[i], pips[j]]):
            out.append(([i, j], fit))  # else a pair that is no 2 (see _centre_is_clear), nor two 1s
    for i in lone:
        if i not in used and _clean_around(gray, sat, pips[i]):
            out.append(([i], FaceFit(1, 0.0, 0, complex(pips[i].x, pips[i].y), complex(pips[i].r * 3.0))))
    return out


JOIN_PARALLEL = 0.2  # two 2s make one 4 when their pips' diagonals cross within this share of its longer side
JOIN_APART = 1.0  # and no other face's centre lies within this many of its sides
JOIN_SQUASH = 0.45  # and the four pips' shorter side is at least this share of the longer (else two dice)
SKEWED_ALIKE = 1.6  # a foreshortened 6's (or two 2s joined into a 4's) largest pip at most this many times its smallest


def _affine_fit(z: np.ndarray, r: float) -> Optional[FaceFit]:
    """A 4, 5 or 6 seen foreshortened: four pips at the corners of a parallelogram (the layout under
    an affine map), for a 5 the fifth at its middle, for a 6 the other two halfway along two
    opposite sides; None when they are not. Pips of radius ``r``. The fit's step lies along the
    longer side (the face's true size), for a 6 turned as its layout (across its two rows of three),
    its error in those steps."""
    n = len(z)
    if n == 6:
        fits = [_affine_fit_six(z, a, b, r) for a in range(6) for b in range(a + 1, 6)]
        return min((f for f in fits if f is not None), key=lambda f: f.error, default=None)
    if n not in (4, 5):
        return None
    c = z.mean()
    mid = None
    if n == 5:
        k = int(np.argmin(np.abs(z - c)))
        mid, z = z[k], np.delete(z, k)
        c = z.mean()
    q, longer, cross = _parallelogram(z, r)
    if q is None:
        return None
    # a 5's middle pip sits where the diagonals cross
    if mid is not None:
        cross = max(cross, abs(mid - c))
    step = longer / 2
    if cross > JOIN_PARALLEL * longer:
        return None
    edges = np.abs(np.diff(np.r_[q, q[:1]]))
    k = int(np.argmax(edges))
    return FaceFit(n, float(cross / step), 0, complex(c), complex((q[(k + 1) % 4] - q[k]) / 2))


def _parallelogram(z: np.ndarray, r: float):
    """Four pips of radius ``r`` in turn round their middle, the parallelogram's longer side and how
    far its diagonals miss each other's middles; (None, 0, 0) when no face's corners: too flat
    (two dice side by side), or a step no pip of that size allows."""
    c = z.mean()
    q = z[np.argsort(np.angle(z - c))]
    edges = np.abs(np.diff(np.r_[q, q[:1]]))
    sides = ((edges[0] + edges[2]) / 2, (edges[1] + edges[3]) / 2)
    longer, shorter = max(sides), min(sides)
    if shorter < JOIN_SQUASH * longer or not 1.2 * r < longer / 2 < 6.0 * r + 1.5:
        return None, 0.0, 0.0
    # a parallelogram: the diagonals bisect each other
    return q, longer, abs((q[0] + q[2]) - (q[1] + q[3])) / 2


def _affine_fit_six(z: np.ndarray, a: int, b: int, r: float) -> Optional[FaceFit]:
    """A foreshortened 6 whose middle pips are z[a] and z[b] (see _affine_fit), or None."""
    q, longer, cross = _parallelogram(np.delete(z, [a, b]), r)
    if q is None:
        return None
    step = longer / 2
    best = None
    for k in (0, 1):  # the middles halfway along sides k, k+2
        m1, m2 = (q[k] + q[k + 1]) / 2, (q[k + 2] + q[(k + 3) % 4]) / 2
        off = min(max(abs(z[a] - m1), abs(z[b] - m2)), max(abs(z[a] - m2), abs(z[b] - m1)))
        err = max(cross, off)
        if err <= JOIN_PARALLEL * longer and (best is None or err < best[0]):
            across = m2 - m1  # the layout's x axis (its columns of three run along y)
            best = (err, across / abs(across) * step)
    if best is None:
        return None
    return FaceFit(6, float(best[0] / step), 0, complex(z.mean()), complex(best[1]))


def _side_face_of(pips: list[Pip], side: list[int], top: list[int]) -> bool:
    """Whether the pips ``side`` (two or more) look like a side face of the die whose top face has the
    pips ``top``: more shaded, or flattened beside round pips (seen at a glancing angle), as
    _drop_side_faces judges them. A lone pip beside a foreshortened face is no such side face: it
    may be a cocked 1's top face."""
    if len(side) < 2:
        return False
    level, own_level = np.mean([pips[i].face for i in side]), np.mean([pips[i].face for i in top])
    elong, own_elong = np.median([pips[i].elongation for i in side]), np.median([pips[i].elongation for i in top])
    return level < 0.9 * own_level or (elong >= SIDE_ELONG and elong >= LINK_ELONG * own_elong)


def _beside_other(fit: FaceFit, others: Sequence[FaceFit]) -> bool:
    """Another face within JOIN_APART sides of this foreshortened face: that is the die's top face
    and these pips its side face's."""
    reach = JOIN_APART * abs(fit.scale) / GRID_STEP
    return any(abs(o.centre - fit.centre) < reach for o in others)


def _join_split_fours(gray, sat, pips: list[Pip], faces: list[tuple[list[int], FaceFit]]
                      ) -> list[tuple[list[int], FaceFit]]:
    """Two faces of 2 whose four pips make one parallelogram are one foreshortened 4 (a cocked
    die's top face, squashed across its hinge below what a turned and scaled layout fits).

    The four pips must be alike in size and the face between them clean in their own affine frame.
    """
    twos = [k for k, (g, fit) in enumerate(faces) if fit.pips == 2 and len(g) == 2]
    if len(twos) < 2:
        return faces
    cands = []
    for a in range(len(twos)):
        for b in range(a + 1, len(twos)):
            g = faces[twos[a]][0] + faces[twos[b]][0]
            z = np.array([complex(pips[i].x, pips[i].y) for i in g])
            radii = [pips[i].r for i in g]
            if max(radii) > SKEWED_ALIKE * min(radii):
                continue
            fit = _affine_fit(z, float(np.mean(radii)))
            if fit is not None:
                cands.append((fit.error, twos[a], twos[b], g, fit))
    used: set[int] = set()
    joined = []
    for _err, a, b, g, fit in sorted(cands, key=lambda t: t[0]):
        if a in used or b in used:
            continue
        # another face right beside it is that die's top face, these pips its side face's
        if (_beside_other(fit, [other for k, (_g, other) in enumerate(faces) if k not in (a, b)])
                or not _face_is_clean(gray, sat, fit, [pips[i] for i in g])):
            continue
        used.update((a, b))
        joined.append((g, fit))
    if not joined:
        return faces
    log.debug("joined %d pairs of 2s into foreshortened 4s", len(joined))
    return [f for k, f in enumerate(faces) if k not in used] + joined


def _clean_around(gray, sat, p: Pip) -> bool:
    """A lone pip (face 1) needs a clean, bright, grey face all around it, out to about 3 radii."""
    h, w = gray.shape
    out = p.r * 3.2 + 1
    x0, x1 = int(max(0, p.x - out)), int(min(w, p.x + out + 1))
    y0, y1 = int(max(0, p.y - out)), int(min(h, p.y + out + 1))
    gy, gx = np.arange(y0, y1)[:, None], np.arange(x0, x1)[None, :]
    dist = np.hypot(gx - p.x, gy - p.y)
    ring = (dist > p.r * 1.5 + 1) & (dist <= out)
    if ring.sum() < 10:
        return False
    vals = gray[y0:y1, x0:x1][ring]
    chroma = sat[y0:y1, x0:x1][ring] / np.maximum(vals, 1.0)  # relative: dim light greys colours
    if not (_pct(vals, 5) > 0.75 * p.face and _pct(chroma, 90) < LONE_PIP_CHROMA):
        return False
    # and is one dark spot all through: a dark die on a light surface is a large dark spot too,
    # with its own light pips inside
    core = gray[y0:y1, x0:x1][dist <= 0.7 * p.r]
    inner = p.face - p.contrast
    return len(core) == 0 or _pct(core, 95) <= inner + LONE_PIP_EVEN * p.contrast


def _face_is_clean(gray, sat, fit: FaceFit, face_pips: Sequence[Pip]) -> bool:
    """The face around the pips is one bright, grey square: sample it on a grid, away from the pips.

    The grid is laid in the pips' own frame (the affine map from the layout to the pips, for 4 or
    more): a cocked die's top face is foreshortened across its hinge, and a square grid would reach
    past it onto the side face or the table.
    """
    h, w = gray.shape
    grid = np.linspace(-0.36, 0.36, 5) / GRID_STEP  # in grid steps
    lay = (grid[:, None] + 1j * grid[None, :]).ravel()
    affine = _layout_affine(np.array([[p.x, p.y] for p in face_pips]), fit)
    if affine is None:
        spots = fit.centre + fit.scale * lay
    else:
        m, t = affine
        spots = (m[0, 0] * lay.real + m[0, 1] * lay.imag + t[0]) + 1j * (m[1, 0] * lay.real + m[1, 1] * lay.imag + t[1])
    rmax = max(p.r for p in face_pips)
    for p in face_pips:
        spots = spots[np.abs(spots - complex(p.x, p.y)) > 1.6 * rmax + 1]
    if len(spots) < 6:
        return True
    xi = _clip(np.round(spots.real).astype(int), 0, w - 1)
    yi = _clip(np.round(spots.imag).astype(int), 0, h - 1)
    face = float(np.mean([p.face for p in face_pips]))
    return (_pct(gray[yi, xi], 15) >= FACE_EVEN * face
            and float(np.median(sat[yi, xi])) <= 60)


CENTRE_CLEAR = 0.85  # a 2's empty middle: at least this bright relative to its face
CENTRE_SAME_SHADE = 0.88  # asked of a 2 whose pips lie on faces this alike in level (the darker over the brighter)


def _centre_is_clear(gray, fit: FaceFit, face_pips: Sequence[Pip]) -> bool:
    """The middle of a 2 is bare face. Two gaps beside the point where two light checkers touch
    look like a 2 whose middle is that point, where the checkers' rims meet (and a 3 whose middle
    pip was read as no pip is no 2)."""
    levels = [p.face for p in face_pips]
    if min(levels) < CENTRE_SAME_SHADE * max(levels):
        return True  # one pip on a cocked die's top face, one on its shaded side face: judged as side faces are
    h, w = gray.shape
    r = max(1.0, 0.6 * float(np.mean([p.r for p in face_pips])))
    cx, cy = fit.centre.real, fit.centre.imag
    x0, x1 = int(max(0, math.floor(cx - r))), int(min(w, math.ceil(cx + r) + 1))
    y0, y1 = int(max(0, math.floor(cy - r))), int(min(h, math.ceil(cy + r) + 1))
    gy, gx = np.arange(y0, y1)[:, None], np.arange(x0, x1)[None, :]
    vals = gray[y0:y1, x0:x1][np.hypot(gx - cx, gy - cy) <= r]
    # the face's level: the brighter of its pips' rings and the brightest of the face round the middle
    # (the rings of two gaps between checkers take in the checkers' darker rims)
    half = 0.3 * abs(fit.scale) / GRID_STEP
    around = gray[int(max(0, cy - half)):int(min(h, cy + half + 1)), int(max(0, cx - half)):int(min(w, cx + half + 1))]
    face = max(float(np.mean([p.face for p in face_pips])), _pct(around, 90) if around.size else 0.0)
    return len(vals) == 0 or _pct(vals, 30) >= CENTRE_CLEAR * face


_EMPTY_Z = {v: np.array([complex(gx, gy) for gx in (-1, 0, 1) for gy in (-1, 0, 1) if (gx, gy) not in PIP_LAYOUT[v]])
            for v in range(2, 7)}
# a lone pip's face, any turn: sixteen spots around it at one and at 1.4 grid steps (a 6's middle row, the corners)
_EMPTY_1 = np.array([np.exp(1j * a) * d for d in (1.0, 1.4) for a in np.arange(16) * np.pi / 8])
LONE_STEP = 0.2  # a lone pip's grid step, as a share of the board's expected die side (its dice are 0.6-0.9 of that)


def _stray_dark(gray, f: "_Face", scale: int, die_side: float = 0.0) -> float:
    """How dark the empty spots of the face's layout are (a black-hat there, over the pips' contrast).

    A pip lost in blur leaves a face that fits a smaller value (a 6 read as a 4, a 3 as a 2 or a
    1); the lost pip is still a faint dark spot where the layout wants bare face. Measured on the
    face's neighbourhood enlarged as its pips were searched (``scale``, more for small pips, as
    _refine_small does), only for the faces read.
    """
    if f.pips == 1:
        step = LONE_STEP * die_side if die_side else 3 * f.pip_r
        spots = complex(f.x, f.y) + step * _EMPTY_1
    else:
        step = f.side * GRID_STEP
        spots = complex(f.x, f.y) + step * complex(math.cos(f.turn), math.sin(f.turn)) * _EMPTY_Z[f.pips]
    dark = _dark_at(gray, f, scale, spots, step)
    return float(dark.max()) if len(dark) else 0.0


def _dark_at(gray, f: "_Face", scale: int, spots: np.ndarray, step: float) -> np.ndarray:
    """The black-hat at spots (complex, within 1.6 ``step`` of the face's centre) over the face's pips'
    contrast, on its neighbourhood enlarged as _stray_dark does; spots outside the view are left out."""
    k = max(scale, min(4 * scale, 12, int(round(PIP_WORK_SIZE / (2 * max(f.pip_r, 0.3))))))
    h, w = gray.shape
    reach = int(math.ceil(1.6 * step + 3.0 / k)) + 1
    x0, y0 = max(0, int(f.x) - reach), max(0, int(f.y) - reach)
    crop = gray[y0:min(h, int(f.y) + reach + 1), x0:min(w, int(f.x) + reach + 1)]
    if crop.size == 0:
        return np.zeros(0)
    win = cv2.resize(crop, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC) if k > 1 else crop
    ks = max(3, int(0.9 * step * k) | 1)
    black = cv2.subtract(cv2.morphologyEx(win, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (ks, ks))), win)
    black = cv2.dilate(black, np.ones((3, 3), np.uint8))  # a blurred pip off its spot by a pixel
    xi = np.round((spots.real - x0) * k).astype(int)
    yi = np.round((spots.imag - y0) * k).astype(int)
    ok = (xi >= 0) & (xi < win.shape[1]) & (yi >= 0) & (yi < win.shape[0])
    return black[yi[ok], xi[ok]].astype(np.float64) / max(f.contrast, 1.0)


THIRD_PIP = 0.6  # a half-size 2's missing corner pip: a black-hat at least this share of its pips' contrast


def _as_three(f: "_Face", die_side: float, gray, scale: int) -> Optional["_Face"]:
    """A 2 of half a die's size read from a 3 whose one corner pip was lost (the middle and the other
    corner fit a small 2): the 3, when a dark spot lies where its lost pip would be (on the far side of
    one of the 2's pips, not of the other), the 3's bare spots are bare and it is sure; else None."""
    if f.pips != 2 or f.turn is None or not ACROSS_SIDE * die_side <= 2 * f.side < 2 * DIE_MIN_SIDE * die_side:
        return None  # (a smaller 3 is as likely one row of a 6)
    u = f.side * GRID_STEP * complex(math.cos(f.turn), math.sin(f.turn)) * complex(1, 1)
    c = complex(f.x, f.y)
    ends = (c + u, c - u)  # the 2's pips
    found = []
    for mid, other in (ends, ends[::-1]):
        three = dataclasses.replace(f, pips=3, x=mid.real, y=mid.imag, side=2 * f.side)
        dark = _dark_at(gray, three, scale, np.array([2 * mid - other]), three.side * GRID_STEP)
        found.append((float(dark[0]) if len(dark) else 0.0, three))
    (best, three), (second, _other) = sorted(found, key=lambda t: -t[0])
    if best < THIRD_PIP or second >= STRAY_MAX or not _sure(three, die_side, gray, scale):
        return None
    if _off_outline(gray, three.x, three.y, three.side, three.turn) >= ACROSS_TURN:
        return None  # its pips run along its die's outline, not across: one row of a 6
    return dataclasses.replace(three, box=_square_box(three.x, three.y, three.side, three.turn))


SIX_COLUMN_FIT = 0.25  # a 6's column found whole: its middle pip this many grid steps off halfway, each other pip off its spot (frame 92: 0.02)
SIX_LOST_DARK = 0.55  # a pip of the 6 lost in blur: its spot's darkest pixel at least this share of the found pips' contrast
# darker than their face (LINK_CONTRAST's share; frame 92's lost pips: 0.9 and 1.0)
SIX_OUTLINE_TURN = math.radians(15)  # the die's outline turned at most this much off the 6's columns (frame 92: 1 degree)


def _six_of_column(gray, sat, pips: list[Pip], g: list[int]) -> Optional[FaceFit]:
    """A 6 whose other column blurred together (four or five of its pips found, which fit no face):
    three pips in a row, evenly spaced, are one column, the rest lie on the other column two grid steps
    across, and each of its spots without a pip is as dark as a pip there; the die's outline runs along
    its columns, and the face between the six is clean (_face_is_clean). None when no such 6 is there.
    At 960x540 a 6 of 15 pixels has its pips one and a half pixels apart (frames 71 and 92 of the
    realistic bench: one column and one pip of the other found). The middle column's bare face is left
    to _sure, as for any face read."""
    z = np.array([complex(pips[i].x, pips[i].y) for i in g])
    r = float(np.mean([pips[i].r for i in g]))
    face = float(np.median([pips[i].face for i in g]))
    dark = face - SIX_LOST_DARK * float(np.median([pips[i].contrast for i in g]))
    reach = max(1, int(round(0.8 * r)))
    for a, b, c in ((a, b, c) for a in range(len(z)) for c in range(a + 1, len(z)) for b in range(len(z))
                    if b not in (a, c)):
        step = abs(z[c] - z[a]) / 2
        if not 1.2 * r < step < 6.0 * r + 1.5 or abs(z[a] + z[c] - 2 * z[b]) / 2 > SIX_COLUMN_FIT * step:
            continue
        for across in (1j, -1j):
            scale = (z[c] - z[a]) / 2 * across  # the layout's x axis across the columns, a grid step long
            model = z[b] + scale + scale * _LAYOUT_Z[6]
            dist = np.abs(z[:, None] - model[None, :]) / step
            on = dist.argmin(axis=1)
            if len(set(on.tolist())) < len(z) or dist.min(axis=1).max() > SIX_COLUMN_FIT:
                continue
            lost = [model[k] for k in range(6) if k not in set(on.tolist())]
            if not all(_darkest_near(gray, q, reach) <= dark for q in lost):
                continue
            turn = float(np.angle(scale))
            if _off_outline(gray, (z[b] + scale).real, (z[b] + scale).imag, step / GRID_STEP, turn) > SIX_OUTLINE_TURN:
                continue
            fit = FaceFit(6, float(dist.min(axis=1).max()), len(lost), complex(z[b] + scale), complex(scale))
            found = [pips[i] for i in g]
            if _face_is_clean(gray, sat, fit, found + [Pip(q.real, q.imag, r, face - dark, face, 1.0) for q in lost]):
                return fit
    return None


LOST_DARK = 0.6  # a pip lost in blur: the black-hat at its spot at least this share of the face's pips' contrast
# (THIRD_PIP's level; frame 98's 3 read as a 1: its corners 0.7-1.3; frame 101's 5 read as a 4: its middle 1.8)
LONE_SIDES = (0.6, 0.7, 0.8, 0.9)  # a lone pip's die: its side tried at these shares of the expected (LONE_STEP's range)
COMPLETE_TURN = math.radians(15)  # its layout turned at most this much off its die's outline (frame 101: 2 degrees)
_GRID_Z = np.array([complex(gx, gy) for gy in (-1, 0, 1) for gx in (-1, 0, 1)])
# each value's layout as a set of the 3x3 grid's spots (indices into _GRID_Z), at each quarter turn
_LAYOUT_SPOTS = {v: [frozenset(int(np.argmin(np.abs(_GRID_Z - z * 1j ** k))) for z in _LAYOUT_Z[v])
                     for k in range(4)] for v in range(1, 7)}


def _completed(f: "_Face", die_side: float, gray, sat, scale: int) -> Optional["_Face"]:
    """A face read flat but unsure (_sure: a faint dark spot where its layout wants bare face) whose
    pips lost in blur complete another value's layout: on the 3x3 grid of its face (a lone pip's: its
    die's outline turned, the side tried at LONE_SIDES of the expected), every spot is either a pip
    (as dark as LOST_DARK of its pips) or bare (STRAY_MAX), and the pips are exactly another value's
    layout holding the face's own; that face is then sure, clean (_face_is_clean) and, for two or more
    pips found, turned as its die's outline. A lone pip's die tried at several sides must give the same
    value at each side that decides one. None when no such face is there: a 5 read as a 4 whose middle
    pip blurred away (frame 101 of the realistic bench), a 3 read as a 1 whose corners did (frame 98)."""
    if f.pips == 1:
        turn = _face_turn(gray, f.x, f.y, LONE_SIDES[-1] * die_side)
        sides = [share * die_side for share in LONE_SIDES]
    else:
        if _off_outline(gray, f.x, f.y, f.side, f.turn) > COMPLETE_TURN:
            return None
        turn, sides = f.turn, [f.side]
    own = _LAYOUT_SPOTS[f.pips][0]  # the face's own pips (a lone pip: its die's middle)
    found = []
    for side in sides:
        step = side * GRID_STEP
        u = complex(math.cos(turn), math.sin(turn))
        dark = _dark_at(gray, f, scale, complex(f.x, f.y) + step * u * _GRID_Z, step)
        if len(dark) < len(_GRID_Z):
            return None  # part of the grid outside the view
        if ((dark > STRAY_MAX) & (dark < LOST_DARK)).any():
            return None  # a spot neither bare nor a pip: in doubt
        on = frozenset(np.flatnonzero(dark >= LOST_DARK).tolist())
        fits = [(v, k) for v in range(1, 7) for k in range(4) if _LAYOUT_SPOTS[v][k] == on]
        if not fits or not own <= on:
            return None
        found.append((fits[0][0], side, turn + fits[0][1] * math.pi / 2))
    values = {v for v, _side, _turn in found}
    if len(values) != 1 or f.pips in values:
        return None
    v, side, turn = found[len(found) // 2]
    face = dataclasses.replace(f, pips=v, side=side, turn=turn, frame=None, box=_square_box(f.x, f.y, side, turn))
    step = side * GRID_STEP * complex(math.cos(turn), math.sin(turn))
    fit = FaceFit(v, 0.0, 0, complex(f.x, f.y), step)
    pips = [Pip(q.real, q.imag, f.pip_r, f.contrast, f.face, 1.0) for q in complex(f.x, f.y) + step * _LAYOUT_Z[v]]
    if not _sure(face, die_side, gray, scale) or not _face_is_clean(gray, sat, fit, pips):
        return None
    return face


def _darkest_near(gray, q: complex, reach: int) -> float:
    """The darkest grey level within ``reach`` pixels (a square) of the point q; 255 outside the view."""
    h, w = gray.shape
    x, y = int(round(q.real)), int(round(q.imag))
    win = gray[max(0, y - reach):min(h, y + reach + 1), max(0, x - reach):min(w, x + reach + 1)]
    return float(win.min()) if win.size else 255.0


TWO_STEP_R = GRID_STEP / (PIP_SHARE / 2)  # a 2's grid step over its pips' radius, 2.7 (the 2s read in light
# row frame 80: 2.4 and 2.5; realistic frame 132: 3.2; the wrong pair of light frame 80: 4.3)
IN_LINE = 0.97  # three pips in one line: the farthest two this share of the other two distances together at least
# (light frame 80: 1.00; the three pips where a pair so chosen made false 2s, on cocked dice: 0.91 at most)


def _split(gray, pips: list[Pip], idx: list[int]) -> list[list[int]]:
    """Split a group that is not one face: drop one stray pip if that leaves a good face, else 2-means.
    Any two pips fit a 2: of three in one line (a 2 and the pip of a 1 beside it, along its diagonal),
    the stray is the one whose loss leaves the pair spaced most like a 2 of their size."""
    if len(idx) < 2:
        return [idx]
    if 3 <= len(idx) <= 7:
        z = [complex(pips[i].x, pips[i].y) for i in idx]
        gaps = sorted(abs(z[a] - z[b]) for a, b in ((0, 1), (0, 2), (1, 2))) if len(idx) == 3 else []
        in_line = bool(gaps) and gaps[2] >= IN_LINE * (gaps[0] + gaps[1])
        best = None
        for t in range(len(idx)):
            rest = idx[:t] + idx[t + 1:]
            pts = np.array([[pips[i].x, pips[i].y] for i in rest])
            r = float(np.mean([pips[i].r for i in rest]))
            fit = fit_face(pts, r, max_missing=0)
            if fit is None or fit.error >= 0.25:
                continue
            score = abs(math.log(abs(fit.scale) / (TWO_STEP_R * r))) if in_line else fit.error
            if best is None or score < best[0]:
                best = (score, rest, idx[t])
        if best is not None:
            return [best[1], [best[2]]]
    pts = np.float32([[pips[i].x, pips[i].y] for i in idx])
    k = 2 if len(idx) <= 12 else 3
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(1)
    _, lab, _ = cv2.kmeans(pts, k, None, crit, 3, cv2.KMEANS_PP_CENTERS)
    out = []
    for g in range(k):
        sub = [idx[t] for t in range(len(idx)) if lab[t, 0] == g]
        if sub:
            out.append(sub)
    return out


PIP_KINDS = ("any", "dark", "light")


def read_dice(image: np.ndarray, region: Optional[Sequence[int]] = None, *,
              max_dice: int = 8, pips: str = "any") -> list[Die]:
    """The dice in the image (or in region [x, y, w, h]): pips 1..6, top-face box, flat or cocked.

    ``pips``: "dark" reads only dice with pips darker than their body (white dice), "light" only
    dice with lighter pips (red, green, black dice with white pips), "any" both (the light look
    costs about as much again as the dark one: a caller that knows its dice says which). Where the
    light look (and the dark one, if taken) finds no die, coloured pips on a dark body (red on
    black) are looked for in the brightest channel too.

    A first pass at a scale set by the view's size; where it finds pips too small to keep apart
    (the smaller pips of a six in a small frame), the neighbourhood is read again, enlarged so
    that those pips are about PIP_WORK_SIZE wide, and its faces replace the first pass's there.
    """
    if pips not in PIP_KINDS:
        raise VisionError(f"read_dice: pips must be one of {PIP_KINDS}, got {pips!r}")
    _check_image(image)
    ox = oy = 0
    if region is not None:
        x, y, w, h = (int(round(v)) for v in region)
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(image.shape[1], x + w), min(image.shape[0], y + h)
        if x1 <= x0 or y1 <= y0:
            return []
        # only the region is converted; with light pips only, no chroma (their look takes none)
        gray, sat = _as_gray_and_sat(image[y0:y1, x0:x1], balance=True, chroma=pips != "light")
        ox, oy = x0, y0
    else:
        gray, sat = _as_gray_and_sat(image, chroma=pips != "light")
    # small frames are enlarged so that a pip spans a few pixels and a bridge one pixel
    scales = PIP_SCALES
    expected = None  # the expected pip width, in a board region
    if region is not None:
        # a region is a board: a die is about 1/26 of its width, a pip a fifth of that
        pip = gray.shape[1] / 26 * PIP_SHARE
        scale = max(1, int(round(PIP_WORK_SIZE / pip)))
        scales = tuple(k for k in PIP_SCALES if k <= max(PIP_SCALES[0], 2.5 * pip * scale))
        expected = pip
    else:
        scale = max(1, int(round(MIN_WORK_SIZE / min(gray.shape))))
    bgr = image if image.ndim == 2 else image[:, :, :3]
    crop = bgr[oy:oy + gray.shape[0], ox:ox + gray.shape[1]] if bgr.ndim == 3 else None
    dice = _dice_of(gray, sat, scale, scales, expected, crop) if pips != "light" else []

    def light_dice(view):  # faces of dark pips in an inverted view whose body is a die's (_light_die)
        checked = [(f, flat, _light_die(bgr, f.moved(ox, oy)))
                   for f, flat in _dice_of(view, np.zeros_like(sat), scale, scales, expected)]
        return [(f, flat and lies_flat) for f, flat, lies_flat in checked if lies_flat is not None]

    # dice whose pips are lighter than their body (white pips on red, green, black dice): the same
    # search for dark pips on the inverted view. The body's colour says nothing there, so chroma is
    # left out of the search; a face's body must then be one even colour between its pips.
    inverted = cv2.bitwise_not(gray) if pips != "dark" else None
    light = light_dice(inverted) if pips != "dark" else []
    if pips != "dark" and not light and not dice and crop is not None:
        # coloured pips on a dark body (red on black): hardly lighter in grey, they are in the
        # brightest channel; looked for only where no die of either kind was seen (a view of none
        # pays for the look)
        inverted = cv2.bitwise_not(cv2.max(cv2.max(crop[:, :, 0], crop[:, :, 1]), crop[:, :, 2]))
        light = light_dice(inverted)
    # a dark die on a light surface is itself one large dark spot: a dark 1 whose pip holds a face
    # of light pips is that die's body, not a die; so are two or three dark dice side by side read
    # as the pips of one giant face (a dark face over light faces under half its size)
    dice = [(g, flat) for g, flat in dice
            if not (g.pips == 1 and any(math.hypot(f.x - g.x, f.y - g.y) < 1.5 * g.pip_r for f, _flat in light))
            and not any(_overlaps(f, g) and f.side < 0.5 * g.side for f, _flat in light)]
    dice += [(f, flat) for f, flat in light if not any(_overlaps(f, g) for g, _flat in dice)]
    # the dice in one view are alike in size: a lone pip far smaller than the pips of two or more
    # other faces is a speck (a 1's pip is the largest of a die's)
    dice = [(f, flat) for f, flat in dice if f.pips > 1 or not _speck(f, [g for g, _flat in dice if g is not f])]
    if expected is not None:  # in a board: no die is much larger than a board's dice are
        dice = [(f, flat) for f, flat in dice if f.side <= DIE_MAX_SIDE * expected / PIP_SHARE]
    # a face read flat whose value is in doubt is left unread (a wrong value makes a legal move
    # illegal); one read cocked is rolled again whatever its value
    light_faces = {id(f) for f, _flat in light}
    sure, completed = [], []
    for f, flat in dice:
        view = inverted if id(f) in light_faces else gray
        if not flat or _sure(f, None if expected is None else expected / PIP_SHARE, view, scale):
            sure.append((f, flat))
        elif expected is not None and (
                (whole := _as_three(f, expected / PIP_SHARE, view, scale)) is not None
                or (id(f) not in light_faces
                    and (whole := _completed(f, expected / PIP_SHARE, view, sat, scale)) is not None)):
            # flat or cocked judged again on the whole face: a shaded face with pips beside it is a side face
            others = [g for g, _flat in dice if g is not f]
            completed.append((whole, flat and _side_face_towards(view, whole, others) is None))
    # a face completed so takes in any face read on its lost pips
    dice = [(f, flat) for f, flat in sure
            if not any(math.hypot(f.x - g.x, f.y - g.y) < 0.5 * g.side for g, _flat in completed)] + completed
    out = []
    for f, flat in dice:
        x, y, w, h = f.box
        out.append(Die(pips=f.pips, flat=flat, where="outside", box=(x + ox, y + oy, w, h),
                       confidence=round(f.conf, 3)))
    out.sort(key=lambda d: (d.box[0], d.box[1]))
    return out[:max_dice] if len(out) > max_dice else out


SPECK_R = 0.33  # a lone pip under this share of the median pip radius of the other faces in view is a speck


def _speck(f: "_Face", others: Sequence["_Face"]) -> bool:
    """Whether a face of one pip is far smaller than the other faces in view (two or more) say a
    die is there: its pip under SPECK_R of their pips' median radius."""
    radii = [g.pip_r for g in others if g.pip_r > 0]
    return len(radii) >= 2 and f.pip_r < SPECK_R * float(np.median(radii))


STRAY_MAX = 0.35  # an empty spot of a face's layout at most this dark (black-hat over its pips' contrast)
DIE_MIN_SIDE = 0.45  # in a board region, a face of two or more pips spans at least this share of the expected side
ACROSS_SIDE, ACROSS_TURN = 0.6, math.radians(30)  # a small 2 or 3 whose diagonal lies this far off its die's outline


def _sure(f: "_Face", die_side: Optional[float], gray, scale: int) -> bool:
    """Whether a face's value can be trusted: no faint pip where its layout wants bare face (a pip
    lost in blur makes a 6 a 4, a 3 a 1), and, in a board of expected die side ``die_side``, not a
    half-size layout (a corner and the middle pip of a 3 fit a small 2), nor a small 2 or 3 whose
    pips run along its die's outline instead of across its diagonal (one row of a 6 fits a 3, two
    neighbouring pips of a 4 a 2: each a face 1/sqrt(2) of the die's size, turned 45 degrees).
    ``gray``: the view its pips are dark in, ``scale``: the view's enlargement for the pip search."""
    if die_side is None:
        return f.pips == 1 or _stray_dark(gray, f, scale) <= STRAY_MAX
    if (f.pips > 1 and f.side < DIE_MIN_SIDE * die_side) or _stray_dark(gray, f, scale, die_side) > STRAY_MAX:
        return False
    if f.pips in (2, 3) and f.side < ACROSS_SIDE * die_side:
        return _off_outline(gray, f.x, f.y, f.side, f.turn) < ACROSS_TURN
    return True


def _dice_of(gray, sat, scale: int, scales, pip: Optional[float] = None, bgr: Optional[np.ndarray] = None
             ) -> list[tuple["_Face", bool]]:
    """Faces of dark pips on a bright body in one view, side faces dropped, each with flat or not.

    ``pip``: the expected pip width (a board region): the full look is then taken only in windows
    around the spots a coarse look finds (see _windows), the whole view when they cover most of it;
    and a pip under SMALL_PIP_PX pixels across may be lighter than a large one (blur: the board's
    scale says how small its pips are; in a photo of any scale, a small light spot is as likely a
    side face's pip or a speck). ``bgr``: the view in colour (see _few_pips_hold).
    """
    bright = _bright(gray)
    small_px = SMALL_PIP_PX if pip else 0.0
    die_side = pip / PIP_SHARE if pip else 0.0
    windows = _windows(gray, pip, bright, sat if _has_chroma(sat) else None) if pip else None
    if windows is None:
        faces, leftover = _read_at(gray, sat, scale, scales, bright=bright, small_px=small_px)
        faces, leftover = _refine_small(gray, sat, scale, faces, leftover, bright=bright, small_px=small_px)
        return _drop_side_faces([f for f in faces if _few_pips_hold(bgr, f, die_side)], leftover, gray)
    faces, leftover = [], []
    h, w = gray.shape
    for x0, y0, x1, y1 in windows:
        sub_faces, sub_left = _read_at(gray[y0:y1, x0:x1], sat[y0:y1, x0:x1], scale, scales, bright=bright,
                                       small_px=small_px)
        sub_faces, sub_left = _refine_small(gray[y0:y1, x0:x1], sat[y0:y1, x0:x1], scale, sub_faces, sub_left,
                                            bright=bright, small_px=small_px)
        for f in sub_faces:
            # a die the window cuts (its pips found only in part) is some other window's, or none's
            m = 0.55 * f.side
            if ((f.x < m and x0 > 0) or (f.y < m and y0 > 0) or (f.x > x1 - x0 - m and x1 < w)
                    or (f.y > y1 - y0 - m and y1 < h)):
                continue
            f = f.moved(x0, y0)
            # windows may overlap: a face read whole in two of them is kept once (a side face beside
            # a top face stays: the side faces are judged below)
            if any(g.pips == f.pips and abs(g.x - f.x) < 0.3 * f.side and abs(g.y - f.y) < 0.3 * f.side
                   for g in faces):
                continue
            faces.append(f)
        leftover += [Pip(p.x + x0, p.y + y0, p.r, p.contrast, p.face, p.elongation) for p in sub_left
                     if not any(q.x == p.x + x0 and q.y == p.y + y0 for q in leftover)]
    return _drop_side_faces([f for f in faces if _few_pips_hold(bgr, f, die_side)], leftover, gray)


COARSE_PIP = 4.0  # the coarse look: the view reduced so that an expected pip is about this wide
COARSE_CONTRAST = 90  # a coarse spot is at least this share (of 256) darker than the surface around it
WINDOW_REACH = 1.4  # a window reaches this many expected die sides around each coarse spot (the side-face look reads the whole view)
_COARSE_RING = np.exp(2j * np.pi * np.arange(12) / 12)
COARSE_RING_ODD, COARSE_RING_EVEN = 2, 0.7  # all but the two darkest of its twelve ring samples at least this bright relative to their median
COARSE_LINE_EVEN = 0.8  # ring samples darker than this (relative to their median) on opposite sides: a line
COARSE_RING_CHROMA = 60  # and grey (dark pips: the fine look asks the same of each pip's ring)
COARSE_LINE_WIDTH, COARSE_LINE_LONG = 0.5, 2.5  # a coarse spot at most half an expected pip wide and 2.5 times as long: a line
_COARSE_THRESHOLD = np.maximum(np.arange(256) * COARSE_CONTRAST >> 8, 12).astype(np.uint8)
WINDOW_SHARE = 0.45  # windows covering more of the view than this: the whole view is read instead


def _thin_lines(which: np.ndarray, dx: np.ndarray, dy: np.ndarray, cnt: np.ndarray, most: float) -> np.ndarray:
    """Which of the coarse look's spots (labels 0..n-1; ``which``: each mask pixel's, ``dx``, ``dy``:
    its offset from its spot's centroid, ``cnt``: the pixels of each) are bits of thin lines (a
    point's drawn outline, a crack, the edge of a shadow) rather than pips: a spot at most ``most``
    pixels wide and at least COARSE_LINE_LONG times as long as wide, measured along its own axes
    (so a line at any angle). A pip is round, and two or three pips blurred together are a pip wide."""
    n = len(cnt)
    a = np.bincount(which, dx * dx, n) / cnt
    c = np.bincount(which, dy * dy, n) / cnt
    b = np.bincount(which, dx * dy, n) / cnt
    root = np.sqrt(((a - c) / 2) ** 2 + b ** 2)
    # the side of a filled box of the same second moment along each axis (a pixel row: 1 wide)
    width = np.maximum(np.sqrt(12 * np.maximum((a + c) / 2 - root, 0)), 1.0)
    length = np.sqrt(12 * ((a + c) / 2 + root))
    return (width <= most) & (length >= COARSE_LINE_LONG * width)


COARSE_GRID_REACH = 0.8  # a 6's pips: its other five lie within this many expected die sides of each (at most 0.76 sides)
COARSE_GRID_SPOTS = 4  # spots at least, counting the pip's own, within that reach
COARSE_GRID_MOST = 9  # one-pixel spots (see _windows): at most this many spots within that reach (a 6's six and a
# few of a die beside it; frame 149: 6; a grainy surface's specks crowd more)
COARSE_GRID_SPREAD = 0.4  # and spread across both axes: their narrower spread at least this share of the wider (a 6: 0.82)


def _in_pip_grid(spots: np.ndarray, which: np.ndarray, die_side: float, most: int = 0) -> np.ndarray:
    """Which of the coarse spots ``which`` (a mask over ``spots``) lie among the pips of a 6: at least
    COARSE_GRID_SPOTS spots (its own included) within COARSE_GRID_REACH die sides, spread across both
    axes. At the coarse scale a 6's pips almost touch: each has its column's neighbours, or one and
    the die's edge, dark in its ring on opposite sides, as a speck of a thin line has; but a line's
    specks are strung along it, not laid in two columns (frame 90 of the realistic bench: a 6 of 35
    pixels, every spot of it taken for a line's). ``die_side``: the expected side in coarse pixels;
    ``most``: when not 0, at most this many spots within that reach (one-pixel spots: see _windows)."""
    out = np.zeros(len(spots), bool)
    asked = np.flatnonzero(which)
    for start in range(0, len(asked), GRID_CHUNK):  # (a grainy view's thousands of specks: memory bounded)
        idx = asked[start:start + GRID_CHUNK]
        out[idx] = _pip_grid_rows(spots, idx, die_side, most)
    return out


GRID_CHUNK = 256  # spots judged at once by _in_pip_grid (the real and rendered boards show under 400 in all)


def _pip_grid_rows(spots: np.ndarray, idx: np.ndarray, die_side: float, most: int) -> np.ndarray:
    """_in_pip_grid for the spots idx, all at once."""
    dx, dy = (spots[idx][:, None, :] - spots[None, :, :]).transpose(2, 0, 1)  # (spots asked, all spots)
    near = np.hypot(dx, dy) <= COARSE_GRID_REACH * die_side
    cnt = near.sum(axis=1)
    # each neighbourhood's spread (second moments of the spots in it) along its two axes, all at once
    mx, my = (near * dx).sum(axis=1) / cnt, (near * dy).sum(axis=1) / cnt
    a = (near * dx * dx).sum(axis=1) / cnt - mx * mx
    c = (near * dy * dy).sum(axis=1) / cnt - my * my
    b = (near * dx * dy).sum(axis=1) / cnt - mx * my
    root = np.sqrt(((a - c) / 2) ** 2 + b ** 2)
    narrow, wide = np.maximum((a + c) / 2 - root, 0.0), np.maximum((a + c) / 2 + root, 1e-6)
    return ((cnt >= COARSE_GRID_SPOTS) & (np.sqrt(narrow / wide) >= COARSE_GRID_SPREAD)
            & ((cnt <= most) if most else True))


def _windows(gray, pip: float, bright: float, sat: Optional[np.ndarray] = None
             ) -> Optional[list[tuple[int, int, int, int]]]:
    """Where dice may lie: boxes (x0, y0, x1, y1) around small dark spots found on a reduced view.

    A pip is a small dark spot on a bright surface at any scale: a black-hat on the view reduced so
    that a pip is COARSE_PIP wide finds every die's pips (and some specks) at a sixteenth of the
    cost; the full look then reads only around them. None when the spots cover most of the view
    (a textured board): the whole view is read. ``sat``: chroma (dark pips only): a die's face
    around its pips is grey, unlike the gap where two coloured checkers touch.
    """
    h, w = gray.shape
    f = pip / COARSE_PIP
    small = gray
    if f >= 1.4:
        small = cv2.resize(gray, (max(1, int(round(w / f))), max(1, int(round(h / f)))), interpolation=cv2.INTER_LINEAR)
    else:
        f = 1.0
    k = max(5, int(2.5 * pip / f + 1) | 1)
    closed = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    black = cv2.subtract(closed, small)
    mask = cv2.bitwise_and(cv2.compare(black, cv2.LUT(closed, _COARSE_THRESHOLD), cv2.CMP_GT),
                           cv2.compare(closed, int(min(255, 0.5 * bright)), cv2.CMP_GE))
    n, lab = cv2.connectedComponents(mask, connectivity=4)
    # each spot's box, area and centroid over the few mask pixels (OpenCV's statistics cost four
    # times the labelling here)
    spots = np.empty((0, 2))
    if n > 1:
        px, py, which, px_s, py_s, starts = _by_component(mask, lab, n)
        bw = np.maximum.reduceat(px_s, starts) - np.minimum.reduceat(px_s, starts) + 1
        bh = np.maximum.reduceat(py_s, starts) - np.minimum.reduceat(py_s, starts) + 1
        area = np.bincount(which, minlength=n)[1:]
        cnt = np.maximum(np.bincount(which, minlength=n), 1).astype(np.float64)
        cent = np.column_stack([np.bincount(which, px, n) / cnt, np.bincount(which, py, n) / cnt])
        ok = (bw < k) & (bh < k) & (area >= 2)
        # a spot of one pixel is noise, or a faint pip that only just passes: kept among a 6's pips (frame
        # 149 of the realistic bench: a 6 of 24 pixels at 960x540 whose small die's closing, limited by the
        # table all round, leaves its pips over the threshold at one pixel each)
        tiny = area == 1
        if tiny.sum() >= COARSE_GRID_SPOTS - 1:
            ok |= tiny & _in_pip_grid(cent[1:], tiny, pip / f / PIP_SHARE, COARSE_GRID_MOST)
        if ok.any():
            dx, dy = px - cent[which, 0], py - cent[which, 1]
            ok &= ~_thin_lines(which, dx, dy, cnt, COARSE_LINE_WIDTH * pip / f)[1:]
        spots = cent[1:][ok]
    if len(spots):
        # ringed by an even, bright surface (a die's face), unlike a gap between checkers, a checker's
        # rim or a point's tip, which have the dark surface beside them on one side
        r = np.sqrt(area[ok] / np.pi)
        rr = (r + np.maximum(1.5, 0.7 * r))[:, None]
        xs = _clip(np.round(spots[:, :1] + rr * _COARSE_RING.real), 0, small.shape[1] - 1).astype(int)
        ys = _clip(np.round(spots[:, 1:] + rr * _COARSE_RING.imag), 0, small.shape[0] - 1).astype(int)
        vals = small[ys, xs].astype(np.float32)
        ring = np.sort(vals, axis=1)
        face = ring[:, len(_COARSE_RING) // 2]
        keep = (ring[:, COARSE_RING_ODD] >= COARSE_RING_EVEN * face) & (face >= 0.5 * bright)
        # a thin line (a point's outline) crosses the ring twice, on opposite sides: its specks are no
        # pips (a pip's darker ring samples are its die's edge, or one or two neighbouring pips)
        dark = vals < COARSE_LINE_EVEN * face[:, None]
        n_ring = len(_COARSE_RING)
        opposite = (dark & np.roll(dark, n_ring // 2, axis=1)).any(axis=1)
        keep &= ~opposite | _in_pip_grid(spots, opposite & keep, pip / f / PIP_SHARE)
        if sat is not None:
            small_sat = sat if small is gray else cv2.resize(sat, (small.shape[1], small.shape[0]),
                                                             interpolation=cv2.INTER_LINEAR)
            keep &= np.median(small_sat[ys, xs], axis=1) <= COARSE_RING_CHROMA
        spots = spots[keep]
    spots = spots * [w / small.shape[1], h / small.shape[0]]
    if len(spots) == 0:
        return []
    reach = WINDOW_REACH * pip / 0.18 + 4  # a pip is about 0.18 of its die's side
    boxes = [[max(0, x - reach), max(0, y - reach), min(w, x + reach), min(h, y + reach)] for x, y in spots]
    merged = True
    while merged and len(boxes) > 1:
        merged = False
        out = []
        for b in boxes:
            for o in out:
                # merged only where the joint box is hardly larger than the two (a die's pips): a chain
                # of specks along a line would merge into a box over the whole board
                joint = (max(b[2], o[2]) - min(b[0], o[0])) * (max(b[3], o[3]) - min(b[1], o[1]))
                if (b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]
                        and joint <= (b[2] - b[0]) * (b[3] - b[1]) + (o[2] - o[0]) * (o[3] - o[1])):
                    o[0], o[1], o[2], o[3] = min(o[0], b[0]), min(o[1], b[1]), max(o[2], b[2]), max(o[3], b[3])
                    merged = True
                    break
            else:
                out.append(b)
        boxes = out
    if sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes) > WINDOW_SHARE * w * h:  # overlaps counted twice: read twice
        return None
    return [(int(b[0]), int(b[1]), int(math.ceil(b[2])), int(math.ceil(b[3]))) for b in boxes]


def _few_pips_hold(bgr: Optional[np.ndarray], f: "_Face", die_side: float = 0.0) -> bool:
    """A face of one or two pips lighter than PIP_DARKEST (small pips blur lighter) is as likely the
    gaps beside touching light checkers: it holds only on a square of its body's colour (the body
    sampled round its middle) of a size that fits its pips. Faces of dark pips, or of three or more,
    hold as they are; with no colour view (the light look) such a face does not hold. ``die_side``:
    the board's expected die side (see _square_outline), 0 when unknown."""
    if f.pips > 2 or f.deep:
        return True
    if bgr is None:
        return False
    h, w = bgr.shape[:2]
    spots = complex(f.x, f.y) + _BODY_RING * max(f.pip_r, 1.0) * (1.0 if f.pips == 1 else 0.6)
    xi = _clip(np.round(spots.real).astype(int), 0, w - 1)
    yi = _clip(np.round(spots.imag).astype(int), 0, h - 1)
    body = np.median(bgr[yi, xi].astype(np.float32), axis=0)
    return _square_outline(bgr, f, body, die_side)


def _overlaps(f: "_Face", g: "_Face") -> bool:
    """Two faces whose centres lie within a side of each other: one die read twice."""
    return abs(f.x - g.x) < (f.side + g.side) / 2 and abs(f.y - g.y) < (f.side + g.side) / 2


BODY_EVEN = 0.4  # a die's body between its pips: within this share of its colour's size (at least BODY_EVEN_MIN) of its median
BODY_EVEN_MIN = 40.0
BODY_EVEN_2, BODY_EVEN_MIN_2, BODY_ODD_SHARE_2 = 0.2, 22.0, 0.1  # stricter for a 2 (see _body_is_even)
# where a die's body shows between its pips, in grid steps from the face's centre (pips of any
# face lie on (-1..1, -1..1) with the middle row only on a 6): between the spots, out towards
# the edges between two corner pips, and beyond the corner pips
_BODY_SPOTS = np.array([complex(a, b) for a in (-0.5, 0.5) for b in (-0.5, 0.5)] + [1j, -1j]
                       + [complex(a, b) for a in (-0.5, 0.5) for b in (-1.5, 1.5)]
                       + [complex(a, b) for a in (-1.5, 1.5) for b in (-0.5, 0.5)]
                       + [complex(a, b) for a in (-1.5, 1.5) for b in (-1.5, 1.5)])
BODY_EDGE, BODY_EDGE_PX = 0.06, 2.0  # body spots keep this far inside the face's edge (share of its side, pixels)
BODY_RANK = 4  # of the 9 pixels around a body spot, ranked by level: the median, clear of a pip's or an edge's blur
BODY_ODD, BODY_ODD_SHARE = 2, 0.2  # spots of a face's body that may differ (a glint, a shadow's edge)
_PIP_RING = np.exp(2j * np.pi * np.arange(8) / 8)
_PIP_RING_F = 1.9  # the ring close around each pip, in pip radii
# around a lone pip (its face's turn unknown): rings at these multiples of the pip's radius
_BODY_RING = np.array([r * np.exp(1j * a) for r in (2.2, 3.0) for a in np.arange(8) * np.pi / 4 + r])


def _light_die(bgr: np.ndarray, f: "_Face") -> Optional[bool]:
    """Whether a face of light pips is a die's: None when it is not, else whether the die lies flat.

    Its body must be one even colour (_body_is_even). A 1 or a 2 (as likely a glint, or two specks
    between checkers) that passes that may also be the top face of a die whose outline in its body's
    colour is a die's (_die_outline), which also says whether the die is cocked; one that does not
    pass (a small die's outer body spots fall on its blurred edge, a cocked die's beyond its
    foreshortened top face) is a die only when that outline is found, and its pips are round.
    """
    even = _body_is_even(bgr, f)
    if f.pips > 2:
        return True if even else None
    if not even and f.elong >= SIDE_ELONG:
        return None  # flattened spots: a side face's pips, or print
    outline = _die_outline(bgr, f)
    if outline is None:
        return True if even else None
    return outline


def _body_is_even(bgr: np.ndarray, f: "_Face") -> bool:
    """A die's body is one colour between its pips (in colour, not only in grey level).

    A face of light pips is read on the inverted grey view, where a dark surface of any colour
    looks alike: light specks in the gaps between touching dark checkers, ringed checkers or the
    print on a dark board would pass for pips on a face. Sampled between the pip spots out to the
    face's edges and close around each pip, each spot the middle pixel of its 3x3 by level; a few
    spots may differ.
    """
    h, w = bgr.shape[:2]
    centre = complex(f.x, f.y)
    ring = _PIP_RING * max(_PIP_RING_F * f.pip_r, f.pip_r + 2.0)  # close around each pip: a speck between checkers has their edge there
    if f.turn is None:
        spots = np.concatenate([centre + _BODY_RING * max(f.pip_r, 1.0), centre + ring])
    else:
        # the face's own frame: a cocked die's top face is foreshortened across its hinge, and its
        # pips lie on the layout's grid of that foreshortened face
        step = f.side * GRID_STEP * complex(math.cos(f.turn), math.sin(f.turn))
        frame = np.array(f.frame).reshape(2, 2) if f.frame is not None else \
            np.array([[step.real, -step.imag], [step.imag, step.real]])

        def placed(lay):
            return centre + (frame[0, 0] * lay.real + frame[0, 1] * lay.imag) + 1j * (frame[1, 0] * lay.real + frame[1, 1] * lay.imag)

        pips = placed(_LAYOUT_Z[f.pips])
        spots = placed(_BODY_SPOTS)
        if _PIP_RING_F:
            around = (pips[:, None] + ring[None, :]).ravel()
            # not where another pip's blur reaches (the close pips of a six's columns)
            mine = np.repeat(np.arange(len(pips)), len(ring))
            gap = np.abs(around[:, None] - pips[None, :])
            gap[np.arange(len(around)), mine] = np.inf
            spots = np.concatenate([spots, around[gap.min(axis=1) > f.pip_r + 1.0]])
        if f.pips > 2:
            # not within a blur's reach of the face's edge (a small die's outer spots lie a pixel or
            # two from it); a 1 or a 2 keeps them all (two specks beside touching checkers pass for a 2)
            back = np.linalg.solve(frame, np.array([(spots - centre).real, (spots - centre).imag]))  # in grid steps
            narrow = float(np.linalg.svd(frame, compute_uv=False)[-1])  # pixels per grid step across the hinge
            inner = 0.5 / GRID_STEP - max(BODY_EDGE_PX / max(narrow, 1e-6), BODY_EDGE / GRID_STEP)
            spots = spots[(np.abs(back[0]) <= inner) & (np.abs(back[1]) <= inner)]
    if len(spots) <= 2 * BODY_ODD + 2:
        return False  # too little body shows between the pips to tell
    xi = _clip(np.round(spots.real).astype(int), 1, w - 2)
    yi = _clip(np.round(spots.imag).astype(int), 1, h - 2)
    patches = np.stack([bgr[yi + dy, xi + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)]).astype(np.float32)
    patches = patches.reshape(9, len(spots), -1)
    middle = np.argsort(patches.sum(axis=2), axis=0)[BODY_RANK]
    cols = patches[middle, np.arange(len(spots))]
    med = np.median(cols, axis=0)
    dist = np.sort(np.linalg.norm(cols - med, axis=1))
    limit = max(BODY_EVEN_MIN, BODY_EVEN * float(np.linalg.norm(med)))
    log.debug("light face %d at (%.0f, %.0f): body spots off by %s (limit %.0f)", f.pips, f.x, f.y,
              np.round(dist).astype(int).tolist(), limit)
    if float(dist[-1 - max(BODY_ODD, int(BODY_ODD_SHARE * len(dist)))]) > limit:
        return False
    if f.pips > 2:
        return True
    # a lone light spot (a glint on a glossy checker) or two light specks in the gaps beside touching
    # dark checkers look like a 1 or a 2: those faces must also lie on a square of the body's colour,
    # or (a 2 on a surface of its own colour) on a very even body
    strict = max(BODY_EVEN_MIN_2, BODY_EVEN_2 * float(np.linalg.norm(med)))
    return ((f.pips == 2 and float(dist[-1 - max(BODY_ODD, int(BODY_ODD_SHARE_2 * len(dist)))]) <= strict)
            or _square_outline(bgr, f, med))


# A die's outline in its body's colour around a face of one or two light pips: the part of the
# body's colour joined to the face (pips filled in) must end inside a window of OUTLINE_REACH times
# the largest half side the face allows, and be one convex, filled, near-rectangular region (a
# checker is round; the gaps between checkers or a point's print are not convex). Where the colour
# runs on at SQUARE_DEPART (a red die on a brown bar), it is taken again at half that. A die seen
# from above shows its top face (foreshortened across its hinge when cocked) and perhaps a side
# face, a shade darker, beyond the hinge: the outline's short side is between the foreshortened and
# the whole side, its long side between the side and one and a half sides.
OUTLINE_REACH = 1.6
OUTLINE_SOLID, OUTLINE_FILL = 0.85, 0.7  # its area over its hull's, over its box's
OUTLINE_ASPECT = 0.68  # short over long side: a top face and a side face together span at most sqrt(2) sides across the hinge
OUTLINE_SIDE_1 = (7.0, 14.0)  # a 1: the die's side in pip radii
OUTLINE_SIDE_2 = (0.75, 1.35)  # a 2: the die's side over the side its pips' layout gives
OUTLINE_SHORT, OUTLINE_LONG = 0.6, 1.6  # the outline's short side at least this share of the side's least, the long at most this of its most
OUTLINE_COCKED_OFF, OUTLINE_COCKED_ASPECT = 0.12, 0.78  # cocked: the pips this far off the outline's centre (share of its long side), or this elongated
OUTLINE_AROUND = 0.5  # of the spots close around the pips, at least this share in the body's colour
OUTLINE_BODY_RANK = 2  # the body beside a light pip: of the 9 pixels around a spot, ranked by level (the pip's blur is lighter)


def _die_outline(bgr: np.ndarray, f: "_Face") -> Optional[bool]:
    """None unless a face of one or two light pips lies on a die's outline in its body's colour
    (see above); else whether that die lies flat (its outline square, its pips in the middle).
    A square outline with the pips off its middle is no face of one or two (a face with pips lost)."""
    h, w = bgr.shape[:2]
    r = max(f.pip_r, 1.0)
    centre = complex(f.x, f.y)
    if f.turn is None:
        pips = np.array([centre])
        around = centre + _BODY_RING * r
        lo, hi = OUTLINE_SIDE_1[0] * r, OUTLINE_SIDE_1[1] * r
    else:
        step = f.side * GRID_STEP * complex(math.cos(f.turn), math.sin(f.turn))
        pips = centre + _LAYOUT_Z[f.pips] * step
        around = (pips[:, None] + _PIP_RING[None, :] * max(_PIP_RING_F * r, r + 2.0)).ravel()
        lo, hi = OUTLINE_SIDE_2[0] * f.side, OUTLINE_SIDE_2[1] * f.side
    reach = int(OUTLINE_REACH * hi / 2) + 3
    cx, cy = int(round(f.x)), int(round(f.y))
    x0, y0, x1, y1 = cx - reach, cy - reach, cx + reach + 1, cy + reach + 1
    if x0 < 1 or y0 < 1 or x1 > w - 1 or y1 > h - 1:
        return None
    xi, yi = np.round(around.real).astype(int), np.round(around.imag).astype(int)
    patches = np.stack([bgr[yi + dy, xi + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)]).astype(np.float32)
    rank = np.argsort(patches.sum(axis=2), axis=0)[OUTLINE_BODY_RANK]
    body = np.median(patches[rank, np.arange(len(around))], axis=0)
    off_body = np.linalg.norm(cv2.blur(bgr[y0:y1, x0:x1], (3, 3)).astype(np.float32) - body, axis=2)
    depart = max(BODY_EVEN_MIN, SQUARE_DEPART * float(np.linalg.norm(body)))
    k = max(3, int(round(r)) | 1)  # an opening cuts thin bridges to anything of the same colour touching the die
    ax = _clip(xi - x0, 0, 2 * reach)
    ay = _clip(yi - y0, 0, 2 * reach)
    for limit in (depart, depart / 2):
        # the pips lie inside the body: it shows all round them (light specks in the gaps beside
        # touching checkers have the checkers' edge on one side only)
        if np.mean(off_body[ay, ax] <= limit) < OUTLINE_AROUND:
            return None
        mask = (off_body <= limit).astype(np.uint8)
        for p in pips:
            cv2.circle(mask, (int(round(p.real)) - x0, int(round(p.imag)) - y0), int(round(1.8 * r + 1)), 1, -1)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
        _n, lab = cv2.connectedComponents(mask, connectivity=4)
        if lab[reach, reach] == 0:
            return None
        region = (lab == lab[reach, reach]).astype(np.uint8)
        if not (region[0].any() or region[-1].any() or region[:, 0].any() or region[:, -1].any()):
            break
    else:
        return None  # the colour runs on: a surface of the die's colour, or no die
    contour = max(cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)[0], key=cv2.contourArea)
    area = cv2.contourArea(contour)
    (rx, ry), (rw, rh), _angle = cv2.minAreaRect(contour)
    long, short = max(rw, rh), min(rw, rh)
    hull = cv2.contourArea(cv2.convexHull(contour))
    log.debug("light face %d at (%.0f, %.0f): outline %.1f x %.1f (side %.1f..%.1f), solid %.2f, fill %.2f",
              f.pips, f.x, f.y, long, short, lo, hi, area / max(hull, 1e-6), area / max(rw * rh, 1e-6))
    if (long == 0 or area < OUTLINE_SOLID * hull or area < OUTLINE_FILL * rw * rh or short < OUTLINE_ASPECT * long
            or not (OUTLINE_SHORT * lo <= short <= hi and lo <= long <= OUTLINE_LONG * hi)):
        return None
    centred = math.hypot(rx - reach, ry - reach) < OUTLINE_COCKED_OFF * long
    square = short >= OUTLINE_COCKED_ASPECT * long
    if square and not centred:
        return None
    return square and centred


SQUARE_RAYS = 16
_SQUARE_DIRS = np.exp(2j * np.pi * np.arange(SQUARE_RAYS) / SQUARE_RAYS)
_SQUARE_TURNS = np.deg2rad(np.arange(0, 90, 3))
# how far each ray's edge may miss the square's outline (share of the half side); rays that must
# meet it; and how many rays a circle may meet (a square's edge is a half farther at its corners)
SQUARE_FIT, SQUARE_RAYS_MIN, CIRCLE_RAYS_MAX = 0.12, 13, 11
SQUARE_FIT_PX = 1.0  # and at least this many pixels (a small die's blurred edge)
LONE_HALF = (0.25, 0.55)  # a lone pip's half side in a board, as shares of its expected die side (its dice are 0.6-0.9 of that)
SQUARE_DEPART = 0.45  # the body ends where the colour is this share of the body colour's size away (at least BODY_EVEN_MIN)


def _square_outline(bgr: np.ndarray, f: "_Face", body, die_side: float = 0.0) -> bool:
    """True when the face lies on a square of the body's colour, of a size that fits its pips.

    Rays from the face's centre (pips skipped) find where the body's colour ends; for a 2, where it
    runs on in too many rays, where it departs half as much (a red die on a brown bar, a black die on
    dark felt; a lone spot on such a surface is as likely a glint). Those edges must lie on a square's
    outline at some turn (not on a circle: a checker) centred on the face, with a side that fits the
    pip layout (a 2) or the pip's size (a 1: between 4 and 14 pip radii; in a board, ``die_side`` its
    expected die side, also LONE_HALF of that: a small pip blurs narrower).
    """
    h, w = bgr.shape[:2]
    r = max(f.pip_r, 1.0)
    if f.pips == 1:
        lo, hi = 2.0 * r, 7.0 * r  # half sides a lone pip allows
        if die_side:
            lo, hi = min(lo, LONE_HALF[0] * die_side), max(hi, LONE_HALF[1] * die_side)
    else:
        lo, hi = 0.35 * f.side, 0.7 * f.side
    reach = 1.5 * hi + 2
    step = 0.5
    ts = np.arange(1.2 * r + 1, reach, step)
    centre = complex(f.x, f.y)
    pts = centre + ts[None, :] * _SQUARE_DIRS[:, None]  # (rays, samples)
    xi = np.round(pts.real).astype(int)
    yi = np.round(pts.imag).astype(int)
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    if not inside.all():
        return False
    cols = bgr[yi, xi].astype(np.float32)
    body = np.asarray(body, np.float32)
    off_body = np.linalg.norm(cols - body, axis=2)
    near = np.zeros(off_body.shape, bool)
    if f.turn is not None:  # the face's own pips are body, not its end
        spots = centre + _LAYOUT_Z[f.pips] * f.side * GRID_STEP * complex(math.cos(f.turn), math.sin(f.turn))
        near = (np.abs(pts[..., None] - spots[None, None, :]) < 1.8 * r + 1).any(axis=2)
    depart = max(BODY_EVEN_MIN, SQUARE_DEPART * float(np.linalg.norm(body)))
    for limit in (depart, depart / 2) if f.pips == 2 else (depart,):
        off = (off_body > limit) & ~near
        both = off[:, :-1] & off[:, 1:]  # two samples in a row: not a speck of noise
        hit = both.any(axis=1)
        if hit.sum() >= SQUARE_RAYS_MIN:
            break
    else:
        return False
    d = np.where(hit, ts[np.argmax(both, axis=1)], np.inf)
    ang = np.angle(_SQUARE_DIRS)[None, :] - _SQUARE_TURNS[:, None]
    proj = d[None, :] * np.maximum(np.abs(np.cos(ang)), np.abs(np.sin(ang)))  # (turns, rays): the half side each ray says
    half = np.nanmedian(np.where(np.isfinite(proj), proj, np.nan), axis=1)
    fits = (np.abs(proj - half[:, None]) <= np.maximum(SQUARE_FIT * half[:, None], SQUARE_FIT_PX)).sum(axis=1)
    best = int(np.argmax(fits))
    dm = float(np.median(d[np.isfinite(d)]))
    circle = int((np.abs(d - dm) <= 0.5 * SQUARE_FIT * dm).sum())
    log.debug("light face %d at (%.0f, %.0f): square %d rays, half side %.1f (%.1f..%.1f), circle %d rays",
              f.pips, f.x, f.y, fits[best], half[best], lo, hi, circle)
    return bool(fits[best] >= SQUARE_RAYS_MIN and circle <= CIRCLE_RAYS_MAX and lo <= half[best] <= hi)


SMALL_PIP = 0.6  # a pip narrower than this share of PIP_WORK_SIZE is read again, enlarged
MAX_REFINE = 6  # neighbourhoods read again per image at most
KEPT_APART = 3.5  # a whole 2 or 5 whose pips lie this many pip radii apart was read clear of blur
# the closest two spots of each layout, in grid steps (a 3 and a 4 are left out: one column of a
# six fits a 3, and a six that lost its middle pips to blur is a perfect 4)
_LAYOUT_GAP = {2: 2 * math.sqrt(2), 5: math.sqrt(2)}


def _refine_small(gray, sat, scale: int, faces: list["_Face"], leftover: list[Pip], bright: Optional[float] = None,
                  small_px: float = 0.0):
    """Read again, enlarged, around pips too small at the first scale to be kept apart reliably."""
    def _small(r):
        return 2 * r * scale < SMALL_PIP * PIP_WORK_SIZE

    def kept_apart(f):  # a whole 2 or 5 of pips well apart: no blur to undo (a board's dice are often just under SMALL_PIP)
        return (f.pips in _LAYOUT_GAP and f.conf > 0.7  # no pip of its layout missing (each costs 0.3)
                and _LAYOUT_GAP[f.pips] * f.side * GRID_STEP >= KEPT_APART * f.pip_r)

    small = [(f.x, f.y, f.pip_r) for f in faces if _small(f.pip_r) and not kept_apart(f)]
    small += [(p.x, p.y, p.r) for p in leftover if _small(p.r)]
    if not small:
        return faces, leftover
    h, w = gray.shape
    boxes = []  # (x0, y0, x1, y1, r) in image pixels, merged when they overlap
    for x, y, r in sorted(small, key=lambda t: t[2]):
        m = 20 * r + 4  # a die side and more around the pip, scaled by the pip found
        b = [max(0, x - m), max(0, y - m), min(w, x + m), min(h, y + m), r]
        for o in boxes:
            if b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]:
                o[0], o[1], o[2], o[3] = min(o[0], b[0]), min(o[1], b[1]), max(o[2], b[2]), max(o[3], b[3])
                o[4] = min(o[4], r)
                break
        else:
            boxes.append(b)
    if len(boxes) > MAX_REFINE:
        return faces, leftover  # a textured view full of specks: not dice worth a closer look
    if bright is None:
        bright = _bright(gray)
    for x0, y0, x1, y1, r in boxes:
        for f in faces:  # a die of small pips the box cuts is taken in whole, to be read whole again
            fx, fy, fw, fh = f.box
            if fx < x1 and x0 < fx + fw and fy < y1 and y0 < fy + fh:
                x0, y0 = max(0, min(x0, fx - 2)), max(0, min(y0, fy - 2))
                x1, y1 = min(w, max(x1, fx + fw + 2)), min(h, max(y1, fy + fh + 2))
        x0, y0, x1, y1 = int(x0), int(y0), int(math.ceil(x1)), int(math.ceil(y1))
        fine = max(scale + 1, int(round(PIP_WORK_SIZE / (2 * max(r, 0.3)))))
        fine = min(fine, 4 * scale, 12)
        if fine <= scale or x1 - x0 < 4 or y1 - y0 < 4:
            continue
        sub_faces, sub_left = _read_at(gray[y0:y1, x0:x1], sat[y0:y1, x0:x1], fine, PIP_SCALES, bright=bright,
                                       small_px=small_px)
        cw, ch = x1 - x0, y1 - y0

        def cut(f):  # a face cut by the crop's edge (not the image's) is left to the first pass
            fx, fy, fw, fh = f.box
            return ((fx <= 0 < x0) or (fy <= 0 < y0) or (fx + fw >= cw and x1 < w) or (fy + fh >= ch and y1 < h))

        new = [f.moved(x0, y0) for f in sub_faces if not cut(f)]

        def inside(fx, fy):
            return x0 <= fx < x1 and y0 <= fy < y1

        # the closer look replaces the first pass's faces where it found faces of its own
        def overlap(f, k):
            return abs(f.x - k.x) < (f.side + k.side) / 2 and abs(f.y - k.y) < (f.side + k.side) / 2

        # a face of small pips, or of a few pips (perhaps part of a six whose pips blurred), gives way
        # (pips much larger than the closer look was scaled for are out of its reach: those stay), but
        # not a 6 to one of its own columns read as a 3 (the closer look lost the other column)
        def weak(k):
            return (inside(k.x, k.y) and (_small(k.pip_r) or k.pips <= 3)
                    and 2 * k.pip_r * fine <= 3 * PIP_WORK_SIZE)

        kept = [k for k in faces if not (weak(k) and any(overlap(f, k) and not _column_of(f, k) for f in new))]
        new = [f for f in new if not any(overlap(f, k) for k in kept)]
        faces = kept + new
        leftover = [p for p in leftover if not (inside(p.x, p.y) and _small(p.r))]
        leftover += [Pip(p.x + x0, p.y + y0, p.r, p.contrast, p.face, p.elongation) for p in sub_left]
    return faces, leftover


COLUMN_SIDE = (0.6, 0.85)  # one column of a 6 read as a 3: that 3's side over the 6's (1/sqrt(2) = 0.71 for pips on their spots)
COLUMN_OFF = (0.5, 1.5)  # and its middle this many of the 6's grid steps off the 6's middle (1: a column's middle pip)


def _column_of(f: "_Face", six: "_Face") -> bool:
    """Whether the face ``f`` is a 3 made of one column of the 6 ``six``: a 3's pips lie on its diagonal,
    sqrt(2) grid steps apart, and a column's one grid step apart, so the column fits a 3 of 1/sqrt(2) the
    6's side, its middle on the column's middle pip (frame 194 of the realistic bench: a 6 of 22 pixels
    whose closer look cut the other column's blurred pips apart into no pips)."""
    if f.pips != 3 or six.pips != 6:
        return False
    off = math.hypot(f.x - six.x, f.y - six.y) / (GRID_STEP * six.side)
    return COLUMN_SIDE[0] <= f.side / six.side <= COLUMN_SIDE[1] and COLUMN_OFF[0] <= off <= COLUMN_OFF[1]


def _bright(gray) -> float:
    return _pct_u8(gray[::4, ::4], 99)


def _read_at(gray, sat, scale: int, scales, bright: Optional[float] = None, small_px: float = 0.0):
    """Faces and unused pips of a view enlarged ``scale`` times (results in the unenlarged pixels)."""
    work_g, work_s = gray, sat
    if scale > 1:
        work_g = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        # no chroma (see _has_chroma): no need to enlarge it
        work_s = (cv2.resize(sat, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR) if _has_chroma(sat)
                  else np.zeros(work_g.shape, np.uint8))
    if bright is None:
        bright = _bright(work_g)
    pips = find_pips(work_g, work_s, scales, bright=bright, scale=scale, small_px=small_px)
    if len(pips) > MAX_PIPS:  # a textured or noisy view: keep the darkest spots only
        pips = sorted(pips, key=lambda p: -p.contrast)[:MAX_PIPS]
    if not pips:
        return [], []
    gray, sat = work_g, work_s
    groups = _group(gray, pips)
    # a small pip may be lighter than PIP_DARKEST (blur), but a die's pips are alike: where a group
    # holds pips dark on their own, a lighter one clearly smaller than those is a speck beside them
    deep = [p.face - p.contrast <= PIP_DARKEST * bright for p in pips]
    for t, g in enumerate(groups):
        if any(deep[i] for i in g) and not all(deep[i] for i in g):
            r_deep = float(np.median([pips[i].r for i in g if deep[i]]))
            groups[t] = [i for i in g if deep[i] or pips[i].r >= MIXED_PIP_R * r_deep]
    # a pip near its face's edge (the table in part of its ring) completes a face of two or more pips
    # ringed by face all round; alone, with one such or with another near the edge, it is as likely a notch
    # beside a checker's rim or the edge of a cocked die's top face
    groups = [g if sum(not pips[i].edge for i in g) >= 2 and sum(pips[i].edge for i in g) <= 1
              else [i for i in g if not pips[i].edge] for g in groups]
    groups = [g for g in groups if g]
    faces: list[tuple[list[int], FaceFit]] = []
    lone: list[int] = []  # pips left alone: a face 1, or half of a 2 whose other pip looked fainter
    skewed: list[tuple[list[int], FaceFit]] = []  # foreshortened 5s, kept when no other face lies beside them
    work = list(groups)
    while work:
        g = work.pop()
        pts = np.array([[pips[i].x, pips[i].y] for i in g])
        rmean = float(np.mean([pips[i].r for i in g]))
        fit = fit_face(pts, rmean) if len(g) <= 6 else None
        if (fit is None or fit.error > MAX_FIT_ERROR) and len(g) in (5, 6):
            # a cocked die's top face, foreshortened past what a turned and scaled layout fits
            # (a 6's pips alike in size: a 4 and two smaller pips of its side face fit some parallelogram)
            radii = [pips[i].r for i in g]
            squashed = (_affine_fit(pts[:, 0] + 1j * pts[:, 1], rmean)
                        if len(g) == 5 or max(radii) <= SKEWED_ALIKE * min(radii) else None)
            if squashed is not None and _face_is_clean(gray, sat, squashed, [pips[i] for i in g]):
                skewed.append((g, squashed))
                continue
        if (fit is None or fit.error > MAX_FIT_ERROR) and len(g) in (4, 5):
            six = _six_of_column(gray, sat, pips, g)
            if six is not None:
                faces.append((g, six))
                continue
        if fit is None or fit.error > MAX_FIT_ERROR:
            parts = _split(gray, pips, g)
            if len(parts) > 1:
                work.extend(parts)
            continue
        if len(g) == 1:
            lone.append(g[0])
            continue
        if not _face_is_clean(gray, sat, fit, [pips[i] for i in g]):
            continue
        if fit.pips == 2 and not _centre_is_clear(gray, fit, [pips[i] for i in g]):
            continue
        faces.append((g, fit))
    faces.extend(_pair_lone_pips(gray, sat, pips, lone))
    faces = _join_split_fours(gray, sat, pips, faces)
    faces += [(g, fit) for g, fit in skewed
              if not _beside_other(fit, [f for g2, f in faces if not _side_face_of(pips, g2, g)])]
    found = []
    for g, fit in faces:
        rmean = float(np.mean([pips[i].r for i in g]))
        if fit.pips == 1:
            side = rmean * 2 / 0.26  # a lone centre pip: usually larger than the others
            angle = 0.0
        else:
            side = abs(fit.scale) / GRID_STEP
            angle = float(np.angle(fit.scale))
        cx, cy = fit.centre.real, fit.centre.imag
        half = side / 2 * (abs(math.cos(angle)) + abs(math.sin(angle)))
        box = (int(round((cx - half) / scale)), int(round((cy - half) / scale)),
               int(round(2 * half / scale)), int(round(2 * half / scale)))
        conf = max(0.0, 1.0 - fit.error - 0.3 * fit.missing)
        pts = np.array([[pips[i].x, pips[i].y] for i in g])
        affine = _layout_affine(pts, fit)
        found.append(_Face(fit.pips, box, conf, float(np.mean([pips[i].face for i in g])),
                           float(np.median([pips[i].contrast for i in g])), cx / scale, cy / scale,
                           side / scale, _squash(pts, fit), rmean / scale,
                           float(np.median([pips[i].elongation for i in g])),
                           None if fit.pips == 1 else angle,
                           None if affine is None else tuple(float(v) / scale for v in affine[0].ravel()),
                           min(pips[i].face - pips[i].contrast for i in g) <= PIP_DARKEST * bright))
    used = {i for g, _fit in faces for i in g}
    # pips left over speak of side faces (a cocked die): only those dark on their own (a small pip's
    # lighter allowance is for the faces it makes)
    left = [Pip(p.x / scale, p.y / scale, p.r / scale, p.contrast, p.face, p.elongation)
            for i, p in enumerate(pips) if i not in used and p.face - p.contrast <= PIP_DARKEST * bright and not p.edge]
    return found, left


@dataclass(frozen=True)
class _Face:
    pips: int
    box: tuple
    conf: float
    face: float  # brightness of the face around the pips
    contrast: float  # how much darker the pips are
    x: float
    y: float
    side: float
    squash: float  # short over long side of the pip layout (1 for a face seen square on)
    pip_r: float = 0.0  # mean pip radius
    elong: float = 1.0  # median long over short axis of its pips (round on a face seen square on)
    turn: Optional[float] = None  # the face's turn from its pip layout (radians); None for a lone pip
    frame: Optional[tuple] = None  # 4 or more pips: the affine map from the layout (grid steps) to the pips, (a, b, c, d) row by row
    deep: bool = True  # its darkest pip is at most PIP_DARKEST bright (else see _few_pips_hold)

    def moved(self, dx: float, dy: float) -> "_Face":
        """The same face with its position shifted (a crop's faces into the whole view)."""
        return dataclasses.replace(self, box=(self.box[0] + dx, self.box[1] + dy, *self.box[2:]),
                                   x=self.x + dx, y=self.y + dy)


def _layout_affine(pts: np.ndarray, fit: FaceFit, least: int = 4):
    """The affine map (2x2 matrix, offset) from the layout (grid steps) to the pips, or None when
    the pips do not fix one: fewer than 4 spots on the layout, or fewer than ``least`` pips found
    (three pips fit some affine map exactly, whatever they are)."""
    if fit.pips < 4 or len(pts) < least:
        return None
    lay = _LAYOUT_Z[fit.pips]
    model = fit.centre + fit.scale * lay
    z = pts[:, 0] + 1j * pts[:, 1]
    spots = np.abs(z[:, None] - model[None, :]).argmin(axis=1)
    src = np.c_[lay[spots].real, lay[spots].imag, np.ones(len(pts))]
    sol, *_ = np.linalg.lstsq(src, pts, rcond=None)
    return sol[:2].T, sol[2]


def _squash(pts: np.ndarray, fit: FaceFit) -> float:
    """How foreshortened the face is: singular-value ratio of the affine map from layout to pips."""
    affine = _layout_affine(pts, fit, least=3)
    if affine is None:
        return 1.0
    sv = np.linalg.svd(affine[0], compute_uv=False)
    return float(sv[1] / sv[0]) if sv[0] > 0 else 1.0


def _drop_side_faces(faces: list[_Face], leftover: Sequence[Pip] = (), gray: Optional[np.ndarray] = None
                     ) -> list[tuple[_Face, bool]]:
    """Drop side faces (a fainter or darker face right beside a brighter one) and tell flat from cocked.

    A die is cocked when its top face is strongly foreshortened, or when a side face beside it shows
    pips nearly as dark as the top face's (the die leans towards the camera's view of that side),
    or pips that made no face of their own lie just beside the top face on a darker surface; but
    when most of three or more dice show a side face, the camera looks from the side (all lie flat).
    Where side faces lie towards one side beside two or more dice, a face right beside another
    towards that side is its side face even when as bright (_camera_foot).
    """
    side_of: dict[int, int] = {}
    seen: dict[int, list[complex]] = {}  # per top face, where its side faces lie (from its centre)
    for i, f in enumerate(faces):
        for j, top in enumerate(faces):
            if i == j:
                continue
            dist = math.hypot(f.x - top.x, f.y - top.y)
            near = dist < 1.2 * max(f.side, top.side)
            fainter = f.face < 0.9 * top.face or f.contrast < 0.6 * top.contrast
            # two dice lying flat are at least a side apart: a lone pip closer to a face of
            # several pips (whose side the layout measures) lies on that die's side
            inside = f.pips == 1 and top.pips > 1 and dist < 0.9 * top.side
            # a face seen at a glancing angle has flattened pips: beside a face of round pips it
            # is that die's side, however brightly lit
            flattened = (dist < 1.5 * max(f.side, top.side) and f.elong >= SIDE_ELONG
                         and f.elong >= 1.25 * top.elong)
            if (near and fainter) or inside or flattened:
                side_of[i] = j
                if not inside:
                    seen.setdefault(j, []).append(complex(f.x - top.x, f.y - top.y))
    # a camera looking from one side shows side faces towards its foot: a face right beside
    # another one that way is that die's side face, however lit (as bright as its top face when
    # the light comes from the camera's side)
    foot = _camera_foot(seen)
    if foot is not None:
        for i, f in enumerate(faces):
            for j, top in enumerate(faces):
                d = complex(f.x - top.x, f.y - top.y)
                if (i != j and i not in side_of and j not in side_of and abs(d) < FOOT_REACH * max(f.side, top.side)
                        and abs(np.angle(d / foot)) < SAME_SIDE):
                    log.debug("face %d at (%.0f, %.0f) beside a %d towards the camera's foot: a side face",
                              f.pips, f.x, f.y, top.pips)
                    side_of[i] = j
    tops = []
    for j, top in enumerate(faces):
        if j in side_of:
            continue
        leaning = any(t == j and faces[i].contrast >= 0.6 * top.contrast * faces[i].face / top.face
                      and faces[i].face >= 0.55 * top.face for i, t in side_of.items())
        side_pips = any(0.5 * top.side < math.hypot(p.x - top.x, p.y - top.y) < 1.25 * top.side
                        and p.face < 0.92 * top.face and p.contrast >= 0.35 * top.contrast for p in leftover)
        log.debug("face %d at (%.0f, %.0f): leaning %s, side pips %s, squash %.2f",
                  top.pips, top.x, top.y, leaning, side_pips, top.squash)
        tops.append((top, leaning or side_pips))
    # a camera looking from the side shows a side face beside every die: when most of three or
    # more dice show one, the view is oblique and a side face alone says nothing about a die
    oblique = len(tops) >= OBLIQUE_MIN and sum(shown for _t, shown in tops) >= OBLIQUE_SHARE * len(tops)
    # a shaded face with pips beside the top face (the die's outline longer than its top face);
    # when two or more dice show one towards the same side, the camera looks from that side
    beside = [None] * len(tops)
    if gray is not None and not oblique:
        beside = [None if top.squash < COCKED_SQUASH or shown else  # cocked already: no need to look
                  _side_face_towards(gray, top, [t for t, _s in tops if t is not top]) for top, shown in tops]
        seen = [d for d in beside if d is not None]
        parallel = max((sum(abs(np.angle(e / d)) < SAME_SIDE for e in seen) for d in seen), default=0)
        if parallel >= 2 and parallel >= OBLIQUE_SHARE * len(seen):
            log.debug("side faces of %d dice face one way: an oblique camera", parallel)
            beside = [None] * len(tops)
    return [(top, not ((shown and not oblique) or top.squash < COCKED_SQUASH or side is not None))
            for (top, shown), side in zip(tops, beside)]


FOOT_REACH = 1.5  # a side face towards the camera's foot: its centre within this many sides of its top face's


def _camera_foot(seen: dict[int, list[complex]]) -> Optional[complex]:
    """The image direction (unit complex) towards the camera's foot: where side faces lie beside two
    or more dice alike (within SAME_SIDE), and beside most of the dice that show one; None when they
    do not agree. ``seen``: per die, where its side faces lie from its top face's centre."""
    ways = [sum(d / abs(d) for d in ds if abs(d) > 0) for ds in seen.values()]
    ways = [w / abs(w) for w in ways if abs(w) > 1e-6]
    for w in ways:
        alike = [v for v in ways if abs(np.angle(v / w)) < SAME_SIDE]
        if len(alike) >= 2 and len(alike) > len(ways) / 2:
            mean = sum(alike)
            return mean / abs(mean)
    return None


# A cocked die seen from above: beside its top face, a second, shaded face with pips of its own,
# ending in a straight edge parallel to the top face's edge (the die's outline is longer than its
# top face). The top face is sampled in its own frame (CANON_SIDE pixels a side), out along each
# of its four sides.
CANON_SIDE = 32
SIDE_SHADE = (0.4, 0.93)  # a side face's level relative to the top face's (lit from above)
SIDE_DEPTH = (0.3, 0.95)  # how far a side face reaches beyond the top face's edge, in top-face sides
SIDE_STEP = 0.12  # its level differs from the surface beyond by this share of the top face's level
SIDE_EVEN = 0.18  # and is even: most of it within this share of the top face's level
FACE_LEAVES = 0.12  # the top face's edge: where the level outward first differs from the face's by this share
SAME_SIDE = 0.5  # side faces of two dice this close in direction (radians) face one way


def _face_turn(gray, cx: float, cy: float, side: float) -> float:
    """The turn of a die's square outline (radians, modulo 90 degrees) from its edges' gradients.

    Each gradient is weighted by its strength and its angle taken four times, so the four sides of
    a square agree and round pips cancel out; works for a face of one pip, whose layout has no turn.
    """
    r = int(math.ceil(0.75 * side)) + 2
    h, w = gray.shape
    x0, x1 = max(0, int(cx) - r), min(w, int(cx) + r + 1)
    y0, y1 = max(0, int(cy) - r), min(h, int(cy) + r + 1)
    win = gray[y0:y1, x0:x1].astype(np.float32)
    gx = cv2.Sobel(win, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(win, cv2.CV_32F, 0, 1, ksize=3)
    z = (gx + 1j * gy) ** 4 / np.maximum(gx * gx + gy * gy, 1e-6)
    return float(np.angle(z.sum())) / 4


def _off_outline(gray, x: float, y: float, side: float, turn: float) -> float:
    """How far (radians, 0 to 45 degrees) a pip layout turned ``turn`` lies off the square outline of
    its die (_face_turn) centred at (x, y) with this side."""
    off = (turn - _face_turn(gray, x, y, side)) % (math.pi / 2)
    return min(off, math.pi / 2 - off)


def _square_box(x: float, y: float, side: float, turn: float) -> tuple[int, int, int, int]:
    """The upright box [x, y, w, h] of a square face of this side centred at (x, y), turned ``turn``."""
    half = side / 2 * (abs(math.cos(turn)) + abs(math.sin(turn)))
    return int(round(x - half)), int(round(y - half)), int(round(2 * half)), int(round(2 * half))


def _face_frame(gray, cx: float, cy: float, side: float, turn: float, reach: float = 1.9) -> np.ndarray:
    """The neighbourhood of a face resampled in the face's frame: CANON_SIDE pixels per face side."""
    n = int(2 * reach * CANON_SIDE) | 1
    k = side / CANON_SIDE
    c, s = math.cos(turn) * k, math.sin(turn) * k
    m = np.float32([[c, -s, 0], [s, c, 0]])
    m[0, 2] = cx - (c - s) * (n // 2)
    m[1, 2] = cy - (s + c) * (n // 2)
    return cv2.warpAffine(gray, m, (n, n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE).astype(np.float32)


def _outward(crop: np.ndarray) -> list[np.ndarray]:
    """The crop seen out along each of the face's four sides: rows across, columns outward from the centre."""
    c = crop.shape[0] // 2
    return [crop[:, c:], crop[:, :c + 1][:, ::-1], crop[c:, :].T, crop[:c + 1, :][::-1, :].T]


def _median(values) -> float:
    """The median of a short 1-D array (numpy's own costs more than the sort on these sizes)."""
    v = np.sort(np.ravel(values))
    return float(v[len(v) // 2]) if len(v) else 0.0


def _edges(arr: np.ndarray, rows: slice):
    """Level profile outward (85th percentile across, past the pips), the face's edge, the next edge."""
    S = CANON_SIDE
    band = arr[rows]
    k = int(round(0.85 * (len(band) - 1)))
    prof = np.partition(band, k, axis=0)[k]  # (the row a sort would put there)
    smooth = cv2.GaussianBlur(np.float32(prof).reshape(1, -1), (0, 0), 1.0).ravel()
    grad = np.empty_like(smooth)
    grad[1:-1] = (smooth[2:] - smooth[:-2]) / 2
    grad[0], grad[-1] = smooth[1] - smooth[0], smooth[-1] - smooth[-2]
    lo, hi = int(0.36 * S), int(0.8 * S)
    # the face's edge: where the level first leaves the face's own (a cocked die's side face is a
    # weaker step than the table beyond it), else the steepest drop
    face = float(_median(smooth[:int(0.3 * S)]))
    off = np.flatnonzero(np.abs(smooth[lo:hi] - face) > FACE_LEAVES * face)
    e1 = lo + int(off[0]) if len(off) else lo + int(np.argmin(grad[lo:hi]))
    a, b = e1 + int(SIDE_DEPTH[0] * S), min(len(prof) - int(0.35 * S), e1 + int(SIDE_DEPTH[1] * S))
    e2 = a + int(np.argmax(np.abs(grad[a:b]))) if b > a else None
    return prof, e1, e2


def _side_face_beside(arr: np.ndarray, edges=None) -> bool:
    """True when a shaded face with pips lies beside the top face in this direction (see above);
    ``edges``: _edges of the whole band, when already taken."""
    S = CANON_SIDE
    c = arr.shape[0] // 2
    band = int(0.42 * S)
    prof, e1, e2 = edges or _edges(arr, slice(c - band, c + band + 1))
    if e2 is None:
        return False
    p0, p1 = e1 + int(0.08 * S), e2 - int(0.08 * S)
    if p1 - p0 < 3:
        return False
    top = float(_median(prof[:max(2, e1 - int(0.08 * S))]))
    level = float(_median(prof[p0:p1]))
    beyond = float(_median(prof[e2 + int(0.1 * S):e2 + int(0.3 * S)]))
    # the face read may be the side face itself (the top face's pips were lost): then the other
    # face, brighter, lies beside it
    shaded = SIDE_SHADE[0] * top <= level <= SIDE_SHADE[1] * top or SIDE_SHADE[0] * level <= top <= SIDE_SHADE[1] * level
    if not (shaded and abs(level - beyond) >= SIDE_STEP * min(top, level)
            and _pct(np.abs(prof[p0:p1] - level), 80) <= SIDE_EVEN * top):
        return False
    # the far edge is straight: both halves across see it at the same place, as a step
    for rows in (slice(c - band, c + 1), slice(c, c + band + 1)):
        half, _e1, e2h = _edges(arr, rows)
        if e2h is None or abs(e2h - e2) > 0.12 * S:
            return False
        inner = float(np.mean(half[max(p0, e2 - int(0.12 * S)):e2 - 1]))
        outer = float(np.mean(half[e2 + 2:e2 + int(0.12 * S)]))
        if abs(inner - outer) < 0.08 * top:
            return False
    # as wide as the top face: across the middle of the strip, the side face ends where the top face's
    # edge does, on both sides (another die beside this one lies anywhere)
    mid = arr[:, (p0 + p1) // 2 - 1:(p0 + p1) // 2 + 2].mean(axis=1)
    if sum(abs(float(_median(ends)) - level) >= SIDE_STEP * top
           for ends in (mid[c + int(0.62 * S):c + int(0.8 * S)], mid[c - int(0.8 * S):c - int(0.62 * S)])) < 1:
        return False
    # pips: small, filled dark spots inside the strip (round, or flattened outward as a side face
    # shows them), not lines crossing it
    strip = arr[c - band:c + band + 1, p0:p1]
    m, _lab, st, _ = cv2.connectedComponentsWithStats((strip < 0.7 * level).astype(np.uint8), connectivity=8)
    for x, y, w, h, area in st[1:]:  # x outward, y across
        if (area >= 0.006 * S * S and y > 0 and y + h < strip.shape[0] and x > 0 and x + w < strip.shape[1]
                and h <= 0.3 * S and w <= 0.3 * S and w <= 1.5 * h and h <= 3 * w and area >= 0.5 * w * h):
            return True
    return False


def _side_face_towards(gray, face: "_Face", others: Sequence["_Face"] = ()) -> Optional[complex]:
    """The image direction (unit complex) in which a second, shaded face with pips lies beside this
    top face, or None: the die is cocked (or the camera looks from that side).

    The face's side from its pips is a first guess; it is measured again across the face's
    unforeshortened axis (a cocked die's top face is shortened only towards its side face).
    Where another die's top face lies, there is no side face to look for.
    """
    turn = face.turn if face.turn is not None else _face_turn(gray, face.x, face.y, face.side)
    side = face.side
    S = CANON_SIDE
    for _ in range(2):
        views = _outward(_face_frame(gray, face.x, face.y, side, turn))
        c = views[0].shape[0] // 2
        band = slice(c - int(0.42 * S), c + int(0.42 * S) + 1)
        found = [_edges(v, band) for v in views]
        ext = [e[1] / S for e in found]
        measured = max(ext[0] + ext[1], ext[2] + ext[3])
        if abs(measured - 1.0) < 0.15:
            break
        side *= measured
    u = complex(math.cos(turn), math.sin(turn))
    for direction, view, edges in zip((u, -u, 1j * u, -1j * u), views, found):
        # other dice in face coordinates along this direction: (out, across)
        rel = [complex(o.x - face.x, o.y - face.y) / direction for o in others]
        if any(0.3 * side < z.real < 1.8 * side and abs(z.imag) < 0.9 * side for z in rel):
            continue  # a neighbouring die lies there
        if _side_face_beside(view, edges):
            return direction
    return None
