"""The GNU Backgammon Match ID both ways: cube value and owner, who rolls, Crawford, game state,
whose turn, double offered, resignation, dice, match length and score, in 12 base64 characters."""
from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Optional

from .errors import EngineError

__all__ = ["MatchId", "InvalidMatchIdError", "GAME_STATES"]

# gnubg's game states (3 bits).
GAME_STATES = ("none", "playing", "over", "resigned", "dropped")
_RESIGNATIONS = (None, "single", "gammon", "backgammon")
# (name, bits) in the order gnubg packs them, least significant bit first.
_FIELDS = (
    ("cube_log", 4), ("cube_owner", 2), ("dice_owner", 1), ("crawford", 1), ("game_state", 3),
    ("turn", 1), ("double_offered", 1), ("resignation", 2), ("die1", 3), ("die2", 3),
    ("match_length", 15), ("score0", 15), ("score1", 15), ("no_jacoby", 1),
)


class InvalidMatchIdError(EngineError):
    """A Match ID that is not 12 base64 characters or holds impossible values."""


@dataclass(frozen=True)
class MatchId:
    """The fields of a GNU Match ID; players are 0 and 1 as gnubg numbers them. `dice` is () when
    not rolled; `cube_owner` None = middle; `dice_owner` is the player on roll (the mover), `turn`
    the one who must act now (the taker while a double is offered); `match_length` 0 = money;
    `jacoby` says the Jacoby rule is in force (gnubg stores the opposite, a 67th bit, set in
    matches and in money play without Jacoby)."""

    cube_value: int = 1
    cube_owner: Optional[int] = None
    dice_owner: int = 0
    crawford: bool = False
    game_state: str = "playing"
    turn: int = 0
    double_offered: bool = False
    resignation: Optional[str] = None
    dice: tuple = ()
    match_length: int = 0
    score: tuple = (0, 0)
    jacoby: bool = False

    def __post_init__(self) -> None:
        v = self.cube_value
        if not isinstance(v, int) or v < 1 or v & (v - 1) or v.bit_length() > 16:
            raise InvalidMatchIdError(f"cube value {v!r} is not a power of two up to 2**15")
        if self.game_state not in GAME_STATES:
            raise InvalidMatchIdError(f"game state {self.game_state!r} is not one of {GAME_STATES}")
        if self.resignation not in _RESIGNATIONS:
            raise InvalidMatchIdError(f"resignation {self.resignation!r} is not one of {_RESIGNATIONS}")
        if len(self.dice) not in (0, 2) or any(not 1 <= d <= 6 for d in self.dice):
            raise InvalidMatchIdError(f"dice {self.dice!r} are not () or two numbers 1..6")
        for name, limit in (("match_length", 1 << 15), ("score[0]", 1 << 15), ("score[1]", 1 << 15)):
            value = self.match_length if name == "match_length" else self.score[int(name[6])]
            if not 0 <= value < limit:
                raise InvalidMatchIdError(f"{name} {value} does not fit the Match ID (0..{limit - 1})")

    @classmethod
    def parse(cls, text: str) -> "MatchId":
        """Decode a 12-character Match ID such as 'cAgAAAAAAAAA'."""
        s = str(text).strip()
        if len(s) != 12:
            raise InvalidMatchIdError(f"Match ID {text!r} must be 12 characters, not {len(s)}")
        try:
            raw = base64.b64decode(s, validate=True)
        except (binascii.Error, ValueError):
            raise InvalidMatchIdError(f"Match ID {text!r} is not base64") from None
        bits = int.from_bytes(raw, "little")
        f = {}
        shift = 0
        for name, width in _FIELDS:
            f[name] = (bits >> shift) & ((1 << width) - 1)
            shift += width
        if f["cube_owner"] == 2:
            raise InvalidMatchIdError(f"Match ID {text!r}: cube owner bits 10 mean nothing")
        if f["game_state"] >= len(GAME_STATES):
            raise InvalidMatchIdError(f"Match ID {text!r}: game state {f['game_state']} is unknown")
        dice = (f["die1"], f["die2"])
        if dice == (0, 0):
            dice = ()
        elif 0 in dice or 7 in dice:
            raise InvalidMatchIdError(f"Match ID {text!r}: dice {dice} are not two numbers 1..6")
        return cls(
            cube_value=1 << f["cube_log"],
            cube_owner=None if f["cube_owner"] == 3 else f["cube_owner"],
            dice_owner=f["dice_owner"], crawford=bool(f["crawford"]),
            game_state=GAME_STATES[f["game_state"]], turn=f["turn"],
            double_offered=bool(f["double_offered"]), resignation=_RESIGNATIONS[f["resignation"]],
            dice=dice, match_length=f["match_length"], score=(f["score0"], f["score1"]),
            jacoby=not f["no_jacoby"],
        )

    @property
    def id(self) -> str:
        """The 12-character Match ID."""
        values = {
            "cube_log": self.cube_value.bit_length() - 1,
            "cube_owner": 3 if self.cube_owner is None else self.cube_owner,
            "dice_owner": self.dice_owner, "crawford": int(self.crawford),
            "game_state": GAME_STATES.index(self.game_state), "turn": self.turn,
            "double_offered": int(self.double_offered),
            "resignation": _RESIGNATIONS.index(self.resignation),
            "die1": self.dice[0] if self.dice else 0, "die2": self.dice[1] if self.dice else 0,
            "match_length": self.match_length, "score0": self.score[0], "score1": self.score[1],
            "no_jacoby": int(not self.jacoby),
        }
        bits = 0
        shift = 0
        for name, width in _FIELDS:
            bits |= values[name] << shift
            shift += width
        return base64.b64encode(bits.to_bytes(9, "little")).decode("ascii")

    def __str__(self) -> str:
        return self.id
