"""bgref replay: the referee over a folder of recorded frames (the vision replaced by a reader
that knows each frame's scene, so this tests the replay itself)."""
import cv2
import numpy as np
import pytest

from referee import cli
from referee.demo import scripted_tape
from referee.simulated import truth_reading


@pytest.fixture
def recorded(tmp_path, monkeypatch):
    tape = [item for item in scripted_tape() if not isinstance(item, str)]
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, _ in enumerate(tape):
        image = np.zeros((8, 8, 3), np.uint8)
        image[0, 0] = (i % 256, i // 256, 0)
        cv2.imwrite(str(folder / f"frame{i}.png"), image)

    class Reader:
        def __init__(self, calibration):
            pass

        def read(self, frame):
            return truth_reading(tape[int(frame[0, 0, 0]) + 256 * int(frame[0, 0, 1])])

    class Cal:
        @staticmethod
        def load(path):
            cal = Cal()
            cal.right_half_of = lambda p: "right half" if p == 0 else "left half"
            return cal
    import vision.calibration
    import vision.reader
    monkeypatch.setattr(vision.reader, "BoardReader", Reader)
    monkeypatch.setattr(vision.calibration, "Calibration", Cal)
    return folder, len(tape)


def test_replay_lists_every_verdict_and_writes_journal_and_mat(recorded, tmp_path, capsys):
    folder, frames = recorded
    config = tmp_path / "bgref.toml"
    config.write_text("[referee]\nsettle_frames = 1\n[match]\nlength = 3\n")  # one frame a scene
    assert cli.main(["replay", str(folder), "--calibration", "cal.json", "-c", str(config),
                     "-o", str(tmp_path / "m.mat")]) == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    verdict_lines = [x for x in lines if x.startswith("frame ")]
    assert sum(": illegal " in x for x in verdict_lines) == 1, out  # (recordings carry no presses)
    assert sum(": legal " in x for x in verdict_lines) == 2  # the move, the correction
    assert lines[-1].startswith(f"{frames} frames: ")
    assert "replay" in out.err  # progress
    assert (tmp_path / "frames.jsonl").exists() and (tmp_path / "m.mat").stat().st_size > 0
