"""`bgref calibrate`, `bgref read`, `bgref read-dice`: the vision stages from the command line."""
from __future__ import annotations

import dataclasses
import json
import pathlib

HOMES_BY_DIRECTION = {"ccw": "right", "cw": "left"}  # the bottom player's home side for each direction


def _calibrate(args) -> int:
    from vision import Calibration
    from vision.errors import CalibrationError

    try:
        cal = Calibration.from_image(
            args.image,
            args.labels,
            players=tuple(args.players) if args.players else None,
            home=args.home,
        )
    except CalibrationError as exc:
        if args.labels is not None:
            raise
        from vision.calibration import as_image
        from vision.photo import calibrate_photo

        # not the starting position: a game in progress, read from the photo itself
        cal = calibrate_photo(as_image(args.image))
        print(f"not the starting position ({exc}): calibrated on the game in progress")
        if args.players:
            if set(args.players) != set(cal.colours):
                raise CalibrationError(f"players {tuple(args.players)} do not match the colours seen {cal.colours}")
            if tuple(args.players) != cal.players:
                row, side = cal.home.split()
                cal = dataclasses.replace(cal, home=f"{'top' if row == 'bottom' else 'bottom'} {side}")
            cal = dataclasses.replace(cal, players=tuple(args.players))
        if args.home:
            cal = dataclasses.replace(cal, home=args.home)
    cal.save(args.output)
    print(f"calibrated: colours {cal.colours[0]} and {cal.colours[1]}, player 0 is {cal.players[0]} "
          f"with home {cal.home}; written to {args.output}")
    return 0


def _read(args) -> int:
    from vision import BoardReader, Calibration, labels
    from vision.calibration import as_image
    from vision.errors import CalibrationMismatchError

    import cv2

    image = as_image(args.image)
    if args.calibration is None:  # any board, no calibration (issue 10)
        from vision.photo import photo_reading

        reading, cal = photo_reading(image)
    else:
        cal = Calibration.load(args.calibration)
        reading = BoardReader(cal).read(image)
    if args.overlay:
        from vision.overlay import draw_overlay

        if not cv2.imwrite(str(args.overlay), draw_overlay(image, cal, reading)):
            raise OSError(f"{args.overlay}: cannot write the overlay image there")
    if not reading.board_found:
        raise CalibrationMismatchError(
            f"{args.image}: the board is not where {args.calibration} has it (calibrate again)")
    label = reading.to_label_dict()
    label = {"image": pathlib.Path(args.image).name, **label}
    position = None
    if args.position and not reading.hand_in_view:
        position = position_of(reading, bottom=args.bottom, direction=args.direction, on_roll=args.on_roll)
        label["position"] = {"gnu_id": position[0].id, "xgid": position[0].xgid, "assumed": list(position[1])}
    if args.json:
        print(labels.dumps(label))
        return 0
    if reading.hand_in_view:
        print("hand in view: no reading")
        return 0
    if position is not None:
        print(f"Position ID {position[0].id}")
        print(f"XGID {position[0].xgid}")
        for line in position[1]:
            print(f"assumed: {line}")
    for row in ("top", "bottom"):
        cells = [f"{c[0][0] if c else '.'}{n}" if n else "." for c, n in label[row]]
        print(f"{row:6} " + " ".join(f"{x:>3}" for x in cells))
    for d in reading.dice:
        print(f"die {d.pips} {'flat' if d.flat else 'cocked'} {d.where}")
    print(f"lowest point confidence {reading.min_confidence:.2f}")
    for note in getattr(reading, "notes", ()):
        print(f"not read: {note}")
    return 0


def _colour(name: str | None, colours: tuple[str, str], option: str) -> str | None:
    if name is None:
        return None
    for c in colours:
        if c.lower() == name.lower():
            return c
    raise ValueError(f"{option} {name!r}: the checker colours read are {colours[0]!r} and {colours[1]!r}")


PIP_MARGIN = 20  # pips: the orientation with the smaller total must win by this much to be inferred


