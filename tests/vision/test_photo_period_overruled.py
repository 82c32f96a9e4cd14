"""vision.photo.fit_pitch: the step the stacks' brightness repeats at (stack_period) is overruled
where a pitch outside its window fits the stacks' lengths far better.

The second layer of a pyramid lies in the joints of its row of five, and a tilted camera sees it
off by its height: the brightness along two pyramids of seven and eight folded best at 1.2 of a
checker (bench/vision_styles.py seed 0 style 5 position 3), the pitch was taken near that step,
and both pyramids and every row read four. Their rows of five and five stacks of two tell the
step plainly: 29 px, each length within a tenth of a checker of a whole number.
"""
import numpy as np
import pytest

from vision import photo

PW = 32.0  # canonical pixels per point
PITCH = 29.0


def _extents(lengths: dict) -> dict:
    """{(row, col): (colour, length)} of stacks whose lengths are the given numbers of checkers."""
    return {key: (i % 2, n * PITCH + 1.0) for i, (key, n) in enumerate(lengths.items())}


PYRAMIDS = _extents({("top", 9): 5, ("bottom", 11): 5, ("top", 0): 2, ("top", 6): 2, ("top", 10): 2,
                     ("bottom", 2): 2, ("bottom", 8): 2, ("top", 3): 1})


def test_the_lengths_overrule_a_step_they_contradict():
    pitch, _ = photo.fit_pitch(PYRAMIDS, PW, period=1.2 * PITCH)
    assert pitch == pytest.approx(PITCH, rel=0.03)


def test_a_step_the_lengths_nearly_agree_with_stands():
    # 8% long: a pitch at the window's near end fits the lengths nearly as well as the true one
    period = 1.08 * PITCH
    pitch, _ = photo.fit_pitch(PYRAMIDS, PW, period=period)
    assert abs(pitch / period - 1) <= photo.PERIOD_WINDOW + 1e-6


def test_lengths_that_tell_nothing_plainly_leave_the_step():
    # lengths scattered over the checker (the colour model's extents of a frame it misreads): a pitch
    # of 30 px fits them a little better than the step's best (0.29 against 0.34), not plainly
    rng = np.random.default_rng(0)
    noisy = {("top" if k < 4 else "bottom", k % 12): (k % 2, float(v))
             for k, v in enumerate(rng.uniform(1.0, 4.5, 8) * PITCH)}
    pitch, _ = photo.fit_pitch(noisy, PW, period=1.2 * PITCH)
    assert abs(pitch / (1.2 * PITCH) - 1) <= photo.PERIOD_WINDOW + 1e-6
