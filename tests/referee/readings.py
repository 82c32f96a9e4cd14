"""Hand-made Readings with the attributes the referee uses (for scenarios without the camera)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from vision.types import CubeReading, Die

START = tuple(2 if i == 23 else 5 if i == 12 else 3 if i == 7 else 5 if i == 5 else 0
              for i in range(25))


@dataclass(frozen=True)
class FakeReading:
    """What referee code reads from a vision.Reading: sides, dice, cube, hand, confidence."""

    sides: Optional[tuple] = (START, START)
    dice: tuple = ()
    cube: Optional[CubeReading] = None
    hand_in_view: bool = False
    confidence: Optional[tuple] = None


def die(pips: int, where: str = "right half", flat: bool = True) -> Die:
    return Die(pips, flat, where, (0, 0, 10, 10))


def hand() -> FakeReading:
    return FakeReading(sides=None, hand_in_view=True)
