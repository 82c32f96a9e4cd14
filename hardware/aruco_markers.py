"""Write the four printable ArUco corner markers (DICT_4X4_50, ids 0-3) as PNGs and one A4 sheet.

Optional: the vision may find the board by its corners instead. Print at 100 % (no "fit to page"),
cut out, and stick id 0 at the top-left corner of the board as the camera sees it, then 1, 2, 3
clockwise. Run: python hardware/aruco_markers.py OUT_DIR [--size-mm 40]
"""
from __future__ import annotations

import argparse
import pathlib
import sys

import cv2
import numpy as np

DICTIONARY = cv2.aruco.DICT_4X4_50
IDS = (0, 1, 2, 3)
DPI = 300
A4_MM = (210, 297)


def mm_to_px(mm: float) -> int:
    return int(round(mm / 25.4 * DPI))


def marker(marker_id: int, size_mm: float = 40) -> np.ndarray:
    """One marker with a white quiet zone of one cell, as a grey image at 300 dpi."""
    dictionary = cv2.aruco.getPredefinedDictionary(DICTIONARY)
    side = mm_to_px(size_mm)
    image = cv2.aruco.generateImageMarker(dictionary, marker_id, side)
    quiet = side // 6  # 4x4 cells plus the black border make 6 cells: one cell of white round it
    return cv2.copyMakeBorder(image, quiet, quiet, quiet, quiet, cv2.BORDER_CONSTANT, value=255)


def sheet(size_mm: float = 40) -> np.ndarray:
    """An A4 page (300 dpi) with the four markers and their ids written under them."""
    page = np.full((mm_to_px(A4_MM[1]), mm_to_px(A4_MM[0])), 255, np.uint8)
    for index, marker_id in enumerate(IDS):
        tile = marker(marker_id, size_mm)
        row, col = divmod(index, 2)
        y = mm_to_px(30 + row * (size_mm + 40))
        x = mm_to_px(25 + col * (size_mm + 50))
        page[y:y + tile.shape[0], x:x + tile.shape[1]] = tile
        cv2.putText(page, f"id {marker_id}  ({size_mm:g} mm)", (x, y + tile.shape[0] + mm_to_px(6)),
                    cv2.FONT_HERSHEY_SIMPLEX, 1.2, 0, 2)
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out_dir", type=pathlib.Path)
    parser.add_argument("--size-mm", type=float, default=40.0)
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for marker_id in IDS:
        cv2.imwrite(str(args.out_dir / f"aruco_4x4_50_id{marker_id}.png"), marker(marker_id, args.size_mm))
    cv2.imwrite(str(args.out_dir / "aruco_corners_a4.png"), sheet(args.size_mm))
    print(f"wrote {len(IDS)} markers and aruco_corners_a4.png to {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
