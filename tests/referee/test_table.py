"""Scenario tests of the table loop: sequences of scenes read perfectly (the referee alone)."""
import dataclasses

import pytest

import engine
from referee import adapters
from referee.demo import DEMO_OPTIONS, Director
from referee.journal import read_journal
from referee.simulated import (RecordingDisplay, RecordingSignals, SceneReading,
                               TruthPipeline, truth_reading)
from referee import table as table_module
from referee.table import open_table

OPTIONS = dict(DEMO_OPTIONS, match_length=5)


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        self.t += 0.01
        return self.t


def make(tmp_path, options=OPTIONS, orientation="bottom right"):
    pipeline = TruthPipeline(orientation)
    signals, display = RecordingSignals(), RecordingDisplay()
    table = open_table(tmp_path / "j.jsonl", match_options=options, players=("Ann", "Bob"),
                       clock=Clock(), signals=signals, display=display,
                       right_half_of=pipeline.right_half_of)
    return Director(table, pipeline), table, signals, display


def started(tmp_path, **kw):
    """Set up, opening 3-1 for player 0, who has not moved yet."""
    d, t, s, disp = make(tmp_path, **kw)
    d.set_up()
    d.opening(3, 1)
    return d, t, s, disp


def types(table):
    return [r["type"] for r in table.journal.records]


def last(table, kind):
    return [r for r in table.journal.records if r["type"] == kind][-1]


def test_r1_setup_recognised_then_r2_opening_roll_higher_die_starts(tmp_path):
    d, t, s, _ = make(tmp_path)
    d.show(sides=adapters.sides_of(engine.Position.start().play("8/5 6/5")))
    assert t.phase == "setup"
    d.set_up()
    assert t.phase == "opening"
    d.opening(2, 6)
    assert t.phase == "move" and t.mover == 1 and t.dice == engine.Dice(6, 2)
    assert last(t, "opening")["action"] == {"action": "opening", "dice": [2, 6]}


def test_r1_setup_any_orientation_right_half_follows_the_seat(tmp_path):
    d, t, _, _ = make(tmp_path, orientation="top left")
    d.set_up()
    d.opening(5, 2)  # player 0 sits at the top: his right is the image's left half
    assert d.scene.dice[0][1] == "left half"
    assert t.phase == "move" and t.mover == 0


def test_r2_equal_opening_dice_roll_again(tmp_path):
    d, t, s, _ = make(tmp_path)
    d.set_up()
    d.opening(4, 4)
    assert t.phase == "reroll" and s.names()[-1] == "attention"
    assert "opening_tie" in types(t)
    d.lift()
    assert t.phase == "opening"
    d.opening(1, 5)
    assert t.phase == "move" and t.mover == 1


def test_r2_both_opening_dice_in_one_half_is_a_reroll(tmp_path):
    d, t, _, _ = make(tmp_path)
    d.set_up()
    d.show(dice=((3, "right half", True), (1, "right half", True)))
    assert t.phase == "reroll"


def test_legal_move_green_recorded_next_player_shown(tmp_path):
    d, t, s, disp = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    assert t.phase == "move"  # no verdict until the dice are lifted
    d.lift()
    record = last(t, "verdict")
    assert record["verdict"] == "legal" and record["play"] == "8/5 6/5"
    assert s.names()[-2:] == ["accepted", "turn"] and s.calls[-1] == ("turn", 1)
    assert t.phase == "roll" and disp.states[-1].turn == 1
    assert disp.states[-1].text == "Ann: 8/5 6/5"


def test_hands_over_the_board_mid_move_are_not_judged(tmp_path):
    d, t, s, _ = started(tmp_path)
    pos = t.state.position
    d.move_to(pos.play("8/5"))               # half a move: would be illegal if judged
    d.show(hand=True)
    d.move_to(pos.play("8/5 6/5"))
    assert not t.verdicts
    d.lift()
    assert [v["verdict"] for v in t.verdicts] == ["legal"]


