"""vision.photo: checkers the colour of their points are not learnt as board.

A checker the colour of one kind of point leaves that point's base unchanged, so a first label
reads such points empty, and their checkers are learnt as the board's colour: the other checkers
of that colour then do not stand out from the board and no colour model can be learnt ("board
found but its checkers could not be told from its points"). The empty bases nearly a checker's
colour are left out of the learning (the label's "uncertain") when that happens.
"""
import numpy as np

from vision import labels, photo

from .rendered import photo_reading


def test_blue_checkers_on_blue_points_are_read():
    # bench/vision_styles.py seed 0 style 29 position 0: grey/blue points, white/blue checkers
    p0 = (1, 3, 0, 6) + (0,) * 21
    p1 = (5, 0, 2, 0, 0, 1) + (0,) * 8 + (6, 0, 0, 0, 1) + (0,) * 6
    got, truth = photo_reading(29, p0, p1)
    assert labels.compare(got, truth).board_right


def test_only_empty_bases_near_a_checker_colour_are_unsure(monkeypatch):
    means = np.float32([[50, 0, 0]] * 24)  # every base the colour of a kind of point
    means[1] = means[5] = [20, 10, -40]  # two bases blue checkers (read so)
    means[7] = [21, 9, -38]  # an empty base of that blue: a blue point (or blue checkers on it)
    rough = {"top": [["colour1", 1] if i in (1, 5) else [None, 0] for i in range(12)],
             "bottom": [[None, 0] for _ in range(12)]}
    monkeypatch.setattr(photo, "_bases", lambda image, base, lab=None: (means, 32.0, []))
    assert photo._unsure_bases(None, None, None, rough, ("colour0", "colour1")) == ["top 8: nearly a checker's colour"]
