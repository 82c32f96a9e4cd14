"""Read any board from one photo with no calibration (issue 10, first stage).

The board is found as for a calibration (its outline, then the playing area inside it); the two
checker colours are learnt from the photo itself: at the edge of every point lies either the
point's own colour (alternating along a row) or a checker, so the colours at the 24 point bases
fall into point colours (which follow the columns' parity) and two checker colours. A first
label built from them (counts from the stack lengths, a checker about a point wide) calibrates
the board as a known position would, and the BoardReader reads it.
"""
from __future__ import annotations

import logging

import cv2
import numpy as np

from . import checkers
from .calibration import POINT_WIDTH, Calibration, _base, as_image, board_layouts, find_outline
from .errors import CalibrationError
from .reader import BoardReader, Reading

log = logging.getLogger(__name__)


def _bases(image: np.ndarray, base: dict) -> tuple[np.ndarray, np.ndarray, list]:
    """Weighted-Lab colour at the base of each of the 24 points, the class map is not known yet,
    so also each column's Lab strip (edge first) for measuring stacks."""
    probe = Calibration(**base, colours=("a", "b"), players=("a", "b"), home="bottom right", centroids=(),
                        pitch=1.0, offset=(0.0, 0.0), distance_limit=1.0)
    W, H = probe.size
    canon = checkers.warp(image, probe.homography(), probe.size)
    lab = checkers._weighted_lab(canon).reshape(H, W, 3)
    pw = W / 12.0 if probe.bar is None else probe.bar[0] / 6.0
    means, strips = [], []
    for row in ("top", "bottom"):
        for col in range(12):
            x0, x1 = probe.column_span(col)
            a, b = x0 + int((x1 - x0) * 0.3), x1 - int((x1 - x0) * 0.3)
            strip = lab[: H // 2, a:b] if row == "top" else lab[H - H // 2:, a:b][::-1]
            strips.append(strip.mean(1))
            means.append(np.median(strip[int(pw * 0.2): int(pw * 0.7)].reshape(-1, 3), 0))
    return np.float32(means), pw, strips


def photo_label(image: np.ndarray, base: dict) -> tuple[dict, tuple[str, str]]:
    """A first label of the photo: which points hold checkers of which colour, and how many."""
    means, pw, strips = _bases(image, base)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 30, 0.5)
    cv2.setRNGSeed(1)
    _, lab_, centres = cv2.kmeans(means, 4, None, criteria, 5, cv2.KMEANS_PP_CENTERS)
    lab_ = lab_.ravel()
    # point colours: clusters whose members keep one parity of the column (the rows' patterns
    # may be in step or one point apart)
    same = np.array([(i % 12) % 2 for i in range(24)])
    shifted = np.array([(i % 12 + i // 12) % 2 for i in range(24)])
    purity = []
    for k in range(4):
        members = lab_ == k
        if members.sum() < 2:
            purity.append(1.0 if members.sum() == 0 else 0.0)
            continue
        purity.append(max(abs(same[members].mean() - 0.5), abs(shifted[members].mean() - 0.5)) * 2)
    order = np.argsort(purity)  # least parity-bound first: the checker colours
    checker_k = [int(order[0]), int(order[1])]
    names = ("colour0", "colour1")
    rows = {"top": [], "bottom": []}
    for i in range(24):
        row = "top" if i < 12 else "bottom"
        k = int(lab_[i])
        if k not in checker_k:
            rows[row].append([None, 0])
            continue
        d = np.sqrt(((strips[i] - centres[k]) ** 2).sum(1))
        near = d < max(12.0, 0.5 * float(np.linalg.norm(centres[k] - centres[[j for j in range(4) if j != k]], axis=1).min()))
        runs = np.flatnonzero(~near)
        ext = int(runs[runs > pw * 0.5][0]) if (runs > pw * 0.5).any() else len(near)
        rows[row].append([names[checker_k.index(k)], max(1, int(round(ext / pw)))])
    label = {"rotate": base["rotate"], "top": rows["top"], "bottom": rows["bottom"], "uncertain": [],
             "bar": {n: 0 for n in names}, "hand_in_view": False, "usable": True, "dice": [], "cube": None}
    return label, names


def calibrate_photo(image) -> Calibration:
    """A Calibration learnt from one photo of a board in any position (no label, no start)."""
    image = as_image(image)
    outer = find_outline(image)
    wide = np.linalg.norm(outer[1] - outer[0]) >= np.linalg.norm(outer[3] - outer[0])
    rotate = 0 if wide else 90
    best = None
    for layout in board_layouts(image, rotate):
        base = _base(image, rotate, *layout)
        try:
            label, _ = photo_label(image, base)
            cal = Calibration.from_image(image, label)
        except CalibrationError as exc:
            log.debug("layout failed: %s", exc)
            continue
        best = cal
        break
    if best is None:
        raise CalibrationError("board found but its checkers could not be told from its points")
    return best


def read_photo(image) -> Reading:
    """Read one photo of any board with no calibration."""
    image = as_image(image)
    cal = calibrate_photo(image)
    return BoardReader(cal, follow_board=False).read(image)
