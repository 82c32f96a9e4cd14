"""Jellyfish .mat match records, both ways: all games of a match with their moves and cube actions
(`Doubles => 2`, `Takes`, `Drops`, `Wins N points`), the format GNU Backgammon, eXtreme Gammon and
BGBlitz import. Written as gnubg writes it: player 0 in the left column, bar as 25, off as 0.

A money session is written as a match of length 0 (gnubg imports it as a money session).
A resigned game ends with the winner's `Wins N points` alone (gnubg reads it as a resignation). An
illegal move that stood (R9) is written as the checker moves that turn the board before into the
board after; gnubg rejects such a move and loses the rest of that game, and `replay` reads it back
only with `illegal_stands=True`.

A game that began from a set position (engine.StartFrom, e.g. read off the board) cannot be written:
the format has no starting position. It is left out, with a comment line in the header
(`; game N began from a position ... not written`; gnubg skips comments only before the
`N point match` line and reads one among the games as a bad move); the games written are numbered 1, 2, ... as
gnubg needs (its match() refuses a file whose first game is not Game 1) and keep their scores, which
gnubg imports as they stand. A match with no game to write raises MatWriteError (gnubg imports
no match from a file without games)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional, TextIO

from .dice import Dice
from .errors import EngineError, IllegalPlayError
from .legal import VARIANTS, apply_play
from .match import (CHOOSE_DOUBLET, GAME_OVER, Beaver, ChooseDoublet, Double, IllegalStands,
                    MatchState, MovePlay, OpeningRoll, Pass, Resign, Roll, Settings, Take)
from .notation import BAR, OFF, Move, Play

__all__ = ["InvalidMatFileError", "MatWriteError", "MatRecord", "MatGame", "MatEvent", "write_mat", "read_mat",
           "format_mat"]

_LEFT_WIDTH = 28   # "%-27s " as gnubg pads the left column


class InvalidMatFileError(EngineError):
    """A .mat text that cannot be read; the message names the line."""


class MatWriteError(EngineError):
    """A match that has nothing a .mat file can hold (every game began from a set position)."""


@dataclass(frozen=True)
class MatEvent:
    """One entry of a game: kind 'move' (dice, play), 'double' / 'beaver' (value), 'take',
    'pass' or 'win' (value = points); player 0 = left column; line = where it was read (0 if
    written by us)."""

    kind: str
    player: int
    dice: Optional[Dice] = None
    play: Optional[Play] = None
    value: int = 0
    line: int = 0


@dataclass(frozen=True)
class MatGame:
    """One game: its number, the score before it (player 0, player 1), its events, and the winner
    and points when it was finished."""

    number: int
    score: tuple
    events: tuple
    winner: Optional[int] = None
    points: int = 0
    start: Optional[Any] = None   # the engine.Position a StartFrom game began from: not written


@dataclass(frozen=True)
class MatRecord:
    """A whole .mat file: match length (0 = money), the players' names (left, right), the games,
    and the variant (kept in a `; [Variation "dutch"]` comment line, which gnubg skips)."""

    match_length: int
    players: tuple
    games: tuple
    variant: str = "standard"

    @classmethod
    def from_state(cls, state: MatchState, players: tuple = ("Player 0", "Player 1")) -> "MatRecord":
        """The record of every game in `state`'s log."""
        games = []
        for number, game in enumerate(state.games(), 1):
            events = tuple(MatEvent(e.kind, e.player, e.dice, e.play, e.value) for e in game.events)
            result = game.result
            games.append(MatGame(number, tuple(game.score), events,
                                 result.winner if result else None, result.points if result else 0,
                                 getattr(game, "start", None)))
        return cls(state.settings.match_length, tuple(players), tuple(games), state.settings.variant)

    def actions(self, settings: Optional[Settings] = None) -> list:
        """The MatchState actions that replay this record (see `replay`)."""
        return list(self.replay(settings).actions)

    def replay(self, settings: Optional[Settings] = None, *, illegal_stands: bool = False) -> MatchState:
        """The MatchState this record leads to; InvalidMatFileError naming the line of the first
        entry the rules do not allow (or a game whose recorded result disagrees). With
        `illegal_stands`, a play the dice do not allow but the board does is taken as an illegal
        move that stood (R9), as our own records of such games write it."""
        settings = settings or Settings(match_length=self.match_length, variant=self.variant)
        state = MatchState(settings)
        for game in self.games:
            if game.start is not None:
                raise InvalidMatFileError(f"game {game.number} began from a set position "
                                          f"(GNU ID {game.start.id}); it cannot be replayed from the record")
            first = True
            for e in game.events:
                try:
                    if e.kind == "move":
                        if first:
                            hi, lo = e.dice.high, e.dice.low
                            if state.phase == GAME_OVER or not state.actions:
                                state = state.apply(OpeningRoll(hi, lo) if e.player == 0 else OpeningRoll(lo, hi))
                            first = False
                        elif state.phase == CHOOSE_DOUBLET:  # acey-deucey's bonus doublet
                            state = state.apply(ChooseDoublet(e.dice.a))
                        else:
                            state = state.apply(Roll(e.dice))
                        state = _move(state, e.play, illegal_stands)
                    elif e.kind == "double":
                        state = state.apply(Double())
                    elif e.kind == "take":
                        state = state.apply(Take())
                    elif e.kind == "beaver":
                        state = state.apply(Beaver())
                    elif e.kind == "pass":
                        state = state.apply(Pass())
                    elif e.kind == "win":
                        if not state.game_over:  # a resignation: the value that scores as recorded
                            state = _resigned(state, e)
                        if not state.game_over or state.result.points != e.value or state.winner != e.player:
                            got = (f"player {state.winner} won {state.result.points}" if state.game_over
                                   else "the game is not over")
                            raise InvalidMatFileError(
                                f"line {e.line}: the record says player {e.player} wins {e.value}, "
                                f"but {got}")
                except InvalidMatFileError:
                    raise
                except EngineError as exc:
                    raise InvalidMatFileError(f"line {e.line}: {exc}") from None
        return state


