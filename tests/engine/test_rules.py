"""The move rules R1 and R3-R7 of RULES.md, each test named after its rule, with the seeds' examples."""
from engine import Dice, Play, Position, check_play, legal_results

EMPTY = (0,) * 25


def side(points: dict, bar: int = 0) -> tuple:
    """25 ints from {point: checkers} (own numbering) and a bar count."""
    return tuple(points.get(i + 1, 0) for i in range(24)) + (bar,)


def opp_at(points: dict, bar: int = 0) -> tuple:
    """The opponent from {mover's point: checkers}, converted to the opponent's own numbering."""
    return side({25 - p: n for p, n in points.items()}, bar)


def plays(position: Position, dice: str) -> set:
    return {str(p) for p in position.legal_plays(Dice.parse(dice))}


def test_r1_start_position_mirror_images():
    p = Position.start()
    assert p.on_roll == p.opponent == side({24: 2, 13: 5, 8: 3, 6: 5})
    assert sum(p.on_roll) == 15 and p.pip_count == (167, 167)


def test_r3_numbers_are_separate_moves():
    p = Position.start()
    # 5-3 cannot be played as 6 and 2 (no splitting), nor as an 8 by another route
    assert "13/7 8/6" not in p.legal_plays("53")
    assert "8/3 6/3" in p.legal_plays("53")
    # one checker may play both numbers when the intermediate point is open
    assert "24/16" in plays(p, "53")


def test_r3_intermediate_point_must_be_open():
    # opponent holds the mover's 18 and 19: 24/13 with 6-5 is impossible, jumping over is fine
    p = Position(side({24: 1, 6: 14}), opp_at({18: 2, 19: 2}))
    assert "24/13" not in p.legal_plays("65")
    q = Position(side({24: 1, 6: 14}), opp_at({18: 2}))
    assert "24/13" in q.legal_plays("65")   # via 19, jumping the occupied 18 (not landing on it)


def test_r3_doublet_played_four_times():
    p = Position.start()
    for play in p.legal_plays("22"):
        assert len(play) == 4
    assert "13/11(2) 6/4(2)" in plays(p, "22")
    assert "24/16" in p.legal_plays("22")


def test_r4_hit_at_intermediate_stop():
    # blots of the opponent on the mover's 7 and 5: 13/7*/5* hits both in one turn
    p = Position(side({13: 1, 6: 14}), opp_at({7: 1, 5: 1, 20: 13}))
    results = legal_results(p, Dice(6, 2))
    two_hits = [after for after, play in results.items() if after.opponent[24] == 2]
    assert two_hits, "both blots can be hit in one turn"
    assert str(results[two_hits[0]]) == "13/7*/5*"
    r = legal_results(Position(side({13: 1, 6: 14}), opp_at({7: 1, 20: 14})), Dice(6, 2))
    assert "13/7*/5" in {str(pl) for pl in r.values()}


def test_r5_both_numbers_must_be_played():
    p = Position.start()
    assert all(len(play) == 2 for play in p.legal_plays("31"))
    assert "24/21" not in p.legal_plays("31")


def test_r5_larger_die():
    # one checker outside, on 20; 20/14 and 20/15 each possible, but 9 is blocked so not both
    p = Position(side({20: 1, 1: 7, 2: 7}), opp_at({9: 2}))
    assert plays(p, "65") == {"20/14"}


def test_r5_only_the_playable_number():
    # the 6 is blocked (14 held): the 5 alone must be played
    p = Position(side({20: 1, 1: 7, 2: 7}), opp_at({9: 2, 14: 2}))
    assert plays(p, "65") == {"20/15"}


def test_r5_doublet_as_far_as_possible():
    # 4-4 from 20: 16 open, 12 blocked: only one 4 can be played
    p = Position(side({20: 1, 1: 14}), opp_at({12: 2}))
    assert plays(p, "44") == {"20/16"}


def test_r5_pass_when_nothing_can_be_played():
    p = Position(side({20: 1, 1: 14}), opp_at({16: 2, 15: 2, 12: 2}))
    legal = p.legal_plays("54")
    assert legal.is_pass and list(legal) == [Play()]


def test_r6_bar_first():
    p = Position(side({13: 5, 6: 5, 8: 4}, bar=1), Position.start().opponent)
    for play in p.legal_plays("64"):
        assert play[0].source == 25


def test_r6_entry_on_25_minus_n():
    p = Position(side({6: 14}, bar=1), opp_at({13: 15}))
    assert plays(p, "41") == {"bar/20", "bar/21 6/5", "bar/24 6/2"}


def test_r6_004_two_on_the_bar_six_three_with_the_three_point_blocked():
    # seed 004: two on the bar, 6-3, the 3-point (the mover's 22) blocked: one enters with the 6,
    # the 3 is forfeited
    p = Position(side({6: 13}, bar=2), opp_at({22: 2, 13: 13}))
    assert plays(p, "63") == {"bar/19"}


def test_r6_closed_board_forfeits():
    p = Position(side({13: 14}, bar=1), opp_at({p: 2 for p in range(19, 25)} | {12: 3}))
    assert p.legal_plays("66").is_pass


def test_r7_bear_off_only_when_all_home():
    p = Position(side({20: 1, 6: 12, 5: 2}), opp_at({22: 15}))
    assert not any(m.destination == 0 for play in p.legal_plays("54") for m in play)
    assert check_play(p, Dice(5, 4), Position(side({16: 1, 6: 12, 5: 1}), p.opponent)).reason == \
        "bearing off while checkers are outside the home board"


