"""Find the board's outline in a frame: the largest four-sided region that stands out from the table."""
from __future__ import annotations

import cv2
import numpy as np

from .errors import CalibrationError
from .image import as_image


def order_corners(quad) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left (image order)."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    s = q.sum(1)
    d = q[:, 1] - q[:, 0]
    return np.array([q[np.argmin(s)], q[np.argmin(d)], q[np.argmax(s)], q[np.argmax(d)]], np.float32)


def _quad_candidates(mask: np.ndarray, min_fill: float) -> list[tuple[float, np.ndarray]]:
    """(area, 4 corners) of the large, nearly convex four-sided regions of a binary mask."""
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
        if len(approx) == 4 and fill >= min_fill:
            quad = order_corners(approx.reshape(4, 2).astype(np.float32))
            out.append((area, _fit_sides(contour.reshape(-1, 2).astype(np.float32), quad)))
    return out


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
    corners = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[i - 1], lines[i]
        A = np.array([d1, -d2]).T
        if abs(np.linalg.det(A)) < 1e-6:
            return quad
        s_, _ = np.linalg.solve(A, p2 - p1)
        corners.append(p1 + s_ * d1)
    corners = np.float32(corners)
    if np.abs(corners - quad).max() > 0.05 * float(np.linalg.norm(quad[2] - quad[0])):
        return quad  # the lines went astray: keep the rough corners
    return corners


def find_outline(image: np.ndarray) -> np.ndarray:
    """The board's outline (4 corners, image order): the largest bright four-sided region, or else
    the largest four-sided region that differs from the table (the colour round the image's edge)."""
    image = as_image(image)
    h, w = image.shape[:2]
    scale = 640.0 / max(h, w)
    small = cv2.resize(image, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (5, 5), 0)
    gray = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    if float(gray.std()) < 8:
        raise CalibrationError("no board in the image: it is nearly uniform")
    _, bright = cv2.threshold(gray, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    found = _quad_candidates(bright, 0.9)
    if not found:
        lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
        b = max(2, int(min(small.shape[:2]) * 0.03))
        edge = np.concatenate([lab[:b].reshape(-1, 3), lab[-b:].reshape(-1, 3),
                               lab[:, :b].reshape(-1, 3), lab[:, -b:].reshape(-1, 3)])
        table = np.median(edge, 0)
        spread = float(np.percentile(np.sqrt(((edge - table) ** 2).sum(1)), 90))
        distance = np.sqrt(((lab - table) ** 2).sum(2))
        not_table = (distance > max(1.5 * spread, 12.0)).astype(np.uint8) * 255
        not_table = cv2.morphologyEx(not_table, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
        found = _quad_candidates(not_table, 0.85)
    if not found:
        raise CalibrationError("no board found: no large four-sided region stands out from the table")
    return order_corners(max(found, key=lambda c: c[0])[1] / scale)
