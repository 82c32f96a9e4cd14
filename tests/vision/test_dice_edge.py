"""read_dice on a corner pip near its die's edge: the table beyond the edge (and the die's shadow) lies in
part of the ring round the pip, which the pip search took for a spot among dark things. Where that
darker part lies to one side and the face is even on the other, the pip completes a face of two or
more pips ringed by face all round (never a face on its own: a notch beside a checker's rim looks so)."""
import numpy as np
import pytest

from vision.render import RenderDie

from .rendered import dice_frame_read, dice_near


def _ring(inside, outside, dark_from: float, dark_to: float, n: int = 64):
    """A ring of n pixels round a pip at distance 3: level ``outside`` between the two angles, else ``inside``."""
    ang = np.arange(n) * 2 * np.pi / n
    where = 3 * np.exp(1j * ang)
    dark = (ang >= dark_from) & (ang < dark_to)
    return np.where(dark, outside, inside).astype(np.float64), where


def test_a_ring_dark_on_one_side_is_a_pip_near_its_face_edge():
    from vision.dice import _ring_even
    vals, where = _ring(220, 60, 0.0, 2.0)  # a third of the ring on the table beyond the die's edge
    assert _ring_even(vals, where, face=220, as_dark=110) is False
    vals, where = _ring(220, 220, 0.0, 0.0)
    assert _ring_even(vals, where, face=220, as_dark=110) is True


def test_a_ring_dark_on_two_opposite_sides_or_mostly_is_no_pip():
    from vision.dice import _ring_even
    vals, where = _ring(220, 60, 0.0, 1.0)
    vals2, _ = _ring(220, 60, np.pi, np.pi + 1.0)
    both = np.minimum(vals, vals2)  # the gaps on either side of a speck where two checkers touch
    assert _ring_even(both, where, face=220, as_dark=110) is None
    vals, where = _ring(220, 60, 0.0, 3.5)  # more than half the ring dark: no face round it
    assert _ring_even(vals, where, face=220, as_dark=110) is None


@pytest.mark.parametrize("seed, size, tilt, dice, centre, pips", [
    # seed 2025 frame 90 of bench/dice_eval.py's realistic row: a 3 on dark red felt, its lower corner pip
    # beside the die's shadow (read as a 2 of half size before: unsure, left unread)
    (90, (1280, 720), 8.865304643134891, (RenderDie(3, "right half"), RenderDie(5, "right half"),
                                          RenderDie(6, "right half")), (823, 375), 3),
    # seed 2026 frame 105: a 3 on a red checker (unread before)
    (2026105, (1280, 720), 1.6297569391939626, (RenderDie(1, "bar"), RenderDie(3, "on checker")), (958, 217), 3),
])
def test_a_corner_pip_near_its_die_edge_completes_the_face(seed, size, tilt, dice, centre, pips):
    found, truth = dice_frame_read(seed, size, tilt, dice)
    near = dice_near(found, centre, 15)
    assert [(d.pips, d.flat) for d in near] == [(pips, True)], found
    # and no die read where there is none
    boxes = [t["box"] for t in truth["dice"]]
    assert all(any(abs(d.box[0] + d.box[2] / 2 - (b[0] + b[2] / 2)) < b[2] and
                   abs(d.box[1] + d.box[3] / 2 - (b[1] + b[3] / 2)) < b[3] for b in boxes) for d in found), found
