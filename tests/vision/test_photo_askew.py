"""A photo whose board outline is found askew (a frame corner the table's colour): every playing
area inside it fits the points poorly, so the outline finder's other ways are tried too and the
layout that fits best of all is read (photo.other_layouts). Issue 10."""
import numpy as np

from vision import labels, photo

from .rendered import case_frame, photo_reading

# bench/vision_styles.py seed 1 style 8, position 0: read with its right-hand stacks a point off
P0 = (0, 1, 1, 0, 3, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
P1 = (6, 0, 0, 0, 8, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def test_the_first_outline_is_askew_and_fits_poorly():
    image, _ = case_frame(1008, P0, P1)
    outer = photo.check_photo(image)
    assert photo.candidate_layouts(image, outer)[0][0] < photo.FIT_POOR
    best = max(fit for fit, _, _ in photo.other_layouts(image, outer))
    assert best >= photo.FIT_POOR


def test_a_photo_whose_outline_is_askew_is_read_right():
    got, truth = photo_reading(1008, P0, P1)
    assert labels.compare(got, truth).board_right


def test_a_layout_that_fits_well_looks_no_further(monkeypatch):
    """The other ways cost a photo's read a good part again: only a poor fit pays for them."""
    image, _ = case_frame(1008, P0, P1)
    outer = photo.check_photo(image)

    def looked(*args):
        raise AssertionError("looked at the other outlines")

    monkeypatch.setattr(photo, "other_layouts", looked)
    monkeypatch.setattr(photo, "FIT_POOR", 0.5)  # (the askew outline's fit counts as good)
    cal = next(photo.candidate_calibrations(image, outer))
    first = photo.candidate_layouts(image, outer)[0][2]
    assert np.allclose(cal.corners, first["corners"], atol=1.0)
