"""vision.photo: a felt the colour of one side's checkers (issue 10).

With no calibration, the colour model is learnt from the photo itself, and a board colour near a
checker colour is left out of it (it came from checkers standing off-centre in points read empty).
A felt nearly the colour of one side's checkers goes with it: the model then takes the felt for
those checkers, and every stack of them runs on into the felt between the rows (a three read as
eight). Where the felt between the rows' tips reads as checkers, the layout is calibrated again with
the felt's own colour kept as board, and that reading is kept where it is possible and not short of
checkers.
"""
from types import SimpleNamespace

import numpy as np
import pytest

from vision import photo
from vision.calibration import BASE_FIELDS, Calibration, _base
from vision.render import render_frame

from .rendered import START, bench_view, wrong_points


def _reader(band_class: int, bar=None, size=(240, 200)) -> SimpleNamespace:
    """A stand-in for a reader that read a frame: its classes board (0) but for the band between
    the rows' tips (AREA_BAND), of class `band_class`."""
    W, H = size
    classes = np.zeros((H, W), np.uint8)
    classes[int(photo.AREA_BAND[0] * H): int(photo.AREA_BAND[1] * H)] = band_class
    return SimpleNamespace(classes=classes, calibration=SimpleNamespace(bar=bar))


@pytest.mark.parametrize("band_class, felt", [(1, True), (2, True), (0, False)])
def test_the_felt_between_the_rows_read_as_checkers_is_told(band_class, felt):
    assert photo._felt_read_as_checkers(_reader(band_class)) is felt


def test_the_bar_is_left_out_of_the_felt():
    """A bar read as checkers (a dark bar, black checkers) is not the felt."""
    reader = _reader(0, bar=(40, 200))
    H = reader.classes.shape[0]
    reader.classes[int(photo.AREA_BAND[0] * H): int(photo.AREA_BAND[1] * H), 40:200] = 1
    assert not photo._felt_read_as_checkers(reader)
    assert photo._felt_read_as_checkers(_reader(1, bar=(40, 200)))


def test_a_long_stack_reaching_the_middle_is_not_the_felt():
    reader = _reader(0)
    H = reader.classes.shape[0]
    reader.classes[int(photo.AREA_BAND[0] * H): int(photo.AREA_BAND[1] * H), 0:40] = 2  # two stacks of eight
    assert not photo._felt_read_as_checkers(reader)


# bench/vision_styles.py cases (case seed, position): blue checkers on a blue felt, a three read as
# eight (the felt taken for checkers beyond it); read right with the felt's colour kept
CASES = {
    "seed 5 style 5 position 4": (5005, (0, 7, 0, 0, 1) + (0,) * 5 + (6,) + (0,) * 13 + (1,),
                                  (0, 2, 0, 3, 2) + (0,) * 20),
}


@pytest.mark.parametrize("seed, p0, p1", CASES.values(), ids=CASES.keys())
def test_a_photo_whose_felt_is_a_checker_colour_is_read_right(seed, p0, p1):
    frame, truth = render_frame(p0, p1, bench_view(seed), rng=seed)
    assert wrong_points(photo.read_photo(frame), truth) == 0



def test_a_calibration_gives_back_the_layout_it_was_made_on():
    # (_felt_kept calibrates a layout again from its Calibration: every geometry field _base makes)
    image, _ = render_frame(START, START, bench_view(0), rng=0)
    cal = Calibration.from_image(image)
    assert set(_base(image, 0, np.float32(cal.outer), np.float32(cal.corners), (0.46, 0.54))) == set(BASE_FIELDS)
    assert cal.base == {k: getattr(cal, k) for k in BASE_FIELDS}
