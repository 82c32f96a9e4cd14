"""A game already in progress taken from the board (`bgref run --from-board`): rendered frames of
a mid-game position read by the real vision.BoardReader start the game there, the next move is
judged as usual, and a resume after a kill keeps that start."""
import pytest

import engine
from engine import Play
from referee import adapters
from referee.config import parse_config
from referee.demo import DEMO_OPTIONS, Director
from referee.journal import Journal
from referee.run import board_start_of
from referee.simulated import (Camera, RecordingDisplay, RecordingSignals, Scene, TruthPipeline,
                               VisionPipeline)
from referee.table import BoardStart, Table, open_table, parse_cube, replay_journal

START = Scene(sides=adapters.sides_of(engine.Position.start()))
# player 0 on roll after 6-1 (13/7 8/7) and player 1's 4-3 (24/21 13/9)
MIDGAME = engine.Position.start(turn=0).play(Play.parse("13/7 8/7")).play(Play.parse("24/21 13/9"))


@pytest.fixture(scope="module")
def pipeline():
    """The real pipeline: rendered frames, calibrated on the set-up, read by vision.BoardReader."""
    return VisionPipeline(Camera(style="paper", seed=3), START)


def table_over(path, pipeline, board_start=BoardStart(), **kwargs):
    return open_table(path, match_options=DEMO_OPTIONS, players=("Ann", "Bob"), clock=lambda: 0.0,
                      signals=RecordingSignals(), display=RecordingDisplay(),
                      right_half_of=pipeline.right_half_of, board_start=board_start, **kwargs)


def director(table, pipeline, position=MIDGAME, cube=(64, "middle")):
    d = Director(table, pipeline)
    d.scene = Scene(sides=adapters.sides_of(position), cube=cube)
    d.show(2)
    return d


def test_the_midgame_frame_is_read_whole(pipeline):
    assert pipeline.read(Scene(sides=adapters.sides_of(MIDGAME))).sides == adapters.sides_of(MIDGAME)


def test_the_first_dice_say_who_is_on_roll_then_a_legal_move(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline)
    d = director(table, pipeline)
    assert table.phase == "setup" and table.state.phase == engine.OPENING  # who rolls is unknown
    d.roll(0, 3, 1)
    assert table.phase == "move" and table.mover == 0 and table.dice == engine.Dice(3, 1)
    assert table.state.position == MIDGAME and table.state.position.turn == 0
    d.move_to(MIDGAME.play(Play.parse("8/5 6/5")))
    d.lift()
    assert [(v["verdict"], v["play"]) for v in table.verdicts] == [("legal", "8/5 6/5")]
    assert table.phase == "roll" and table.state.position.turn == 1
    starts = [r for r in table.journal.records if r["type"] == "board_start"]
    assert len(starts) == 1 and starts[0]["action"]["on_roll"] == 0


def test_player1_rolling_first_puts_player1_on_roll(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline)
    d = director(table, pipeline, position=MIDGAME.swapped())
    d.roll(1, 6, 5)
    assert table.phase == "move" and table.mover == 1
    assert table.state.position == MIDGAME.swapped()


def test_the_next_move_illegal_is_judged_illegal(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline, board_start=BoardStart(on_roll=0))
    d = director(table, pipeline)
    assert table.phase == "roll" and table.state.position == MIDGAME  # on roll given: no dice needed
    d.roll(0, 3, 1)
    d.move_to(MIDGAME.play(Play.parse("8/4 6/5")))  # a 4 and a 1 for a 3-1
    d.lift()
    assert [v["verdict"] for v in table.verdicts] == ["illegal"]


def test_dice_in_both_halves_are_rolled_again(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline)
    d = director(table, pipeline)
    d.show(dice=((3, "right half", True), (1, "left half", True)))
    assert table.phase == "reroll" and table.state.phase == engine.OPENING
    d.lift()
    assert table.phase == "setup"
    d.roll(1, 2, 2)
    assert table.phase == "move" and table.mover == 1 and table.dice == engine.Dice(2, 2)


