"""engine.StartFrom: a game that begins from a given position (read off the board) instead of the
opening roll, in the match log, its replay, games() and the .mat writer (which leaves it out)."""
import pytest

from engine import (GAME_OVER, MATCH_OVER, MOVE, OPENING, ROLL, Cube, CubeError, Dice, Double,
                    IllegalActionError, MatchState, MatWriteError, MovePlay, OpeningRoll, Pass,
                    Play, Position, Roll, Settings, StartFrom, action_from_json, read_mat,
                    write_mat)

# a race: player on roll has 2 checkers on his 6 point, the opponent 2 on his 1 point
RACE = Position(tuple([0] * 5 + [2] + [0] * 19), tuple([2] + [0] * 24), turn=1)
MATCH7 = Settings(match_length=7)


def test_start_from_puts_the_state_in_roll_with_the_given_position_cube_and_score():
    state = MatchState(MATCH7).apply(StartFrom(RACE, 2, 0, (3, 1)))
    assert state.phase == ROLL and state.turn == 1
    assert state.position == RACE
    assert (state.cube_value, state.cube_owner) == (2, 0)
    assert state.score == (3, 1)
    assert not state.crawford and not state.post_crawford
    assert state.actions == (StartFrom(RACE, 2, 0, (3, 1)),)


def test_start_from_then_the_game_goes_on_and_is_scored():
    state = MatchState(MATCH7).apply(StartFrom(RACE, 2, 0, (3, 1)))
    state = state.apply(Roll(Dice(6, 6)))
    assert state.phase == MOVE
    state = state.apply(MovePlay(Play.parse("6/off(2)")))
    assert state.phase == GAME_OVER and state.winner == 1
    assert state.score == (3, 1 + 2)  # single game at the cube on 2
    state = state.apply(OpeningRoll(3, 1))
    assert state.game_number == 2 and state.phase == MOVE
    assert state.position == Position.start(0)
    assert state.cube == Cube()


def test_start_from_replays_from_its_json_log():
    state = MatchState(MATCH7).apply(StartFrom(RACE, 4, 1, (2, 5), post_crawford=True))
    state = state.apply(Roll(Dice(2, 1))).apply(MovePlay(Play.parse("6/4 6/5")))
    log = [a.to_json() for a in state.actions]
    again = MatchState.replay(MATCH7, log)
    assert again == state
    assert action_from_json(log[0]) == state.actions[0]


def test_score_none_keeps_the_match_score_and_the_game_number_moves_on():
    state = MatchState(MATCH7).apply(OpeningRoll(3, 1)).apply(MovePlay(Play.parse("8/5 6/5")))
    state = state.apply(Double()).apply(Pass())
    assert state.phase == GAME_OVER and state.score == (0, 1)
    state = state.apply(StartFrom(RACE))
    assert state.score == (0, 1) and state.game_number == 2 and state.phase == ROLL


@pytest.mark.parametrize("setup", [
    lambda s: s.apply(OpeningRoll(3, 1)),                                 # in the middle of a game
    lambda s: s.apply(StartFrom(RACE)),                                   # twice
])
def test_start_from_only_where_a_game_starts(setup):
    with pytest.raises(IllegalActionError, match="StartFrom is not allowed"):
        setup(MatchState(MATCH7)).apply(StartFrom(RACE))


def test_start_from_after_equal_opening_dice_is_still_the_start():
    state = MatchState(MATCH7).apply(OpeningRoll(4, 4))
    assert state.phase == OPENING
    assert state.apply(StartFrom(RACE)).phase == ROLL


@pytest.mark.parametrize("action, message", [
    (lambda: StartFrom(RACE, 1, None, (7, 0)), "ends a 7-point match"),
    (lambda: StartFrom(RACE, 1, None, (3, 1), crawford=True), "no Crawford game at 3-1"),
    (lambda: StartFrom(RACE, 2, 0, (6, 1), crawford=True), "middle on 1"),
    (lambda: StartFrom(RACE, 1, None, (6, 1), crawford=True, post_crawford=True), "both"),
    (lambda: StartFrom(RACE, 1, None, (-1, 0)), "whole numbers"),
])
def test_bad_starts_are_refused_naming_what_is_wrong(action, message):
    with pytest.raises(IllegalActionError, match=message):
        MatchState(MATCH7).apply(action())


