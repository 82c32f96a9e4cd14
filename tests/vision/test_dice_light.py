"""read_dice under the light of a real room: a colour cast and small, blurred pips (issue 3)."""
import numpy as np

from vision.dice import read_dice
from vision.render import BoardView, RenderDie, render_frame

from .rendered import board_box

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


def _read_right(found, truth) -> int:
    """Labelled dice read with their value (a reading centred on the die)."""
    def hit(box, t):
        x, y, w, h = box
        tx, ty, tw, th = t["box"]
        return abs(x + w / 2 - tx - tw / 2) < tw / 2 and abs(y + h / 2 - ty - th / 2) < th / 2

    return sum(any(hit(d.box, t) and d.pips == t["pips"] for d in found) for t in truth["dice"])


def test_white_dice_under_warm_light_are_read():
    """White dice under warm room light are tinted like everything else: the chroma tests that keep
    coloured felt and checkers out are taken after white balance from the brightest things in
    view. Measured 15 of 16 in a board region (4 of 16 before: the tinted pips and faces failed
    the chroma tests)."""
    right = total = 0
    for seed in range(8):
        view = BoardView(("bottom right", "top left")[seed % 2], ("classic", "paper", "tournament")[seed % 3],
                         size=((1280, 720), (640, 480))[seed // 4], warmth=1.0)
        dice = (RenderDie(seed % 6 + 1, "left half"), RenderDie((seed * 5 + 2) % 6 + 1, "right half"))
        img, truth = render_frame(START, START, view, dice=dice, rng=seed)
        found = read_dice(img, region=board_box(truth))
        total += len(truth["dice"])
        right += _read_right(found, truth)
    assert right >= total - 2, (right, total)


def test_small_blurred_pips_on_realistic_boards_measured():
    """Random realistic boards (vision.render.random_view: styles, light, grain, JPEG, tilt) with dice of
    3 to 6 pips about 15-25 pixels wide, whose pips blur lighter than a large pip: a face of three or
    more such pips is read (one or two light spots alone are not: gaps between light checkers).
    Measured 29 of 36 (19 of 36 before) with 2 readings that are no die; the floors sit just below."""
    from vision.render import random_view

    rng = np.random.default_rng(11)
    right = total = extra = 0
    for k in range(12):
        view = random_view(100 + k, size=(960, 540), tilt=float(rng.uniform(0, 15)))
        dice = tuple(RenderDie(int(rng.integers(3, 7)), where) for where in ("left half", "right half", "bar"))
        img, truth = render_frame(START, START, view, dice=dice, rng=k)
        found = read_dice(img, region=board_box(truth))
        total += len(truth["dice"])
        right += _read_right(found, truth)
        extra += max(0, len(found) - len(truth["dice"]))
    assert right >= 27 and extra <= 3, (right, total, extra)
