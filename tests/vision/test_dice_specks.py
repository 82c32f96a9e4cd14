"""read_dice: a lone dark speck far smaller than the pips of the other dice in view is no 1."""
import numpy as np
import pytest

from vision.dice import read_dice


def test_a_lone_pip_far_smaller_than_the_other_faces_pips_is_a_speck():
    from vision.dice import _Face, _speck

    def face(pips, r):
        return _Face(pips, (0, 0, 10, 10), 1.0, 200.0, 150.0, 5.0, 5.0, 10.0, 1.0, pip_r=r)

    tiny, one = face(1, 0.8), face(1, 4.5)
    threes = [face(3, 4.8), face(3, 5.1), face(3, 4.5)]
    assert _speck(tiny, threes)
    assert not _speck(one, threes)  # a 1's pip is the largest of a die's
    assert not _speck(tiny, threes[:1])  # one other face says too little


@pytest.mark.data
@pytest.mark.parametrize("name", ["four_35.jpg", "three_50.jpg"])
def test_no_die_on_a_speck_beside_the_dice(shared_data, name):
    """A dark speck 6-7 pixels wide (a die's pips there are 10) was read as a 1 beside the dice."""
    import cv2
    path = shared_data / "dice" / "matteop65" / name
    img = cv2.imread(str(path))
    h, w = img.shape[:2]
    centres = [(float(x) * w, float(y) * h, max(float(bw) * w, float(bh) * h))
               for _c, x, y, bw, bh in (line.split() for line in path.with_suffix(".txt").read_text().splitlines())]
    found = read_dice(img)
    off = [d for d in found if not any(np.hypot(d.box[0] + d.box[2] / 2 - x, d.box[1] + d.box[3] / 2 - y) < s / 2 + 2
                                       for x, y, s in centres)]
    assert off == [], off