def _move(state: MatchState, play: Play, illegal_stands: bool) -> MatchState:
    try:
        return state.apply(MovePlay(play))
    except IllegalPlayError:
        if not illegal_stands:
            raise
    return state.apply(IllegalStands(apply_play(state.position, play)))


def _resigned(state: MatchState, event: MatEvent) -> MatchState:
    for value in (1, 2, 3):
        try:
            after = state.apply(Resign(1 - event.player, value))
        except EngineError:
            continue
        if after.result.points == event.value:
            return after
    return state


# ---- writing -----------------------------------------------------------------------------------

def _move_text(move: Move) -> str:
    return f"{move.source}/{move.destination}{'*' if move.hit else ''}"


def _entry(event: MatEvent, match_over: bool) -> str:
    if event.kind == "move":
        moves = " ".join(_move_text(m) for m in (event.play or ()))
        return f"{event.dice.a}{event.dice.b}: {moves}".rstrip() + " "
    if event.kind == "double":
        return f" Doubles => {event.value}"
    if event.kind == "beaver":
        return f" Beavers => {event.value}"
    if event.kind == "take":
        return " Takes"
    if event.kind == "pass":
        return " Drops"
    if event.kind == "win":
        s = "" if event.value == 1 else "s"
        return f" Wins {event.value} point{s}" + (" and the match" if match_over else "")
    raise ValueError(f"unknown event kind {event.kind!r}")


