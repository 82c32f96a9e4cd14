"""The referee's judgement of one move: given the board before, the roll and the board read after,
Legal(play) or Illegal(reason, nearest legal plays, misread)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .dice import Dice
from .legal import _WAIT, as_dice, legal_results
from .notation import Play
from .position import CHECKERS, Position

__all__ = ["Legal", "Illegal", "check_play"]

NEAREST_MAX = 5
_VANISHED = "checkers appeared or vanished"
_OUTSIDE = "bearing off while checkers are outside the home board"


@dataclass(frozen=True)
class Legal:
    """The board after is a legal result; `play` is its canonical play."""

    play: Play

    def __bool__(self) -> bool:
        return True


@dataclass(frozen=True)
class Illegal:
    """The board after is not a legal result. `reason` is for the players; `nearest` are the legal
    plays whose results differ least from it; `misread` means checkers appeared or vanished, so the
    board should be looked at again rather than the move called illegal."""

    reason: str
    nearest: tuple = ()
    misread: bool = False

    def __bool__(self) -> bool:
        return False


def _distance(a: Position, b: Position) -> int:
    """Checkers that differ, point by point, over both sides (bar included)."""
    return (sum(abs(x - y) for x, y in zip(a.on_roll, b.on_roll))
            + sum(abs(x - y) for x, y in zip(a.opponent, b.opponent)))


def check_play(before: Position, dice: Union[Dice, tuple, str], after: Position,
               variant: str = "standard") -> Union[Legal, Illegal]:
    """Judge the board `after` (same view as `before`: the same side still on roll) for `dice`."""
    dice = as_dice(dice)
    results = legal_results(before, dice, variant)
    by_board = {(p.on_roll, p.opponent): play for p, play in results.items()}
    play = by_board.get((after.on_roll, after.opponent))
    if play is not None:
        return Legal(play)
    if variant == "acey-deucey" and after.waiting == (0, 0) and before.waiting != (0, 0):
        # A camera cannot tell checkers waiting to enter from borne-off ones; nothing is borne off
        # while checkers wait, so the waiting ones are those neither on the board nor off before.
        off = before.borne_off
        waiting = (max(0, CHECKERS - off[0] - sum(after.on_roll)),
                   max(0, CHECKERS - off[1] - sum(after.opponent)))
        after = Position._trusted(after.on_roll, after.opponent, after.turn, waiting)
    ranked = sorted(results.items(), key=lambda item: _distance(item[0], after))
    best = _distance(ranked[0][0], after)
    nearest = tuple(play for pos, play in ranked if _distance(pos, after) == best)[:NEAREST_MAX]
    misread = _count_problem(before, after)
    if misread:
        return Illegal(misread, nearest, True)
    reason = _diagnose(before, dice, after, results, variant)
    # A checker gone while others are outside the home board (or on the bar) cannot have been
    # borne off, and a camera cannot tell the tray from a checker it lost (hidden, out of view):
    # "check the board" (misread), never an illegal move. The reason still says what it looks like.
    return Illegal(reason, nearest, reason.startswith(_VANISHED) or _lost(before, after) > 0)


def _lost(before: Position, after: Position) -> int:
    """Checkers of the side on roll gone from the board while some are outside the home board or
    on the bar after the move (so none can have been borne off); 0 if none or bearing off could."""
    gone = sum(before.on_roll) + before.waiting[0] - sum(after.on_roll) - after.waiting[0]
    return gone if gone > 0 and any(after.on_roll[6:]) else 0


def _count_problem(before: Position, after: Position) -> str:
    """A reason when the counts cannot come from any move by the side on roll, else ''."""
    opp_before, opp_after = sum(before.opponent), sum(after.opponent)
    if opp_after != opp_before:
        return (f"checkers appeared or vanished: the opponent has {opp_after} checkers on the "
                f"board and bar, had {opp_before}")
    me_before = sum(before.on_roll) + before.waiting[0]
    me_after = sum(after.on_roll) + after.waiting[0]
    if me_after > me_before:
        return (f"checkers appeared or vanished: the player on roll has {me_after} checkers on "
                f"the board and bar, had {me_before}")
    if me_before - me_after > 4:
        return (f"checkers appeared or vanished: {me_before - me_after} checkers of the player on "
                f"roll left the board, a roll bears off at most 4")
    # The opponent's checkers can only lose blots to the bar.
    hit = 0
    for j in range(24):
        b, a = before.opponent[j], after.opponent[j]
        if a == b:
            continue
        if b == 1 and a == 0:
            hit += 1
            continue
        return f"checkers appeared or vanished: the opponent's point {j + 1} had {b}, now {a}"
    if after.opponent[24] - before.opponent[24] != hit:
        return (f"checkers appeared or vanished: {hit} opponent blot(s) gone but "
                f"{after.opponent[24] - before.opponent[24]} more on the bar")
    return ""


def _backwards(before: Position, after: Position) -> str:
    """A reason when the mover's changes cannot be matched as forward moves, else ''."""
    sources: list[int] = []  # points (25 = bar) a checker left
    dests: list[int] = []    # points (0 = off) a checker reached
    for i in range(25):
        diff = after.on_roll[i] - before.on_roll[i]
        point = 25 if i == 24 else i + 1
        if diff < 0:
            sources += [point] * -diff
        elif diff > 0:
            dests += [point] * diff
    dests += [0] * (len(sources) - len(dests))
    sources.sort(reverse=True)
    dests.sort(reverse=True)
    for s, d in zip(sources, dests):
        if d >= s:
            return f"moved backwards (a checker reached point {d})"
    return ""


