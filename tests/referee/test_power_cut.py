"""SIGKILL the referee mid-turn (a child process running the table loop), resume from the
journal, and check nothing was lost: every record written before the kill is kept and the
match's actions are exactly those of a run that was never interrupted."""
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from referee.demo import DEMO_OPTIONS, DEMO_PLAYERS, SceneSource, scripted_tape
from referee.journal import read_journal
from referee.simulated import RecordingDisplay, RecordingSignals, TruthPipeline
from referee.table import open_table

ROOT = pathlib.Path(__file__).resolve().parents[2]


def actions(records):
    return [r["action"] for r in records if r.get("action")]


def reference_actions(tmp_path):
    pipeline = TruthPipeline()
    table = open_table(tmp_path / "ref.jsonl", match_options=DEMO_OPTIONS, players=DEMO_PLAYERS,
                       clock=lambda: 0.0, signals=RecordingSignals(), display=RecordingDisplay(),
                       right_half_of=pipeline.right_half_of)
    source = SceneSource(scripted_tape(), None, press=table.press)
    while (reading := source.read()) is not None:
        table.feed(reading)
    return actions(table.journal.records), table.state.score


def child(journal, start, *extra):
    return subprocess.Popen(
        [sys.executable, "-m", "tests.referee.table_child", str(journal), str(start), *extra],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)


@pytest.mark.parametrize("kill_after_rolls, torn, frames", [
    (1, False, "truth"), (3, True, "truth"), (2, False, "render")])
def test_sigkill_mid_turn_then_resume_loses_nothing(tmp_path, kill_after_rolls, torn, frames):
    """frames="render": the child renders the frames and reads them with the vision."""
    expected, score = reference_actions(tmp_path)
    journal = tmp_path / "j.jsonl"
    extra = ("--render",) if frames == "render" else ()
    proc = child(journal, 0, "--delay", "0.02", *extra)
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        if journal.exists():
            records, _ = read_journal(journal)
            if sum(r["type"] == "roll" for r in records) >= kill_after_rolls:
                break
        time.sleep(0.005)
    os.kill(proc.pid, signal.SIGKILL)
    out, _ = proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    done = [int(line.split()[1]) for line in out.splitlines() if line.startswith("frame")]
    assert "done" not in out
    before, _ = read_journal(journal)
    assert before[-1]["type"] != "game_over"
    if torn:  # the power went while a line was being written
        with open(journal, "ab") as f:
            f.write(b'{"seq": 999, "time": 1, "type": "verd')
    resumed = child(journal, done[-1], *extra)
    out, _ = resumed.communicate(timeout=60)
    assert resumed.returncode == 0 and "done" in out
    after, _ = read_journal(journal)
    assert after[:len(before)] == before                  # nothing written before was lost
    assert any(r["type"] == "resumed" for r in after[len(before):])
    assert actions(after) == expected                      # and the match is the same
    assert after[-1]["score"] == list(score) or tuple(after[-1]["score"]) == tuple(score)
