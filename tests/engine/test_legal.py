"""legal_plays: the sequence API and perft counts from the start (gnubg's figures)."""
import pytest

from engine import ALL_ROLLS, Dice, Play, Position

# Distinct legal plays from the starting position per roll, as counted by gnubg 1.08
# (find_best_moves, one entry per distinct resulting position).
PERFT_START = {
    "11": 42, "21": 15, "22": 75, "31": 16, "32": 17, "33": 73, "41": 14, "42": 18, "43": 17,
    "44": 52, "51": 8, "52": 8, "53": 9, "54": 9, "55": 4, "61": 10, "62": 14, "63": 14,
    "64": 14, "65": 7, "66": 11,
}


def test_perft_table_covers_the_21_rolls():
    assert set(PERFT_START) == {str(d) for d in ALL_ROLLS} and len(ALL_ROLLS) == 21


@pytest.mark.parametrize("roll", sorted(PERFT_START))
def test_perft_start(roll):
    assert len(Position.start().legal_plays(Dice.parse(roll))) == PERFT_START[roll]


def test_legal_plays_sequence_api():
    plays = Position.start().legal_plays("31")
    assert Play.parse("8/5 6/5") in plays
    assert Play.parse("6/5 8/5") in plays          # any order, same result
    assert "24/20" in plays                        # one checker playing both numbers
    assert Play.parse("24/21 24/21") not in plays  # 3 twice with a 3-1
    assert all(isinstance(p, Play) for p in plays)
    assert len(set(plays)) == len(plays)


def test_play_swaps_sides():
    p = Position.start()
    after = p.play(Play.parse("8/5 6/5"))
    assert after.turn == 1
    assert after.on_roll == p.opponent
    assert after.opponent[4] == 2 and after.opponent[7] == 2 and after.opponent[5] == 4
