"""check_play: Legal(play) or Illegal(reason, nearest, misread) with reasons a player understands."""
from engine import Dice, Illegal, Legal, Play, Position, check_play
from engine.legal import apply_play
from tests.engine.test_rules import opp_at, side

START = Position.start()


def after(position: Position, text: str) -> Position:
    """The board after moving the checkers as written (no rules checked), same view."""
    return apply_play(position, Play.parse(text))


def test_legal_result_gives_canonical_play():
    verdict = check_play(START, Dice(3, 1), after(START, "6/5 8/5"))
    assert verdict == Legal(Play.parse("8/5 6/5")) and verdict


def test_both_numbers_could_be_played():
    verdict = check_play(START, Dice(3, 1), after(START, "8/5"))
    assert isinstance(verdict, Illegal) and not verdict and not verdict.misread
    assert verdict.reason == "both numbers could be played"
    assert Play.parse("8/5 6/5") in verdict.nearest or Play.parse("8/5 5/4") in verdict.nearest


def test_the_larger_must_be_played():
    p = Position(side({20: 1, 1: 7, 2: 7}), opp_at({9: 2}))
    verdict = check_play(p, Dice(6, 5), after(p, "20/15"))
    assert verdict.reason == "the 6 must be played"
    assert verdict.nearest == (Play.parse("20/14"),)


def test_blocked_intermediate_point():
    p = Position(side({24: 1, 6: 14}), opp_at({18: 2, 19: 2}))
    verdict = check_play(p, Dice(6, 5), Position(side({13: 1, 6: 14}), p.opponent))
    assert verdict.reason in ("point 18 is blocked", "point 19 is blocked")


def test_bar_first():
    p = Position(side({13: 5, 6: 5, 8: 4}, bar=1), START.opponent)
    verdict = check_play(p, Dice(6, 4), Position(side({13: 3, 9: 1, 7: 1, 6: 5, 8: 4}, bar=1), p.opponent))
    assert verdict.reason == "the checker on the bar must enter first"


def test_bearing_off_while_outside():
    p = Position(side({20: 1, 6: 12, 5: 2}), opp_at({22: 15}))
    verdict = check_play(p, Dice(5, 4), Position(side({16: 1, 6: 12, 5: 1}), p.opponent))
    assert verdict.reason == "bearing off while checkers are outside the home board"
    # a camera cannot tell a checker borne off from one it lost: with checkers still outside
    # none could go off, so this is "check the board" (misread), never an illegal move
    assert verdict.misread and verdict.nearest


def test_a_vanished_checker_while_others_are_outside_is_a_misread():
    # 8/5 6/5 played, but a checker of the 13 is not seen
    verdict = check_play(START, Dice(3, 1), Position(side({24: 2, 13: 4, 8: 2, 6: 4, 5: 2}),
                                                    START.opponent))
    assert not verdict and verdict.misread and verdict.reason.startswith("checkers appeared or vanished")
    # 24/20 played with a 4-2, but the checker moved to the 2 is not seen (looks like 4/off)
    p = Position(side({24: 1, 6: 10, 4: 4}), opp_at({22: 15}))
    verdict = check_play(p, Dice(4, 2), Position(side({20: 1, 6: 10, 4: 3}), p.opponent))
    assert not verdict and verdict.misread
    # a checker left on the bar (the opponent's board closed but for the 21): none could go off
    p = Position(side({6: 9, 4: 4}, bar=2), opp_at({19: 2, 20: 2, 22: 2, 23: 2, 24: 2, 1: 5}))
    verdict = check_play(p, Dice(4, 2), Position(side({21: 1, 6: 9, 4: 3}, bar=1), p.opponent))
    assert not verdict and verdict.misread


def test_misread_when_checkers_appear_or_vanish():
    for board in (Position(side({24: 2, 13: 5, 8: 3, 6: 4}), START.opponent),   # one vanished
                  Position(START.on_roll, side({24: 2, 13: 5, 8: 3, 6: 4}))):  # opponent lost one
        verdict = check_play(START, Dice(3, 1), board)
        assert verdict.misread and verdict.reason.startswith("checkers appeared or vanished")
        assert verdict.nearest
    bearoff = Position(side({6: 3, 5: 2}), START.opponent)
    assert check_play(bearoff, Dice(6, 5), Position(side({6: 2}), START.opponent)).misread  # 3 gone


def test_no_move_made_but_one_possible():
    verdict = check_play(START, Dice(3, 1), START)
    assert verdict.reason == "no move was made but one was possible"
    assert len(verdict.nearest) >= 1


def test_no_move_when_none_possible_is_legal():
    p = Position(side({13: 14}, bar=1), opp_at({p: 2 for p in range(19, 25)} | {12: 3}))
    assert check_play(p, Dice(6, 6), p) == Legal(Play())


def test_moved_backwards():
    verdict = check_play(START, Dice(3, 1), Position(side({24: 2, 13: 4, 8: 3, 6: 5, 14: 1}), START.opponent))
    assert verdict.reason.startswith("moved backwards")


def test_numbers_not_played_as_rolled():
    # 5-3 played as 6 and 2
    verdict = check_play(START, Dice(5, 3), after(START, "13/7 8/6"))
    assert not verdict.misread and "5-3" in verdict.reason


def test_doublet_not_fully_played():
    verdict = check_play(START, Dice(2, 2), after(START, "13/11 6/4"))
    assert verdict.reason == "4 2s could be played, only 2 were"


def test_nearest_are_closest_results():
    verdict = check_play(START, Dice(6, 1), after(START, "13/6"))
    assert verdict  # 13/7/6 is legal
    verdict = check_play(START, Dice(6, 1), after(START, "13/7 7/6 8/7"))
    assert not verdict.misread
    assert Play.parse("13/7 8/7") in verdict.nearest


def test_acey_deucey_waiting_checkers_need_not_be_seen():
    from engine import start_position
    p = start_position("acey-deucey")
    seen = Position(side({24: 1, 22: 1}), (0,) * 25)  # a camera sees no waiting checkers
    verdict = check_play(p, Dice(3, 1), seen, variant="acey-deucey")
    assert verdict and str(verdict.play) == "bar/24 bar/22"
    wrong = Position(side({23: 1, 22: 1}), (0,) * 25)
    verdict = check_play(p, Dice(3, 1), wrong, variant="acey-deucey")
    assert not verdict and not verdict.misread


def test_r6_entering_on_the_wrong_point():
    p = Position(side({13: 5, 6: 5, 8: 4}, bar=1), START.opponent)
    # entered on the mover's own 3-point (counting the wrong way) and played the 1
    verdict = check_play(p, Dice(3, 1), Position(side({13: 5, 6: 4, 5: 1, 8: 4, 3: 1}), START.opponent))
    assert "enters on point 25 minus the number" in verdict.reason and "24 or 22" in verdict.reason
