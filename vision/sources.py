"""Frame sources: one small interface over a folder of images, OpenCV capture, the Pi camera and the renderer.

Every source has ``read() -> frame | None`` (BGR uint8; None at the end), ``close()``, is a context
manager and is iterable, so the referee loop is the same for a camera, a video file and a test:

    with ImageFolderSource("frames/") as source:
        for frame in source:
            reading = reader.read(frame)
"""
from __future__ import annotations

import logging
import pathlib
import re
from typing import Iterable, Iterator, Optional, Protocol, Union, runtime_checkable

import cv2
import numpy as np

from vision.errors import ImageReadError, VisionError
from vision.image import as_image

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")


class CameraError(VisionError):
    """A camera could not be opened or stopped delivering frames."""


@runtime_checkable
class FrameSource(Protocol):
    """Anything that hands out frames one by one."""

    def read(self) -> Optional[np.ndarray]:
        """The next frame (BGR uint8), or None when there are no more."""

    def close(self) -> None:
        """Release the camera or file; reading afterwards returns None."""


class _SourceBase:
    """Context manager and iteration on top of read()/close()."""

    def read(self) -> Optional[np.ndarray]:  # pragma: no cover - overridden
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __iter__(self) -> Iterator[np.ndarray]:
        while True:
            frame = self.read()
            if frame is None:
                return
            yield frame


def natural_key(path: Union[str, pathlib.Path]) -> tuple:
    """Sort key putting frame2 before frame10 (digit runs compare as numbers)."""
    name = pathlib.Path(path).name
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", name) if part)


def read_image(path: Union[str, pathlib.Path]) -> np.ndarray:
    """Read one image file as BGR uint8; ImageReadError naming the file and why when it cannot be
    read (vision.image.as_image: the one reader of image files)."""
    return as_image(pathlib.Path(path))


class ImageFolderSource(_SourceBase):
    """The images of a folder (or an explicit list of files), in natural order (frame2 before frame10)."""

    def __init__(self, path: Union[str, pathlib.Path, Iterable[Union[str, pathlib.Path]]]):
        if isinstance(path, (str, pathlib.Path)):
            folder = pathlib.Path(path)
            if not folder.is_dir():
                raise ImageReadError(f"{folder}: not a folder of images")
            files = [p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()]
        else:
            files = [pathlib.Path(p) for p in path]
        self.paths: tuple[pathlib.Path, ...] = tuple(sorted(files, key=natural_key))
        self._next = 0
        self.current: Optional[pathlib.Path] = None

    def __len__(self) -> int:
        return len(self.paths)

    def read(self) -> Optional[np.ndarray]:
        if self._next >= len(self.paths):
            return None
        self.current = self.paths[self._next]
        self._next += 1
        return read_image(self.current)

    def close(self) -> None:
        self._next = len(self.paths)


class VideoCaptureSource(_SourceBase):
    """A USB camera (device index) or a video file through cv2.VideoCapture."""

    def __init__(self, device_or_path: Union[int, str, pathlib.Path], *, size: Optional[tuple[int, int]] = None,
                 capture_factory=cv2.VideoCapture):
        self.name = str(device_or_path)
        if isinstance(device_or_path, pathlib.Path):
            device_or_path = str(device_or_path)
        if isinstance(device_or_path, str) and not device_or_path.isdigit() and "://" not in device_or_path:
            if not pathlib.Path(device_or_path).is_file():
                raise ImageReadError(f"{device_or_path}: no such video file")
        elif isinstance(device_or_path, str) and device_or_path.isdigit():
            device_or_path = int(device_or_path)
        self._cap = capture_factory(device_or_path)
        if not self._cap.isOpened():
            self._cap.release()
            raise CameraError(f"cannot open video source {self.name}")
        if size is not None:
            self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self._open = True

    def read(self) -> Optional[np.ndarray]:
        if not self._open:
            return None
        ok, frame = self._cap.read()
        if not ok or frame is None:
            log.info("video source %s: end of stream", self.name)
            return None
        return frame

    def close(self) -> None:
        if self._open:
            self._cap.release()
            self._open = False


class PiCameraSource(_SourceBase):
    """The Raspberry Pi camera through picamera2 (imported only here, so other machines need not have it)."""

    def __init__(self, size: tuple[int, int] = (1280, 720), *, camera_num: int = 0):
        try:
            from picamera2 import Picamera2  # noqa: PLC0415 - only on the Pi
        except ImportError as exc:
            raise CameraError("the Pi camera needs the picamera2 package (apt install python3-picamera2)") from exc
        try:
            self._cam = Picamera2(camera_num)
            config = self._cam.create_video_configuration(main={"size": tuple(size), "format": "RGB888"})
            self._cam.configure(config)
            self._cam.start()
        except Exception as exc:  # picamera2 raises RuntimeError/IndexError for a missing camera
            raise CameraError(f"cannot start Pi camera {camera_num}: {exc}") from exc
        self._open = True

    def read(self) -> Optional[np.ndarray]:
        if not self._open:
            return None
        # picamera2's "RGB888" is laid out B, G, R in memory: already what OpenCV expects.
        return np.ascontiguousarray(self._cam.capture_array("main")[:, :, :3])

    def close(self) -> None:
        if self._open:
            self._cam.stop()
            self._cam.close()
            self._open = False


class RenderedSource(_SourceBase):
    """Frames drawn by vision.render from a sequence of RenderRequest; ``truth`` is the last frame's truth."""

    def __init__(self, requests: Iterable):
        self._requests = iter(requests)
        self.truth: Optional[dict] = None
        self._open = True

    def read(self) -> Optional[np.ndarray]:
        if not self._open:
            return None
        try:
            request = next(self._requests)
        except StopIteration:
            return None
        image, self.truth = request.render()
        return image

    def close(self) -> None:
        self._open = False
