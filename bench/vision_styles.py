"""Measure the board reading on boards we have never seen: random realistic styles from the renderer.

For N random board styles (vision.render.random_style: felt, leather, wood; any point and checker
colours; thick glossy checkers, shadows, a raised bar, a tilted camera, warm light, JPEG, clutter)
each seen by one random camera (orientation, colour swap, tilt), renders the START position and M
random positions (15 checkers a side, some on the bar or borne off, stacks up to 8) and reads them
two ways:

- calibrated: vision.Calibration.from_image(start frame), then BoardReader(cal).read(frame)
  (issue 3's targets: 99.5% of points, 95% of whole boards);
- no calibration: vision.photo.read_photo(frame) (issue 10's targets: 99% of points, 90% of boards).

A failed calibration or read (a VisionError, or "hand in view" on a frame with no hand) counts as
every point of that frame wrong. Prints both columns, then the worst cases with a one-line recipe
that renders and reads each again (``--case STYLE:POSITION``, ``--save DIR`` keeps the frames).
``--label-calibration`` calibrates each style on a frame of a random game in progress with its
labels (as bench/vision_eval.py does with the real photos) instead of on the starting position.
``--hands`` also draws a hand over each position (the same frame otherwise) and counts, each way,
the hand frames said to show a hand and the readings returned for a frame with a hand (target 0).

    .venv/bin/python bench/vision_styles.py [--styles 30] [--positions 6] [--seed 0] [--quick]
    .venv/bin/python bench/vision_styles.py --seed 0 --case 7:3 --save /tmp/case
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import pathlib
import sys
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from vision import labels  # noqa: E402
from vision.calibration import Calibration  # noqa: E402
from vision.errors import VisionError  # noqa: E402
from vision.photo import read_photo  # noqa: E402
from vision.reader import BoardReader  # noqa: E402
from vision.render import random_style, random_view, render_frame  # noqa: E402

START = (0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
TARGETS = {"calibrated": (99.5, 95.0), "no calibration": (99.0, 90.0)}
CHUNKS = (1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 7, 8)  # how many checkers go onto a point at once


def random_position(rng) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A legal-looking position: 15 checkers a side, no point held by both, stacks up to 8,
    sometimes checkers on the bar, sometimes borne off (then all the rest are home)."""
    sides = [[0] * 25, [0] * 25]
    for player in (0, 1):
        other = sides[1 - player]
        off = int(rng.integers(1, 9)) if rng.random() < 0.25 else 0
        bar = 0 if off else (int(rng.integers(1, 3)) if rng.random() < 0.3 else 0)
        sides[player][24] = bar
        left = 15 - off - bar
        points = list(range(1, 7)) if off else list(range(1, 25))
        free = lambda q: other[24 - q] == 0  # noqa: E731 - own point q is the other's point 25 - q
        for _ in range(200):
            if left == 0:
                break
            q = points[int(rng.integers(len(points)))]
            if not free(q) or sides[player][q - 1] >= 8:
                continue
            n = min(left, int(CHUNKS[int(rng.integers(len(CHUNKS)))]), 8 - sides[player][q - 1])
            sides[player][q - 1] += n
            left -= n
        while left:  # crowded home: any free point will do
            q = next(q for q in range(1, 25) if free(q) and sides[player][q - 1] < 8)
            sides[player][q - 1] += 1
            left -= 1
    return tuple(sides[0]), tuple(sides[1])


def case_seed(seed: int, style: int) -> int:
    return seed * 1000 + style


# realism that --off can switch off, to see which of it a reader stumbles on
OFF = {
    "tilt": lambda v: dataclasses.replace(v, tilt=0.0), "fill": lambda v: dataclasses.replace(v, board_fill=0.0),
    "shadow": lambda v: dataclasses.replace(v, shadow=0.0), "warmth": lambda v: dataclasses.replace(v, warmth=0.0),
    "distortion": lambda v: dataclasses.replace(v, distortion=0.0),
    "jpeg": lambda v: dataclasses.replace(v, jpeg_quality=0), "clutter": lambda v: dataclasses.replace(v, clutter=()),
    "texture": lambda v: dataclasses.replace(v, table_texture=None, style=dataclasses.replace(
        v.style, area_texture=None, frame_texture=None)),
    "raised": lambda v: dataclasses.replace(v, style=dataclasses.replace(v.style, raised=0.0)),
    "thickness": lambda v: dataclasses.replace(v, style=dataclasses.replace(v.style, checker_height=0.0)),
    "gloss": lambda v: dataclasses.replace(v, style=dataclasses.replace(v.style, gloss=0.0)),
    "scatter": lambda v: dataclasses.replace(v, style=dataclasses.replace(v.style, scatter=0.0)),
}
switched_off: tuple[str, ...] = ()


