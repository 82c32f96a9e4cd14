"""bgref read with no calibration: --position, --overlay; bgref calibrate on a game in progress."""
import json

import cv2
import pytest

from engine import Position
from referee import cli
from referee.commands.vision_cmds import position_of
from vision import labels
from vision.photo import read_photo
from vision.render import BoardView, render_frame

from .test_photo import P0, P1


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A rendered game in progress: player 0 (red) has its home at the bottom right."""
    view = BoardView(orientation="bottom right", style="paper")
    image, truth = render_frame(P0, P1, view, rng=3)
    path = tmp_path_factory.mktemp("photo") / "game.png"
    cv2.imwrite(str(path), image)
    return path, image, truth, view.colour_of


def test_position_with_everything_given_is_the_position_drawn(game):
    _, image, _, (c0, c1) = game
    reading = read_photo(image)
    assert set(reading.players) == {c0, c1}
    position, assumed = position_of(reading, bottom=c0, direction="ccw", on_roll=c1)
    assert assumed == ()
    assert position == Position(on_roll=tuple(P1), opponent=tuple(P0), turn=1)
    position, _ = position_of(reading, bottom=c0, direction="ccw", on_roll=c0)
    assert position.id == Position(on_roll=tuple(P0), opponent=tuple(P1)).id


def test_what_is_not_given_is_inferred_or_said_to_be_assumed(game):
    _, image, _, (c0, _) = game
    position, assumed = position_of(read_photo(image))
    assert any("on roll" in a for a in assumed)
    if not any("home board" in a or "moves" in a for a in assumed):  # inferred: must be right
        assert {position.id, position.swapped().id} == {Position(on_roll=tuple(P0), opponent=tuple(P1)).id,
                                                         Position(on_roll=tuple(P1), opponent=tuple(P0)).id}
    with pytest.raises(ValueError, match="colours read"):
        position_of(read_photo(image), bottom="purple")


def test_a_bar_not_read_is_said_to_be_assumed_empty(game):
    """A photo read with its bar not read (vision.photo.without_bar): the position puts no
    checkers there and says that this is assumed, not read."""
    import dataclasses

    _, image, _, (c0, c1) = game
    reading = read_photo(image)
    _, assumed = position_of(reading, bottom=c0, direction="ccw", on_roll=c1)
    assert assumed == ()
    unread = dataclasses.replace(reading, bar=(), notes=("bar: not read (9 black seen there, ...)",))
    position, assumed = position_of(unread, bottom=c0, direction="ccw", on_roll=c1)
    assert assumed == ("no checkers on the bar (the bar could not be read)",)
    assert position.on_roll[24] == 0 and position.opponent[24] == 0


def test_a_stack_taken_a_checker_shorter_is_said_to_be_assumed(game):
    """A photo read with a stack taken a checker shorter than read (vision.photo.trimmed: 16 of a
    colour read): the position says so among what it assumed."""
    import dataclasses

    _, image, _, (c0, c1) = game
    note = f"top 3: 6 {c0} read, taken as 5 (16 {c0} read in all, at most 15)"
    reading = dataclasses.replace(read_photo(image), notes=(note,))
    _, assumed = position_of(reading, bottom=c0, direction="ccw", on_roll=c1)
    assert assumed == (note,)


def test_cli_read_position_and_overlay(game, tmp_path, capsys):
    path, image, truth, (c0, c1) = game
    overlay = tmp_path / "out.png"
    assert cli.main(["read", str(path), "--position", "--bottom", c0, "--direction", "ccw", "--on-roll", c0,
                     "--overlay", str(overlay)]) == 0
    out = capsys.readouterr().out
    expected = Position(on_roll=tuple(P0), opponent=tuple(P1))
    assert f"Position ID {expected.id}" in out and f"XGID {expected.xgid}" in out and "assumed" not in out
    drawn = cv2.imread(str(overlay))
    assert drawn.shape == image.shape and (drawn != image).any()
    assert cli.main(["read", str(path), "--json", "--position"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert labels.compare(got, truth).right == 24
    assert got["position"]["gnu_id"] and any("on roll" in a for a in got["position"]["assumed"])


def test_calibrate_accepts_a_game_in_progress(game, tmp_path, capsys):
    path, _, truth, _ = game
    out = tmp_path / "board.json"
    assert cli.main(["calibrate", str(path), "-o", str(out)]) == 0
    assert "game in progress" in capsys.readouterr().out
    assert cli.main(["read", str(path), "--calibration", str(out), "--json"]) == 0
    assert labels.compare(json.loads(capsys.readouterr().out), truth).right == 24


def test_unreadable_photo_is_one_line_error(tmp_path, capsys):
    image, _ = render_frame(P0, P1, BoardView(style="paper"), rng=3)
    dark = tmp_path / "dark.png"
    cv2.imwrite(str(dark), (image * 0.12).astype("uint8"))
    assert cli.main(["read", str(dark)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "too dark" in err


def test_cli_board_partly_covered_says_hand_in_view(shared_data, tmp_path, capsys):
    """An arm across the board's frame (the outline broken): `read` says hand in view, with an
    overlay of where the board is; `calibrate` refuses in one line."""
    path = shared_data / "boards" / "gallbotond" / "2024-03-16_20_55_47_frame7.jpg"
    overlay = tmp_path / "out.png"
    assert cli.main(["read", str(path), "--json", "--position", "--overlay", str(overlay)]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["hand_in_view"] and got["top"] is None and "position" not in got
    assert cv2.imread(str(overlay)) is not None
    assert cli.main(["calibrate", str(path), "-o", str(tmp_path / "board.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "hand or arm" in err
