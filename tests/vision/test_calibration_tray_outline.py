"""Calibration.from_image choosing between outlines that read the start position back equally well
(bench/vision_styles.py seed 4 style 9: burgundy felt and tray, a walnut frame on a brown table). The
outline holding the tray had its top side snapped a little askew, and its layout read 23 points
back, as did the layout of an outline round the playing area alone, which won the tie. The hand
gate watches a ring just outside the outline: it lay over the tray, and red checkers borne off
there were taken for a hand (two frames of six read nothing). On a tie the layout found is now
kept inside the outline that holds it (calibration._holds): the ring lies round the tray."""
import cv2
import numpy as np

from vision.calibration import Calibration
from vision.reader import BoardReader
from vision.render import render_frame

from .rendered import bench_view, wrong_points

CASE = 4009
START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
BORNE_OFF = ((0, 3, 1, 0, 0, 5) + (0,) * 19,  # its position 3: six red checkers borne off
             (0, 0, 0, 0, 2, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 8, 0))


def test_checkers_borne_off_into_a_tray_the_felts_colour_are_no_hand():
    image, truth = render_frame(START, START, bench_view(CASE), rng=CASE)
    cal = Calibration.from_image(image)
    tray = np.float32(truth["geometry"]["tray"]).reshape(-1, 2).mean(0)
    outer = np.float32(cal.outer).reshape(-1, 1, 2)
    assert cv2.pointPolygonTest(outer, (float(tray[0]), float(tray[1])), False) > 0  # (the outline holds the tray)
    frame, after = render_frame(*BORNE_OFF, bench_view(CASE), rng=CASE)
    reading = BoardReader(cal).read(frame)
    assert not reading.hand_in_view
    assert wrong_points(reading, after) == 0