def test_a_bad_cube_is_a_cube_error():
    with pytest.raises(CubeError):
        StartFrom(RACE, 3, None)


def test_crawford_game_from_a_position_forbids_doubling_and_the_next_is_post_crawford():
    state = MatchState(MATCH7).apply(StartFrom(RACE, 1, None, (6, 2), crawford=True))
    assert state.crawford and not state.may_double
    with pytest.raises(IllegalActionError, match="Crawford"):
        state.apply(Double())
    state = state.apply(Roll(Dice(6, 6))).apply(MovePlay(Play.parse("6/off(2)")))
    assert state.score == (6, 3) and state.phase == GAME_OVER
    state = state.apply(OpeningRoll(3, 1))
    assert not state.crawford and state.post_crawford


def test_a_start_that_wins_the_match_ends_it():
    state = MatchState(MATCH7).apply(StartFrom(RACE, 1, None, (0, 6), post_crawford=True))
    state = state.apply(Roll(Dice(6, 6))).apply(MovePlay(Play.parse("6/off(2)")))
    assert state.phase == MATCH_OVER and state.match_winner == 1


# ---- the record ---------------------------------------------------------------------------------

def three_games():
    """Game 1 from the opening (player 1 wins 1 on a pass), game 2 from a position (player 1,
    owning the cube on 2, redoubles and player 0 passes: 2 more), game 3 from the opening."""
    state = MatchState(MATCH7).apply(OpeningRoll(3, 1)).apply(MovePlay(Play.parse("8/5 6/5")))
    state = state.apply(Double()).apply(Pass())                          # 0-1
    state = state.apply(StartFrom(RACE, 2, 1)).apply(Double()).apply(Pass())   # 0-3
    state = state.apply(OpeningRoll(5, 2)).apply(MovePlay(Play.parse("13/8 13/11")))
    return state


def test_games_marks_the_game_begun_from_a_position_with_its_score():
    games = three_games().games()
    assert [g.score for g in games] == [(0, 0), (0, 1), (0, 3)]
    assert [g.start for g in games] == [None, RACE, None]
    assert games[1].result.winner == 1 and games[1].result.points == 2
    assert [e.kind for e in games[1].events] == ["double", "pass", "win"]


def test_write_mat_leaves_the_game_out_with_a_comment_and_renumbers():
    text = write_mat(three_games())
    assert f"; game 2 began from a position read off the board (GNU ID {RACE.id}), not written" in text
    assert text.index("; game 2") < text.index("point match")  # gnubg skips comments only there
    record = read_mat(text)
    assert [g.number for g in record.games] == [1, 2]
    assert [g.score for g in record.games] == [(0, 0), (0, 3)]


def test_write_mat_of_only_a_game_from_a_position_is_a_clear_error():
    state = MatchState(MATCH7).apply(StartFrom(RACE, 1, None, (2, 3)))
    with pytest.raises(MatWriteError, match=f"game 1 began from a position .*{RACE.id}"):
        write_mat(state)


@pytest.fixture(scope="module")
def gnubg():
    gnubg = pytest.importorskip("gnubg")
    for player in (0, 1):
        gnubg.command(f"set player {player} human")
    gnubg.command("set display off")
    return gnubg


def test_gnubg_imports_the_games_around_one_from_a_position(gnubg, tmp_path):
    path = tmp_path / "m.mat"
    path.write_text(write_mat(three_games()))
    gnubg.command(f"import mat {path}")
    games = gnubg.match()["games"]
    assert len(games) == 2
    first, last = games[0]["info"], games[1]["info"]
    # gnubg's X is player 0 (left column), O player 1
    assert (first["score-X"], first["score-O"]) == (0, 0) and first["points-won"] == 1
    assert (last["score-X"], last["score-O"]) == (0, 3)
