"""The doubling cube as a value (R11, R12 beaver and automatic doubles)."""
import pytest

from engine import BACKGAMMON, GAMMON, SINGLE, Cube, CubeError, game_points, result_kind


def test_r11_cube_starts_in_the_middle_showing_64_for_stake_1():
    cube = Cube()
    assert (cube.value, cube.owner, cube.face) == (1, None, 64)
    assert cube.may_double(0) and cube.may_double(1)


def test_r11_take_gives_the_taker_the_cube_at_twice_the_value():
    cube = Cube().taken(1)
    assert (cube.value, cube.owner, cube.face) == (2, 1, 2)
    assert cube.turned


def test_r11_only_the_owner_may_redouble():
    cube = Cube(4, 0)
    assert cube.may_double(0)
    assert not cube.may_double(1)


def test_r11_values_above_64_are_kept():
    cube = Cube()
    for taker in (1, 0, 1, 0, 1, 0, 1, 0):
        cube = cube.taken(taker)
    assert cube.value == 256 and cube.face == 256


def test_r12_beaver_taker_redoubles_and_keeps_the_cube():
    assert Cube(2, 0).beavered(1) == Cube(8, 1)


def test_r12_automatic_double_leaves_the_cube_in_the_middle():
    cube = Cube().automatic_double().automatic_double()
    assert (cube.value, cube.owner, cube.turned) == (4, None, False)


@pytest.mark.parametrize("value,owner", [(3, None), (0, None), (-2, 0), (2, 2), (True, None)])
def test_cube_rejects_impossible_values(value, owner):
    with pytest.raises(CubeError):
        Cube(value, owner)


def test_cube_is_hashable_value():
    assert len({Cube(), Cube(1, None), Cube(2, 0)}) == 2


def _side(**points):
    side = [0] * 25
    for name, n in points.items():
        side[24 if name == "bar" else int(name[1:]) - 1] = n
    return tuple(side)


def test_r10_result_kind():
    assert result_kind(_side(p6=14), 1) == SINGLE
    assert result_kind(_side(p6=15), 0) == GAMMON
    assert result_kind(_side(p6=14, p19=1), 0) == BACKGAMMON
    assert result_kind(_side(p6=14, bar=1), 0) == BACKGAMMON
    assert result_kind(_side(p6=13, p18=2), 0) == GAMMON


def test_r12_game_points_options():
    assert game_points(BACKGAMMON, Cube(2, 0)) == 6
    assert game_points(BACKGAMMON, Cube(2, 0), mediterranean=True) == 4
    assert game_points(GAMMON, Cube(4, 1), no_gammons=True) == 4
    assert game_points(GAMMON, Cube(), jacoby=True) == 1
    assert game_points(GAMMON, Cube(2, None), jacoby=True) == 2   # automatic double, unturned
    assert game_points(GAMMON, Cube(2, 1), jacoby=True) == 4
