"""Calibrating on a labelled frame with checkers on the bar (issue 3, R1): the bar still gets a
model of its own, learnt beside its checkers. Without one, a bar the colour of one side's checkers
read as a stack of them the bar's whole length (12 on the bar in every later frame)."""

import numpy as np
import pytest

from vision import labels
from vision.checkers import _bar_pixels

from .test_calibration_labelled import calibrated_and_later


# bench/vision_styles.py --label-calibration, seed 0: style 13 (cream leather, a burgundy bar,
# yellow/black checkers, one yellow on the bar; black 12 was read on the bar of every later frame)
# and style 16 (grey felt, cream/dark green checkers, two cream on the bar: cream 12 on an empty bar)
CASES = {
    "yellow on a dark bar": (13, (5, 0, 0, 0, 0, 3, 0, 4) + (0,) * 12 + (3, 0, 0, 0, 0),
                             (0,) * 9 + (8, 0, 0, 0, 0, 6) + (0,) * 9 + (1,),
                             (0, 1, 7, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 2) + (0,) * 8,
                             (8, 0, 0, 0, 2) + (0,) * 20),
    "cream on a light bar": (16, (5, 2, 3) + (0,) * 22,
                             (5, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 3, 1) + (0,) * 9 + (2,),
                             (0, 0, 1, 1, 0, 0, 0, 2, 2, 0, 4, 0, 0, 3) + (0,) * 10 + (2,),
                             (0,) * 9 + (3, 0, 0, 0, 0, 5, 0, 0, 0, 2, 0, 0, 0, 0, 5, 0)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_calibration_with_checkers_on_the_bar_reads_the_bar(case):
    reader, (frame, truth), (later, later_truth) = calibrated_and_later(*CASES[case])
    assert labels.bar_right(reader.read(frame).to_label_dict(), truth)
    assert labels.bar_right(reader.read(later).to_label_dict(), later_truth)


def test_bar_pixels_leave_out_the_middle_where_the_labelled_checkers_lie():
    lab = np.zeros((120, 100, 3), np.float32)
    lab[:, 40:60] = 50.0
    lab[45:75, 40:60] = 200.0  # three checkers' worth around the middle
    empty = _bar_pixels(lab, (40, 60), {"bar": {"a": 0, "b": 0}}, pw=10.0)
    assert (empty == 200.0).any()  # an empty bar: all of it
    held = _bar_pixels(lab, (40, 60), {"bar": {"a": 1, "b": 1}}, pw=10.0)
    assert len(held) and (held == 50.0).all()
    assert _bar_pixels(lab, None, {"bar": {}}, pw=10.0) is None
