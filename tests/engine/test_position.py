"""Position: start (R1), GNU Position ID and XGID both ways, validation, pip counts."""
import pytest

from engine import InvalidPositionError, Position

START_ID = "4HPwATDgc/ABMA"
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_r1_start_position():
    p = Position.start()
    for side in (p.on_roll, p.opponent):
        assert side[23] == 2 and side[12] == 5 and side[7] == 3 and side[5] == 5
        assert sum(side) == 15
    assert p.pip_count == (167, 167)
    assert p.borne_off == (0, 0)
    assert p.id == START_ID
    assert p.turn == 0 and Position.start(turn=1).turn == 1


def test_position_id_both_ways():
    assert Position.from_id(START_ID) == Position.start()
    # one checker of the opponent on the bar, two of the side on roll on its ace point (from gnubg)
    p = Position((2,) + (0,) * 24, (0,) * 24 + (1,))
    assert p.id == "AAAADQAAAAAAAA"
    assert Position.from_id("AAAADQAAAAAAAA") == p
    assert Position.from_id(START_ID, turn=1).turn == 1


def test_xgid_both_ways():
    assert Position.start().xgid == START_XGID
    assert Position.from_xgid(START_XGID) == Position.start()
    assert Position.from_xgid("-b----E-C---eE---c-e----B-") == Position.start()
    p = Position((0, 3) + (0,) * 22 + (1,), (0,) * 10 + (2,) + (0,) * 13 + (1,))
    assert Position.from_xgid(p.xgid) == p
    # the lower-case side on roll (turn field -1) is read from its own view
    flipped = p.xgid.replace(":1:00:", ":-1:00:")
    assert Position.from_xgid(flipped) == Position(p.opponent, p.on_roll)


@pytest.mark.parametrize("bad, message", [
    ("xyz", "Position ID 'xyz' is not 14 base64 characters"),
    ("4HPwATDgc/AB!A", "is not 14 base64 characters"),
    ("//////////////", "runs out of bits"),
])
def test_bad_position_id(bad, message):
    with pytest.raises(InvalidPositionError, match=message.replace("(", r"\(")):
        Position.from_id(bad)


def test_validation_names_what_is_wrong():
    side = list(Position.start().on_roll)
    side[0] += 1
    with pytest.raises(InvalidPositionError, match="player on roll has 16 checkers"):
        Position(tuple(side), Position.start().opponent)
    me = (0,) * 6 + (1,) + (0,) * 18  # on point 7
    opp = (0,) * 17 + (1,) + (0,) * 7  # opponent's 18 = mover's 7
    with pytest.raises(InvalidPositionError, match="point 7 held by both sides"):
        Position(me, opp)
    with pytest.raises(InvalidPositionError, match="24 entries"):
        Position((0,) * 24, (0,) * 25)
    with pytest.raises(InvalidPositionError, match="-1 checkers on point 3"):
        Position((0, 0, -1) + (0,) * 22, (0,) * 25)


def test_swapped_and_hashable():
    p = Position.from_id("AAAADQAAAAAAAA")
    s = p.swapped()
    assert s.on_roll == p.opponent and s.opponent == p.on_roll and s.turn == 1
    assert s.swapped() == p
    assert len({p, s, Position.from_id("AAAADQAAAAAAAA")}) == 2
    assert p.borne_off == (13, 14) and p.bar == (0, 1)
    assert p.pip_count == (2, 25)


def test_lists_are_accepted_and_frozen():
    p = Position(list(Position.start().on_roll), list(Position.start().opponent))
    assert p == Position.start()
    with pytest.raises(Exception):
        p.turn = 1
