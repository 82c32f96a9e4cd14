"""`bgref run`, `demo`, `replay`, `export` and `config`: the referee at the table and its records."""
from __future__ import annotations

import logging
import pathlib
import sys

log = logging.getLogger(__name__)


def register(subparsers) -> None:
    p = subparsers.add_parser("run", help="referee a match at the table (camera, pins, display "
                                          "as the config says); resumes from the journal")
    p.add_argument("-c", "--config", required=True, help="the TOML config (see `bgref config --example`)")
    p.add_argument("--frames", type=int, default=None, help="stop after this many frames")
    p.add_argument("--from-board", action="store_true", default=None,
                   help="with no journal to resume, take the game in progress on the board as "
                        "the start (config: [referee] start = \"board\")")
    p.add_argument("--on-roll", choices=("player0", "player1", "dice"), default=None,
                   help="with --from-board: who is on roll (dice: whoever rolls first into his "
                        "right half)")
    p.add_argument("--cube", metavar="VALUE[:OWNER]", default=None,
                   help="with --from-board: the cube, e.g. 2:1 (default: as the camera reads it)")
    p.add_argument("--score", metavar="P0-P1", default=None,
                   help="with --from-board: the score so far, e.g. 2-1 (default: the config's)")
    p.set_defaults(func=cmd_run)

    p = subparsers.add_parser("demo", help="a short simulated match through the real pipeline")
    p.add_argument("-o", "--out", default=None,
                   help="folder for the journal and the .mat (default: bgref-demo in the temp folder)")
    p.add_argument("--seed", type=int, default=7, help="seed of the simulated table")
    p.add_argument("--quiet", action="store_true", help="do not print the display")
    p.set_defaults(func=cmd_demo)

    p = subparsers.add_parser("replay", help="the referee over recorded frames (a folder of "
                                             "images or a video), for disputed games")
    p.add_argument("frames", help="a folder of frames (in name order) or a video file")
    p.add_argument("--calibration", required=True, help="calibration JSON of that board")
    p.add_argument("-c", "--config", help="config for the match options (defaults otherwise)")
    p.add_argument("-j", "--journal", default=None, help="journal to write (default: FRAMES.jsonl)")
    p.add_argument("-o", "--out", default=None, help="also write the match as this .mat")
    p.set_defaults(func=cmd_replay)

    p = subparsers.add_parser("export", help="write a journal's match as a .mat file (GNU Backgammon)")
    p.add_argument("journal", help="the match journal (JSON lines)")
    p.add_argument("-o", "--output", required=True, help="the .mat file to write")
    p.set_defaults(func=cmd_export)

    p = subparsers.add_parser("config", help="check a config file, or print the documented example")
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--check", metavar="FILE", help="say what is wrong in FILE, with the line")
    g.add_argument("--example", action="store_true", help="print the example config")
    p.set_defaults(func=cmd_config)


def cmd_config(args) -> int:
    from referee.config import example_toml, parse_config
    if args.example:
        sys.stdout.write(example_toml())
        return 0
    path = pathlib.Path(args.check)
    text = path.read_text(encoding="utf-8")
    _, problems = parse_config(text, path)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 2
    print(f"{path}: ok")
    return 0


def cmd_export(args) -> int:
    from referee.export import export_journal
    moves = export_journal(args.journal, args.output)
    print(f"{args.output}: {moves} actions written")
    return 0


def cmd_demo(args) -> int:
    from referee.demo import run_demo
    import tempfile
    out = pathlib.Path(args.out) if args.out else pathlib.Path(tempfile.gettempdir()) / "bgref-demo"
    result = run_demo(out, seed=args.seed,
                      stream=None if args.quiet else sys.stdout)
    print(f"demo: {result.summary()}")
    print(f"journal: {result.journal}")
    print(f"match:   {result.mat}")
    return 0


def cmd_replay(args) -> int:
    from referee.replay import replay
    def show(record: dict) -> None:
        what = record.get("play") or record.get("reason") or ""
        print(f"frame {record.get('frame', '?')}: player {record.get('player')}: "
              f"{record.get('verdict')} {what}".rstrip(), flush=True)
    result = replay(args.frames, calibration=args.calibration, config=args.config,
                    journal=args.journal, mat=args.out, on_verdict=show)
    print(result.summary())
    return 0


def cmd_run(args) -> int:
    from referee.run import run_from_config
    board = {"from_board": args.from_board, "on_roll": args.on_roll, "cube": args.cube,
             "score": parse_score(args.score) if args.score else None}
    return run_from_config(args.config, max_frames=args.frames, **board)


def parse_score(text: str) -> tuple[int, int]:
    """`--score 2-1`: (player 0, player 1)."""
    a, sep, b = text.partition("-")
    if not (sep and a.strip().isdigit() and b.strip().isdigit()):
        raise ValueError(f"score {text!r}: expected P0-P1, e.g. 2-1")
    return int(a), int(b)
