"""The table loop: follows a game at a real board from what the camera sees and the buttons say.

`Table.feed(reading)` takes one vision Reading a frame; the Observer turns readings into events
(board settled, dice seen or lifted, hand in view, cube moved) and the table decides which engine
action each means (R2, R8, R9, R11), records every decision in the journal before acting on the
next one, and drives the Signals (LEDs) and the Display. `Table.resume` rebuilds a table from its
journal after a crash or power cut by replaying the journalled match actions.

The phases of a turn (`table.phase`):

    setup     waiting for the set-up (R1); the start position read, or the new-game button; with
              a BoardStart (`bgref run --from-board`, `[referee] start = "board"`) and no journal,
              a game in progress read from the board starts there (who rolls: the BoardStart,
              else the first dice seen, in the roller's right half, R8)
    opening   one die each in each player's right half (R2); equal: reroll
    roll      the player on roll may double (cube turned or button), then rolls; an illegal move
              of the last mover may still be corrected here, until the opponent rolls or
              doubles (then it stands, R9)
    doubled   take (cube to the taker's side, or button), pass, beaver (held take), undo
    reroll    bad dice (cocked, on a checker, outside the roller's right half, R8): lift them
    move      the mover moves (hands over the board are never judged); lifting the dice ends
              the turn and the board is judged: legal, illegal (-> roll with a pending
              correction) or misread (-> check)
    check     "check the board": judged again when the board is read again, confirm re-reads,
              held confirm accepts the board as read
    match over
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Optional

import engine

from . import adapters
from .adapters import Sides
from .observer import (BoardSeen, ButtonPressed, CubeSeen, DiceLifted, DiceSeen, HandInView,
                       Observer)

log = logging.getLogger(__name__)

SETUP, OPENING, ROLL, DOUBLED, REROLL, MOVE, CHECK, MATCH_OVER = (
    "setup", "opening", "roll", "doubled", "reroll", "move", "check", "match over")
# firmware_bridge.Buttons: five buttons, three with a second meaning when held
BUTTONS = ("double", "take", "pass", "confirm", "undo", "beaver", "condone", "new_game")


BOARD_START = "board_start"  # the journalled action: the game began from the board as read


@dataclass(frozen=True)
class BoardStart:
    """How a game already in progress is taken from the board: who is on roll (None: the first
    dice seen decide), the cube (value, owner or None; None: the cube as read), the score."""

    on_roll: Optional[int] = None
    cube: Optional[tuple[int, Optional[int]]] = None
    score: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        if self.on_roll not in (None, 0, 1):
            raise ValueError(f"board start: on_roll {self.on_roll!r} is not 0, 1 or None")
        if self.cube is not None:
            engine.Cube(*self.cube)  # CubeError (a ValueError) names a bad value or owner
        if len(self.score) != 2 or any(not isinstance(x, int) or x < 0 for x in self.score):
            raise ValueError(f"board start: score {self.score!r} is not two whole numbers >= 0")


def parse_cube(text: str) -> tuple[int, Optional[int]]:
    """`--cube VALUE[:OWNER]`: "2:1" = cube on 2 held by player 1, "1" or "64" = in the middle."""
    value, _, owner = str(text).partition(":")
    try:
        v = int(value)
        o = int(owner) if owner not in ("", "middle") else None
    except ValueError:
        raise ValueError(f"cube {text!r}: expected VALUE[:OWNER], e.g. 2:1 (owner 0 or 1)") from None
    if v == 64 and o is None:
        v = 1
    engine.Cube(v, o)
    return v, o


def cube_of_reading(cube) -> tuple[int, Optional[int]]:
    """(value, owner) of a vision CubeReading: 64 in the middle is the cube on 1; no reading too."""
    if cube is None or cube.where not in ("middle", "player0", "player1"):
        return 1, None
    owner = None if cube.where == "middle" else int(cube.where[-1])
    value = int(cube.face)
    return (1 if value == 64 and owner is None else value), owner


def board_start_action(settings, sides: Sides, on_roll: int, cube: tuple[int, Optional[int]],
                       score: tuple[int, int]) -> dict:
    """The journalled action that starts a game from the board (JSON; replayed by _replay).
    Whether this is the Crawford game cannot be seen: a player at length-1 with the cube in the
    middle on 1 is taken as the Crawford game (said in the record), a turned cube as post-Crawford."""
    n = getattr(settings, "match_length", 0)
    at_point = bool(n) and any(x == n - 1 for x in score) and getattr(settings, "crawford", True)
    crawford = at_point and tuple(cube) == (1, None)
    return {"action": BOARD_START, "sides": [list(s) for s in sides], "on_roll": on_roll,
            "cube": list(cube), "score": list(score), "crawford": crawford,
            "post_crawford": at_point and not crawford}


def board_start_state(settings, action: dict, state=None) -> "engine.MatchState":
    """The MatchState of a game started from the board: player on_roll to roll (or double); one
    engine.StartFrom applied to `state` (a new match if None), so the log, games() and .mat
    export know the game. Reads the journalled dict as board_start_action writes it (also the
    journals written before StartFrom existed: the same shape)."""
    sides = tuple(tuple(s) for s in action["sides"])
    position = adapters.position_from_sides(sides, int(action["on_roll"]))
    n = getattr(settings, "match_length", 0)
    score = tuple(int(x) for x in action["score"])
    if n and max(score) >= n:
        raise ValueError(f"board start: score {score[0]}-{score[1]} ends a {n}-point match")
    value, owner = action["cube"]
    start = engine.StartFrom(position, int(value), None if owner is None else int(owner), score,
                             bool(action.get("crawford")), bool(action.get("post_crawford")))
    base = state if state is not None else engine.MatchState(settings)
    return base.apply(start)


HAND_TOO_LONG = 20.0  # seconds of "hand in view" before the display asks what lies over the board
HAND_TEXT = "board hidden: clear its edge, or calibrate again"


def _default_right_half(player: int) -> str:
    return "right half" if player == 0 else "left half"


class Table:
    """One table: the match state, the phase of the turn, and what the LEDs and display show."""

    def __init__(self, *, settings, journal, signals, display, clock: Callable[[], float],
                 players: tuple[str, str] = ("Player 0", "Player 1"),
                 right_half_of: Callable[[int], str] = _default_right_half,
                 min_confidence: float = 0.6, settle_frames: int = 1, brightness: int = 100,
                 board_start: Optional[BoardStart] = None, hand_too_long: float = HAND_TOO_LONG):
        self.settings = settings
        self.journal = journal
        self.signals = signals
        self.display = display
        self.clock = clock
        self.players = tuple(players)
        self.right_half_of = right_half_of
        self.brightness = brightness
        self.observer = Observer(settle=settle_frames, min_confidence=min_confidence)
        self.state = adapters.new_match(settings)
        self.phase = SETUP
        self.mover: Optional[int] = None      # whose move is being played (MOVE, CHECK)
        self.dice: Optional[engine.Dice] = None
        self.pending: Optional[dict] = None    # an illegal move the mover may still correct (R9)
        self.reroll_to: str = ROLL
        self.text = "set up the checkers"
        self.verdicts: list[dict] = []         # every verdict journalled, for callers and tests
        self.on_verdict: Optional[Callable[[dict], None]] = None
        self.variant = getattr(settings, "variant", "standard")
        self._before_double = self.state
        self.board_start = board_start
        self._board_seen: Optional[Sides] = None  # a game in progress waiting for its first dice
        self._cube_seen = None
        self.hand_too_long = hand_too_long
        self._hand_since: Optional[float] = None  # when the board was last hidden, while it is
        self._hidden: Optional[tuple] = None      # (text, signal) shown before "board hidden"
        self._signal: Optional[str] = None        # the last signal given with a text

    # ---- inputs --------------------------------------------------------------------------------

    def feed(self, reading) -> list:
        """Take one frame's Reading; returns the observer events it completed."""
        hidden = bool(getattr(reading, "hand_in_view", False))
        self._watch_hidden(hidden)
        if not hidden:
            self._cube_seen = getattr(reading, "cube", None)
        events = self.observer.feed(reading)
        for event in events:
            self.handle(event)
        return events

    def _watch_hidden(self, hidden: bool) -> None:
        """A hand is over the board for a moment; when the board stays hidden far longer (a
        scoresheet or cup put down against its edge, the camera knocked), say so on the display
        and the attention LED instead of waiting silently; when it is clear again, show what was
        shown before."""
        if not hidden:
            self._hand_since = None
            if self._hidden is not None:
                text, signal = self._hidden
                self._say(text, signal=signal)
            return
        now = self.clock()
        if self._hand_since is None:
            self._hand_since = now
        elif self._hidden is None and now - self._hand_since >= self.hand_too_long:
            self._hidden = (self.text, self._signal)
            log.warning("the board has been hidden for %.0f s", now - self._hand_since)
            self._say(HAND_TEXT, signal="attention")

    def press(self, button: str) -> None:
        """A button was pressed (called from the gpiozero callbacks)."""
        if button not in BUTTONS:
            raise ValueError(f"unknown button {button!r}; the buttons are {', '.join(BUTTONS)}")
        self.handle(ButtonPressed(button))

    def handle(self, event) -> None:
        """Act on one event according to the phase of the turn."""
        if isinstance(event, HandInView):
            return  # hands over the board: no judgement (the board is read when they are gone)
        if isinstance(event, ButtonPressed):
            self._record("button", button=event.name)
        handler = getattr(self, "_on_" + self.phase.replace(" ", "_"))
        try:
            handler(event)
        except engine.EngineError as exc:
            # the rules refuse what the table saw (say a beaver in a match): say so, go on
            log.info("%s refused in phase %s: %s", type(event).__name__, self.phase, exc)
            self._say(f"not allowed: {exc}", record="refused", signal="attention")

    def fault(self, what: str, **fields) -> dict:
        """A fault of the table's parts ("camera lost", "display lost", "display back", ...):
        journalled as a "fault" record, so the club page can show it; play goes on."""
        log.warning("fault: %s", what)
        return self._record("fault", what=what, **fields)

    # ---- phases --------------------------------------------------------------------------------

    def _on_setup(self, event) -> None:
        if isinstance(event, ButtonPressed) and event.name == "new_game":
            self.phase = OPENING
            self._say("new game: roll one die each", record="setup", signal="clear")
            return
        if isinstance(event, BoardSeen) and self._is_setup(event.sides):
            self._board_seen = None
            self.phase = OPENING
            self._say("set-up recognised: roll one die each", record="setup", signal="clear")
        elif self.board_start is not None and not self.state.actions and self.state.score == (0, 0) \
                and self.state.phase == engine.OPENING:
            self._on_board_start(event)

    def _on_board_start(self, event) -> None:
        """No journal and a game in progress on the board: it starts from what is read."""
        if isinstance(event, BoardSeen):
            if not event.confident:
                self._say("board start: the board is not read with confidence; check it",
                          signal="attention")
                return
            if self.variant == "acey-deucey":
                self._say("board start: acey-deucey cannot start from the board (checkers "
                          "waiting to enter look borne off)", signal="attention")
                return
            try:
                adapters.position_from_sides(event.sides, 0)
            except engine.EngineError as exc:
                self._say(f"board start: {exc}", signal="attention")
                return
            self._board_seen = event.sides
            if self.board_start.on_roll is not None:
                self._start_from_board(self.board_start.on_roll)
            else:
                self._say("game in progress: the player on roll rolls in his right half",
                          record="board_seen", signal="clear")
        elif isinstance(event, DiceSeen) and self._board_seen is not None:
            halves = {self.right_half_of(p): p for p in (0, 1)}
            where = {d[2] for d in event.dice}
            roller = halves.get(where.pop()) if len(where) == 1 else None
            if roller is None:
                self._reroll("the player on roll rolls both dice into his right half",
                             back_to=SETUP, dice=event.dice)
                return
            self._start_from_board(roller)
            self._roll(roller, event.dice)

    def _start_from_board(self, on_roll: int) -> None:
        start = self.board_start
        cube = start.cube if start.cube is not None else cube_of_reading(self._cube_seen)
        action = board_start_action(self.settings, self._board_seen, on_roll, cube, start.score)
        try:
            self.state = board_start_state(self.settings, action)
        except (engine.EngineError, ValueError) as exc:
            self._say(f"board start: {exc}", signal="attention")
            return
        self._before_double = self.state
        self._board_seen = None
        self.phase = ROLL
        self._say(f"game in progress taken from the board: {self.players[on_roll]} on roll, "
                  f"cube {cube[0]}" + (f" ({self.players[cube[1]]})" if cube[1] is not None else ""),
                  record="board_start", action=action, signal="turn")

    def _on_match_over(self, event) -> None:
        pass

    def _on_opening(self, event) -> None:
        if isinstance(event, BoardSeen) and not self._is_setup(event.sides):
            self.phase = SETUP
            self._say("set up the checkers", record="setup_lost", signal="attention")
            return
        if not isinstance(event, DiceSeen):
            return
        halves = [self.right_half_of(0), self.right_half_of(1)]
        dice = event.dice
        by_player = [[d for d in dice if d[2] == halves[p]] for p in (0, 1)]
        problem = None
        if len(dice) != 2:
            problem = f"roll one die each ({len(dice)} seen)"
        elif any(not d[1] for d in dice):
            problem = "a die is cocked"
        elif len(by_player[0]) != 1 or len(by_player[1]) != 1:
            problem = "each player rolls one die into his right half"
        if problem:
            self._reroll(problem, back_to=OPENING, dice=dice)
            return
        die0, die1 = by_player[0][0][0], by_player[1][0][0]
        if die0 == die1:
            action = None
            if getattr(self.settings, "automatic_doubles", False):  # R12: the cube doubles
                action = self._apply_soft(engine.OpeningRoll(die0, die1))
            self._reroll(f"equal dice {die0}-{die1}: roll again", back_to=OPENING, dice=dice,
                         kind="opening_tie", action=action)
            return
        action = engine.OpeningRoll(die0, die1)
        self.state = self.state.apply(action)
        self.mover = self.state.position.turn
        self.dice = engine.Dice(max(die0, die1), min(die0, die1))
        self.phase = MOVE
        self._say(f"{self.players[self.mover]} starts with {self.dice.a}-{self.dice.b}",
                  record="opening", action=action, signal="turn", dice=[die0, die1])

    def _on_roll(self, event) -> None:
        if isinstance(event, BoardSeen):
            if self.pending is not None and [list(x) for x in event.sides] != self.pending["sides"]:
                self._recheck_pending(event.sides, event.confident)
            return
        wants_double = (isinstance(event, ButtonPressed) and event.name == "double") or (
            isinstance(event, CubeSeen) and event.face == self._next_cube_face())
        if wants_double:
            self._condone_if_pending()
            self._offer_double(self.state.position.turn)
            return
        if isinstance(event, DiceSeen):
            self._condone_if_pending()
            self._roll(self.state.position.turn, event.dice)
            return
        if isinstance(event, ButtonPressed) and event.name == "confirm" and self.pending:
            self._recheck_pending(self.observer.latest_sides, True)
        elif isinstance(event, ButtonPressed) and event.name == "condone" and self.pending:
            self._condone_if_pending()
            adapters.call(self.signals, "clear")
            self._signal_turn()

    def _on_doubled(self, event) -> None:
        taker = 1 - self.state.position.turn
        if (isinstance(event, ButtonPressed) and event.name == "take") or (
                isinstance(event, CubeSeen) and event.where == f"player{taker}"):
            self.state = self.state.apply(engine.Take())
            self.phase = ROLL
            self._say(f"{self.players[taker]} takes: cube {self.state.cube_value}",
                      record="take", action=engine.Take(), signal="turn")
        elif isinstance(event, ButtonPressed) and event.name == "pass":
            before = self.state.score
            self.state = self.state.apply(engine.Pass())
            self._record("pass", action=engine.Pass())
            self._game_over(before, f"{self.players[taker]} passes")
        elif isinstance(event, ButtonPressed) and event.name == "beaver":
            if not getattr(self.settings, "beaver", False):
                self._say("beavers are not played (config)", signal="attention", record="notice")
                return
            self.state = self.state.apply(engine.Beaver())
            self.phase = ROLL
            self._say(f"{self.players[taker]} beavers: cube {self.state.cube_value}",
                      record="beaver", action=engine.Beaver(), signal="turn")
        elif isinstance(event, ButtonPressed) and event.name == "undo":
            self.state = self._before_double
            self.phase = ROLL
            self._say("double withdrawn", record="undo", action={"action": "undo"}, signal="clear")
            self._signal_turn()
        elif isinstance(event, DiceSeen):
            self._say("answer the double first: take or pass", signal="attention", record="notice")

    def _on_reroll(self, event) -> None:
        if isinstance(event, DiceLifted):
            self.phase = self.reroll_to
            roller = self.state.position.turn
            who = ("roll one die each" if self.phase == OPENING
                   else "the player on roll rolls in his right half" if self.phase == SETUP
                   else f"{self.players[roller]} to roll")
            self._say(who, record="reroll_lifted", signal="turn" if self.phase == ROLL else "clear")
        elif isinstance(event, DiceSeen):  # rolled again without picking up first
            self.phase = self.reroll_to
            self.handle(event)

    def _on_move(self, event) -> None:
        if isinstance(event, DiceLifted):
            self._judge(self.observer.board, self.observer.board_confident,
                        lifted_frame=event.frame)

    def _on_check(self, event) -> None:
        if isinstance(event, BoardSeen):
            self._judge(event.sides, event.confident, lifted_frame=None)
        elif isinstance(event, ButtonPressed) and event.name == "confirm":
            self._judge(self.observer.latest_sides, True, lifted_frame=None)
        elif isinstance(event, ButtonPressed) and event.name == "condone":
            self._accept_as_read()
        elif isinstance(event, DiceSeen):
            self._say("check the board before rolling (or hold confirm to play on)",
                      signal="attention", record="notice")

    def _accept_as_read(self) -> None:
        """The players hold confirm on a board the referee cannot judge: it stands as read (R9)."""
        sides = self.observer.latest_sides
        try:
            after = adapters.position_after(sides, self.mover, self.state.position) if sides else None
        except engine.EngineError as exc:
            after, why = None, str(exc)
        else:
            why = "no board reading"
        if after is None:
            self._say(f"cannot play on: {why}", signal="attention", record="notice")
            return
        action = engine.IllegalStands(after)
        mover, self.mover = self.mover, None
        self.state = self.state.apply(action)
        self.phase = ROLL
        adapters.call(self.signals, "clear")
        self._say(f"board accepted as read for {self.players[mover]}", record="accepted_as_read",
                  action=action, signal="turn")

    # ---- decisions -----------------------------------------------------------------------------

    def _roll(self, roller: int, dice) -> None:
        right = self.right_half_of(roller)
        problem = None
        if len(dice) != 2:
            problem = f"{len(dice)} dice seen"
        else:
            for pips, flat, where in dice:
                if not flat:
                    problem = "a die is cocked"
                elif where == "on checker":
                    problem = "a die lies on a checker"
                elif where != right:
                    problem = f"a die is outside {self.players[roller]}'s right half ({where})"
                if problem:
                    break
        if problem:
            self._reroll(problem, back_to=ROLL, dice=dice)
            return
        roll = engine.Dice(max(dice[0][0], dice[1][0]), min(dice[0][0], dice[1][0]))
        action = engine.Roll(roll)
        if getattr(self.state, "phase", None) == getattr(engine, "CHOOSE_DOUBLET", None):
            # acey-deucey after a 1-2 (R12): the player sets the dice to the doublet he chooses
            if not roll.is_double:
                self._reroll("set the dice to the doublet you choose", back_to=ROLL, dice=dice)
                return
            action = engine.ChooseDoublet(roll.a)
        self.state = self.state.apply(action)
        self.mover, self.dice = roller, roll
        self.phase = MOVE
        self._say(f"{self.players[roller]} rolled {roll.a}-{roll.b}", record="roll",
                  action=action, signal="turn")

    def _reroll(self, why: str, *, back_to: str, dice, kind: str = "reroll", action=None) -> None:
        self.phase = REROLL
        self.reroll_to = back_to
        self._say(f"reroll: {why}", record=kind, signal="attention", action=action,
                  seen=[list(d) for d in dice])

    def _offer_double(self, roller: int) -> None:
        offered = self._next_cube_face()
        self._before_double = self.state
        try:
            self.state = self.state.apply(engine.Double())
        except engine.EngineError as exc:
            self._say(f"no double: {exc}", record="double_refused", signal="attention")
            return
        self.phase = DOUBLED
        self._say(f"{self.players[roller]} doubles to {offered}", record="double",
                  action=engine.Double(), signal="attention")

    def _next_cube_face(self) -> int:
        return 2 * int(self.state.cube_value)

    def _judge(self, sides: Optional[Sides], confident: bool, *, lifted_frame) -> None:
        """The mover lifted his dice: check what stands on the board (R8, R9)."""
        started = self.clock()
        verdict = self._check(sides, confident)
        mover = self.mover
        if verdict["verdict"] == "legal":
            play = verdict["play"]
            action = engine.MovePlay(play)
            before = self.state.score
            self.state = self.state.apply(action)
            self.phase = ROLL
            self.mover = None
            text = f"{self.players[mover]}: {play}" if len(play) else f"{self.players[mover]}: no move"
            self._verdict(verdict, text, "accepted", action=action, frame=lifted_frame, player=mover)
            if self.state.game_over:
                self._game_over(before, text)
        elif verdict["verdict"] == "illegal":
            self.pending = {"mover": mover, "sides": [list(s) for s in sides],
                            "reason": verdict["reason"]}
            self.phase = ROLL
            nearest = verdict["nearest"]
            text = f"illegal: {verdict['reason']}" + (f"; e.g. {nearest[0]}" if nearest else "")
            self._verdict(verdict, text, "illegal", frame=lifted_frame)
        else:
            self.phase = CHECK
            self._verdict(verdict, f"check the board ({verdict['reason']})", "attention",
                          frame=lifted_frame)
        log.debug("verdict in %.1f ms", (self.clock() - started) * 1000)

    def _check(self, sides: Optional[Sides], confident: bool) -> dict:
        return judge(self.state.position, self.dice, sides, confident, self.mover, self.variant)

    def _recheck_pending(self, sides: Optional[Sides], confident: bool) -> None:
        """After an illegal move, the board changed before the opponent rolled: a correction?"""
        self.mover = self.pending["mover"]
        verdict = self._check(sides, confident)
        if verdict["verdict"] == "legal":
            self.pending = None
            action = engine.MovePlay(verdict["play"])
            before = self.state.score
            self.state = self.state.apply(action)
            text = f"corrected: {self.players[self.mover]}: {verdict['play']}"
            mover, self.mover = self.mover, None
            self._verdict(verdict, text, "accepted", action=action, kind="corrected", player=mover)
            if self.state.game_over:
                self._game_over(before, text)
        elif verdict["verdict"] == "illegal":
            self.pending = {**self.pending, "sides": [list(s) for s in sides],
                            "reason": verdict["reason"]}
            nearest = verdict["nearest"]
            self.mover = None
            self._verdict(verdict, f"illegal: {verdict['reason']}"
                          + (f"; e.g. {nearest[0]}" if nearest else ""), "illegal")
        else:
            self.mover = None  # hands still moving checkers: wait for the next board

    def _condone_if_pending(self) -> None:
        """The opponent acted after an illegal move: it stands (R9) and play goes on from the board."""
        if self.pending is None:
            return
        pending, self.pending = self.pending, None
        sides = tuple(tuple(s) for s in pending["sides"])
        after = adapters.position_after(sides, pending["mover"], self.state.position)
        action = engine.IllegalStands(after)
        self.state = self.state.apply(action)
        self._say(f"illegal move stands: {pending['reason']}", record="condoned", action=action,
                  signal="clear", reason=pending["reason"])

    def _game_over(self, score_before, why: str) -> None:
        winner = self.state.winner
        after = self.state.score
        points = after[winner] - score_before[winner] if winner is not None else 0
        how = getattr(getattr(self.state, "result", None), "how", "")  # single game, gammon, ...
        match_over = bool(getattr(self.state, "match_over", False))
        self.phase = MATCH_OVER if match_over else SETUP
        text = (f"{why}; {self.players[winner]} wins {points} point{'s' if points != 1 else ''}"
                + (f" ({how})" if how and how != "pass" else "")
                + f"; score {after[0]}-{after[1]}" + ("; match over" if match_over else ""))
        self._say(text, record="game_over", signal="clear", winner=winner, points=points,
                  how=how, score=list(after), match_over=match_over)
        adapters.call(self.signals, "turn", None)

    def _apply_soft(self, action):
        try:
            self.state = self.state.apply(action)
            return adapters.encode_action(action)
        except engine.EngineError as exc:
            log.info("engine refused %r: %s", action, exc)
            return None

    # ---- outputs -------------------------------------------------------------------------------

    def _is_setup(self, sides: Sides) -> bool:
        start = adapters.sides_of(engine.start_position(self.variant))
        return tuple(sides) == start

    def _verdict(self, verdict: dict, text: str, signal: str, *, action=None, frame=None,
                 kind: str = "verdict", player: Optional[int] = None) -> None:
        """Show a verdict at once (LEDs first: they are what the players wait for), then journal it."""
        adapters.call(self.signals, signal)
        self.text = text
        self._show()
        if player is None:
            player = self.mover if self.mover is not None else (self.pending or {}).get("mover")
        fields = {"verdict": verdict["verdict"], "player": player}
        if "play" in verdict:
            fields["play"] = str(verdict["play"])
        if "reason" in verdict:
            fields["reason"] = verdict["reason"]
        if verdict.get("nearest"):
            fields["nearest"] = [str(p) for p in verdict["nearest"][:3]]
        if frame is not None:
            fields["frame"] = frame
        record = self._record(kind, action=action, **fields)
        if signal != "illegal" and verdict["verdict"] == "legal":
            self._signal_turn()
        self.verdicts.append(record)
        if self.on_verdict:
            self.on_verdict(record)

    def _signal_turn(self) -> None:
        if self.phase in (ROLL, MOVE, DOUBLED):
            adapters.call(self.signals, "turn", self.state.position.turn)

    def _say(self, text: str, *, record: Optional[str] = None, signal: Optional[str] = None,
             action=None, **fields) -> None:
        back = self._hidden is not None and text != HAND_TEXT  # the board is back (or a button was
        if back:                                                # pressed): "board hidden" goes off
            self._hidden = None
        if signal == "turn" or back:  # a new step of the turn: amber/red of the last one go off
            adapters.call(self.signals, "clear")
            self._signal_turn()
        if signal and signal != "turn":
            adapters.call(self.signals, signal)
        if text != HAND_TEXT:  # ("board hidden" is not a step of the game: the one before is kept)
            self._signal = signal
        self.text = text
        self._show()
        if record:
            self._record(record, action=action, text=text, **fields)

    def _show(self) -> None:
        state = self.state
        position = state.position
        turn = None if self.phase in (SETUP, OPENING, MATCH_OVER) else position.turn
        self.display.show(adapters.display_state(
            score=tuple(state.score), match_length=getattr(self.settings, "match_length", 0),
            turn=turn, dice=tuple(self.dice) if self.dice and self.phase in (MOVE, CHECK) else (),
            cube_value=state.cube_value, cube_owner=state.cube_owner,
            pips=adapters.per_player(position, position.pip_count), text=self.text,
            brightness=self.brightness, players=self.players))

    def snapshot(self) -> dict:
        """The table's own bookkeeping (beyond the MatchState), journalled with every record."""
        return {"phase": self.phase, "mover": self.mover,
                "dice": [self.dice.a, self.dice.b] if self.dice else None,
                "pending": self.pending, "reroll_to": self.reroll_to, "text": self.text}

    def _record(self, kind: str, *, action=None, **fields) -> dict:
        position = self.state.position
        record: dict[str, Any] = dict(fields)
        if action is not None:
            record["action"] = action if isinstance(action, dict) else adapters.encode_action(action)
        elif "action" in record and record["action"] is None:
            del record["action"]
        record["position"] = position.id
        record["turn"] = position.turn
        record["cube"] = [self.state.cube_value, self.state.cube_owner]
        record["score"] = list(self.state.score)
        record["table"] = self.snapshot()
        return self.journal.append(kind, **record)

    # ---- resume --------------------------------------------------------------------------------

    @classmethod
    def resume(cls, journal, **kwargs) -> "Table":
        """Rebuild a table from its journal: replay every journalled action, restore the phase."""
        table = cls(journal=journal, **kwargs)
        states = [table.state]
        last = None
        for record in journal.records:
            if record.get("action"):
                _replay(states, record["action"])
            if "table" in record:
                last = record
        state = table.state = states[-1]
        if len(states) > 1:
            table._before_double = states[-2]
        if last is not None:
            snap = last["table"]
            table.phase = snap["phase"]
            table.mover = snap["mover"]
            table.dice = engine.Dice(*snap["dice"]) if snap["dice"] else None
            table.pending = snap["pending"]
            table.reroll_to = snap.get("reroll_to", ROLL)
            table.text = snap.get("text", "")
            if last.get("position") != state.position.id:
                raise ValueError(f"{journal.path}: replaying the journal gives position "
                                 f"{state.position.id}, the journal says {last.get('position')}")
        if state.game_over and table.phase not in (SETUP, MATCH_OVER):
            # the power went between the last action of a game and its game-over record
            table.phase = MATCH_OVER if getattr(state, "match_over", False) else SETUP
            table.pending, table.mover = None, None
        if table.phase in (MOVE, REROLL):
            # the dice may have been lifted while the referee was down: the first clear frame
            # without dice counts as the lift
            table.observer.assume_dice_on_table()
        table._record("resumed")
        table._signal_turn()
        table._show()
        log.info("resumed %s at %s (%d records)", journal.path, table.phase, len(journal.records))
        return table


