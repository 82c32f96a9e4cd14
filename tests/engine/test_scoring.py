"""Winning and scoring (R10), the cube's stake (R11), the scoring options (R12), match score (R13)."""
import dataclasses

from engine import (GAME_OVER, MATCH_OVER, MOVE, ROLL, Cube, Dice, Double, MatchState, MovePlay,
                    OpeningRoll, Pass, Play, Position, Settings)


def side(**points):
    s = [0] * 25
    for name, n in points.items():
        s[24 if name == "bar" else int(name[1:]) - 1] = n
    return tuple(s)


WINNER = side(p1=1)  # player 0's last checker on his ace point; he rolls 11


def finish(loser, settings=Settings(), cube=Cube(), score=(0, 0), mover=0):
    """Player `mover` bears off his last checker against `loser`; returns the state after."""
    state = MatchState(settings).apply(OpeningRoll(5, 3) if mover == 0 else OpeningRoll(3, 5))
    state = dataclasses.replace(state, phase=MOVE, position=Position(WINNER, loser, mover),
                                dice=Dice(1, 1), cube=cube, score=score)
    return state.apply(MovePlay(Play.parse("1/off")))


def test_r10_single_game_counts_one():
    state = finish(side(p6=14))
    assert state.game_over and state.winner == 0
    assert state.score == (1, 0)
    assert state.result.how == "single game"


def test_r10_gammon_counts_two():
    state = finish(side(p6=15))
    assert state.score == (2, 0) and state.result.how == "gammon"


def test_r10_backgammon_counts_three():
    state = finish(side(p6=14, p20=1))
    assert state.score == (3, 0) and state.result.how == "backgammon"


def test_r10_backgammon_with_a_checker_on_the_bar():
    assert finish(side(p6=14, bar=1)).score == (3, 0)


def test_r10_player_one_wins_too():
    state = finish(side(p6=15), mover=1)
    assert state.winner == 1 and state.score == (0, 2)


def test_r10_multiples_apply_to_the_cube_value():
    assert finish(side(p6=15), cube=Cube(4, 1)).score == (8, 0)


def test_r11_pass_loses_stake_before_double():
    state = MatchState(Settings()).apply(OpeningRoll(5, 3))
    state = dataclasses.replace(state, phase=ROLL, dice=None, cube=Cube(2, 1),
                                position=state.position.swapped())
    assert state.position.turn == 1
    state = state.apply(Double()).apply(Pass())
    assert state.winner == 1 and state.score == (0, 2)
    assert state.result.how == "pass"
    assert state.cube_value == 2


def test_r11_pass_of_first_double_loses_one():
    state = MatchState(Settings()).apply(OpeningRoll(5, 3)).apply(MovePlay(Play.parse("8/3 6/3")))
    state = state.apply(Double()).apply(Pass())
    assert state.score == (0, 1)


def test_r12_jacoby_gammon_counts_single_while_cube_unturned():
    assert finish(side(p6=15), Settings(jacoby=True)).score == (1, 0)
    assert finish(side(p6=14, p20=1), Settings(jacoby=True)).score == (1, 0)


def test_r12_jacoby_gammon_counts_once_cube_turned():
    assert finish(side(p6=15), Settings(jacoby=True), cube=Cube(2, 1)).score == (4, 0)


def test_r13_jacoby_not_used_in_matches():
    assert finish(side(p6=15), Settings(match_length=7, jacoby=True)).score == (2, 0)


def test_r12_mediterranean_backgammon_counts_as_gammon():
    assert finish(side(p6=14, p20=1), Settings(mediterranean=True)).score == (2, 0)
    assert finish(side(p6=15), Settings(mediterranean=True)).score == (2, 0)


def test_r12_no_gammons_counts_single():
    assert finish(side(p6=15), Settings(no_gammons=True)).score == (1, 0)
    assert finish(side(p6=14, bar=1), Settings(no_gammons=True), cube=Cube(2, 0)).score == (2, 0)


def test_r13_match_ends_when_a_player_reaches_n():
    state = finish(side(p6=14), Settings(match_length=5), score=(4, 2))
    assert state.phase == MATCH_OVER and state.match_over
    assert state.match_winner == 0


def test_r13_points_beyond_the_match_length_are_recorded_as_they_are():
    state = finish(side(p6=15), Settings(match_length=3), cube=Cube(4, 0), score=(1, 2))
    assert state.score == (9, 2)
    assert state.phase == MATCH_OVER


def test_r13_game_over_below_n_waits_for_next_opening_roll():
    state = finish(side(p6=14), Settings(match_length=5))
    assert state.phase == GAME_OVER and not state.match_over
    nxt = state.apply(OpeningRoll(2, 6))
    assert nxt.phase == MOVE and nxt.position.turn == 1 and nxt.game_number == 2
    assert nxt.cube == Cube() and nxt.winner is None and nxt.score == (1, 0)


def test_r10_money_play_never_ends():
    state = finish(side(p6=15), Settings(), score=(100, 3))
    assert state.phase == GAME_OVER and state.score == (102, 3)
