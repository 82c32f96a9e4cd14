"""A roll of two dice (R3): two separate numbers, a doublet is played four times."""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InvalidDiceError

__all__ = ["Dice", "ALL_ROLLS"]


@dataclass(frozen=True)
class Dice:
    """Two dice as rolled, in the order given (a, b); value object, hashable."""

    a: int
    b: int

    def __post_init__(self) -> None:
        for die in (self.a, self.b):
            if not isinstance(die, int) or isinstance(die, bool) or not 1 <= die <= 6:
                raise InvalidDiceError(f"die {die!r} is not a number 1..6")

    @classmethod
    def parse(cls, text: str) -> "Dice":
        """Read '31', '3-1', '3 1' or '3,1' (in any order)."""
        match = re.fullmatch(r"\s*([1-6])\s*[-, ]?\s*([1-6])\s*", str(text))
        if not match:
            raise InvalidDiceError(f"dice {text!r} are not two numbers 1..6 like '31'")
        return cls(int(match.group(1)), int(match.group(2)))

    @property
    def is_double(self) -> bool:
        return self.a == self.b

    @property
    def high(self) -> int:
        return max(self.a, self.b)

    @property
    def low(self) -> int:
        return min(self.a, self.b)

    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers to play: four for a doublet, else both, the larger first."""
        if self.a == self.b:
            return (self.a,) * 4
        return (self.high, self.low)

    def __iter__(self):
        return iter((self.a, self.b))

    def __str__(self) -> str:
        return f"{self.a}{self.b}"


# The 21 distinct rolls, the larger die first.
ALL_ROLLS: tuple[Dice, ...] = tuple(Dice(a, b) for a in range(1, 7) for b in range(1, a + 1))
