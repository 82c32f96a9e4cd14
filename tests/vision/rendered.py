"""Rendered cases of bench/vision_styles.py for the tests: a style's board, a position, read; the
board's box in a rendered frame (the region BoardReader reads dice in)."""

import dataclasses

import numpy as np

from vision import labels, photo
from vision.dice import read_dice
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


START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def dice_frame_read(seed: int, size: tuple[int, int], tilt: float, dice) -> tuple[list, dict]:
    """A frame of bench/dice_eval.py's realistic row (its board, camera and render seed `seed`, its
    size and tilt, the starting position and the `dice`) and the dice read_dice reads in its board's
    box: (the dice read, the truth)."""
    image, truth = render_frame(START, START, random_view(seed, size=size, tilt=tilt), dice=dice, rng=seed)
    return read_dice(image, region=board_box(truth)), truth


def dice_near(found: list, centre: tuple[float, float], within: float) -> list:
    """The dice read whose box's middle lies within `within` pixels of `centre`."""
    return [d for d in found
            if np.hypot(d.box[0] + d.box[2] / 2 - centre[0], d.box[1] + d.box[3] / 2 - centre[1]) < within]
