"""Match flow: opening roll (R2), turns, doubling (R11), beaver and automatic doubles (R12),
Crawford (R13), illegal moves that stand (R9), the action log, replay and JSON."""
import dataclasses
import json
import random

import pytest

from engine import (DOUBLED, MATCH_OVER, MOVE, OPENING, ROLL, Beaver, Cube, Dice, Resign,
                    Double, IllegalActionError, IllegalPlayError, IllegalStands, MatchState,
                    MovePlay, OpeningRoll, Pass, Play, Position, Roll, Settings, Take,
                    action_from_json)


def play_random_turns(state, rng, turns):
    """Roll and play random legal plays for `turns` turns (no cube)."""
    for _ in range(turns):
        if state.phase != ROLL:
            break
        state = state.apply(Roll(Dice(rng.randint(1, 6), rng.randint(1, 6))))
        state = state.apply(MovePlay(rng.choice(list(state.legal_plays))))
    return state


def play_out_game(state, rng):
    """Roll and play random legal plays (no doubling) until the game ends."""
    while not state.game_over:
        state = play_random_turns(state, rng, 1)
    return state


def started(settings=Settings(), dice=(5, 3)):
    return MatchState(settings).apply(OpeningRoll(*dice))


# ---- R2 opening roll ---------------------------------------------------------------------------

def test_r2_equal_opening_numbers_roll_again():
    state = MatchState(Settings()).apply(OpeningRoll(4, 4))
    assert state.phase == OPENING
    assert state.cube == Cube()
    assert state.legal_actions == (OpeningRoll,)
    assert state.apply(OpeningRoll(2, 6)).phase == MOVE


def test_r2_higher_number_moves_first_and_plays_both_numbers():
    state = MatchState(Settings()).apply(OpeningRoll(2, 5))
    assert state.phase == MOVE
    assert state.position.turn == 1 and state.turn == 1
    assert state.dice == Dice(5, 2)
    assert Play.parse("13/8 13/11") in state.legal_plays
    assert state.position == Position.start(turn=1)


def test_r2_then_players_alternate():
    state = started()
    turns = [state.position.turn]
    rng = random.Random(4)
    state = state.apply(MovePlay(Play.parse("8/3 6/3")))
    for _ in range(6):
        turns.append(state.position.turn)
        state = play_random_turns(state, rng, 1)
    assert turns == [0, 1, 0, 1, 0, 1, 0]


def test_r2_opening_roll_only_when_waiting_for_it():
    with pytest.raises(IllegalActionError, match="phase 'move'"):
        started().apply(OpeningRoll(3, 1))


def test_r12_automatic_doubles_equal_opening_numbers_double_the_cube_in_the_middle():
    state = MatchState(Settings(automatic_doubles=True)).apply(OpeningRoll(3, 3)).apply(OpeningRoll(5, 5))
    assert state.cube == Cube(4, None)
    state = state.apply(OpeningRoll(6, 1))
    assert state.cube_value == 4 and state.cube_owner is None
    assert Double in state.apply(MovePlay(Play.parse("13/7 8/7"))).legal_actions


def test_r13_no_automatic_doubles_in_matches():
    state = MatchState(Settings(match_length=5, automatic_doubles=True)).apply(OpeningRoll(3, 3))
    assert state.cube == Cube()


# ---- turns -------------------------------------------------------------------------------------

def test_turn_roll_play_then_the_turn_passes():
    state = started().apply(MovePlay(Play.parse("8/3 6/3")))
    assert state.phase == ROLL and state.position.turn == 1
    assert state.position.on_roll == Position.start().on_roll
    state = state.apply(Roll(Dice(6, 4)))
    assert state.phase == MOVE and state.dice == Dice(6, 4)
    state = state.apply(MovePlay("24/14"))
    assert state.phase == ROLL and state.position.turn == 0


def test_r5_illegal_play_is_refused_with_the_reason():
    with pytest.raises(IllegalPlayError):
        started().apply(MovePlay(Play.parse("24/21 24/19 8/3")))


def test_no_play_possible_is_an_empty_play():
    # player 1 on the bar against a closed board: nothing can be played
    closed = (2, 2, 2, 2, 2, 2) + (0,) * 6 + (3,) + (0,) * 12
    on_bar = (0,) * 5 + (14,) + (0,) * 18 + (1,)
    state = dataclasses.replace(started(), phase=ROLL, dice=None,
                                position=Position(on_bar, closed, 1))
    state = state.apply(Roll(Dice(6, 6)))
    assert state.legal_plays.is_pass
    state = state.apply(MovePlay(Play()))
    assert state.phase == ROLL and state.position.turn == 0


