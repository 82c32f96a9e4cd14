"""A pitch refitted on the photo's own label is kept only where its rows' offsets are plausible:
a stack at most a tenth of a checker longer than its checkers (a row's first checker lies against
the playing area's edge; see test_photo_edge.py), and no more than 0.35 of one shorter (a layout's
row a little inside the frame). Issue 10."""
from vision import labels, photo

from .rendered import photo_reading


def test_a_refit_whose_stacks_start_half_a_checker_before_the_edge_is_not_kept():
    # bench/vision_styles.py seed 3 style 12: the refit said pitch 29.3 with both rows starting
    # 13 px (0.45 of a checker) before the board's edge, where the photo's own fit said 26.8, -4
    assert not photo._agrees(29.3, (-13.2, -13.2), 26.975)
    assert photo._agrees(29.3, (-4.0, -4.0), 26.975)
    assert photo._agrees(33.1, (-9.1, -9.1), 31.67)  # (seed 2 style 4: 0.29 short, and read right)
    assert photo._agrees(29.3, (2.5, 1.0), 26.975)  # (a little longer: thick checkers seen at a tilt)
    assert not photo._agrees(29.3, (13.2, 10.0), 26.975)  # (the first checker half a checker inside the edge)


def test_white_stacks_on_white_and_red_points_are_read_with_the_photos_own_fit():
    # seed 3 style 12, position 0: ivory stacks of 3, 3 and 1 on the top row read as empty points;
    # its ivory pyramid of eight on a white point, counted four by its rims (photo.rims_extended),
    # moves the photo's pitch 3%: its layer is found at pitches either side (checkers.layered_near)
    p0 = (8, 2, 4) + (0,) * 22
    p1 = (0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 3, 0, 0, 0, 0, 0, 0)
    got, truth = photo_reading(3012, p0, p1)
    assert labels.compare(got, truth).wrong == ()


def test_a_layout_whose_own_pitch_reads_impossibly_is_read_again_with_its_refitted_pitch():
    # bench/vision_styles.py seed 1 style 18 position 1: pyramid stacks whose checkers overlap a
    # little; the refit on the label (30.3) strays too far from the photo's own step (26.5) to be
    # kept, and the own pitch reads 16 green checkers: the refit reads the board right
    p0 = (6, 0, 2, 2) + (0,) * 21
    p1 = (0, 2, 0, 0, 1, 0, 2, 0, 2) + (0,) * 8 + (8,) + (0,) * 7
    got, truth = photo_reading(1018, p0, p1)
    assert labels.compare(got, truth).wrong == ()
