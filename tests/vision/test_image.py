"""vision.image: the work arrays kept for steps that make large arrays again and again."""
import threading

import numpy as np

from vision.image import WORK_MOST, work_array


def test_a_work_array_is_kept_per_step_shape_and_thread():
    a = work_array("test.step", (600, 800), np.uint8, least=1 << 10)
    assert a is not None and a.shape == (600, 800) and a.dtype == np.uint8
    assert work_array("test.step", (600, 800), np.uint8) is a  # the same one again
    assert work_array("test.other", (600, 800), np.uint8) is not a
    assert work_array("test.step", (600, 800), np.int32) is not a
    other = []
    thread = threading.Thread(target=lambda: other.append(work_array("test.step", (600, 800), np.uint8)))
    thread.start()
    thread.join()
    assert other[0] is not None and other[0] is not a  # (two threads never share one)


def test_small_and_huge_arrays_are_not_kept():
    assert work_array("test.small", (10, 10), np.uint8, least=1 << 10) is None
    side = int(WORK_MOST ** 0.5) + 1
    assert work_array("test.huge", (side, side), np.uint8) is None
