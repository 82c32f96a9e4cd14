"""The engine's errors: every bad input is a ValueError subclass naming what was wrong."""
from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class InvalidPositionError(EngineError):
    """A position (tuple, Position ID or XGID) is malformed or impossible."""


class InvalidPlayError(EngineError):
    """A play's notation cannot be read."""


class IllegalPlayError(EngineError):
    """A play breaks the rules; `reason` says which, in words a player understands."""

    def __init__(self, reason: str, play: object = None):
        super().__init__(reason if play is None else f"{play}: {reason}")
        self.reason = reason
        self.play = play


class InvalidDiceError(EngineError):
    """Dice that are not two numbers 1..6."""
