"""The referee's sub-commands: config --check/--example, export, replay wiring."""
import pytest

from referee import cli
from referee.config import example_toml


def test_config_check_ok(tmp_path, capsys):
    path = tmp_path / "bgref.toml"
    path.write_text(example_toml())
    assert cli.main(["config", "--check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: ok"


def test_config_check_names_each_problem_with_its_line(tmp_path, capsys):
    path = tmp_path / "bgref.toml"
    path.write_text("[match]\nlength = 5\ncrawfrod = true\n\n[display]\nbrightness = 300\n")
    assert cli.main(["config", "--check", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith(f"{path}:3: unknown key 'crawfrod'") and "crawford" in err[0]
    assert err[1].startswith(f"{path}:6: [display] brightness")


def test_config_check_missing_file_is_one_clear_line(tmp_path, capsys):
    assert cli.main(["config", "--check", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bgref config: error:") and err.count("\n") == 1


def test_config_example_prints_the_documented_file(capsys):
    assert cli.main(["config", "--example"]) == 0
    assert capsys.readouterr().out == example_toml()


def test_export_writes_the_journal_s_match(tmp_path, capsys):
    from referee.demo import run_demo
    result = run_demo(tmp_path / "demo", truth=True)
    out = tmp_path / "m.mat"
    assert cli.main(["export", str(result.journal), "-o", str(out)]) == 0
    assert out.read_text() == result.mat.read_text() and out.stat().st_size > 0


def test_export_of_a_broken_journal_is_one_clear_line(tmp_path, capsys):
    path = tmp_path / "j.jsonl"
    path.write_text('{"seq": 1, "type": "roll"}\n')
    assert cli.main(["export", str(path), "-o", str(tmp_path / "m.mat")]) == 2
    assert "does not start with a 'match' record" in capsys.readouterr().err


def test_run_with_a_bad_config_is_one_clear_line(tmp_path, capsys):
    path = tmp_path / "bgref.toml"
    path.write_text("[camera]\nsource = 'webcam'\n")
    assert cli.main(["run", "-c", str(path)]) == 2
    assert ":2: [camera] source" in capsys.readouterr().err


def test_replay_of_a_missing_folder_is_one_clear_line(tmp_path, capsys):
    assert cli.main(["replay", str(tmp_path / "none"), "--calibration", str(tmp_path / "c.json")]) == 2
    assert capsys.readouterr().err.startswith("bgref replay: error:")


def test_run_on_the_simulated_table_then_again_starts_a_new_match(tmp_path, capsys):
    import json
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "render"\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "match.jsonl"\nsettle_frames = 1\n[match]\nlength = 3\n')
    assert cli.main(["run", "-c", str(config)]) == 0
    records = [json.loads(x) for x in (tmp_path / "match.jsonl").read_text().splitlines()]
    assert records[-1]["type"] == "game_over" and records[-1]["match_over"]
    assert "+--------------------+" in capsys.readouterr().out  # the terminal display
    assert cli.main(["run", "-c", str(config), "--frames", "3"]) == 0
    kept = [p for p in tmp_path.glob("match-*.jsonl")]
    assert len(kept) == 1
    kept_records = [json.loads(x) for x in kept[0].read_text().splitlines()]
    assert kept_records[:-1] == records and kept_records[-1]["type"] == "resumed"
    assert [json.loads(x)["type"] for x in (tmp_path / "match.jsonl").read_text().splitlines()][0] == "match"
