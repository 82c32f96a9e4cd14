"""A calibration learns each checker colour's face (checkers.face_models) and how like a face the
empty places of its image look, a hundred places and more: from a map of the face's likeness at
every pixel (checkers._Likeness), not a masked template match per place. The map must find what
the match per place finds."""

import cv2
import numpy as np
import pytest

from vision import checkers
from vision.checkers import _best_fit, _disc, _Likeness
from vision.render import BoardView, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def _gray_and_face(r: int):
    frame, truth = render_frame(START, START, BoardView(style="tournament"), rng=3)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    x, y = (int(v) for v in truth["geometry"]["checkers"][0]["centre"])
    face = gray[y - r: y + r + 1, x - r: x + r + 1].astype(np.float32)
    disc = _disc(r) > 0
    face = np.where(disc, (face - face[disc].mean()) / (face[disc].std() + 1e-3), 0.0).astype(np.float32)
    return gray, face


@pytest.fixture
def mapped(monkeypatch):
    monkeypatch.setattr(checkers, "LIKENESS_MAP_AFTER", 0)  # (every place from the map)


@pytest.mark.parametrize("r, m", [(12, 4), (7, 2)])
def test_the_map_finds_the_likeness_and_the_place_the_match_per_place_finds(mapped, r, m):
    gray, face = _gray_and_face(r)
    likeness = _Likeness(gray, face, r, m)
    rng = np.random.default_rng(0)
    H, W = gray.shape
    for y, x in zip(rng.uniform(-2, H + 2, 400), rng.uniform(-2, W + 2, 400)):  # (the image's edges too)
        want, got = _best_fit(gray, y, x, face, r, m), likeness.best(y, x)
        assert got[0] == pytest.approx(want[0], abs=2e-3), (y, x)
        if want[0] > 0.5:  # (a face: the same place)
            assert got[1:] == pytest.approx(want[1:]), (y, x)


def test_a_disc_of_one_even_grey_is_like_no_face(mapped):
    gray, face = _gray_and_face(12)
    gray[:60, :60] = 90
    assert _Likeness(gray, face, 12, 4).best(25.0, 25.0)[0] == -1.0 == _best_fit(gray, 25.0, 25.0, face, 12, 4)[0]


def test_off_the_image_no_face_is_found(mapped):
    gray, face = _gray_and_face(12)
    assert _Likeness(gray, face, 12, 4).best(-5.0, 10.0) == (-1.0, -5.0, 10.0)


def test_a_few_places_are_matched_one_by_one(monkeypatch):
    gray, face = _gray_and_face(12)
    likeness = _Likeness(gray, face, 12, 4)
    for _ in range(checkers.LIKENESS_MAP_AFTER):
        assert likeness.best(100.0, 200.0) == _best_fit(gray, 100.0, 200.0, face, 12, 4)
    assert likeness.like is None
    likeness.best(100.0, 200.0)
    assert likeness.like is not None
