"""Small immutable value types shared by the vision modules (dice, cube, board reading)."""
from __future__ import annotations

from dataclasses import dataclass

DIE_PLACES = ("left half", "right half", "bar", "on checker", "outside")
CUBE_PLACES = ("middle", "player0", "player1")

# Pip positions of each face on a 3x3 grid (-1, 0, 1), as printed on standard dice: the renderer
# draws them and the dice reader fits them.
PIP_LAYOUT = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


@dataclass(frozen=True)
class Die:
    """One die seen in a frame: its top face, whether it lies flat, where, and its box (x, y, w, h)."""

    pips: int
    flat: bool
    where: str
    box: tuple[int, int, int, int]
    confidence: float = 1.0


@dataclass(frozen=True)
class CubeReading:
    """The doubling cube seen in a frame: the face up and where it lies ("middle", "player0", "player1")."""

    face: int
    where: str
    confidence: float = 1.0
