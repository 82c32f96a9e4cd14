"""vision.photo: a playing area the colour of one side's checkers stays board.

The colour model learnt from a photo dropped every board cluster near a checker colour and nearer
it than to a point colour (those came from checkers standing off-centre on points the first label
had empty). A felt or leather the colour of one side's checkers (dark green felt and dark green
checkers, red felt and maroon checkers) is such a cluster: dropped, the area between and beyond
the points read as checkers, every stack of that colour ran on to the middle and the photo was
refused for more than fifteen checkers of a colour. When every layout's reading is impossible,
each is learnt again with the area's own colour (the band between the rows' tips) counted with
the point colours, so the felt stays board.
"""
import numpy as np
import pytest

from vision import checkers, labels, photo

from .rendered import photo_reading


def _board(lab):
    return (checkers.BOARD, lab[0] / checkers.L_WEIGHT, lab[1], lab[2])


def test_a_board_cluster_nearer_the_area_than_a_checker_stays():
    points = [(100.0, 128.0, 128.0), (60.0, 150.0, 140.0)]  # weighted Lab
    checker = (1, 40.0, 160.0, 140.0)  # a maroon checker (L unweighted)
    felt = _board((24.0, 158.0, 141.0))  # a red felt, near the checker in weighted Lab
    centroids = (felt, checker, (2, 220.0, 128.0, 130.0))
    dropped = photo._board_colours_cleaned(centroids, points)
    kept = photo._board_colours_cleaned(centroids, points, area=np.float32([24.0, 158.0, 141.0]))
    assert felt not in dropped  # (nearer the checker than any point colour)
    assert felt in kept


def test_the_area_colour_is_the_band_between_the_rows_less_the_bar(monkeypatch):
    H, W = 200, 260
    lab = np.zeros((H, W, 3), np.float32)
    lab[:] = (80.0, 128.0, 128.0)  # points and checkers: the rows
    lab[90:110] = (30.0, 150.0, 140.0)  # the felt between the rows' tips
    lab[:, 120:140] = (10.0, 128.0, 128.0)  # the bar, dark
    lab[95:100, 20:40] = (100.0, 128.0, 128.0)  # a long stack's last checker
    monkeypatch.setattr(photo, "_probe", lambda base: type("P", (), {"bar": (120, 140)}))
    assert np.allclose(photo._area_colour(lab, {}), (30.0, 150.0, 140.0))


# bench/vision_styles.py seed 0 (style, position): 11:2 dark green felt, cream/dark green
# checkers; 9:3 red felt, pearl/maroon checkers. Both refused before (27 green, 16 yellow checkers)
CASES = [
    (11, (0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 8, 0),
     (0, 0, 0, 0, 0, 0, 2, 0, 0, 5, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 2, 1)),
    (9, (0,) * 13 + (7, 6) + (0,) * 9 + (2,),
     (0, 0, 0, 7, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize("style, p0, p1", CASES, ids=["11:2", "9:3"])
def test_checkers_the_colour_of_the_area_are_read(style, p0, p1):
    got, truth = photo_reading(style, p0, p1)
    assert labels.compare(got, truth).board_right
