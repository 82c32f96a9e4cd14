"""Thin adapters between the referee and the other parts (engine, firmware_bridge): building
positions from what the camera reads, journalling match actions as JSON, display states.

Kept in one place so a difference from the agreed interfaces is fixed here, not in the loop.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Any

import engine

log = logging.getLogger(__name__)

Sides = tuple[tuple[int, ...], tuple[int, ...]]


def position_from_sides(sides: Sides, on_roll: int) -> "engine.Position":
    """The engine position with player `on_roll` to move, from both players' own-numbering sides."""
    return engine.Position(tuple(sides[on_roll]), tuple(sides[1 - on_roll]), turn=on_roll)


def position_after(sides: Sides, mover: int, before) -> "engine.Position":
    """The board read after `mover` moved from `before`, as an engine position in the same view.

    In acey-deucey checkers wait off the board to enter (R12); the camera cannot tell them from
    borne-off ones, so the waiting count follows from `before`: what is on the board now more
    than before has entered."""
    on_roll, opponent = tuple(sides[mover]), tuple(sides[1 - mover])
    waiting = tuple(getattr(before, "waiting", (0, 0)))
    if waiting != (0, 0):
        entered = sum(on_roll) - sum(before.on_roll)
        waiting = (waiting[0] - max(0, entered), waiting[1])
        if waiting[0] < 0:
            raise engine.InvalidPositionError(
                f"{-waiting[0]} more checkers on the board than player {mover} has")
        return engine.Position(on_roll, opponent, turn=mover, waiting=waiting)
    return engine.Position(on_roll, opponent, turn=mover)


def sides_of(position) -> Sides:
    """(player 0's side, player 1's side) of an engine position."""
    if position.turn == 0:
        return tuple(position.on_roll), tuple(position.opponent)
    return tuple(position.opponent), tuple(position.on_roll)


def per_player(position, pair) -> tuple:
    """A (on_roll, opponent) pair such as pip_count turned into (player 0, player 1)."""
    a, b = pair
    return (a, b) if position.turn == 0 else (b, a)


def new_match(settings) -> "engine.MatchState":
    """A fresh MatchState for these settings."""
    return engine.MatchState.new(settings)


def make_settings(options: dict[str, Any]) -> "engine.Settings":
    """engine.Settings from the config's [match] options, passing only the fields it has."""
    fields = {f.name for f in dataclasses.fields(engine.Settings)} if dataclasses.is_dataclass(
        engine.Settings) else set(options)
    unknown = {k: v for k, v in options.items() if k not in fields}
    if unknown:
        log.warning("engine.Settings has no %s; ignored", ", ".join(sorted(unknown)))
    return engine.Settings(**{k: v for k, v in options.items() if k in fields})


# ---- actions <-> JSON --------------------------------------------------------------------------

def encode_action(action) -> dict:
    """A MatchState action as a JSON-able dict (the journal's replay log): engine's to_json."""
    return action.to_json()


def decode_action(data: dict):
    """The MatchState action journalled as `data` (engine.action_from_json)."""
    return engine.action_from_json(data)


# ---- display -----------------------------------------------------------------------------------

def display_state(**values) -> Any:
    """A firmware_bridge.DisplayState from the values it has fields for (others are dropped)."""
    import firmware_bridge
    cls = firmware_bridge.DisplayState
    names = {f.name for f in dataclasses.fields(cls)}
    if "players" in values and "players" not in names:
        for alt in ("names", "player_names"):
            if alt in names:
                values[alt] = values["players"]
    return cls(**{k: v for k, v in values.items() if k in names})


def call(obj, method: str, *args) -> None:
    """Call obj.method(*args) if obj has it (a Signals without a buzzer, say)."""
    fn = getattr(obj, method, None)
    if fn is not None:
        fn(*args)
