"""read_cube on rendered frames: every face, both owners and the middle, all styles, no false cube;
cube_signature and CachedCubeReader, which spare reading an unchanged cube every frame."""
import dataclasses

import cv2
import numpy as np
import pytest

from vision.cube import CUBE_FACES, CachedCubeReader, cube_signature, read_cube, read_face
from vision.errors import VisionError
from vision.render import STYLES, BoardView, RenderCube, RenderDie, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


@pytest.mark.parametrize("style", ["classic", "tournament", "paper"])
@pytest.mark.parametrize("where", ["middle", "player0", "player1"])
def test_every_face_and_place_is_read(style, where):
    """Every face in every place is read, a white cube across the white paper board's centre line
    too (that line, running under the cube, no longer hides its digits)."""
    for k, face in enumerate(CUBE_FACES):
        orientation = ("bottom right", "top left", "bottom left", "top right")[k % 4]
        view = BoardView(orientation, style)
        img, truth = render_frame(START, START, view, cube=RenderCube(face, where), dice=(3, 5), rng=face)
        got = read_cube(img, board=truth["geometry"]["playing_area"], home=orientation)
        assert got is not None, (face, orientation)
        assert (got.face, got.where) == (face, where), (face, orientation)
        assert 0.55 <= got.confidence <= 1.0


