"""Shot counting: how many of the 36 rolls can hit a blot at a given distance (seed 004's table)."""
from __future__ import annotations

from typing import Optional

from .errors import EngineError
from .position import Position

__all__ = ["hitting_rolls"]


def hitting_rolls(distance: int, position: Optional[Position] = None,
                  source: Optional[int] = None) -> int:
    """Count of the 36 rolls that let one checker travel exactly `distance` pips (1..24), stopping
    only on open points (R3). On an open board by default; with `position` and `source` (the
    shooter's point, mover's numbering), intermediate points the opponent holds block the way."""
    if not isinstance(distance, int) or not 1 <= distance <= 24:
        raise EngineError(f"distance {distance!r} is not 1..24")
    blocked: set[int] = set()
    if position is not None:
        if source is None or not 1 <= source <= 25:
            raise EngineError(f"source {source!r} must be a point 1..25 (25 = bar) with a position")
        if source - distance < 1:
            raise EngineError(f"distance {distance} from point {source} runs off the board")
        for step in range(1, distance):
            point = source - step
            if position.opponent[24 - point] >= 2:
                blocked.add(step)
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a == b:
                hits = any(k * a == distance and all(j * a not in blocked for j in range(1, k))
                           for k in range(1, 5))
            else:
                hits = (a == distance or b == distance
                        or (a + b == distance and (a not in blocked or b not in blocked)))
            count += hits
    return count
