"""Calibration of a board whose checkers are the colour of its felt (issue 3)."""

import numpy as np

from vision import BoardReader, Calibration
from vision.render import random_style, random_view, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def test_burgundy_checkers_on_burgundy_felt_calibrate():
    # realistic style 15 of bench/vision_styles.py --seed 1: burgundy felt, white/green points,
    # beige/burgundy checkers; the light fitted on the empty points bent the burgundy checkers into
    # the felt and no pitch fitted (16 of 24 points read back): calibrated on the image as it is
    rng = np.random.default_rng(1015)
    view = random_view(rng, random_style(rng))
    start, truth = render_frame(START, START, view, rng=1015)
    cal = Calibration.from_image(start)
    assert cal.light is False
    reading = BoardReader(cal, read_dice=False).read(start)
    p0, p1 = reading.sides
    # the start frame reads back (one burgundy 5 on its own kind of point is still missed: 23 of 24)
    wrong = sum(a != b for side in (p0, p1) for a, b in zip(side[:24], START))
    assert wrong <= 2
    assert sum(p0) + sum(p1) >= 25
