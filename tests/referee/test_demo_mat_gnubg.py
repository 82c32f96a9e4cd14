"""The demo's .mat imported into GNU Backgammon holds the same moves and cube actions as the
journal (gnubg as the independent reader of the file)."""
import subprocess
import sys
import textwrap

import pytest

import engine
from referee.demo import run_demo
from referee.journal import read_journal


def gnubg_match(mat_path):
    """gnubg.match() of the imported file, in a child (gnubg prints boards on import)."""
    code = textwrap.dedent(f"""
        import json, gnubg
        gnubg.command('import mat {mat_path}')
        m = gnubg.match()
        print('JSON' + json.dumps(m['games'], default=list))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    line = [x for x in out.stdout.splitlines() if x.startswith("JSON")][-1]
    import json
    return json.loads(line[4:])


def test_demo_mat_imports_into_gnubg_with_the_same_moves(tmp_path):
    pytest.importorskip("gnubg")
    result = run_demo(tmp_path, truth=True)
    records, _ = read_journal(result.journal)
    ours = [r["action"] for r in records if r.get("action")]
    games = gnubg_match(result.mat)
    theirs = [a for g in games for a in g["game"] if a.get("action") in ("move", "double", "take", "drop")]
    our_moves = [a for a in ours if a["action"] in ("move", "illegal_stands")]
    their_moves = [a for a in theirs if a["action"] == "move"]
    assert len(their_moves) == len(our_moves)
    for mine, gnu in zip(our_moves, their_moves):
        before = engine.Position.from_id(gnu["board"])
        gnu_play = engine.Play([engine.Move(s, d) for s, d in gnu["move"]])
        if mine["action"] == "move":
            assert before.play(gnu_play) == before.play(engine.Play.parse(mine["play"]))
        else:  # a condoned illegal move (R9): the board it left
            stood = engine.action_from_json(mine).position
            assert before.play(gnu_play).swapped().on_roll == stood.on_roll
            assert before.play(gnu_play).swapped().opponent == stood.opponent
    assert [a["action"] for a in theirs if a["action"] != "move"] == [
        {"double": "double", "take": "take", "pass": "drop"}[a["action"]]
        for a in ours if a["action"] in ("double", "take", "pass")]
    assert len(games) == 2 and games[0]["info"]["points-won"] == 2
    assert games[0]["info"]["winner"] == "O"  # Bob, player 1 (gnubg's O is the second player)
