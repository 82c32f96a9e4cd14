"""Small immutable value types shared by the vision modules (dice, cube, board reading)."""
from __future__ import annotations

from dataclasses import dataclass

DIE_PLACES = ("left half", "right half", "bar", "on checker", "outside")
CUBE_PLACES = ("middle", "player0", "player1")


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
