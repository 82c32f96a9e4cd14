"""The doubling cube (R11, R12 beaver and automatic doubles) and the points a game is worth (R10,
R12 Jacoby, Mediterranean, no gammons, acey-deucey's count of checkers left)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .errors import EngineError

__all__ = [
    "Cube", "CubeError", "SINGLE", "GAMMON", "BACKGAMMON", "RESULT_NAMES",
    "result_kind", "game_points", "acey_deucey_points",
]

SINGLE, GAMMON, BACKGAMMON = 1, 2, 3
RESULT_NAMES = {SINGLE: "single game", GAMMON: "gammon", BACKGAMMON: "backgammon"}


class CubeError(EngineError):
    """A cube action the rules do not allow (who may double, when)."""


@dataclass(frozen=True)
class Cube:
    """The stake and who holds the cube: owner None = in the middle (anyone may double), else the
    player (0/1) who took it last and alone may redouble (R11). Values above 64 are kept."""

    value: int = 1
    owner: Optional[int] = None

    def __post_init__(self) -> None:
        v = self.value
        if not isinstance(v, int) or isinstance(v, bool) or v < 1 or v & (v - 1):
            raise CubeError(f"cube value {v!r} is not a power of two (1, 2, 4, ...)")
        if self.owner not in (None, 0, 1):
            raise CubeError(f"cube owner {self.owner!r} is not None (middle), 0 or 1")

    @property
    def face(self) -> int:
        """What the physical cube shows: 64 in the middle at the start (stake 1), else the value."""
        return 64 if self.value == 1 else self.value

    @property
    def turned(self) -> bool:
        """True once a double was taken this game (automatic doubles leave the cube in the middle)."""
        return self.owner is not None

    def may_double(self, player: int) -> bool:
        """R11: the first double by either player, afterwards only the owner."""
        return self.owner is None or self.owner == player

    def taken(self, taker: int) -> "Cube":
        """The cube after `taker` takes a double: his, at twice the value."""
        return Cube(self.value * 2, taker)

    def beavered(self, taker: int) -> "Cube":
        """R12 beaver: the taker at once redoubles and keeps the cube (four times the value)."""
        return Cube(self.value * 4, taker)

    def automatic_double(self) -> "Cube":
        """R12 automatic doubles: twice the value, the cube stays in the middle."""
        return Cube(self.value * 2, None)


def result_kind(loser_side: tuple, loser_borne_off: int) -> int:
    """SINGLE, GAMMON or BACKGAMMON (R10) from the loser's side in his own numbering (index 24 =
    bar): backgammon when he has borne off none and has a checker on the bar or in the winner's
    home board (his own points 19-24)."""
    if loser_borne_off > 0:
        return SINGLE
    if loser_side[24] or any(loser_side[18:24]):
        return BACKGAMMON
    return GAMMON


def game_points(kind: int, cube: Cube, *, jacoby: bool = False, mediterranean: bool = False,
                no_gammons: bool = False) -> int:
    """The points a won game of `kind` is worth at this cube (R10 times the cube, R12 options).
    Jacoby counts gammons single while the cube has not been turned (the caller passes jacoby only
    in money play, R13)."""
    if kind not in RESULT_NAMES:
        raise ValueError(f"result kind {kind!r} is not SINGLE, GAMMON or BACKGAMMON")
    multiple = kind
    if no_gammons or (jacoby and not cube.turned):
        multiple = SINGLE
    elif mediterranean and multiple == BACKGAMMON:
        multiple = GAMMON
    return multiple * cube.value


def acey_deucey_points(cube_value: int, checkers_left: int) -> int:
    """R12 acey-deucey: the loser pays the stake times his checkers not yet borne off (those still
    waiting to enter count as left on the board)."""
    return cube_value * checkers_left
