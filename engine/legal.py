"""Move generation: every distinct legal result of a roll under R3-R7, each with one canonical play,
and R12's move rules for Dutch backgammon and acey-deucey."""
from __future__ import annotations

from base64 import b64encode
from typing import Iterator, Union

from .dice import Dice
from .errors import IllegalPlayError, InvalidPlayError
from .notation import BAR, OFF, Move, Play
from .position import _RUN, CHECKERS, Position

__all__ = ["LegalPlays", "legal_plays", "legal_results", "result_ids", "apply_play", "VARIANTS",
           "as_dice"]

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


# A side's checkers as one int, a byte a point (index 0..24), so a move updates it in O(1), it
# serves as a cheap dictionary key and decodes at C speed; _UNIT[i] is one checker on index i
# (index 25: nothing, for a waiting checker).
_UNIT = tuple(1 << (8 * i) for i in range(25)) + (0,)
_HOME_SHIFT = 8 * 6        # key >> _HOME_SHIFT == 0  <=>  nothing outside the home board or on the bar
_LOW_MASK = tuple((1 << (8 * i)) - 1 for i in range(26))


def _decode(key: int) -> tuple:
    return tuple(key.to_bytes(25, "little"))


def legal_results(position: Position, dice: Union[Dice, tuple, str],
                  variant: str = "standard") -> dict:
    """{resulting Position (same view, same side on roll): canonical Play} for every distinct legal
    result; when nothing can be played, {position: Play()}."""
    dice = as_dice(dice)
    _check_variant(variant)
    return _materialise(position, _search(position, dice, variant))


