"""A minimal stand-in for engine's match flow (used only while engine.MatchState is not there).

Just enough bookkeeping for the referee's tests: opening roll, rolls, moves, cube, pass, score.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Optional

import engine


@dataclass(frozen=True)
class Settings:
    match_length: int = 0
    crawford: bool = True
    jacoby: bool = False
    mediterranean: bool = False
    no_gammons: bool = False
    automatic_doubles: bool = False
    beaver: bool = False
    variant: str = "standard"


@dataclass(frozen=True)
class OpeningRoll:
    die0: int
    die1: int


@dataclass(frozen=True)
class Roll:
    dice: engine.Dice


@dataclass(frozen=True)
class Double:
    pass


@dataclass(frozen=True)
class Take:
    pass


@dataclass(frozen=True)
class Beaver:
    pass


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class MovePlay:
    play: engine.Play


@dataclass(frozen=True)
class Condone:
    pass


@dataclass(frozen=True)
class IllegalStands:
    position: engine.Position


@dataclass(frozen=True)
class MatchState:
    settings: Settings
    position: engine.Position = field(default_factory=engine.Position.start)
    phase: str = "opening"
    dice: Optional[engine.Dice] = None
    cube_value: int = 1
    cube_owner: Optional[int] = None
    score: tuple = (0, 0)
    game_over: bool = False
    winner: Optional[int] = None
    crawford: bool = False
    log: tuple = ()

    def apply(self, action) -> "MatchState":
        r = dataclasses.replace
        s = self
        if s.game_over:  # the next game
            s = r(s, position=engine.Position.start(), phase="opening", game_over=False,
                  winner=None, cube_value=1, cube_owner=None, dice=None)
        log = s.log + (action,)
        if isinstance(action, OpeningRoll):
            if s.phase != "opening" or action.die0 == action.die1:
                raise engine.EngineError("not an opening roll")
            turn = 0 if action.die0 > action.die1 else 1
            return r(s, position=engine.Position.start(turn), phase="move",
                     dice=engine.Dice(action.die0, action.die1), log=log)
        if isinstance(action, Roll):
            if s.phase != "roll":
                raise engine.EngineError(f"cannot roll in phase {s.phase}")
            return r(s, phase="move", dice=action.dice, log=log)
        if isinstance(action, MovePlay):
            if s.phase != "move":
                raise engine.EngineError("not moving")
            pos = s.position.play(action.play, s.dice)
            if pos.borne_off[1] == 15:
                winner = s.position.turn
                new = list(s.score)
                new[winner] += s.cube_value
                return r(s, position=pos, phase="over", game_over=True, winner=winner,
                         score=tuple(new), log=log)
            return r(s, position=pos, phase="roll", dice=None, log=log)
        if isinstance(action, IllegalStands):
            p = action.position
            pos = engine.Position(p.opponent, p.on_roll, 1 - p.turn)
            return r(s, position=pos, phase="roll", dice=None, log=log)
        if isinstance(action, Double):
            if s.phase != "roll" or s.cube_owner not in (None, s.position.turn):
                raise engine.EngineError("you may not double now")
            return r(s, phase="doubled", log=log)
        if isinstance(action, Take):
            return r(s, phase="roll", cube_value=2 * s.cube_value,
                     cube_owner=1 - s.position.turn, log=log)
        if isinstance(action, Pass):
            winner = s.position.turn
            new = list(s.score)
            new[winner] += s.cube_value
            return r(s, phase="over", game_over=True, winner=winner, score=tuple(new), log=log)
        raise engine.EngineError(f"unknown action {action!r}")

    @classmethod
    def new(cls, settings) -> "MatchState":
        return cls(settings)


def install(monkeypatch) -> bool:
    """Put the stand-in into engine where engine has no match flow yet; True if it did."""
    if hasattr(engine, "MatchState"):
        return False
    for name in ("Settings", "OpeningRoll", "Roll", "Double", "Take", "Beaver", "Pass",
                 "MovePlay", "Condone", "IllegalStands", "MatchState"):
        monkeypatch.setattr(engine, name, globals()[name], raising=False)
    monkeypatch.setattr(engine, "write_mat", lambda state, f: f.write(
        "".join(f"{a}\n" for a in state.log)), raising=False)
    return True