def format_mat(record: MatRecord, comments: tuple = ()) -> str:
    """The .mat text of `record` (comments become '; ' header lines)."""
    lines = [f"; {c}" for c in comments]
    skipped = [g for g in record.games if g.start is not None]
    if skipped and len(skipped) == len(record.games):
        g = skipped[0]
        raise MatWriteError(f"nothing to write as .mat: game {g.number} began from a position read "
                            f"off the board (GNU ID {g.start.id}), which a .mat file cannot hold")
    lines += [f"; game {g.number} began from a position read off the board (GNU ID {g.start.id}), "
              f"not written" for g in skipped]
    if record.variant != "standard":
        lines.append(f'; [Variation "{record.variant}"]')
    if lines:
        lines.append("")
    lines += [f" {record.match_length} point match", ""]
    written = 0
    for k, game in enumerate(record.games):
        if game.start is not None:
            continue
        last = k == len(record.games) - 1
        match_over = (last and record.match_length > 0 and game.winner is not None
                      and game.score[game.winner] + game.points >= record.match_length)
        written += 1
        lines.append(f" Game {written}")
        n0, n1 = record.players
        lines.append(f" {n0} : {game.score[0]}".ljust(32) + f"{n1} : {game.score[1]}")
        rows: list = []
        row: list = [None, None]
        for e in game.events:
            if (e.player == 0 and (row[0] is not None or row[1] is not None)) or \
                    (e.player == 1 and row[1] is not None):
                rows.append(row)
                row = [None, None]
            row[e.player] = _entry(e, match_over)
        if row != [None, None]:
            rows.append(row)
        for i, (left, right) in enumerate(rows, 1):
            text = f"{i:3d}) " + (left or "").ljust(_LEFT_WIDTH) + (right or "")
            lines.append(text.rstrip() if right is None else text)
        lines.append("")
    return "\n".join(lines) + "\n"


def write_mat(state_or_record: Any, file: Optional[TextIO] = None, *,
              players: tuple = ("Player 0", "Player 1"), comments: tuple = ()) -> str:
    """Write a MatchState's games (or a MatRecord) as .mat text to `file` (a text stream) if
    given; returns the text either way."""
    record = state_or_record
    if isinstance(state_or_record, MatchState):
        record = MatRecord.from_state(state_or_record, players)
    elif not isinstance(state_or_record, MatRecord):
        raise TypeError(f"write_mat needs a MatchState or MatRecord, not {type(state_or_record).__name__}")
    text = format_mat(record, comments)
    if file is not None:
        file.write(text)
    return text


# ---- reading -----------------------------------------------------------------------------------

_VARIATION = re.compile(r'^\s*;\s*\[Variation\s+"([^"]*)"\]', re.IGNORECASE)
_MATCH = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_ROW = re.compile(r"^\s*(\d+)\)(.*)$")
_ENTRY = re.compile(
    r"(?P<roll>[1-6][1-6]):(?P<moves>(?:[ \t]+(?:bar|\d{1,2})(?:/(?:\d{1,2}|off|bar)\*?)+(?:\(\d\))?)*)"
    r"|(?P<double>Doubles)\s*=>\s*(?P<dv>\d+)"
    r"|(?P<beaver>Beavers)\s*=>\s*(?P<bv>\d+)"
    r"|(?P<take>Takes|Accepts)"
    r"|(?P<pass>Drops|Passes|Rejects)"
    r"|(?P<win>Wins)\s+(?P<wv>\d+)\s+points?(?:\s+and\s+the\s+match)?",
    re.IGNORECASE)


def _parse_play(text: str, lineno: int) -> Play:
    moves = []
    for token in text.split():
        times = 1
        m = re.fullmatch(r"(.*)\((\d)\)", token)
        if m:
            token, times = m.group(1), int(m.group(2))
        stops = token.split("/")
        points = []
        for k, stop in enumerate(stops):
            hit = stop.endswith("*")
            name = stop.rstrip("*").lower()
            if name == "bar" or (k == 0 and name == "25"):
                p = BAR
            elif name == "off" or name == "0":
                p = OFF
            else:
                p = int(name)
                if not 1 <= p <= 24:
                    raise InvalidMatFileError(f"line {lineno}: point {name} in {token!r} is not 1..24")
            points.append((p, hit))
        for (src, _), (dst, hit) in zip(points, points[1:]):
            if dst >= src:
                raise InvalidMatFileError(f"line {lineno}: move {token!r} goes backwards")
            moves.extend([Move(src, dst, hit)] * times)
    return Play(moves)


