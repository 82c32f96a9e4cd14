"""A simulated table: the physical scene (checkers, dice, cube, a hand) drawn by vision.render as
the camera would see it, and the readings of those frames, either through the real
vision.BoardReader or (for tests of the referee alone) straight from the scene.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Optional

from vision.types import CubeReading, Die

from .adapters import Sides


@dataclass(frozen=True)
class Scene:
    """What lies on the table: both sides (own numbering), dice (pips, where, flat), cube, hand."""

    sides: Sides
    dice: tuple[tuple[int, str, bool], ...] = ()
    cube: Optional[tuple[int, str]] = (64, "middle")
    hand: bool = False


@dataclass(frozen=True)
class SceneReading:
    """A perfect reading of a scene, with the attributes of vision.Reading the referee uses."""

    hand_in_view: bool
    sides: Optional[Sides]
    dice: tuple[Die, ...] = ()
    cube: Optional[CubeReading] = None
    confidence: Optional[tuple] = None


def truth_reading(scene: Scene) -> SceneReading:
    """What a perfect reader would say about the scene (a hand hides everything)."""
    if scene.hand:
        return SceneReading(True, None)
    dice = tuple(Die(p, flat, where, (0, 0, 1, 1)) for p, where, flat in scene.dice)
    cube = CubeReading(*scene.cube) if scene.cube else None
    return SceneReading(False, scene.sides, dice, cube)


class Camera:
    """Renders scenes into BGR frames with vision.render (deterministic per seed and frame)."""

    def __init__(self, *, style: str = "classic", orientation: str = "bottom right",
                 size: tuple[int, int] = (960, 540), seed: int = 0):
        from vision.render import BoardView
        self.view = BoardView(orientation=orientation, style=style, size=size)
        self.seed = seed
        self.frames = 0

    def render(self, scene: Scene):
        from vision.render import RenderCube, RenderDie, render_frame
        dice = tuple(RenderDie(p, where, flat) for p, where, flat in scene.dice)
        cube = RenderCube(*scene.cube) if scene.cube else None
        self.frames += 1
        image, _ = render_frame(scene.sides[0], scene.sides[1], self.view, dice=dice, cube=cube,
                                hand=scene.hand, rng=self.seed)  # one camera: one perspective
        return image


class VisionPipeline:
    """Scene -> rendered frame -> vision.BoardReader -> Reading: the real pipeline."""

    def __init__(self, camera: Camera, start: Scene, calibration=None):
        from vision.calibration import Calibration
        from vision.reader import BoardReader
        self.camera = camera
        if calibration is None:
            calibration = Calibration.from_image(camera.render(dataclasses.replace(
                start, dice=(), hand=False)))
        self.calibration = calibration
        self.reader = BoardReader(calibration)
        self.right_half_of = calibration.right_half_of
        # The set-up is symmetric, so the calibration calls player 0 whoever sits at the bottom;
        # when the camera drew player 0 at the top, scenes (in the table's numbering, which is
        # the calibration's) are drawn with the players exchanged.
        self.swap = getattr(calibration, "home", camera.view.orientation) != camera.view.orientation

    def drawn(self, scene: Scene) -> Scene:
        """The scene in the camera's numbering of the players."""
        if not self.swap:
            return scene
        cube = scene.cube
        if cube and cube[1] in ("player0", "player1"):
            cube = (cube[0], "player1" if cube[1] == "player0" else "player0")
        return dataclasses.replace(scene, sides=(scene.sides[1], scene.sides[0]), cube=cube)

    def read(self, scene: Scene):
        return self.reader.read(self.camera.render(self.drawn(scene)))


class BoardOnlyPipeline(VisionPipeline):
    """The vision reads the checkers and sees the hands; dice and cube come from the scene (for
    as long as the vision does not read them on rendered frames). The frame it reads is drawn
    without dice and cube, so they cannot disturb the board reading."""

    def read(self, scene: Scene):
        frame = self.camera.render(self.drawn(dataclasses.replace(scene, dice=(), cube=(64, "middle"))))
        reading = self.reader.read(frame)
        if reading.hand_in_view:
            return SceneReading(True, None)
        truth = truth_reading(scene)
        return SceneReading(False, reading.sides, truth.dice, truth.cube, reading.confidence)


class TruthPipeline:
    """Scene -> perfect reading (no rendering): the referee alone, for fast tests."""

    def __init__(self, orientation: str = "bottom right"):
        bottom_player = 0 if orientation.startswith("bottom") else 1
        self.right_half_of = lambda player: "right half" if player == bottom_player else "left half"

    def read(self, scene: Scene):
        return truth_reading(scene)


class RecordingSignals:
    """Stands in for firmware_bridge.Signals where no pins are wanted: records every call."""

    def __init__(self, clock=None, inner=None):
        self.calls: list[tuple] = []
        self._clock = clock
        self.inner = inner

    def _note(self, name, *args):
        self.calls.append((name, *args) if self._clock is None else (name, *args, self._clock()))
        if self.inner is not None:
            getattr(self.inner, name)(*args)

    def turn(self, player):
        self._note("turn", player)

    def illegal(self):
        self._note("illegal")

    def attention(self):
        self._note("attention")

    def accepted(self):
        self._note("accepted")

    def clear(self):
        self._note("clear")

    def buzz(self):
        self._note("buzz")

    def close(self):
        if self.inner is not None:
            self.inner.close()

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]


class RecordingDisplay:
    """A display that keeps every state shown (tests, bench)."""

    def __init__(self):
        self.states: list = []

    def show(self, state) -> None:
        self.states.append(state)

    def close(self) -> None:
        pass
