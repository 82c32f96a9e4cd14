"""The occlusion gate matches the ring's brightness sector by sector (light falls unevenly); a large
change in a sector that is no hand must not drag that sector's level so that the rest of it, as it
was, looks changed (issue 3: a clear frame taken for a hand gets no reading at all)."""

import numpy as np

from vision import BoardReader, Calibration
from vision.render import random_style, random_view, render_frame

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)

# bench/vision_styles.py --seed 3, style 8 (case seed 3008): brown leather, red/cream points,
# white/green checkers, a mahogany frame thin along the tray's side, tilt 37 degrees. White stacks
# newly at the playing area's edge, thick and seen at a tilt, lean over the thin frame: the
# sector's least-squares level followed them and the whole strip along that side read as changed.
LATER = [((0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 6, 5, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0),
          (0, 0, 0, 0, 0, 0, 8, 0, 4, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0)),
         ((0, 0, 0, 0, 5, 0, 0, 0, 2, 0, 0, 0, 0, 6, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0),
          (4, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 7, 0)),
         ((0, 0, 4, 0, 0, 0, 0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0),
          (0, 0, 0, 0, 0, 0, 7, 3, 0, 0, 0, 0, 4, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0))]


def test_a_light_stack_at_a_thin_frame_does_not_drag_its_sectors_level():
    rng = np.random.default_rng(3008)
    view = random_view(rng, random_style(rng))
    cal = Calibration.from_image(render_frame(START, START, view, rng=3008)[0])
    reader = BoardReader(cal, read_dice=False, read_cube=False, follow_board=False)
    for j, (p0, p1) in enumerate(LATER):
        frame, _ = render_frame(p0, p1, view, rng=3008)  # the same camera, light and table
        reading = reader.read(frame)
        assert not reading.hand_in_view, (j, reading.occlusion)


# bench/vision_styles.py --seed 6, style 12 (case seed 6012): tan leather, cream/green points,
# beige/burgundy checkers, a mahogany frame, tilt 38 degrees. The start position's burgundy five at
# the side, thick and seen at that tilt, leant over the whole frame beside it (out to its outer
# half) and shadowed it below: once moved, the frame there showed plain and every later frame of
# the board was taken for a hand (occlusion 3.17).
MOVED_AWAY = [((0, 0, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 7, 0, 2, 0, 0),
               (0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 0, 0)),
              ((0, 0, 0, 6, 0, 0, 2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 2, 0),
               (0, 0, 8, 5) + (0,) * 21)]


def test_the_frame_a_side_stack_leant_over_is_no_hand_once_the_stack_is_moved():
    rng = np.random.default_rng(6012)
    view = random_view(rng, random_style(rng))
    cal = Calibration.from_image(render_frame(START, START, view, rng=6012)[0])
    for j, (p0, p1) in enumerate(MOVED_AWAY):
        frame, _ = render_frame(p0, p1, view, rng=6012)
        reading = BoardReader(cal, read_dice=False, read_cube=False).read(frame)
        assert not reading.hand_in_view, (j, reading.occlusion)
        held, _ = render_frame(p0, p1, view, hand=True, rng=6012)  # and an arm there is still seen
        assert BoardReader(cal, read_dice=False, read_cube=False).read(held).hand_in_view, j
