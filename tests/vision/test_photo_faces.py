"""vision.photo: with no calibration, checkers the colour of their point are counted by their faces too.

A checker nearly the colour of its point shows the colour model only its rims and highlight, and
its stack reads short. The calibration learns each colour's face (checkers.face_models) where its
checkers stand clear, and the reader counts by them there; the photo's own calibration learns
them the same way from the stacks its label reads.
"""
import dataclasses

import numpy as np

from vision import labels, photo
from vision.render import random_style, random_view, render_frame


def _case(seed: int, p0, p1) -> tuple[dict, dict]:
    """The board of bench/vision_styles.py's case seed `seed` (run seed * 1000 + style, the clutter
    steady as there) with the position (p0, p1), read with no calibration: (reading, truth)."""
    rng = np.random.default_rng(seed)
    view = dataclasses.replace(random_view(rng, random_style(rng)), steady_clutter=True)
    image, truth = render_frame(p0, p1, view, rng=seed)
    return labels.as_image_shows(photo.read_photo(image).to_label_dict()), truth


def test_dark_stacks_on_dark_points_counted():
    # bench/vision_styles.py --seed 3 --case 0:5: black felt, white/green points, red/black
    # checkers; two black stacks of three and four were read as one checker each (22 of 24 points)
    p0 = (0,) * 12 + (4, 0, 0, 5, 1, 0, 4, 0, 0, 0, 1, 0, 0)
    p1 = (0,) * 9 + (5, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 1)
    got, truth = _case(3000, p0, p1)
    assert labels.compare(got, truth).board_right
