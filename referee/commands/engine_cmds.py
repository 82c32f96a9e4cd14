"""`bgref legal`: the legal plays of a position and roll, one at a time or in bulk (JSON lines)."""
from __future__ import annotations

import json
import sys
from typing import Iterable, TextIO

from engine import VARIANTS, Dice, EngineError, Position, legal_plays
from engine.legal import result_ids


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "legal", help="print every legal play of a position and roll (or bulk JSON lines)",
        description="Print every legal play of POSITION_ID (GNU Position ID or XGID) for DICE, one "
                    "a line. With --jsonl, read lines {\"position_id\": \"...\", \"dice\": [3, 1]} "
                    "from stdin and write one line {\"results\": [...]} per input: the sorted "
                    "Position IDs of every distinct result, the mover still on roll.")
    p.add_argument("position", nargs="?", metavar="POSITION_ID", help="e.g. 4HPwATDgc/ABMA")
    p.add_argument("dice", nargs="?", metavar="DICE", help="e.g. 31")
    p.add_argument("--jsonl", action="store_true", help="bulk mode: JSON lines on stdin and stdout")
    p.add_argument("--variant", choices=VARIANTS, default="standard", help="move rules (R12)")
    p.set_defaults(func=cmd_legal)


def _position(text: str) -> Position:
    text = text.strip()
    if text.upper().startswith("XGID=") or len(text) == 26:
        return Position.from_xgid(text)
    return Position.from_id(text)


def cmd_legal(args) -> int:
    if args.jsonl:
        if args.position or args.dice:
            raise ValueError("--jsonl reads positions from stdin; give no POSITION_ID or DICE")
        run_jsonl(sys.stdin, sys.stdout, args.variant)
        return 0
    if not args.position or not args.dice:
        raise ValueError("give POSITION_ID and DICE (e.g. `bgref legal 4HPwATDgc/ABMA 31`) or --jsonl")
    plays = legal_plays(_position(args.position), Dice.parse(args.dice), args.variant)
    if plays.is_pass:
        print("(no legal play: the roll is forfeited)")
    for play in plays:
        if play:
            print(play)
    return 0


def _one_line(line: str, variant: str) -> dict:
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(request, dict):
        raise ValueError("expected an object like {\"position_id\": \"...\", \"dice\": [3, 1]}")
    position_id = request.get("position_id")
    dice = request.get("dice")
    if not isinstance(position_id, str):
        raise ValueError(f"position_id {position_id!r} is not a string")
    if (not isinstance(dice, list) or len(dice) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice)):
        raise ValueError(f"dice {dice!r} are not two numbers like [3, 1]")
    return {"results": result_ids(Position.from_id(position_id), Dice(*dice), variant)}


def run_jsonl(lines: Iterable[str], out: TextIO, variant: str = "standard") -> int:
    """Answer each input line with one output line, streaming; a bad line gets {"error": ...}.
    Returns the number of bad lines."""
    bad = 0
    for number, line in enumerate(lines, 1):
        try:
            answer = _one_line(line, variant)
        except (EngineError, ValueError) as exc:
            bad += 1
            answer = {"error": f"line {number}: {exc}"}
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return bad
