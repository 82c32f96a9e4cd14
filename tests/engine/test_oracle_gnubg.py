"""Oracle: legal_plays against GNU Backgammon on 20,000 seeded random positions (zero disagreement).

gnubg's Python board is (opponent, player on roll); find_best_moves lists every legal play (one per
distinct result) as (from, to, from, to, ...) in the mover's numbering, 25 = bar, 0 = off, but cuts
the tuple short at its first bear-off. So results are compared as sets where no play bears off and
as counts where one does."""
import random

import pytest

from engine import Dice, Position, legal_results, random_position

gnubg = pytest.importorskip("gnubg")

POSITIONS = 20_000
CHUNKS = 16
KINDS = ("contact", "bar", "bearoff", "blocked")


def money_cube():
    """A centred cube in a money game, told in full: gnubg.cubeinfo() with no arguments takes gnubg's
    current match, and one another test left over (a match played or imported to its end) makes it
    'Error in SetCubeInfo'. Arguments: cube value, owner, player on move, match length, score,
    Crawford, backgammon variant."""
    return gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)


def _gnubg_results(position: Position, dice: Dice):
    """(number of plays, set of resulting (on_roll, opponent) or None if a play bears off)."""
    board = (position.opponent, position.on_roll)
    moves = gnubg.find_best_moves(board, money_cube(), gnubg.evalcontext(0, 0, 1, 0, 0), (dice.a, dice.b))
    results = set()
    for entry in moves:
        t = entry["move"]
        me, opp = list(position.on_roll), list(position.opponent)
        for k in range(0, len(t), 2):
            if k + 1 >= len(t) or t[k + 1] == 0:
                return len(moves), None
            src, dst = t[k], t[k + 1]
            me[24 if src == 25 else src - 1] -= 1
            me[dst - 1] += 1
            if opp[24 - dst] == 1:
                opp[24 - dst] = 0
                opp[24] += 1
        results.add((tuple(me), tuple(opp)))
    return len(moves), results


def _cases(chunk: int):
    rng = random.Random(1000 + chunk)
    for n in range(POSITIONS // CHUNKS):
        position = random_position(rng, KINDS[n % len(KINDS)])
        yield position, Dice(rng.randint(1, 6), rng.randint(1, 6))


def test_gnubg_board_order_and_ids():
    """gnubg's board is (opponent, on roll): a known ID and a bar entry prove the order."""
    assert gnubg.position_id(gnubg.positionfromid("4HPwATDgc/ABMA")) == Position.start().id
    p = Position((2,) + (0,) * 24, (0,) * 24 + (1,))  # on roll: 2 on the ace; opponent: 1 on the bar
    assert gnubg.position_id((p.opponent, p.on_roll)) == p.id == "AAAADQAAAAAAAA"
    count, _ = _gnubg_results(p.swapped(), Dice(3, 1))
    assert count == len(legal_results(p.swapped(), Dice(3, 1)))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_oracle_gnubg_legal_plays(chunk):
    kinds_with_bearoff = kinds_with_bar = 0
    disagreements = []
    for position, dice in _cases(chunk):
        ours = legal_results(position, dice)
        count, theirs = _gnubg_results(position, dice)
        if count == 0:  # gnubg: no legal play; ours: the single empty play
            ok = list(ours) == [position] and not next(iter(ours.values()))
        elif theirs is None:
            kinds_with_bearoff += 1
            ok = count == len(ours)
        else:
            ok = theirs == {(p.on_roll, p.opponent) for p in ours}
        kinds_with_bar += position.on_roll[24] > 0
        if not ok:
            disagreements.append(f"{position.id} {dice}: gnubg {count}, ours {len(ours)}")
        elif count and len(disagreements) == 0 and hash(position) % 50 == 0:
            # the IDs we write for results are gnubg's IDs of the same boards
            for p in ours:
                assert gnubg.position_id((p.opponent, p.on_roll)) == p.id
    assert not disagreements, "\n".join(disagreements[:10])
    # the sample really exercises bear-offs and the bar
    assert kinds_with_bearoff > POSITIONS // CHUNKS // 10
    assert kinds_with_bar > POSITIONS // CHUNKS // 5