def test_cube_as_read_and_score_from_the_config(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline, board_start=BoardStart(score=(1, 2)))
    d = director(table, pipeline, cube=(2, "player1"))
    d.roll(0, 4, 2)
    assert (table.state.cube_value, table.state.cube_owner) == (2, 1)
    assert table.state.score == (1, 2)
    # the cube held by player 1: player 0 may not double (R11)
    assert not table.state.may_double or table.state.position.turn == 1


def test_cube_given_wins_over_the_reading(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline, board_start=BoardStart(cube=(4, 0)))
    director(table, pipeline, cube=(2, "player1")).roll(0, 4, 2)
    assert (table.state.cube_value, table.state.cube_owner) == (4, 0)


def test_the_set_up_still_starts_a_normal_game(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline)
    director(table, pipeline, position=engine.Position.start())
    assert table.phase == "opening"


def test_without_board_start_a_game_in_progress_is_not_taken(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline, board_start=None)
    d = director(table, pipeline)
    d.roll(0, 3, 1)
    assert table.phase == "setup" and table.state.phase == engine.OPENING


def test_resume_after_a_kill_keeps_the_start_from_the_board(tmp_path, pipeline):
    path = tmp_path / "j.jsonl"
    table = table_over(path, pipeline, board_start=BoardStart(score=(2, 0)))
    d = director(table, pipeline, cube=(2, "player0"))
    d.roll(0, 3, 1)
    position, state = table.state.position, table.state
    # killed: the journal file is all that is left (no close, no last record)
    table.journal._file.close()
    again = table_over(path, pipeline, board_start=None)  # the journal decides, not the flag
    assert again.phase == "move" and again.mover == 0 and again.dice == engine.Dice(3, 1)
    assert again.state.position == position
    assert (again.state.cube_value, again.state.cube_owner, again.state.score) == (2, 0, (2, 0))
    d.table = again
    d.move_to(MIDGAME.play(Play.parse("8/5 6/5")))
    d.lift()
    assert [v["verdict"] for v in again.verdicts] == ["legal"]
    _, _, replayed = replay_journal(Journal(path, clock=lambda: 0.0).records)
    assert replayed.position == again.state.position and replayed.score == state.score


def test_resume_before_the_first_dice_waits_for_them_again(tmp_path):
    pipeline = TruthPipeline()
    path = tmp_path / "j.jsonl"
    table = table_over(path, pipeline)
    director(table, pipeline)
    table.journal._file.close()
    again = table_over(path, pipeline)
    assert again.phase == "setup"
    d = director(again, pipeline)
    d.roll(1, 5, 3)
    assert again.phase == "move" and again.state.position == MIDGAME.swapped()


def test_a_board_that_is_not_a_position_is_not_taken(tmp_path):
    pipeline = TruthPipeline()
    table = table_over(tmp_path / "j.jsonl", pipeline, board_start=BoardStart(on_roll=0))
    sides = adapters.sides_of(MIDGAME)
    too_many = (tuple(x + (3 if i == 5 else 0) for i, x in enumerate(sides[0])), sides[1])
    d = Director(table, pipeline)
    d.show(2, sides=too_many)
    assert table.phase == "setup" and "board start" in table.text


def test_parse_cube():
    assert parse_cube("2:1") == (2, 1) and parse_cube("1") == (1, None)
    assert parse_cube("64") == (1, None) and parse_cube("64:0") == (64, 0)
    for bad in ("3", "2:2", "x", "2:"):
        if bad == "2:":
            assert parse_cube(bad) == (2, None)
            continue
        with pytest.raises(ValueError):
            parse_cube(bad)


