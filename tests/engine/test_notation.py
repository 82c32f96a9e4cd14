"""Move/Play notation both ways: `24/18 13/9`, `bar/22*`, `6/off`, `8/5(2)`, `13/7*/5`."""
import pytest

from engine import Dice, InvalidDiceError, InvalidPlayError, Move, Play


@pytest.mark.parametrize("text, moves", [
    ("24/18 13/9", [(24, 18, False), (13, 9, False)]),
    ("bar/22*", [(25, 22, True)]),
    ("6/off", [(6, 0, False)]),
    ("8/5(2)", [(8, 5, False), (8, 5, False)]),
    ("13/7*/5", [(13, 7, True), (7, 5, False)]),
    ("Bar/20 OFF", None),
])
def test_parse(text, moves):
    if moves is None:
        with pytest.raises(InvalidPlayError):
            Play.parse(text)
        return
    assert Play.parse(text) == Play(Move(*m) for m in moves)


@pytest.mark.parametrize("text", ["24/18 13/9", "bar/22*", "6/off", "8/5(2)", "13/7*/5",
                                  "24/18(2) 13/7(2)", "bar/24 6/off", "13/7*/1*"])
def test_write_round_trip(text):
    assert str(Play.parse(text)) == text


def test_canonical_order_and_chaining():
    assert str(Play.parse("6/5 8/5")) == "8/5 6/5"
    assert str(Play.parse("24/23 23/22 22/21")) == "24/21"     # one checker, no hits on the way
    assert str(Play.parse("24/18 18/12 24/18 18/12")) == "24/12(2)"
    assert str(Play()) == "" and Play.parse("") == Play()


@pytest.mark.parametrize("text, fragment", [
    ("24-18", "'24-18'"),
    ("24/18 13/x", "'x'"),
    ("18/24", "backwards"),
    ("off/3", "'off'"),
    ("13/7/bar", "'bar'"),
    ("8/5(7)", "repeat count"),
    ("13", "'13'"),
    ("26/20", "26"),
])
def test_parse_error_names_the_text(text, fragment):
    with pytest.raises(InvalidPlayError, match=fragment.replace("(", r"\(")):
        Play.parse(text)


def test_move_and_play_are_hashable_values():
    assert len({Play.parse("8/5 6/5"), Play.parse("8/5 6/5")}) == 1
    assert str(Move(25, 22, True)) == "bar/22*"


def test_dice():
    assert Dice.parse("31") == Dice(3, 1) == Dice.parse("3-1")
    assert Dice(4, 4).numbers == (4, 4, 4, 4) and Dice(4, 4).is_double
    assert Dice(1, 3).numbers == (3, 1) and not Dice(1, 3).is_double
    for bad in ("71", "3", "ab"):
        with pytest.raises(InvalidDiceError, match=repr(bad)):
            Dice.parse(bad)
    with pytest.raises(InvalidDiceError):
        Dice(0, 3)
