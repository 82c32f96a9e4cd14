"""read_dice on dice seen from the side (dice/matteop65): a side face's pips beside the top face's,
and a top face foreshortened by the camera's angle."""
import numpy as np
import pytest

from vision.dice import read_dice


def _labels(img_path, shape):
    h, w = shape[:2]
    out = []
    for line in img_path.with_suffix(".txt").read_text().splitlines():
        c, x, y, bw, bh = line.split()
        out.append((int(c) + 1, float(x) * w, float(y) * h, max(float(bw) * w, float(bh) * h)))
    return out


def _read_as_labelled(shared_data, name):
    """(labelled values, values read on them in label order, readings on no labelled die)."""
    import cv2
    path = shared_data / "dice" / "matteop65" / name
    img = cv2.imread(str(path))
    labels = _labels(path, img.shape)
    found = read_dice(img)
    on = []
    used = set()
    for _v, x, y, size in labels:
        near = [k for k, d in enumerate(found)
                if np.hypot(d.box[0] + d.box[2] / 2 - x, d.box[1] + d.box[3] / 2 - y) < size / 2 + 2]
        used.update(near)
        on.append(sorted(found[k].pips for k in near))
    return [v for v, *_ in labels], on, [found[k].pips for k in range(len(found)) if k not in used]


@pytest.mark.data
@pytest.mark.parametrize("name", ["dice_24.jpg", "dice_28.jpg", "dice_35.jpg", "dice_4.jpg"])
def test_a_one_beside_its_side_faces_smaller_pip_is_no_two(shared_data, name):
    """A 1 seen from the side, its large round pip beside a side face's small or flattened pip: the
    pair was read as a 2 (the lone pips' pairing weighed only their darkness); a 2's pips are alike
    in size and shape, as _group asks of any two pips of one face."""
    want, on, extra = _read_as_labelled(shared_data, name)
    assert on == [[v] for v in want] and extra == [], (want, on, extra)


@pytest.mark.data
@pytest.mark.parametrize("name", ["six_7.jpg", "six_23.jpg", "six_27.jpg", "six_30.jpg"])
def test_a_six_foreshortened_by_the_camera_is_one_six(shared_data, name):
    """A 6 seen from the side, its two rows of three pips closer together than a turned and scaled
    layout allows: it was split and read as a 2 or a 4 (or lost beside its side face's pips); the
    six pips making one parallelogram with the middle pips halfway along two opposite sides are one
    face under an affine map, kept beside a face more shaded or of flattened pips (its side face)."""
    want, on, extra = _read_as_labelled(shared_data, name)
    assert on == [[v] for v in want] and extra == [], (want, on, extra)


def test_affine_fit_of_a_six_wants_its_middles_halfway():
    """Six pips: four at a parallelogram's corners and two halfway along opposite sides fit a 6,
    its step across the rows of three (the layout's x axis); a middle pip off its side's middle does not."""
    from vision.dice import _affine_fit
    six = np.array([0, 6j, 12j, 8, 8 + 6j, 8 + 12j])  # rows of three 6 apart, 8 between the rows: squashed
    fit = _affine_fit(six, 1.5)
    assert fit.pips == 6 and fit.error < 0.05
    assert abs(abs(fit.scale) - 6) < 1e-6 and abs(fit.scale.imag) < 1e-6  # the true step, across the rows
    assert _affine_fit(np.array([0, 6j, 12j, 8, 8 + 9j, 8 + 12j]), 1.5) is None
    assert _affine_fit(np.array([0, 6j, 12j, 8, 8 + 6j, 16 + 12j]), 1.5) is None  # no parallelogram


def test_a_cocked_four_and_its_side_faces_pips_are_no_six():
    """A cocked green 4 (white pips) whose side face shows two small pips beside it: the six made a
    parallelogram with the two at its sides' middles and were read as one foreshortened 6. A 6's pips
    are alike in size (SKEWED_ALIKE, as for two 2s joined into a 4): the 4 stays a cocked 4."""
    import dataclasses

    from vision.render import STYLES, BoardView, RenderDie, render_frame
    start = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    style = dataclasses.replace(STYLES["paper"], die=(40, 110, 30), pip=(240, 240, 240))
    img, truth = render_frame(start, start, BoardView("bottom left", style, size=(960, 540)),
                              dice=(RenderDie(6, "right half", True), RenderDie(4, "right half", False)), rng=113)
    found = read_dice(img)
    assert sorted((d.pips, d.flat) for d in found) == [(4, False), (6, True)], found
