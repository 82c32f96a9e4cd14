"""Images in: a BGR uint8 array from an array or a file, with a clear error when there is none."""
from __future__ import annotations

import pathlib

import cv2
import numpy as np

from .errors import ImageReadError


def as_image(image) -> np.ndarray:
    """A BGR uint8 image from an array or a file path; ImageReadError if there is none."""
    if isinstance(image, (str, pathlib.Path)):
        path = pathlib.Path(image)
        data = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if data is None:
            raise ImageReadError(f"{path}: cannot read an image there")
        image = data
    if not isinstance(image, np.ndarray) or image.size == 0:
        raise ImageReadError("empty image")
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ImageReadError(f"expected a BGR uint8 image, got shape {image.shape} {image.dtype}")
    return image
