"""The rules of backgammon as pure functions over immutable values (no I/O, no clocks)."""
from .errors import (
    EngineError,
    IllegalPlayError,
    InvalidDiceError,
    InvalidPlayError,
    InvalidPositionError,
)
from .dice import ALL_ROLLS, Dice
from .notation import BAR, OFF, Move, Play
from .position import CHECKERS, Position, random_position
from .legal import VARIANTS, LegalPlays, legal_plays, legal_results
from .check import Illegal, Legal, check_play
from .probability import hitting_rolls
from .variants import start_position

__all__ = [
    "EngineError", "IllegalPlayError", "InvalidDiceError", "InvalidPlayError", "InvalidPositionError",
    "ALL_ROLLS", "Dice", "BAR", "OFF", "Move", "Play", "CHECKERS", "Position", "random_position",
    "VARIANTS", "LegalPlays", "legal_plays", "legal_results", "Illegal", "Legal", "check_play",
    "hitting_rolls", "start_position",
]