def position_of(reading, *, bottom=None, direction=None, on_roll=None):
    """(engine.Position, assumptions) of a reading. `bottom` is the colour whose home board is
    along the bottom edge, `direction` the way it moves round the board in the picture (ccw: home
    at the bottom right), `on_roll` the colour to move. What is not given is inferred when the
    pip counts decide it (checkers are nearer their home than not), else assumed and said so."""
    from engine import Position
    from vision.calibration import pip_total, point_place

    colours = tuple(reading.players)
    bottom = _colour(bottom, colours, "--bottom")
    on_roll = _colour(on_roll, colours, "--on-roll")
    rows = {"top": reading.top, "bottom": reading.bottom}
    choices = [(b, d) for b in ((bottom,) if bottom else colours) for d in ((direction,) if direction else ("ccw", "cw"))]
    scored = sorted((pip_total(rows, f"bottom {HOMES_BY_DIRECTION[d]}", (b, colours[1 - colours.index(b)])), b, d)
                    for b, d in choices)
    assumed = []
    total, b, d = scored[0]
    if len(scored) > 1 and scored[1][0] - total < PIP_MARGIN:
        if bottom is None and any(s[1] != b for s in scored[1:] if s[0] - total < PIP_MARGIN):
            assumed.append(f"{b} has its home board along the bottom edge")
        if direction is None and any(s[2] != d for s in scored[1:] if s[0] - total < PIP_MARGIN):
            assumed.append(f"{b} moves {'counter-clockwise' if d == 'ccw' else 'clockwise'} (home at the bottom "
                           f"{HOMES_BY_DIRECTION[d]})")
    home = f"bottom {HOMES_BY_DIRECTION[d]}"
    players = (b, colours[1 - colours.index(b)])
    bar = dict(reading.bar)
    sides = []
    for player in (0, 1):
        side = [0] * 25
        for point in range(1, 25):
            row, col = point_place(home, player, point)
            colour, count = rows[row][col]
            if colour == players[player]:
                side[point - 1] = count
        side[24] = int(bar.get(players[player], 0))
        sides.append(tuple(side))
    if any(note.startswith("bar:") for note in getattr(reading, "notes", ())):
        assumed.append("no checkers on the bar (the bar could not be read)")
    # a stack read a checker too long for the 15 of its colour (vision.photo.trimmed)
    assumed += [note for note in getattr(reading, "notes", ()) if " taken as " in note]
    if on_roll is None:
        on_roll = players[0]
        assumed.append(f"{on_roll} is on roll")
    turn = players.index(on_roll)
    return Position(on_roll=sides[turn], opponent=sides[1 - turn], turn=turn), tuple(assumed)


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
    p.add_argument("image", help="an image of the board: the start position, a --labels position, or else "
                   "a game in progress read from the photo itself")
    p.add_argument("--labels", help="a label file (../shared/data format) giving the position shown")
    p.add_argument("--players", nargs=2, metavar=("P0", "P1"), help="colours of player 0 and player 1")
    p.add_argument("--home", choices=("bottom right", "bottom left", "top right", "top left"),
                   help="player 0's home corner in the turned image")
    p.add_argument("-o", "--output", required=True, help="calibration file to write (JSON)")
    p.set_defaults(func=_calibrate)

    p = subparsers.add_parser("read", help="read the board in an image with a calibration")
    p.add_argument("image")
    p.add_argument("--calibration", help="file written by `bgref calibrate` (without it: the board "
                   "and its colours are found in the photo itself)")
    p.add_argument("--json", action="store_true", help="print the reading in the label format")
    p.add_argument("--position", action="store_true", help="also print the GNU Position ID and the XGID")
    p.add_argument("--bottom", metavar="COLOUR", help="the colour whose home board is along the bottom edge")
    p.add_argument("--direction", choices=("cw", "ccw"),
                   help="which way that colour moves round the board in the picture (ccw: home at the bottom right)")
    p.add_argument("--on-roll", metavar="COLOUR", help="the colour to move")
    p.add_argument("--overlay", metavar="OUT.png", help="write the photo with the outline, points and counts read")
    p.set_defaults(func=_read)

    p = subparsers.add_parser("read-dice", help="read the dice in any photo, no calibration")
    p.add_argument("image")
    p.add_argument("--json", action="store_true", help="print a list of {pips, box, flat}")
    p.set_defaults(func=_read_dice)
