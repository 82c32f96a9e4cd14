"""read_dice on dice of light pips whose body is close in colour to what they lie on: a 2 is read
only on a square of its body's colour (bench/dice_eval.py's light and realistic rows), found where the
colour departs from the body's by half as much when it runs on at the full departure."""
import dataclasses

import pytest

from vision.dice import read_dice
from vision.render import STYLES, BoardView, RenderDie, render_frame

from .rendered import START, board_box, dice_frame_read, dice_near


def _read_at(image, truth, centre):
    found = read_dice(image, region=board_box(truth))
    return [(d.pips, d.flat) for d in dice_near(found, centre, 8)], found


def test_a_red_two_on_a_brown_bar_is_read():
    """Light row frame 68: a red 2 with white pips, 25 pixels across, on the classic board's brown bar
    (60-70 off the red in colour, the departure 70)."""
    style = dataclasses.replace(STYLES["classic"], die=(30, 30, 170), pip=(235, 235, 235))
    view = BoardView("bottom right", style, size=(960, 540))
    dice = (RenderDie(1, "on checker"), RenderDie(6, "left half"), RenderDie(2, "bar"))
    image, truth = render_frame(START, START, view, dice=dice, rng=68)
    near, found = _read_at(image, truth, (442, 434))
    assert near == [(2, True)], found


@pytest.mark.parametrize("centre", [(618, 373), (552, 330)])
def test_a_black_two_on_dark_felt_is_read(centre):
    """Realistic row (seed 2025) frame 132: black 2s with yellow pips, 26 and 28 pixels across, on dark
    green felt (about 29 off the black in colour, the departure 40)."""
    found, _truth = dice_frame_read(132, (1280, 720), 9.039434363956873,
                                    (RenderDie(2, "left half"), RenderDie(2, "left half")))
    assert [(d.pips, d.flat) for d in dice_near(found, centre, 8)] == [(2, True)], found


def test_a_two_and_a_one_in_a_row_are_read():
    """Light row frame 80: a red 2 and a red 1, 25 pixels across, side by side with the 2's pips and the
    1's in one line: any two of the three pips fit a 2, and the 2's far pip with the 1's (a 2 too wide for
    its pips, on no one body) was taken, the 2's near pip left alone."""
    style = dataclasses.replace(STYLES["classic"], die=(30, 30, 170), pip=(235, 235, 235))
    view = BoardView("bottom right", style, size=(960, 540))
    dice = (RenderDie(2, "right half"), RenderDie(5, "bar"), RenderDie(1, "right half"))
    image, truth = render_frame(START, START, view, dice=dice, rng=80)
    found = read_dice(image, region=board_box(truth))
    assert sorted(d.pips for d in found) == [1, 2, 5], found
    assert _read_at(image, truth, (616, 245))[0] == [(2, True)], found
    assert _read_at(image, truth, (613, 273))[0] == [(1, True)], found
