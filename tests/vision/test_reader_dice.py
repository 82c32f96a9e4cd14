"""Dice read inside the calibrated board region agree with the labels (the region path chooses
its pip kernels from the board's width, which once left out the size these stills need)."""
import json

import cv2
import pytest

from vision import BoardReader, Calibration


@pytest.mark.parametrize("still", [6, 12])
def test_board_region_reads_the_labelled_dice(shared_data, still):
    folder = shared_data / "boards" / "gallbotond"
    labels = json.loads((folder / "minta_1.jpg.json").read_text())
    calibration = Calibration.from_image(cv2.imread(str(folder / "minta_1.jpg")), labels=labels)
    name = f"minta_{still}.jpg"
    wanted = sorted(d["pips"] for d in json.loads((folder / f"{name}.json").read_text())["dice"])
    reading = BoardReader(calibration).read(cv2.imread(str(folder / name)))
    assert sorted(d.pips for d in reading.dice) == wanted


def test_board_reader_with_a_cached_cube_reader_reads_the_cube_once_while_nothing_changes(shared_data):
    """BoardReader(calibration, read_cube=CachedCubeReader()) is how the cube is spared on every
    frame: the same frame again (and again with sensor noise) costs no second cube read; a frame
    where the board changed does."""
    import numpy as np

    from vision.cube import CachedCubeReader

    folder = shared_data / "boards" / "gallbotond"
    labels = json.loads((folder / "minta_1.jpg.json").read_text())
    calibration = Calibration.from_image(cv2.imread(str(folder / "minta_1.jpg")), labels=labels)
    cube = CachedCubeReader()
    reader = BoardReader(calibration, read_cube=cube)
    frame = cv2.imread(str(folder / "minta_6.jpg"))
    first = reader.read(frame)
    noisy = np.clip(frame.astype(np.int16) + np.random.default_rng(1).normal(0, 3, frame.shape).round(),
                    0, 255).astype(np.uint8)
    assert reader.read(frame).cube == first.cube and reader.read(noisy).cube == first.cube
    assert cube.reads == 1
    reader.read(cv2.imread(str(folder / "minta_12.jpg")))
    assert cube.reads == 2
