"""vision.image: the work arrays kept for steps that make large arrays again and again, and the
order statistics taken every frame without numpy's overhead (they must give numpy's own answers)."""
import threading

import numpy as np

import pytest

from vision.image import WORK_MOST, median, median_rows, percentile, percentile_u8, sq_dist3, work_array


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


@pytest.mark.parametrize("seed", range(5))
def test_the_quick_order_statistics_give_numpys_answers(seed):
    rng = np.random.default_rng(seed)
    for _ in range(200):
        n = int(rng.integers(1, 300))
        q = float(rng.choice([0, 5, 50, 90, 95, 99, 100, rng.random() * 100]))
        u8 = rng.integers(0, 256, n).astype(np.uint8)
        if rng.random() < 0.5:  # (few distinct values: ties at the order statistics)
            u8 = (u8 // 64 * 64).astype(np.uint8)
        assert percentile_u8(u8, q) == pytest.approx(float(np.percentile(u8, q)), abs=1e-9)
        assert percentile_u8(u8.reshape(1, -1)[:, ::2], q) == pytest.approx(float(np.percentile(u8[::2], q)), abs=1e-9)
        v = rng.random(n)
        assert percentile(v, q) == pytest.approx(float(np.percentile(v, q)), rel=1e-12)
        assert median(v) == float(np.median(v))
        rows = rng.random((int(rng.integers(1, 9)), 3)).astype(np.float32)
        got, want = median_rows(rows), np.median(rows, axis=0)
        assert got.dtype == want.dtype and np.array_equal(got, want)
    assert np.isnan(percentile_u8(np.zeros(0, np.uint8), 50)) and np.isnan(percentile([], 50))
    assert percentile_u8(np.float32([1, 2, 3]), 50) == 2.0  # (not uint8: numpy's own)


def test_squared_colour_distances_are_numpys_sums_exactly():
    rng = np.random.default_rng(0)
    for dtype in (np.float32, np.float64, np.int32, np.uint8):
        for a_shape, b_shape in (((500, 1, 3), (1, 7, 3)), ((40, 60, 3), (40, 1, 3)), ((100, 3), (3,)), ((10, 2), (2,))):
            a = (rng.random(a_shape) * 255).astype(dtype)
            b = (rng.random(b_shape) * 255).astype(dtype)
            want, got = ((a - b) ** 2).sum(-1), sq_dist3(a, b)
            assert got.dtype == want.dtype and np.array_equal(got, want)


def _jpeg_turned(image: np.ndarray, orientation: int) -> bytes:
    """A JPEG of `image` whose EXIF says the camera was turned (as a phone stores a portrait photo:
    the pixels as the sensor saw them, the tag saying how to turn them)."""
    import struct

    import cv2

    ok, encoded = cv2.imencode(".jpg", image)
    assert ok
    tiff = b"MM\x00\x2a\x00\x00\x00\x08" + struct.pack(">H", 1) + \
        struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0) + b"\x00\x00\x00\x00"
    app1 = b"Exif\x00\x00" + tiff
    data = encoded.tobytes()
    return data[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + data[2:]


def test_a_phone_photo_is_turned_as_its_exif_orientation_says(tmp_path):
    """A phone stores a photo taken upright as the sensor saw it, sideways, with an EXIF tag
    saying how to turn it: read as it was taken (the board's rows as the player saw them), not
    sideways."""
    from vision.image import as_image

    sensor = np.zeros((60, 120, 3), np.uint8)
    sensor[:, :30] = 255  # a bright band down the sensor's left edge
    path = tmp_path / "phone.jpg"
    path.write_bytes(_jpeg_turned(sensor, 6))  # 6: turn 90 degrees clockwise to view
    seen = as_image(path)
    assert seen.shape[:2] == (120, 60)  # upright: taller than wide
    assert seen[:25].mean() > 200 and seen[40:].mean() < 50  # the band now across the top
    path.write_bytes(_jpeg_turned(sensor, 1))  # 1: as the sensor saw it
    assert as_image(path).shape[:2] == (60, 120)


def test_an_unreadable_image_says_why(tmp_path):
    """Each way a file gives no image gets its own reason, after the path: none there, a folder, an
    empty file, a HEIC photo (an iPhone's default format, which OpenCV does not read: the player is
    told how to get a JPEG), any other file that is no image."""
    from vision.errors import ImageReadError
    from vision.image import as_image
    from vision.sources import read_image

    heic = tmp_path / "IMG_0001.HEIC"
    heic.write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    disguised = tmp_path / "board.jpg"  # (a HEIC renamed: told by its header, not its name)
    disguised.write_bytes(heic.read_bytes())
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    for path, why in ((tmp_path / "missing.jpg", "no file there"), (tmp_path, "not a file"),
                      (empty, "the file is empty"), (heic, "HEIC/HEIF photo"), (disguised, "save it as JPEG"),
                      (text, "not an image OpenCV reads")):
        with pytest.raises(ImageReadError, match="cannot read an image there") as info:
            as_image(path)
        assert str(path) in str(info.value) and why in str(info.value)
        with pytest.raises(ImageReadError, match=why) as info:  # (a folder of frames: the same reasons)
            read_image(path)
        assert str(path) in str(info.value)
