import pytest

from vision import BoardReader, Calibration, Reading, StableReader
from vision.types import Die

FRAME = "minta_1.jpg"


@pytest.fixture(scope="module")
def reader(shared_data):
    folder = shared_data / "boards" / "gallbotond"
    cal = Calibration.from_image(folder / FRAME, folder / (FRAME + ".json"))
    return BoardReader(cal, read_dice=False), folder


def test_reading_of_a_real_frame_and_its_sides(reader):
    r, folder = reader
    reading = r.read(folder / "minta_2.jpg")
    assert reading.readable and len(reading.top) == 12 and len(reading.bottom) == 12
    p0, p1 = reading.sides
    assert len(p0) == len(p1) == 25
    assert sum(p0) == 12 and sum(p1) == 12  # twelve discs a side on this board
    label = reading.to_label_dict()
    assert label["hand_in_view"] is False and len(label["confidence"]["top"]) == 12
    assert reading.min_confidence > 0.5


def test_sides_follow_the_home_corner():
    top = tuple([("red", 2)] + [(None, 0)] * 11)
    bottom = tuple([(None, 0)] * 11 + [("white", 5)])
    reading = Reading(False, top, bottom, confidence=((1.0,) * 12, (1.0,) * 12),
                      players=("white", "red"), home="bottom right")
    p0, p1 = reading.sides
    assert p0[0] == 5 and sum(p0) == 5  # white's ace point is the bottom-right corner
    assert p1[11] == 2 and sum(p1) == 2  # top left is red's 12 point (white's 13)


def test_hand_reading_has_no_points():
    reading = Reading(True)
    assert not reading.readable and reading.to_label_dict()["top"] is None
    with pytest.raises(ValueError):
        reading.sides


def test_where_of_a_die(reader):
    r, _ = reader
    (x0, y0), _, (x1, y1), _ = r.calibration.corners
    assert r.where(x0 + (x1 - x0) * 0.3, (y0 + y1) / 2) == "left half"
    assert r.where(x0 + (x1 - x0) * 0.8, (y0 + y1) / 2) == "right half"
    assert r.where(x0 - 40, y0 - 40) == "outside"


def test_dice_from_the_dice_stage_get_their_place(reader, shared_data):
    r0, folder = reader
    cal = r0.calibration
    (x0, y0), _, (x1, y1), _ = cal.corners
    box = (int(x0 + (x1 - x0) * 0.7), int((y0 + y1) / 2), 20, 20)
    r = BoardReader(cal, read_dice=lambda image, region=None: [Die(4, True, "", box)])
    reading = r.read(folder / "minta_2.jpg")
    assert [(d.pips, d.where) for d in reading.dice] == [(4, "right half")]


def test_stable_reader_commits_after_agreeing_frames():
    a = Reading(False, tuple([(None, 0)] * 12), tuple([(None, 0)] * 12), confidence=((1.0,) * 12,) * 2)
    b = Reading(False, tuple([("red", 1)] + [(None, 0)] * 11), tuple([(None, 0)] * 12), confidence=((1.0,) * 12,) * 2)
    hand = Reading(True)
    stable = StableReader(reader=None, frames=3)
    assert [stable.feed(x) for x in (a, a)] == [None, None]
    assert stable.feed(a) is a
    assert stable.feed(a) is None  # already committed
    assert [stable.feed(x) for x in (b, b, hand, b, b)] == [None] * 5
    assert stable.feed(b) is b and stable.committed is b
