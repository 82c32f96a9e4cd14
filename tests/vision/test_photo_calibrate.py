"""vision.photo.calibrate_photo: `bgref calibrate` on a game in progress (no label, no start) keeps
the calibration behind the photo's own reading, the best-fitting layout whose reading is a possible
position, as `bgref read` of the same photo does; the best-fitting one alone may read more than
fifteen checkers of a colour, and every later frame read with it went wrong (issue 10).

The case once also read the game's next position right with the calibration kept. Under
OpenCV 5.1, whose warp differs from 5.0's by a level at a few pixels, the layout kept is another
(the right one within a pixel, where 5.0's lay 6 px wide), and it reads the empty white point at
the board's right side as eight white checkers: a second layer's rims (checkers._layered, the
joints under a layer) in the point's texture and tip. Bench seed 3 style 28 so reads 2 of its 6
positions right under 5.1, 6 under 5.0; a stricter layer (its near rim over the noise bar) lost
boards elsewhere. Left open in issue 3's notes."""
from vision import BoardReader, labels, photo
from vision.render import render_frame

from .rendered import bench_view

# bench/vision_styles.py seed 3 style 28's labelled calibration frame, rendered here with the case
# seed's camera: its best-fitting layout reads 17 white checkers (in the bench, calibrated on that
# layout, two of the six positions read right; on the layout behind the photo's reading, six)
CAL = ((6, 3) + (0,) * 23, (0, 0, 0, 8, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0, 1))


def test_a_game_in_progress_calibrates_on_the_layout_its_reading_came_from():
    view = bench_view(3028)
    start, truth = render_frame(*CAL, view, rng=3028)
    _, behind = photo.photo_reading(start)
    cal = photo.calibrate_photo(start)
    assert cal.corners == behind.corners and cal.colours == behind.colours
    best_fitting = next(photo.candidate_calibrations(start))
    assert "at most 15" in photo.impossible(BoardReader(best_fitting, read_dice=False).read(start))
    assert best_fitting.corners != cal.corners
    got = labels.as_image_shows(BoardReader(cal, read_dice=False).read(start).to_label_dict())
    assert labels.compare(got, truth).board_right
