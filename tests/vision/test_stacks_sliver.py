"""Issue 3 and 10: a sliver of one checker colour at a point's edge (the frame's shade, a shadow:
too short to count a checker) does not hide a stack of the other colour standing there, though
that colour fills more of the column further in (the felt, taken for the colour of the checkers
nearly its own: burgundy felt under maroon checkers, grey felt under white ones). Read with no
calibration, such photos lost every small stack of the other colour (checkers.read_columns)."""
import numpy as np
import pytest

from vision import checkers, labels

from .rendered import photo_reading

NAMES = ("pearl", "maroon")


def _column(**runs) -> np.ndarray:
    """A column profile (2, 200): for each colour (0, 1), its runs (start, end) from the edge."""
    prof = np.zeros((2, 200))
    for name, spans in runs.items():
        for a, b in spans:
            prof[int(name[1:]), a:b] = 1.0
    return prof


def test_a_sliver_at_the_edge_leaves_the_other_colours_stack():
    # the other colour's sliver at the edge, then two checkers, then that colour to the middle
    prof = _column(c0=[(12, 68)], c1=[(0, 12), (110, 200)])
    got = checkers.read_columns({("bottom", 6): prof}, 28.0, (0.0, 0.0), NAMES)[("bottom", 6)]
    assert got[:2] == ("pearl", 2)


def test_a_sliver_alone_is_still_no_checker():
    prof = _column(c1=[(0, 12), (110, 200)])
    assert checkers.read_columns({("top", 0): prof}, 28.0, (0.0, 0.0), NAMES)[("top", 0)][:2] == (None, 0)


def test_a_stack_counted_at_the_edge_keeps_its_colour():
    # a stack of the colour with more pixels: the other colour's short run beside it changes nothing
    prof = _column(c0=[(0, 20)], c1=[(0, 84), (110, 200)])
    assert checkers.read_columns({("top", 0): prof}, 28.0, (0.0, 0.0), NAMES)[("top", 0)][:2] == ("maroon", 3)


# (case seed as bench/vision_styles.py: run seed * 1000 + style, position), read with no calibration
PHOTOS = {
    "seed 7 style 6 (burgundy felt, cream/red points, pearl/maroon checkers)": (
        7006, (0, 0, 0, 0, 0, 8, 0, 0, 1, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 1),
        (2, 0, 0, 3, 1, 2) + (0,) * 19, ["bottom 7", "bottom 8", "bottom 12"]),
    "seed 5 style 8 (grey felt, white/green points, white/red checkers)": (
        5008, (0, 3, 0, 2, 1, 0, 2, 7) + (0,) * 17,
        (1, 4, 0, 2, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0),
        ["top 4", "top 10", "bottom 1", "bottom 11"]),
}


@pytest.mark.parametrize("case", PHOTOS)
def test_photos_whose_felt_reads_as_a_checker_colour_keep_the_other_colours_stacks(case):
    seed, p0, p1, were_lost = PHOTOS[case]
    got, truth = photo_reading(seed, p0, p1)
    wrong = labels.compare(got, truth).wrong
    assert not any(w.startswith(point + ":") for w in wrong for point in were_lost), wrong
