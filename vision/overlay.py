"""Draw what was read over the photo: the board's outline, the 24 point columns and the count read
on each, so a person sees at a glance what was read and where it went wrong (bgref read --overlay)."""
from __future__ import annotations

import cv2
import numpy as np

from .calibration import Calibration
from .reader import Reading

OUTLINE = (0, 255, 255)
AREA = (255, 128, 0)
COLUMN = (200, 200, 200)


def draw_overlay(image: np.ndarray, calibration: Calibration, reading: Reading) -> np.ndarray:
    """A copy of `image` with the outline, playing area, point columns and counts drawn on it."""
    out = image.copy()
    scale = max(1, round(max(image.shape[:2]) / 640))
    cv2.polylines(out, [np.int32(calibration.outer).reshape(-1, 1, 2)], True, OUTLINE, 2 * scale)
    cv2.polylines(out, [np.int32(calibration.corners).reshape(-1, 1, 2)], True, AREA, scale)
    inv = np.linalg.inv(calibration.homography())
    W, H = calibration.size
    rows = {"top": reading.top, "bottom": reading.bottom}
    for row in ("top", "bottom"):
        y0, y1 = (0, H // 2) if row == "top" else (H - H // 2, H)
        for col in range(12):
            x0, x1 = calibration.column_span(col)
            quad = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]).reshape(-1, 1, 2)
            img_quad = cv2.perspectiveTransform(quad, inv).reshape(4, 2)
            cv2.polylines(out, [np.int32(img_quad).reshape(-1, 1, 2)], True, COLUMN, 1)
            if rows[row] is None:
                continue
            colour, n = rows[row][col]
            text = f"{colour[0]}{n}" if colour else "0"
            ty = y0 + 0.15 * (y1 - y0) if row == "top" else y1 - 0.15 * (y1 - y0)
            p = cv2.perspectiveTransform(np.float32([[[(x0 + x1) / 2, ty]]]), inv)[0, 0]
            org = (int(p[0]) - 8 * scale, int(p[1]) + 5 * scale)
            cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale, (0, 0, 0), 3 * scale, cv2.LINE_AA)
            cv2.putText(out, text, org, cv2.FONT_HERSHEY_SIMPLEX, 0.5 * scale, (255, 255, 255), scale, cv2.LINE_AA)
    if reading.hand_in_view:
        cv2.putText(out, "hand in view: no reading", (10, 30 * scale), cv2.FONT_HERSHEY_SIMPLEX, 0.8 * scale,
                    (0, 0, 255), 2 * scale, cv2.LINE_AA)
    return out