def test_config_and_flags_make_the_board_start():
    text = ('[referee]\nstart = "board"\non_roll = "player1"\ncube = "2:0"\nscore = [3, 1]\n')
    config, problems = parse_config(text)
    assert not problems
    assert board_start_of(config) == BoardStart(on_roll=1, cube=(2, 0), score=(3, 1))
    assert board_start_of(config, from_board=False) is None
    assert board_start_of(config, on_roll="dice", cube="4:1") == BoardStart(None, (4, 1), (3, 1))
    default, _ = parse_config("")
    assert board_start_of(default) is None
    assert board_start_of(default, from_board=True) == BoardStart()


@pytest.mark.parametrize("line", ['start = "midgame"', 'cube = "3"', "score = [1]",
                                  'on_roll = "ann"'])
def test_config_problems_name_the_key(line):
    config, problems = parse_config(f"[referee]\n{line}\n")
    assert config is None and problems and problems[0].startswith("<config>:2:"), problems


def test_table_needs_no_board_start():
    assert Table.__init__.__kwdefaults__["board_start"] is None


def test_bgref_run_from_board_over_rendered_frames(tmp_path, pipeline):
    """`bgref run --from-board --cube 2:1 --score 1-0` over a folder of rendered frames with the
    calibration saved to a file: the game starts from the board and the next move is judged."""
    import cv2

    from referee.cli import main
    from referee.journal import read_journal
    pipeline.calibration.save(tmp_path / "board.json")
    frames = tmp_path / "frames"
    frames.mkdir()
    moved = MIDGAME.play(Play.parse("8/5 6/5"))
    roll = ((3, pipeline.right_half_of(0), True), (1, pipeline.right_half_of(0), True))
    scenes = ([Scene(sides=adapters.sides_of(MIDGAME), cube=(2, "player1"))] * 2
              + [Scene(sides=adapters.sides_of(MIDGAME), cube=(2, "player1"), dice=roll)] * 2
              + [Scene(sides=adapters.sides_of(moved), cube=(2, "player1"), hand=True)]
              + [Scene(sides=adapters.sides_of(moved), cube=(2, "player1"), dice=roll)] * 2
              + [Scene(sides=adapters.sides_of(moved), cube=(2, "player1"))] * 2)
    for i, scene in enumerate(scenes):
        cv2.imwrite(str(frames / f"{i:03d}.png"), pipeline.camera.render(pipeline.drawn(scene)))
    config = tmp_path / "bgref.toml"
    config.write_text('[match]\nlength = 5\n[camera]\nsource = "folder:frames"\n'
                      'calibration = "board.json"\n[signals]\npin_factory = "mock"\n'
                      '[referee]\njournal = "m.jsonl"\n')
    assert main(["run", "-c", str(config), "--from-board", "--cube", "2:1", "--score", "1-0"]) == 0
    records, _ = read_journal(tmp_path / "m.jsonl")
    start = [r for r in records if r["type"] == "board_start"]
    assert len(start) == 1 and start[0]["cube"] == [2, 1] and start[0]["score"] == [1, 0]
    assert start[0]["action"]["on_roll"] == 0
    verdicts = [(r["verdict"], r.get("play")) for r in records if r["type"] == "verdict"]
    assert verdicts == [("legal", "8/5 6/5")]


@pytest.mark.parametrize("score, cube, crawford", [((4, 2), (1, None), True), ((4, 2), (2, 1), False),
                                                   ((3, 2), (1, None), False)])
def test_crawford_at_the_board_start(tmp_path, score, cube, crawford):
    """A player at length-1 with the cube in the middle on 1: taken as the Crawford game (no
    doubling); a turned cube there means the Crawford game is over."""
    pipeline = TruthPipeline()
    options = {**DEMO_OPTIONS, "match_length": 5, "crawford": True}
    table = open_table(tmp_path / "j.jsonl", match_options=options, players=("Ann", "Bob"),
                       clock=lambda: 0.0, signals=RecordingSignals(), display=RecordingDisplay(),
                       right_half_of=pipeline.right_half_of,
                       board_start=BoardStart(on_roll=1, cube=cube, score=score))
    director(table, pipeline)
    assert table.phase == "roll" and table.state.crawford is crawford
    assert table.state.post_crawford is (not crawford and 4 in score)


