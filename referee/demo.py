"""`bgref demo`: a short simulated match through the real pipeline, start to finish.

Frames of a simulated table (vision.render, with hands and dice) go through vision.BoardReader
into the Table, which asks the engine and drives Signals on gpiozero mock pins and the
TerminalDisplay. The script covers a legal move, an illegal move that is corrected, one that is
condoned (R9), a cocked die (R8), a double taken and doubles passed; it ends with the journal
and the match as a .mat.
"""
from __future__ import annotations

import dataclasses
import functools
import logging
import pathlib
import time
from dataclasses import dataclass, field
from typing import Callable, Optional, TextIO

import engine

from . import adapters
from .simulated import (BoardOnlyPipeline, Camera, RecordingDisplay, RecordingSignals, Scene,
                        TruthPipeline, VisionPipeline)
from .table import Table, open_table

log = logging.getLogger(__name__)

DEMO_OPTIONS = {"match_length": 3, "crawford": True, "jacoby": False, "mediterranean": False,
                "no_gammons": False, "automatic_doubles": False, "beaver": False,
                "variant": "standard"}
DEMO_PLAYERS = ("Alice", "Bob")


class Director:
    """Plays the physical side of a scripted match: moves checkers, rolls, lifts, presses."""

    def __init__(self, table: Table, pipeline, *, press: Optional[Callable[[str], None]] = None,
                 hands: bool = True):
        self.table = table
        self.pipeline = pipeline
        self.right_half_of = pipeline.right_half_of
        self._press = press or table.press
        self.hands = hands
        self.scene = Scene(sides=adapters.sides_of(engine.Position.start()))
        self.frames = 0

    # what the camera sees
    def show(self, frames: int = 1, **changes) -> None:
        self.scene = dataclasses.replace(self.scene, **changes)
        for _ in range(frames):
            self.table.feed(self.pipeline.read(self.scene))
            self.frames += 1

    def hand(self) -> None:
        if self.hands:
            self.show(hand=True)
            self.scene = dataclasses.replace(self.scene, hand=False)

    # what the players do
    def set_up(self) -> None:
        self.hand()
        self.show(2, sides=adapters.sides_of(engine.Position.start()), dice=(), cube=(64, "middle"))

    def opening(self, die0: int, die1: int) -> None:
        self.show(dice=((die0, self.right_half_of(0), True), (die1, self.right_half_of(1), True)))

    def roll(self, player: int, a: int, b: int, *, cocked: bool = False, where: str = None) -> None:
        where = where or self.right_half_of(player)
        self.hand()
        self.show(dice=((a, where, True), (b, where, not cocked)))

    def lift(self) -> None:
        self.hand()
        self.show(dice=())

    def move_to(self, position) -> None:
        """Move the checkers so the board shows `position` (any view)."""
        self.hand()
        self.show(sides=adapters.sides_of(position))

    def cube(self, face: int, where: str) -> None:
        self.hand()
        self.show(cube=(face, where))

    def press(self, button: str) -> None:
        self._press(button)

    def play_random(self, rng, turns: int) -> None:
        """Up to `turns` turns of random dice and random legal plays (roll, move, lift), stopping
        when the table no longer waits for a move (game over, a double offered, ...)."""
        table = self.table
        for _ in range(turns):
            if table.phase == "roll":
                self.roll(table.state.position.turn, rng.randint(1, 6), rng.randint(1, 6))
            if table.phase != "move":
                break
            position = table.state.position
            plays = list(position.legal_plays(table.dice))
            self.move_to(position.play(rng.choice(plays)) if plays else position.swapped())
            self.lift()


@dataclass
class DemoResult:
    journal: pathlib.Path
    mat: pathlib.Path
    table: Table
    frames: int
    seconds: float
    verdicts: dict = field(default_factory=dict)
    readings: str = ""

    def summary(self) -> str:
        state = self.table.state
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.verdicts.items()))
        return (f"{self.frames} frames in {self.seconds:.1f} s; score {state.score[0]}-{state.score[1]}"
                f" ({self.table.phase}); {kinds}; readings from {self.readings}")


