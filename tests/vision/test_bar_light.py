"""Light checkers on the bar of a board with light points (issue 3, R1): on the bar only the bar's
own colours are board. The points' colours had been board there too, and a white or ivory checker
on the bar is nearer a cream or white point's colour than its own learnt colour: it read as none."""

import json

import numpy as np
import pytest

from vision import BoardReader, Calibration, checkers, labels
from vision.render import random_style, random_view, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)

# bench/vision_styles.py, calibrated on the start position: case seed (seed * 1000 + style) and a
# position with light checkers on the bar, read as none there
CASES = {
    # seed 0 style 2: navy felt, cream/black points, ivory/brown checkers, a burgundy bar; one ivory on it
    "ivory on a burgundy bar": (2, (0, 0, 2) + (0,) * 11 + (6, 0, 0, 3, 0, 3, 0, 0, 0, 0, 1),
                                (0, 8, 3, 2) + (0,) * 21),
    # seed 1 style 21: burgundy felt, red/white points, white/black checkers, a light wooden bar; two white
    "white on a light wooden bar": (1021, (0, 0, 5, 0, 5) + (0,) * 17 + (1, 2, 2),
                                    (0,) * 16 + (5, 2, 2, 0, 3, 0, 3, 0, 0)),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_light_checkers_on_the_bar_of_a_board_with_light_points_are_read(case):
    seed, p0, p1 = CASES[case]
    rng = np.random.default_rng(seed)
    view = random_view(rng, random_style(rng))
    cal = Calibration.from_image(render_frame(START, START, view, rng=seed)[0])
    frame, truth = render_frame(p0, p1, view, rng=seed)
    got = labels.as_image_shows(BoardReader(cal, read_dice=False, read_cube=False).read(frame).to_label_dict())  # (rows as the image shows them: the colour names)
    assert labels.bar_right(got, truth), (got["bar"], truth["bar"])


def test_the_bar_model_has_the_bars_colours_for_board_not_the_points():
    cream, white = (225.0, 128.0, 140.0), (240.0, 128.0, 128.0)
    black, wood = (30.0, 128.0, 128.0), (120.0, 140.0, 160.0)
    cents = ((checkers.BOARD, *cream), (checkers.BAR_BOARD, *wood), (1, *white), (2, *black))
    ivory = np.array([[[200, 228, 236]]], np.uint8)  # BGR: nearer the cream point than the white checker
    idx = checkers.bin_index(ivory)
    points, _ = checkers.build_lut(cents)
    on_bar, _ = checkers.build_lut(cents, bar=True)
    assert points[idx].item() == checkers.BOARD  # on a point it is the point
    assert on_bar[idx].item() == 1  # on the bar no point shows: it is the light checker
    wood_bgr = np.array([[[110, 135, 160]]], np.uint8)
    assert points[checkers.bin_index(wood_bgr)].item() == checkers.BOARD  # the bar's colour is board everywhere
    assert on_bar[checkers.bin_index(wood_bgr)].item() == checkers.BOARD


def _old_models(centroids):
    """The colour models as version 1 built them: the points' without the bar's colours, the bar's
    with every board colour and the bar's own as board."""
    points = tuple(tuple(map(float, c)) for c in centroids if c[0] != checkers.BAR)
    bar = tuple((float(checkers.BOARD if c[0] == checkers.BAR else c[0]), *map(float, c[1:])) for c in centroids)
    return checkers._build_lut(points)[0], checkers._build_lut(bar)[0]


def test_a_calibration_saved_before_the_bar_board_class_reads_as_it_did(tmp_path):
    """A version-1 file stored the bar's colours far from every checker's as BOARD, like the
    points' colours: loaded now, its points and its bar are read with the models it was made with."""
    cal = Calibration(image_size=(640, 360), rotate=0, corners=((0, 0), (1, 0), (1, 1), (0, 1)),
                      outer=((0, 0), (1, 0), (1, 1), (0, 1)), size=(600, 400), bar=(290, 310),
                      colours=("white", "black"), players=("white", "black"), home="bottom right",
                      centroids=((checkers.BOARD, 225.0, 128.0, 140.0), (checkers.BOARD, 120.0, 140.0, 160.0),
                                 (1, 240.0, 128.0, 128.0), (2, 30.0, 128.0, 128.0),
                                 (checkers.BAR, 60.0, 130.0, 135.0)),
                      pitch=20.0, offset=(0.0, 0.0), distance_limit=40.0)
    old = dict(cal.to_dict(), version=1)
    (tmp_path / "old.json").write_text(json.dumps(old))
    loaded = Calibration.load(tmp_path / "old.json")
    points, bar = _old_models(cal.centroids)
    assert np.array_equal(checkers.build_lut(loaded.centroids)[0], points)
    assert np.array_equal(checkers.build_lut(loaded.centroids, bar=True)[0], bar)
    no_bar = dict(old, centroids=[c for c in old["centroids"] if c[0] != checkers.BAR])
    (tmp_path / "no_bar.json").write_text(json.dumps(no_bar))
    assert not checkers.has_bar_model(Calibration.load(tmp_path / "no_bar.json").centroids)
