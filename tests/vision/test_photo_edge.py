"""Reading a photo with no calibration (issue 10), the checker's pitch and each row's offset are
fitted on the photo's own first reading of its stacks. A row's first checker lies against the
playing area's edge: a fit that begins it a fifth of a checker inside (stacks of two and three a
little long, the tip of a point read as checker) misses the joints of its long stacks, and a
pyramid's second layer goes uncounted. The photo's offsets are held to a tenth of a pitch
(photo.OFFSET_MOST; a refit on the photo's own label beyond it is not kept: test_photo_offset.py)."""

from vision import photo
from vision.labels import as_image_shows, compare
from vision.render import render_frame

from .rendered import bench_view

# bench/vision_styles.py seed 0, style 0 (case seed 0: green felt, cream/red points, white/black
# checkers, pyramid stacks, raised 0.4), position 1: the bottom row fitted 6.2 px inside the edge at
# 30.6 px a checker, and a black pyramid of eight read five
POSITION = ((0, 0, 0, 0, 0, 8, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0),
            (1, 0, 0, 3, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))


def test_a_photos_rows_begin_at_most_a_tenth_of_a_pitch_inside_the_edge():
    image, _ = render_frame(*POSITION, bench_view(0), rng=0)
    _, cal = photo.photo_reading(image)
    assert max(cal.offset) <= photo.OFFSET_MOST * cal.pitch + 1e-9


def test_the_pyramid_of_eight_is_read_whole():
    image, truth = render_frame(*POSITION, bench_view(0), rng=0)
    reading, _ = photo.photo_reading(image)
    assert compare(as_image_shows(reading.to_label_dict()), truth).right == 24
