"""Simulated tables for tests and benches: random matches written to real journals.

Each step appends the records the referee's Table would (referee.journal.Journal: type, action,
position, turn, cube, score, table snapshot), so the publisher, the server's replay and the .mat
export see the same shapes as at a real table.
"""
from __future__ import annotations

import random
from typing import Callable, Optional

import engine
from referee import adapters
from referee.journal import Journal


class SimulatedTable:
    """A match played with random dice, random legal plays and the odd double, into a journal."""

    def __init__(self, journal_path, *, seed: int, players=("Player 0", "Player 1"),
                 match_length: int = 3, clock: Callable[[], float], double_rate: float = 0.05):
        self.rng = random.Random(seed)
        self.journal = Journal(journal_path, clock=clock)
        self.options = {"match_length": match_length, "crawford": True, "jacoby": False,
                        "mediterranean": False, "no_gammons": False, "automatic_doubles": False,
                        "beaver": False, "variant": "standard"}
        self.double_rate = double_rate
        self.state = adapters.new_match(adapters.make_settings(self.options))
        self.dice: Optional[tuple] = None
        self.players = tuple(players)
        self.journal.append("match", settings=dict(self.options), players=list(players))

    @property
    def over(self) -> bool:
        return self.state.match_over

    def _record(self, kind: str, action=None, **fields) -> dict:
        s = self.state
        snapshot = {"phase": s.phase, "mover": None, "dice": list(self.dice) if self.dice else None,
                    "pending": None, "reroll_to": "roll", "text": fields.pop("text", kind)}
        record = dict(fields)
        if action is not None:
            record["action"] = adapters.encode_action(action)
        record.update(position=s.position.id, turn=s.position.turn,
                      cube=[s.cube_value, s.cube_owner], score=list(s.score), table=snapshot)
        return self.journal.append(kind, **record)

    def step(self) -> list:
        """Play the next action; returns the records appended (none once the match is over)."""
        s = self.state
        if s.match_over:
            return []
        rng = self.rng
        name = self.players
        if s.phase in ("opening", "game over"):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            while a == b:
                a, b = rng.randint(1, 6), rng.randint(1, 6)
            action = engine.OpeningRoll(a, b)
            self.state = s.apply(action)
            self.dice = (max(a, b), min(a, b))
            mover = self.state.position.turn
            return [self._record("opening", action, dice=[a, b],
                                 text=f"{name[mover]} starts with {self.dice[0]}-{self.dice[1]}")]
        if s.phase == "roll":
            player = s.position.turn
            if s.may_double and rng.random() < self.double_rate:
                self.state = s.apply(engine.Double())
                return [self._record("double", engine.Double(),
                                     text=f"{name[player]} doubles to {self.state.cube_value}")]
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            self.dice = (a, b)
            action = engine.Roll(engine.Dice(a, b))
            self.state = s.apply(action)
            return [self._record("roll", action, text=f"{name[player]} rolled {a}-{b}")]
        if s.phase == "doubled":
            taker = 1 - s.position.turn
            if rng.random() < 0.7:
                self.state = s.apply(engine.Take())
                return [self._record("take", engine.Take(),
                                     text=f"{name[taker]} takes: cube {self.state.cube_value}")]
            self.state = s.apply(engine.Pass())
            return [self._record("pass", engine.Pass()), self._game_over(s.score)]
        if s.phase == "move":
            player = s.position.turn
            plays = list(s.legal_plays)
            play = rng.choice(plays) if plays else engine.Play(())
            action = engine.MovePlay(play)
            before = s.score
            self.state = s.apply(action)
            records = [self._record("verdict", action, verdict="legal", player=player,
                                    play=str(play), text=f"{name[player]}: {play}")]
            if self.state.game_over:
                records.append(self._game_over(before))
            return records
        raise RuntimeError(f"simulated table cannot act in phase {s.phase!r}")

    def _game_over(self, before) -> dict:
        s = self.state
        points = [s.score[i] - before[i] for i in (0, 1)]
        winner = 0 if points[0] > points[1] else 1
        return self._record("game_over", winner=winner, points=max(points),
                            text=f"{self.players[winner]} wins {max(points)} point(s)")

    def close(self) -> None:
        self.journal.close()
