"""The board reader on the real photos of ../shared/data/boards/gallbotond, with measured thresholds.

Measured (bench/vision_eval.py): 1488/1488 points, 62/62 boards, 15/15 hand frames with no reading,
0 clear frames called a hand. The thresholds sit a little below so a regression fails.
"""
import collections

import pytest

from vision import BoardReader, Calibration, labels


def _session(name):
    return name.split("_frame")[0] if "_frame" in name else "minta"


@pytest.fixture(scope="module")
def results(shared_data):
    folder = shared_data / "boards" / "gallbotond"
    names = sorted(p.name for p in folder.glob("*.jpg"))
    sessions = collections.defaultdict(list)
    for n in names:
        sessions[_session(n)].append(n)
    truth = {n: labels.load(folder / (n + ".json")) for n in names}
    calibrations = {}
    for s, frames in sessions.items():
        clear = [n for n in frames if not truth[n]["hand_in_view"]]
        if clear:
            calibrations[s] = (clear[0], Calibration.from_image(folder / clear[0], truth[clear[0]]))
    out = collections.Counter()
    for s, frames in sessions.items():
        if s in calibrations:
            cal_name, cal = calibrations[s]
        else:  # hand in every frame: the calibration of a session of the same camera
            cal_name, cal = calibrations["2024-03-16_23_35_04" if s.startswith("2024-03-16_16_00") else "2024-03-16_20_47_42"]
        reader = BoardReader(cal, read_dice=False)
        for n in frames:
            if n == cal_name:
                continue
            reading = reader.read(folder / n)
            if truth[n]["hand_in_view"]:
                out["hand_frames"] += 1
                out["hands_found"] += reading.hand_in_view
                continue
            out["clear_frames"] += 1
            out["false_hands"] += reading.hand_in_view
            if reading.hand_in_view:
                continue
            score = labels.compare(reading.to_label_dict(), truth[n])
            out["points"] += score.scored
            out["points_right"] += score.right
            out["boards_right"] += score.board_right
    return out


def test_points_read_exactly(results):
    assert results["points"] >= 1400
    assert results["points_right"] / results["points"] >= 0.995


def test_whole_boards_read_exactly(results):
    assert results["boards_right"] / results["clear_frames"] >= 0.95


def test_hand_frames_get_no_reading(results):
    assert results["hand_frames"] == 15
    assert results["hands_found"] == results["hand_frames"]


def test_clear_frames_are_not_called_hands(results):
    assert results["false_hands"] == 0