def test_the_player_on_roll_may_double_after_a_board_start(tmp_path):
    pipeline = TruthPipeline()
    table = table_over(tmp_path / "j.jsonl", pipeline, board_start=BoardStart(on_roll=0))
    d = director(table, pipeline)
    d.cube(2, "middle")
    assert table.phase == "doubled"
    d.cube(2, "player1")  # Bob takes
    assert table.phase == "roll" and (table.state.cube_value, table.state.cube_owner) == (2, 1)


def test_a_score_that_ends_the_match_is_refused(tmp_path):
    pipeline = TruthPipeline()
    options = {**DEMO_OPTIONS, "match_length": 3}
    table = open_table(tmp_path / "j.jsonl", match_options=options, players=("Ann", "Bob"),
                       clock=lambda: 0.0, signals=RecordingSignals(), display=RecordingDisplay(),
                       right_half_of=pipeline.right_half_of,
                       board_start=BoardStart(on_roll=0, score=(3, 0)))
    director(table, pipeline)
    assert table.phase == "setup" and "ends a 3-point match" in table.text


def test_bad_score_flag():
    from referee.commands.table_cmds import parse_score
    assert parse_score("2-1") == (2, 1)
    with pytest.raises(ValueError, match="P0-P1"):
        parse_score("2:1")


def test_bgref_run_from_board_without_a_calibration_calibrates_on_the_board(tmp_path):
    """No calibration file (a Pi switched on late, nothing set up): with --from-board the board
    is calibrated on the first frame as it stands (vision.photo), the calibration saved for a
    resume, and the game taken from the board in that calibration's numbering of the players."""
    import cv2

    from referee.cli import main
    from referee.journal import read_journal
    from vision.calibration import Calibration
    camera = Camera(style="paper", seed=3)
    frames = tmp_path / "frames"
    frames.mkdir()
    mid = Scene(sides=adapters.sides_of(MIDGAME), cube=(2, "player1"))
    for i in range(3):
        cv2.imwrite(str(frames / f"{i:03d}.png"), camera.render(mid))
    config = tmp_path / "bgref.toml"
    config.write_text('[camera]\nsource = "folder:frames"\ncalibration = "cal/board.json"\n'
                      '[signals]\npin_factory = "mock"\n[referee]\njournal = "m.jsonl"\n')
    assert main(["run", "-c", str(config)]) == 2  # no calibration, no --from-board: one clear line
    assert main(["run", "-c", str(config), "--from-board", "--on-roll", "player0"]) == 0
    calibration = Calibration.load(tmp_path / "cal" / "board.json")
    records, _ = read_journal(tmp_path / "m.jsonl")
    start = [r for r in records if r["type"] == "board_start"]
    assert len(start) == 1
    sides = tuple(tuple(s) for s in start[0]["action"]["sides"])
    drawn = adapters.sides_of(MIDGAME)
    # the calibration names the players; whichever way, the board is the one drawn
    assert sides == (drawn if calibration.home == camera.view.orientation else drawn[::-1])
    assert start[0]["action"]["cube"][0] == 2


# ---- the start as an engine action (engine.StartFrom): journals old and new, export -------------

# a board_start record exactly as journals written before engine.StartFrom hold it (commit 137c620)
OLD_BOARD_START = {"action": "board_start", "sides": [list(s) for s in adapters.sides_of(MIDGAME)],
                   "on_roll": 0, "cube": [2, 1], "score": [1, 0], "crawford": False,
                   "post_crawford": False}


