"""vision.photo: a parity class whose most common base colour is one side's checkers (bench/
vision_styles.py, no calibration column; case seed 1000 * seed + style).

The first label takes a class's point colour to be the colour most of its 12 bases show. With red
checkers on six of a class's points and four of its black points empty (seed 1 style 4), red was
taken for the points and the black points for checkers: the reading held 22 "black" checkers and
failed. The bases of a point colour show no stacks (runs of rims from the edge), a checker colour's
mostly do: where the most common colour's bases mostly show stacks and another's show none, that
other is the class's point colour (photo._checker_bases, STACKED_MOST)."""
import numpy as np

from vision import photo
from vision.render import render_frame

from .rendered import bench_view, wrong_points


def test_checkers_on_most_of_a_class_are_not_taken_for_its_points():
    # seed 1 style 4: green felt, cream/black points, white/red checkers, tilt 40
    p0 = (0, 0, 2, 6, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 2) + (0,) * 6
    p1 = (0, 0, 2, 0, 5, 0, 4, 0, 2, 0, 0, 0, 1, 0, 1) + (0,) * 10
    image, truth = render_frame(p0, p1, bench_view(1004), rng=1004)
    assert wrong_points(photo.read_photo(image), truth) == 0


def _class_bases(red_at, black_at):
    """24 weighted-Lab bases: the odd class's bases red (a checker) or black (an empty point), the
    even class's cream."""
    means = np.float32([[112, 128, 150]] * 24)
    for i in red_at:
        means[i] = [52, 180, 162]
    for i in black_at:
        means[i] = [14, 128, 129]
    return means


def test_the_rival_colour_whose_bases_show_no_stacks_is_the_point_colour():
    red, black = [1, 3, 5, 7, 13, 15], [9, 11, 17, 19]
    means = _class_bases(red, black)
    stacked = np.isin(np.arange(24), [1, 3, 5, 7])
    checker, _ = photo._checker_bases(means, stacked)
    assert checker[red].all() and not checker[black].any()


def test_the_most_common_colour_stays_where_its_bases_show_few_stacks():
    red, black = [1, 3, 5, 7, 13, 15], [9, 11, 17, 19]
    means = _class_bases(red, black)
    stacked = np.isin(np.arange(24), [1, 3])  # two of six: red empty points, four black stacks unseen
    checker, _ = photo._checker_bases(means, stacked)
    assert not checker[red].any() and checker[black].all()
