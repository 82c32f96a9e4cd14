"""The stacks the photo's first pitch is fitted on start at the board's edge in one checker colour:
where the colour with more pixels in a column reaches only a sliver from the edge (specks of a
point the colour of one side's checkers), the stack there is the other colour's. Issue 10."""
import numpy as np

from vision import checkers, labels, photo

from .rendered import photo_reading


def _stack(first: np.ndarray, second: np.ndarray, pw: float) -> tuple[int, float]:
    """The column's stack as the photo's first pitch measures it."""
    return checkers.column_stack(np.stack([first, second]).astype(np.float32), 0.9 * pw, photo.EXTENT_LEAST * pw)


def test_a_column_whose_commoner_colour_is_a_sliver_is_measured_by_the_other():
    # white checkers on white points: the white points' specks outnumber a green stack of two,
    # but run only a few pixels from the edge
    pw = 32.0
    green = np.zeros(160)
    green[:64] = 0.9
    white = np.zeros(160)
    white[:4] = 0.9
    white[70:160:3] = 0.6  # specks of the white point further in
    k, ext = _stack(green, white, pw)
    assert k == 0 and 60 <= ext <= 66
    # the commoner colour's stack stays its own where it runs half a point or more (a checker's
    # colour cut short by its point's), though the other colour runs further
    white[:20] = 0.9
    green[:] = 0.0
    green[:30] = 0.5
    k, ext = _stack(green, white, pw)
    assert k == 1 and ext == 20


def test_white_checkers_on_white_points_are_read_where_white_specks_fill_the_columns():
    # bench/vision_styles.py seed 0 style 1, position 1: white stacks of 1, 3, 1 and 3 on white
    # points read as empty (their columns' first pitch measured on the white points' specks, the
    # rows' offsets fitted to a sliver put every rim off its place)
    p0 = (0,) * 11 + (1, 1, 0, 3, 0, 0, 0, 1, 0, 0, 6, 0, 3, 0)
    p1 = (0, 0, 0, 2, 0, 0, 2) + (0,) * 9 + (4, 0, 5, 0, 0, 0, 1, 1, 0)
    got, truth = photo_reading(1, p0, p1)
    assert labels.compare(got, truth).wrong == ()