def _search(position: Position, dice: Dice, variant: str) -> list:
    """The raw legal results: [((mover key, hit mask, waiting), moves as index triples)]."""
    dutch = variant == "dutch"
    me = list(position.on_roll)
    opp = list(position.opponent[23::-1])
    key0 = int.from_bytes(bytes(me), "little")
    a, b = dice.a, dice.b
    double = a == b
    high, low = (a, b) if a >= b else (b, a)
    orders = [(a, a, a, a)] if double else [(high, low), (low, high)]
    found: dict = {}   # (key, hits, wait) -> (dice used, high die first, moves)
    seen: set = set()
    stack: list = []
    unit = _UNIT
    wait0 = position.waiting[0]
    # The opponent's made points do not change during a turn (hits only empty blots), so the
    # sources a die may move from (landing open) are fixed for this call.
    open_src = {}
    open_nohit = {}
    for d in ((a,) if double else (a, b)):
        open_src[d] = [i for i in range(23, d - 1, -1) if opp[i - d] < 2]
        if dutch:
            open_nohit[d] = [i for i in range(23, d - 1, -1) if opp[i - d] == 0]
    # With no checker on the bar or waiting, two or more outside the home board (so nothing can be
    # borne off this turn) and no Dutch hitting rule, playing the low die first gives the same
    # results as the high die first, except when one checker plays both: the second order then
    # only needs that checker's continuation.
    restricted = not double and not me[24] and not wait0 and not dutch and sum(me[6:24]) >= 2

    def rec(key: int, hits: int, wait: int, numbers: tuple, ri: int, stage: int, high: bool,
            only_src: int) -> None:
        d = numbers[ri]
        if ri + 1 == len(numbers) and not me[24] and not wait and key >> _HOME_SHIFT and not dutch:
            # the last number, nothing on the bar, no bear-off possible: the common case, kept lean
            moved = False
            for src in open_src[d]:
                if me[src]:
                    moved = True
                    dst = src - d
                    key2 = key - unit[src] + unit[dst]
                    if opp[dst] == 1:
                        k = (key2, hits | 1 << dst, wait)
                        hit = True
                    else:
                        k = (key2, hits, wait)
                        hit = False
                    old = found.get(k)
                    if old is None or old[0] <= ri:
                        found[k] = (ri + 1, high, tuple(stack) + ((src, dst, hit),))
            if not moved:
                k = (key, hits, wait)
                old = found.get(k)
                if old is None or old[0] < ri:
                    found[k] = (ri, high, tuple(stack))
            return
        # --- the single steps of die d (R3, R6, R7) ---
        if me[24]:
            dst = 24 - d
            n = opp[dst]
            cands = [(24, dst)] if n < 2 and not (n and dutch and _no_hit(key, wait)) else []
        else:
            no_hit = dutch and _no_hit(key, wait)
            cands = [(i, i - d) for i in (open_nohit[d] if no_hit else open_src[d]) if me[i]]
            if wait:
                dst = 24 - d
                n = opp[dst]
                if n < 2 and not (no_hit and n):
                    cands.insert(0, (_WAIT, dst))
            elif not key >> _HOME_SHIFT:
                if me[d - 1]:
                    cands.append((d - 1, -1))
                elif not (key >> (8 * (d - 1))) & _LOW_MASK[7 - d]:
                    for i in range(d - 2, -1, -1):
                        if me[i]:
                            cands.append((i, -1))
                            break
        if not cands:
            k = (key, hits, wait)
            old = found.get(k)
            if old is None or old[0] < ri:
                found[k] = (ri, high, tuple(stack))
            return
        if ri + 1 == len(numbers):  # the last number: record without touching the board
            for src, dst in cands:
                if only_src >= 0 and src != only_src:
                    continue
                key2 = key - unit[src]
                hits2 = hits
                hit = False
                if dst >= 0:
                    key2 += unit[dst]
                    if opp[dst] == 1:
                        hits2 |= 1 << dst
                        hit = True
                k = (key2, hits2, wait - 1 if src == _WAIT else wait)
                old = found.get(k)
                if old is None or old[0] <= ri:
                    found[k] = (ri + 1, high, tuple(stack) + ((src, dst, hit),))
            return
        chain = restricted and stage
        for src, dst in cands:
            key2 = key - unit[src]
            wait2 = wait
            if src == _WAIT:
                wait2 -= 1
            else:
                me[src] -= 1
            hit = False
            hits2 = hits
            if dst >= 0:
                key2 += unit[dst]
                me[dst] += 1
                if opp[dst] == 1:
                    opp[dst] = 0
                    hits2 |= 1 << dst
                    hit = True
            k = (key2, hits2, wait2, stage + ri)
            if k not in seen:
                seen.add(k)
                stack.append((src, dst, hit))
                rec(key2, hits2, wait2, numbers, ri + 1, stage, high, dst if chain else -1)
                stack.pop()
            if dst >= 0:
                me[dst] -= 1
                if hit:
                    opp[dst] = 1
            if src != _WAIT:
                me[src] += 1

    rec(key0, 0, wait0, orders[0], 0, 0, True, -1)
    if len(orders) == 2:
        if restricted and any(entry[0] == 2 for entry in found.values()):
            _chains(me, opp, key0, low, high, open_src[low], found)
        else:
            rec(key0, 0, wait0, orders[1], 0, 8, False, -1)

    best = max([entry[0] for entry in found.values()])
    keep = [(k, e) for k, e in found.items() if e[0] == best]
    if best == 1 and not double and any(e[1] for _, e in keep):
        keep = [(k, e) for k, e in keep if e[1]]  # R5: the larger die
    return [(k, e[2]) for k, e in keep]


def result_ids(position: Position, dice: Union[Dice, tuple, str], variant: str = "standard") -> list:
    """The sorted GNU Position IDs of every distinct legal result (same view, mover still on roll;
    the position itself when nothing can be played), without building Plays: for bulk use."""
    dice = as_dice(dice)
    _check_variant(variant)
    opp_own = position.opponent
    run = _RUN.__getitem__
    opp_bits: dict = {}  # hit mask -> the opponent's part of the key, which comes first
    keys = []
    for (key, hits, _wait), _moves in _search(position, dice, variant):
        bits = opp_bits.get(hits)
        if bits is None:
            bits = opp_bits[hits] = "".join(map(run, _opponent_after(opp_own, hits)))
        keys.append(int((bits + "".join(map(run, key.to_bytes(25, "little"))))[::-1], 2))
    return sorted(b64encode(k.to_bytes(10, "little"))[:14].decode("ascii") for k in keys)


def _opponent_after(opp_own: tuple, hits: int) -> tuple:
    """The opponent (own numbering) after the blots in `hits` (mover's indexes) were hit."""
    if not hits:
        return opp_own
    o = list(opp_own)
    while hits:
        low = hits & -hits
        o[24 - low.bit_length()] = 0  # mover's index i is the opponent's 23 - i
        o[24] += 1
        hits ^= low
    return tuple(o)


