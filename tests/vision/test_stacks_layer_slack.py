"""vision.checkers: a second layer told by its rims where the pitch is a photo's guess (issue 10).

A pyramid's rims are thin lines a pixel or two wide: with a pitch 3% off, the row's last joints lie
outside the window row_rims looks for them in, and the layer is not seen; on a stack of checkers
the colour of their point, read by their rims alone, rim_counts then read nothing at all (an
ivory eight on a white point, bench seed 3 style 12 with no calibration, at a pitch of 27.6 where
26.8 read it). The photo reader's rim_counts looks at the pitch scaled by LAYER_SLACK too
(checkers.layered_near); a calibrated reader, whose pitch was fitted on a known position, does not
(there it read six frames of seed 2 worse)."""
import numpy as np

from vision import checkers

PITCH, OFFSET = 55.0, 4.0


def _line(marks) -> np.ndarray:
    """Brightness along a point's middle with a one-pixel dark line (a rim) at each of `marks`
    (in checkers from the row's start)."""
    line = np.full(300, 120.0, np.float32)
    for k in marks:
        line[int(round(OFFSET + k * PITCH))] = 50.0
    return line


PYRAMID = (0.5, 1.5, 2.5, 3.5, 4.0, 5.0)  # three layered on a row of five: half way, then its open joints
ROW = (1.0, 2.0, 3.0, 4.0, 5.0)  # a row of five alone: its joints


def test_a_layer_is_seen_at_its_pitch():
    assert checkers.layered_row(_line(PYRAMID), PITCH, OFFSET)[0] == 8
    assert checkers.layered_near(_line(PYRAMID), PITCH, OFFSET)[0] == 8


def test_a_layer_is_seen_with_a_guessed_pitch_three_percent_off():
    for pitch in (0.97 * PITCH, 1.03 * PITCH):
        assert checkers.layered_near(_line(PYRAMID), pitch, OFFSET)[0] == 0  # (the pitch alone misses it)
        assert checkers.layered_near(_line(PYRAMID), pitch, OFFSET, slack=checkers.LAYER_SLACK)[0] == 8


def test_no_layer_is_made_of_a_plain_row():
    for pitch in (0.97 * PITCH, PITCH, 1.03 * PITCH):
        assert checkers.layered_near(_line(ROW), pitch, OFFSET, slack=checkers.LAYER_SLACK)[0] == 0
