"""vision.photo: one side's checkers all on points of their own colour, with no calibration.

When every checker of one colour stands on a point of nearly its colour (ivory checkers on cream
points, white on white), no point's base shows that colour: the bases that show a checker show
one colour only, and the two colours the first label split them into were one colour in two
(the other side's stacks read empty). Such stacks are found by their rims (photo.hidden_stacks)
and learnt as the second colour.
"""
from vision import labels

from .rendered import photo_reading


def test_ivory_stacks_all_on_cream_points_are_read():
    # bench/vision_styles.py --seed 3 --case 12:1: cream/red points, ivory/brown checkers; the two
    # ivory stacks (six and eight, pyramids) on cream points were read empty (22 of 24 points)
    p0 = (0, 0, 4, 0, 3) + (0,) * 20
    p1 = (0, 6, 0, 8) + (0,) * 21
    got, truth = photo_reading(3012, p0, p1)
    assert labels.compare(got, truth).board_right


def test_white_stacks_all_on_white_points_are_read():
    # bench/vision_styles.py --seed 2 --case 0:2: white/red points, white/blue checkers; the two
    # white stacks on white points were read empty and the blue split in two (21 of 24 points)
    p0 = (3, 0, 0, 0, 4) + (0,) * 20
    p1 = (0,) * 5 + (2, 0, 0, 0, 6, 0, 0, 0, 0, 0, 7) + (0,) * 9
    got, truth = photo_reading(2000, p0, p1)
    assert labels.compare(got, truth).board_right


def test_a_board_whose_bases_show_one_checker_reads_the_stacks_its_rims_show():
    # bench/vision_styles.py --seed 0 --case 10:1: green/white points, ivory/brown checkers, the one
    # brown stack the only base that shows a checker (every ivory stack on a white point, eight brown
    # borne off). A single checker base was taken for none: the photo was refused ("its checkers
    # could not be told from its points"). Its ivory stacks are found by their rims: 21 of 24 points
    p0 = (0, 0, 0, 0, 7) + (0,) * 20
    p1 = (0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 6, 0, 0)
    got, truth = photo_reading(10, p0, p1)
    assert labels.compare(got, truth).right >= 21


def test_a_colour_the_model_takes_for_board_in_every_layout_is_learnt_from_the_bases():
    # bench/vision_styles.py --seed 1 --case 19:2: cream/red points, red/black checkers, most red
    # stacks on red points. The colour model learnt from the bases took red for board in every
    # layout, no red stack was left to learn from, and the photo was refused ("its checkers could
    # not be told from its points"). The red stacks as the bases read them: 22 of 24 points
    p0 = (2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 3, 0, 0, 2, 0, 5, 0, 0, 0, 0, 0)
    p1 = (0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 5, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0)
    got, truth = photo_reading(1019, p0, p1)
    assert labels.compare(got, truth).right >= 22


def test_black_stacks_on_black_points_that_run_to_the_middle_are_found_by_their_rims():
    # bench/vision_styles.py --seed 7 --case 26:5: white/black points, yellow/black checkers on green
    # felt, tilt 32. Every black checker stands on a black point, and its stacks either stand alone or
    # run to the middle (seven and six), where a run of rims was taken for the points' tips: no
    # stack of the other colour was found and the photo was refused ("no yellow 2 checker read").
    # Where no shorter run is found, the runs to the middle are the stacks (photo.photo_label)
    p0 = (0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 1, 0, 0)
    p1 = (6, 0, 2, 0, 3) + (0,) * 20
    got, truth = photo_reading(7026, p0, p1)
    assert labels.compare(got, truth).board_right
