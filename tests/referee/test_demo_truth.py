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


def test_demo_through_the_rendered_frames_and_the_vision_gives_the_same_match(tmp_path):
    from referee.demo import DemoResult
    seen = run_demo(tmp_path / "vision")
    assert seen.readings.startswith("vision.BoardReader"), seen.readings
    truth = run_demo(tmp_path / "truth", truth=True)

    def actions(result: DemoResult):
        return [r["action"] for r in result.table.journal.records if r.get("action")]
    assert actions(seen) == actions(truth)
    assert seen.mat.read_text() == truth.mat.read_text()
    assert seen.seconds < 60