def journal_of(path, *actions, options=None):
    """A journal with the match record and one record per journalled action."""
    journal = Journal(path, clock=lambda: 0.0)
    journal.append("match", settings=dict(options or {**DEMO_OPTIONS, "match_length": 5}),
                   players=["Ann", "Bob"])
    for action in actions:
        journal.append("action", action=action)
    journal.close()
    return path


def test_board_start_state_is_one_engine_start_from():
    settings = adapters.make_settings({**DEMO_OPTIONS, "match_length": 5})
    from referee.table import board_start_state
    state = board_start_state(settings, OLD_BOARD_START)
    assert state.actions == (engine.StartFrom(MIDGAME, 2, 1, (1, 0)),)
    assert state.phase == engine.ROLL and state.position == MIDGAME and state.score == (1, 0)
    assert state.games()[0].start == MIDGAME


def test_an_old_journal_with_a_board_start_still_resumes(tmp_path, pipeline):
    path = journal_of(tmp_path / "old.jsonl", OLD_BOARD_START, {"action": "roll", "dice": [3, 1]})
    table = table_over(path, pipeline, board_start=None)
    assert table.state.phase == engine.MOVE and table.state.position == MIDGAME
    assert (table.state.cube_value, table.state.cube_owner, table.state.score) == (2, 1, (1, 0))
    assert isinstance(table.state.actions[0], engine.StartFrom)


def test_the_journalled_board_start_keeps_its_shape(tmp_path, pipeline):
    table = table_over(tmp_path / "j.jsonl", pipeline, board_start=BoardStart(on_roll=0))
    director(table, pipeline)
    start = [r for r in table.journal.records if r["type"] == "board_start"][0]["action"]
    assert set(start) == set(OLD_BOARD_START)


def test_bgref_export_leaves_the_board_game_out_of_the_mat(tmp_path):
    from referee.cli import main
    win = MIDGAME  # game 1 from the board: player 0 doubles, player 1 passes (1-0 -> 2-0)
    path = journal_of(tmp_path / "m.jsonl", {**OLD_BOARD_START, "cube": [1, None]},
                      {"action": "double"}, {"action": "pass"},
                      {"action": "opening", "dice": [3, 1]}, {"action": "move", "play": "8/5 6/5"})
    out = tmp_path / "m.mat"
    assert main(["export", str(path), "-o", str(out)]) == 0
    text = out.read_text()
    assert f"; game 1 began from a position read off the board (GNU ID {win.id}), not written" in text
    record = engine.read_mat(text)
    assert [(g.number, g.score) for g in record.games] == [(1, (2, 0))]


def test_bgref_export_of_only_a_board_game_is_one_clear_line(tmp_path, capsys):
    from referee.cli import main
    path = journal_of(tmp_path / "m.jsonl", OLD_BOARD_START, {"action": "roll", "dice": [3, 1]})
    out = tmp_path / "m.mat"
    assert main(["export", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "began from a position read off the board" in err[0]
    assert "m.jsonl" in err[0] and not out.exists()


def test_the_club_mat_download_of_a_board_start_match(tmp_path):
    from referee.club.storage import ClubStore, StoreError
    from referee.journal import read_journal
    store = ClubStore(str(tmp_path / "club.db"))
    for name, actions in (("one", (OLD_BOARD_START, {"action": "roll", "dice": [3, 1]})),
                          ("two", ({**OLD_BOARD_START, "cube": [1, None]}, {"action": "double"},
                                   {"action": "pass"}, {"action": "opening", "dice": [3, 1]}))):
        records, _ = read_journal(journal_of(tmp_path / f"{name}.jsonl", *actions))
        for r in records:
            store.add_event({"id": f"t1:{name}:{r['seq']}", "club": "c", "table": "t1",
                             "match": name, "seq": r["seq"], "record": r}, received=0.0)
    assert "; game 1 began from a position read off the board" in store.mat_text("two")
    assert " Game 1\n" in store.mat_text("two")
    with pytest.raises(StoreError, match="match one: nothing to write as .mat"):
        store.mat_text("one")
    store.close()
