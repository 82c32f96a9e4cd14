"""How high the camera must hang for the whole open board in view; prints the table in WIRING.md.

Run: python hardware/camera_height.py [board_long_cm board_short_cm margin_cm]
The board's long side lies along the sensor's long (16:9) side.
"""
from __future__ import annotations

import math
import sys

# Raspberry Pi Camera Module 3 (IMX708, 4608x2592), fields of view from the Raspberry Pi documentation
LENSES = {
    "Camera Module 3 (standard)": (66.0, 41.0),
    "Camera Module 3 Wide": (102.0, 67.0),
}
MODE_WIDTH = 2304  # the 2x2-binned full-field mode picamera2 uses for fast frames (2304x1296)


def min_height(long_cm: float, short_cm: float, hfov: float, vfov: float) -> float:
    """Lowest height (cm, lens above table) at which a long x short area fits the frame."""
    along = (long_cm / 2) / math.tan(math.radians(hfov / 2))
    across = (short_cm / 2) / math.tan(math.radians(vfov / 2))
    return max(along, across)


def pixels_per_cm(height_cm: float, hfov: float, width_px: int = MODE_WIDTH) -> float:
    """Image pixels per cm of table at that height."""
    return width_px / (2 * height_cm * math.tan(math.radians(hfov / 2)))


def table(long_cm: float = 70, short_cm: float = 50, margin_cm: float = 5) -> list[tuple[str, float, float]]:
    """(lens, minimum height cm, pixels per cm at that height) for the board plus a margin all round."""
    rows = []
    for lens, (hfov, vfov) in LENSES.items():
        height = min_height(long_cm + 2 * margin_cm, short_cm + 2 * margin_cm, hfov, vfov)
        rows.append((lens, height, pixels_per_cm(height, hfov)))
    return rows


def main(argv: list[str]) -> int:
    long_cm, short_cm, margin_cm = (float(a) for a in argv) if len(argv) == 3 else (70, 50, 5)
    print(f"board {long_cm:g} x {short_cm:g} cm open, {margin_cm:g} cm margin all round")
    for lens, height, ppcm in table(long_cm, short_cm, margin_cm):
        print(f"  {lens:28s} lens at least {height:5.1f} cm above the table; "
              f"{ppcm:4.1f} px/cm at {MODE_WIDTH} px wide (a 38 mm checker ~{3.8 * ppcm:.0f} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
