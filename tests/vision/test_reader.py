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


# ---------------------------------------------------------------- rendered frames, exact expectations
import dataclasses  # noqa: E402

from vision import checkers as checkers_mod  # noqa: E402
from vision import labels as labels_mod  # noqa: E402

render = pytest.importorskip("vision.render")

START = [0] * 25
for _point, _n in {24: 2, 13: 5, 8: 3, 6: 5}.items():
    START[_point - 1] = _n
START = tuple(START)
# a middle-game position (player 0, player 1), each point held by one side only
MIDDLE = (
    (0, 2, 3, 2, 0, 3, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (1, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0),
)


def _view(style, orientation, swap):
    # perspective 0: the renderer draws a new random camera for each frame, a real camera is fixed
    return render.BoardView(orientation=orientation, style=style, swap_colours=swap, perspective=0.0,
                            size=(640, 360))


# every orientation and colour assignment on the board with a bar; two of each on the others
CASES = {
    "tournament": [(o, swap) for o in render.ORIENTATIONS for swap in (False, True)],
    "classic": [("bottom right", False), ("top left", True)],
    "paper": [("bottom left", True), ("top right", False), ("bottom right", False)],
}


@pytest.fixture(scope="module")
def rendered_calibrations():
    out = {}
    for style, cases in CASES.items():
        for orientation, swap in cases:
            view = _view(style, orientation, swap)
            image, _ = render.render_frame(START, START, view, rng=3)
            out[(style, orientation, swap)] = (view, Calibration.from_image(image))
    return out


@pytest.mark.parametrize("style", ["classic", "tournament", "paper"])
def test_start_position_calibrates_in_all_orientations_and_colours(rendered_calibrations, style):
    for orientation, swap in CASES[style]:
        if True:
            view, cal = rendered_calibrations[(style, orientation, swap)]
            colour_of = view.colour_of  # (player 0, player 1) as the renderer drew them
            row, side = orientation.split()
            assert set(cal.colours) == set(colour_of), (orientation, swap)
            assert (cal.bar is not None) == (style != "paper")
            # our player 0 is the one whose home is along the bottom edge
            if row == "bottom":
                assert cal.players == colour_of and cal.home == orientation
            else:
                assert cal.players == colour_of[::-1] and cal.home == f"bottom {side}"


@pytest.mark.parametrize("style", ["classic", "tournament", "paper"])
def test_rendered_middle_game_read_exactly(rendered_calibrations, style):
    for orientation, swap in CASES[style]:
        if True:
            view, cal = rendered_calibrations[(style, orientation, swap)]
            image, truth = render.render_frame(*MIDDLE, view, rng=3)
            reading = BoardReader(cal, read_dice=False).read(image)
            assert not reading.hand_in_view
            got = reading.to_label_dict()
            assert got["top"] == truth["top"] and got["bottom"] == truth["bottom"], (orientation, swap)
            sides = reading.sides
            expected = MIDDLE if orientation.startswith("bottom") else MIDDLE[::-1]
            assert tuple(sides) == expected


def test_rendered_hands_give_no_reading(rendered_calibrations):
    for style in ("classic", "tournament", "paper"):
        view, cal = rendered_calibrations[(style, "bottom right", False)]
        reader = BoardReader(cal, read_dice=False)
        for seed in range(4):
            image, _ = render.render_frame(*MIDDLE, view, hand=True, rng=seed)
            assert reader.read(image).hand_in_view, (style, seed)
            clear, _ = render.render_frame(*MIDDLE, view, rng=seed)
            assert not reader.read(clear).hand_in_view, (style, seed)


def test_rendered_dice_do_not_disturb_the_points(rendered_calibrations):
    view, cal = rendered_calibrations[("tournament", "bottom left", True)]  # noqa: F841
    dice = (render.RenderDie(6, "left half"), render.RenderDie(2, "right half"))
    image, truth = render.render_frame(*MIDDLE, view, dice=dice, rng=5)
    got = BoardReader(cal, read_dice=False).read(image).to_label_dict()
    assert labels_mod.compare(got, truth).board_right


@pytest.mark.parametrize("style, orientation, swap", [
    ("tournament", "bottom right", False), ("tournament", "top left", True),
    ("paper", "bottom right", False), ("paper", "top right", False)])  # paper: no bar, on the centre line
def test_rendered_bar_checkers_are_read(rendered_calibrations, style, orientation, swap):
    if True:
        view, cal = rendered_calibrations[(style, orientation, swap)]
        p0, p1 = list(START), list(START)
        p0[5] -= 2
        p0[24] = 2
        p1[12] -= 3
        p1[24] = 3
        image, truth = render.render_frame(p0, p1, view, cube=render.RenderCube(2, "middle"), rng=3)
        reading = BoardReader(cal, read_dice=False).read(image)
        assert dict(reading.bar) == truth["bar"]
        expected = (tuple(p0), tuple(p1)) if orientation.startswith("bottom") else (tuple(p1), tuple(p0))
        assert reading.sides == expected


@pytest.mark.parametrize("style", ["classic", "tournament", "paper"])
def test_rendered_stacks_of_six_and_more_running_to_the_middle(style):
    # "run" stacking: one line of checkers that runs to the middle, overlapping as it grows
    board = dataclasses.replace(render.STYLES[style], stacking="run")
    view = render.BoardView(orientation="bottom right", style=board, perspective=0.0, size=(640, 360))
    image, _ = render.render_frame(START, START, view, rng=3)
    reader = BoardReader(Calibration.from_image(image), read_dice=False)
    p0 = (0, 0, 0, 0, 0, 6, 0, 7, 0, 0, 0, 0, 2) + (0,) * 12
    p1 = (0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 4) + (0,) * 12
    image, truth = render.render_frame(p0, p1, view, rng=3)
    got = reader.read(image).to_label_dict()
    assert got["top"] == truth["top"] and got["bottom"] == truth["bottom"]


@pytest.mark.parametrize("style", ["classic", "tournament", "paper"])
def test_rendered_second_layer_is_counted(style):
    # "pyramid" stacking: five in a row, then a second layer in the joints (up to nine)
    view = render.BoardView(orientation="bottom right", style=style, perspective=0.0, size=(640, 360))
    image, _ = render.render_frame(START, START, view, rng=3)
    reader = BoardReader(Calibration.from_image(image), read_dice=False)
    p0 = (0, 0, 0, 0, 0, 6, 0, 7, 0, 0, 0, 0, 2) + (0,) * 12
    p1 = (0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 4) + (0,) * 12
    image, truth = render.render_frame(p0, p1, view, rng=3)
    got = reader.read(image).to_label_dict()
    assert got["top"] == truth["top"] and got["bottom"] == truth["bottom"]


def test_reader_follows_a_board_that_moved(reader, shared_data):
    import cv2
    import numpy as np

    r0, folder = reader
    truth = labels_mod.load(folder / "minta_7.jpg.json")
    frame = cv2.imread(str(folder / "minta_7.jpg"))
    shift = np.float32([[1, 0, 40], [0, 1, 15]])  # the board pushed 40 px right, 15 px down
    moved = cv2.warpAffine(frame, shift, (frame.shape[1], frame.shape[0]), borderMode=cv2.BORDER_REPLICATE)
    fixed = BoardReader(r0.calibration, read_dice=False, follow_board=False)
    assert fixed.read(moved).hand_in_view  # without following, the moved board is "not there"
    follower = BoardReader(r0.calibration, read_dice=False)
    reading = follower.read(moved)
    assert not reading.hand_in_view
    assert labels_mod.compare(reading.to_label_dict(), truth).board_right


def test_a_hand_over_a_moved_board_is_still_seen(shared_data):
    import cv2
    import numpy as np

    folder = shared_data / "boards" / "gallbotond"
    cal_name = "2024-03-16_23_35_04_frame2.jpg"
    cal = Calibration.from_image(folder / cal_name, folder / (cal_name + ".json"))
    frame = cv2.imread(str(folder / "2024-03-16_23_35_04_frame7.jpg"))  # a hand over the board
    shift = np.float32([[1, 0, -12], [0, 1, 6]])
    moved = cv2.warpAffine(frame, shift, (frame.shape[1], frame.shape[0]), borderMode=cv2.BORDER_REPLICATE)
    assert BoardReader(cal, read_dice=False).read(moved).hand_in_view


def test_dice_places_on_a_rendered_board(rendered_calibrations):
    view, cal = rendered_calibrations[("tournament", "bottom right", False)]
    image, truth = render.render_frame(*MIDDLE, view, rng=5)
    reader = BoardReader(cal, read_dice=False)
    classes = reader._lut_class[checkers_mod.bin_index(
        __import__("cv2").warpPerspective(image, reader._H, cal.size))]
    for c in truth["geometry"]["checkers"][:3]:  # a die right on top of a checker
        assert reader.where(*c["centre"], classes, size=truth["geometry"]["checker_diameter"] * 0.5) == "on checker"
    bar = truth["geometry"]["bar"]
    assert reader.where((bar[0][0] + bar[1][0]) / 2, (bar[0][1] + bar[2][1]) / 2) == "bar"
    assert cal.right_half_of(0) == "right half" and cal.right_half_of(1) == "left half"


def test_cube_and_dice_beside_the_board_are_not_a_hand(rendered_calibrations):
    # a board with no bar: the owned cube lies just outside the frame at its owner's edge
    view, cal = rendered_calibrations[("paper", "bottom right", False)]
    reader = BoardReader(cal, read_dice=False)
    for where in ("player0", "player1"):
        image, truth = render.render_frame(*MIDDLE, view, cube=render.RenderCube(4, where), rng=3)
        reading = reader.read(image)
        assert not reading.hand_in_view, where
        assert labels_mod.compare(reading.to_label_dict(), truth).board_right


def test_rendered_camera_moves_are_followed():
    # the renderer draws a new camera for each frame; the reader follows the board
    view = render.BoardView(orientation="bottom right", style="classic", size=(640, 360))
    image, _ = render.render_frame(START, START, view, rng=4)
    reader = BoardReader(Calibration.from_image(image), read_dice=False)
    dice = (render.RenderDie(5, "right half"), render.RenderDie(2, "right half"))
    image, truth = render.render_frame(*MIDDLE, view, dice=dice, rng=4)
    reading = reader.read(image)
    assert not reading.hand_in_view and labels_mod.compare(reading.to_label_dict(), truth).board_right
    image, _ = render.render_frame(*MIDDLE, view, dice=dice, hand=True, rng=4)
    assert reader.read(image).hand_in_view


@pytest.mark.parametrize("where", ["player0", "player1"])
def test_cube_at_a_players_edge_of_a_tilted_paper_board_is_not_a_hand(where):
    # as the referee's simulated camera draws it: 960x540, a little perspective, the cube just
    # outside the frame over the board's margin (it used to break the gate's ring)
    view = render.BoardView(orientation="bottom right", style="paper", size=(960, 540))
    # (the renderer's camera follows its seed and what it draws: a cube in every frame keeps it still)
    image, _ = render.render_frame(START, START, view, cube=render.RenderCube(64, "middle"), rng=7)
    reader = BoardReader(Calibration.from_image(image), read_dice=False, read_cube=False)
    image, truth = render.render_frame(*MIDDLE, view, cube=render.RenderCube(4, where), rng=7)
    reading = reader.read(image)
    assert not reading.hand_in_view
    assert labels_mod.compare(reading.to_label_dict(), truth).board_right
    image, _ = render.render_frame(*MIDDLE, view, cube=render.RenderCube(4, where), hand=True, rng=7)
    assert reader.read(image).hand_in_view


def test_following_the_board_logs_nothing_at_info(caplog):
    import logging

    view = render.BoardView(orientation="bottom right", style="classic", size=(640, 360))
    image, _ = render.render_frame(START, START, view, rng=4)
    reader = BoardReader(Calibration.from_image(image), read_dice=False, read_cube=False)
    with caplog.at_level(logging.INFO, logger="vision"):
        for seed in (5, 6, 7):  # a new camera every frame: the board moves each time
            image, _ = render.render_frame(*MIDDLE, view, rng=seed)
            assert not reader.read(image).hand_in_view
    assert not [r for r in caplog.records if r.levelno >= logging.INFO]


def test_confidence_is_high_on_right_readings_beside_bar_checkers(rendered_calibrations):
    # paper board: checkers on the centre line used to make the empty points beside them doubtful
    view, cal = rendered_calibrations[("paper", "bottom right", False)]
    p0, p1 = list(START), list(START)
    p0[23] -= 2
    p0[24] = 2
    p1[12] -= 1
    p1[24] = 1
    image, truth = render.render_frame(p0, p1, view, rng=3)
    reading = BoardReader(cal, read_dice=False).read(image)
    assert reading.sides == (tuple(p0), tuple(p1))
    empty = [c for row, confs in (("top", reading.confidence[0]), ("bottom", reading.confidence[1]))
             for (colour, _), c in zip(getattr(reading, row), confs) if colour is None]
    assert len(empty) == 17 and min(empty) >= 0.95  # the empty points beside them are sure
    assert reading.min_confidence >= 0.7


def test_confidence_is_low_between_two_counts():
    import numpy as np

    prof = np.zeros((2, 100))
    prof[0, :50] = 1.0  # 2.5 checkers of pitch 20: is it two or three?
    (colour, n, conf), = checkers_mod.read_columns({("top", 0): prof}, 20.0, (0.0, 0.0), ("a", "b")).values()
    assert colour == "a" and n in (2, 3) and conf < 0.2
    prof[0, :40] = 1.0
    prof[0, 40:] = 0.0
    assert checkers_mod.read_columns({("top", 0): prof}, 20.0, (0.0, 0.0), ("a", "b"))[("top", 0)][2] > 0.9


def test_the_cube_is_read_again_only_when_its_area_changed(rendered_calibrations):
    view, cal = rendered_calibrations[("tournament", "bottom right", False)]
    reader = BoardReader(cal, read_dice=False)  # the default cube reader
    a, _ = render.render_frame(*MIDDLE, view, cube=render.RenderCube(2, "middle"), rng=3)
    b, _ = render.render_frame(*MIDDLE, view, cube=render.RenderCube(4, "player0"), rng=3)
    first = reader.read(a).cube
    assert reader._read_cube.reads == 1 and first is not None and first.face == 2
    assert reader.read(a).cube == first and reader._read_cube.reads == 1  # same frame: not read again
    turned = reader.read(b).cube
    assert reader._read_cube.reads == 2 and turned is not None and turned.face == 4


def test_borne_off_checkers_in_the_tray_are_read():
    view = render.BoardView(style="tournament", orientation="bottom left", perspective=0.0)  # 1280x720
    start_image, _ = render.render_frame(START, START, view, rng=3)
    cal = Calibration.from_image(start_image)
    assert cal.trays  # the tournament board has a tray beside the playing area
    assert Calibration.from_dict(cal.to_dict()).trays == cal.trays
    p0 = (0, 2, 2, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # 6 borne off
    p1 = (1, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)  # 3 borne off
    image, truth = render.render_frame(p0, p1, view, rng=4)
    reading = BoardReader(cal, read_dice=False).read(image)
    assert reading.to_label_dict()["beside_board"] == truth["beside_board"]
    assert dict(reading.beside_board) == {view.colour_of[0]: 6, view.colour_of[1]: 3}


def test_checkers_borne_off_into_the_tray_are_no_hand():
    import numpy as np

    # a realistic board: the gate's strip along the frame passes the tray, where 8 checkers now lie
    rng = np.random.default_rng(0)
    view = render.random_view(rng, render.random_style(rng))
    cal = Calibration.from_image(render.render_frame(START, START, view, rng=0)[0])
    assert cal.trays
    home = (0, 2, 2, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # 8 borne off
    other = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    for p0, p1 in ((home, other), (other, home)):
        image, truth = render.render_frame(p0, p1, view, rng=0)  # one camera: the seed draws it
        reading = BoardReader(cal, read_dice=False).read(image)
        assert not reading.hand_in_view
        assert labels_mod.compare(reading.to_label_dict(), truth).board_right


def test_the_reader_learns_which_dice_the_table_uses(reader):
    r0, folder = reader
    (x0, y0), _, (x1, y1), _ = r0.calibration.corners
    box = (int(x0 + (x1 - x0) * 0.7), int((y0 + y1) / 2), 20, 20)
    asked = []

    def dice(image, region=None, pips="any"):  # light pips only: a "dark" look finds nothing
        asked.append(pips)
        return [] if pips == "dark" or len(asked) == 1 else [Die(4, True, "", box)]

    r = BoardReader(r0.calibration, read_dice=dice, read_cube=False)
    frame = folder / "minta_2.jpg"
    assert r.read(frame).dice == ()  # no dice yet: both looks
    assert [d.pips for d in r.read(frame).dice] == [4]  # seen with both looks, then learnt
    assert r.dice_pips == "light"
    r.read(frame)
    assert asked == ["any", "any", "dark", "light"]
    with pytest.raises(ValueError):
        BoardReader(r0.calibration, dice_pips="red")


def test_trays_are_read_again_only_when_they_changed(monkeypatch):
    # the borne-off count changes only when a checker goes into a tray: the same tray is not read
    # twice (a few ms a frame), a checker more in it is
    from vision import reader as reader_mod
    from vision import trays as trays_mod

    view = render.BoardView(style="tournament", orientation="bottom left", perspective=0.0)
    cal = Calibration.from_image(render.render_frame(START, START, view, rng=3)[0])
    assert cal.trays
    calls = []
    real = trays_mod.read_tray_counts
    monkeypatch.setattr(trays_mod, "read_tray_counts", lambda *a, **k: calls.append(1) or real(*a, **k))
    p1 = (1, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)  # 3 borne off
    five = (0, 2, 2, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # 5 borne off
    six = (0, 2, 2, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # 6 borne off
    a, _ = render.render_frame(five, p1, view, rng=4)
    b, _ = render.render_frame(six, p1, view, rng=4)
    reader = reader_mod.BoardReader(cal, read_dice=False, read_cube=False)
    first = reader.read(a).beside_board
    assert len(calls) == 1 and dict(first)[view.colour_of[0]] == 5
    assert reader.read(a).beside_board == first and len(calls) == 1  # the same trays: not read again
    assert dict(reader.read(b).beside_board)[view.colour_of[0]] == 6 and len(calls) == 2


def test_extras_read_after_the_points_are_those_of_a_whole_read():
    # the photo reader reads the points of several layouts and the dice, cube and trays of the one
    # it keeps: read(frame, extras=False) and then extras(frame, reading) is one whole read
    view = render.BoardView(style="tournament", orientation="bottom left", perspective=0.0)
    cal = Calibration.from_image(render.render_frame(START, START, view, rng=3)[0])
    p0 = (0, 2, 2, 2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # 6 borne off
    p1 = (1, 0, 0, 0, 0, 4, 0, 3, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0)  # 3 borne off
    dice = (render.RenderDie(6, "left half"), render.RenderDie(2, "left half"))
    image, _ = render.render_frame(p0, p1, view, dice=dice, cube=render.RenderCube(4, "player0"), rng=4)
    whole = BoardReader(cal).read(image)
    assert sorted(d.pips for d in whole.dice) == [2, 6] and whole.cube.face == 4 and whole.beside_board
    reader = BoardReader(cal)
    points = reader.read(image, extras=False)
    assert points.dice == () and points.cube is None and points.beside_board is None
    assert reader.extras(image, points) == whole
