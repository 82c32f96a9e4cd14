"""Pyramids (a row of five, a second layer on its joints) of thick checkers seen at a tilt: a row
of five is five, a second layer is counted (issue 3)."""
import cv2
import numpy as np
import pytest

from vision import checkers

from .test_stacks import read_realistic

# random realistic styles (the bench's seed 0 numbering) and positions that were read wrong:
# style 7 (thick 0.19, tilt 25 degrees): rows of five read 6 and 7, pyramids of 6 to 8 read 5 or 8;
# style 20 (thick 0.18, no tilt): rows of five read 6 and 7 (a thick checker's side taken for a
# joint covered by a second layer), seen by the camera and clutter of seed 26 (its own does not
# calibrate with the clutter steady; with covered_joints as before 8096079 bottom 2 reads 6 there)
CASES = {
    "style 7 rows": (7, (0, 2, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0),
                     (0, 3, 6, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    "style 7 eights": (7, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0),
                       (0, 4, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 2)),
    "style 7 pyramids": (7, (2, 6, 5, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                         (0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    "style 20 rows": (20, (1, 0, 0, 0, 0, 5, 0, 0, 1, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 1, 0, 0, 0),
                      (0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 5, 5, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0), 26),
}


@pytest.mark.parametrize("case", list(CASES))
def test_pyramids_of_thick_checkers_read_right(case):
    seed, p0, p1, *camera = CASES[case]  # (the camera, where not the style's own)
    score, view = read_realistic(seed, p0, p1, *camera)
    assert view.style.stacking == "pyramid" and view.style.checker_height > 0.15
    assert score.wrong == (), (case, f"tilt {view.tilt:.0f}", view.style.name)


def _row(classes: np.ndarray, first: float, pitch: float, n: int, layer: int = 0, lift: float = 0.0) -> None:
    """Draw n checkers (class 1) of a layer along a column 40 wide from the top edge, each one's
    face `lift` further in than where it lies, and for a thick checker seen at a tilt its side
    (a band of another colour, class 0) on the side toward the edge."""
    r = int(pitch / 2)
    for k in range(n):
        y = int(round(first + (k + layer / 2) * pitch + lift))
        cv2.circle(classes, (20, y - 4), r, 0, -1)  # the side, seen under the face
        cv2.circle(classes, (20, y), r, 1, -1)


def test_covered_joints_judge_each_joint_against_the_rows_own_open_waists():
    pitch, H = 30.0, 320
    classes = np.zeros((H, 40), np.uint8)
    _row(classes, 22.0, pitch, 5)  # the row begins 7 px off where the learnt offset (0) puts it
    assert checkers.covered_joints(classes, (0, 40), "top", 1, pitch, 0.0, 5) == 0
    _row(classes, 22.0, pitch, 3, layer=1, lift=-3.0)  # three over the first three joints
    assert checkers.covered_joints(classes, (0, 40), "top", 1, pitch, 0.0, 5) == 3


def test_a_joint_where_the_empty_points_show_the_checkers_colour_says_nothing():
    pitch, H = 30.0, 320
    classes = np.zeros((H, 40), np.uint8)
    _row(classes, 15.0, pitch, 5)
    classes[:34, :] = 1  # the base of a point the checkers' colour fills the first waist
    empty = np.zeros(H // 2)
    assert checkers.covered_joints(classes, (0, 40), "top", 1, pitch, 0.0, 5) == 1
    empty[:34] = 1.0  # ... and shows so on the empty points of that kind
    assert checkers.covered_joints(classes, (0, 40), "top", 1, pitch, 0.0, 5, empty) == 0
