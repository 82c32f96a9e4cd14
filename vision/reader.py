"""BoardReader: one frame in, one Reading out (points, bar, dice, cube), or "a hand is in view".

Also StableReader, which commits a reading only when several consecutive frames agree.
"""
from __future__ import annotations

import dataclasses
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable, Optional

import cv2
import numpy as np

from . import checkers
from .calibration import Calibration, as_image
from .occlusion import OcclusionGate
from .types import CubeReading, Die

log = logging.getLogger(__name__)

Point = tuple[Optional[str], int]
BOARD_LOST = 0.6  # most of the board's outline changed: the board (or camera) moved, or is covered


@dataclass(frozen=True)
class Reading:
    """What one frame shows. With hand_in_view True nothing else is read: points are None."""

    hand_in_view: bool
    top: Optional[tuple[Point, ...]] = None  # 12 (colour, count), left to right of the turned image
    bottom: Optional[tuple[Point, ...]] = None
    bar: tuple[tuple[str, int], ...] = ()  # (colour, count) per colour
    dice: tuple[Die, ...] = ()
    cube: Optional[CubeReading] = None
    confidence: Optional[tuple[tuple[float, ...], tuple[float, ...]]] = None  # (top 12, bottom 12)
    rotate: int = 0
    players: tuple[str, str] = ("", "")
    home: str = "bottom right"
    occlusion: float = 0.0  # the gate's score (1.0 = its limit)
    board_found: bool = True  # False: the board's outline is not where the calibration has it
    beside_board: Optional[tuple[tuple[str, int], ...]] = None  # borne off in the trays, None: not seen
    notes: tuple[str, ...] = ()  # what was not read, said in the label's "uncertain" list

    @property
    def readable(self) -> bool:
        return not self.hand_in_view and self.top is not None

    @property
    def min_confidence(self) -> float:
        if self.confidence is None:
            return 0.0
        return float(min(min(self.confidence[0]), min(self.confidence[1])))

    @property
    def sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(player0, player1): 25 ints each in that player's own numbering (index 24 = bar)."""
        if not self.readable:
            raise ValueError("no reading: a hand is in view")
        from .calibration import point_place

        rows = {"top": self.top, "bottom": self.bottom}
        bar = dict(self.bar)
        out = []
        for player in (0, 1):
            colour = self.players[player]
            side = [0] * 25
            for point in range(1, 25):
                row, col = point_place(self.home, player, point)
                c, n = rows[row][col]
                if c == colour:
                    side[point - 1] = n
            side[24] = int(bar.get(colour, 0))
            out.append(tuple(side))
        return out[0], out[1]

    def to_label_dict(self) -> dict:
        """The reading in the label format of ../shared/data/README.md, plus confidences."""
        out = {
            "usable": True,
            "rotate": self.rotate,
            "board_visible": "full",
            "hand_in_view": self.hand_in_view,
            "top": None,
            "bottom": None,
            "bar": {c: 0 for c in self.players},
            "beside_board": dict(self.beside_board) if self.beside_board is not None else None,
            "dice": [
                {"pips": d.pips, "flat": d.flat, "where": d.where, "box": list(d.box), "confidence": d.confidence}
                for d in self.dice
            ],
            "cube": {"face": self.cube.face, "where": self.cube.where} if self.cube else None,
            "uncertain": [],
            "players": list(self.players),
        }
        if self.readable:
            out["top"] = [[c, n] for c, n in self.top]
            out["bottom"] = [[c, n] for c, n in self.bottom]
            out["bar"].update(dict(self.bar))
            out["confidence"] = {"top": list(self.confidence[0]), "bottom": list(self.confidence[1])}
            out["uncertain"] = [
                f"{row} {i + 1}: low confidence {c:.2f}"
                for row, confs in (("top", self.confidence[0]), ("bottom", self.confidence[1]))
                for i, c in enumerate(confs)
                if c < 0.5
            ] + list(self.notes)
        return out


