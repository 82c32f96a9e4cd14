"""vision.calibration: a row's offset that is no geometry (issue 3; bench/vision_styles.py
--label-calibration, case seed 1000 * seed + style).

Maroon checkers on burgundy felt show the colour model part of each stack only: every maroon stack
of a labelled game in progress read short, the pitch and offsets fitted on them put the top row's
first checker half a checker before the board's edge (-0.52 of a pitch), and the reader, looking
for the rims from there, read a maroon seven as one. Where a fitted offset lies under
checkers.OFFSET_LEAST of a pitch, the same pitch with the offsets raised is tried too, and the
calibration's read back of its labelled image chooses (checkers._offsets_raised)."""
from vision import checkers
from vision.calibration import Calibration
from vision.reader import BoardReader
from vision.render import render_frame

from .rendered import bench_view, wrong_points

SEED = 7006  # burgundy felt, cream/red points, pearl/maroon checkers, walnut frame


def test_a_labelled_calibration_with_stacks_the_felts_colour_reads_them_in_play():
    view = bench_view(SEED)
    c0 = (0,) * 10 + (1, 6, 0, 0, 1, 0, 0, 0, 0, 5, 0, 0, 0, 0, 2)
    c1 = (2, 0, 0, 0, 0, 7) + (0,) * 10 + (6,) + (0,) * 8
    image, truth = render_frame(c0, c1, view, rng=SEED)
    cal = Calibration.from_image(image, {k: v for k, v in truth.items() if k != "geometry"})
    assert all(o >= checkers.OFFSET_LEAST * cal.pitch for o in cal.offset)
    p0 = (0,) * 8 + (7, 0, 0, 1, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 2, 0)
    p1 = (0, 2, 0, 0, 6) + (0,) * 9 + (4,) + (0,) * 7 + (3, 0, 0)
    frame, seen = render_frame(p0, p1, view, rng=SEED)
    assert wrong_points(BoardReader(cal, read_dice=False).read(frame), seen) == 0


def test_offsets_raised_only_where_a_row_starts_too_far_out():
    assert checkers._offsets_raised((30.0, (-3.0, 2.0))) == []
    assert checkers._offsets_raised((30.0, (-15.0, -3.0))) == [(30.0, (-10.5, -3.0)), (30.0, (0.0, 0.0))]
