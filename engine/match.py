"""Match flow as an immutable state machine: the opening roll (R2), turns, the cube (R11, R12
beaver and automatic doubles), scoring (R10, R12), match play with the Crawford rule (R13) and the
variants' turn structure (R12 acey-deucey's 1-2 bonus).

`MatchState.apply(action)` returns the next state and keeps the actions as the log; the log alone
rebuilds the state (`MatchState.replay`) and is what the .mat writer reads. Actions serialise to
plain JSON dicts (`action.to_json()`, `action_from_json(d)`) so the referee can journal them.

Choices made here (the rules leave them open):
- Jacoby, automatic doubles and beavers apply only in money play (match_length 0, R13); gnubg
  allows none of them in matches either. Automatic doubles have no limit.
- Acey-deucey has no cube (no Double, no automatic doubles). The 1-2 bonus also applies when the
  opening roll is 1-2. The loser pays the stake times his checkers not borne off.
- In a match a player may not double when the cube is dead for him (the stake already gives him
  the match), as gnubg rules.
- A roll with nothing to play still needs `MovePlay(Play())` (the referee sees the dice picked up).
- `StartFrom` begins a game from a given position where an OpeningRoll could (a fresh match, equal
  opening dice, or after a game): the cube, the score and the Crawford state are given, not
  derived; `games()` marks such a game with its `start` position (the .mat writer leaves it out).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Union

from .cube import (BACKGAMMON, GAMMON, SINGLE, Cube, acey_deucey_points, game_points,
                   result_kind)
from .dice import Dice
from .errors import EngineError
from .legal import VARIANTS, LegalPlays, apply_play, legal_plays, legal_results
from .notation import Play
from .position import CHECKERS, Position
from .variants import start_position

__all__ = [
    "Settings", "MatchState", "GameResult", "IllegalActionError",
    "OpeningRoll", "Roll", "Double", "Take", "Pass", "Beaver", "MovePlay", "IllegalStands",
    "Condone", "ChooseDoublet", "Resign", "StartFrom", "Action", "action_from_json", "Event", "GameRecord",
    "OPENING", "ROLL", "DOUBLED", "MOVE", "CHOOSE_DOUBLET", "GAME_OVER", "MATCH_OVER",
]

# Phases of the match: what the state waits for.
OPENING = "opening"                # one die each (OpeningRoll)
ROLL = "roll"                      # the player on roll rolls (Roll) or doubles (Double)
DOUBLED = "doubled"                # the opponent takes, passes or beavers
MOVE = "move"                      # the player on roll plays his dice (MovePlay / IllegalStands)
CHOOSE_DOUBLET = "choose doublet"  # acey-deucey: after a 1-2 the player names a doublet
GAME_OVER = "game over"            # the next OpeningRoll starts the next game
MATCH_OVER = "match over"          # nothing more


class IllegalActionError(EngineError):
    """An action the match does not allow now (wrong phase, wrong player, a double not allowed)."""


@dataclass(frozen=True)
class Settings:
    """How the match is played. match_length 0 = money play (a session without end)."""

    match_length: int = 0
    crawford: bool = True
    jacoby: bool = False
    mediterranean: bool = False
    no_gammons: bool = False
    automatic_doubles: bool = False
    beaver: bool = False
    variant: str = "standard"

    def __post_init__(self) -> None:
        n = self.match_length
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < 1 << 15:
            raise ValueError(f"match_length {n!r} must be a whole number 0..32767 (0 = money)")
        if self.variant not in VARIANTS:
            raise ValueError(f"variant {self.variant!r} is not one of {', '.join(VARIANTS)}")
        for name in ("crawford", "jacoby", "mediterranean", "no_gammons", "automatic_doubles", "beaver"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"setting {name} must be true or false, not {getattr(self, name)!r}")

    @property
    def money(self) -> bool:
        return self.match_length == 0

    @property
    def has_cube(self) -> bool:
        """Acey-deucey is played without the doubling cube (R12)."""
        return self.variant != "acey-deucey"


# ---- actions ---------------------------------------------------------------------------------

class Action:
    """Base of the actions a MatchState accepts; each serialises to a plain JSON dict."""

    kind = ""

    def to_json(self) -> dict:
        return {"action": self.kind}


@dataclass(frozen=True)
class OpeningRoll(Action):
    """R2: one die each, die0 of player 0 and die1 of player 1 (equal numbers: roll again)."""

    die0: int
    die1: int
    kind = "opening"

    def __post_init__(self) -> None:
        Dice(self.die0, self.die1)  # validates both numbers

    def to_json(self) -> dict:
        return {"action": self.kind, "dice": [self.die0, self.die1]}


@dataclass(frozen=True)
class Roll(Action):
    """The player on roll rolled `dice`."""

    dice: Dice
    kind = "roll"

    def __post_init__(self) -> None:
        if not isinstance(self.dice, Dice):
            object.__setattr__(self, "dice", Dice.parse(self.dice) if isinstance(self.dice, str)
                               else Dice(*self.dice))

    def to_json(self) -> dict:
        return {"action": self.kind, "dice": [self.dice.a, self.dice.b]}


@dataclass(frozen=True)
class Double(Action):
    """The player on roll doubles, before rolling (R11)."""

    kind = "double"


@dataclass(frozen=True)
class Take(Action):
    """The opponent takes the double: he owns the cube at twice the value."""

    kind = "take"


@dataclass(frozen=True)
class Pass(Action):
    """The opponent passes: the doubler wins the stake as it stood before the double."""

    kind = "pass"


@dataclass(frozen=True)
class Beaver(Action):
    """R12: the opponent takes and at once redoubles, keeping the cube (four times the value)."""

    kind = "beaver"


@dataclass(frozen=True)
class MovePlay(Action):
    """The player on roll played `play` (an empty Play when nothing can be played)."""

    play: Play
    kind = "move"

    def __post_init__(self) -> None:
        if isinstance(self.play, str):
            object.__setattr__(self, "play", Play.parse(self.play))
        elif not isinstance(self.play, Play):
            object.__setattr__(self, "play", Play(self.play))

    def to_json(self) -> dict:
        return {"action": self.kind, "play": str(self.play)}


@dataclass(frozen=True)
class IllegalStands(Action):
    """R9: an illegal move was not corrected; the board `position` (the mover still on roll, the
    same view as before his move) stands and play goes on from it."""

    position: Position
    kind = "illegal_stands"

    def to_json(self) -> dict:
        p = self.position
        return {"action": self.kind, "on_roll": list(p.on_roll), "opponent": list(p.opponent),
                "turn": p.turn, "waiting": list(p.waiting)}


Condone = IllegalStands


@dataclass(frozen=True)
class ChooseDoublet(Action):
    """Acey-deucey (R12): after playing a 1-2, the player names the doublet he plays."""

    number: int
    kind = "choose_doublet"

    def __post_init__(self) -> None:
        Dice(self.number, self.number)

    def to_json(self) -> dict:
        return {"action": self.kind, "number": self.number}


@dataclass(frozen=True)
class Resign(Action):
    """`player` resigns the game as a single game, gammon or backgammon (value 1, 2, 3, as gnubg
    numbers them) and the opponent accepts; the opponent scores it at the cube (with the scoring
    options)."""

    player: int
    value: int = SINGLE
    kind = "resign"

    def __post_init__(self) -> None:
        if self.player not in (0, 1):
            raise IllegalActionError(f"resigning player {self.player!r} is not 0 or 1")
        if self.value not in (SINGLE, GAMMON, BACKGAMMON):
            raise IllegalActionError(f"resignation value {self.value!r} is not 1, 2 or 3")

    def to_json(self) -> dict:
        return {"action": "resign", "player": self.player, "value": self.value}


@dataclass(frozen=True)
class StartFrom(Action):
    """A game that begins from a given position (e.g. one read off the board) instead of the
    opening roll: `position.turn` is on roll and rolls (or doubles) next; the cube, the score
    (None: the match score as it stands) and whether this is the Crawford game, or the Crawford
    game has been played, are given since they cannot be seen. Valid where an OpeningRoll is."""

    position: Position
    cube_value: int = 1
    cube_owner: Optional[int] = None
    score: Optional[tuple] = None
    crawford: bool = False
    post_crawford: bool = False
    kind = "start_from"

    def __post_init__(self) -> None:
        if not isinstance(self.position, Position):
            raise IllegalActionError(f"StartFrom needs an engine.Position, not {self.position!r}")
        Cube(self.cube_value, self.cube_owner)  # CubeError names a bad value or owner
        if self.score is not None:
            score = tuple(self.score)
            if len(score) != 2 or any(not isinstance(x, int) or isinstance(x, bool) or x < 0
                                      for x in score):
                raise IllegalActionError(f"StartFrom: score {self.score!r} is not two whole numbers >= 0")
            object.__setattr__(self, "score", score)
        for name in ("crawford", "post_crawford"):
            if not isinstance(getattr(self, name), bool):
                raise IllegalActionError(f"StartFrom: {name} must be true or false")
        if self.crawford and self.post_crawford:
            raise IllegalActionError("StartFrom: a game cannot be both the Crawford game and after it")

    def to_json(self) -> dict:
        p = self.position
        return {"action": self.kind, "on_roll": list(p.on_roll), "opponent": list(p.opponent),
                "turn": p.turn, "waiting": list(p.waiting), "cube": [self.cube_value, self.cube_owner],
                "score": None if self.score is None else list(self.score),
                "crawford": self.crawford, "post_crawford": self.post_crawford}


_ACTIONS = {cls.kind: cls for cls in (OpeningRoll, Roll, Double, Take, Pass, Beaver, MovePlay,
                                      IllegalStands, ChooseDoublet, Resign, StartFrom)}


def action_from_json(data: dict) -> Action:
    """The action written by `action.to_json()`; ValueError naming what is wrong otherwise."""
    if not isinstance(data, dict):
        raise IllegalActionError(f"an action must be a JSON object, not {data!r}")
    kind = data.get("action")
    cls = _ACTIONS.get(kind)
    if cls is None:
        raise IllegalActionError(f"unknown action {kind!r}; expected one of {', '.join(_ACTIONS)}")
    try:
        if cls is OpeningRoll:
            return OpeningRoll(*data["dice"])
        if cls is Roll:
            return Roll(Dice(*data["dice"]))
        if cls is MovePlay:
            return MovePlay(Play.parse(data["play"]))
        if cls is ChooseDoublet:
            return ChooseDoublet(int(data["number"]))
        if cls is Resign:
            return Resign(int(data["player"]), int(data.get("value", SINGLE)))
        if cls is StartFrom:
            position = Position(tuple(data["on_roll"]), tuple(data["opponent"]),
                                int(data.get("turn", 0)), tuple(data.get("waiting", (0, 0))))
            value, owner = data.get("cube", (1, None))
            score = data.get("score")
            return StartFrom(position, value, owner, None if score is None else tuple(score),
                             bool(data.get("crawford", False)), bool(data.get("post_crawford", False)))
        if cls is IllegalStands:
            if "sides" in data:  # (player 0's side, player 1's side), the referee's form
                sides, turn = data["sides"], data["turn"]
                return IllegalStands(Position(tuple(sides[turn]), tuple(sides[1 - turn]), turn))
            return IllegalStands(Position(tuple(data["on_roll"]), tuple(data["opponent"]),
                                          data.get("turn", 0), tuple(data.get("waiting", (0, 0)))))
        return cls()
    except (KeyError, TypeError) as exc:
        raise IllegalActionError(f"action {data!r} is incomplete: {exc}") from None


# ---- the state -------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameResult:
    """How a game ended: the winner, the points he scored, and why (single game, gammon,
    backgammon, 'pass' for a passed double, 'checkers' for acey-deucey's count)."""

    winner: int
    points: int
    how: str
    cube_value: int


@dataclass(frozen=True)
class Event:
    """One line item of a game's record (what a .mat file shows): kind is 'move', 'double',
    'take', 'beaver', 'pass' or 'win'; player is who did it."""

    kind: str
    player: int
    dice: Optional[Dice] = None
    play: Optional[Play] = None
    value: int = 0
    illegal: bool = False


_NAMES = {SINGLE: "single game", GAMMON: "gammon", BACKGAMMON: "backgammon"}


@dataclass(frozen=True)
class MatchState:
    """Where a match stands. Build with `MatchState(settings)` / `MatchState.new(settings)`, move on
    with `state.apply(action)`; `actions` is the full log since the start of the match.

    `position.turn` is the player on roll (the doubler while a double is offered; `turn` is who
    must act). After a game, `position` is the last board seen by the winner (winner on roll)
    and `result` / `winner` say how it ended, until the next OpeningRoll starts a new game."""

    settings: Settings = field(default_factory=Settings)
    phase: str = OPENING
    position: Optional[Position] = None
    cube: Cube = Cube()
    score: tuple = (0, 0)
    dice: Optional[Dice] = None
    crawford: bool = False          # this game is the Crawford game
    post_crawford: bool = False     # the Crawford game has been played
    game_number: int = 1
    result: Optional[GameResult] = None   # of the last game ended, until the next one starts
    bonus: bool = False             # acey-deucey: the dice are a chosen doublet after a 1-2
    actions: tuple = ()

    def __post_init__(self) -> None:
        if self.position is None:
            object.__setattr__(self, "position", start_position(self.settings.variant))

    @classmethod
    def new(cls, settings: Optional[Settings] = None) -> "MatchState":
        return cls(settings if settings is not None else Settings())

    @classmethod
    def replay(cls, settings: Settings, actions: Iterable[Union[Action, dict]]) -> "MatchState":
        """The state after `actions` (Action objects or their JSON dicts) from a new match."""
        state = cls(settings)
        for action in actions:
            state = state.apply(action_from_json(action) if isinstance(action, dict) else action)
        return state

    # --- facts -----------------------------------------------------------------------------
    @property
    def cube_value(self) -> int:
        return self.cube.value

    @property
    def cube_owner(self) -> Optional[int]:
        return self.cube.owner

    @property
    def turn(self) -> Optional[int]:
        """The player who must act now: the taker while a double is offered, None between games."""
        if self.phase in (OPENING, GAME_OVER, MATCH_OVER):
            return None
        if self.phase == DOUBLED:
            return 1 - self.position.turn
        return self.position.turn

    @property
    def game_over(self) -> bool:
        return self.phase in (GAME_OVER, MATCH_OVER)

    @property
    def match_over(self) -> bool:
        return self.phase == MATCH_OVER

    @property
    def winner(self) -> Optional[int]:
        """The winner of the game just ended (while game_over), else None."""
        return self.result.winner if self.result is not None and self.game_over else None

    @property
    def match_winner(self) -> Optional[int]:
        if self.phase != MATCH_OVER:
            return None
        return 0 if self.score[0] >= self.settings.match_length else 1

    @property
    def may_double(self) -> bool:
        """May the player on roll double now (R11, R13 Crawford, acey-deucey has no cube)?"""
        return (self.phase == ROLL and self.settings.has_cube and not self.crawford
                and self.cube.may_double(self.position.turn) and not self._cube_dead)

    @property
    def _cube_dead(self) -> bool:
        """In a match the cube is dead for a player whom the stake already gives the match (gnubg
        refuses such a double, so our records would not import)."""
        n = self.settings.match_length
        return bool(n) and self.cube.value >= n - self.score[self.position.turn]

    @property
    def legal_plays(self) -> Optional[LegalPlays]:
        """The legal plays of the dice to play (phase MOVE), else None."""
        if self.phase != MOVE:
            return None
        return legal_plays(self.position, self.dice, self.settings.variant)

    @property
    def legal_actions(self) -> tuple:
        """The action classes accepted now."""
        if self.phase in (OPENING, GAME_OVER):  # StartFrom too, for a game from a set position
            return (OpeningRoll,)
        if self.phase == ROLL:
            return (Roll, Double, Resign) if self.may_double else (Roll, Resign)
        if self.phase == DOUBLED:
            return (Take, Pass, Beaver, Resign) if self._beaver_allowed else (Take, Pass, Resign)
        if self.phase == MOVE:
            return (MovePlay, IllegalStands, Resign)
        if self.phase == CHOOSE_DOUBLET:
            return (ChooseDoublet, Resign)
        return ()

    @property
    def _beaver_allowed(self) -> bool:
        return self.settings.beaver and self.settings.money

    @property
    def match_id(self) -> str:
        """The GNU Match ID of this state (players numbered as here)."""
        from .matchid import MatchId
        s = self.settings
        if self.phase == OPENING and not self.actions:
            state = "none"
        elif self.game_over:
            how = self.result.how if self.result is not None else ""
            state = "dropped" if how == "pass" else "resigned" if how.startswith("resigns") else "over"
        else:
            state = "playing"
        mover = self.position.turn
        return MatchId(
            cube_value=self.cube.value, cube_owner=self.cube.owner, dice_owner=mover,
            crawford=self.crawford, game_state=state,
            turn=1 - mover if self.phase == DOUBLED else mover,
            double_offered=self.phase == DOUBLED,
            dice=(self.dice.a, self.dice.b) if self.dice is not None and self.phase == MOVE else (),
            match_length=s.match_length, score=tuple(self.score),
            jacoby=s.jacoby and s.money,
        ).id

    @property
    def gnubg_id(self) -> str:
        """'PositionID:MatchID' as gnubg's `set gnubgid` reads it."""
        return f"{self.position.id}:{self.match_id}"

    # --- moving on --------------------------------------------------------------------------
    def apply(self, action: Action) -> "MatchState":
        """The state after `action`; IllegalActionError (or the engine's IllegalPlayError for a
        play the dice do not allow) when it is not allowed now."""
        return self._step(action)[0]

    def _change(self, action: Action, **changes: Any) -> "MatchState":
        return dataclasses.replace(self, actions=self.actions + (action,), **changes)

    def _refuse(self, action: Action) -> IllegalActionError:
        return IllegalActionError(
            f"{type(action).__name__} is not allowed in phase '{self.phase}'"
            + (f" (expected {', '.join(c.__name__ for c in self.legal_actions)})" if self.legal_actions else ""))

    def _step(self, action: Action) -> tuple["MatchState", tuple]:
        """(next state, events for the record)."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not a match action")
        handler = getattr(self, "_on_" + action.kind)
        return handler(action)

    def _on_opening(self, action: OpeningRoll):
        if self.phase not in (OPENING, GAME_OVER):
            raise self._refuse(action)
        s = self.settings
        base = self
        if self.phase == GAME_OVER:  # the next game starts
            base = dataclasses.replace(
                self, phase=OPENING, position=start_position(s.variant), cube=Cube(), dice=None,
                result=None, bonus=False, game_number=self.game_number + 1,
                crawford=self._next_is_crawford(), post_crawford=self.post_crawford or self.crawford)
        if action.die0 == action.die1:
            cube = base.cube
            if s.automatic_doubles and s.money and s.has_cube:
                cube = cube.automatic_double()
            return base._change(action, cube=cube), ()
        mover = 0 if action.die0 > action.die1 else 1
        dice = Dice(max(action.die0, action.die1), min(action.die0, action.die1))
        return base._change(action, phase=MOVE, position=start_position(s.variant, turn=mover),
                            dice=dice), ()

    def _on_start_from(self, action: StartFrom):
        if self.phase not in (OPENING, GAME_OVER):
            raise self._refuse(action)
        s = self.settings
        n = s.match_length
        score = action.score if action.score is not None else tuple(self.score)
        if n and max(score) >= n:
            raise IllegalActionError(f"StartFrom: score {score[0]}-{score[1]} ends a {n}-point match")
        if action.crawford and not (n and s.crawford and n - 1 in score):
            raise IllegalActionError(f"StartFrom: no Crawford game at {score[0]}-{score[1]}"
                                     + (f" in a {n}-point match" if n else " in money play")
                                     + ("" if s.crawford or not n else " without the Crawford rule"))
        cube = Cube(action.cube_value, action.cube_owner)
        if action.crawford and cube != Cube():
            raise IllegalActionError("StartFrom: the cube stays in the middle on 1 in the Crawford game (R13)")
        if cube != Cube() and not s.has_cube:
            raise IllegalActionError("StartFrom: acey-deucey is played without the doubling cube")
        if any(action.position.waiting) and s.variant != "acey-deucey":
            raise IllegalActionError(f"StartFrom: checkers waiting to enter only in acey-deucey, "
                                     f"not in {s.variant}")
        number = self.game_number + 1 if self.phase == GAME_OVER else self.game_number
        return self._change(action, phase=ROLL, position=action.position, cube=cube, score=score,
                            dice=None, result=None, bonus=False, game_number=number,
                            crawford=action.crawford,
                            post_crawford=action.post_crawford or self.post_crawford or self.crawford), ()

    def _next_is_crawford(self) -> bool:
        """The game after the one that first brought a player to N-1 points is the Crawford game."""
        n = self.settings.match_length
        if not (self.settings.crawford and n and not self.crawford and not self.post_crawford):
            return False
        if self.result is None:
            return False
        return self.score[self.result.winner] == n - 1

    def _on_roll(self, action: Roll):
        if self.phase != ROLL:
            raise self._refuse(action)
        return self._change(action, phase=MOVE, dice=action.dice, bonus=False), ()

    def _on_double(self, action: Double):
        if self.phase != ROLL:
            raise self._refuse(action)
        player = self.position.turn
        if not self.settings.has_cube:
            raise IllegalActionError("acey-deucey is played without the doubling cube")
        if self.crawford:
            raise IllegalActionError("no doubling in the Crawford game (R13)")
        if not self.cube.may_double(player):
            raise IllegalActionError(f"player {player} may not double: player {self.cube.owner} owns the cube")
        if self._cube_dead:
            raise IllegalActionError(f"player {player} may not double: the cube is dead (a win at "
                                     f"{self.cube.value} already gives him the match)")
        event = Event("double", player, value=self.cube.value * 2)
        return self._change(action, phase=DOUBLED), (event,)

    def _on_take(self, action: Take):
        if self.phase != DOUBLED:
            raise self._refuse(action)
        taker = 1 - self.position.turn
        return self._change(action, phase=ROLL, cube=self.cube.taken(taker)), (Event("take", taker),)

    def _on_beaver(self, action: Beaver):
        if self.phase != DOUBLED:
            raise self._refuse(action)
        if not self._beaver_allowed:
            raise IllegalActionError("beavers are not allowed (a money-play option, R12)")
        taker = 1 - self.position.turn
        cube = self.cube.beavered(taker)
        return self._change(action, phase=ROLL, cube=cube), (Event("beaver", taker, value=cube.value),)

    def _on_pass(self, action: Pass):
        if self.phase != DOUBLED:
            raise self._refuse(action)
        doubler = self.position.turn
        result = GameResult(doubler, self.cube.value, "pass", self.cube.value)
        state, events = self._end_game(action, result, dice=None)
        return state, (Event("pass", 1 - doubler),) + events

    def _on_resign(self, action: Resign):
        if self.phase not in (ROLL, MOVE, DOUBLED, CHOOSE_DOUBLET):
            raise self._refuse(action)
        st = self.settings
        winner = 1 - action.player
        if st.variant == "acey-deucey":
            view = self.position if self.position.turn == action.player else self.position.swapped()
            points = acey_deucey_points(self.cube.value, CHECKERS - view.borne_off[0])
            how = "checkers"
        else:
            points = game_points(action.value, self.cube, jacoby=st.jacoby and st.money,
                                 mediterranean=st.mediterranean, no_gammons=st.no_gammons)
            how = "resigns " + _NAMES[action.value]
        return self._end_game(action, GameResult(winner, points, how, self.cube.value), dice=None)

    def _on_choose_doublet(self, action: ChooseDoublet):
        if self.phase != CHOOSE_DOUBLET:
            raise self._refuse(action)
        return self._change(action, phase=MOVE, dice=Dice(action.number, action.number), bonus=True), ()

    def _on_move(self, action: MovePlay):
        if self.phase != MOVE:
            raise self._refuse(action)
        variant = self.settings.variant
        after = apply_play(self.position, action.play, self.dice, variant)  # IllegalPlayError if not legal
        play = legal_results(self.position, self.dice, variant)[after]
        full = len(play) == len(self.dice.numbers)
        # the log keeps the canonical play (one move per number), whatever notation came in
        return self._after_move(MovePlay(play), after, Event("move", self.position.turn, self.dice, play), full)

    def _on_illegal_stands(self, action: IllegalStands):
        if self.phase != MOVE:
            raise self._refuse(action)
        after = action.position
        mover = self.position.turn
        if after.turn != mover:
            after = dataclasses.replace(after, turn=mover)
        event = Event("move", mover, self.dice, _pseudo_play(self.position, after), illegal=True)
        return self._after_move(action, after, event, full=False)

    def _after_move(self, action: Action, after: Position, event: Event, full: bool):
        """The move is made (`after`: the mover still on roll): game over, acey-deucey bonus or
        the turn passes."""
        mover = after.turn
        if after.borne_off[0] == CHECKERS:
            loser = after.swapped()
            s = self.settings
            if s.variant == "acey-deucey":
                left = CHECKERS - loser.borne_off[0]
                result = GameResult(mover, acey_deucey_points(self.cube.value, left), "checkers",
                                    self.cube.value)
            else:
                kind = result_kind(loser.on_roll, loser.borne_off[0])
                points = game_points(kind, self.cube, jacoby=s.jacoby and s.money,
                                     mediterranean=s.mediterranean, no_gammons=s.no_gammons)
                result = GameResult(mover, points, _NAMES[kind], self.cube.value)
            moved = dataclasses.replace(self, position=after)
            state, events = moved._end_game(action, result, dice=self.dice)
            return state, (event,) + events
        if self.settings.variant == "acey-deucey" and full:
            if not self.bonus and set(self.dice) == {1, 2}:
                return self._change(action, phase=CHOOSE_DOUBLET, position=after, dice=None), (event,)
            if self.bonus:  # the chosen doublet fully played: he rolls again
                return self._change(action, phase=ROLL, position=after, dice=None, bonus=False), (event,)
        return self._change(action, phase=ROLL, position=after.swapped(), dice=None, bonus=False), (event,)

    def _end_game(self, action: Action, result: GameResult, dice: Optional[Dice]):
        score = list(self.score)
        score[result.winner] += result.points
        n = self.settings.match_length
        phase = MATCH_OVER if n and score[result.winner] >= n else GAME_OVER
        state = self._change(action, phase=phase, score=tuple(score), result=result, dice=dice)
        return state, (Event("win", result.winner, value=result.points),)

    # --- the record ---------------------------------------------------------------------------
    def games(self) -> tuple:
        """The record of every game so far, for writers such as .mat: a tuple of
        `GameRecord(score_before, events, result)` rebuilt from the action log."""
        state = MatchState(self.settings)
        games: list = []
        events: list = []
        start_score = (0, 0)
        start: Optional[Position] = None
        for action in self.actions:
            if isinstance(action, (OpeningRoll, StartFrom)) and state.phase == GAME_OVER:
                games.append(GameRecord(start_score, tuple(events), state.result, start))
                events = []
                start_score = state.score
                start = None
            state, new = state._step(action)
            if isinstance(action, StartFrom):
                start_score, start = state.score, state.position
            events.extend(new)
        if self.actions:
            games.append(GameRecord(start_score, tuple(events),
                                    state.result if state.game_over else None, start))
        return tuple(games)


@dataclass(frozen=True)
class GameRecord:
    """One game of the record: the score before it, its events in order, its result (None while
    it is being played), and the position it began from when that was not the opening (StartFrom;
    None for a game begun with the opening roll)."""

    score: tuple
    events: tuple
    result: Optional[GameResult]
    start: Optional[Position] = None


def _pseudo_play(before: Position, after: Position) -> Play:
    """Moves that turn `before` into `after` for the mover, for the record of an illegal move that
    stood: checkers that left points (highest first) paired with points that gained (highest
    first). Opposing checkers sent to the bar are marked as hits where the mover landed."""
    from .notation import BAR, OFF, Move
    sources: list[int] = []
    dests: list[int] = []
    for i in range(25):
        d = after.on_roll[i] - before.on_roll[i]
        point = BAR if i == 24 else i + 1
        sources += [point] * max(0, -d)
        dests += [point] * max(0, d)
    waiting_used = before.waiting[0] - after.waiting[0]
    sources += [BAR] * max(0, waiting_used)
    off = after.borne_off[0] - before.borne_off[0]
    dests += [OFF] * max(0, off)
    sources.sort(reverse=True)
    dests.sort(reverse=True)
    hit_points = {24 - j for j in range(24) if after.opponent[j] < before.opponent[j]}
    moves = [Move(s, d, d in hit_points) for s, d in zip(sources, dests) if d < s]
    return Play(moves)
