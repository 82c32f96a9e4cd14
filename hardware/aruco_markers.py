"""Write the four printable ArUco corner markers (DICT_4X4_50, ids 0-3) as PNGs and one A4 sheet.

Optional: for a table the board does not stand out from, vision.markers finds the board by these.
1. Print the sheet at 100 % (no "fit to page"); the black squares must come out square.
2. Cut each marker out along its thin grey cut line: a white margin one cell wide (a sixth of the
   black square) stays round the black square. Do not trim into that margin.
3. Lay each marker flat on the table OUTSIDE the board, diagonally beyond one of the board's outer
   corners, its edges parallel to the board's edges, so that the corner of its white margin
   touches the corner of the board's frame (the board's outline is where the vision puts it).
4. Ids go clockwise round the board as the camera sees it: id 0 beyond the top-left corner,
   id 1 top-right, id 2 bottom-right, id 3 bottom-left. Which way up each marker lies does not
   matter. Three markers in view are enough (the fourth corner is inferred); keep hands and dice
   off them when calibrating.

Run: python hardware/aruco_markers.py OUT_DIR [--size-mm 40]
"""
from __future__ import annotations

import argparse
import pathlib
import sys

import cv2
import numpy as np

from vision.markers import CELLS, DICTIONARY, IDS, QUIET_CELLS

DPI = 300
A4_MM = (210, 297)
CORNER_NAMES = {0: "top-left", 1: "top-right", 2: "bottom-right", 3: "bottom-left"}
CUT_GREY = 170


def mm_to_px(mm: float) -> int:
    return int(round(mm / 25.4 * DPI))


def marker(marker_id: int, size_mm: float = 40) -> np.ndarray:
    """One marker (black square `size_mm` wide) with its white margin of one cell and a thin grey
    cut line round the margin, as a grey image at 300 dpi."""
    dictionary = cv2.aruco.getPredefinedDictionary(DICTIONARY)
    cell = max(1, round(mm_to_px(size_mm) / CELLS))
    side = cell * CELLS  # a whole number of pixels per cell: exact cells, exact margin
    image = cv2.aruco.generateImageMarker(dictionary, marker_id, side)
    quiet = cell * QUIET_CELLS
    tile = cv2.copyMakeBorder(image, quiet, quiet, quiet, quiet, cv2.BORDER_CONSTANT, value=255)
    cv2.rectangle(tile, (0, 0), (tile.shape[1] - 1, tile.shape[0] - 1), CUT_GREY, 1)
    return tile


def sheet(size_mm: float = 40) -> np.ndarray:
    """An A4 page (300 dpi) with the four markers, each with its id and the corner it goes beyond."""
    page = np.full((mm_to_px(A4_MM[1]), mm_to_px(A4_MM[0])), 255, np.uint8)
    for index, marker_id in enumerate(IDS):
        tile = marker(marker_id, size_mm)
        row, col = divmod(index, 2)
        y = mm_to_px(30 + row * (size_mm + 45))
        x = mm_to_px(20 + col * (size_mm + 55))
        page[y:y + tile.shape[0], x:x + tile.shape[1]] = tile
        cv2.putText(page, f"id {marker_id}: beyond the {CORNER_NAMES[marker_id]} corner",
                    (x, y + tile.shape[0] + mm_to_px(6)), cv2.FONT_HERSHEY_SIMPLEX, 1.1, 0, 2)
        cv2.putText(page, f"({size_mm:g} mm black square; cut on the grey line)",
                    (x, y + tile.shape[0] + mm_to_px(11)), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 0, 2)
    lines = ("Print at 100 %. Lay each marker on the table outside the board, diagonally",
             "beyond its corner, edges parallel to the board, the corner of its white",
             "margin touching the board's outer corner. Ids clockwise as the camera sees it.")
    for i, text in enumerate(lines):
        cv2.putText(page, text, (mm_to_px(15), mm_to_px(250 + 8 * i)), cv2.FONT_HERSHEY_SIMPLEX, 1.0, 0, 2)
    return page


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir", type=pathlib.Path)
    parser.add_argument("--size-mm", type=float, default=40.0, help="side of the black square (default 40)")
    args = parser.parse_args(argv)
    if not 10 <= args.size_mm <= 50:
        parser.error("--size-mm must be between 10 and 50 (four must fit on an A4 page)")
    args.out_dir.mkdir(parents=True, exist_ok=True)
    for marker_id in IDS:
        cv2.imwrite(str(args.out_dir / f"aruco_4x4_50_id{marker_id}.png"), marker(marker_id, args.size_mm))
    cv2.imwrite(str(args.out_dir / "aruco_corners_a4.png"), sheet(args.size_mm))
    print(f"wrote {len(IDS)} markers and aruco_corners_a4.png to {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