def judge(before, dice, sides: Optional[Sides], confident: bool, mover: int,
          variant: str = "standard") -> dict:
    """The verdict on the board read after `mover` lifted his dice: {"verdict": "legal", "play"},
    {"verdict": "illegal", "reason", "nearest"} or {"verdict": "misread", "reason"} (R8, R9)."""
    if sides is None:
        return {"verdict": "misread", "reason": "no board reading"}
    if not confident:
        return {"verdict": "misread", "reason": "uncertain reading"}
    try:
        after = adapters.position_after(sides, mover, before)
    except engine.EngineError as exc:
        return {"verdict": "misread", "reason": str(exc)}
    # a checker gone while others are outside the home board is a misread too (engine.check_play)
    result = engine.check_play(before, dice, after, variant)
    if isinstance(result, engine.Legal):
        return {"verdict": "legal", "play": result.play}
    if result.misread:
        return {"verdict": "misread", "reason": result.reason}
    return {"verdict": "illegal", "reason": result.reason, "nearest": tuple(result.nearest)}


# ---- opening a table over a journal, and running it over frames ---------------------------------

def replay_journal(records: list[dict]):
    """(match options, players, MatchState) rebuilt from a journal's records."""
    if not records or records[0].get("type") != "match":
        raise ValueError("the journal does not start with a 'match' record")
    options = records[0]["settings"]
    players = tuple(records[0].get("players", ("Player 0", "Player 1")))
    states = [adapters.new_match(adapters.make_settings(options))]
    for record in records:
        if record.get("action"):
            _replay(states, record["action"])
    return options, players, states[-1]


