"""Rendered cases of bench/vision_styles.py for the tests: a style's board, a position, read; the
board's box in a rendered frame (the region BoardReader reads dice in)."""

import dataclasses

import numpy as np

from vision import labels, photo
from vision.render import random_style, random_view, render_frame


def bench_view(seed: int):
    """The view of case seed `seed` as bench/vision_styles.py renders it (run seed * 1000 + style;
    the clutter lying still from frame to frame, BoardView.steady_clutter)."""
    rng = np.random.default_rng(seed)
    return dataclasses.replace(random_view(rng, random_style(rng)), steady_clutter=True)


def case_frame(seed: int, p0, p1, camera: int | None = None) -> tuple:
    """The board of style seed `seed` (bench/vision_styles.py's case seed: run seed * 1000 + style)
    with the position (p0, p1) rendered by the camera, and with the clutter, of seed `camera`
    (None: `seed`, as the bench): (frame, truth)."""
    rng = np.random.default_rng(seed)
    view = random_view(rng, random_style(rng))
    return render_frame(p0, p1, view, rng=seed if camera is None else camera)


def photo_reading(seed: int, p0, p1, camera: int | None = None) -> tuple[dict, dict]:
    """case_frame's frame read as a photo with no calibration: (the reading's label as the image
    shows it, the truth)."""
    image, truth = case_frame(seed, p0, p1, camera)
    return labels.as_image_shows(photo.read_photo(image).to_label_dict()), truth


def wrong_points(reading, truth: dict) -> int:
    """Points of 24 a reading has wrong against the truth of the image it read (its rows as the
    image shows them: labels.as_image_shows)."""
    return 24 - labels.compare(labels.as_image_shows(reading.to_label_dict()), truth).right


def board_box(truth: dict) -> tuple:
    """(x, y, w, h) of the board's outline in a rendered frame, from its truth's geometry: the
    region read_dice is given, as BoardReader gives it."""
    board = np.array(truth["geometry"]["board"])
    (x0, y0), (x1, y1) = board.min(axis=0), board.max(axis=0)
    return (x0, y0, x1 - x0, y1 - y0)