@pytest.mark.parametrize("cocked, where, why", [
    (True, None, "cocked"),
    (False, "on checker", "on a checker"),
    (False, "outside", "outside"),
    (False, "left half", "outside"),
])
def test_r8_bad_dice_call_for_a_reroll(tmp_path, cocked, where, why):
    d, t, s, disp = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    if where:
        d.hand()
        d.show(dice=((6, "right half" if where == "left half" else where, True), (4, where, True)))
        if where == "left half":  # player 1's right half is the image's left: one die is right
            pass
    else:
        d.roll(1, 6, 4, cocked=True)
    assert t.phase == "reroll", t.text
    assert why in t.text and s.names()[-1] == "attention"
    d.lift()
    d.roll(1, 6, 4)
    assert t.phase == "move" and t.dice == engine.Dice(6, 4)


def test_r8_a_die_in_the_roller_s_right_half_is_accepted(tmp_path):
    d, t, _, _ = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    d.show(dice=((6, "left half", True), (4, "left half", True)))  # Bob sits at the top
    assert t.phase == "move"


def bob_rolled_64(tmp_path):
    d, t, s, disp = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    d.roll(1, 6, 4)
    return d, t, s, disp


def test_r9_illegal_move_red_reason_and_nearest_then_corrected(tmp_path):
    d, t, s, disp = bob_rolled_64(tmp_path)
    bob = t.state.position
    d.move_to(bob.play("24/18 13/8"))
    d.lift()
    record = last(t, "verdict")
    assert record["verdict"] == "illegal" and record["reason"]
    assert record["nearest"] and s.names()[-1] == "illegal"
    assert disp.states[-1].text.startswith("illegal: ") and "e.g. " in disp.states[-1].text
    assert t.state.position == bob  # nothing applied yet
    d.move_to(bob.play("24/18 13/9"))
    corrected = last(t, "corrected")
    assert corrected["play"] == "24/18 13/9" and s.names()[-2:] == ["accepted", "turn"]
    assert t.state.position.turn == 0 and t.pending is None


def test_r9_illegal_move_stands_once_the_opponent_rolls(tmp_path):
    d, t, s, _ = bob_rolled_64(tmp_path)
    bob = t.state.position
    wrong = bob.play("24/18 13/8")
    d.move_to(wrong)
    d.lift()
    d.roll(0, 5, 2)
    assert types(t)[-2:] == ["condoned", "roll"]
    assert t.state.position.on_roll == wrong.on_roll and t.state.position.turn == 0
    assert t.phase == "move" and t.mover == 0
    d.move_to(t.state.position.play("13/8 13/11"))
    d.lift()
    assert last(t, "verdict")["verdict"] == "legal"


def test_misread_is_check_the_board_never_illegal(tmp_path):
    d, t, s, disp = started(tmp_path)
    after = t.state.position.play("8/5 6/5")
    p0, p1 = adapters.sides_of(after)
    vanished = (p0[:12] + (p0[12] - 1,) + p0[13:], p1)  # a checker on the 13 not seen
    d.hand()
    d.show(sides=vanished)
    d.lift()
    assert last(t, "verdict")["verdict"] == "misread"
    assert t.phase == "check" and s.names()[-1] == "attention"
    assert "illegal" not in s.names()
    assert disp.states[-1].text.startswith("check the board")
    d.show(sides=adapters.sides_of(after))  # the board read again (the player looked)
    assert last(t, "verdict")["verdict"] == "legal" and t.phase == "roll"


def test_low_confidence_is_a_misread_and_confirm_accepts_it(tmp_path):
    d, t, s, _ = started(tmp_path)
    after = t.state.position.play("8/5 6/5")
    d.hand()
    unsure = ((0.2,) * 12, (0.9,) * 12)
    d.table.feed(SceneReading(False, adapters.sides_of(after), truth_reading(d.scene).dice,
                              confidence=unsure))
    assert t.phase == "move"
    d.table.feed(SceneReading(False, adapters.sides_of(after), (), confidence=unsure))  # lifted
    assert t.phase == "check" and last(t, "verdict")["reason"] == "uncertain reading"
    t.press("confirm")
    assert last(t, "verdict")["verdict"] == "legal" and t.phase == "roll"


