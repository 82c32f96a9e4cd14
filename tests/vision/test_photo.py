import numpy as np
import pytest

from vision import VisionError
from vision.photo import read_photo


def test_a_photo_with_no_board_is_a_clear_error():
    with pytest.raises(VisionError, match="no board"):
        read_photo(np.full((300, 400, 3), 90, np.uint8))
