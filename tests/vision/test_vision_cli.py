import json

import numpy as np
import cv2

from referee import cli

FRAME = "2024-03-21_10_38_22_frame_150.jpg"
OTHER = "2024-03-21_10_38_22_frame_180.jpg"


def test_calibrate_then_read_json(shared_data, tmp_path, capsys):
    folder = shared_data / "boards" / "gallbotond"
    out = tmp_path / "board.json"
    assert cli.main(["calibrate", str(folder / FRAME), "--labels", str(folder / (FRAME + ".json")), "-o", str(out)]) == 0
    assert out.exists()
    capsys.readouterr()
    assert cli.main(["read", str(folder / OTHER), "--calibration", str(out), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    truth = json.loads((folder / (OTHER + ".json")).read_text())
    assert got["top"] == truth["top"] and got["bottom"] == truth["bottom"]
    assert got["hand_in_view"] is False and len(got["confidence"]["bottom"]) == 12


def _one_line_error(capsys, argv, words):
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith(f"bgref {argv[0]}: error:")
    assert words in err


def test_errors_are_one_line(shared_data, tmp_path, capsys):
    folder = shared_data / "boards" / "gallbotond"
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((360, 640, 3), 80, np.uint8))
    _one_line_error(capsys, ["calibrate", str(blank), "-o", str(tmp_path / "c.json")], "no board")
    _one_line_error(capsys, ["calibrate", str(tmp_path / "missing.jpg"), "-o", str(tmp_path / "c.json")], "cannot read")
    heic = tmp_path / "IMG_0001.HEIC"  # (an iPhone's photo as it comes: OpenCV reads no HEIC)
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    _one_line_error(capsys, ["read", str(heic), "--json"], "HEIC/HEIF photo")
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    _one_line_error(capsys, ["read", str(folder / OTHER), "--calibration", str(bad)], "calibration")
    good = tmp_path / "board.json"
    assert cli.main(["calibrate", str(folder / FRAME), "--labels", str(folder / (FRAME + ".json")), "-o", str(good)]) == 0
    _one_line_error(capsys, ["read", str(folder / "minta_1.jpg"), "--calibration", str(good)], "1600x900")


def test_calibrate_from_a_start_position_without_labels(tmp_path, capsys):
    render = __import__("pytest").importorskip("vision.render")
    start = [0] * 25
    for point, n in {24: 2, 13: 5, 8: 3, 6: 5}.items():
        start[point - 1] = n
    view = render.BoardView(orientation="bottom left", style="tournament", perspective=0.0, size=(640, 360))
    image, _ = render.render_frame(start, start, view, rng=2)
    path = tmp_path / "start.png"
    cv2.imwrite(str(path), image)
    assert cli.main(["calibrate", str(path), "-o", str(tmp_path / "b.json")]) == 0
    out = capsys.readouterr().out
    assert "player 0 is red with home bottom left" in out
    assert cli.main(["read", str(path), "--calibration", str(tmp_path / "b.json")]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].split() == ["top", "r2", ".", ".", ".", ".", "w5", ".", "w3", ".", ".", ".", "r5"]
    assert text.splitlines()[1].split() == ["bottom", "w2", ".", ".", ".", ".", "r5", ".", "r3", ".", ".", ".", "w5"]


def test_read_dice_json(shared_data, capsys):
    __import__("pytest").importorskip("vision.dice")
    image = shared_data / "boards" / "gallbotond" / "minta_10.jpg"
    assert cli.main(["read-dice", str(image), "--json"]) == 0
    dice = json.loads(capsys.readouterr().out)
    assert isinstance(dice, list)
    for die in dice:
        assert set(die) == {"pips", "box", "flat"} and len(die["box"]) == 4


def test_a_calibration_file_of_an_unknown_version_is_a_one_line_error(shared_data, tmp_path, capsys):
    """Version 1 files still load (tests/vision/test_bar_light.py); a version this bgref does not
    know is refused with the file and the version named."""
    folder = shared_data / "boards" / "gallbotond"
    good = tmp_path / "board.json"
    assert cli.main(["calibrate", str(folder / FRAME), "--labels", str(folder / (FRAME + ".json")), "-o", str(good)]) == 0
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(dict(json.loads(good.read_text()), version=3)))
    _one_line_error(capsys, ["read", str(folder / OTHER), "--calibration", str(newer)],
                    "newer.json: not a bgref board calibration (version 3)")