def play_script(d: Director) -> None:
    """The scripted match (to 3 points): every path the issue names, in a game and a half."""
    t = d.table
    # -- game 1: set-up, opening roll, a legal move, a cocked die, an illegal move corrected,
    #    a double taken (the cube pushed across), an illegal move condoned, a redouble passed
    d.set_up()
    d.opening(3, 1)                                    # Alice's 3 beats Bob's 1: she plays 3-1
    d.move_to(t.state.position.play("8/5 6/5"))
    d.lift()                                           # legal
    d.roll(1, 6, 4, cocked=True)                       # a cocked die: reroll (R8)
    d.lift()
    d.roll(1, 6, 4)
    bob = t.state.position
    d.move_to(bob.play("24/18 13/8"))                  # plays 6-5, not 6-4: illegal
    d.lift()
    d.move_to(bob.play("24/18 13/9"))                  # corrected before Alice rolls (R9)
    d.cube(2, "middle")                                # Alice turns the cube to 2 ...
    if t.phase != "doubled":
        d.press("double")                              # ... (or presses the double button)
    d.press("take")                                    # Bob takes (the take button; the cube
    #                                                    pushed to his side works too, but the
    #                                                    vision does not read it there yet)
    d.roll(0, 5, 2)
    alice = t.state.position
    d.move_to(alice.play("13/8 13/10"))                # plays 5-3, not 5-2: illegal
    d.lift()
    d.roll(1, 6, 5)                                    # Bob rolls first: the move stands (R9)
    bob = t.state.position
    d.move_to(bob.play(bob.legal_plays(engine.Dice(6, 5))[0]))
    d.lift()
    d.roll(0, 4, 2)
    alice = t.state.position
    d.move_to(alice.play(alice.legal_plays(engine.Dice(4, 2))[0]))
    d.lift()
    d.cube(4, "middle")                                # Bob redoubles to 4
    if t.phase != "doubled":
        d.press("double")
    d.press("pass")                                    # Alice passes: Bob wins 2, 0-2
    # -- game 2, the Crawford game (R13): set-up recognised, no doubling
    d.set_up()
    d.opening(5, 2)                                    # Alice starts with 5-2
    d.move_to(t.state.position.play("13/8 13/11"))
    d.lift()
    d.press("double")                                  # refused: the Crawford game
    d.roll(1, 4, 1)
    bob = t.state.position
    d.move_to(bob.play(bob.legal_plays(engine.Dice(4, 1))[0]))
    d.lift()


DEMO_STYLES = ("paper", "classic", "tournament")


@functools.lru_cache(maxsize=4)
def vision_pipeline(seed: int = 7):
    """(pipeline, what reads the frames): the real vision on the first board style it calibrates
    and reads back (set-up and dice); else the vision for the checkers and hands with dice and cube
    from the scene; else the scenes' truth. Each fallback is logged, so nobody mistakes it."""
    from vision.errors import VisionError
    start = Scene(sides=adapters.sides_of(engine.Position.start()))
    opening = dataclasses.replace(start, dice=((3, "right half", True), (1, "left half", True)))
    problems = []
    board_only = None
    for style in DEMO_STYLES:
        camera = Camera(style=style, seed=seed)
        try:
            pipeline = VisionPipeline(camera, start)
            reading = pipeline.read(start)
            if getattr(reading, "hand_in_view", False) or reading.sides != start.sides:
                raise VisionError("the set-up frame is not read back as the set-up")
            if board_only is None:
                board_only = (BoardOnlyPipeline(camera, start, pipeline.calibration), style)
            for rolled in (opening, dataclasses.replace(
                    start, dice=((6, "left half", True), (4, "left half", True)))):
                reading = pipeline.read(rolled)
                seen = sorted((d.pips, d.flat, d.where) for d in getattr(reading, "dice", ()))
                if reading.hand_in_view or seen != sorted((p, f, w) for p, w, f in rolled.dice):
                    raise VisionError(f"the dice {rolled.dice} are read as {seen or 'none'}"
                                      + (" (a hand in view)" if reading.hand_in_view else ""))
        except (VisionError, ValueError) as exc:
            problems.append(f"{style}: {exc}")
            continue
        return pipeline, f"vision.BoardReader ({style} board)"
    if board_only is not None:
        log.warning("the vision does not read the rendered dice yet (%s); the demo reads the "
                    "checkers and hands with the vision and takes dice and cube from the scene",
                    "; ".join(problems))
        return board_only[0], (f"vision.BoardReader for checkers and hands ({board_only[1]} "
                               "board); dice and cube from the scene")
    log.warning("the vision does not read the rendered boards (%s); the demo reads the scenes' "
                "truth instead", "; ".join(problems))
    return TruthPipeline(), "scene truth: the vision could not read the rendered board"