def test_empty_play_refused_when_something_can_be_played():
    with pytest.raises(IllegalPlayError):
        started().apply(MovePlay(Play()))


# ---- R11 doubling ------------------------------------------------------------------------------

def test_r11_double_only_before_rolling():
    state = started()
    assert Double not in state.legal_actions
    with pytest.raises(IllegalActionError):
        state.apply(Double())
    state = state.apply(MovePlay("8/3 6/3"))
    assert Double in state.legal_actions
    with pytest.raises(IllegalActionError):
        state.apply(Roll(Dice(3, 1))).apply(Double())


@pytest.mark.parametrize("opening", [(5, 3), (3, 5)])
def test_r11_first_double_by_either_player(opening):
    state = started(dice=opening).apply(MovePlay("8/3 6/3"))
    doubler = state.position.turn
    state = state.apply(Double())
    assert state.phase == DOUBLED and state.turn == 1 - doubler
    assert state.legal_actions == (Take, Pass, Resign)


def test_r11_take_owns_the_cube_at_twice_the_value_then_only_owner_redoubles():
    state = started().apply(MovePlay("8/3 6/3")).apply(Double()).apply(Take())
    # player 1 doubled, player 0 took; player 1 is still on roll and rolls
    assert state.cube == Cube(2, 0)
    assert state.phase == ROLL and state.position.turn == 1
    assert not state.may_double
    with pytest.raises(IllegalActionError, match="owns the cube"):
        state.apply(Double())
    state = play_random_turns(state, random.Random(1), 1)
    assert state.position.turn == 0 and state.may_double
    state = state.apply(Double()).apply(Take())
    assert state.cube == Cube(4, 1)


def test_r11_values_above_64_are_kept():
    rng = random.Random(2)
    state = started().apply(MovePlay("8/3 6/3"))
    for _ in range(8):
        state = state.apply(Double()).apply(Take())
        state = play_random_turns(state, rng, 1)
    assert state.cube_value == 256
    assert "Doubles => 256" in __import__("engine").write_mat(state)


def test_r12_beaver_taker_redoubles_and_keeps_the_cube():
    state = started(Settings(beaver=True)).apply(MovePlay("8/3 6/3")).apply(Double())
    assert Beaver in state.legal_actions
    state = state.apply(Beaver())
    assert state.cube == Cube(4, 0)
    assert state.phase == ROLL and state.position.turn == 1


def test_r12_beaver_only_when_chosen_and_in_money_play():
    for settings in (Settings(), Settings(match_length=7, beaver=True)):
        state = started(settings).apply(MovePlay("8/3 6/3")).apply(Double())
        assert Beaver not in state.legal_actions
        with pytest.raises(IllegalActionError, match="beaver"):
            state.apply(Beaver())


# ---- R13 Crawford ------------------------------------------------------------------------------

def _win_by_pass(state, winner):
    """From the opening, let `winner` double and the other pass."""
    state = state.apply(OpeningRoll(5, 3) if winner == 1 else OpeningRoll(3, 5))
    state = state.apply(MovePlay("8/3 6/3"))
    return state.apply(Double()).apply(Pass())


def test_r13_no_double_in_crawford_game():
    state = MatchState(Settings(match_length=3))
    state = _win_by_pass(state, 0)
    state = _win_by_pass(state, 0)
    assert state.score == (2, 0) and not state.crawford
    state = state.apply(OpeningRoll(6, 1))
    assert state.crawford
    state = state.apply(MovePlay("13/7 8/7"))
    assert not state.may_double and Double not in state.legal_actions
    with pytest.raises(IllegalActionError, match="Crawford"):
        state.apply(Double())


def test_r13_doubling_resumes_after_the_crawford_game():
    for seed in range(20):
        state = MatchState(Settings(match_length=3))
        state = _win_by_pass(_win_by_pass(state, 0), 0).apply(OpeningRoll(1, 6))
        state = play_out_game(state.apply(MovePlay("13/7 8/7")), random.Random(seed))
        if state.winner == 1 and not state.match_over:
            break
    else:
        pytest.fail("no seed let player 1 win the Crawford game")
    state = state.apply(OpeningRoll(6, 1)).apply(MovePlay("13/7 8/7"))
    assert not state.crawford and state.post_crawford
    assert state.may_double


def test_r13_crawford_can_be_switched_off():
    state = MatchState(Settings(match_length=3, crawford=False))
    state = _win_by_pass(_win_by_pass(state, 0), 0).apply(OpeningRoll(6, 1))
    assert not state.crawford
    assert state.apply(MovePlay("13/7 8/7")).may_double


