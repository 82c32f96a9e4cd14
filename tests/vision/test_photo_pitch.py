"""vision.photo: the checker pitch of a photo is not learnt from stacks of more than five.

Six or more checkers in a row do not fit a point touching: they lean on each other (or lie in a
second layer), so their length says little of the pitch. Fitted with them, the pitch came out
short and the row's offset took up the rest, and a full row of five at its true spacing was
then counted six or seven.
"""
import numpy as np

from vision import labels, photo
from vision.render import random_style, random_view, render_frame


def test_a_row_of_five_beside_a_leaning_run_of_eight_is_read_five():
    # bench/vision_styles.py seed 0 style 6 position 4: grey felt, black checkers, a run of 8
    # leaning on each other and a row of 5; read as 16 black checkers (refused) before
    rng = np.random.default_rng(6)
    view = random_view(rng, random_style(rng))
    p0 = (0, 0, 0, 0, 5) + (0,) * 9 + (8, 2) + (0,) * 9
    p1 = (1, 3, 0, 0, 4, 3) + (0,) * 19
    image, truth = render_frame(p0, p1, view, rng=6)
    reading = photo.read_photo(image)
    assert labels.compare(reading.to_label_dict(), truth).board_right
