"""vision.photo: stacks of seven and more pushed together to the middle of the board tell how many
checkers they hold, not the checkers' step.

Seven or eight checkers on a point run on to the middle overlapping, and along them the brightness
repeats at the overlap: some two thirds of a point. Where such stacks were the only ones long enough
to judge the step, stack_period took the overlap (or twice it, when the overlap lay below the
steps it tries) for the checkers' step, and every other stack was counted by it: seed 1 style 14
read 15 and 16 points of 24 right, seed 3 style 11 read 15 and 20.
"""
import cv2
import numpy as np
import pytest

from vision import labels, photo

from .rendered import photo_reading

PW = 32  # canonical pixels per point
H = int(10.8 * PW)  # the canonical playing area's height: the middle lies at 5.4 points
D = 0.95 * PW  # a checker's diameter


def _disc(image, cx, cy, diameter, light=(200, 200, 200), rim=(90, 90, 90)):
    centre = (int(round(cx * 16)), int(round(cy * 16)))
    cv2.circle(image, centre, int(round(diameter / 2 * 16)), rim, -1, cv2.LINE_AA, 4)
    cv2.circle(image, centre, int(round((diameter / 2 - 2.5) * 16)), light, -1, cv2.LINE_AA, 4)


def _board(stacks: dict) -> tuple[np.ndarray, dict, list]:
    """A canonical playing area with stacks {top column: checkers}: up to five touching, more run
    to the middle pushed together; (it in grey as photo.canon_gray makes it, extents as the colour
    model gives them, column spans)."""
    image = np.full((H, 12 * PW, 3), (40, 90, 40), np.uint8)
    extents = {}
    for col, n in stacks.items():
        step = D if n * D <= H / 2 else (H / 2 - D) / (n - 1)
        for i in range(n):
            _disc(image, col * PW + PW / 2, D / 2 + i * step, D)
        extents[("top", col)] = (0, min(H / 2, (n - 1) * step + D))
    return photo.canon_gray(image), extents, [(col * PW, (col + 1) * PW) for col in range(12)]


@pytest.mark.parametrize("n", [7, 8, 9])
def test_a_stack_pushed_together_to_the_middle_is_counted_by_how_often_it_repeats(n):
    gray, extents, spans = _board({2: n, 6: 2})
    pushed = photo.pushed_stacks(gray, extents, PW, spans)
    assert set(pushed) == {("top", 2)}
    count, step = pushed[("top", 2)]
    assert count == n
    assert step == pytest.approx((H / 2 - D) / (n - 1), rel=0.06)
    assert step < D  # (less than the checkers' own step)


def test_six_touching_checkers_reaching_the_middle_are_not_pushed_together():
    gray, extents, spans = _board({2: 5, 4: 3})
    extents[("top", 2)] = (0, H / 2)  # (the colour model runs a row of five on to the middle)
    assert photo.pushed_stacks(gray, extents, PW, spans) == {}


def test_stacks_pushed_together_leave_the_step_untold():
    gray, extents, spans = _board({1: 8, 5: 7})
    pushed = photo.pushed_stacks(gray, extents, PW, spans)
    assert set(pushed) == {("top", 1), ("top", 5)}
    assert photo.stack_period(gray, extents, PW, spans, pushed) is None
    # without them left out, the overlap (or twice it) was taken for the step
    assert photo.stack_period(gray, extents, PW, spans) < 0.8 * D


def test_the_pitch_is_longer_than_a_pushed_stack_repeats_and_its_checkers_count():
    # stacks of two, three and four checkers a pitch of 26 fits best (and the long stack's length
    # as six), but that stack is seven pushed together, repeating every 28 pixels: the checkers'
    # step is longer than that
    extents = {("top", 0): (0, 52.0), ("top", 1): (0, 78.0), ("top", 2): (0, 104.0), ("top", 8): (0, 156.0)}
    assert photo.fit_pitch(extents, PW)[0] < 28.0
    assert photo.fit_pitch(extents, PW, pushed={("top", 8): (7, 28.0)})[0] >= 28.0
    # fifteen of a colour at most, the pushed stack's checkers counted as it repeats
    # (seven checkers a pitch of 30 fits and nine pushed together: too many of a colour)
    extents = {("top", 0): (0, 7 * 30.0), ("top", 5): (0, float(H / 2)), ("bottom", 2): (1, 60.0)}
    pitch, (top, _) = photo.fit_pitch(extents, PW, pushed={("top", 5): (9, 20.0)})
    assert round((7 * 30.0 - top) / pitch) + 9 <= 15


# bench/vision_styles.py seed 1 style 14 position 3: blue and white checkers on a black felt, a
# stack of seven blue checkers pushed to the middle the only one long enough to judge the step
# (15 of 24 points right before)
CASES = [
    (1014, (0, 0, 0, 7, 0, 1) + (0,) * 19, (0, 7, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 1) + (0,) * 9 + (1, 0)),
]


@pytest.mark.parametrize("seed, p0, p1", CASES, ids=["1:14:3"])
def test_boards_whose_long_stacks_are_all_pushed_together_are_read(seed, p0, p1):
    got, truth = photo_reading(seed, p0, p1)
    assert labels.compare(got, truth).right == 24