def test_r13_dead_cube_cannot_be_turned():
    state = MatchState(Settings(match_length=1)).apply(OpeningRoll(5, 3)).apply(MovePlay("8/3 6/3"))
    assert not state.may_double


# ---- R9 illegal moves that stand -----------------------------------------------------------------

def test_r9_illegal_move_that_stands_continues_from_the_board():
    state = started()  # player 0 rolled 53
    before = state.position
    on_roll = list(before.on_roll)
    on_roll[23] -= 1
    on_roll[14] += 1  # 24/15: nine pips with a 5-3 in one move through... not a legal play
    board = Position(tuple(on_roll), before.opponent, 0)
    assert board not in state.legal_plays
    state = state.apply(IllegalStands(board))
    assert state.phase == ROLL and state.position == board.swapped()
    record = state.games()[0].events[0]
    assert record.illegal and str(record.play) == "24/15"


# ---- the log -------------------------------------------------------------------------------------

def random_actions(settings, seed, n):
    rng = random.Random(seed)
    state = MatchState(settings)
    while len(state.actions) < n and not state.match_over:
        acts = state.legal_actions
        if OpeningRoll in acts:
            state = state.apply(OpeningRoll(rng.randint(1, 6), rng.randint(1, 6)))
        elif state.phase == ROLL:
            state = state.apply(Double() if Double in acts and rng.random() < 0.1
                                else Roll(Dice(rng.randint(1, 6), rng.randint(1, 6))))
        elif state.phase == DOUBLED:
            state = state.apply(rng.choice([Take, Take, Pass, Beaver] if Beaver in acts else [Take, Pass])())
        else:
            state = state.apply(MovePlay(rng.choice(list(state.legal_plays))))
    return state


@pytest.mark.parametrize("settings", [Settings(match_length=7), Settings(beaver=True, jacoby=True)])
def test_actions_to_json_and_replay_rebuild_the_state(settings):
    state = random_actions(settings, 5, 400)
    text = json.dumps([a.to_json() for a in state.actions])
    again = MatchState.replay(settings, json.loads(text))
    assert again == state
    assert MatchState.replay(settings, state.actions) == state


def test_illegal_stands_to_json_round_trip():
    board = Position.start(turn=1)
    action = IllegalStands(board)
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    sides = {"action": "illegal_stands", "sides": [list(board.opponent), list(board.on_roll)], "turn": 1}
    assert action_from_json(sides) == action


@pytest.mark.parametrize("bad", [{"action": "jump"}, {"action": "roll"}, {"action": "roll", "dice": [7, 1]}, 5])
def test_action_from_json_rejects_bad_input(bad):
    with pytest.raises(ValueError):
        action_from_json(bad)


def test_state_is_immutable_and_hashable():
    state = started()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.phase = ROLL
    assert hash(state) == hash(MatchState.replay(Settings(), state.actions))


@pytest.mark.parametrize("kwargs", [{"match_length": -1}, {"match_length": 2.5}, {"variant": "hyper"},
                                    {"crawford": "yes"}])
def test_settings_reject_bad_values(kwargs):
    with pytest.raises(ValueError):
        Settings(**kwargs)


def test_game_over_then_next_game_alternates_nothing_left_over():
    state = random_actions(Settings(match_length=3), 8, 10000)
    assert state.phase == MATCH_OVER
    assert max(state.score) >= 3
    assert state.legal_actions == ()
    games = state.games()
    assert sum(g.result.points for g in games) == sum(state.score)
    assert games[-1].score[0] + games[-1].score[1] + games[-1].result.points == sum(state.score)


def test_new_and_constructor_agree():
    assert MatchState.new(Settings()) == MatchState(Settings())
    assert MatchState().phase == OPENING and MatchState().match_id


def test_r10_resignation_scores_its_value_times_the_cube():
    from engine import Resign
    state = started().apply(MovePlay("8/3 6/3")).apply(Double()).apply(Take())
    assert Resign in state.legal_actions
    state = state.apply(Resign(1, 3))
    assert state.winner == 0 and state.score == (6, 0)
    assert state.result.how == "resigns backgammon"
    assert action_from_json(Resign(1, 3).to_json()) == Resign(1, 3)


def test_r12_resigned_gammon_counts_single_under_jacoby_with_cube_unturned():
    from engine import Resign
    state = started(Settings(jacoby=True)).apply(Resign(0, 2))
    assert state.score == (0, 1)
