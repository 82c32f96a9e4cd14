"""An empty point the colour of a checker told from a lone checker on it (issue 3): its pyramid,
partly taken for checker colour, read as one checker."""
import numpy as np
import pytest

from vision import checkers

from .test_stacks import read_realistic

PITCH = 24.0


def _profiles(fill: float, patchy: bool) -> np.ndarray:
    """Profile of one column (checker class 0 and 1, along the stack): a checker's disc, or a
    pyramid whose speckle is taken for checker class 1 here and there."""
    prof = np.zeros((2, 120))
    y = np.arange(120)
    if patchy:
        prof[1, :90] = np.where((y[:90] // 4) % 3 == 0, 0.6, 0.15) * np.linspace(1.0, 0.3, 90)
    else:
        disc = np.clip(1.0 - ((y - 12.0) / 12.0) ** 2, 0, 1) ** 0.5
        prof[1] = np.clip(disc * 1.6, 0, 1) * fill
    return prof


def test_an_empty_point_the_colour_of_a_checker_is_not_a_checker():
    names = ("white", "blue")
    profiles = {("bottom", 2): _profiles(1.0, True), ("bottom", 4): _profiles(1.0, True) * 0.6,
                ("top", 4): _profiles(1.0, False)}
    read = {("bottom", 2): ("blue", 1, 0.16), ("bottom", 4): (None, 0, 0.7), ("top", 4): ("blue", 1, 0.9)}
    got = checkers.phantom_singles(read, profiles, PITCH, names)
    assert got[("bottom", 2)][:2] == (None, 0) and got[("bottom", 2)][2] <= 0.3
    assert got[("top", 4)] == ("blue", 1, 0.9)  # a real checker stays
    assert got[("bottom", 4)] == (None, 0, 0.7)


def test_a_lone_checker_no_fuller_than_the_empty_points_of_its_kind_is_the_point():
    names = ("white", "blue")
    weak = _profiles(0.5, False)  # a faint disc, a confident length
    profiles = {("bottom", 2): weak, ("bottom", 4): weak * 0.8, ("bottom", 3): np.zeros((2, 120))}
    read = {("bottom", 2): ("blue", 1, 0.9), ("bottom", 4): (None, 0, 0.7), ("bottom", 3): (None, 0, 1.0)}
    assert checkers.phantom_singles(read, profiles, PITCH, names)[("bottom", 2)][:2] == (None, 0)
    del profiles[("bottom", 4)], read[("bottom", 4)]  # no empty point of its kind to compare with
    assert checkers.phantom_singles(read, profiles, PITCH, names)[("bottom", 2)] == ("blue", 1, 0.9)


def test_speckle_that_nowhere_fills_a_third_of_its_column_is_no_checker_whatever_its_length():
    # a lamp near the board's corner lights one cream point's speckle into the pearl checkers'
    # colour: a confident length, and no other empty point of its kind as speckled to compare with
    names = ("pearl", "maroon")
    y = np.arange(120)
    speckle = np.zeros((2, 120))
    speckle[0, 12:] = np.where((y[12:] // 3) % 2 == 0, 0.3, 0.1)
    read = {("top", 0): ("pearl", 1, 0.83), ("top", 2): (None, 0, 1.0)}
    profiles = {("top", 0): speckle, ("top", 2): np.zeros((2, 120))}
    assert checkers.phantom_singles(read, profiles, PITCH, names)[("top", 0)][:2] == (None, 0)
    # but a colour counted by its rims on every kind of point (the felt's: black checkers on black
    # felt, seen by their rings only) is seen so thinly everywhere: its lone checker stays
    assert checkers.phantom_singles(read, profiles, PITCH, names, (0, 0, 0, 0))[("top", 0)] == ("pearl", 1, 0.83)
    assert checkers.phantom_singles(read, profiles, PITCH, names, (0, 1, 1, 0))[("top", 0)][:2] == (None, 0)
    profiles[("top", 0)] = speckle * 2.0  # as speckled, but filling over a third: left to the other checks
    assert checkers.phantom_singles(read, profiles, PITCH, names)[("top", 0)] == ("pearl", 1, 0.83)


# random styles (seed of render.random_style, rendered with that seed) with an empty pyramid the
# colour of a checker that was read as one checker (blue checkers, blue points)
@pytest.mark.parametrize("seed,p0,p1", [
    (29, (0, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2, 1),
     (0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 6, 0, 5, 0, 0, 0, 0)),
    (29, (0, 0, 0, 0, 0, 0, 3, 0, 1, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0, 7, 0, 0, 0, 0, 0),
     (1, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0)),
])
def test_empty_points_the_colour_of_a_checker_read_empty_on_realistic_boards(seed, p0, p1):
    wrong = read_realistic(seed, p0, p1)[0].wrong
    assert not [w for w in wrong if w.endswith("label None 0")], wrong
