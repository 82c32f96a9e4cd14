"""Measure the board reader on the real photos of ../shared/data/boards (gallbotond: 89 labelled frames).

Every folder of boards/ with labelled photos (NAME.jpg, .jpeg or .png beside NAME.jpg.json in the label
format of ../shared/data/README.md) is measured on its own, so a set of other boards laid beside it is
measured the same way (``--set NAME`` for one). Each session (frames named SESSION_frameN, or a name
ending in a number, such as the stills minta_N: one session per name before it) is calibrated
on its first frame with no hand in view, using that frame's labels, and the rest are read. Sessions
whose every frame has a hand in view are calibrated on the nearest session in time with frames of the
same size (said in the table). Prints points exactly right, whole boards right, dice, hands
(precision/recall), readings returned for hand frames, and ms per frame.

    .venv/bin/python bench/vision_eval.py [--data ../shared/data] [-v]
"""
from __future__ import annotations

import argparse
import collections
import datetime
import pathlib
import re
import sys
import time

import cv2

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import labels  # noqa: E402
from vision.calibration import Calibration  # noqa: E402
from vision.reader import BoardReader  # noqa: E402


MIN_CONFIDENCE = 0.6  # referee.config's default min_confidence


PHOTOS = (".jpg", ".jpeg", ".png")


def session_of(name: str) -> str:
    """SESSION of SESSION_frameN; else the name less its extension and a trailing number (minta_7: minta)."""
    if "_frame" in name:
        return name.split("_frame")[0]
    return re.sub(r"[_\-. ]*\d*$", "", name.rsplit(".", 1)[0]) or "photos"


def when(session: str) -> float:
    """Seconds since the epoch of a session named by its date and time (0 if it is not so named)."""
    try:
        return datetime.datetime.strptime(session, "%Y-%m-%d_%H_%M_%S").timestamp()
    except ValueError:
        return 0.0


def frame_number(name: str) -> int:
    """N of SESSION_frameN, or the number a name ends in (minta_12.jpg: 12); 0 if none."""
    stem = name.rsplit(".", 1)[0]
    found = re.search(r"(\d+)$", stem.rsplit("frame", 1)[-1]) or re.search(r"(\d+)$", stem)
    return int(found.group(1)) if found else 0


def dice_right(read: list, truth: list) -> int:
    """How many labelled dice are matched by a read die of the same value (each used once)."""
    pool = collections.Counter(d["pips"] for d in read)
    hits = 0
    for die in truth:
        if pool[die["pips"]] > 0:
            pool[die["pips"]] -= 1
            hits += 1
    return hits


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    parser.add_argument("--no-photo", action="store_true", help="skip the no-calibration column")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every wrong point")
    parser.add_argument("--set", help="measure only this folder of boards/ (default: every one)")
    args = parser.parse_args(argv)
    boards = pathlib.Path(args.data) / "boards"
    sets = sorted(p for p in boards.iterdir() if p.is_dir() and any(p.glob("*.json"))) if boards.is_dir() else []
    if args.set:
        sets = [p for p in sets if p.name == args.set]
    if not sets:
        print(f"no labelled board photos under {boards}{' named ' + args.set if args.set else ''}")
        return 1
    for folder in sets:
        print(f"== {folder.name} ({folder})")
        evaluate(folder, args)
    return 0