def test_white_cube_across_the_paper_boards_centre_line_measured():
    """The case that went unseen (1 of 6 before): every face in the middle of the paper board, four
    orientations, 1280x720 and 960x540: measured 45 of 48 right (43 before the cube's turn was
    taken from its edges too), none misread; the floor sits just below."""
    right = wrong = 0
    for k in range(48):
        face = CUBE_FACES[k % 6]
        orientation = ("bottom right", "top left", "bottom left", "top right")[k // 6 % 4]
        view = BoardView(orientation, "paper", size=((1280, 720), (960, 540))[k // 24])
        img, truth = render_frame(START, START, view, cube=RenderCube(face, "middle"), dice=(k % 6 + 1, 2), rng=100 + k)
        got = read_cube(img, board=truth["geometry"]["playing_area"], home=orientation)
        right += got is not None and (got.face, got.where) == (face, "middle")
        wrong += got is not None and (got.face, got.where) != (face, "middle")
    assert wrong == 0
    assert right >= 44


def test_a_cube_of_another_colour_is_read():
    """No cube colour is assumed but light with dark figures: an ivory cube with dark blue digits,
    and a pale green one, on each board."""
    for colour, ink in (((150, 225, 245), (90, 40, 20)), ((190, 235, 200), (20, 40, 20))):
        for k, name in enumerate(("classic", "tournament", "paper")):
            style = dataclasses.replace(STYLES[name], cube=colour, cube_ink=ink)
            orientation = ("bottom left", "top right", "bottom right")[k]
            for face, where in ((16, "middle"), (4, "player0"), (32, "player1")):
                img, truth = render_frame(START, START, BoardView(orientation, style), cube=RenderCube(face, where),
                                          rng=face + k)
                got = read_cube(img, board=truth["geometry"]["playing_area"], home=orientation)
                assert got is not None and (got.face, got.where) == (face, where), (name, colour, face, where, got)


def test_dice_and_specks_are_no_cube():
    """A red die (a dark square with white pips), a white die showing 1 (a speck in a square
    outline) and cocked dice are never taken for the cube."""
    for k in range(24):
        style = ("tournament", "paper", "classic")[k % 3]
        dice = (RenderDie(1, "bar"), RenderDie(1 + k % 6, ("left half", "right half")[k % 2], flat=k % 4 != 0),
                RenderDie(2, "on checker"))
        img, truth = render_frame(START, START, BoardView(("bottom left", "top right")[k % 2], style,
                                                         size=((1280, 720), (640, 480))[k // 12]),
                                  dice=dice, rng=200 + k)
        assert read_cube(img, board=truth["geometry"]["playing_area"]) is None, (k, style)


@pytest.mark.parametrize("orientation", ["bottom right", "top left"])
def test_owner_follows_the_digits_without_geometry(orientation):
    view = BoardView(orientation, "classic")
    for where in ("player0", "player1"):
        img, _ = render_frame(START, START, view, cube=RenderCube(16, where), rng=3)
        got = read_cube(img, home=orientation)
        assert (got.face, got.where) == (16, where)


def test_smaller_frames_through_the_camera_measured():
    """640x480 (classic) and 960x540 (paper) with perspective 0.05: measured 33 of 36 right (the
    misses on the white paper board, where the cube's outline barely shows); floor just below."""
    right = total = 0
    for size in ((640, 480), (960, 540)):
        for style in ("classic", "paper")[::1 if size[0] == 640 else -1][:1]:
            for k, face in enumerate(CUBE_FACES):
                orientation = ("bottom left", "top right")[k % 2]
                view = BoardView(orientation, style, size=size, perspective=0.05)
                for where in ("middle", "player0", "player1"):
                    img, truth = render_frame(START, START, view, cube=RenderCube(face, where), rng=face + 7)
                    got = read_cube(img, board=truth["geometry"]["playing_area"], home=orientation)
                    total += 1
                    right += got is not None and (got.face, got.where) == (face, where)
    assert right / total >= 0.85


def test_no_cube_no_reading():
    for k, style in enumerate(["classic", "tournament", "paper"] * 2):
        img, truth = render_frame(START, START, BoardView("bottom left", style), dice=(k + 1, 6 - k),
                                  hand=k >= 3, rng=k)
        assert read_cube(img, board=truth["geometry"]["playing_area"]) is None


def test_read_face_reads_turned_crops():
    """Every face, turned, at sizes the templates are not drawn at (the font is hinted per size:
    under OpenCV 5.1 a "32" of 40-80 px fitted a 96 px template only 0.72-0.77)."""
    from vision.render import _face_patch
    import cv2
    for side in (40, 56, 80):
        for face in CUBE_FACES:
            gray = cv2.cvtColor(_face_patch(side, None, (230, 235, 240), None, text=str(face), ink=(20, 20, 20)),
                                cv2.COLOR_BGR2GRAY)
            for quarter in range(4):
                got, turns, score = read_face(np.rot90(gray, quarter))
                assert got == face and score > 0.8, (side, face, quarter, score)
                assert (turns + quarter) % 4 == 0


def test_bad_images_are_vision_errors():
    with pytest.raises(VisionError, match="non-empty"):
        read_cube(np.zeros((0, 0, 3), np.uint8))
    with pytest.raises(VisionError, match="BGR"):
        read_cube(np.zeros((10, 10), np.uint8))


def _noisy(image, rng):
    return np.clip(image.astype(np.int16) + rng.normal(0, 3, image.shape).round().astype(np.int16), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("style", ["classic", "tournament", "paper"])
def test_cube_signature_sees_the_cube_turned_but_not_noise_or_light(style):
    rng = np.random.default_rng(5)
    view = BoardView("bottom right", style, size=(960, 540))
    before, truth = render_frame(START, START, view, cube=RenderCube(2, "middle"), dice=(3, 5), rng=1)
    region = (0, 0, 960, 540)
    sig = cube_signature(before, region)
    assert sig == cube_signature(before, region) and hash(sig) == hash(cube_signature(before, region))
    assert not cube_signature(_noisy(before, rng), region).changed(cube_signature(_noisy(before, rng), region))
    assert not cube_signature(cv2.add(before, 20), region).changed(sig)  # the exposure, not the cube
    for face in CUBE_FACES[1:]:  # the same camera (the seed draws it first), the cube turned
        after, _ = render_frame(START, START, view, cube=RenderCube(face, "middle"), dice=(3, 5), rng=1)
        assert cube_signature(after, region).changed(sig), face
    moved, _ = render_frame(START, START, view, cube=RenderCube(2, "player0"), dice=(3, 5), rng=1)
    assert cube_signature(moved, region).changed(sig)
    assert sig.changed(None) and sig.changed(cube_signature(before, (0, 0, 900, 540)))


def test_cube_signature_bad_input():
    with pytest.raises(VisionError, match="non-empty"):
        cube_signature(np.zeros((0, 0, 3), np.uint8))
    with pytest.raises(VisionError, match="outside"):
        cube_signature(np.zeros((100, 100, 3), np.uint8), (200, 200, 50, 50))


def test_cached_cube_reader_reads_again_only_when_the_cube_area_changed():
    """Called as BoardReader calls its cube reader: (frame, calibration, region=...)."""
    rng = np.random.default_rng(9)
    view = BoardView("top left", "classic")
    frames = []
    for face in (2, 2, 2, 8, 8):
        img, truth = render_frame(START, START, view, cube=RenderCube(face, "middle"), dice=(1, 6), rng=3)
        frames.append(_noisy(img, rng))
    board = truth["geometry"]["playing_area"]
    calls = []

    def counted(image, calibration=None, **kwargs):
        calls.append(kwargs.get("region"))
        return read_cube(image, calibration, board=board, home="top left", **kwargs)

    reader = CachedCubeReader(counted)
    region = (0, 0, 1280, 720)
    got = [reader(f, None, region=region) for f in frames]
    assert [g.face for g in got] == [2, 2, 2, 8, 8]
    assert reader.reads == 2 and calls == [region, region]
    reader.forget()
    assert reader(frames[-1], None, region=region).face == 8 and reader.reads == 3