def _play(moves: tuple, new=tuple.__new__) -> Play:
    """A Play from _search's (source index, destination index, hit) triples."""
    return new(Play, [new(Move, (BAR if src >= 24 else src + 1, dst + 1, hit)) for src, dst, hit in moves])


def _materialise(position: Position, raw: list, plays: list = None) -> dict:
    """{Position: Play} from _search's raw results (and their Plays, when already built)."""
    turn = position.turn
    wait_opp = position.waiting[1]
    opp_own = position.opponent
    if plays is None:
        plays = [_play(moves) for _key, moves in raw]
    trusted = Position._trusted
    return {trusted(_decode(key), _opponent_after(opp_own, hits), turn, (wait, wait_opp)): play
            for ((key, hits, wait), _moves), play in zip(raw, plays)}


def _chains(me: list, opp: list, key0: int, low: int, high: int, low_srcs: tuple, found: dict) -> None:
    """The low-then-high plays of ONE checker (the only results the high-then-low order can miss
    when nothing is on the bar and nothing can be borne off), added to `found`."""
    unit = _UNIT
    for src in low_srcs:
        if not me[src]:
            continue
        mid = src - low
        dst = mid - high
        if dst < 0 or opp[dst] >= 2:
            continue
        hits = 0
        hit1 = opp[mid] == 1
        if hit1:
            hits = 1 << mid
        hit2 = opp[dst] == 1
        if hit2:
            hits |= 1 << dst
        k = (key0 - unit[src] + unit[dst], hits, 0)
        if k not in found:
            found[k] = (2, False, ((src, mid, hit1), (mid, dst, hit2)))


def _no_hit(key: int, wait: int) -> bool:
    """Dutch: no hitting until a checker has reached the home board (or been borne off)."""
    if key & _LOW_MASK[6]:
        return False
    return sum(key.to_bytes(25, "little")) + wait == CHECKERS


class LegalPlays:
    """The legal plays of one roll: a sequence of Plays (one per distinct result, a single empty
    Play when nothing can be played, R5/R6); `in` accepts a Play (any notation reaching a legal
    result) or a resulting Position (same view as the position before). Plays and resulting
    positions are built on first use, like python-chess's lazy legal_moves."""

    def __init__(self, position: Position, dice: Dice, raw: list, variant: str = "standard"):
        self.position = position
        self.dice = dice
        self.variant = variant
        self._raw = raw
        self._results = None
        self._plays = None

    @property
    def results(self) -> dict:
        """{resulting Position (same view, mover still on roll): canonical Play}."""
        if self._results is None:
            self._results = _materialise(self.position, self._raw, self.plays)
        return self._results

    @property
    def plays(self) -> list:
        """The canonical plays, one per distinct result, in generation order."""
        if self._plays is None:
            self._plays = [_play(moves) for _key, moves in self._raw]
        return self._plays

    def __len__(self) -> int:
        return len(self._raw)

    def __iter__(self) -> Iterator[Play]:
        return iter(self.plays)

    def __getitem__(self, index):
        return self.plays[index]

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
        return len(self._raw) == 1 and not self._raw[0][1]

    def __repr__(self) -> str:
        return f"<LegalPlays {self.dice} ({len(self)}): {', '.join(str(p) for p in self)}>"


def legal_plays(position: Position, dice: Union[Dice, tuple, str], variant: str = "standard") -> LegalPlays:
    """The legal plays of `dice` in `position` (see LegalPlays)."""
    dice = as_dice(dice)
    _check_variant(variant)
    return LegalPlays(position, dice, _search(position, dice, variant), variant)


def _apply(position: Position, play: Play) -> Position:
    """Move the checkers as written (same view), checking only that each move is possible."""
    me = list(position.on_roll)
    opp = list(position.opponent)
    wait = position.waiting[0]
    # Highest source first is always a possible order (a checker arriving on a point comes from
    # higher up), so chained notation like `bar/24*/23 bar/23` applies whatever order it is written in.
    for move in sorted(play, key=lambda m: -m.source):
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