def case_setup(seed: int, style: int):
    """(view, camera seed) of style number `style` of a run with `seed` (less what --off removes)."""
    s = case_seed(seed, style)
    rng = np.random.default_rng(s)
    # the things on the table stay where they lie from frame to frame, as at a table (and as the
    # calibration image showed them): see BoardView.steady_clutter
    view = dataclasses.replace(random_view(rng, random_style(rng)), steady_clutter=True)
    for name in switched_off:
        view = OFF[name](view)
    return view, s


@dataclass
class Outcome:
    """How one frame was read one way: points right of 24, bar right, what went wrong."""

    right: int = 0
    bar: bool = False
    wrong: tuple[str, ...] = ()
    error: str = ""
    ms: float = 0.0
    bar_wrong: str = ""  # what was read on the bar, where it was wrong

    @property
    def board(self) -> bool:
        return self.right == 24 and not self.error


@dataclass
class Case:
    style: int
    position: int
    view: object
    outcomes: dict = field(default_factory=dict)
    borne_off: int = 0  # checkers borne off (both sides): they lie in the trays
    on_bar: int = 0
    hand: dict = field(default_factory=dict)  # with --hands: way -> "hand" | "refused" | "read"


def scored(reading, truth, ms) -> Outcome:
    """A reading scored against its label: the points, and the bar."""
    got = labels.as_image_shows(reading.to_label_dict())
    score = labels.compare(got, truth)
    bar = labels.bar_right(got, truth)
    note = "" if bar else f"bar: read {got.get('bar') or {}}, label {truth.get('bar') or {}}"
    return Outcome(score.right, bar, score.wrong, ms=ms, bar_wrong=note)


def read_calibrated(reader, frame, truth) -> Outcome:
    t0 = time.process_time()  # CPU time of this process (one OpenCV thread): the machine's load cannot count
    try:
        reading = reader.read(frame)
    except VisionError as exc:
        return Outcome(error=f"{type(exc).__name__}: {exc}")
    except Exception as exc:  # a reader's bug: counted and listed, the run goes on
        return Outcome(error=f"CRASH {_where(exc)}: {type(exc).__name__}: {exc}")
    ms = (time.process_time() - t0) * 1000
    if reading.hand_in_view:
        return Outcome(error=f"read as a hand in view (occlusion {reading.occlusion:.2f})", ms=ms)
    return scored(reading, truth, ms)


def read_uncalibrated(frame, truth) -> Outcome:
    t0 = time.process_time()
    try:
        reading = read_photo(frame)
    except VisionError as exc:
        return Outcome(error=f"{type(exc).__name__}: {exc}", ms=(time.process_time() - t0) * 1000)
    except Exception as exc:  # a reader's bug: counted and listed, the run goes on
        return Outcome(error=f"CRASH {_where(exc)}: {type(exc).__name__}: {exc}")
    ms = (time.process_time() - t0) * 1000
    if reading.hand_in_view:
        return Outcome(error="read as a hand in view", ms=ms)
    return scored(reading, truth, ms)


def hand_calibrated(reader, frame) -> str:
    """What the calibrated reader made of a frame with a hand: "hand", "refused" or "read"."""
    try:
        reading = reader.read(frame)
    except Exception:  # a VisionError (or a reader's bug): no reading was returned, the run goes on
        return "refused"
    return "hand" if reading.hand_in_view else "read"


def hand_uncalibrated(frame) -> str:
    """What read_photo made of a frame with a hand: "hand", "refused" or "read"."""
    try:
        reading = read_photo(frame)
    except Exception:  # a VisionError (or a bug): no reading was returned
        return "refused"
    return "hand" if reading.hand_in_view else "read"


