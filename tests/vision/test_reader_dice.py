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
