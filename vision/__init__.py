"""Reading a backgammon board, its dice and its cube from camera frames (OpenCV + numpy).

Stages: calibration (find the board, learn geometry and colours), checkers (each point's colour
and count), occlusion (a hand over the board means no reading), dice, cube, trays (borne-off
checkers) and markers (optional ArUco corners); BoardReader joins
them into a Reading. vision.render and vision.sources draw and deliver frames.
"""
from .errors import CalibrationError, CalibrationMismatchError, ImageReadError, LabelError, VisionError
from .types import CubeReading, Die
from .calibration import Calibration, find_board
from .occlusion import MotionGate, OcclusionGate
from .reader import BoardReader, Reading, StableReader
from .trays import Tray, TrayReading, find_trays, read_trays
from .markers import find_markers

__all__ = [
    "VisionError", "CalibrationError", "CalibrationMismatchError", "ImageReadError", "LabelError",
    "Die", "CubeReading", "Calibration", "find_board", "OcclusionGate", "MotionGate", "BoardReader", "Reading",
    "StableReader", "Tray", "TrayReading", "find_trays", "read_trays", "find_markers",
]
