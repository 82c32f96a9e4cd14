"""Measure the stages of reading a photo with no calibration (vision.photo) against the renderer's
truth, frame by frame: is the board's outline right (vision.outline.locate_board), is some
candidate playing area right (calibration.board_layouts, and photo's own candidates), is the one
the reader picks right, and how many points does it read right.

Errors are the largest corner error in point widths (the image's own point width near that corner
of the truth). A candidate within 0.35 point widths of the true playing area is "right". With
--list, one line per frame: each candidate (photo.candidate_layouts, in its order) as
name:error(error of the left/right edges, of the top/bottom edges) and its layout_fit (inside /
outside); "best" is the best candidate's error, "picked" that of the one read.

    .venv/bin/python bench/photo_layouts.py [--styles 30] [--positions 6] [--seed 0] [--jobs 2]
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import pathlib
import sys
import time

import cv2
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import labels, photo  # noqa: E402
from vision.calibration import turn_corners  # noqa: E402
from vision.errors import VisionError  # noqa: E402
from vision.render import render_frame  # noqa: E402

import vision_styles as vs  # noqa: E402

RIGHT = 0.35  # point widths: a playing area whose corners are all this near the truth is right


def corner_error(found, truth, pw) -> float:
    """Largest corner distance in point widths, the found quad's corners taken in whichever of the
    four turns fits (the reader turns portrait boards and may read a board upside down)."""
    f, t = np.float64(found).reshape(4, 2), np.float64(truth).reshape(4, 2)
    return min(float((np.linalg.norm(np.roll(f, k, axis=0) - t, axis=1) / pw).max()) for k in range(4))


def edge_errors(found, truth) -> tuple[float, float]:
    """(largest error of the left and right edges, of the top and bottom edges) in point widths:
    the found quad's corners mapped into the true playing area (about 12.5 x 10.8 point widths),
    in whichever of the four turns fits best."""
    t = np.float32(truth).reshape(4, 2)
    M = cv2.getPerspectiveTransform(t, np.float32([[0, 0], [12.5, 0], [12.5, 10.8], [0, 10.8]]))
    best = None
    for k in range(4):
        f = cv2.perspectiveTransform(np.float32(np.roll(np.float32(found).reshape(4, 2), k, axis=0)).reshape(-1, 1, 2), M).reshape(4, 2)
        ex = float(max(abs(f[0, 0]), abs(f[3, 0]), abs(f[1, 0] - 12.5), abs(f[2, 0] - 12.5)))
        ey = float(max(abs(f[0, 1]), abs(f[1, 1]), abs(f[2, 1] - 10.8), abs(f[3, 1] - 10.8)))
        if best is None or max(ex, ey) < max(best):
            best = (ex, ey)
    return best


def point_width(truth: dict) -> np.ndarray:
    """Per corner of the playing area (TL, TR, BR, BL), the image width of the point there."""
    g = truth["geometry"]
    tri = lambda row, c: np.float64(g[row][c])  # noqa: E731
    return np.array([np.linalg.norm(tri(r, c)[1] - tri(r, c)[0])
                     for r, c in (("top", 0), ("top", 11), ("bottom", 11), ("bottom", 0))])


def measure(args):
    seed, style, position, read = args
    view, cam = vs.case_setup(seed, style)
    p0, p1 = vs.random_position(np.random.default_rng([vs.case_seed(seed, style), position]))
    frame, truth = render_frame(p0, p1, view, rng=cam)
    g = truth["geometry"]
    pw = point_width(truth)
    row = dict(style=style, position=position, tilt=view.tilt, outline=None, layouts=[], picked=None,
               right=0, error="", ms=0.0)
    cv2.setNumThreads(1)
    try:
        found = photo.locate_photo(frame)
        row["outline"] = corner_error(found.corners, g["board"], pw)
        row["covered"] = found.covered
        outer = np.float32(found.corners)
        wide = np.linalg.norm(outer[1] - outer[0]) >= np.linalg.norm(outer[3] - outer[0])
        rotate = 0 if wide else 90  # (as photo.candidate_layouts turns them)
        for fit, name, base in photo.candidate_layouts(frame, outer):  # as the reader makes them
            corners = turn_corners(np.float32(base["corners"]), -rotate)
            row["layouts"].append((name, corner_error(corners, g["playing_area"], pw)))
            row.setdefault("xy", []).append((name, edge_errors(corners, g["playing_area"])))
            row.setdefault("fit", []).append(photo.layout_fit(frame, base))
    except VisionError as exc:
        row["error"] = f"{type(exc).__name__}: {exc}"
    t0 = time.process_time()
    if not read:
        return row
    try:
        reading, cal = photo.photo_reading(frame)
        row["picked"] = corner_error(cal.corners, g["playing_area"], pw)
        if reading.hand_in_view:
            row["error"] = row["error"] or "hand in view"
        else:
            got = labels.as_image_shows(reading.to_label_dict())
            row["right"] = labels.compare(got, truth).right
    except VisionError as exc:
        row["error"] = row["error"] or f"{type(exc).__name__}: {exc}"
    row["ms"] = (time.process_time() - t0) * 1000
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--styles", type=int, default=30)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list", action="store_true", help="one line per frame")
    parser.add_argument("--no-read", action="store_true", help="the geometry only (no reading)")
    args = parser.parse_args(argv)
    jobs = [(args.seed, s, p, not args.no_read) for s in range(args.styles) for p in range(args.positions)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = pool.map(measure, jobs, chunksize=1)
    n = len(rows)
    inf = float("inf")
    outline_ok = [r for r in rows if r["outline"] is not None and r["outline"] < 1.0]
    best = [min((e for _, e in r["layouts"]), default=inf) for r in rows]
    any_ok = [b < RIGHT for b in best]
    picked_ok = [r["picked"] is not None and r["picked"] < RIGHT for r in rows]
    pts = lambda sel: 100.0 * sum(r["right"] for r, s in zip(rows, sel) if s) / max(24 * sum(sel), 1)  # noqa: E731
    boards = lambda sel: 100.0 * sum(r["right"] == 24 for r, s in zip(rows, sel) if s) / max(sum(sel), 1)  # noqa: E731
    print(f"photo stages on realistic boards: seed {args.seed}, {args.styles} x {args.positions} = {n} frames")
    print(f"  outline within 1 point width of the board's: {len(outline_ok)}/{n}")
    print(f"  some candidate playing area within {RIGHT} point widths: {sum(any_ok)}/{n}")
    print(f"  the picked playing area within {RIGHT}: {sum(picked_ok)}/{n}")
    for name, sel in (("all", [True] * n), ("picked right", picked_ok), ("picked wrong", [not p for p in picked_ok])):
        print(f"  points right, {name} ({sum(sel)} frames): {pts(sel):.1f}% points, {boards(sel):.1f}% boards")
    per_name = collections.Counter()
    for r in rows:
        for name, e in r["layouts"]:
            per_name[name, e < RIGHT] += 1
    names = sorted({k[0] for k in per_name}, key=str)
    print("  candidates right by kind: " + ", ".join(f"{k} {per_name[k, True]}/{per_name[k, True] + per_name[k, False]}" for k in names))
    by_fit = [min(r["layouts"], key=lambda l, r=r: -(lambda f: f[0] - photo.FIT_OUTSIDE * f[1])(r["fit"][r["layouts"].index(l)]))[1] < RIGHT
              for r in rows if r["layouts"]]
    print(f"  the candidate that fits the points best is right: {sum(by_fit)}/{n}")
    print(f"  failed reads: {sum(bool(r['error']) for r in rows)}; CPU ms per read (median) {np.median([r['ms'] for r in rows]):.0f}")
    errors = collections.Counter(r["error"].split(" (")[0][:70] for r in rows if r["error"])
    for e, k in errors.most_common(8):
        print(f"    {k} x {e}")
    if args.list:
        for r, b in zip(rows, best):
            lay = " ".join(f"{name.replace(' even about the bar', '+even').replace(' ', '')}:{e:.2f}({x:.2f},{y:.2f}) {f[0]:.3f}/{f[1]:.3f}" for (name, e), (_, (x, y)), f
                           in zip(r["layouts"], r.get("xy", []), r.get("fit", [])))
            out = "-" if r["outline"] is None else f"{r['outline']:.2f}"
            pick = "-" if r["picked"] is None else f"{r['picked']:.2f}"
            print(f"  {r['style']:2d}:{r['position']} {r['tilt']:4.1f} out {out:>6} best {b:6.2f} picked {pick:>6}"
                  f" right {r['right']:2d} {lay} {r['error'][:60]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
