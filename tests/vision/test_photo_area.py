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


def test_a_bar_colour_near_a_checker_colour_stays_board_on_the_bar_only():
    # a mahogany bar (BAR_BOARD, learnt on the bar) nearly the red checkers' colour: dropped, the
    # bar's model had nothing but checker colours and read the bare bar as a stack of six red
    points = [(48.6, 180.0, 162.9), (110.0, 128.1, 153.4)]
    centroids = ((checkers.BOARD, 226.0, 128.7, 153.0), (checkers.BAR_BOARD, 58.5, 149.1, 149.0),
                 (1, 72.9, 162.3, 153.3), (2, 242.0, 128.6, 137.4))
    cleaned = photo._board_colours_cleaned(centroids, points)
    assert (checkers.BAR, 58.5, 149.1, 149.0) in cleaned  # board on the bar, not on the points
    assert not any(c[0] == checkers.BAR_BOARD for c in cleaned)


def test_absent_board_colours_follow_their_centroids_when_one_before_them_goes():
    # per kind of point, `absent` holds indices of board centroids: a board cluster dropped before
    # them moved every later one down, and the model left out the wrong colour on those points
    points = [(100.0, 128.0, 128.0)]
    off_centre = (checkers.BOARD, 40.0, 160.0, 140.0)  # a checker's edge the first label had empty
    green = (checkers.BOARD, 106.4, 93.5, 151.6)
    fields = {"centroids": (off_centre, (checkers.BOARD, 230.0, 127.0, 121.0), green, (1, 40.0, 161.0, 141.0),
                            (2, 220.0, 128.0, 130.0)),
              "absent": ((), (2,), (0, 2), ())}
    cleaned = photo._cleaned(fields, points)
    assert off_centre not in cleaned["centroids"]
    assert [[cleaned["centroids"][i] for i in t] for t in cleaned["absent"]] == [[], [green], [green], []]


def test_a_mahogany_bar_beside_red_checkers_is_read_bare():
    # bench/vision_styles.py seed 5 style 19 position 0: cream leather, red/cream points,
    # white/red checkers, mahogany frame and bar; white 2 on the bar. Refused before (21 red
    # checkers: six on the bare bar), and the layout read next lost every red stack
    p0 = (0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)
    p1 = (0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 1, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0)
    got, truth = photo_reading(5019, p0, p1)
    assert labels.compare(got, truth).board_right and labels.bar_right(got, truth)
