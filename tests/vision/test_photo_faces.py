"""vision.photo: with no calibration, checkers the colour of their point are counted by their faces too.

A checker nearly the colour of its point shows the colour model only its rims and highlight, and
its stack reads short. The calibration learns each colour's face (checkers.face_models) where its
checkers stand clear, and the reader counts by them there; the photo's own calibration learns
them the same way from the stacks its label reads.
"""
from vision import labels

from .rendered import photo_reading


def test_dark_stacks_on_dark_points_counted():
    # bench/vision_styles.py --seed 3 --case 0:5: black felt, white/green points, red/black
    # checkers; two black stacks of three and four were read as one checker each (22 of 24 points)
    p0 = (0,) * 12 + (4, 0, 0, 5, 1, 0, 4, 0, 0, 0, 1, 0, 0)
    p1 = (0,) * 9 + (5, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 1)
    got, truth = photo_reading(3000, p0, p1)
    assert labels.compare(got, truth).board_right