class BoardReader:
    """Reads frames of the board a Calibration was made on."""

    def __init__(self, calibration: Calibration, *, read_dice: Callable | None | bool = True,
                 read_cube: Callable | None | bool = True, follow_board: bool = True, read_trays: bool = True,
                 dice_pips: str = "learn", clock=time.monotonic, fold_rims: bool = True, conserve: bool = True):
        self._clock = clock  # the gate's clock: a thing left beside the board is learnt after seconds
        # a colour read more than fifteen times on the points and the bar is told where it can be
        # (R1: checkers.surplus_undone); the photo reader, which takes such a reading for a layout
        # astray and tries the next, asks for it only where none reads possibly (conserved)
        self.conserve = conserve
        self._recounts: dict = {}  # the last frame's long stacks counted again (read_stacks; conserved)
        # a long stack's rims counted one by one only where its brightness repeats at their spacing
        # (checkers.recount_long_stacks); the photo reader, whose pitch is the photo's own guess, counts them as found,
        # and looks for a pyramid's layer at pitches a little either side of it too (checkers.layered_near)
        self.fold_rims = fold_rims
        self._classes = None  # the last frame's classes (extras: where a die lies), None before a read
        self._lut_class, self._lut_dist = checkers.build_lut(calibration.centroids)
        self._spans = [calibration.column_span(c) for c in range(12)]
        self._use(calibration)
        self.follow_board = follow_board
        self.read_trays = read_trays  # borne-off checkers in the calibration's trays, if it found any
        # which dice to look for: "dark" pips on light dice, "light" pips on dark or coloured dice,
        # "any" (both looks, twice the cost), or "learn": both until dice are first seen, then the
        # kind seen (a table keeps its dice)
        if dice_pips not in ("any", "dark", "light", "learn"):
            raise ValueError(f"dice_pips must be any, dark, light or learn, not {dice_pips!r}")
        self.dice_pips = dice_pips
        self._read_dice = _optional(read_dice, "vision.dice", "read_dice")
        if read_cube is True:  # the cube is read again only when its area changed (a few ms saved a frame)
            try:
                from .cube import CachedCubeReader
                read_cube = CachedCubeReader()
            except ImportError:
                pass
        self._read_cube = _optional(read_cube, "vision.cube", "read_cube")

    def _use(self, calibration: Calibration, moved: bool = False) -> None:
        self.calibration = calibration
        self._face_models = tuple(checkers.face_model(m) for m in calibration.face_models)  # (once, not per frame)
        self._tray_cache = None  # (signatures of the trays' areas, the counts read there)
        self._moved = moved
        self._H = calibration.homography()
        self.gate = OcclusionGate(calibration, self._lut_class, self._lut_dist, clock=self._clock)

    def relocate(self, frame: np.ndarray) -> bool:
        """Follow the board if it (or the camera) moved: find its outline in this frame and move
        the calibrated geometry with it. The gate's reference is board-relative, so a hand over
        the moved board is still seen. True if the board was found and the geometry moved."""
        from .calibration import find_outline, turn_corners
        from .errors import CalibrationError

        cal = self.calibration
        try:
            found = turn_corners(find_outline(frame), cal.rotate)
        except CalibrationError:
            return False
        old = np.float32(cal.outer)
        if np.abs(found - old).max() < 0.003 * np.linalg.norm(old[2] - old[0]):
            return False  # the board is where it was: what the gate saw is over it
        sides_old = np.linalg.norm(old - np.roll(old, 1, axis=0), axis=1)
        sides_new = np.linalg.norm(found - np.roll(found, 1, axis=0), axis=1)
        if np.abs(sides_new / np.maximum(sides_old, 1.0) - 1).max() > 0.1:
            return False  # not the same board seen the same way (or its outline is broken by a hand)
        move = cv2.getPerspectiveTransform(old, np.float32(found))
        outer = cv2.perspectiveTransform(old.reshape(-1, 1, 2), move).reshape(4, 2)
        corners = cv2.perspectiveTransform(np.float32(cal.corners).reshape(-1, 1, 2), move).reshape(4, 2)
        self._use(dataclasses.replace(
            cal, corners=tuple(tuple(map(float, c)) for c in corners),
            outer=tuple(tuple(map(float, c)) for c in outer),
            trays=tuple(t.moved(move) for t in cal.trays)), moved=True)
        log.debug("board moved: geometry follows it")  # the demo camera moves every frame: not news
        return True

    def read(self, frame, extras: bool = True) -> Reading:
        """The reading of one frame. extras=False: the points and the bar only, no dice, cube or
        borne-off checkers (read them after with `extras`, where the reading is kept: the photo
        reader tries several calibrations of one photo and reads the dice of the one it keeps)."""
        frame = as_image(frame)
        self.calibration.check_frame(frame)
        reading = self._read(frame, extras)
        if reading.hand_in_view and self.follow_board:
            before, gate = (self.calibration, self._moved), self.gate
            if self.relocate(frame):
                moved = self._read(frame, extras)
                if moved.hand_in_view:  # not a clean move: keep the geometry we had, and the
                    self._use(*before)  # gate that saw this frame (what it learnt over time)
                    self.gate = gate
                    return reading
                return moved
        return reading

    def _read(self, frame: np.ndarray, extras: bool = True) -> Reading:
        cal = self.calibration
        W, H = cal.size
        canon = cv2.warpPerspective(frame, self._H, (W, H), flags=cv2.INTER_LINEAR)
        if cal.light:
            canon = checkers.flatten_light(canon, checkers.frame_light(canon, cal.centroids))
        idx = checkers.bin_index(canon)
        classes, dist = checkers.classify(idx, cal.centroids, cal.bar, cal.absent, self._spans)
        common = dict(rotate=cal.rotate, players=cal.players, home=cal.home)
        hand, score = self.gate.occluded(frame, canon_dist=dist)
        if hand:
            moved = self.gate.last_total > BOARD_LOST
            return Reading(hand_in_view=True, occlusion=score, board_found=not moved, **common)
        self._recounts = {}
        cols = checkers.read_stacks(canon, classes, self._spans, cal.pitch, cal.offset, cal.colours, cal.rims,
                                    cal.faces, cal.own_off, self._face_models, combs=True, fold_rims=self.fold_rims,
                                    layer_slack=() if self.fold_rims else checkers.LAYER_SLACK,  # (the photo's pitch)
                                    recounts=self._recounts)
        top = tuple((cols[("top", c)][0], cols[("top", c)][1]) for c in range(12))
        bottom = tuple((cols[("bottom", c)][0], cols[("bottom", c)][1]) for c in range(12))
        conf = (tuple(round(cols[("top", c)][2], 3) for c in range(12)),
                tuple(round(cols[("bottom", c)][2], 3) for c in range(12)))
        bar, _ = checkers.read_bar(classes, cal.bar, cal.pitch, cal.colours, cal.bar_bare)
        reading = Reading(hand_in_view=False, top=top, bottom=bottom, bar=bar, confidence=conf, occlusion=score,
                          **common)
        if cal.bar_bare:
            reading = self._bar_as_whole(classes, reading)
        if self.conserve:
            reading = self.conserved(reading)
        self._classes = classes  # (for extras of this frame)
        return self.extras(frame, reading) if extras else reading

    @property
    def classes(self) -> np.ndarray | None:
        """The canonical classes (checkers.classify: 0 board, 1 and 2 the checker colours) of the
        frame this reader read last, None before a read or after a hand."""
        return self._classes

    def _bar_as_whole(self, classes: np.ndarray, reading: Reading) -> Reading:
        """`reading`, whose bar holds what fills its rows plainly more than the bare bar did, except
        for a colour that cannot have borne off (a checker of it outside its home board) where the
        bar's whole fill counts more of it: a bar the colour model takes for that colour all along
        (an ebony bar, black checkers) shows a checker there no more than bare, and R1's fifteen
        (conserved) tell how many of it lie there from what the points hold. A colour that may
        have borne off is told nothing so: its bar keeps the plain reading."""
        cal = self.calibration
        whole, _ = checkers.read_bar(classes, cal.bar, cal.pitch, cal.colours)
        outside = {colour: any(side[6:24]) for colour, side in zip(reading.players, reading.sides)}
        bar = tuple((colour, m if m > n and outside.get(colour) else n)
                    for (colour, n), (_, m) in zip(reading.bar, whole))
        return reading if bar == reading.bar else dataclasses.replace(reading, bar=bar)

    def conserved(self, reading: Reading) -> Reading:
        """`reading`, this reader's last as counted (what read returns with conserve False), with a
        colour read more than fifteen times told where it can be (checkers.surplus_undone); itself
        where nothing is told. With conserve, read returns it so."""
        if not reading.readable or reading.confidence is None:
            return reading
        cols = {(row, c): (*getattr(reading, row)[c], reading.confidence[r][c])
                for r, row in enumerate(("top", "bottom")) for c in range(12)}
        got, bar = checkers.surplus_undone(cols, self._recounts, reading.bar, self.calibration.colours)
        if got == cols and bar == reading.bar:
            return reading
        return dataclasses.replace(reading, top=tuple(got[("top", c)][:2] for c in range(12)),
                                   bottom=tuple(got[("bottom", c)][:2] for c in range(12)), bar=bar)

    def extras(self, frame, reading: Reading) -> Reading:
        """`reading` with the dice, the cube and the borne-off checkers read too: of the frame this
        reader read last, read(frame, extras=False) (the dice tell where they lie by its classes)."""
        frame = as_image(frame)
        if not reading.readable:
            return reading
        dice = tuple(self._dice(frame, self._classes)) if self._read_dice else ()
        cube = self._cube(frame) if self._read_cube else None
        beside = self._trays(frame) if self.calibration.trays and self.read_trays else None
        return dataclasses.replace(reading, dice=dice, cube=cube, beside_board=beside)

    def _trays(self, frame):
        """Borne-off checkers per colour, read again only when a tray's area changed (a checker
        goes into a tray a few times a game; the same check as the cube's, a tenth of a read)."""
        from .cube import cube_signature
        from .trays import read_tray_counts, readable

        trays = self.calibration.trays
        signatures = tuple(cube_signature(frame, _box(tray.quad, frame.shape), colour=True) for tray in trays)
        last = self._tray_cache
        if last is not None and len(last[0]) == len(signatures) and \
                not any(new.changed(old) for new, old in zip(signatures, last[0])):
            return last[1]
        tray = read_tray_counts(frame, self.calibration, trays)
        counts = tuple(tray.counts) if readable(tray) else None
        self._tray_cache = (signatures, counts)
        return counts

    def where(self, x: float, y: float, classes: np.ndarray | None = None, size: float = 0.0) -> str:
        """Which part of the board the image point (x, y) lies on, as a die's `where`.

        A die of image size `size` lies "on checker" when checkers surround it (most of a circle
        just outside it is checker colour). "left half"/"right half" are halves of the playing
        area as the image shows it (for a board turned by 90 degrees: as the turned image shows it).
        """
        cal = self.calibration
        W, H = cal.size
        p = cv2.perspectiveTransform(np.float32([[[x, y]]]), self._H)[0, 0]
        u, v = float(p[0]), float(p[1])
        if not (0 <= u < W and 0 <= v < H):
            return "outside"
        if cal.bar and cal.bar[0] <= u < cal.bar[1]:
            return "bar"
        if classes is not None and size > 0:
            scale = W / max(np.linalg.norm(np.subtract(cal.corners[1], cal.corners[0])), 1.0)
            r = 0.75 * size * scale
            angles = np.linspace(0, 2 * np.pi, 16, endpoint=False)
            us = np.clip(np.round(u + r * np.cos(angles)).astype(int), 0, W - 1)
            vs = np.clip(np.round(v + r * np.sin(angles)).astype(int), 0, H - 1)
            if float((classes[vs, us] != checkers.BOARD).mean()) >= 0.5:
                return "on checker"
        left = u < W / 2
        if cal.rotate == 180:
            left = not left  # halves as the untouched image shows them
        return "left half" if left else "right half"

    def _region(self) -> tuple[int, int, int, int]:
        xs = [c[0] for c in self.calibration.outer]
        ys = [c[1] for c in self.calibration.outer]
        x0, y0 = max(0, int(min(xs))), max(0, int(min(ys)))
        return x0, y0, int(max(xs)) - x0, int(max(ys)) - y0

    def _dice(self, frame, classes):
        pips = "any" if self.dice_pips == "learn" else self.dice_pips
        try:
            found = self._read_dice(frame, region=self._region(), pips=pips)
        except TypeError:  # a dice reader with no choice of pips (or no region)
            try:
                found = self._read_dice(frame, region=self._region())
            except TypeError:
                found = self._read_dice(frame)
            pips = None
        if found and pips == "any" and self.dice_pips == "learn":
            dark = self._read_dice(frame, region=self._region(), pips="dark")
            self.dice_pips = "dark" if len(dark) >= len(found) else "light"
            log.debug("dice with %s pips seen: only those are looked for from now on", self.dice_pips)
        out = []
        for die in found:
            x, y, w, h = die.box
            out.append(Die(die.pips, die.flat, self.where(x + w / 2, y + h / 2, classes, max(w, h)), tuple(die.box),
                           getattr(die, "confidence", 1.0)))
        return out

    def _cube(self, frame):
        try:
            return self._read_cube(frame, self.calibration, region=self._region())
        except TypeError:  # a cube reader that takes no region
            return self._read_cube(frame, self.calibration)


