"""`bgref legal`: plays one a line, and the --jsonl bulk mode (gnubg-compatible result IDs)."""
import io
import json
import random
import subprocess
import sys

import pytest

from engine import Dice, Position, random_position
from referee import cli
from referee.commands.engine_cmds import run_jsonl


def test_legal_prints_every_play(capsys):
    assert cli.main(["legal", "4HPwATDgc/ABMA", "31"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 16 and "8/5 6/5" in lines and "24/20" in lines


def test_legal_accepts_xgid(capsys):
    assert cli.main(["legal", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "65"]) == 0
    assert "24/13" in capsys.readouterr().out.splitlines()


def test_legal_forfeit_is_said(capsys):
    closed = Position((0,) * 12 + (14,) + (0,) * 11 + (1,), (2,) * 6 + (0, 3) + (0,) * 17)
    assert cli.main(["legal", closed.id, "66"]) == 0
    assert "forfeited" in capsys.readouterr().out


@pytest.mark.parametrize("argv, fragment", [
    (["legal", "xyz", "31"], "Position ID 'xyz' is not 14 base64 characters"),
    (["legal", "4HPwATDgc/ABMA", "71"], "'71'"),
    (["legal", "4HPwATDgc/ABMA"], "give POSITION_ID and DICE"),
])
def test_legal_bad_input_one_line_exit_2(capsys, argv, fragment):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert fragment in err and len(err.strip().splitlines()) == 1


def test_jsonl_results_and_errors():
    lines = [
        json.dumps({"position_id": "4HPwATDgc/ABMA", "dice": [3, 1]}),
        "not json",
        json.dumps({"position_id": "4HPwATDgc/ABMA", "dice": [7, 1]}),
        json.dumps({"position_id": "xyz", "dice": [3, 1]}),
        json.dumps({"dice": [3, 1]}),
        json.dumps({"position_id": "4HPwATDgc/ABMA", "dice": [3]}),
    ]
    out = io.StringIO()
    assert run_jsonl(iter(line + "\n" for line in lines), out) == 5
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(answers) == 6
    assert len(answers[0]["results"]) == 16 and answers[0]["results"] == sorted(answers[0]["results"])
    for n, answer in enumerate(answers[1:], 2):
        assert answer["error"].startswith(f"line {n}: ")
    assert "not JSON" in answers[1]["error"] and "die 7" in answers[2]["error"]
    assert "'xyz'" in answers[3]["error"] and "position_id" in answers[4]["error"]


def test_jsonl_pass_gives_the_unchanged_position():
    closed = Position((0,) * 12 + (14,) + (0,) * 11 + (1,), (2,) * 6 + (0, 3) + (0,) * 17)
    out = io.StringIO()
    run_jsonl([json.dumps({"position_id": closed.id, "dice": [6, 6]})], out)
    assert json.loads(out.getvalue()) == {"results": [closed.id]}


def test_jsonl_ids_are_gnubgs():
    gnubg = pytest.importorskip("gnubg")
    rng = random.Random(5)
    cases = [(random_position(rng), Dice(rng.randint(1, 6), rng.randint(1, 6))) for _ in range(200)]
    out = io.StringIO()
    run_jsonl((json.dumps({"position_id": p.id, "dice": [d.a, d.b]}) for p, d in cases), out)
    for (p, d), line in zip(cases, out.getvalue().splitlines()):
        board = (p.opponent, p.on_roll)
        # a money game's centred cube told in full (test_oracle_gnubg.money_cube: not gnubg's current match)
        moves = gnubg.find_best_moves(board, gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0),
                                      gnubg.evalcontext(0, 0, 1, 0, 0), (d.a, d.b))
        results = json.loads(line)["results"]
        assert len(results) == max(len(moves), 1)
        assert all(len(r) == 14 for r in results)


def test_jsonl_streams_many_lines_in_one_run():
    """A real process, 5,000 lines through a pipe (bench/engine.py times 100,000)."""
    rng = random.Random(9)
    lines = "".join(
        json.dumps({"position_id": random_position(rng).id, "dice": [rng.randint(1, 6), rng.randint(1, 6)]}) + "\n"
        for _ in range(1_000)) * 5
    proc = subprocess.run([sys.executable, "-m", "referee.cli", "legal", "--jsonl"], input=lines,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == 5_000 and all(line.startswith('{"results": [') for line in out)
