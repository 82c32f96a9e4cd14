"""vision.photo: stacks of checkers the colour of their points, taken on by their rims
(bench/vision_styles.py, no calibration column; case seed 1000 * seed + style).

White checkers on white points under a warm lamp: past the first checker of such a stack the
colour model sees the point, so the first label counted every white stack as one checker, the
calibration learnt from that label and read them so (or read no white checker at all). The
stack's colour goes on past the first checker and its rims go on to its end
(photo.rims_extended)."""
import numpy as np

from vision import photo
from vision.render import render_frame

from .rendered import bench_view, wrong_points

# seed 1 style 14: black felt, red/white points, white/blue checkers, light wood frame, run stacks,
# tilt 36 degrees, warmth +1.00
STYLE = 1014


def test_white_stacks_on_white_points_read_whole():
    p0 = (0, 0, 3, 0, 0, 7) + (0,) * 19
    p1 = (0, 0, 3, 5, 0, 1) + (0,) * 19
    image, truth = render_frame(p0, p1, bench_view(STYLE), rng=STYLE)
    assert wrong_points(photo.read_photo(image), truth) == 0


def _layout(image):
    found = photo.locate_photo(image)
    base = photo.candidate_layouts(image, found.corners)[0][2]
    canon, lab = photo._canonical(image, base)
    return base, lab, photo.canon_gray(canon)


def test_rims_extended_takes_on_only_the_stacks_of_their_points_colour():
    # white stacks of 2, 2 and 3 on white points, a white checker alone on a red point (bottom 2), the
    # blue stacks (7 and 8) running to the middle
    p0 = (0,) * 5 + (8,) + (0,) * 17 + (7, 0)
    p1 = (0,) * 11 + (3, 0, 2, 2, 5, 0, 0, 0, 0, 2, 0, 1, 0, 0)
    image, truth = render_frame(p0, p1, bench_view(STYLE), rng=STYLE)
    base, lab, gray = _layout(image)
    pw = photo._point_width(photo._probe(base))
    cut = {key: (0, 0.9 * pw) for key in (("top", 11), ("bottom", 3), ("bottom", 9), ("bottom", 10))}
    alone = {("bottom", 1): (0, 0.9 * pw), ("bottom", 2): (0, 0.9 * pw)}  # and an empty white point
    longer = photo.rims_extended({**cut, **alone}, lab, gray, base)
    assert all(longer[key] == alone[key] for key in alone)
    twos = [longer[key][1] for key in (("bottom", 3), ("bottom", 9), ("bottom", 10))]
    assert min(twos) > 1.6 * pw and max(twos) < 1.1 * min(twos)  # two checkers each, alike
    assert 1.3 < longer[("top", 11)][1] / np.mean(twos) < 1.7  # three
