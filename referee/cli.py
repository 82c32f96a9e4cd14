"""`bgref`: one command, a sub-command per job. Bad input ends in one clear line and exit 2."""
from __future__ import annotations

import argparse
import importlib
import logging
import sys

# Each module here defines `register(subparsers)`, adding its sub-commands with `func=`.
COMMAND_MODULES = (
    "referee.commands.engine_cmds",
    "referee.commands.vision_cmds",
    "referee.commands.table_cmds",
    "referee.commands.club_cmds",
)


class CommandError(ValueError):
    """A sub-command could not do what was asked; the message says why."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bgref", description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # that part is not written yet
                continue
            raise
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(levelname)s %(name)s: %(message)s",
    )
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (ValueError, OSError) as exc:  # every bad-input error is a ValueError subclass
        print(f"bgref {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
