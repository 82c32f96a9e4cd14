"""Move rules and starting positions of the variants in R12 (Dutch backgammon, acey-deucey); the
turn structure (acey-deucey's 1-2 bonus, who starts) belongs to the match flow.

Choices made here (the seeds leave them open):
- Dutch: all 15 checkers start on the bar, so R6 (bar first) makes a player enter them all before
  moving any other. "No hitting until a checker has reached the home board" is judged on the board
  at each single move: hitting is allowed once a checker of the mover stands in his home board or
  has been borne off, also later in the same roll.
- Acey-deucey: checkers not yet entered are `Position.waiting`, outside the bar. A number may enter
  one of them (on the mover's 25-n point, like from the bar) or move a checker already on the
  board. Checkers HIT in acey-deucey go to the bar and must enter first, as in R6. Bearing off needs
  all 15 in the home board (none waiting). Notation writes an entry as `bar/22` either way.
"""
from __future__ import annotations

from .legal import VARIANTS
from .position import CHECKERS, Position

__all__ = ["VARIANTS", "start_position"]


def start_position(variant: str = "standard", turn: int = 0) -> Position:
    """The starting position of `variant` ("standard", "dutch", "acey-deucey")."""
    if variant == "standard":
        return Position.start(turn)
    if variant == "dutch":
        side = (0,) * 24 + (CHECKERS,)
        return Position(side, side, turn)
    if variant == "acey-deucey":
        return Position((0,) * 25, (0,) * 25, turn, waiting=(CHECKERS, CHECKERS))
    raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")
