"""The backgammon position: both sides' checkers seen from the side on roll, with GNU Position ID
and XGID both ways (R1 start position, validation, pip counts)."""
from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Union

from .errors import InvalidPositionError

if TYPE_CHECKING:  # pragma: no cover
    from .dice import Dice
    from .legal import LegalPlays
    from .notation import Play

__all__ = ["Position", "CHECKERS", "START_SIDE"]

CHECKERS = 15
# R1: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6 (index = point - 1; 24 = bar).
START_SIDE: tuple[int, ...] = tuple(
    {23: 2, 12: 5, 7: 3, 5: 5}.get(i, 0) for i in range(25)
)
_SIDE_NAMES = ("player on roll", "opponent")
_RUN = tuple("1" * c + "0" for c in range(CHECKERS + 1))


@dataclass(frozen=True)
class Position:
    """Both sides' checkers, from the view of the side on roll.

    Each side is 25 ints: index i (0..23) is that side's checkers on its OWN point i+1 (point 1 is
    its ace point, it moves from high to low), index 24 is its bar. Borne-off checkers are the 15
    not on the board. `turn` (0 or 1) is the physical player on roll, kept for bookkeeping only.
    `waiting` holds, for (on roll, opponent), checkers not yet entered in acey-deucey (R12); it is
    (0, 0) in every other game and is not part of the GNU Position ID.
    """

    on_roll: tuple[int, ...]
    opponent: tuple[int, ...]
    turn: int = 0
    waiting: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        for name in ("on_roll", "opponent", "waiting"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                try:
                    object.__setattr__(self, name, tuple(value))
                except TypeError:
                    raise InvalidPositionError(f"{name} must be a sequence of ints, not {value!r}") from None
        _validate(self.on_roll, self.opponent, self.turn, self.waiting)

    @classmethod
    def _trusted(cls, on_roll: tuple, opponent: tuple, turn: int = 0, waiting: tuple = (0, 0)) -> "Position":
        """Build without validation, for positions the engine itself derived from valid ones."""
        pos = object.__new__(cls)
        fields = pos.__dict__  # frozen: fill the instance dict directly, as dataclasses' own code may
        fields["on_roll"] = on_roll
        fields["opponent"] = opponent
        fields["turn"] = turn
        fields["waiting"] = waiting
        return pos

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def start(cls, turn: int = 0) -> "Position":
        """The starting position (R1)."""
        return cls._trusted(START_SIDE, START_SIDE, turn)

    @classmethod
    def from_id(cls, position_id: str, turn: int = 0) -> "Position":
        """Read a GNU Backgammon Position ID (14 base64 characters)."""
        text = str(position_id).strip()
        if len(text) != 14 or not all(c.isalnum() or c in "+/" for c in text):
            raise InvalidPositionError(f"Position ID {position_id!r} is not 14 base64 characters")
        try:
            raw = base64.b64decode(text + "==", validate=True)
        except (binascii.Error, ValueError):
            raise InvalidPositionError(f"Position ID {position_id!r} is not 14 base64 characters") from None
        # 80 bits, least significant first: each point's count as that many 1s, then a 0
        runs = format(int.from_bytes(raw, "little"), "080b")[::-1].split("0")
        if len(runs) < 51:
            raise InvalidPositionError(f"Position ID {position_id!r} runs out of bits")
        sides = [[len(r) for r in runs[:25]], [len(r) for r in runs[25:50]]]
        # gnubg's key holds the side NOT on roll first, then the side on roll.
        try:
            return cls(tuple(sides[1]), tuple(sides[0]), turn)
        except InvalidPositionError as exc:
            raise InvalidPositionError(f"Position ID {position_id!r}: {exc}") from None

    @classmethod
    def from_xgid(cls, xgid: str, turn: Optional[int] = None) -> "Position":
        """Read the position part of an eXtreme Gammon ID ('XGID=-b----E-C---eE---c-e----B-:...')
        or the bare 26 characters; the XGID's turn field (1 = upper case, -1 = lower case) says
        who is on roll. `turn` sets the bookkeeping player (default: 0)."""
        text = str(xgid).strip()
        if text.upper().startswith("XGID="):
            text = text[5:]
        fields = text.split(":")
        board = fields[0]
        if len(board) != 26 or any(c != "-" and not ("a" <= c.lower() <= "o") for c in board):
            raise InvalidPositionError(
                f"XGID position {board!r} is not 26 characters of '-', 'A'-'O' and 'a'-'o'")
        upper_on_roll = True
        if len(fields) > 3 and fields[3]:
            if fields[3] not in ("1", "-1"):
                raise InvalidPositionError(f"XGID turn field {fields[3]!r} is not 1 or -1")
            upper_on_roll = fields[3] == "1"
        upper = [0] * 25
        lower = [0] * 25
        for k, c in enumerate(board):
            if c == "-":
                continue
            if c.isupper():
                n = ord(c) - ord("A") + 1
                if k == 0:
                    raise InvalidPositionError("XGID: upper-case checkers on the lower-case bar (character 1)")
                upper[24 if k == 25 else k - 1] += n
            else:
                n = ord(c) - ord("a") + 1
                if k == 25:
                    raise InvalidPositionError("XGID: lower-case checkers on the upper-case bar (character 26)")
                lower[24 if k == 0 else 24 - k] += n
        me, opp = (upper, lower) if upper_on_roll else (lower, upper)
        return cls(tuple(me), tuple(opp), 0 if turn is None else turn)

    # --- writing --------------------------------------------------------------------------------
    @property
    def id(self) -> str:
        """The GNU Backgammon Position ID (14 characters)."""
        return position_id(self.on_roll, self.opponent)

    @property
    def xgid(self) -> str:
        """An XGID with this position, the side on roll in upper case and on roll (turn 1); the
        other fields are defaults (cube 1 centred, no dice, money game)."""
        chars = ["-"] * 26
        for i in range(24):
            if self.on_roll[i]:
                chars[i + 1] = chr(ord("A") + self.on_roll[i] - 1)
            if self.opponent[i]:
                chars[24 - i] = chr(ord("a") + self.opponent[i] - 1)
        if self.on_roll[24]:
            chars[25] = chr(ord("A") + self.on_roll[24] - 1)
        if self.opponent[24]:
            chars[0] = chr(ord("a") + self.opponent[24] - 1)
        return "XGID=" + "".join(chars) + ":0:0:1:00:0:0:0:0:10"

    # --- facts ----------------------------------------------------------------------------------
    @property
    def pip_count(self) -> tuple[int, int]:
        """Pips to bear off everything, (on roll, opponent); bar counts 25, waiting checkers 25."""
        return (
            sum(i * c for i, c in enumerate(self.on_roll, 1)) + 25 * self.waiting[0],
            sum(i * c for i, c in enumerate(self.opponent, 1)) + 25 * self.waiting[1],
        )

    @property
    def borne_off(self) -> tuple[int, int]:
        return (
            CHECKERS - sum(self.on_roll) - self.waiting[0],
            CHECKERS - sum(self.opponent) - self.waiting[1],
        )

    @property
    def bar(self) -> tuple[int, int]:
        return (self.on_roll[24], self.opponent[24])

    def swapped(self) -> "Position":
        """The same board seen by the other side: sides exchanged, turn flipped."""
        return Position._trusted(self.opponent, self.on_roll, 1 - self.turn,
                                 (self.waiting[1], self.waiting[0]))

    def legal_plays(self, dice: Union["Dice", tuple, str], variant: str = "standard") -> "LegalPlays":
        """Every distinct legal way to play `dice` (R3-R7, and R12's move rules for `variant`)."""
        from .legal import legal_plays
        return legal_plays(self, dice, variant)

    def play(self, play: Union["Play", str], dice: Union["Dice", tuple, str, None] = None,
             variant: str = "standard") -> "Position":
        """The position after `play`, with the OPPONENT on roll (sides swapped, turn flipped).
        With `dice`, the play must also be legal for them (else IllegalPlayError)."""
        from .legal import apply_play
        return apply_play(self, play, dice, variant).swapped()

    def __str__(self) -> str:
        return self.id

    def diagram(self) -> str:
        """A small text picture: points 24..13 above, 12..1 below ('X' on roll, 'O' opponent)."""
        def cell(i: int) -> str:
            if self.on_roll[i]:
                return f"{self.on_roll[i]}X"
            if self.opponent[23 - i]:
                return f"{self.opponent[23 - i]}O"
            return " ."
        top = " ".join(f"{p:>2}" for p in range(13, 25)) + "\n" + " ".join(cell(i) for i in range(12, 24))
        bottom = " ".join(cell(i) for i in range(11, -1, -1)) + "\n" + " ".join(f"{p:>2}" for p in range(12, 0, -1))
        off = self.borne_off
        return (f"{top}\n{bottom}\nbar X {self.on_roll[24]} O {self.opponent[24]}  "
                f"off X {off[0]} O {off[1]}  pips {self.pip_count}")


def position_id(on_roll: tuple, opponent: tuple) -> str:
    """The GNU Position ID of two sides (each 25 ints, own numbering, bar last)."""
    # gnubg's key: for the side NOT on roll, then the side on roll, each point's count as that
    # many 1-bits and a 0-bit, least significant bit first, 80 bits in base64.
    bits = "".join([_RUN[c] for c in opponent] + [_RUN[c] for c in on_roll])
    return base64.b64encode(int(bits[::-1], 2).to_bytes(10, "little")).decode("ascii")[:14]


def _validate(on_roll: tuple, opponent: tuple, turn: object, waiting: tuple) -> None:
    if turn not in (0, 1) or isinstance(turn, bool):
        raise InvalidPositionError(f"turn {turn!r} is not player 0 or 1")
    if len(waiting) != 2 or any(not isinstance(w, int) or w < 0 for w in waiting):
        raise InvalidPositionError(f"waiting {waiting!r} is not two counts >= 0")
    for name, side, wait in zip(_SIDE_NAMES, (on_roll, opponent), waiting):
        if len(side) != 25:
            raise InvalidPositionError(f"{name} has {len(side)} entries, not 25 (24 points and the bar)")
        if any(type(c) is not int for c in side) or min(side) < 0:
            for i, c in enumerate(side):
                if type(c) is not int or c < 0:
                    where = "the bar" if i == 24 else f"point {i + 1}"
                    raise InvalidPositionError(f"{name} has {c!r} checkers on {where}")
        total = sum(side) + wait
        if total > CHECKERS:
            raise InvalidPositionError(f"{name} has {total} checkers")
    if any(map(min, on_roll[:24], opponent[23::-1])):
        for i in range(24):
            if on_roll[i] and opponent[23 - i]:
                raise InvalidPositionError(f"point {i + 1} held by both sides")


def random_position(rng, kind: str = "any", turn: int = 0) -> Position:
    """A random valid position drawn with `rng` (a random.Random), for tests and benchmarks.

    kind: "contact" (checkers anywhere), "bar" (checkers on the bar, often facing a strong home
    board), "bearoff" (the side on roll all home, some borne off), "blocked" (the opponent holds
    many points), or "any" (one of these at random)."""
    if kind == "any":
        kind = rng.choice(("contact", "bar", "bearoff", "blocked"))
    me = [0] * 25
    opp = [0] * 25  # opponent in its own numbering

    def free_for_me(i: int) -> bool:
        return opp[23 - i] == 0

    def free_for_opp(j: int) -> bool:
        return me[23 - j] == 0

    def trim(side: list) -> None:
        while sum(side) > CHECKERS:
            side[rng.choice([i for i, c in enumerate(side) if c])] -= 1

    def place(side: list, n: int, points: list, free) -> None:
        for _ in range(n):
            choices = [i for i in points if free(i)]
            if not choices:
                return
            side[rng.choice(choices)] += 1

    if kind == "blocked":
        # the opponent makes 3..6 points, mostly in its home board and outer board
        for j in rng.sample(range(0, 12), rng.randint(3, 6)):
            opp[j] = rng.randint(2, 3)
        trim(opp)
        rest = CHECKERS - sum(opp) - rng.randint(0, 2)
        place(opp, max(rest, 0), list(range(24)), free_for_opp)
        me[24] = rng.choice((0, 0, 1, 2))
        place(me, CHECKERS - me[24] - rng.randint(0, 2), list(range(12, 24)) + list(range(24)), free_for_me)
    elif kind == "bearoff":
        place(me, rng.randint(1, CHECKERS), list(range(6)), free_for_me)
        place(opp, CHECKERS - rng.randint(0, 5), list(range(24)), free_for_opp)
        if rng.random() < 0.3:
            opp[24] += 1 if sum(opp) < CHECKERS else 0
    elif kind == "bar":
        for j in rng.sample(range(6), rng.randint(0, 6)):
            opp[j] = rng.randint(2, 3)
        trim(opp)
        place(opp, max(CHECKERS - sum(opp) - rng.randint(0, 3), 0), list(range(24)), free_for_opp)
        me[24] = rng.randint(1, 4)
        place(me, CHECKERS - me[24] - rng.randint(0, 3), list(range(24)), free_for_me)
    else:
        place(opp, CHECKERS - rng.randint(0, 3), list(range(24)), free_for_opp)
        if rng.random() < 0.2:
            opp[24] = 1 if sum(opp) < CHECKERS else 0
        place(me, CHECKERS - rng.randint(0, 3), list(range(24)), free_for_me)
    return Position(tuple(me), tuple(opp), turn)
