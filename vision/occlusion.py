"""Occlusion: is a hand or arm over the board? Then the frame gets no reading at all."""
from __future__ import annotations

import numpy as np


class OcclusionGate:
    """Placeholder gate (replaced below)."""

    def __init__(self, calibration, lut_class=None, lut_dist=None):
        self.calibration = calibration

    def occluded(self, frame, canon_dist=None):
        return False, 0.0
