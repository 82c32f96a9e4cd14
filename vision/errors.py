"""Errors of the vision package: every bad input is a VisionError (a ValueError) naming what was wrong."""
from __future__ import annotations


class VisionError(ValueError):
    """Base of all vision errors."""


class ImageReadError(VisionError):
    """An image file could not be read, or the image is empty."""


class CalibrationError(VisionError):
    """The board could not be found or learnt from the calibration image."""


class CalibrationMismatchError(VisionError):
    """A calibration does not fit the frame it is applied to (size, board not where it was)."""


class LabelError(VisionError):
    """A label file does not follow the format of ../shared/data/README.md."""
