"""Speed of move generation (and of `bgref legal --jsonl` on 100,000 lines): median time per position of engine legal_plays against gnubg's
find_best_moves (0-ply) on the same 5,000 seeded random positions and rolls. Target: ratio <= 1.0.

The three timings are interleaved position by position, so load from other processes hits them
alike. Each call is timed once: gnubg caches evaluations, so repeats would flatter it."""
from __future__ import annotations

import pathlib
import random
import json
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from engine import Dice, random_position  # noqa: E402

N = 5_000
SEED = 2026


def cases(n: int = N, seed: int = SEED):
    rng = random.Random(seed)
    return [(random_position(rng), Dice(rng.randint(1, 6), rng.randint(1, 6))) for _ in range(n)]


def main() -> int:
    try:
        import gnubg
    except ImportError:
        gnubg = None
    items = cases()
    clock = time.perf_counter
    lazy, iterated, full, theirs = [], [], [], []
    if gnubg is not None:
        ci, ec = gnubg.cubeinfo(), gnubg.evalcontext(0, 0, 1, 0, 0)
    for position, dice in items:
        t0 = clock()
        position.legal_plays(dice)
        t1 = clock()
        list(position.legal_plays(dice))  # every Play built
        t2 = clock()
        position.legal_plays(dice).results  # every Play and every resulting Position built
        t3 = clock()
        lazy.append(t1 - t0)
        iterated.append(t2 - t1)
        full.append(t3 - t2)
        if gnubg is not None:
            board = (position.opponent, position.on_roll)
            t4 = clock()
            gnubg.find_best_moves(board, ci, ec, (dice.a, dice.b))
            theirs.append(clock() - t4)
    ours = [("legal_plays (search; plays built on use)", statistics.median(lazy)),
            ("legal_plays, every Play built (iterated)", statistics.median(iterated)),
            ("legal_plays, every Play and Position built", statistics.median(full))]
    print(f"positions: {N} (seed {SEED}; contact, bar, bear-off and blocked mixed)")
    for name, t in ours:
        print(f"engine {name:45s} median {t * 1e6:7.1f} us/position")
    if gnubg is None:
        print("gnubg not installed: no comparison")
        return 0
    g = statistics.median(theirs)
    print(f"gnubg find_best_moves (0-ply) {'':22s} median {g * 1e6:7.1f} us/position")
    for name, t in ours:
        target = "   (target <= 1.0)" if name.startswith("legal_plays (") else ""
        print(f"ratio engine/gnubg, {name:45s} {t / g:5.2f}{target}")
    jsonl_run(items)
    return 0


def jsonl_run(items, lines: int = 100_000) -> None:
    """`bgref legal --jsonl` over 100,000 lines in one process, streaming through a pipe."""
    text = "".join(json.dumps({"position_id": p.id, "dice": [d.a, d.b]}) + "\n"
                   for p, d in items) * (lines // len(items))
    root = pathlib.Path(__file__).resolve().parents[1]
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "referee.cli", "legal", "--jsonl"], input=text,
                          capture_output=True, text=True, cwd=root)
    elapsed = time.perf_counter() - t0
    answered = proc.stdout.count("\n")
    print(f"bgref legal --jsonl: {answered} of {lines} lines answered in {elapsed:.1f} s "
          f"({answered / elapsed:,.0f} lines/s), exit {proc.returncode}")


if __name__ == "__main__":
    sys.exit(main())