def run_style(seed: int, style: int, positions: int, photo: bool, only: int | None = None, save=None,
              hands: bool = False, label_calibration: bool = False):
    """Calibrate on the start frame of one style (or, with label_calibration, on a labelled frame of
    a game in progress) and read its positions; a list of Cases."""
    view, cam = case_setup(seed, style)
    if label_calibration:
        c0, c1 = random_position(np.random.default_rng([case_seed(seed, style), 999]))
        start, start_truth = render_frame(c0, c1, view, rng=cam)
        start_labels = {k: v for k, v in start_truth.items() if k != "geometry"}
    else:
        start, start_labels = render_frame(START, START, view, rng=cam)[0], None
    cal_error = ""
    reader = None
    try:
        cal = Calibration.from_image(start, start_labels)
        reader = BoardReader(cal, read_dice=False)
    except VisionError as exc:
        cal_error = f"calibration failed: {type(exc).__name__}: {exc}"
    except Exception as exc:  # a bug in the calibration: counted and listed, the run goes on
        cal_error = f"calibration failed: CRASH {_where(exc)}: {type(exc).__name__}: {exc}"
    if save:
        save.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(save / "start.png"), start)
        if start_labels is not None:  # the labelled frame calibrated on, with its label
            (save / "start.png.json").write_text(labels.dumps(start_labels))
    cases = []
    for j in range(positions):
        if only is not None and j != only:
            continue
        p0, p1 = random_position(np.random.default_rng([case_seed(seed, style), j]))
        frame, truth = render_frame(p0, p1, view, rng=cam)
        case = Case(style, j, view, borne_off=30 - sum(p0) - sum(p1), on_bar=p0[24] + p1[24])
        case.outcomes["calibrated"] = (read_calibrated(reader, frame, truth) if reader is not None
                                       else Outcome(error=cal_error))
        if photo:
            case.outcomes["no calibration"] = read_uncalibrated(frame, truth)
        if hands:
            held, _ = render_frame(p0, p1, view, hand=True, rng=cam)
            if reader is not None:
                case.hand["calibrated"] = hand_calibrated(reader, held)
            if photo:
                case.hand["no calibration"] = hand_uncalibrated(held)
            if save:
                cv2.imwrite(str(save / f"position{j}_hand.png"), held)
        if save:
            cv2.imwrite(str(save / f"position{j}.png"), frame)
            (save / f"position{j}.png.json").write_text(labels.dumps({k: v for k, v in truth.items() if k != "geometry"}))
        cases.append(case)
    return cases, cal_error


def _where(exc: BaseException) -> str:
    """file:line of the innermost frame of the project's own code in an exception's traceback."""
    tb, where = exc.__traceback__, "?"
    while tb is not None:
        path = pathlib.Path(tb.tb_frame.f_code.co_filename)
        if ROOT in path.parents and path.parent.name != "bench" and ".venv" not in path.parts:
            where = f"{path.relative_to(ROOT)}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


def _kind(error: str) -> str:
    """The kind of a failure, without its numbers (to count alike failures together)."""
    text = error.replace("calibration failed: ", "")
    text = text.split(" (")[0]
    return "".join(ch for ch in text if not ch.isdigit()).replace("only  of  points", "only n of 24 points")