def test_r7_bear_off_from_highest():
    # a 6 with nothing on the 6-point or higher bears off from the highest point
    p = Position(side({4: 1, 2: 1}), opp_at({20: 15}))
    assert "4/off 2/off" in plays(p, "65")
    # a 4 with a checker on the 5-point must be played inside the board
    q = Position(side({5: 1, 2: 1}), opp_at({20: 15}))
    assert "2/off" not in {str(pl) for pl in q.legal_plays("41")}
    assert plays(q, "41") == {"5/1 2/1", "5/off"}


def test_r7_000_six_one_single_checker_on_the_six():
    # seed 000: 6-1 with a single checker on the 6-point: 6/off then a 1 elsewhere, or 6/5 5/off
    p = Position(side({6: 1, 3: 2, 2: 2}), opp_at({20: 15}))
    results = legal_results(p, Dice(6, 1))
    off_then_one = Position(side({3: 1, 2: 3}), p.opponent)
    six_five_off = Position(side({3: 2, 2: 2}), p.opponent)
    assert off_then_one in results and six_five_off in results


def test_r7_first_number_brings_the_last_checker_home():
    p = Position(side({8: 1, 6: 4, 1: 5}), opp_at({20: 15}))
    assert "8/off" in plays(p, "62")
    after = Position(side({6: 4, 1: 5}), p.opponent)
    assert after in legal_results(p, Dice(6, 2))


def test_r7_hit_checker_reenters_before_bearing_off():
    p = Position(side({3: 10}, bar=1), opp_at({20: 15}))
    for play in p.legal_plays("63"):
        assert play[0].source == 25
    assert check_play(p, Dice(6, 3), Position(side({3: 9}, bar=1), p.opponent)).reason == \
        "the checker on the bar must enter first"


def test_004_hitting_rolls_table():
    from engine import hitting_rolls
    assert [hitting_rolls(d) for d in range(1, 13)] == [11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3]
    assert [hitting_rolls(d) for d in (15, 16, 18, 20, 24)] == [1, 1, 1, 1, 1]
    assert [hitting_rolls(d) for d in (13, 14, 17, 19, 21, 22, 23)] == [0] * 7


def test_004_hitting_rolls_with_blocked_points():
    from engine import hitting_rolls
    # shooter on 13, blot 6 away on 7; the opponent holds 10 and 9 (3 and 4 away)
    p = Position(side({13: 1, 1: 14}), opp_at({10: 2, 9: 2, 7: 1}))
    # open board: 17; blocked: 3-3 (via 10), 2-2 (via 11, 9), 1-5 and 5-1 stay, 2-4 and 4-2 lose
    # the 4 first (9 held) but keep 2 first (11 open)
    assert hitting_rolls(6, p, source=13) == 17 - 1 - 1
    import pytest
    from engine import EngineError
    with pytest.raises(EngineError, match="distance 0"):
        hitting_rolls(0)


def test_r12_dutch_all_enter_first_and_no_early_hits():
    from engine import start_position
    p = start_position("dutch")
    assert p.on_roll[24] == 15 and p.borne_off == (0, 0)
    # every checker on the bar: only entering (R6 makes all 15 enter before anything moves)
    assert plays(p, "31") == {"bar/24 bar/22"}
    assert [str(x) for x in p.legal_plays("31", variant="dutch")] == ["bar/24 bar/22"]
    # no hitting before a checker has reached the home board: the blot on 20 cannot be hit
    q = Position(side({24: 14, 23: 1}), opp_at({20: 1, 1: 14}))
    dutch = {str(x) for x in q.legal_plays("43", variant="dutch")}
    standard = {str(x) for x in q.legal_plays("43")}
    assert not any("*" in x for x in dutch) and any("*" in x for x in standard)
    # once a checker stands in the home board, hitting is allowed
    r = Position(side({24: 13, 23: 1, 3: 1}), opp_at({20: 1, 1: 14}))
    assert any("*" in str(x) for x in r.legal_plays("43", variant="dutch"))


def test_r12_acey_deucey_enter_at_will():
    from engine import start_position
    p = start_position("acey-deucey")
    assert p.waiting == (15, 15) and sum(p.on_roll) == 0 and p.borne_off == (0, 0)
    assert plays_v(p, "31", "acey-deucey") == {"bar/24 bar/22", "bar/21"}
    # some entered: entering and moving are both allowed
    q = Position(side({22: 1}), EMPTY, waiting=(14, 15))
    got = plays_v(q, "21", "acey-deucey")
    assert {"bar/24 bar/23", "bar/23 22/21", "22/19"} <= got
    # a HIT checker on the bar still enters first
    r = Position(side({22: 1}, bar=1), EMPTY, waiting=(13, 15))
    assert all(play[0].source == 25 for play in r.legal_plays("21", variant="acey-deucey"))
    # bearing off needs every checker entered
    s = Position(side({1: 14}), EMPTY, waiting=(1, 15))
    assert not any(m.destination == 0 for pl in s.legal_plays("11", variant="acey-deucey") for m in pl)


def plays_v(position: Position, dice: str, variant: str) -> set:
    return {str(p) for p in position.legal_plays(Dice.parse(dice), variant=variant)}
