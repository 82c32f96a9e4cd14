"""vision.photo: a layout whose columns are half points is not the board (issue 10).

An arm across one half of a board breaks that half's outline, and the other half alone was
found and read as a whole board, turned (its triangles running along the rows): a made-up
reading of a frame with a hand. Its bases pair up along the rows, a board's never alternate so.
"""
import numpy as np
import pytest

from vision import photo
from vision.calibration import CalibrationError
from vision.render import random_style, random_view, render_frame

A, B, C = (60.0, 20.0, 30.0), (180.0, 0.0, 0.0), (120.0, -40.0, 50.0)  # two point colours, a checker's


def _bases(row):
    """24 bases (Lab) of a row pattern of colours, both rows alike."""
    return np.float32(list(row) * 2)


def test_points_that_alternate_do_not_pair_up():
    assert not photo.paired(_bases([A, B] * 6))


def test_a_long_prime_of_one_colour_does_not_pair_up():
    """Six neighbouring bases of one checker colour in each row (a prime in each: 10 of the 22
    neighbours alike) are no half points."""
    assert not photo.paired(_bases([C] * 6 + [A, B] * 3))


def test_half_points_pair_up():
    assert photo.paired(_bases([A, A, B, B] * 3))


def test_a_paired_layout_gives_no_first_label(monkeypatch):
    monkeypatch.setattr(photo, "_bases", lambda *_: (_bases([A, A, B, B] * 3), 10.0, []))
    with pytest.raises(CalibrationError, match="half points"):
        photo.photo_label(None, {})


# bench/vision_styles.py --seed 0 --case 28:2 --hands: an arm over the right half (burgundy frame,
# cream/burgundy points), a layout of half points was the best fit; with paired left out it is read
# (a made-up reading of a frame with a hand). (The case first pinned, 11:3, drew its arm elsewhere
# once the clutter was steady: read_photo now says hand_in_view on that frame.)
P0 = (1, 0, 1, 7, 1) + (0,) * 20
P1 = (0, 0, 0, 0, 1, 8, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0)


def test_half_a_board_beside_an_arm_is_not_read():
    """Its first outline holds the left half only and fits the points poorly: the whole board is
    found in another outline (photo.other_layouts), the arm across its edge (a hand, no reading);
    were it not, the half's layout of half points is never read either (half points)."""
    rng = np.random.default_rng(28)
    view = random_view(rng, random_style(rng))
    held, _ = render_frame(P0, P1, view, hand=True, rng=28)
    try:
        reading = photo.read_photo(held)
    except photo.UnreadablePhotoError as exc:
        assert "half points" in str(exc)
    else:
        assert reading.hand_in_view and reading.top is None and reading.bottom is None
