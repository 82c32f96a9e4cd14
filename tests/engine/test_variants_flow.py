"""The variants' turn structure (R12): acey-deucey without a cube, its 1-2 bonus and its scoring;
Dutch backgammon starting off the board, with the cube as usual."""
import dataclasses
import random

import pytest

from engine import (CHOOSE_DOUBLET, DOUBLED, MOVE, ROLL, ChooseDoublet, Cube, Dice, Double,
                    IllegalActionError, MatchState, MovePlay, OpeningRoll, Pass, Play, Position,
                    Resign, Roll, Settings, Take, read_mat, start_position, write_mat)

ACEY = Settings(variant="acey-deucey")
DUTCH = Settings(variant="dutch")


def side(**points):
    s = [0] * 25
    for name, n in points.items():
        s[24 if name == "bar" else int(name[1:]) - 1] = n
    return tuple(s)


def test_r12_acey_deucey_starts_off_the_board_and_has_no_cube():
    state = MatchState(ACEY).apply(OpeningRoll(6, 4))
    assert state.position == start_position("acey-deucey", turn=0)
    state = state.apply(MovePlay(state.legal_plays[0]))
    assert state.phase == ROLL and state.legal_actions == (Roll, Resign)
    with pytest.raises(IllegalActionError, match="without the doubling cube"):
        state.apply(Double())


def test_r12_acey_deucey_no_automatic_doubles():
    state = MatchState(dataclasses.replace(ACEY, automatic_doubles=True)).apply(OpeningRoll(2, 2))
    assert state.cube == Cube()


def test_r12_acey_deucey_after_1_2_choose_a_doublet_then_roll_again():
    state = MatchState(ACEY).apply(OpeningRoll(4, 6))  # player 1 plays 6-4
    state = state.apply(MovePlay(state.legal_plays[0]))
    state = state.apply(Roll(Dice(1, 2)))
    assert state.position.turn == 0
    state = state.apply(MovePlay(state.legal_plays[0]))
    assert state.phase == CHOOSE_DOUBLET and state.position.turn == 0  # same player
    assert state.legal_actions == (ChooseDoublet, Resign)
    state = state.apply(ChooseDoublet(5))
    assert state.phase == MOVE and state.dice == Dice(5, 5)
    play = state.legal_plays[0]
    assert len(play) == 4
    state = state.apply(MovePlay(play))
    assert state.phase == ROLL and state.position.turn == 0  # fully played: he rolls again
    state = state.apply(Roll(Dice(1, 2)))
    state = state.apply(MovePlay(state.legal_plays[0]))
    assert state.phase == CHOOSE_DOUBLET  # every 1-2 brings the bonus


def test_r12_acey_deucey_opening_1_2_brings_the_bonus():
    state = MatchState(ACEY).apply(OpeningRoll(1, 2))
    assert state.position.turn == 1
    state = state.apply(MovePlay(state.legal_plays[0]))
    assert state.phase == CHOOSE_DOUBLET and state.position.turn == 1


def test_r12_acey_deucey_doublet_not_fully_played_passes_the_turn():
    blocker = side(p7=2)  # the opponent's 7-point: the mover's 18-point
    mover = side(p24=2, p1=13)
    state = dataclasses.replace(MatchState(ACEY).apply(OpeningRoll(6, 4)), phase=CHOOSE_DOUBLET,
                                dice=None, position=Position(mover, blocker + (), 0, (0, 13)))
    state = state.apply(ChooseDoublet(6))
    assert state.legal_plays.is_pass
    state = state.apply(MovePlay(Play()))
    assert state.phase == ROLL and state.position.turn == 1


def test_r12_acey_deucey_1_2_not_fully_played_brings_no_bonus():
    blocker = side(p2=2, p3=2)  # the mover's 23- and 22-points
    mover = side(p24=2, p1=13)
    state = dataclasses.replace(MatchState(ACEY).apply(OpeningRoll(6, 4)), phase=ROLL, dice=None,
                                position=Position(mover, blocker, 0, (0, 11)))
    state = state.apply(Roll(Dice(2, 1)))
    assert state.legal_plays.is_pass
    state = state.apply(MovePlay(Play()))
    assert state.phase == ROLL and state.position.turn == 1


def test_r12_acey_deucey_loser_pays_stake_times_checkers_left():
    loser = side(p6=2)  # 2 on the board, 3 not yet entered, 10 borne off
    state = dataclasses.replace(MatchState(ACEY).apply(OpeningRoll(6, 4)), dice=Dice(1, 1),
                                position=Position(side(p1=1), loser, 0, (0, 3)))
    state = state.apply(MovePlay("1/off"))
    assert state.game_over and state.winner == 0
    assert state.score == (5, 0) and state.result.how == "checkers"


def test_r12_dutch_starts_with_all_checkers_off_the_board_and_keeps_the_cube():
    state = MatchState(DUTCH).apply(OpeningRoll(5, 3))
    assert state.position == start_position("dutch", turn=0)
    assert all(len(p) == 2 and all(m.source == 25 for m in p) for p in state.legal_plays)
    state = state.apply(MovePlay(state.legal_plays[0]))
    assert state.may_double
    state = state.apply(Double()).apply(Take())
    assert state.cube == Cube(2, 0)


def _random_match(settings, seed):
    rng = random.Random(seed)
    state = MatchState(settings)
    while not state.match_over and len(state.actions) < 20000:
        acts = state.legal_actions
        if OpeningRoll in acts:
            state = state.apply(OpeningRoll(rng.randint(1, 6), rng.randint(1, 6)))
        elif state.phase == ROLL:
            state = state.apply(Double() if Double in acts and rng.random() < 0.05
                                else Roll(Dice(rng.randint(1, 6), rng.randint(1, 6))))
        elif state.phase == DOUBLED:
            state = state.apply(rng.choice([Take, Take, Pass])())
        elif state.phase == CHOOSE_DOUBLET:
            state = state.apply(ChooseDoublet(rng.randint(1, 6)))
        else:
            state = state.apply(MovePlay(rng.choice(list(state.legal_plays))))
    return state


@pytest.mark.parametrize("variant,seed", [("acey-deucey", 1), ("dutch", 2)])
def test_r12_variant_matches_play_to_the_end_and_replay(variant, seed):
    settings = Settings(match_length=5, variant=variant)
    state = _random_match(settings, seed)
    assert state.match_over
    assert MatchState.replay(settings, [a.to_json() for a in state.actions]) == state
    text = write_mat(state)
    assert f'; [Variation "{variant}"]' in text
    record = read_mat(text)
    assert record.variant == variant
    assert record.replay().score == state.score