def test_r11_double_by_cube_taken_by_cube_then_owner_redoubles_passed(tmp_path):
    d, t, s, disp = bob_rolled_64(tmp_path)
    d.move_to(t.state.position.play("24/18 13/9"))
    d.lift()
    d.cube(2, "middle")
    assert t.phase == "doubled" and s.names()[-1] == "attention"
    d.cube(2, "player1")
    assert t.phase == "roll" and t.state.cube_value == 2 and t.state.cube_owner == 1
    assert disp.states[-1].cube_value == 2 and disp.states[-1].cube_owner == 1
    d.roll(0, 2, 1)
    d.move_to(t.state.position.play(t.state.position.legal_plays(engine.Dice(2, 1))[0]))
    d.lift()
    t.press("double")  # Bob owns the cube: he may redouble
    assert t.phase == "doubled"
    t.press("pass")
    over = last(t, "game_over")
    assert over["winner"] == 1 and over["points"] == 2 and tuple(t.state.score) == (0, 2)
    assert t.phase == "setup" and disp.states[-1].score == (0, 2)


def test_r11_only_the_owner_may_double(tmp_path):
    d, t, s, _ = bob_rolled_64(tmp_path)
    d.move_to(t.state.position.play("24/18 13/9"))
    d.lift()
    t.press("double")
    t.press("take")  # Bob owns the cube now, Ann is on roll
    t.press("double")
    assert t.phase == "roll" and last(t, "double_refused") and s.names()[-1] == "attention"


def test_r10_r13_next_game_setup_recognised_after_a_pass(tmp_path):
    d, t, _, _ = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    t.press("double")
    t.press("pass")
    assert t.phase == "setup"
    d.set_up()
    assert t.phase == "opening"
    d.opening(6, 1)
    assert t.phase == "move" and t.state.score == (0, 1) or tuple(t.state.score) == (0, 1)


def test_display_always_shows_cube_score_and_turn(tmp_path):
    d, t, _, disp = bob_rolled_64(tmp_path)
    for state in disp.states:
        assert state.cube_value >= 1 and len(state.score) == 2
    assert disp.states[-1].turn == 1 and disp.states[-1].dice == (6, 4)
    assert disp.states[-1].names == ("Ann", "Bob")


def test_every_event_is_journalled_with_time_position_and_table_state(tmp_path):
    d, t, _, _ = bob_rolled_64(tmp_path)
    records, _ = read_journal(tmp_path / "j.jsonl")
    assert records == t.journal.records
    for r in records[1:]:
        assert {"seq", "time", "type", "position", "turn", "cube", "score", "table"} <= set(r)
    assert [r["time"] for r in records] == sorted(r["time"] for r in records)


def test_resume_rebuilds_the_match_from_the_journal(tmp_path):
    d, t, _, _ = bob_rolled_64(tmp_path)
    bob = t.state.position
    d.move_to(bob.play("24/18 13/8"))
    d.lift()                                   # illegal, pending correction
    t.journal.close()
    pipeline = TruthPipeline()
    t2 = open_table(tmp_path / "j.jsonl", match_options=OPTIONS, players=("x", "y"),
                    clock=Clock(), signals=RecordingSignals(), display=RecordingDisplay(),
                    right_half_of=pipeline.right_half_of)
    assert t2.state == t.state and t2.phase == "roll" and t2.pending == t.pending
    assert t2.players == ("Ann", "Bob")
    d2 = Director(t2, pipeline)
    d2.scene = d.scene
    d2.move_to(bob.play("24/18 13/9"))
    assert last(t2, "corrected")["play"] == "24/18 13/9"


def test_resume_mid_move_after_dice_were_lifted_while_down(tmp_path):
    d, t, _, _ = bob_rolled_64(tmp_path)
    d.move_to(t.state.position.play("24/18 13/9"))
    t.journal.close()                          # the referee dies; the dice are lifted meanwhile
    pipeline = TruthPipeline()
    t2 = open_table(tmp_path / "j.jsonl", match_options=OPTIONS, players=("Ann", "Bob"),
                    clock=Clock(), signals=RecordingSignals(), display=RecordingDisplay(),
                    right_half_of=pipeline.right_half_of)
    assert t2.phase == "move"
    t2.feed(SceneReading(False, d.scene.sides))
    assert last(t2, "verdict")["play"] == "24/18 13/9"


