"""vision.photo: a photo's reading in which one of the two checker colours the photo's own
calibration learnt (from discs standing on its points) reads on no point and not on the bar is
no position of that photo: the next layout is read (bench/vision_styles.py seed 6 style 20: black
felt, red/white points, red and black checkers. A layout reaching over the bottom frame read one
black checker on each of the 12 bottom points, the frame's shade, and not one red: 10 of 24
points right; the next layouts read 19 of 24). Nor is one that reads such a row of lone checkers
beside a stack of the other colour: no game leaves eight blots of a colour along a row
(photo.ROW_OF_SINGLES)."""
import dataclasses

import numpy as np

from vision.photo import _colour_unread, photo_reading
from vision.reader import Reading
from vision.render import render_frame

from .rendered import wrong_points
from .test_calibration_labelled import _view

EMPTY = tuple((None, 0) for _ in range(12))


def test_a_learnt_colour_read_nowhere_is_named():
    class Cal:  # (only its colours are looked at)
        colours = ("red", "black")

    both = Reading(False, top=(("red", 2),) + EMPTY[1:], bottom=(("black", 3),) + EMPTY[1:], bar=(("red", 0),))
    assert _colour_unread(both, Cal()) is None
    one = Reading(False, top=EMPTY, bottom=tuple(("black", 1) for _ in range(12)), bar=(("red", 0),))
    assert "no red checker read" in _colour_unread(one, Cal())
    on_bar = dataclasses.replace(one, bar=(("red", 1),))  # (one on the bar is read)
    assert "12 lone black checkers read along the bottom row" in _colour_unread(on_bar, Cal())
    blots = dataclasses.replace(on_bar, bottom=(("black", 5),) + (("black", 1),) * 7 + EMPTY[8:])
    assert _colour_unread(blots, Cal()) is None  # seven blots of a colour in a row: a game may
    eight = dataclasses.replace(blots, bottom=(("black", 1),) * 8 + EMPTY[8:])
    assert "8 lone black" in _colour_unread(eight, Cal())  # eight: the frame's shade (ROW_OF_SINGLES)
    assert _colour_unread(Reading(hand_in_view=True), Cal()) is None


def test_a_layout_over_the_frame_reading_one_colour_only_is_passed_over():
    p0 = (3, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 0)
    p1 = (3, 5, 0, 4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    image, truth = render_frame(p0, p1, _view(6020), rng=6020)
    reading, cal = photo_reading(image)
    assert _colour_unread(reading, cal) is None
    assert wrong_points(reading, truth) <= 6  # (the layout over the frame read 10 wrong; 5 before photo.OFFSET_FIT)
    board = np.float32(truth["geometry"]["board"])  # the playing area ends inside the bottom frame
    assert max(y for _, y in cal.corners) < board[:, 1].max() - 10


def test_a_photo_whose_every_reading_misses_a_colour_is_refused_in_one_line(monkeypatch, tmp_path, capsys):
    """No layout reads both learnt colours: a clear error, from the CLI one line, never a position
    with one side's checkers missing."""
    import cv2  # noqa: PLC0415
    import pytest  # noqa: PLC0415

    import vision.photo as photo  # noqa: PLC0415
    from referee import cli  # noqa: PLC0415
    from vision.render import BoardView  # noqa: PLC0415

    from .test_photo import P0, P1  # noqa: PLC0415

    image, _ = render_frame(P0, P1, BoardView(style="paper"), rng=0)
    monkeypatch.setattr(photo, "_colour_unread", lambda reading, cal: "no white checker read, though its colour "
                        "was learnt from discs on the points")
    with pytest.raises(photo.UnreadablePhotoError, match="no white checker read"):
        photo.photo_reading(image)
    path = tmp_path / "board.png"
    cv2.imwrite(str(path), image)
    assert cli.main(["read", str(path), "--json"]) != 0
    err = capsys.readouterr().err.strip()
    assert "no white checker read" in err and "\n" not in err and "Traceback" not in err
