"""vision.outline: the board's outline, its sides snapped to the board's edge, stays in the picture.

snap_to_edges moves each side of the threshold's outline out to where the board meets the table.
A board near the picture's edge with something on the table by one corner (a scoresheet) had a
side moved out past the picture's edge, where no edge of the board can have been found, and the
photo reader then refused it as cut off by the picture's edge though all of it is in view, and a
calibration on it read its columns shifted (style 22 of seed 2 misread 6 of its 6 frames). Such a
snap is not taken, for the photo reader and the calibration alike.
"""
import numpy as np

from vision import labels, photo
from vision.outline import locate_board

from .rendered import case_frame


def test_board_by_the_picture_edge_is_read():
    # bench/vision_styles.py --seed 2 --case 22:0: tilt 39 degrees, the board's far corner 15 pixels
    # from the picture's top, a scoresheet by its near right corner: refused as "part of the board is
    # outside the picture" (its outline's near corner snapped to y 751 of 720)
    p0 = (2, 0, 0, 7) + (0,) * 21
    p1 = (0, 7, 3, 0, 0, 0, 0, 0, 0, 5) + (0,) * 15
    image, truth = case_frame(2022, p0, p1)
    h, w = image.shape[:2]
    corners = np.float32(locate_board(image).corners)
    assert (corners >= 0).all() and (corners[:, 0] < w).all() and (corners[:, 1] < h).all()
    got = labels.as_image_shows(photo.read_photo(image).to_label_dict())
    # (read, not refused: its two pyramids of seven at a 39 degree slant, glossy, read right or a
    # checker or two off as the colour model shifts a little, checkers.BAR_UNSEEN)
    assert labels.compare(got, truth).right >= 22
