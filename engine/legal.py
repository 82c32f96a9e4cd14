"""Move generation: every distinct legal result of a roll under R3-R7, each with one canonical play,
and R12's move rules for Dutch backgammon and acey-deucey."""
from __future__ import annotations

from typing import Iterator, Union

from .dice import Dice
from .errors import IllegalPlayError, InvalidPlayError
from .notation import BAR, OFF, Move, Play
from .position import CHECKERS, Position

__all__ = ["LegalPlays", "legal_plays", "legal_results", "apply_play", "VARIANTS", "as_dice"]

VARIANTS = ("standard", "dutch", "acey-deucey")
_WAIT = 25  # internal source index: a checker not yet entered (acey-deucey)


def as_dice(dice: Union[Dice, tuple, list, str]) -> Dice:
    """Accept Dice, a pair of ints or text like '31'."""
    if isinstance(dice, Dice):
        return dice
    if isinstance(dice, str):
        return Dice.parse(dice)
    try:
        a, b = dice
    except (TypeError, ValueError):
        from .errors import InvalidDiceError
        raise InvalidDiceError(f"dice {dice!r} are not two numbers 1..6") from None
    return Dice(a, b)


def _check_variant(variant: str) -> None:
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; choose one of {', '.join(VARIANTS)}")


def _steps(me: list, opp: list, wait: int, d: int, no_hit: bool) -> list:
    """(source index, destination index or -1 for off) for one die. Indexes are the mover's
    (point - 1, 24 = bar, 25 = not yet entered); `opp` is the opponent in the mover's numbering."""
    if me[24]:  # R6: bar first
        dst = 24 - d
        n = opp[dst]
        if n < 2 and not (no_hit and n):
            return [(24, dst)]
        return []
    out = []
    if wait:  # acey-deucey: entering is one more choice among the others
        dst = 24 - d
        n = opp[dst]
        if n < 2 and not (no_hit and n):
            out.append((_WAIT, dst))
    for i in range(23, d - 1, -1):
        if me[i]:
            n = opp[i - d]
            if n < 2 and not (no_hit and n):
                out.append((i, i - d))
    if not wait and not any(me[6:24]):  # R7: all home
        if me[d - 1]:
            out.append((d - 1, -1))
        elif not any(me[d - 1:6]):
            for i in range(d - 2, -1, -1):
                if me[i]:
                    out.append((i, -1))
                    break
    return out


def legal_results(position: Position, dice: Union[Dice, tuple, str],
                  variant: str = "standard") -> dict:
    """{resulting Position (same view, same side on roll): canonical Play} for every distinct legal
    result; when nothing can be played, {position: Play()}."""
    dice = as_dice(dice)
    _check_variant(variant)
    dutch = variant == "dutch"
    me0 = list(position.on_roll)
    opp0 = list(position.opponent[23::-1])
    orders = [dice.numbers] if dice.is_double else [(dice.high, dice.low), (dice.low, dice.high)]
    found: dict = {}   # key -> [used, high_first, moves]
    seen: set = set()
    state = {"high": True}

    def record(me, opp, oppbar, wait, moves):
        key = (tuple(me), tuple(opp), oppbar, wait)
        entry = found.get(key)
        if entry is None or entry[0] < len(moves):
            found[key] = (len(moves), state["high"], moves)

    def rec(me, opp, oppbar, wait, remaining, moves):
        d = remaining[0]
        rest = remaining[1:]
        no_hit = dutch and not any(me[0:6]) and sum(me) + wait == CHECKERS
        moved = False
        for src, dst in _steps(me, opp, wait, d, no_hit):
            moved = True
            me2 = me[:]
            opp2 = opp
            oppbar2 = oppbar
            wait2 = wait
            if src == _WAIT:
                wait2 -= 1
            else:
                me2[src] -= 1
            hit = False
            if dst >= 0:
                me2[dst] += 1
                if opp[dst] == 1:
                    opp2 = opp[:]
                    opp2[dst] = 0
                    oppbar2 += 1
                    hit = True
            mv = moves + [Move(BAR if src >= 24 else src + 1, dst + 1, hit)]
            if rest:
                key = (tuple(me2), tuple(opp2), oppbar2, wait2, rest)
                if key in seen:
                    continue
                seen.add(key)
                rec(me2, opp2, oppbar2, wait2, rest, mv)
            else:
                record(me2, opp2, oppbar2, wait2, mv)
        if not moved:
            record(me, opp, oppbar, wait, moves)

    for k, order in enumerate(orders):
        state["high"] = k == 0
        rec(me0, opp0, position.opponent[24], position.waiting[0], order, [])

    best = max(entry[0] for entry in found.values())
    keep = [(key, e) for key, e in found.items() if e[0] == best]
    if best == 1 and not dice.is_double and any(e[1] for _, e in keep):
        keep = [(key, e) for key, e in keep if e[1]]  # R5: the larger die
    turn = position.turn
    wait_opp = position.waiting[1]
    results = {}
    for (me, opp, oppbar, wait), entry in keep:
        after = Position._trusted(me, opp[::-1] + (oppbar,), turn, (wait, wait_opp))
        results[after] = Play(entry[2])
    return results


