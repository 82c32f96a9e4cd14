"""Frame sources: natural order, end of stream, context managers, clear errors."""
import numpy as np
import pytest

import cv2

from vision.errors import ImageReadError, VisionError
from vision.render import BoardView, RenderRequest
from vision.sources import (CameraError, FrameSource, ImageFolderSource, PiCameraSource, RenderedSource,
                            VideoCaptureSource, natural_key, read_image)

START = tuple([0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0])


def _write(path, value):
    img = np.full((12, 16, 3), value, np.uint8)
    assert cv2.imwrite(str(path), img)


def test_folder_source_reads_in_natural_order(tmp_path):
    for n in (10, 2, 1):
        _write(tmp_path / f"frame{n}.png", n)
    (tmp_path / "notes.txt").write_text("not an image")
    with ImageFolderSource(tmp_path) as source:
        assert isinstance(source, FrameSource)
        assert [p.name for p in source.paths] == ["frame1.png", "frame2.png", "frame10.png"]
        values = [int(frame[0, 0, 0]) for frame in source]
    assert values == [1, 2, 10]
    assert source.read() is None


def test_natural_key_orders_sessions_and_frames():
    names = ["s_frame_10.jpg", "s_frame_9.jpg", "minta_2.jpg", "minta_12.jpg", "minta_1.jpg"]
    assert sorted(names, key=natural_key) == ["minta_1.jpg", "minta_2.jpg", "minta_12.jpg",
                                              "s_frame_9.jpg", "s_frame_10.jpg"]


def test_unreadable_image_names_the_file(tmp_path):
    bad = tmp_path / "frame1.jpg"
    bad.write_bytes(b"not a jpeg")
    with ImageFolderSource(tmp_path) as source:
        with pytest.raises(ImageReadError, match="frame1.jpg"):
            source.read()
    with pytest.raises(ImageReadError, match="missing.png"):
        read_image(tmp_path / "missing.png")
    with pytest.raises(ImageReadError, match="not a folder"):
        ImageFolderSource(tmp_path / "nowhere")
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    with pytest.raises(VisionError, match="empty.png"):
        read_image(empty)


def test_video_file_source_reads_every_frame_then_none(tmp_path):
    path = tmp_path / "clip.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    if not writer.isOpened():
        pytest.skip("no MJPG writer in this OpenCV build")
    for v in (20, 120, 220):
        writer.write(np.full((48, 64, 3), v, np.uint8))
    writer.release()
    with VideoCaptureSource(path) as source:
        frames = list(source)
    assert [abs(int(f.mean()) - v) < 8 for f, v in zip(frames, (20, 120, 220))] == [True] * 3
    assert len(frames) == 3
    assert source.read() is None


def test_video_source_errors_are_clear(tmp_path):
    with pytest.raises(ImageReadError, match="nope.avi"):
        VideoCaptureSource(tmp_path / "nope.avi")

    class Closed:
        def __init__(self, _):
            pass

        def isOpened(self):
            return False

        def release(self):
            pass

    with pytest.raises(CameraError, match="cannot open video source 3"):
        VideoCaptureSource(3, capture_factory=Closed)


def test_pi_camera_without_picamera2_is_a_clear_error(monkeypatch):
    import builtins
    real_import = builtins.__import__

    def no_picamera(name, *args, **kwargs):
        if name == "picamera2":
            raise ImportError("No module named 'picamera2'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_picamera)
    with pytest.raises(CameraError, match="picamera2"):
        PiCameraSource()


def test_rendered_source_yields_frames_and_their_truth():
    view = BoardView(size=(320, 180))
    requests = [RenderRequest(START, START, view, dice=(d, 1), seed=d) for d in (2, 5)]
    with RenderedSource(requests) as source:
        first = source.read()
        assert first.shape == (180, 320, 3)
        assert [d["pips"] for d in source.truth["dice"]] == [2, 1]
        second = source.read()
        assert [d["pips"] for d in source.truth["dice"]] == [5, 1]
        assert source.read() is None
    assert not np.array_equal(first, second)
