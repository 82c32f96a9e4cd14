"""vision.photo: stacks that run to the middle of the board do not judge the checkers' step when a
shorter stack does.

Six to eight checkers on a point either run on to the middle pushed together (overlapping) or lie
in a second layer over a row of five: along either, the brightness repeats at less than a
checker's step (at the overlap, or half a step where the second layer's checkers lie in the first
one's gaps). Where such stacks made most of those long enough to judge, the step came out some
three quarters of a point, every stack of two or three was counted a checker long, and the board
was misread or refused (more than fifteen of a colour).
"""
import cv2
import numpy as np
import pytest

from vision import labels, photo

from .rendered import photo_reading

PW = 32  # canonical pixels per point
H = int(10.8 * PW)  # the canonical playing area's height: the middle lies at 5.4 points


def _disc(image, cx, cy, diameter, light=(200, 200, 200), rim=(90, 90, 90)):
    centre = (int(round(cx * 16)), int(round(cy * 16)))
    cv2.circle(image, centre, int(round(diameter / 2 * 16)), rim, -1, cv2.LINE_AA, 4)
    cv2.circle(image, centre, int(round((diameter / 2 - 2.5) * 16)), light, -1, cv2.LINE_AA, 4)


def test_stacks_pushed_together_to_the_middle_leave_the_step_to_a_shorter_stack():
    image = np.full((H, 12 * PW, 3), (40, 90, 40), np.uint8)
    d = 0.95 * PW
    extents = {}
    for col in (1, 4, 7):  # eight checkers run to the middle, pushed together
        step = (H / 2 - d) / 7
        for i in range(8):
            _disc(image, col * PW + PW / 2, d / 2 + i * step, d)
        extents[("top", col)] = (0, H / 2)
    for i in range(4):  # four touching checkers
        _disc(image, 10 * PW + PW / 2, d / 2 + i * d, d)
    extents[("top", 10)] = (0, 3 * d + d)
    spans = [(col * PW, (col + 1) * PW) for col in range(12)]
    assert photo.stack_period(photo.canon_gray(image), extents, PW, spans) == pytest.approx(d, rel=0.04)


# bench/vision_styles.py seed 2 (case seeds 2009 and 2023): beige checkers in stacks of two to eight
# run to the middle (9:2, refused: 26 checkers of a colour) and ivory checkers, stacks of two to
# seven (23:0, 17 points right)
CASES = [
    (2009, (2, 5, 0, 0, 7) + (0,) * 20, (0,) * 5 + (7, 0, 0, 0, 7) + (0,) * 14 + (1,)),
    (2023, (4, 2, 2, 2, 3) + (0,) * 20, (0, 0, 0, 0, 3, 2, 0, 7, 0, 0, 0, 0, 1) + (0,) * 11 + (2,)),
]


# points of 24 each case must read right. Seed 2023's stack of four ivory checkers on an ivory point
# (bottom 12: its last checker lies over the point's tip, and only its rim tells it) read 4 on the
# machine this test was written on and reads 3 on an AMD EPYC (2026-11-27: the same code, with
# OpenCV 4.14 and 5.0, numpy 2.4.5 and 2.4.6 alike); with the step misjudged 17 points read right
RIGHT = {2009: 24, 2023: 22}  # (2023: 23 before photo.OFFSET_FIT; bottom 8, an ivory two on an ivory point, now reads 2)


@pytest.mark.parametrize("seed, p0, p1", CASES, ids=["2:9:2", "2:23:0"])
def test_boards_with_stacks_run_to_the_middle_are_read(seed, p0, p1):
    got, truth = photo_reading(seed, p0, p1)
    assert labels.compare(got, truth).right >= RIGHT[seed]
