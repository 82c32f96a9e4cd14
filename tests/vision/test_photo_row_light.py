"""vision.photo: a row of points lit unlike the other (bench/vision_styles.py, no calibration
column; case seed 1000 * seed + style).

The first label tells a point's colour from the bases of its parity class in both rows. Under a
warm lamp nearer one row, that row's light points are lighter than the other's by more than
shading: every one of them looked like a checker, the colour model learnt the empty light points
as the light checkers, and the reading held 46 of them (photo._row_lit)."""
import numpy as np

from vision import photo
from vision.render import render_frame

from .rendered import bench_view, wrong_points


def test_a_row_whose_empty_points_are_lighter_than_the_others_reads_them_empty():
    # seed 7 style 14: grey felt, blue/white points, pearl/maroon checkers, warmth +0.83; every
    # checker in one quarter, the other rows' white points empty
    p0 = (2, 3, 0, 3, 3) + (0,) * 20
    p1 = (0, 2, 0, 5, 5) + (0,) * 20
    image, truth = render_frame(p0, p1, bench_view(7014), rng=7014)
    assert wrong_points(photo.read_photo(image), truth) == 0


def _bases(row0, row1):
    """24 weighted-Lab bases: the top row's 12 then the bottom row's, each given as its
    colours for the even and odd points."""
    means = np.zeros((24, 3), np.float32)
    for r, (even, odd) in enumerate((row0, row1)):
        for c in range(12):
            means[12 * r + c] = even if c % 2 == 0 else odd
    return means


def test_row_lit_marks_a_row_of_alike_plain_bases_near_the_class_colour():
    blue, white, lit = (35, 132, 98), (97, 130, 144), (125, 123, 143)
    means = _bases((blue, lit), (blue, white))
    stacked = np.zeros(24, bool)
    checker, modes = photo._checker_bases(means, stacked)
    assert not checker.any()  # the lighter row's white points are empty points too
    stacked[[1, 3, 5]] = True  # three of the six show runs of rims: three plain ones still count
    assert not photo._checker_bases(means, stacked)[0][[7, 9, 11]].any()
    stacked[[1, 3, 5, 7]] = True  # two plain ones: too few to tell the row's light from checkers
    assert photo._checker_bases(means, stacked)[0][[9, 11]].all()


def test_row_lit_leaves_a_colour_far_from_the_class_as_checkers():
    blue, white, cream = (35, 132, 98), (97, 130, 144), (150, 128, 175)
    means = _bases((blue, cream), (blue, white))
    assert photo._checker_bases(means, np.zeros(24, bool))[0][[1, 3, 5, 7, 9, 11]].all()