def _optional(given, module: str, name: str):
    if given is False or given is None:
        return None
    if callable(given):
        return given
    try:
        mod = __import__(module, fromlist=[name])
        return getattr(mod, name)
    except (ImportError, AttributeError):
        return None


class StableReader:
    """Commits a reading only when `frames` consecutive readable frames agree on the points and dice."""

    def __init__(self, reader: BoardReader, frames: int = 3):
        if frames < 1:
            raise ValueError("frames must be at least 1")
        self.reader = reader
        self.frames = frames
        self._recent: deque = deque(maxlen=frames)
        self.committed: Reading | None = None

    @staticmethod
    def _key(reading: Reading):
        return (reading.top, reading.bottom, reading.bar, tuple(sorted(d.pips for d in reading.dice)),
                reading.beside_board)

    def feed(self, reading: Reading) -> Reading | None:
        """Add a reading; return it when it becomes the new committed reading, else None."""
        if not reading.readable:
            self._recent.clear()
            return None
        self._recent.append(reading)
        if len(self._recent) < self.frames:
            return None
        keys = {self._key(r) for r in self._recent}
        if len(keys) != 1:
            return None
        if self.committed is not None and self._key(self.committed) == self._key(reading):
            return None
        self.committed = reading
        return reading

    def read(self, frame) -> Reading | None:
        return self.feed(self.reader.read(frame))


def _box(quad, shape) -> tuple[int, int, int, int]:
    """The bounding box (x, y, w, h) of a quad, inside an image of this shape."""
    pts = np.float32(quad)
    h, w = shape[:2]
    x0, y0 = np.clip(np.floor(pts.min(0)), 0, [w - 1, h - 1]).astype(int)
    x1, y1 = np.clip(np.ceil(pts.max(0)), 1, [w, h]).astype(int)
    return int(x0), int(y0), int(max(1, x1 - x0)), int(max(1, y1 - y0))
