"""read_dice on dice photographed from one side: a side face as bright as the top face lies beside
it towards the camera's foot, the way the other dice in view show their side faces."""
import numpy as np
import pytest

from vision.dice import read_dice


def test_side_faces_of_two_dice_towards_one_side_give_the_camera_foot():
    from vision.dice import _camera_foot
    foot = _camera_foot({0: [complex(5, 40)], 3: [complex(-8, 38), complex(2, 45)]})
    assert foot is not None and abs(foot - 1j) < 0.15
    assert _camera_foot({0: [complex(5, 40)]}) is None  # one die: a cocked die as likely
    assert _camera_foot({0: [complex(0, 40)], 1: [complex(40, 0)]}) is None  # no agreement
    assert _camera_foot({}) is None


@pytest.mark.data
@pytest.mark.parametrize("name", ["two_29.jpg", "three_34.jpg", "three_43.jpg"])
def test_a_side_face_as_bright_as_its_top_towards_the_camera_foot_is_no_die(shared_data, name):
    """A die seen from the side with its side face lit as brightly as its top face: that side face
    (a 4 under a 2, a 2 under a 3) was read as one more die; other dice in view show their side
    faces towards the same side, so a face beside another that way is that die's side face."""
    import cv2
    path = shared_data / "dice" / "matteop65" / name
    img = cv2.imread(str(path))
    h, w = img.shape[:2]
    labels = []
    for line in path.with_suffix(".txt").read_text().splitlines():
        c, x, y, bw, bh = line.split()
        labels.append((int(c) + 1, float(x) * w, float(y) * h, max(float(bw) * w, float(bh) * h)))
    found = read_dice(img)
    on = [[d.pips for d in found if np.hypot(d.box[0] + d.box[2] / 2 - x, d.box[1] + d.box[3] / 2 - y) < size / 2 + 2]
          for _v, x, y, size in labels]
    assert on == [[v] for v, *_ in labels] and len(found) == len(labels), (labels, found)