def test_unknown_button_is_an_error(tmp_path):
    _, t, _, _ = make(tmp_path)
    with pytest.raises(ValueError, match="unknown button"):
        t.press("resign")


def test_r9_condone_button_accepts_the_illegal_move_at_once(tmp_path):
    d, t, s, _ = bob_rolled_64(tmp_path)
    wrong = t.state.position.play("24/18 13/8")
    d.move_to(wrong)
    d.lift()
    t.press("condone")                         # Ann holds confirm: the move stands
    assert last(t, "condoned") and t.pending is None
    assert t.state.position == wrong and t.state.position.turn == 0


def test_undo_withdraws_a_double_and_replays_so(tmp_path):
    d, t, s, _ = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    before = t.state
    t.press("double")
    t.press("undo")
    assert t.phase == "roll" and t.state == before
    t.journal.close()
    pipeline = TruthPipeline()
    t2 = open_table(tmp_path / "j.jsonl", match_options=OPTIONS, players=("Ann", "Bob"),
                    clock=Clock(), signals=RecordingSignals(), display=RecordingDisplay(),
                    right_half_of=pipeline.right_half_of)
    assert t2.state == before


def test_r12_beaver_only_when_the_config_allows_it(tmp_path):
    d, t, s, _ = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    t.press("double")
    t.press("beaver")
    assert t.phase == "doubled" and "beavers are not played" in t.text


def test_new_game_button_starts_the_opening_from_any_board(tmp_path):
    d, t, _, _ = make(tmp_path)
    d.show(sides=adapters.sides_of(engine.Position.start().play("8/5 6/5")))
    t.press("new_game")
    assert t.phase == "opening"


def r10_points(final_position, winner_turn):
    """R10 from the board: the loser's borne-off count, bar and checkers in the winner's home."""
    loser = final_position.on_roll if final_position.turn != winner_turn else final_position.opponent
    if 15 - sum(loser) > 0:
        return 1
    if loser[24] or any(loser[18:24]):  # the winner's home board is the loser's 19..24
        return 3
    return 2


def test_r10_a_game_played_to_the_end_scores_and_the_next_set_up_is_recognised(tmp_path):
    import random
    d, t, s, disp = make(tmp_path)
    rng = random.Random(5)
    d.set_up()
    while t.phase in ("opening", "reroll"):
        d.opening(rng.randint(1, 6), rng.randint(1, 6))
        if t.phase == "reroll":
            d.lift()
    d.play_random(rng, 400)
    assert t.phase == "setup", t.text
    over = last(t, "game_over")
    assert over["winner"] in (0, 1) and sum(t.state.score) == over["points"]
    assert over["points"] == r10_points(t.state.position, over["winner"])
    assert "wins" in disp.states[-1].text and disp.states[-1].turn is None
    assert s.calls[-1] == ("turn", None)
    d.set_up()
    assert t.phase == "opening"


def test_r12_beaver_in_money_play(tmp_path):
    d, t, s, _ = make(tmp_path, options=dict(OPTIONS, match_length=0, beaver=True))
    d.set_up()
    d.opening(3, 1)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    t.press("double")
    t.press("beaver")                          # Ann takes and redoubles at once, keeping the cube
    assert t.phase == "roll" and t.state.cube_value == 4 and t.state.cube_owner == 0


def test_what_the_rules_refuse_is_said_never_a_crash(tmp_path):
    d, t, s, _ = make(tmp_path, options=dict(OPTIONS, beaver=True))  # a match: no beavers
    d.set_up()
    d.opening(3, 1)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    t.press("double")
    t.press("beaver")
    assert t.phase == "doubled" and last(t, "refused") and s.names()[-1] == "attention"
    t.press("take")
    assert t.state.cube_value == 2