def _entries(text: str, lineno: int, column_of) -> list:
    out = []
    pos = 0
    for m in _ENTRY.finditer(text):
        gap = text[pos:m.start()]
        if gap.strip():
            raise InvalidMatFileError(f"line {lineno}: cannot read {gap.strip()!r}")
        pos = m.end()
        player = column_of(m.start())
        if m.group("roll"):
            d = m.group("roll")
            event = MatEvent("move", player, Dice(int(d[0]), int(d[1])),
                             _parse_play(m.group("moves"), lineno), line=lineno)
        elif m.group("double"):
            event = MatEvent("double", player, value=int(m.group("dv")), line=lineno)
        elif m.group("beaver"):
            event = MatEvent("beaver", player, value=int(m.group("bv")), line=lineno)
        elif m.group("take"):
            event = MatEvent("take", player, line=lineno)
        elif m.group("pass"):
            event = MatEvent("pass", player, line=lineno)
        else:
            event = MatEvent("win", player, value=int(m.group("wv")), line=lineno)
        out.append(event)
    if text[pos:].strip():
        raise InvalidMatFileError(f"line {lineno}: cannot read {text[pos:].strip()!r}")
    if len(out) > 2:
        raise InvalidMatFileError(f"line {lineno}: more than two entries in one row")
    return out


def read_mat(text: str) -> MatRecord:
    """Read .mat text; InvalidMatFileError names the line of anything it cannot read."""
    match_length: Optional[int] = None
    players: Optional[tuple] = None
    games: list = []
    current: Optional[dict] = None

    def finish() -> None:
        if current is None:
            return
        wins = [e for e in current["events"] if e.kind == "win"]
        games.append(MatGame(current["number"], current["score"], tuple(current["events"]),
                             wins[-1].player if wins else None, wins[-1].value if wins else 0))

    variant = "standard"
    for lineno, raw in enumerate(str(text).splitlines(), 1):
        line = raw.rstrip()
        m = _VARIATION.match(line)
        if m and m.group(1).lower() in VARIANTS:
            variant = m.group(1).lower()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        m = _MATCH.match(line)
        if m:
            if match_length is not None:
                raise InvalidMatFileError(f"line {lineno}: a second 'point match' header")
            match_length = int(m.group(1))
            continue
        m = _GAME.match(line)
        if m:
            if match_length is None:
                raise InvalidMatFileError(f"line {lineno}: 'Game' before the 'N point match' line")
            finish()
            current = {"number": int(m.group(1)), "score": None, "events": []}
            continue
        if current is None:
            raise InvalidMatFileError(f"line {lineno}: cannot read {line.strip()!r} before the first game")
        if current["score"] is None:
            m = _SCORE.match(line)
            if not m:
                raise InvalidMatFileError(f"line {lineno}: expected the score line 'name : 0  name : 0', "
                                          f"got {line.strip()!r}")
            names = (m.group(1), m.group(3))
            if players is None:
                players = names
            current["score"] = (int(m.group(2)), int(m.group(4)))
            continue
        m = _ROW.match(line)
        if m:
            body = m.group(2)
            offset = m.start(2)
        else:
            body, offset = line, 0
        # the right column starts where gnubg puts it; an entry starting well after the row
        # number belongs to the right-hand player
        split = offset + max(12, _LEFT_WIDTH - 6) if m else 20
        entries = _entries(body, lineno, lambda start: 0 if offset + start < split else 1)
        if len(entries) == 2 and entries[0].player == entries[1].player:
            entries[1] = MatEvent(entries[1].kind, 1, entries[1].dice, entries[1].play,
                                  entries[1].value, lineno)
            entries[0] = MatEvent(entries[0].kind, 0, entries[0].dice, entries[0].play,
                                  entries[0].value, lineno)
        current["events"].extend(entries)
    finish()
    if match_length is None:
        raise InvalidMatFileError("line 1: no 'N point match' header found")
    return MatRecord(match_length, players or ("Player 0", "Player 1"), tuple(games), variant)