def _relaxed(before: Position, dice: Dice, relax: str, variant: str) -> dict:
    """Every board reachable by playing some of the dice (any prefix) with one rule relaxed;
    {(on_roll, opponent): (dice used, detail of the broken rule or None, numbers used)}."""
    dutch = variant == "dutch"
    orders = [dice.numbers] if dice.is_double else [(dice.high, dice.low), (dice.low, dice.high)]
    out: dict = {}

    def steps(me, opp, wait, d):
        no_hit = dutch and not any(me[0:6]) and sum(me) + wait == CHECKERS
        moves = []
        on_bar = me[24] > 0
        dst = 24 - d
        if on_bar or wait:
            if opp[dst] < 2 and not (no_hit and opp[dst]):
                moves.append((24 if on_bar else _WAIT, dst, None))
            elif opp[dst] >= 2 and relax == "blocked":
                moves.append((24 if on_bar else _WAIT, dst, f"point {dst + 1} is blocked"))
            if on_bar and relax != "bar":
                return moves
        bar_detail = "the checker on the bar must enter first" if on_bar else None
        for i in range(23, d - 1, -1):
            if not me[i]:
                continue
            n = opp[i - d]
            detail = bar_detail
            if n >= 2:
                if relax != "blocked":
                    continue
                detail = detail or f"point {i - d + 1} is blocked"
            if no_hit and n == 1:
                if relax != "dutch":
                    continue
                detail = detail or "no hitting before a checker has reached the home board"
            moves.append((i, i - d, detail))
        all_home = not wait and not any(me[6:24]) and (not on_bar or relax == "bar")
        if me[d - 1]:
            if all_home:
                moves.append((d - 1, -1, bar_detail))
            elif relax == "outside":
                moves.append((d - 1, -1, _OUTSIDE))
        elif all_home:
            higher = any(me[d - 1:6])
            for i in range(d - 2, -1, -1):
                if me[i]:
                    if not higher:
                        moves.append((i, -1, bar_detail))
                        break
                    if relax == "higher":
                        moves.append((i, -1, f"the {d} bears off only from point {d} or, when no "
                                              f"checker is higher, from the highest point"))
        return moves

    def rec(me, opp, oppbar, wait, remaining, used, detail):
        key = (tuple(me), tuple(opp[::-1]) + (oppbar,))
        old = out.get(key)
        if old is None or (old[1] is not None and detail is None) or (
                (old[1] is None) == (detail is None) and len(old[2]) < len(used)):
            out[key] = (len(used), detail, used)
        if not remaining:
            return
        d = remaining[0]
        for src, dst, why in steps(me, opp, wait, d):
            me2 = me[:]
            opp2 = opp
            oppbar2 = oppbar
            wait2 = wait
            if src == _WAIT:
                wait2 -= 1
            else:
                me2[src] -= 1
            if dst >= 0:
                me2[dst] += 1
                if opp[dst] == 1:
                    opp2 = opp[:]
                    opp2[dst] = 0
                    oppbar2 += 1
            rec(me2, opp2, oppbar2, wait2, remaining[1:], used + (d,), detail or why)

    for order in orders:
        rec(list(before.on_roll), list(before.opponent[23::-1]), before.opponent[24],
            before.waiting[0], order, (), None)
    return out


def _diagnose(before: Position, dice: Dice, after: Position, results: dict, variant: str) -> str:
    """Why `after` is not a legal result, in a player's words."""
    key = (after.on_roll, after.opponent)
    can_play = not (len(results) == 1 and not next(iter(results.values())))
    if key == (before.on_roll, before.opponent):
        return "no move was made but one was possible"
    backwards = _backwards(before, after)
    if backwards:
        return backwards
    if not can_play:
        if before.on_roll[24]:
            return "no checker can enter: the roll is forfeited"
        return "no number can be played: the roll is forfeited"
    max_used = max(len(p) for p in results.values())
    legal_reach = _relaxed(before, dice, "", variant)
    if key in legal_reach:
        used = legal_reach[key][2]
        if dice.is_double:
            return f"{max_used} {dice.a}s could be played, only {len(used)} were"
        if max_used == 2:
            return "both numbers could be played"
        return f"the {dice.high} must be played"
    for relax in ("bar", "blocked", "outside", "higher", "dutch"):
        if relax == "dutch" and variant != "dutch":
            continue
        reach = _relaxed(before, dice, relax, variant)
        if key in reach and reach[key][1]:
            return reach[key][1]
    gone = sum(before.on_roll) - sum(after.on_roll) + before.waiting[0] - after.waiting[0]
    if gone > 0:
        return (f"{_VANISHED}: {gone} checker(s) of the player on roll left the board, "
                f"which no play of {dice.a}-{dice.b} can bear off")
    if after.on_roll[24] < before.on_roll[24]:
        entries = sorted({25 - n for n in dice.numbers}, reverse=True)
        where = " or ".join(str(p) for p in entries)
        return (f"a checker on the bar enters on point 25 minus the number: with "
                f"{dice.a}-{dice.b} on point {where}")
    moved = before.pip_count[0] - after.pip_count[0]
    total = sum(dice.numbers)
    if moved > total:
        return f"the checkers moved {moved} pips, the roll {dice.a}-{dice.b} gives at most {total}"
    return f"the checkers moved do not fit the roll {dice.a}-{dice.b} (each number is a move of its own)"