class LegalPlays:
    """The legal plays of one roll: a sequence of Plays (one per distinct result, a single empty
    Play when nothing can be played, R5/R6); `in` accepts a Play (any notation reaching a legal
    result) or a resulting Position (same view as the position before)."""

    def __init__(self, position: Position, dice: Dice, results: dict, variant: str = "standard"):
        self.position = position
        self.dice = dice
        self.variant = variant
        self.results = results  # {resulting Position (same view): Play}
        self._plays = list(results.values())

    def __len__(self) -> int:
        return len(self._plays)

    def __iter__(self) -> Iterator[Play]:
        return iter(self._plays)

    def __getitem__(self, index):
        return self._plays[index]

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Position):
            return item in self.results
        if isinstance(item, str):
            try:
                item = Play.parse(item)
            except InvalidPlayError:
                return False
        if isinstance(item, tuple):
            try:
                return _apply(self.position, Play(item)) in self.results
            except (IllegalPlayError, TypeError, ValueError):
                return False
        return False

    @property
    def is_pass(self) -> bool:
        """True when nothing can be played (the only play is the empty one)."""
        return len(self._plays) == 1 and not self._plays[0]

    def __repr__(self) -> str:
        return f"<LegalPlays {self.dice} ({len(self)}): {', '.join(str(p) for p in self._plays)}>"


def legal_plays(position: Position, dice: Union[Dice, tuple, str], variant: str = "standard") -> LegalPlays:
    dice = as_dice(dice)
    return LegalPlays(position, dice, legal_results(position, dice, variant), variant)


def _apply(position: Position, play: Play) -> Position:
    """Move the checkers as written (same view), checking only that each move is possible."""
    me = list(position.on_roll)
    opp = list(position.opponent)
    wait = position.waiting[0]
    for move in play:
        src, dst = move.source, move.destination
        if src == BAR:
            if me[24]:
                me[24] -= 1
            elif wait:
                wait -= 1
            else:
                raise IllegalPlayError("no checker on the bar", play)
        else:
            if not 1 <= src <= 24 or not me[src - 1]:
                raise IllegalPlayError(f"no checker on point {src}", play)
            if me[24]:
                raise IllegalPlayError("the checker on the bar must enter first", play)
            me[src - 1] -= 1
        if dst == OFF:
            if wait or any(me[6:25]):
                raise IllegalPlayError("bearing off while checkers are outside the home board", play)
            continue
        if not 1 <= dst < src:
            raise IllegalPlayError(f"{move} moves backwards", play)
        n = opp[24 - dst]
        if n >= 2:
            raise IllegalPlayError(f"point {dst} is blocked", play)
        if n == 1:
            opp[24 - dst] = 0
            opp[24] += 1
        me[dst - 1] += 1
    return Position._trusted(tuple(me), tuple(opp), position.turn, (wait, position.waiting[1]))


def apply_play(position: Position, play: Union[Play, str], dice=None, variant: str = "standard") -> Position:
    """The position after `play` in the SAME view (mover still on roll). With `dice`, the result
    must be a legal one for that roll, else IllegalPlayError with the reason."""
    if isinstance(play, str):
        play = Play.parse(play)
    elif not isinstance(play, Play):
        play = Play(play)
    if dice is None:
        return _apply(position, play)
    results = legal_results(position, dice, variant)
    try:
        after = _apply(position, play)
    except IllegalPlayError:
        after = None
    if after is not None and after in results:
        return after
    from .check import check_play
    verdict = check_play(position, as_dice(dice), after if after is not None else position, variant=variant)
    reason = getattr(verdict, "reason", "not a legal play for these dice")
    raise IllegalPlayError(reason, play)
