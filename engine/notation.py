"""Checker moves and plays in standard notation, both ways: `24/18 13/9`, `bar/22*`, `6/off`,
`8/5(2)`, `13/7*/5`."""
from __future__ import annotations

import re
from typing import Iterable, NamedTuple

from .errors import InvalidPlayError

__all__ = ["Move", "Play", "BAR", "OFF"]

BAR = 25  # a move's source on the bar
OFF = 0   # a move's destination when bearing off


class Move(NamedTuple):
    """One checker move in the mover's numbering: source 1..24 or 25 (bar), destination 0 (off)..24."""

    source: int
    destination: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{_point(self.source)}/{_point(self.destination)}{'*' if self.hit else ''}"


def _point(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


_TOKEN = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<times>\d+)\))?$")
_STOP = re.compile(r"^(bar|off|\d{1,2})(\*?)$", re.IGNORECASE)


class Play(tuple):
    """An ordered tuple of Moves making one turn; str() writes the canonical notation."""

    __slots__ = ()

    def __new__(cls, moves: Iterable[Move] = ()):
        return super().__new__(cls, tuple(Move(*m) for m in moves))

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Play":
        """Read standard notation; raises InvalidPlayError naming the offending text."""
        moves: list[Move] = []
        for token in str(text).replace(",", " ").split():
            moves.extend(_parse_token(token, text))
        return cls(moves)

    def __str__(self) -> str:
        return format_moves(self)


def _parse_token(token: str, text: str) -> list[Move]:
    match = _TOKEN.match(token)
    if not match:
        raise InvalidPlayError(f"cannot read {token!r} in play {text!r}")
    times = int(match.group("times") or 1)
    if not 1 <= times <= 4:
        raise InvalidPlayError(f"repeat count ({times}) in {token!r} must be 1..4")
    stops = match.group("path").split("/")
    if len(stops) < 2:
        raise InvalidPlayError(f"{token!r} in play {text!r} needs a source and a destination like 24/18")
    points: list[tuple[int, bool]] = []
    for i, stop in enumerate(stops):
        m = _STOP.match(stop)
        if not m:
            raise InvalidPlayError(f"{stop!r} in {token!r} is not a point, 'bar' or 'off'")
        name, hit = m.group(1).lower(), bool(m.group(2))
        if name == "bar":
            if i != 0:
                raise InvalidPlayError(f"'bar' can only be where {token!r} starts")
            value = BAR
        elif name == "off":
            if i != len(stops) - 1:
                raise InvalidPlayError(f"'off' can only be where {token!r} ends")
            value = OFF
        else:
            value = int(name)
            if not 1 <= value <= 25 or (value == 25 and i != 0):
                raise InvalidPlayError(f"point {value} in {token!r} is not 1..24")
        if i == 0 and hit:
            raise InvalidPlayError(f"{token!r}: a hit '*' cannot mark the starting point")
        points.append((value, hit))
    moves = []
    for (src, _), (dst, hit) in zip(points, points[1:]):
        if dst >= src:
            raise InvalidPlayError(f"{token!r} moves backwards ({_point(src)} to {_point(dst)})")
        moves.append(Move(src, dst, hit))
    return moves * times


def format_moves(moves: Iterable[Move]) -> str:
    """Canonical gnubg-like text: one checker's moves chained, intermediate points shown only where
    it hits (`13/7*/5`), identical moves counted (`8/5(2)`), highest source first."""
    pending = sorted(moves, key=lambda m: (-m.source, -m.destination))
    chains: list[list[Move]] = []
    while pending:
        chain = [pending.pop(0)]
        while chain[-1].destination != OFF:
            nxt = next((k for k, m in enumerate(pending) if m.source == chain[-1].destination), None)
            if nxt is None:
                break
            chain.append(pending.pop(nxt))
        chains.append(chain)
    chains.sort(key=lambda c: (-c[0].source, -c[-1].destination))
    texts: list[str] = []
    for chain in chains:
        parts = [_point(chain[0].source)]
        for k, m in enumerate(chain):
            last = k == len(chain) - 1
            if m.hit or last:
                parts.append(_point(m.destination) + ("*" if m.hit else ""))
        texts.append("/".join(parts))
    out: list[str] = []
    counts: dict[str, int] = {}
    for t in texts:
        if t not in counts:
            out.append(t)
        counts[t] = counts.get(t, 0) + 1
    return " ".join(t if counts[t] == 1 else f"{t}({counts[t]})" for t in out)
