"""Calibrating on a labelled frame with checkers on the bar (issue 3, R1): the bar still gets a
model of its own, learnt beside its checkers. Without one, a bar the colour of one side's checkers
read as a stack of them the bar's whole length (12 on the bar in every later frame)."""

import numpy as np
import pytest

from vision import BoardReader, Calibration
from vision.checkers import _bar_pixels
from vision.render import random_style, random_view, render_frame


def _view(case_seed: int):
    rng = np.random.default_rng(case_seed)
    return random_view(rng, random_style(rng))


def _bar(reading, truth) -> tuple[dict, dict]:
    """(read, labelled) checkers on the bar, by the label's colour names."""
    got = reading.to_label_dict()["bar"]
    return {c: got.get(c, 0) for c in truth["bar"]}, dict(truth["bar"])


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
    style, c0, c1, r0, r1 = CASES[case]
    view = _view(style)
    frame, truth = render_frame(c0, c1, view, rng=style)
    cal = Calibration.from_image(frame, {k: v for k, v in truth.items() if k != "geometry"})
    reader = BoardReader(cal, read_dice=False, read_cube=False)
    got, want = _bar(reader.read(frame), truth)
    assert got == want
    later, later_truth = render_frame(r0, r1, view, rng=style)
    got, want = _bar(reader.read(later), later_truth)
    assert got == want


def test_bar_pixels_leave_out_the_middle_where_the_labelled_checkers_lie():
    lab = np.zeros((120, 100, 3), np.float32)
    lab[:, 40:60] = 50.0
    lab[45:75, 40:60] = 200.0  # three checkers' worth around the middle
    empty = _bar_pixels(lab, (40, 60), {"bar": {"a": 0, "b": 0}}, pw=10.0)
    assert (empty == 200.0).any()  # an empty bar: all of it
    held = _bar_pixels(lab, (40, 60), {"bar": {"a": 1, "b": 1}}, pw=10.0)
    assert len(held) and (held == 50.0).all()
    assert _bar_pixels(lab, None, {"bar": {}}, pw=10.0) is None