def describe(view) -> str:
    st = view.style
    return (f"{st.name.split(': ', 1)[-1]}; {st.stacking} stacks; home {view.orientation}"
            f"{', colours swapped' if view.swap_colours else ''}; tilt {view.tilt:.0f} deg; fill {view.board_fill:.2f};"
            f" raised {st.raised:.2f}; thickness {st.checker_height:.2f}; gloss {st.gloss:.2f}; scatter {st.scatter:.2f};"
            f" warmth {view.warmth:+.2f}; clutter {','.join(view.clutter) or 'none'}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--styles", type=int, default=30)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quick", action="store_true", help="8 styles x 3 positions")
    parser.add_argument("--no-photo", action="store_true", help="skip the no-calibration column")
    parser.add_argument("--worst", type=int, default=15, help="how many of the worst styles to list")
    parser.add_argument("--case", help="STYLE:POSITION: render and read this one case again, in detail")
    parser.add_argument("--save", type=pathlib.Path, help="with --case: write the frames and truth here (and the labelled calibration frame's label)")
    parser.add_argument("--label-calibration", action="store_true",
                        help="calibrate on a labelled frame of a game in progress, not the start position")
    parser.add_argument("--hands", action="store_true",
                        help="also draw a hand over each position and count the hands found")
    parser.add_argument("--every", action="store_true",
                        help="also list every wrong point of every frame read wrong, one a line")
    parser.add_argument("--off", default="", help=f"comma-separated realism to switch off: {','.join(OFF)}")
    args = parser.parse_args(argv)
    global switched_off
    switched_off = tuple(x for x in args.off.split(",") if x)
    unknown = set(switched_off) - set(OFF)
    if unknown:
        parser.error(f"--off: unknown {sorted(unknown)}; known: {','.join(OFF)}")
    cv2.setNumThreads(1)  # one core, as the targets are stated
    if args.quick:
        args.styles, args.positions = 8, 3

    if args.case:
        style, position = (int(v) for v in args.case.split(":"))
        cases, cal_error = run_style(args.seed, style, position + 1, not args.no_photo, only=position,
                                     save=args.save, hands=args.hands, label_calibration=args.label_calibration)
        case = cases[0]
        print(f"style {style} position {position} (seed {args.seed}): {describe(case.view)}")
        if cal_error:
            print(f"  {cal_error}")
        for way, out in case.outcomes.items():
            print(f"  {way}: {out.right}/24 points right, bar {'right' if out.bar else 'wrong'}"
                  f"{', ' + out.error if out.error else ''}")
            for w in out.wrong:
                print(f"    {w}")
            if way in case.hand:
                print(f"  {way}, the same frame with a hand: {case.hand[way]}")
        if args.save:
            print(f"  frames and truth in {args.save}")
        return 0

    t_start, cpu_start = time.perf_counter(), time.process_time()
    cases: list[Case] = []
    cal_failures: list[tuple[int, str]] = []
    for i in range(args.styles):
        got, cal_error = run_style(args.seed, i, args.positions, not args.no_photo, hands=args.hands,
                                   label_calibration=args.label_calibration)
        cases.extend(got)
        if cal_error:
            cal_failures.append((i, cal_error))
    elapsed, cpu = time.perf_counter() - t_start, time.process_time() - cpu_start

    ways = ["calibrated"] + ([] if args.no_photo else ["no calibration"])
    n = len(cases)
    off = f" (switched off: {','.join(switched_off)})" if switched_off else ""
    if args.label_calibration:
        off += " (calibrated on a labelled game in progress)"
    print(f"vision on random realistic boards{off}: {args.styles} styles x {args.positions} positions, seed {args.seed}, "
          f"1280x720, one core: {cpu:.0f} s CPU ({elapsed:.0f} s wall)")
    print(f"{'':26}" + "".join(f"{w:>28}" for w in ways))
    rows = [("calibration failures", lambda w: f"{len(cal_failures)}/{args.styles} styles" if w == "calibrated" else "-")]

    def pct(k, total):
        return f"{100.0 * k / max(total, 1):.1f}%"

    def failed(w):
        return f"{sum(1 for c in cases if c.outcomes[w].error)}/{n} frames"

    def points(w):
        right = sum(c.outcomes[w].right for c in cases)
        return f"{pct(right, 24 * n)} (target {TARGETS[w][0]}%)"

    def boards(w):
        return f"{pct(sum(c.outcomes[w].board for c in cases), n)} (target {TARGETS[w][1]}%)"

    def read_ok(w):
        return [c for c in cases if not c.outcomes[w].error]

    def points_read(w):
        ok = read_ok(w)
        return f"{pct(sum(c.outcomes[w].right for c in ok), 24 * len(ok))} of {len(ok)} frames"

    def boards_read(w):
        ok = read_ok(w)
        return f"{pct(sum(c.outcomes[w].board for c in ok), len(ok))} of {len(ok)} frames"

    def boards_bar(w):
        return pct(sum(c.outcomes[w].board and c.outcomes[w].bar for c in cases), n)

    def ms(w):
        times = [c.outcomes[w].ms for c in cases if c.outcomes[w].ms]
        return f"{np.median(times):.0f}" if times else "-"

    rows += [("failed reads", failed), ("points right", points), ("whole boards right", boards),
             ("boards right with the bar", boards_bar), ("points right, frames read", points_read),
             ("boards right, frames read", boards_read), ("CPU ms per read (median)", ms)]
    for name, f in rows:
        print(f"{name:26}" + "".join(f"{f(w):>28}" for w in ways))

    if args.hands:
        print("\nthe same frames with a hand drawn over the board:")
        for w in ways:
            got = collections.Counter(c.hand[w] for c in cases if w in c.hand)
            total = sum(got.values())
            missed = [f"{c.style}:{c.position}" for c in cases if c.hand.get(w) == "read"]
            print(f"  {w}: said hand {got['hand']}/{total}, refused {got['refused']}, "
                  f"READINGS RETURNED {got['read']} (target 0){': ' + ' '.join(missed[:12]) if missed else ''}")

    print("\nwhy frames got no reading:")
    for w in ways:
        why = collections.Counter(_kind(c.outcomes[w].error) for c in cases if c.outcomes[w].error)
        print(f"  {w}: " + ("; ".join(f"{k} x{n}" for k, n in why.most_common()) or "none"))
        hands = [c for c in cases if "hand in view" in c.outcomes[w].error]
        if hands:
            print(f"    of the {len(hands)} taken for a hand: {sum(c.borne_off > 0 for c in hands)} have checkers borne off, "
                  f"{sum(c.on_bar > 0 for c in hands)} on the bar, {sum(not c.borne_off and not c.on_bar for c in hands)} "
                  f"neither (of all {n} frames: {sum(c.borne_off > 0 for c in cases)}, "
                  f"{sum(c.on_bar > 0 for c in cases)}, {sum(not c.borne_off and not c.on_bar for c in cases)})")

    if args.every:
        print("\nevery frame read wrong (STYLE:POSITION way: what was wrong):")
        for c in cases:
            for w in ways:
                out = c.outcomes[w]
                wrong = [out.error] if out.error else []
                for what in wrong + list(out.wrong) + ([out.bar_wrong] if out.bar_wrong else []):
                    print(f"  {c.style}:{c.position} {w}: {what}")

    if cal_failures:
        print("\ncalibration failures:")
        for i, err in cal_failures:
            view, _ = case_setup(args.seed, i)
            print(f"  style {i}: {err}\n    {describe(view)}")

    # the worst reading of each (style, way), worst first: one line of each kind of failure
    groups: dict = {}
    for c in cases:
        for w in ways:
            if c.outcomes[w].right < 24 and not (w == "calibrated" and c.style in dict(cal_failures)):
                groups.setdefault((c.style, w), []).append(c)
    worst = sorted(((max(24 - c.outcomes[w].right for c in cs), w, cs) for (_, w), cs in groups.items()),
                   key=lambda t: (-t[0], t[2][0].style, t[1]))
    if worst:
        print(f"\nworst {min(args.worst, len(worst))} of {len(worst)} styles read wrong (per style and way; "
              f"calibration failures listed above):")
    for wrong, w, cs in worst[:args.worst]:
        c = max(cs, key=lambda c: 24 - c.outcomes[w].right)
        out = c.outcomes[w]
        print(f"  style {c.style}, {w}: {len(cs)}/{args.positions} positions wrong; position {c.position}: {wrong} wrong"
              f"{' (' + out.error + ')' if out.error else ''}")
        print(f"    {describe(c.view)}")
        if out.wrong:
            print(f"    {'; '.join(out.wrong[:4])}{' ...' if len(out.wrong) > 4 else ''}")
        off_arg = f" --off {','.join(switched_off)}" if switched_off else ""
        print(f"    reproduce: .venv/bin/python bench/vision_styles.py --seed {args.seed} --case {c.style}:{c.position}"
              f"{off_arg} --save /tmp/case")
    return 0


if __name__ == "__main__":
    sys.exit(main())
