"""vision.outline: the board's outline on drawn boards with exact corners (shaded frames, an arm
across the edge, clutter on the table next to the board), and on rendered boards with clutter."""
import cv2
import numpy as np
import pytest

from vision.errors import CalibrationError
from vision.outline import BoardOutline, find_outline, locate_board
from vision.render import BoardView, render_frame

from .test_photo import P0, P1

W, H = 960, 600
BOARD = np.float32([[180, 110], [780, 110], [780, 490], [180, 490]])  # the drawn board's outline


def _board(table=(60, 90, 60), frame=(200, 210, 220)):
    """A plain board on a table: frame band 30 pixels wide, playing area, 24 triangles."""
    img = np.full((H, W, 3), table, np.uint8)
    x0, y0, x1, y1 = 180, 110, 780, 490
    img[y0:y1, x0:x1] = frame
    a0, b0, a1, b1 = x0 + 30, y0 + 30, x1 - 30, y1 - 30
    cv2.rectangle(img, (a0, b0), (a1, b1), (50, 110, 50), -1)
    pw = (a1 - a0) / 12
    for i in range(12):
        colour = (230, 230, 240) if i % 2 else (30, 30, 120)
        xa = a0 + i * pw
        for base, tip in ((b0, b0 + 130), (b1, b1 - 130)):
            cv2.fillPoly(img, [np.int32([[xa, base], [xa + pw, base], [xa + pw / 2, tip]])], colour)
    return img


def _off(found) -> float:
    return float(np.abs(np.float32(found) - BOARD).max())


def test_a_plain_board_is_found_to_a_pixel():
    assert _off(find_outline(_board())) <= 2.0


@pytest.mark.parametrize("shade", [0.5, 0.7])
def test_a_frame_shaded_across_the_threshold_is_found_by_its_edge(shade):
    """The frame's near edge darkens to the right until part of it falls below the brightness
    threshold (the rendered classic board tilted 45 degrees got no reading so): the outline still
    lies on the board's edge, not on the threshold's contour slanting across the frame (22 and
    29 pixels off before)."""
    img = _board(table=(30, 30, 30))
    ramp = 1.0 - shade * np.linspace(0, 1, 600)[None, :, None]
    img[470:490, 180:780] = np.clip(np.float32((200, 210, 220)) * ramp, 0, 255).astype(np.uint8)
    assert _off(find_outline(img)) <= 2.0


def test_an_arm_across_the_frame_is_a_covered_board():
    """An arm darker than the frame (as in the real photos) breaks the frame's outline: no whole
    outline, but a board partly covered."""
    img = _board(table=(30, 30, 30))
    cv2.ellipse(img, (760, 330), (260, 55), -15, 0, 360, (60, 80, 110), -1)  # an arm from the right
    with pytest.raises(CalibrationError):
        find_outline(img)
    found = locate_board(img)
    assert isinstance(found, BoardOutline) and found.covered and hash(found)
    assert _off(found.corners) <= 6.0


def test_no_board_is_still_an_error():
    img = np.full((H, W, 3), (60, 90, 60), np.uint8)
    cv2.circle(img, (300, 300), 80, (200, 200, 200), -1)
    with pytest.raises(CalibrationError):
        locate_board(img)


CLUTTER = {
    "scoresheet": lambda img: cv2.fillPoly(img, [np.int32([[40, 300], [160, 280], [172, 420], [52, 440]])],
                                           (235, 240, 242)),
    "cup": lambda img: cv2.circle(cv2.circle(img, (110, 180), 55, (40, 40, 160), -1), (110, 180), 42, (20, 35, 55), -1),
    "second board": lambda img: cv2.rectangle(cv2.rectangle(img, (830, 0), (W, H), (40, 70, 110), -1),
                                              (870, 40), (W, H - 40), (40, 100, 40), -1),
    "all three": lambda img: [CLUTTER[k](img) for k in ("scoresheet", "cup", "second board")],
}
AGAINST = {  # things touching the board's outline from outside
    "cup at the left": lambda img: cv2.circle(cv2.circle(img, (128, 250), 52, (200, 200, 205), -1), (128, 250), 40,
                                              (20, 35, 55), -1),
    "cup at the top": lambda img: cv2.circle(cv2.circle(img, (420, 58), 52, (40, 40, 160), -1), (420, 58), 40,
                                             (20, 35, 55), -1),
    "scoresheet at the bottom": lambda img: cv2.fillPoly(img, [np.int32([[560, 490], [700, 490], [700, 590], [560, 590]])],
                                                         (235, 240, 242)),
}


@pytest.mark.parametrize("what", sorted(CLUTTER))
@pytest.mark.parametrize("table", [(60, 90, 60), (150, 170, 190)])
def test_clutter_beside_the_board_leaves_the_outline(what, table):
    """Things on the table a little way from the board (a scoresheet, a cup, a second board at the
    picture's edge) neither capture the outline nor hide the board."""
    img = _board(table=table)
    CLUTTER[what](img)
    found = locate_board(img)
    assert not found.covered
    assert _off(found.corners) <= 3.0


@pytest.mark.parametrize("what", sorted(AGAINST))
@pytest.mark.parametrize("table", [(60, 90, 60), (150, 170, 190)])
def test_clutter_against_the_board_leaves_the_outline(what, table):
    """A cup or a scoresheet touching the board's edge: the region of board and thing is no
    quadrilateral, but four straight sides still hold most of its outline."""
    img = _board(table=table)
    AGAINST[what](img)
    found = locate_board(img)
    assert not found.covered
    assert _off(found.corners) <= 3.0


@pytest.mark.parametrize("style,seed,clutter", [
    ("classic", 103, ("board",)), ("tournament", 107, ("board",)), ("classic", 100, ("cup", "scoresheet", "board")),
    ("paper", 101, ("cup", "scoresheet", "board")), ("tournament", 104, ("cup", "scoresheet", "board")),
])
def test_rendered_clutter_leaves_the_outline(style, seed, clutter):
    """The renderer's clutter (kept clear of the board): the outline is the one found with no
    clutter, to 1% of the board's size (a second board at the picture's edge made the table's
    colour spread too wide: no board found). One seed is one camera, with or without clutter."""
    image, truth = render_frame(P0, P1, BoardView(style=style, clutter=clutter), rng=seed)
    clear, _ = render_frame(P0, P1, BoardView(style=style), rng=seed)
    found = locate_board(image)
    board = np.float32(truth["geometry"]["board"])
    assert not found.covered
    assert np.abs(np.float32(found.corners) - find_outline(clear)).max() <= 0.01 * np.linalg.norm(board[2] - board[0])
