from referee.observer import BoardSeen, CubeSeen, Observer, reading_confident
from tests.referee.readings import START, FakeReading, die, hand
from vision.types import CubeReading

MOVED = (START[:5] + (6,) + START[6:7] + (2,) + START[8:], START)  # a 8/7-ish change, not checked


def kinds(events):
    return [type(e).__name__ for e in events]


def test_first_board_dice_and_lift():
    obs = Observer()
    assert kinds(obs.feed(FakeReading())) == ["BoardSeen"]
    assert kinds(obs.feed(FakeReading(dice=(die(3), die(1))))) == ["DiceSeen"]
    assert obs.dice == ((1, True, "right half"), (3, True, "right half"))
    assert kinds(obs.feed(FakeReading(dice=(die(3), die(1))))) == []
    assert kinds(obs.feed(FakeReading())) == ["DiceLifted"]
    assert kinds(obs.feed(FakeReading())) == []


def test_hand_in_view_is_never_judged_and_board_settles_after():
    obs = Observer()
    obs.feed(FakeReading(dice=(die(3), die(1))))
    assert kinds(obs.feed(hand())) == ["HandInView"]
    assert kinds(obs.feed(hand())) == []
    events = obs.feed(FakeReading(sides=MOVED))
    assert kinds(events) == ["BoardSeen", "DiceLifted"]
    assert events[0].sides == MOVED and obs.board == MOVED


def test_settle_frames_filter_a_flicker():
    obs = Observer(settle=2)
    assert obs.feed(FakeReading()) == []
    assert kinds(obs.feed(FakeReading())) == ["BoardSeen"]
    assert obs.feed(FakeReading(sides=MOVED)) == []      # one odd frame
    assert obs.feed(FakeReading()) == []
    assert obs.board == (START, START)


def test_low_confidence_is_reported_not_hidden():
    obs = Observer(min_confidence=0.7)
    (event,) = obs.feed(FakeReading(confidence=((0.9,) * 12, (0.9,) * 11 + (0.5,))))
    assert isinstance(event, BoardSeen) and not event.confident
    assert reading_confident(FakeReading(confidence=None), 0.9)


def test_cube_moves_are_events():
    obs = Observer()
    obs.feed(FakeReading(cube=CubeReading(64, "middle")))
    (event,) = obs.feed(FakeReading(cube=CubeReading(2, "middle")))
    assert event == CubeSeen(1, 2, "middle")


def test_dice_on_table_at_resume_count_as_lifted_on_first_clear_frame():
    obs = Observer(dice_on_table=True)
    assert kinds(obs.feed(FakeReading())) == ["BoardSeen", "DiceLifted"]
