"""The referee's sub-commands: config --check/--example, export, replay wiring, run."""
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


def test_run_on_the_simulated_table_then_resumes(tmp_path, capsys):
    import json
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "render"\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "match.jsonl"\nsettle_frames = 1\n[match]\nlength = 3\n')
    assert cli.main(["run", "-c", str(config)]) == 0
    records = [json.loads(x) for x in (tmp_path / "match.jsonl").read_text().splitlines()]
    assert [r["score"] for r in records if r["type"] == "game_over"] == [[0, 2]]
    assert "+--------------------+" in capsys.readouterr().out  # the terminal display
    assert cli.main(["run", "-c", str(config), "--frames", "3"]) == 0
    again = [json.loads(x) for x in (tmp_path / "match.jsonl").read_text().splitlines()]
    assert again[:len(records)] == records and again[len(records)]["type"] == "resumed"


def test_run_keeps_a_finished_match_and_starts_the_next(tmp_path):
    import json
    import random
    from referee.demo import DEMO_OPTIONS, Director
    from referee.simulated import RecordingDisplay, RecordingSignals, TruthPipeline
    from referee.table import open_table
    pipeline = TruthPipeline()
    table = open_table(tmp_path / "match.jsonl", match_options=dict(DEMO_OPTIONS, match_length=1),
                       players=("A", "B"), clock=lambda: 0.0, signals=RecordingSignals(),
                       display=RecordingDisplay(), right_half_of=pipeline.right_half_of)
    d = Director(table, pipeline)
    d.set_up()
    d.opening(3, 1)
    d.move_to(table.state.position.play("8/5 6/5"))
    d.lift()
    table.press("double")   # a 1-point match: the cube is dead, so the engine refuses ...
    assert table.phase == "roll"
    rng = random.Random(2)
    d.play_random(rng, 400)    # ... and the game is played to the end
    assert table.phase == "match over"
    table.journal.close()
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "render"\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "match.jsonl"\n[match]\nlength = 1\n')
    assert cli.main(["run", "-c", str(config), "--frames", "2"]) == 0
    kept = list(tmp_path.glob("match-*.jsonl"))
    assert len(kept) == 1 and '"match_over":true' in kept[0].read_text()
    fresh = [json.loads(x) for x in (tmp_path / "match.jsonl").read_text().splitlines()]
    assert fresh[0]["type"] == "match" and not any(r["type"] == "game_over" for r in fresh)


@pytest.mark.data
def test_run_over_a_folder_of_real_frames(tmp_path, shared_data, capsys):
    """`bgref run` with a folder source and a calibration made from a real photo: every frame
    is read (hands included) without a verdict, since that game never shows the set-up."""
    from vision.calibration import Calibration
    folder = shared_data / "boards" / "gallbotond"
    session = sorted(folder.glob("2024-03-16_23_35_04_frame*.jpg"))
    frames = tmp_path / "frames"
    frames.mkdir()
    for path in session:  # links to one session's photos (read in place, never copied)
        (frames / path.name).symlink_to(path)
    Calibration.from_image(session[0], str(session[0]) + ".json").save(tmp_path / "cal.json")
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "folder:frames"\ncalibration = "cal.json"\n'
                      '[signals]\npin_factory = "mock"\n[referee]\njournal = "m.jsonl"\n')
    assert cli.main(["run", "-c", str(config)]) == 0
    import json
    records = [json.loads(x) for x in (tmp_path / "m.jsonl").read_text().splitlines()]
    assert records[0]["type"] == "match" and not any(r["type"] == "verdict" for r in records)
    assert "set up the checkers" in capsys.readouterr().out


def test_config_check_reports_club_problems_with_the_line(tmp_path, capsys):
    path = tmp_path / "bgref.toml"
    path.write_text('[referee]\njournal = "m.jsonl"\n\n[mqtt]\nport = 99999\n')
    assert cli.main(["config", "--check", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"{path}:5: [mqtt] port must be 1..65535")