def _replay(states: list, action: dict) -> None:
    """Apply one journalled action to the stack of states ("undo" drops the last one)."""
    if action.get("action") == "undo":
        if len(states) > 1:
            states.pop()
        return
    if action.get("action") == BOARD_START:
        states.append(board_start_state(states[-1].settings, action, states[-1]))
        return
    states.append(states[-1].apply(adapters.decode_action(action)))


def open_table(path, *, match_options: dict, players, clock, **kwargs) -> Table:
    """The table for this journal: resumed where it stood if the journal has a match, else new
    (kwargs may carry board_start: a new table then takes a game in progress from the board)."""
    from .journal import Journal
    journal = Journal(path, clock=clock)
    if journal.records:
        first = journal.records[0]
        options = first.get("settings", match_options)
        if options != match_options:
            log.warning("%s: resuming with the match options it started with, not the config's",
                        path)
        table = Table.resume(journal, settings=adapters.make_settings(options),
                             players=tuple(first.get("players", players)), clock=clock, **kwargs)
        return table
    journal.append("match", settings=dict(match_options), players=list(players))
    table = Table(journal=journal, settings=adapters.make_settings(match_options),
                  players=tuple(players), clock=clock, **kwargs)
    table._show()
    return table


def run_frames(table: Table, source, reader, *, on_frame: Optional[Callable[[int], None]] = None,
               after_read: Optional[Callable[[], None]] = None,
               stop: Optional[Callable[[], bool]] = None, max_frames: Optional[int] = None) -> int:
    """Read frames until the source ends (or stop() says so), feeding each reading to the table
    (reader None: the source gives readings). after_read runs between reading and judging (button
    presses are taken there, in order with the frames)."""
    count = 0
    while (stop is None or not stop()) and (max_frames is None or count < max_frames):
        frame = source.read()
        if after_read is not None:
            after_read()
        if frame is None:
            break
        table.feed(reader.read(frame) if reader is not None else frame)
        count += 1
        if on_frame is not None:
            on_frame(count)
    return count