def test_a_board_the_referee_cannot_judge_can_be_accepted_as_read(tmp_path):
    d, t, s, _ = started(tmp_path)
    after = t.state.position.play("8/5 6/5")
    unsure = ((0.2,) * 12, (0.9,) * 12)
    d.hand()
    d.table.feed(SceneReading(False, adapters.sides_of(after), (), confidence=unsure))
    assert t.phase == "check"
    rolled = dataclasses.replace(d.scene, sides=adapters.sides_of(after),
                                 dice=((6, "left half", True), (4, "left half", True)))
    d.table.feed(SceneReading(False, rolled.sides, truth_reading(rolled).dice, confidence=unsure))
    # Bob rolls anyway: not judged, amber
    assert t.phase == "check" and "check the board before rolling" in t.text
    t.press("condone")                         # held confirm: play on from the board as read
    assert t.phase == "roll" and last(t, "accepted_as_read")["action"]["action"] == "illegal_stands"
    assert t.state.position.opponent == after.opponent and t.state.position.turn == 1


@pytest.mark.parametrize("variant", ["dutch", "acey-deucey"])
def test_r12_variants_set_up_and_first_move(tmp_path, variant):
    d, t, s, _ = make(tmp_path, options=dict(OPTIONS, variant=variant))
    start = engine.start_position(variant)
    d.show(sides=adapters.sides_of(engine.Position.start()))
    assert t.phase == "setup"                  # the standard set-up is not this variant's
    d.show(sides=adapters.sides_of(start))
    assert t.phase == "opening"
    d.opening(3, 1)
    position = t.state.position
    play = position.legal_plays(engine.Dice(3, 1), variant)[0]
    after = engine.legal.apply_play(position, play, engine.Dice(3, 1), variant)
    d.move_to(after.swapped() if after.turn == position.turn else after)
    d.lift()
    assert last(t, "verdict")["verdict"] == "legal", t.text


def test_r12_acey_deucey_a_played_1_2_lets_the_player_set_a_doublet(tmp_path):
    d, t, s, _ = make(tmp_path, options=dict(OPTIONS, variant="acey-deucey"))
    d.show(sides=adapters.sides_of(engine.start_position("acey-deucey")))
    d.opening(2, 1)
    position = t.state.position
    after = engine.legal.apply_play(position, "bar/24 bar/23", engine.Dice(2, 1), "acey-deucey")
    d.move_to(after)
    d.lift()
    assert last(t, "verdict")["verdict"] == "legal" and t.state.phase == engine.CHOOSE_DOUBLET
    d.roll(0, 6, 5)
    assert t.phase == "reroll" and "doublet" in t.text
    d.lift()
    d.roll(0, 6, 6)                            # he chooses 6-6
    assert t.phase == "move" and t.dice == engine.Dice(6, 6)
    assert last(t, "roll")["action"] == {"action": "choose_doublet", "number": 6}


def test_resume_after_a_cut_between_the_pass_and_the_game_over_record(tmp_path):
    d, t, _, _ = started(tmp_path)
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    t.press("double")
    t.press("pass")
    t.journal.close()
    path = tmp_path / "j.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    assert '"type":"game_over"' in lines[-1]
    path.write_text("".join(lines[:-1]))       # the game-over record never reached the disk
    pipeline = TruthPipeline()
    t2 = open_table(path, match_options=OPTIONS, players=("Ann", "Bob"), clock=Clock(),
                    signals=RecordingSignals(), display=RecordingDisplay(),
                    right_half_of=pipeline.right_half_of)
    assert t2.phase == "setup" and tuple(t2.state.score) == (0, 1)
    d2 = Director(t2, pipeline)
    d2.set_up()
    assert t2.phase == "opening"


def test_a_board_hidden_far_longer_than_a_hand_says_so_then_shows_the_turn_again(tmp_path):
    """A scoresheet put down against the board (the gate says "hand" on every frame): after
    hand_too_long seconds the display and the attention LED say the board is hidden; the frame
    the board is clear again, the turn's text and LEDs come back, and play goes on."""
    d, t, s, disp = started(tmp_path)
    shown = t.text
    clock = t.clock
    d.show(frames=3, hand=True)  # a hand for a moment: nothing said
    assert t.text == shown and "attention" not in s.names()
    clock.t += t.hand_too_long
    d.show(frames=1, hand=True)
    assert t.text == table_module.HAND_TEXT and s.names()[-1] == "attention"
    assert disp.states[-1].text == table_module.HAND_TEXT
    d.show(frames=1, hand=False)
    assert t.text == shown and s.names()[-1] == "turn" and t.phase == "move"
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()
    assert t.phase == "roll" and t.state.position.turn == 1