def evaluate(folder: pathlib.Path, args) -> None:
    """Print the figures of one folder of labelled board photos."""
    names = sorted((p.name for p in folder.iterdir() if p.suffix.lower() in PHOTOS and
                    (folder / (p.name + ".json")).exists()), key=lambda n: (session_of(n), frame_number(n)))
    sessions: dict[str, list[str]] = collections.OrderedDict()
    for n in names:
        sessions.setdefault(session_of(n), []).append(n)
    truth = {n: labels.load(folder / (n + ".json")) for n in names}
    images = {n: cv2.imread(str(folder / n)) for n in names}

    calibrations: dict[str, tuple[str, Calibration]] = {}
    for s, frames in sessions.items():
        clear = [n for n in frames if not truth[n]["hand_in_view"] and truth[n]["usable"]]
        if clear:
            calibrations[s] = (clear[0], Calibration.from_image(images[clear[0]], truth[clear[0]]))

    totals = collections.Counter()
    times = []
    board_ms: list[float] = []
    borrowed: list[str] = []
    header = f"{'session':22} {'frames':>6} {'calib. on':>12} {'points':>11} {'boards':>7} {'dice':>7} {'hands':>7} {'ms':>6}"
    print(header)
    print("-" * len(header))
    for s, frames in sessions.items():
        if s in calibrations:
            cal_name, cal = calibrations[s]
            note = ""
        else:
            shape = images[frames[0]].shape
            same = [t for t in calibrations if images[calibrations[t][0]].shape == shape]
            if not same:
                print(f"{s:22} no calibration possible")
                continue
            cal_name, cal = calibrations[min(same, key=lambda t: abs(when(t) - when(s)))]
            note = "*"
            borrowed.append(f"{s} on {cal_name}")
        reader = BoardReader(cal)
        board_reader = BoardReader(cal, read_dice=False, read_cube=False)
        c = collections.Counter()
        ms = []
        for n in frames:
            if n == cal_name:
                continue
            label = truth[n]
            t0 = time.perf_counter()
            reading = reader.read(images[n])
            ms.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            board_reader.read(images[n])
            board_ms.append((time.perf_counter() - t0) * 1000)
            got = reading.to_label_dict()
            c["frames"] += 1
            if label["hand_in_view"]:
                c["hand_frames"] += 1
                c["hands_found"] += reading.hand_in_view
                c["false_readings"] += not reading.hand_in_view
                continue
            c["clear_frames"] += 1
            c["false_hands"] += reading.hand_in_view
            if reading.hand_in_view:
                c["boards"] += 1
                c["points"] += 24 - len(labels.uncertain_points(label))
                c["dice"] += len(label["dice"])
                continue
            score = labels.compare(got, label)
            c["points"] += score.scored
            c["points_right"] += score.right
            c["boards"] += 1
            c["boards_right"] += score.board_right
            c["bars_right"] += score.board_right and labels.bar_right(got, label)
            c["dice"] += len(label["dice"])
            c["dice_right"] += dice_right(got["dice"], label["dice"])
            c["dice_placed"] += dice_right([{"pips": (d["pips"], d["where"])} for d in got["dice"]],
                                           [{"pips": (d["pips"], d["where"])} for d in label["dice"]])
            conf = got.get("confidence") or {}
            wrong_at = {(w.split()[0], int(w.split()[1].rstrip(":")) - 1) for w in score.wrong}
            for row in ("top", "bottom"):
                for i, v in enumerate(conf.get(row, ())):
                    if (row, i) in labels.uncertain_points(label):
                        continue
                    key = "conf_wrong" if (row, i) in wrong_at else "conf_right"
                    c[key] += 1
                    c[key + "_low"] += v < MIN_CONFIDENCE
            if args.verbose and score.wrong:
                print(f"   {n}: {', '.join(score.wrong)}")
        times += ms
        totals.update(c)
        print(
            f"{s:22} {c['frames']:6} {cal_name.split('_')[-1][:11] + note:>12} "
            f"{c['points_right']:5}/{c['points']:<5} {c['boards_right']:3}/{c['boards']:<3} "
            f"{c['dice_right']:3}/{c['dice']:<3} {c['hands_found']:3}/{c['hand_frames']:<3} "
            f"{(sum(ms) / len(ms) if ms else 0):6.1f}"
        )
    t = totals
    print("-" * len(header))
    pct = lambda a, b: 100.0 * a / b if b else float("nan")  # noqa: E731
    found = t["hands_found"]
    flagged = found + t["false_hands"]
    print(f"points exactly right   {t['points_right']}/{t['points']} = {pct(t['points_right'], t['points']):.2f}%   (target >= 99.5%)")
    print(f"whole boards right     {t['boards_right']}/{t['boards']} = {pct(t['boards_right'], t['boards']):.1f}%   (target >= 95%)")
    print(f"  with the bar right   {t['bars_right']}/{t['boards']} = {pct(t['bars_right'], t['boards']):.1f}%")
    print(f"dice values right      {t['dice_right']}/{t['dice']} = {pct(t['dice_right'], t['dice']):.1f}%   (target >= 99%)")
    print(f"dice value and place   {t['dice_placed']}/{t['dice']} = {pct(t['dice_placed'], t['dice']):.1f}%   (where: left/right half, on checker, ...)")
    print(f"hands: recall          {found}/{t['hand_frames']} = {pct(found, t['hand_frames']):.1f}%, "
          f"precision {found}/{flagged} = {pct(found, flagged):.1f}%")
    print(f"confidence < {MIN_CONFIDENCE} (referee asks for a look): right points {t['conf_right_low']}/{t['conf_right']}, "
          f"wrong points {t['conf_wrong_low']}/{t['conf_wrong']}  (target: few right, all wrong)")
    print(f"readings on hand frames {t['false_readings']} (target 0); clear frames called hand {t['false_hands']}")
    print(f"ms per frame (board + dice, {len(times)} frames at their own size) {sum(times) / max(len(times), 1):.1f}; "
          f"board alone {sum(board_ms) / max(len(board_ms), 1):.1f}  (bench/vision_speed.py: 1280x720 on one core)")
    if not args.no_photo:
        from vision.photo import read_photo  # noqa: PLC0415
        from vision.errors import VisionError  # noqa: PLC0415

        u = collections.Counter()
        u["hand_errors"] = []
        for n in names:
            label = truth[n]
            if not label["usable"]:
                continue
            if label["hand_in_view"]:  # must give no reading: a hand seen, or a clear error
                u["hand_frames"] += 1
                try:
                    seen = read_photo(images[n]).hand_in_view
                    u["hand_refused"] += seen
                    u["hand_seen"] += seen
                except VisionError as exc:
                    u["hand_refused"] += 1
                    u["hand_errors"].append(f"{n}: {exc}")
                continue
            u["boards"] += 1
            try:
                reading = read_photo(images[n])
            except VisionError:
                u["failed"] += 1
                u["points"] += 24 - len(labels.uncertain_points(label))
                continue
            if reading.hand_in_view:
                u["failed"] += 1
                u["false_hands"] += 1
                u["points"] += 24 - len(labels.uncertain_points(label))
                continue
            read = reading.to_label_dict()
            score = labels.compare(read, label)
            u["points"] += score.scored
            u["points_right"] += score.right
            u["boards_right"] += score.board_right
            u["bars_right"] += score.board_right and labels.bar_right(read, label)
        print(f"NO CALIBRATION (vision.photo, every clear frame on its own): points {u['points_right']}/{u['points']} = "
              f"{pct(u['points_right'], u['points']):.1f}% (target >= 99%), boards {u['boards_right']}/{u['boards']} = "
              f"{pct(u['boards_right'], u['boards']):.1f}% (target >= 90%; with the bar right {u['bars_right']}); not read at all {u['failed']}; "
              f"hand frames given no reading {u['hand_refused']}/{u['hand_frames']} (target all: "
              f"{u['hand_seen']} said hand_in_view, {len(u['hand_errors'])} refused with an error); "
              f"clear frames said hand_in_view {u['false_hands']} (target 0)")
        for line in u["hand_errors"] if args.verbose else ():
            print(f"   hand frame refused: {line}")
    if borrowed:
        print("* session with a hand in every frame: calibrated on the nearest session (in time) with frames of the")
        print("  same size: " + "; ".join(borrowed))


if __name__ == "__main__":
    sys.exit(main())
