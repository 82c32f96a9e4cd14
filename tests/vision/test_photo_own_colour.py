"""vision.photo: stacks standing on points of their own colour while the bases show both checker
colours elsewhere (bench/vision_styles.py, no calibration column; case seed 1000 * seed + style).

Such a stack leaves its point's base looking empty, so the photo's first label says the point is
empty and the colour model learns the stack's checkers as board: the reading then misses it. Its
centre line still shows a run of rims from the board's edge (photo.own_colour_stacks); where the
reading leaves such a base empty, the layout is learnt again with those bases left out of its
label (uncertain), and that calibration is kept if it reads more of them, its reading is possible
and it reads no point empty that the first read checkers on (photo._own_stacks_checked)."""
import pytest

from vision import labels, photo
from vision.render import render_frame

from .rendered import bench_view, wrong_points

CASES = {
    # black felt, red/white points, red/black checkers: red stacks on red points
    "seed 6 style 20": (6020, (1, 1, 0, 4, 0, 0, 0, 5, 0, 0, 0, 2, 0, 2) + (0,) * 11,
                        (0, 0, 4, 5, 0, 3) + (0,) * 19),
    # blue felt, cream/burgundy points, pearl/maroon checkers: maroon on burgundy
    "seed 7 style 15": (7015, (0, 0, 2) + (0,) * 13 + (8, 0, 0, 0, 0, 0, 3, 0, 2),
                        (1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 5, 0, 0, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1)),
    # navy felt, cream/black points, ivory/brown checkers: ivory on cream
    "seed 4 style 17": (4017, (0, 0, 0, 0, 0, 0, 5, 0, 0, 6, 0, 2) + (0,) * 11 + (1, 1),
                        (0, 0, 2, 0, 7) + (0,) * 20),
    # cream leather, red/cream points, white/red checkers: red on red points, and red stacks on cream
    # points the first model took for the red points' colour (no stack measured at their bases:
    # learnt as empty, they taught the model that the cream points are red, and read empty; the
    # layout is learnt again with such bases left out of its label: photo._lost_bases)
    "seed 5 style 19": (5019, (0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 6, 0, 5, 0, 0, 0, 0, 1),
                        (0, 0, 1, 2, 0, 0, 0, 0, 3, 0, 2, 0, 0, 0, 0, 7) + (0,) * 9),
}


LOST: dict = {}  # frames read right before a measured trade and not since (README); seed 6 style 20 was lost
# to photo.rims_extended (night of 2026-11-28) and is read again since the brown bar stays board on the bar
# (photo._board_colours_cleaned, morning of 2026-11-29)


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.xfail(strict=True, reason=LOST[c])) if c in LOST
                                  else c for c in CASES])
def test_stacks_on_points_of_their_colour_are_read_when_both_colours_show(case):
    seed, p0, p1 = CASES[case]
    image, truth = render_frame(p0, p1, bench_view(seed), rng=seed)
    assert wrong_points(photo.read_photo(image), truth) == 0


def test_a_relearnt_layout_that_reads_checkers_elsewhere_empty_is_not_kept():
    # seed 4 style 25 (brown leather, grey/blue points, beige/burgundy checkers): learnt again, the
    # layout read the three beige stacks on beige-grey points but lost two single beige checkers
    p0 = (0, 0, 0, 8, 0, 6) + (0,) * 19
    p1 = (0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 7, 0, 2, 1, 0, 0)
    image, truth = render_frame(p0, p1, bench_view(4025), rng=4025)
    assert wrong_points(photo.read_photo(image), truth) == 0


def test_own_colour_stacks_are_bases_near_one_checker_colour_with_a_run_of_rims():
    import numpy as np
    means = np.float32([[60, 0, 0]] * 24)
    centres = np.float32([[40, 50, 30], [20, 0, 0]])  # red and black checkers
    means[3] = [41, 48, 31]  # a red point's base, nearly the red checkers' colour
    means[5] = [41, 48, 31]  # another, with no run of rims
    means[7] = [30, 25, 15]  # halfway between: neither
    shown = np.zeros(24, bool)
    shown[9] = True  # a base that shows a checker: read already
    means[9] = [40, 50, 30]
    ends = {3: 100.0, 7: 90.0, 9: 80.0, 12: 70.0}
    assert photo.own_colour_stacks(ends, means, shown, centres) == {3: 0}


def test_lost_bases_are_the_checkers_the_first_label_saw_and_no_stack_was_measured_at():
    rough = {"top": [["a", 1]] + [[None, 0]] * 11, "bottom": [[None, 0]] * 10 + [["b", 2], ["a", 1]]}
    rows = {"top": [[None, 0]] * 12, "bottom": [[None, 0]] * 10 + [["b", 3], [None, 0]]}
    assert photo._lost_bases(rough, rows) == [("top", 0), ("bottom", 11)]
