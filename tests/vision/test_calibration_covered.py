"""Calibration.from_image where no whole board outline stands out from the table (bench/vision_styles.py
seed 5 style 15: navy felt, cream/red points, white/black checkers, an oak frame on the table, a
cup, a scoresheet and a second board beside it, a 24 degree tilt). The region unlike the table
is not four-sided, and the start position failed to calibrate ("no board found"), while the photo
reader, which also takes the outline of a board partly covered, read every frame. The calibration
now tries that outline too; its known position, read back, says whether it is the board."""
import numpy as np
import pytest

from vision.calibration import Calibration
from vision.errors import CalibrationError
from vision.reader import BoardReader
from vision.render import render_frame

from .rendered import bench_view, wrong_points

CASE = 5015
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
PLAY = ((0, 0, 0, 0, 0, 2, 0, 0, 0, 3, 6, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1),
        (0, 0, 0, 5, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0))


def test_a_board_found_only_as_one_partly_covered_calibrates_on_its_start_position():
    image, _ = render_frame(START, START, bench_view(CASE), rng=CASE)
    cal = Calibration.from_image(image)
    frame, truth = render_frame(*PLAY, bench_view(CASE), rng=CASE)
    assert wrong_points(BoardReader(cal).read(frame), truth) == 0


def test_an_image_with_no_board_still_fails_to_calibrate():
    rng = np.random.default_rng(1)
    noise = rng.integers(90, 110, (480, 640, 3), dtype=np.uint8)
    with pytest.raises(CalibrationError):
        Calibration.from_image(noise)
