"""Turns a stream of vision Readings into table events: board changed, dice appeared or lifted,
hand in view, cube moved. It only says what is seen; the table decides what it means.

A change counts once `settle` consecutive frames agree, so a flicker of the reader is not an event.
Frames with a hand over the board carry no reading and are never judged.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Optional

log = logging.getLogger(__name__)

Sides = tuple[tuple[int, ...], tuple[int, ...]]
DieKey = tuple[int, bool, str]


@dataclass(frozen=True)
class HandInView:
    """A hand or arm came over the board: nothing is judged until it is gone."""

    frame: int


@dataclass(frozen=True)
class BoardSeen:
    """The checkers settled into a new arrangement (each side in its own numbering, bar at 24)."""

    frame: int
    sides: Sides
    confident: bool


@dataclass(frozen=True)
class DiceSeen:
    """Dice settled on the table: (pips, flat, where) for each, in a stable order."""

    frame: int
    dice: tuple[DieKey, ...]


@dataclass(frozen=True)
class DiceLifted:
    """The dice that lay on the table were picked up (R8: this ends the turn)."""

    frame: int


@dataclass(frozen=True)
class CubeSeen:
    """The doubling cube settled with a face up at a place ("middle", "player0", "player1")."""

    frame: int
    face: int
    where: Optional[str]


@dataclass(frozen=True)
class ButtonPressed:
    """A player pressed a button: "double", "take", "pass", "confirm" or "undo"."""

    name: str


def dice_key(dice) -> tuple[DieKey, ...]:
    """A reading's dice as a sorted tuple of (pips, flat, where), ignoring boxes and scores."""
    return tuple(sorted((int(d.pips), bool(d.flat), str(d.where)) for d in dice))


def reading_sides(reading) -> Optional[Sides]:
    """The reading's (player0, player1) sides, or None when it has none (a hand, no board)."""
    try:
        sides = getattr(reading, "sides", None)
    except ValueError:  # vision.Reading.sides raises when there is no reading
        return None
    if sides is None:
        return None
    p0, p1 = sides
    if p0 is None or p1 is None:
        return None
    return tuple(int(x) for x in p0), tuple(int(x) for x in p1)


def reading_confident(reading, min_confidence: float) -> bool:
    """True when every point's confidence reaches min_confidence (a missing score counts as sure)."""
    conf = getattr(reading, "confidence", None)
    if conf is None:
        return True
    values: list[float] = []

    def flatten(c):
        if c is None:
            return
        if isinstance(c, (int, float)):
            values.append(float(c))
        elif isinstance(c, dict):
            for v in c.values():
                flatten(v)
        else:
            for v in c:
                flatten(v)
    flatten(conf)
    return all(v >= min_confidence for v in values)


class _Settler:
    """Reports a value once it has been seen `settle` frames in a row and differs from the last."""

    def __init__(self, settle: int, initial: Any = None):
        self.settle = settle
        self.stable = initial
        self._candidate = object()
        self._count = 0

    def see(self, value) -> bool:
        if value == self.stable:
            self._candidate, self._count = object(), 0
            return False
        if value == self._candidate:
            self._count += 1
        else:
            self._candidate, self._count = value, 1
        if self._count >= self.settle:
            self.stable = value
            self._candidate, self._count = object(), 0
            return True
        return False

    def reset_candidate(self):
        self._candidate, self._count = object(), 0


_UNKNOWN_DICE = (("?", True, "?"),)  # dice thought to lie on the table, faces unknown


class Observer:
    """Feed it Readings in frame order; it returns the events each frame completes."""

    def __init__(self, *, settle: int = 1, min_confidence: float = 0.6,
                 dice_on_table: bool = False):
        self.min_confidence = min_confidence
        self.frame = -1
        self._board = _Settler(settle)
        self._dice = _Settler(settle, initial=_UNKNOWN_DICE if dice_on_table else ())
        self._cube = _Settler(settle)
        self._hand = False
        self.latest_sides: Optional[Sides] = None
        self.latest_confident = False

    @property
    def board(self) -> Optional[Sides]:
        """The last settled board (each side in its own numbering), or None before the first."""
        return self._board.stable[0] if self._board.stable else None

    @property
    def board_confident(self) -> bool:
        """Whether the last settled board was read with enough confidence."""
        return bool(self._board.stable and self._board.stable[1])

    @property
    def dice(self) -> tuple[DieKey, ...]:
        return self._dice.stable

    def assume_dice_on_table(self) -> None:
        """After a restart mid-turn: count the first clear frame without dice as the lift."""
        self._dice.stable = _UNKNOWN_DICE

    def feed(self, reading) -> list:
        self.frame += 1
        frame = self.frame
        events: list = []
        if getattr(reading, "hand_in_view", False):
            if not self._hand:
                events.append(HandInView(frame))
            self._hand = True
            self._board.reset_candidate()
            self._dice.reset_candidate()
            return events
        self._hand = False
        sides = reading_sides(reading)
        confident = reading_confident(reading, self.min_confidence)
        if sides is not None:
            self.latest_sides, self.latest_confident = sides, confident
            if self._board.see((sides, confident)):
                events.append(BoardSeen(frame, sides, confident))
        dice = dice_key(getattr(reading, "dice", ()) or ())
        previous = self._dice.stable
        if self._dice.see(dice):
            if dice:
                events.append(DiceSeen(frame, dice))
            elif previous:
                events.append(DiceLifted(frame))
        cube = getattr(reading, "cube", None)
        if cube is not None and self._cube.see((int(cube.face), cube.where)):
            events.append(CubeSeen(frame, int(cube.face), cube.where))
        return events
