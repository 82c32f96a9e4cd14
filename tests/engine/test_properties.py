"""Hypothesis properties of the engine's invariants over seeded random positions and rolls."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (CHECKERS, Dice, Illegal, InvalidPositionError, Legal, Play, Position, check_play,
                    legal_results, random_position)
from engine.variants import start_position

KINDS = ("contact", "bar", "bearoff", "blocked")
positions = st.builds(lambda seed, kind, turn: random_position(random.Random(seed), kind, turn),
                      st.integers(0, 2**32), st.sampled_from(KINDS), st.integers(0, 1))
dice = st.builds(Dice, st.integers(1, 6), st.integers(1, 6))
SETTINGS = settings(max_examples=150, deadline=None)


@SETTINGS
@given(positions)
def test_position_id_and_xgid_round_trip(p):
    assert Position.from_id(p.id, turn=p.turn) == p
    assert Position.from_xgid(p.xgid, turn=p.turn) == p
    assert Position.from_id(p.swapped().id, turn=1 - p.turn) == p.swapped()


@SETTINGS
@given(positions, dice)
def test_results_keep_15_checkers_and_no_shared_point(p, roll):
    for after in legal_results(p, roll):
        rebuilt = Position(after.on_roll, after.opponent, after.turn)  # validates
        assert rebuilt == after
        for side, off in zip((after.on_roll, after.opponent), after.borne_off):
            assert sum(side) + off == CHECKERS and off >= 0
        assert sum(after.opponent) == sum(p.opponent)  # hits only move checkers to the bar
        moved = p.pip_count[0] - after.pip_count[0]
        assert 0 <= moved <= sum(roll.numbers)


@SETTINGS
@given(positions, dice)
def test_play_then_swapped_is_consistent(p, roll):
    plays = p.legal_plays(roll)
    for after, play in plays.results.items():
        pushed = p.play(play)
        assert pushed == after.swapped()
        assert pushed.turn == 1 - p.turn and pushed.swapped() == after
        # the written notation reads back to the same result, which the roll allows
        written = Play.parse(str(play))
        assert p.play(written) == pushed and written in plays


@SETTINGS
@given(positions, dice)
def test_every_legal_result_is_judged_legal(p, roll):
    results = legal_results(p, roll)
    for after, play in list(results.items())[:6]:
        assert check_play(p, roll, after) == Legal(play)
    plays = p.legal_plays(roll)
    assert len(plays) == len(results) and set(plays) == set(results.values())


@SETTINGS
@given(positions, dice, st.integers(0, 2**32))
def test_a_disturbed_result_is_never_legal_unless_it_is_a_result(p, roll, seed):
    rng = random.Random(seed)
    results = legal_results(p, roll)
    after = rng.choice(list(results))
    me = list(after.on_roll)
    occupied = [i for i in range(25) if me[i]]
    if not occupied:
        return
    i = rng.choice(occupied)
    j = rng.randrange(25)
    me[i] -= 1
    me[j] += 1
    try:
        disturbed = Position(tuple(me), after.opponent, after.turn)
    except InvalidPositionError:
        return
    verdict = check_play(p, roll, disturbed)
    if disturbed in results:
        assert isinstance(verdict, Legal)
    else:
        assert isinstance(verdict, Illegal) and verdict.reason and verdict.nearest
        assert all(play in results.values() for play in verdict.nearest)


@SETTINGS
@given(dice, st.sampled_from(("dutch", "acey-deucey")), st.integers(0, 2**32))
def test_variant_games_keep_their_checkers(roll, variant, seed):
    rng = random.Random(seed)
    p = start_position(variant)
    for _ in range(12):  # a random game of a few turns
        results = legal_results(p, roll, variant)
        after = rng.choice(list(results))
        for side, off, wait in zip((after.on_roll, after.opponent), after.borne_off, after.waiting):
            assert sum(side) + off + wait == CHECKERS
        assert check_play(p, roll, after, variant=variant) == Legal(results[after])
        p = after.swapped()
        roll = Dice(rng.randint(1, 6), rng.randint(1, 6))
