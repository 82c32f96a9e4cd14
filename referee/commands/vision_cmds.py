"""`bgref calibrate`, `bgref read`, `bgref read-dice`: the vision stages from the command line."""
from __future__ import annotations

import json
import pathlib


def _calibrate(args) -> int:
    from vision import Calibration

    cal = Calibration.from_image(
        args.image,
        args.labels,
        players=tuple(args.players) if args.players else None,
        home=args.home,
    )
    cal.save(args.output)
    print(f"calibrated: colours {cal.colours[0]} and {cal.colours[1]}, player 0 is {cal.players[0]} "
          f"with home {cal.home}; written to {args.output}")
    return 0


def _read(args) -> int:
    from vision import BoardReader, Calibration, labels
    from vision.calibration import as_image
    from vision.errors import CalibrationMismatchError

    if args.calibration is None:  # any board, no calibration (issue 10, first stage)
        from vision.photo import read_photo

        reading = read_photo(as_image(args.image))
    else:
        reading = BoardReader(Calibration.load(args.calibration)).read(as_image(args.image))
    if not reading.board_found:
        raise CalibrationMismatchError(
            f"{args.image}: the board is not where {args.calibration} has it (calibrate again)")
    label = reading.to_label_dict()
    label = {"image": pathlib.Path(args.image).name, **label}
    if args.json:
        print(labels.dumps(label))
        return 0
    if reading.hand_in_view:
        print("hand in view: no reading")
        return 0
    for row in ("top", "bottom"):
        cells = [f"{c[0][0] if c else '.'}{n}" if n else "." for c, n in label[row]]
        print(f"{row:6} " + " ".join(f"{x:>3}" for x in cells))
    for d in reading.dice:
        print(f"die {d.pips} {'flat' if d.flat else 'cocked'} {d.where}")
    print(f"lowest point confidence {reading.min_confidence:.2f}")
    return 0


def _read_dice(args) -> int:
    from vision.calibration import as_image

    try:
        from vision.dice import read_dice
    except ImportError as exc:  # the dice stage is another part of the project
        raise OSError(f"dice reading is not available: {exc}") from exc
    dice = read_dice(as_image(args.image))
    out = [{"pips": d.pips, "box": [int(v) for v in d.box], "flat": d.flat} for d in dice]
    if args.json:
        print(json.dumps(out))
    else:
        for d in out:
            print(f"{d['pips']} {'flat' if d['flat'] else 'cocked'} at {d['box']}")
    return 0


def register(subparsers) -> None:
    p = subparsers.add_parser("calibrate", help="learn a board's geometry and colours from one image")
    p.add_argument("image", help="an image of the board in a known position (the start by default)")
    p.add_argument("--labels", help="a label file (../shared/data format) giving the position shown")
    p.add_argument("--players", nargs=2, metavar=("P0", "P1"), help="colours of player 0 and player 1")
    p.add_argument("--home", choices=("bottom right", "bottom left", "top right", "top left"),
                   help="player 0's home corner in the turned image")
    p.add_argument("-o", "--output", required=True, help="calibration file to write (JSON)")
    p.set_defaults(func=_calibrate)

    p = subparsers.add_parser("read", help="read the board in an image with a calibration")
    p.add_argument("image")
    p.add_argument("--calibration", help="file written by `bgref calibrate` (without it: the board "
                   "and its colours are found in the photo itself; experimental)")
    p.add_argument("--json", action="store_true", help="print the reading in the label format")
    p.set_defaults(func=_read)

    p = subparsers.add_parser("read-dice", help="read the dice in any photo, no calibration")
    p.add_argument("image")
    p.add_argument("--json", action="store_true", help="print a list of {pips, box, flat}")
    p.set_defaults(func=_read_dice)