def make_signals(clock):
    """Signals on gpiozero's MockFactory pins when the bridge has them, else a recorder."""
    try:
        from gpiozero.pins.mock import MockFactory, MockPWMPin
        from firmware_bridge import Signals
    except ImportError:
        log.info("firmware_bridge.Signals not available: recording the signals instead")
        return RecordingSignals(clock)
    try:
        factory = MockFactory(pin_class=MockPWMPin)
    except TypeError:
        factory = MockFactory()
    return RecordingSignals(clock, inner=Signals(pin_factory=factory))


def run_demo(out: pathlib.Path, *, seed: int = 7, stream: Optional[TextIO] = None,
             truth: bool = False, clock: Callable[[], float] = time.time) -> DemoResult:
    """Play the scripted match; write out/demo.jsonl and out/demo.mat. truth=True skips the
    camera (readings straight from the scene: the referee alone, for tests)."""
    from firmware_bridge import TerminalDisplay
    from .export import export_journal
    started = time.perf_counter()
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    journal_path, mat_path = out / "demo.jsonl", out / "demo.mat"
    for path in (journal_path, mat_path):
        if path.exists():
            path.unlink()
    pipeline, how = (TruthPipeline(), "scene truth (asked for)") if truth else vision_pipeline(seed)
    display = TerminalDisplay(stream) if stream is not None else RecordingDisplay()
    signals = make_signals(clock)
    table = open_table(journal_path, match_options=DEMO_OPTIONS, players=DEMO_PLAYERS,
                       clock=clock, signals=signals, display=display,
                       right_half_of=pipeline.right_half_of, settle_frames=1)
    try:
        director = Director(table, pipeline)
        play_script(director)
    finally:
        table.journal.close()
        signals.close()
    export_journal(journal_path, mat_path)
    verdicts: dict = {}
    for record in table.journal.records:
        if record["type"] in ("verdict", "corrected", "condoned", "reroll", "double", "take",
                              "pass", "game_over"):
            key = record["type"] if record["type"] != "verdict" else record["verdict"]
            verdicts[key] = verdicts.get(key, 0) + 1
    return DemoResult(journal_path, mat_path, table, director.frames,
                      time.perf_counter() - started, verdicts, how)


class RecordingPipeline(TruthPipeline):
    """Reads scenes perfectly and keeps them as a tape (with button presses) to replay later."""

    def __init__(self):
        super().__init__()
        self.tape: list = []

    def read(self, scene):
        self.tape.append(scene)
        return super().read(scene)


def scripted_tape() -> list:
    """The demo match as a tape: each item a Scene (one frame) or a button name (a press)."""
    from .journal import MemoryJournal
    pipeline = RecordingPipeline()
    table = Table(settings=adapters.make_settings(DEMO_OPTIONS), journal=MemoryJournal(),
                  signals=RecordingSignals(), display=RecordingDisplay(), clock=lambda: 0.0,
                  players=DEMO_PLAYERS, right_half_of=pipeline.right_half_of)

    def press(name):
        pipeline.tape.append(name)
        table.press(name)
    play_script(Director(table, pipeline, press=press))
    return pipeline.tape


class SceneSource:
    """A source playing a tape: each scene read through `pipeline` (vision or truth: it returns
    Readings, so run_frames takes it with reader=None); button presses go to `press`."""

    def __init__(self, tape, pipeline=None, *, press: Optional[Callable] = None, start: int = 0):
        self.tape = list(tape)
        self.pipeline = pipeline if pipeline is not None else TruthPipeline()
        self.press = press
        self.index = start

    def __len__(self) -> int:
        return len(self.tape)

    def read(self):
        while self.index < len(self.tape):
            item = self.tape[self.index]
            self.index += 1
            if isinstance(item, str):
                if self.press is not None:
                    self.press(item)
                continue
            return self.pipeline.read(item)
        return None

    def close(self) -> None:
        self.index = len(self.tape)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def random_tape(seed: int, turns: int = 40) -> list:
    """A tape of one game played with random dice and random legal plays (benches): set-up,
    opening roll, then up to `turns` turns of roll, move (with hands), lift."""
    import random
    from .journal import MemoryJournal
    rng = random.Random(seed)
    pipeline = RecordingPipeline()
    table = Table(settings=adapters.make_settings(DEMO_OPTIONS), journal=MemoryJournal(),
                  signals=RecordingSignals(), display=RecordingDisplay(), clock=lambda: 0.0,
                  players=DEMO_PLAYERS, right_half_of=pipeline.right_half_of)
    d = Director(table, pipeline)
    d.set_up()
    while table.phase == "opening":
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        d.opening(a, b)
        if table.phase == "reroll":
            d.lift()
    d.play_random(rng, turns)
    return pipeline.tape
