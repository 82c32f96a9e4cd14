import json

from referee.demo import run_demo


def test_demo_script_from_truth_covers_every_path(tmp_path):
    result = run_demo(tmp_path, truth=True, clock=lambda: 1000.0)
    types = [r["type"] for r in result.table.journal.records]
    verdicts = [r.get("verdict") for r in result.table.journal.records if r["type"] == "verdict"]
    assert "legal" in verdicts and "illegal" in verdicts
    assert "corrected" in types and "condoned" in types and "reroll" in types
    assert "take" in types and types.count("pass") == 1
    assert "double_refused" in types and result.table.state.crawford  # R13
    assert tuple(result.table.state.score) == (0, 2) and result.table.phase == "roll"
    lines = (tmp_path / "demo.jsonl").read_text().splitlines()
    assert [json.loads(x)["type"] for x in lines] == types
