"""GNU Match ID both ways, checked against gnubg itself while both play the same match."""
import random

import pytest

from engine import (DOUBLED, GAME_OVER, MATCH_OVER, MOVE, ROLL, Dice, Double, InvalidMatchIdError,
                    MatchId, MatchState, MovePlay, OpeningRoll, Pass, Play, Roll, Settings, Take)


def test_match_id_round_trip_every_field():
    mid = MatchId(cube_value=128, cube_owner=1, dice_owner=1, crawford=True, game_state="playing",
                  turn=0, double_offered=True, resignation="gammon", dice=(6, 3),
                  match_length=25, score=(24, 7), jacoby=False)
    assert len(mid.id) == 12
    assert MatchId.parse(mid.id) == mid


@pytest.mark.parametrize("text,length,dice,mover", [
    ("cAnuAAAAAAAE", 7, (4, 3), 1),    # gnubg: 'new match 7', root rolls 4 against 3
    ("cAkTAAAAAAAA", 0, (6, 4), 1),    # gnubg: 'new session' with Jacoby
])
def test_match_id_known_gnubg_ids(text, length, dice, mover):
    mid = MatchId.parse(text)
    assert (mid.match_length, mid.dice, mid.dice_owner, mid.cube_value, mid.cube_owner) == (
        length, dice, mover, 1, None)
    assert mid.id == text


def test_match_id_of_new_match_state():
    state = MatchState(Settings(match_length=7)).apply(OpeningRoll(3, 4))
    assert state.match_id == "cAnuAAAAAAAE"


@pytest.mark.parametrize("bad", ["", "cAnuAAAAAAA", "cAnuAAAAAAA!", "cAnuAAAAAAAEx"])
def test_match_id_bad_text_is_named(bad):
    with pytest.raises(InvalidMatchIdError, match="Match ID"):
        MatchId.parse(bad)


def test_match_id_rejects_cube_value_that_is_not_a_power_of_two():
    with pytest.raises(InvalidMatchIdError):
        MatchId(cube_value=3)


def _last_action(gnubg):
    game = gnubg.match()["games"][-1]["game"]
    return game[-1] if game else None


def _opening_from_gnubg(gnubg):
    last = _last_action(gnubg)
    hi, lo = max(last["dice"]), min(last["dice"])
    return OpeningRoll(hi, lo) if last["player"] == "X" else OpeningRoll(lo, hi)


def _play_along(gnubg, settings, seed, steps):
    """gnubg and MatchState play the same random match; returns the disagreements."""
    rng = random.Random(seed)
    state = MatchState(settings).apply(_opening_from_gnubg(gnubg))
    diffs = []
    for _ in range(steps):
        if state.phase == GAME_OVER:  # gnubg starts the next game at once
            state = state.apply(_opening_from_gnubg(gnubg))
        if state.phase == MATCH_OVER:
            break
        theirs = (gnubg.position_id(), gnubg.match_id())
        ours = (state.position.id, state.match_id)
        if theirs != ours:
            diffs.append((state.phase, theirs, ours))
        if state.phase == MOVE:
            play = rng.choice(list(state.legal_plays))
            gnubg.command(f"move {play}")
            state = state.apply(MovePlay(play))
        elif state.phase == ROLL:
            if Double in state.legal_actions and rng.random() < 0.15:
                gnubg.command("double")
                state = state.apply(Double())
            else:
                gnubg.command("roll")
                state = state.apply(Roll(Dice(*_last_action(gnubg)["dice"])))
                if state.legal_plays.is_pass:  # gnubg passes by itself
                    state = state.apply(MovePlay(Play()))
        elif state.phase == DOUBLED:
            if rng.random() < 0.75:
                gnubg.command("take")
                state = state.apply(Take())
            else:
                gnubg.command("drop")
                state = state.apply(Pass())
    return diffs, state


@pytest.fixture(scope="module")
def gnubg():
    gnubg = pytest.importorskip("gnubg")
    for player in (0, 1):
        gnubg.command(f"set player {player} human")
    gnubg.command("set automatic roll off")
    gnubg.command("set display off")
    return gnubg


@pytest.mark.parametrize("length,seed", [(5, 7), (3, 11), (9, 5)])
def test_match_id_agrees_with_gnubg_through_whole_matches(gnubg, length, seed):
    gnubg.command(f"set seed {seed}")
    gnubg.command(f"new match {length}")
    diffs, state = _play_along(gnubg, Settings(match_length=length), seed, 3000)
    assert diffs == []
    assert state.phase == MATCH_OVER


@pytest.mark.parametrize("jacoby", [True, False])
def test_match_id_agrees_with_gnubg_in_money_play(gnubg, jacoby):
    gnubg.command(f"set jacoby {'on' if jacoby else 'off'}")
    gnubg.command("set seed 3")
    gnubg.command("new session")
    diffs, state = _play_along(gnubg, Settings(match_length=0, jacoby=jacoby), 3, 600)
    assert diffs == []
    assert state.game_number >= 2
