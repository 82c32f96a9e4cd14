"""vision.photo: one side's checkers all on points of their own colour, with no calibration.

When every checker of one colour stands on a point of nearly its colour (ivory checkers on cream
points, white on white), no point's base shows that colour: the bases that show a checker show
one colour only, and the two colours the first label split them into were one colour in two
(the other side's stacks read empty). Such stacks are found by their rims (photo.hidden_stacks)
and learnt as the second colour.
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


def test_ivory_stacks_all_on_cream_points_are_read():
    # bench/vision_styles.py --seed 3 --case 12:1: cream/red points, ivory/brown checkers; the two
    # ivory stacks (six and eight, pyramids) on cream points were read empty (22 of 24 points)
    p0 = (0, 0, 4, 0, 3) + (0,) * 20
    p1 = (0, 6, 0, 8) + (0,) * 21
    got, truth = _case(3012, p0, p1)
    assert labels.compare(got, truth).board_right


def test_white_stacks_all_on_white_points_are_read():
    # bench/vision_styles.py --seed 2 --case 0:2: white/red points, white/blue checkers; the two
    # white stacks on white points were read empty and the blue split in two (21 of 24 points)
    p0 = (3, 0, 0, 0, 4) + (0,) * 20
    p1 = (0,) * 5 + (2, 0, 0, 0, 6, 0, 0, 0, 0, 0, 7) + (0,) * 9
    got, truth = _case(2000, p0, p1)
    assert labels.compare(got, truth).board_right
