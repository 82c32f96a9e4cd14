"""Synthetic camera frames of any backgammon position, with their ground truth.

The renderer draws the board as a camera above the table would see it, so that every vision
stage can be tested with exact expectations on positions no photo set contains.

    view = BoardView(orientation="bottom right", style="classic", size=(1280, 720))
    image, truth = render_frame(pos.on_roll, pos.opponent, view,
                                dice=(RenderDie(3, "right half"), RenderDie(1, "right half")),
                                cube=RenderCube(2, "player1"), rng=7)

Conventions (documented once, here):

- ``player0`` / ``player1`` are each 25 ints in that player's OWN numbering, exactly like
  ``engine.Position`` (index i = checkers on own point i+1, index 24 = bar); borne off is
  ``15 - sum``.
- ``BoardView.orientation`` names the image corner holding player 0's home board ("bottom right",
  "bottom left", "top right", "top left"); player 0 sits at that edge (bottom or top) and moves
  towards that corner. Player 1's point q is player 0's point 25 - q.
- Columns 0..11 run left to right in the flat board; the bar lies between columns 5 and 6. The
  borne-off tray is beside player 0's home side; each player's borne-off checkers lie in the tray
  half of his own row.
- Stacking (``BoardStyle.stacking``): "pyramid" (default) puts five checkers in a row from the edge,
  then four on top in the gaps, then three, two, one (15 fit); "run" keeps one line that runs to the
  middle of the board, overlapping more as it grows.
- Bar checkers lie on the bar in the half of the row they will enter (the opponent's home row),
  from the centre outwards. On a style with no bar they lie on the centre line between the halves.
- Dice and cube positions: a die's ``where`` is one of vision.types.DIE_PLACES; "left half" /
  "right half" are halves of the playing area as the image shows it. The cube's ``where`` is
  "middle" (on the bar), "player0" or "player1" (on the bar at that player's edge, or just
  outside the frame at his edge when the style has no bar).

``truth`` is a JSON-ready dict in the label format of ../shared/data/README.md (so it can be written
beside a PNG as NAME.png.json) plus a "geometry" entry with pixel coordinates in the final image:
"playing_area" and "board" corners (TL, TR, BR, BL), the 24 point triangles ("top"/"bottom", 12
each, left to right, base corners then apex), "bar" quad or None, "trays", "homography" (flat
board -> image), "checker_diameter" (flat pixels), "player0_points" (player 0's point p -> [row,
column]) and "checkers" (centre, colour, where). Dice entries carry "box" [x, y, w, h] of the top
face; the cube entry carries "box".
"""
from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import dataclass, field
from typing import Optional, Sequence, Union

import cv2
import numpy as np

from vision.errors import VisionError
from vision.types import PIP_LAYOUT

ORIENTATIONS = ("bottom right", "bottom left", "top right", "top left")
DIE_PLACES = ("left half", "right half", "bar", "on checker", "outside")
CUBE_PLACES = ("middle", "player0", "player1")
CUBE_FACES = (2, 4, 8, 16, 32, 64)
STACKINGS = ("pyramid", "run")

BGR = tuple[int, int, int]


class RenderError(VisionError):
    """A render request that cannot be drawn (bad position, place or style); the message says which."""


@dataclass(frozen=True)
class BoardStyle:
    """Colours and shapes of one kind of board (BGR colours; names are what a label would say)."""

    name: str
    table: BGR
    frame: BGR
    area: BGR
    points: tuple[BGR, BGR]
    point_outline: Optional[BGR]
    bar: Optional[BGR]  # None: no bar (a thin line between the halves)
    checkers: tuple[BGR, BGR]  # colour of checker class 0 and class 1
    checker_names: tuple[str, str]
    checker_rim: tuple[BGR, BGR]
    die: BGR = (235, 238, 240)
    pip: BGR = (25, 25, 25)
    cube: BGR = (225, 240, 245)
    cube_ink: BGR = (30, 30, 30)
    outer_margin: Optional[BGR] = None  # a second border around the frame (the paper board's white edge)
    stacking: str = "pyramid"
    ring: bool = True  # a concentric ring on each checker

    def __post_init__(self):
        if self.stacking not in STACKINGS:
            raise RenderError(f"style {self.name!r}: stacking must be one of {STACKINGS}, not {self.stacking!r}")
        if self.checker_names[0] == self.checker_names[1]:
            raise RenderError(f"style {self.name!r}: the two checker names must differ")


STYLES = {
    "classic": BoardStyle(
        name="classic", table=(70, 100, 130), frame=(30, 60, 105), area=(40, 105, 40),
        points=((190, 225, 238), (25, 70, 25)), point_outline=None, bar=(30, 60, 105),
        checkers=((232, 236, 238), (38, 36, 34)), checker_names=("white", "black"),
        checker_rim=((170, 175, 180), (10, 10, 10))),
    "tournament": BoardStyle(
        name="tournament", table=(120, 120, 115), frame=(20, 40, 75), area=(95, 140, 185),
        points=((40, 75, 130), (175, 215, 230)), point_outline=None, bar=(20, 40, 75),
        checkers=((40, 40, 185), (230, 232, 235)), checker_names=("red", "white"),
        checker_rim=((20, 20, 110), (165, 170, 175)), die=(30, 30, 170), pip=(235, 235, 235),
        cube=(205, 228, 240), cube_ink=(25, 30, 60)),
    "paper": BoardStyle(
        name="paper", table=(38, 36, 40), frame=(20, 20, 20), area=(238, 238, 236),
        points=((235, 235, 233), (115, 115, 112)), point_outline=(30, 30, 30), bar=None,
        checkers=((45, 40, 200), (70, 190, 100)), checker_names=("red", "green"),
        checker_rim=((35, 30, 160), (55, 150, 80)), outer_margin=(240, 240, 240), ring=False),
}


@dataclass(frozen=True)
class BoardView:
    """How the camera sees the board: orientation (corner of player 0's home), style, image size, effects.

    ``perspective`` is the largest corner shift as a fraction of the image size (a random, bounded
    homography); ``light`` the strength of the uneven light (0..1); ``noise`` the sensor noise
    sigma in grey levels; ``blur`` the largest Gaussian blur sigma in pixels. ``swap_colours``
    gives player 0 the style's second checker colour.
    """

    orientation: str = "bottom right"
    style: Union[BoardStyle, str] = "classic"
    size: tuple[int, int] = (1280, 720)
    perspective: float = 0.03
    light: float = 0.3
    noise: float = 3.0
    blur: float = 0.8
    swap_colours: bool = False

    def __post_init__(self):
        if self.orientation not in ORIENTATIONS:
            raise RenderError(f"orientation must be one of {ORIENTATIONS}, not {self.orientation!r}")
        if isinstance(self.style, str):
            if self.style not in STYLES:
                raise RenderError(f"unknown board style {self.style!r}; known: {sorted(STYLES)}")
            object.__setattr__(self, "style", STYLES[self.style])
        w, h = self.size
        if w < 160 or h < 120:
            raise RenderError(f"image size {self.size} is too small (at least 160x120)")
        if not 0 <= self.perspective <= 0.15:
            raise RenderError(f"perspective {self.perspective} out of range 0..0.15")

    def without_effects(self) -> "BoardView":
        """The same view through a perfect camera: no perspective, light, noise or blur."""
        return dataclasses.replace(self, perspective=0.0, light=0.0, noise=0.0, blur=0.0)

    @property
    def colour_of(self) -> tuple[str, str]:
        """The checker colour names of (player 0, player 1)."""
        a, b = self.style.checker_names
        return (b, a) if self.swap_colours else (a, b)


@dataclass(frozen=True)
class RenderDie:
    """A die to draw: its top face, where it lands, and whether it lies flat (False: cocked)."""

    pips: int
    where: str = "right half"
    flat: bool = True

    def __post_init__(self):
        if self.pips not in range(1, 7):
            raise RenderError(f"die pips must be 1..6, not {self.pips!r}")
        if self.where not in DIE_PLACES:
            raise RenderError(f"die place must be one of {DIE_PLACES}, not {self.where!r}")


@dataclass(frozen=True)
class RenderCube:
    """The doubling cube to draw: face up (2..64) and where it lies ("middle", "player0", "player1")."""

    face: int = 64
    where: str = "middle"

    def __post_init__(self):
        if self.face not in CUBE_FACES:
            raise RenderError(f"cube face must be one of {CUBE_FACES}, not {self.face!r}")
        if self.where not in CUBE_PLACES:
            raise RenderError(f"cube place must be one of {CUBE_PLACES}, not {self.where!r}")


@dataclass(frozen=True)
class RenderRequest:
    """Everything needed to draw one frame (what RenderedSource iterates over)."""

    player0: tuple[int, ...]
    player1: tuple[int, ...]
    view: BoardView = field(default_factory=BoardView)
    dice: tuple = ()
    cube: Optional[RenderCube] = None
    hand: bool = False
    seed: int = 0

    def render(self):
        """Draw this request: (image_bgr, truth)."""
        return render_frame(self.player0, self.player1, self.view, dice=self.dice, cube=self.cube,
                            hand=self.hand, rng=self.seed)


# ----------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class _Layout:
    pw: float  # point width
    d: float  # checker diameter
    left: float  # playing area
    top: float
    right: float
    bottom: float
    bar_w: float
    tri_h: float
    frame: float
    board: tuple  # outer frame rect (x0, y0, x1, y1)
    tray: tuple  # tray rect (x0, y0, x1, y1)
    home_right: bool
    home_bottom: bool

    def col_x(self, col: int) -> float:
        """Left edge of column col (0..11)."""
        return self.left + col * self.pw + (self.bar_w if col >= 6 else 0.0)

    @property
    def bar_x(self) -> float:
        return self.left + 6 * self.pw + self.bar_w / 2

    @property
    def mid_y(self) -> float:
        return (self.top + self.bottom) / 2


def _layout(view: BoardView) -> _Layout:
    w, h = view.size
    style = view.style
    bar_units = 1.0 if style.bar is not None else 0.12
    frame_u, tray_u = 0.4, 1.3
    margin_u = 0.35 if style.outer_margin is not None else 0.0
    width_u = 12 + bar_units + 3 * frame_u + tray_u + 2 * margin_u
    height_u = 10.8 + 2 * frame_u + 2 * margin_u
    fill = 0.88 - 1.2 * view.perspective
    pw = min(w * fill / width_u, h * fill / height_u)
    d = 0.94 * pw
    bw, bh = width_u * pw, height_u * pw
    x0, y0 = (w - bw) / 2, (h - bh) / 2
    home_right = view.orientation.endswith("right")
    home_bottom = view.orientation.startswith("bottom")
    fr = frame_u * pw
    mg = margin_u * pw
    bx0, by0, bx1, by1 = x0 + mg, y0 + mg, x0 + bw - mg, y0 + bh - mg
    tray_w = tray_u * pw
    if home_right:
        left = bx0 + fr
        tray = (bx1 - fr - tray_w, by0 + fr, bx1 - fr, by1 - fr)
    else:
        left = bx0 + 2 * fr + tray_w
        tray = (bx0 + fr, by0 + fr, bx0 + fr + tray_w, by1 - fr)
    bar_w = bar_units * pw
    right = left + 12 * pw + bar_w
    return _Layout(pw=pw, d=d, left=left, top=by0 + fr, right=right, bottom=by1 - fr, bar_w=bar_w,
                   tri_h=4.55 * pw, frame=fr, board=(bx0, by0, bx1, by1), tray=tray,
                   home_right=home_right, home_bottom=home_bottom)


def _point_place(lay: _Layout, point: int) -> tuple[str, int]:
    """(row, column) of player 0's point 1..24."""
    if point <= 12:
        row, col = ("bottom" if lay.home_bottom else "top"), 12 - point
    else:
        row, col = ("top" if lay.home_bottom else "bottom"), point - 13
    if not lay.home_right:
        col = 11 - col
    return row, col


def _triangle(lay: _Layout, row: str, col: int) -> np.ndarray:
    x = lay.col_x(col)
    if row == "top":
        return np.array([[x, lay.top], [x + lay.pw, lay.top], [x + lay.pw / 2, lay.top + lay.tri_h]])
    return np.array([[x, lay.bottom], [x + lay.pw, lay.bottom], [x + lay.pw / 2, lay.bottom - lay.tri_h]])


def _stack_offsets(n: int, lay: _Layout, stacking: str) -> list[tuple[float, int]]:
    """Distance from the edge (in checker centres) and layer of each of n checkers on one point."""
    d = lay.d
    if stacking == "run":
        half = (lay.bottom - lay.top) / 2
        step = d if n <= 1 else min(d, (half - d * 0.55 - d / 2) / (n - 1))
        return [(d / 2 + i * step, 0) for i in range(n)]
    out = []
    layer, k = 0, 0
    for _ in range(n):
        per_layer = max(1, 5 - layer)
        if k >= per_layer:
            layer, k = layer + 1, 0
        if layer >= 5:  # more than 15: keep piling on the middle
            layer, k = 4, 0
        out.append((d / 2 + (k + layer / 2) * d, layer))
        k += 1
    return out


# ----------------------------------------------------------------------------- drawing helpers

_SHIFT = 4  # sub-pixel bits for cv2 drawing
_ONE = 1 << _SHIFT


def _pts(a) -> np.ndarray:
    return np.round(np.asarray(a, dtype=np.float64) * _ONE).astype(np.int32).reshape(-1, 1, 2)


def _circle(img, c, r, colour, thickness=-1):
    cv2.circle(img, (int(round(c[0] * _ONE)), int(round(c[1] * _ONE))), max(1, int(round(r * _ONE))),
               colour, thickness if thickness < 0 else max(1, int(thickness)), cv2.LINE_AA, _SHIFT)


def _poly(img, pts, colour):
    cv2.fillPoly(img, [_pts(pts)], colour, cv2.LINE_AA, _SHIFT)


def _shade(colour, f):
    return tuple(int(max(0, min(255, c * f))) for c in colour)


def _draw_checker(img, c, d, colour, rim, ring, layer):
    r = d / 2
    if layer:
        _circle(img, (c[0] + 0.06 * d, c[1] + 0.06 * d), r, (0, 0, 0))  # shadow on the layer below
    _circle(img, c, r, rim)
    _circle(img, c, r * 0.9, _shade(colour, 1.0 + 0.05 * layer))
    if ring:
        _circle(img, c, r * 0.62, rim, thickness=max(1, d * 0.04))
    _circle(img, (c[0] - 0.18 * d, c[1] - 0.18 * d), r * 0.22, _shade(colour, 1.08))


def pip_layout(pips: int) -> list[tuple[int, int]]:
    """Pip positions of a die face on a 3x3 grid (-1, 0, 1), as printed on standard dice."""
    return list(PIP_LAYOUT[pips])


def _face_patch(size: int, pips: Optional[int], colour, pip_colour, text: Optional[str] = None,
                ink=None) -> np.ndarray:
    """A square patch showing one die face (pips) or one cube face (text), upright, BGR."""
    patch = np.empty((size, size, 3), np.uint8)
    patch[:] = colour
    edge = _shade(colour, 0.82)
    cv2.rectangle(patch, (0, 0), (size - 1, size - 1), edge, max(1, size // 16))
    if pips is not None:
        r = size * 0.09
        for gx, gy in PIP_LAYOUT[pips]:
            _circle(patch, (size / 2 + gx * size * 0.27, size / 2 + gy * size * 0.27), r, pip_colour)
    if text is not None:
        font = cv2.FONT_HERSHEY_SIMPLEX
        thick = max(1, size // 14)
        (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
        scale = min(size * 0.72 / tw, size * 0.5 / th)
        thick = max(1, int(round(size / 14)))
        (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
        cv2.putText(patch, text, (int((size - tw) / 2), int((size + th) / 2)), font, scale, ink, thick,
                    cv2.LINE_AA)
    return patch


def _paste(img, patch, quad, shade=1.0, rounded=True):
    """Warp an upright square patch onto the quad (TL, TR, BR, BL) of img, blending its edges."""
    quad = np.asarray(quad, np.float32)
    n = patch.shape[0]
    x0 = int(max(0, math.floor(quad[:, 0].min()) - 1))
    y0 = int(max(0, math.floor(quad[:, 1].min()) - 1))
    x1 = int(min(img.shape[1], math.ceil(quad[:, 0].max()) + 2))
    y1 = int(min(img.shape[0], math.ceil(quad[:, 1].max()) + 2))
    if x1 <= x0 or y1 <= y0:
        return
    src = np.float32([[0, 0], [n, 0], [n, n], [0, n]])
    m = cv2.getPerspectiveTransform(src, quad - np.float32([x0, y0]))
    roi = img[y0:y1, x0:x1]
    warped = cv2.warpPerspective(patch, m, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT)
    alpha = np.zeros((n, n), np.uint8)
    rad = max(1, n // 7) if rounded else 0
    cv2.rectangle(alpha, (rad, 0), (n - 1 - rad, n - 1), 255, -1)
    cv2.rectangle(alpha, (0, rad), (n - 1, n - 1 - rad), 255, -1)
    if rad:
        for cx, cy in ((rad, rad), (n - 1 - rad, rad), (rad, n - 1 - rad), (n - 1 - rad, n - 1 - rad)):
            cv2.circle(alpha, (cx, cy), rad, 255, -1, cv2.LINE_AA)
    a = cv2.warpPerspective(alpha, m, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR).astype(np.float32) / 255
    a = a[..., None]
    out = roi.astype(np.float32) * (1 - a) + warped.astype(np.float32) * a * shade
    roi[:] = np.clip(out, 0, 255).astype(np.uint8)


def _square(c, s, angle, squash=1.0):
    """Corners (TL, TR, BR, BL) of a square of side s at c, turned by angle, squashed along its y axis."""
    ca, sa = math.cos(angle), math.sin(angle)
    ux, uy = np.array([ca, sa]), np.array([-sa, ca])
    hx, hy = s / 2, s * squash / 2
    c = np.asarray(c, float)
    return np.array([c - ux * hx - uy * hy, c + ux * hx - uy * hy, c + ux * hx + uy * hy, c - ux * hx + uy * hy])


def _adjacent_face(pips: int, rng) -> int:
    options = [f for f in range(1, 7) if f not in (pips, 7 - pips)]
    return int(options[int(rng.integers(len(options)))])


# ----------------------------------------------------------------------------- the renderer


def _check_side(side, name) -> tuple[int, ...]:
    try:
        side = tuple(int(v) for v in side)
    except (TypeError, ValueError):
        raise RenderError(f"{name} must be 25 integers, got {side!r}") from None
    if len(side) != 25:
        raise RenderError(f"{name} must have 25 entries (24 points and the bar), got {len(side)}")
    if any(v < 0 for v in side):
        raise RenderError(f"{name} has a negative count at index {[i for i, v in enumerate(side) if v < 0][0]}")
    if sum(side) > 15:
        raise RenderError(f"{name} has {sum(side)} checkers on the board, more than 15")
    return side


def _as_die(d) -> RenderDie:
    if isinstance(d, RenderDie):
        return d
    if isinstance(d, int):
        return RenderDie(d)
    raise RenderError(f"a die must be a RenderDie or an int 1..6, not {d!r}")


def _as_cube(c) -> Optional[RenderCube]:
    if c is None or isinstance(c, RenderCube):
        return c
    if isinstance(c, int):
        return RenderCube(c)
    if isinstance(c, tuple) and len(c) == 2:
        return RenderCube(*c)
    raise RenderError(f"the cube must be a RenderCube, a face or (face, where), not {c!r}")


def render_frame(player0: Sequence[int], player1: Sequence[int], view: BoardView = BoardView(), *,
                 dice: Sequence = (), cube=None, hand: bool = False, rng=None):
    """Draw the position as the camera would see it: returns (BGR uint8 image, truth dict).

    ``dice``: RenderDie or plain ints (flat, right half); ``cube``: RenderCube, a face, (face, where)
    or None; ``hand``: True draws a hand and arm over the board; ``rng``: a numpy Generator or an int
    seed (None = seed 0), so equal seeds give equal images.
    """
    p0 = _check_side(player0, "player0")
    p1 = _check_side(player1, "player1")
    dice = tuple(_as_die(d) for d in dice)
    cube = _as_cube(cube)
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(0 if rng is None else rng)
    # the camera (tilt, light, blur, noise) is drawn from the seed before anything else: one seed
    # is one camera whatever is drawn (a cube or dice added move nothing). A bare board draws
    # nothing else, so its frames are the ones earlier versions drew for the same seed.
    w, h = view.size
    jitter = rng.uniform(-1, 1, size=(4, 2)) * view.perspective * np.float32([w, h])
    light = (float(rng.uniform(0, 2 * math.pi)),
             float(rng.uniform(1 - 0.25 * view.light, 1 + 0.1 * view.light))) if view.light > 0 else None
    sigma = float(rng.uniform(0.3, 1.0)) * view.blur if view.blur > 0 else 0.0
    noise_at = (int(rng.integers(_NOISE_PAD)), int(rng.integers(_NOISE_PAD))) if view.noise > 0 else (0, 0)
    style: BoardStyle = view.style
    lay = _layout(view)
    w, h = view.size
    names = view.colour_of
    colours = (style.checkers[1], style.checkers[0]) if view.swap_colours else style.checkers
    rims = (style.checker_rim[1], style.checker_rim[0]) if view.swap_colours else style.checker_rim

    # occupancy per (row, col)
    occupant: dict[tuple[str, int], tuple[int, int]] = {}
    for p in range(1, 25):
        place0 = _point_place(lay, p)
        n0, n1 = p0[p - 1], p1[24 - p]  # player 1's point 25-p is player 0's point p
        if n0 and n1:
            raise RenderError(f"player 0's point {p} holds checkers of both players ({n0} and {n1})")
        if n0:
            occupant[place0] = (0, n0)
        elif n1:
            occupant[place0] = (1, n1)

    img = np.empty((h, w, 3), np.uint8)
    img[:] = style.table
    bx0, by0, bx1, by1 = lay.board
    if style.outer_margin is not None:
        mg = 0.35 * lay.pw
        _poly(img, [[bx0 - mg, by0 - mg], [bx1 + mg, by0 - mg], [bx1 + mg, by1 + mg], [bx0 - mg, by1 + mg]],
              style.outer_margin)
    _poly(img, [[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]], style.frame)
    area = [[lay.left, lay.top], [lay.right, lay.top], [lay.right, lay.bottom], [lay.left, lay.bottom]]
    _poly(img, area, style.area)
    tx0, ty0, tx1, ty1 = lay.tray
    _poly(img, [[tx0, ty0], [tx1, ty0], [tx1, ty1], [tx0, ty1]], _shade(style.area, 0.8))
    cv2.line(img, (int(tx0), int((ty0 + ty1) / 2)), (int(tx1), int((ty0 + ty1) / 2)), style.frame,
             max(1, int(lay.pw * 0.12)))
    tri = {}
    for row in ("top", "bottom"):
        for col in range(12):
            t = _triangle(lay, row, col)
            tri[(row, col)] = t
            k = (col + (0 if row == "top" else 1)) % 2
            _poly(img, t, style.points[k])
            if style.point_outline is not None:
                cv2.polylines(img, [_pts(t)], True, style.point_outline, 1, cv2.LINE_AA, _SHIFT)
    bar_quad = None
    if style.bar is not None:
        bar_quad = [[lay.left + 6 * lay.pw, lay.top], [lay.left + 6 * lay.pw + lay.bar_w, lay.top],
                    [lay.left + 6 * lay.pw + lay.bar_w, lay.bottom], [lay.left + 6 * lay.pw, lay.bottom]]
        _poly(img, bar_quad, style.bar)
    else:
        x = lay.bar_x
        cv2.line(img, (int(round(x)), int(lay.top)), (int(round(x)), int(lay.bottom)),
                 style.point_outline or style.frame, max(1, int(lay.bar_w * 0.5)), cv2.LINE_AA)

    # checkers on the points
    checkers = []
    labels = {"top": [[None, 0] for _ in range(12)], "bottom": [[None, 0] for _ in range(12)]}
    for (row, col), (player, n) in sorted(occupant.items()):
        labels[row][col] = [names[player], n]
        cx = lay.col_x(col) + lay.pw / 2
        for dist, layer in _stack_offsets(n, lay, style.stacking):
            cy = lay.top + dist if row == "top" else lay.bottom - dist
            _draw_checker(img, (cx, cy), lay.d, colours[player], rims[player], style.ring, layer)
            checkers.append({"centre": [cx, cy], "colour": names[player], "where": f"{row} {col + 1}",
                             "layer": layer})

    # the bar: player 0 enters in the row of his point 24 (player 1's home)
    bar_counts = {names[0]: p0[24], names[1]: p1[24]}
    for player, n in ((0, p0[24]), (1, p1[24])):
        entry_row = _point_place(lay, 24 if player == 0 else 1)[0]
        sign = -1 if entry_row == "top" else 1
        for i in range(n):
            cy = lay.mid_y + sign * (lay.d * 0.75 + i * min(lay.d, (lay.bottom - lay.top) / 2 / max(n, 5)))
            _draw_checker(img, (lay.bar_x, cy), lay.d, colours[player], rims[player], style.ring, 0)
            checkers.append({"centre": [lay.bar_x, cy], "colour": names[player], "where": "bar", "layer": 0})

    # borne off: thin slabs in the tray half of the owner's own row
    borne = {names[0]: 15 - sum(p0), names[1]: 15 - sum(p1)}
    for player, side in ((0, p0), (1, p1)):
        own_row = _point_place(lay, 1 if player == 0 else 24)[0]
        slab = (ty1 - ty0) / 2 / 16.5
        for i in range(15 - sum(side)):
            if own_row == "bottom":
                ya = ty1 - (i + 0.3) * slab
                yb = ya - slab * 0.85
            else:
                ya = ty0 + (i + 0.3) * slab
                yb = ya + slab * 0.85
            _poly(img, [[tx0 + 0.1 * lay.pw, ya], [tx1 - 0.1 * lay.pw, ya], [tx1 - 0.1 * lay.pw, yb],
                        [tx0 + 0.1 * lay.pw, yb]], colours[player])

    # the cube
    taken: list[tuple[float, float, float]] = []  # (x, y, radius) of things already placed
    cube_truth = None
    if cube is not None:
        cs = lay.d * 0.8
        if cube.where == "middle":
            cc = (lay.bar_x, lay.mid_y)
            up = 0.0
        else:
            owner = 0 if cube.where == "player0" else 1
            owner_row = _point_place(lay, 1 if owner == 0 else 24)[0]
            on_bar = style.bar is not None
            if owner_row == "bottom":
                y = lay.bottom - cs * 0.75 if on_bar else lay.board[3] + cs * 0.2
                up = 0.0
            else:
                y = lay.top + cs * 0.75 if on_bar else lay.board[1] - cs * 0.2
                up = math.pi
            cc = (lay.bar_x, y)
        angle = up + float(rng.uniform(-0.25, 0.25))
        patch = _face_patch(64, None, style.cube, None, text=str(cube.face), ink=style.cube_ink)
        quad = _square(cc, cs, angle)
        _circle(img, (cc[0] + cs * 0.12, cc[1] + cs * 0.12), cs * 0.62, _shade(style.area, 0.55))
        _paste(img, patch, quad)
        taken.append((cc[0], cc[1], cs * 0.75))
        cube_truth = {"face": cube.face, "where": cube.where, "_quad": quad}

    # the dice
    dice_truth = []
    s = lay.d * 0.48
    for die in dice:
        c = _die_centre(die, lay, style, checkers, taken, rng, s, view.size)
        angle = float(rng.uniform(0, math.pi / 2))
        if die.where == "on checker":
            size = s * 1.08
        else:
            size = s
        patch = _face_patch(48, die.pips, style.die, style.pip)
        if die.flat:
            quad = _square(c, size, angle)
            _paste(img, _face_patch(8, None, _shade(style.area, 0.55), None), _square(
                (c[0] + size * 0.12, c[1] + size * 0.12), size * 1.02, angle))
            _paste(img, patch, quad)
        else:
            tilt = float(rng.uniform(0.45, 0.85))
            squash = math.cos(tilt)
            quad = _square(c, size, angle, squash)
            # the side face joins the top face along its TL-TR edge (away from the viewer's tilt)
            side_h = size * math.sin(tilt)
            ny = np.array([math.sin(angle), -math.cos(angle)])  # outward normal of the TL-TR edge
            side = np.array([quad[0] + ny * side_h, quad[1] + ny * side_h, quad[1], quad[0]])
            side_patch = _face_patch(48, _adjacent_face(die.pips, rng), style.die, style.pip)
            _paste(img, side_patch, side, shade=0.72)
            _paste(img, patch, quad)
        x0, y0 = quad.min(axis=0)
        x1, y1 = quad.max(axis=0)
        taken.append((c[0], c[1], size * 0.8))
        dice_truth.append({"pips": die.pips, "flat": die.flat, "where": die.where, "_quad": quad})

    # a hand and arm reaching over the board
    if hand:
        _draw_hand(img, lay, rng)

    # the camera: a bounded random homography, uneven light, blur, noise
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    homography = cv2.getPerspectiveTransform(src, (src + jitter).astype(np.float32))
    if view.perspective > 0:
        img = cv2.warpPerspective(img, homography, (w, h), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REFLECT)
    if view.light > 0:
        img = _uneven_light(img, view.light, *light)
    if view.blur > 0:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if view.noise > 0:
        pos, neg = _noise_bank(h, w, float(view.noise))
        oy, ox = noise_at
        img = cv2.subtract(cv2.add(img, pos[oy:oy + h, ox:ox + w]), neg[_NOISE_PAD - oy:_NOISE_PAD - oy + h,
                                                                          ox:ox + w])

    def tr(points) -> list:
        a = np.asarray(points, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(a, homography).reshape(-1, 2).round(2).tolist()

    for dt in dice_truth:
        q = np.asarray(tr(dt.pop("_quad")))
        x0, y0 = np.floor(q.min(axis=0))
        x1, y1 = np.ceil(q.max(axis=0))
        dt["box"] = [int(x0), int(y0), int(x1 - x0), int(y1 - y0)]
    if cube_truth is not None:
        q = np.asarray(tr(cube_truth.pop("_quad")))
        x0, y0 = np.floor(q.min(axis=0))
        x1, y1 = np.ceil(q.max(axis=0))
        cube_truth["box"] = [int(x0), int(y0), int(x1 - x0), int(y1 - y0)]
    for ch in checkers:
        ch["centre"] = tr([ch["centre"]])[0]

    geometry = {
        "playing_area": tr(area),
        "board": tr([[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]]),
        "top": [tr(tri[("top", c)]) for c in range(12)],
        "bottom": [tr(tri[("bottom", c)]) for c in range(12)],
        "bar": tr(bar_quad) if bar_quad is not None else None,
        "centre_line": tr([[lay.bar_x, lay.top], [lay.bar_x, lay.bottom]]),
        "tray": tr([[tx0, ty0], [tx1, ty0], [tx1, ty1], [tx0, ty1]]),
        "homography": homography.tolist(),
        "checker_diameter": lay.d,
        "player0_points": {str(p): list(_point_place(lay, p)) for p in range(1, 25)},
        "checkers": checkers,
    }
    truth = {
        "image": None,
        "usable": True,
        "rotate": 0,
        "board_visible": "full",
        "hand_in_view": bool(hand),
        "top": labels["top"],
        "bottom": labels["bottom"],
        "bar": bar_counts,
        "beside_board": borne,
        "dice": dice_truth,
        "cube": cube_truth,
        "uncertain": [],
        "notes": f"rendered: style {style.name}, player 0 ({names[0]}) home {view.orientation}",
        "players": {"player0": {"colour": names[0], "home": view.orientation},
                    "player1": {"colour": names[1], "home": _opposite_home(view.orientation)}},
        "geometry": geometry,
    }
    return img, truth


def _opposite_home(orientation: str) -> str:
    v, hz = orientation.split()
    return f"{'top' if v == 'bottom' else 'bottom'} {hz}"


def _die_centre(die: RenderDie, lay: _Layout, style: BoardStyle, checkers, taken, rng, s, size):
    """A free spot for a die in its place (tries a few random spots, keeps the freest)."""
    best, best_gap = None, -1e9
    for _ in range(30):
        if die.where in ("left half", "right half"):
            if die.where == "left half":
                xa, xb = lay.left + s, lay.left + 6 * lay.pw - s
            else:
                xa, xb = lay.left + 6 * lay.pw + lay.bar_w + s, lay.right - s
            band = (lay.bottom - lay.top) / 2 - lay.tri_h
            ya, yb = lay.mid_y - max(band, s) - s * 0.3, lay.mid_y + max(band, s) + s * 0.3
            c = (float(rng.uniform(xa, xb)), float(rng.uniform(ya, yb)))
        elif die.where == "bar":
            c = (lay.bar_x, float(rng.uniform(lay.top + s, lay.bottom - s)))
        elif die.where == "outside":  # on the table, in the widest margin beside the board
            bx0, by0, bx1, by1 = lay.board
            mg = 0.35 * lay.pw if style.outer_margin is not None else 0.0
            margins = {"left": bx0 - mg, "right": size[0] - bx1 - mg, "top": by0 - mg, "bottom": size[1] - by1 - mg}
            side = max(margins, key=margins.get)
            room = max(margins[side], 1.6 * s)
            if side in ("left", "right"):
                x = bx0 - mg - room / 2 if side == "left" else bx1 + mg + room / 2
                c = (x, float(rng.uniform(by0 + s, by1 - s)))
            else:
                y = by0 - mg - room / 2 if side == "top" else by1 + mg + room / 2
                c = (float(rng.uniform(bx0 + s, bx1 - s)), y)
        else:
            on_points = [ch for ch in checkers if ch["where"] != "bar"]
            if not on_points:
                raise RenderError("a die 'on checker' needs a checker on a point")
            ch = on_points[int(rng.integers(len(on_points)))]
            c = (ch["centre"][0] + float(rng.uniform(-0.1, 0.1)) * lay.d,
                 ch["centre"][1] + float(rng.uniform(-0.1, 0.1)) * lay.d)
        gap = min([math.hypot(c[0] - x, c[1] - y) - r - s * 0.8 for x, y, r in taken], default=1e9)
        if die.where in ("left half", "right half", "bar", "outside"):
            gap = min([gap] + [math.hypot(c[0] - ch["centre"][0], c[1] - ch["centre"][1]) - lay.d / 2 - s * 0.75
                               for ch in checkers])
        if gap > 0:
            return c
        if gap > best_gap:
            best, best_gap = c, gap
    return best


_NOISE_PAD = 64


@functools.lru_cache(maxsize=4)
def _noise_bank(h: int, w: int, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """Two fixed fields of half-normal noise, a little larger than the frame; frames crop them at
    random offsets (drawing fresh Gaussian noise for every frame would cost more than the rest)."""
    gen = np.random.default_rng(12345)
    shape = (h + _NOISE_PAD, w + _NOISE_PAD, 3)
    pos = np.clip(gen.normal(0, sigma * 1.4, shape), 0, 255).astype(np.uint8)
    neg = np.clip(gen.normal(0, sigma * 1.4, shape), 0, 255).astype(np.uint8)
    return pos, neg


def _uneven_light(img, strength, a: float, level: float):
    """Multiply by a smooth gain: a linear gradient in direction ``a`` (radians), a vignette, and
    an overall ``level``."""
    h, w = img.shape[:2]
    sw, sh = 32, 18
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    xs = xs / (sw - 1) - 0.5
    ys = ys / (sh - 1) - 0.5
    gain = 1.0 + strength * 0.6 * (math.cos(a) * xs + math.sin(a) * ys)
    gain -= strength * 0.5 * (xs ** 2 + ys ** 2)
    gain *= level
    gain = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
    gain = cv2.merge([gain, gain, gain])
    return cv2.multiply(img, gain, dtype=cv2.CV_8U)


_SKIN = ((120, 150, 205), (95, 125, 180), (70, 95, 140), (150, 180, 225), (55, 75, 110))


def _draw_hand(img, lay: _Layout, rng):
    """A skin-toned arm from the near or far edge, a palm over the playing area and five fingers."""
    h, w = img.shape[:2]
    skin = _SKIN[int(rng.integers(len(_SKIN)))]
    dark = _shade(skin, 0.8)
    pw = lay.pw
    palm = np.array([rng.uniform(lay.left + 2 * pw, lay.right - 2 * pw),
                     rng.uniform(lay.top + 2.5 * pw, lay.bottom - 2.5 * pw)])
    from_bottom = bool(rng.integers(2))
    start = np.array([palm[0] + rng.uniform(-3, 3) * pw, h + 2 * pw if from_bottom else -2 * pw])
    direction = palm - start
    direction /= np.linalg.norm(direction)
    width = 1.9 * pw
    cv2.line(img, tuple(int(v) for v in start), tuple(int(v) for v in palm), dark, int(width * 1.1),
             cv2.LINE_AA)
    cv2.line(img, tuple(int(v) for v in start), tuple(int(v) for v in palm), skin, int(width), cv2.LINE_AA)
    angle = math.degrees(math.atan2(direction[1], direction[0]))
    cv2.ellipse(img, (int(palm[0]), int(palm[1])), (int(1.3 * pw), int(1.1 * pw)), angle, 0, 360, skin, -1,
                cv2.LINE_AA)
    normal = np.array([-direction[1], direction[0]])
    spread = rng.uniform(0.15, 0.35)
    for i, (length, off) in enumerate(((1.6, -0.75), (1.9, -0.25), (2.0, 0.25), (1.7, 0.7))):
        base = palm + direction * 0.9 * pw + normal * off * pw
        tip_dir = direction + normal * (off * spread)
        tip_dir /= np.linalg.norm(tip_dir)
        tip = base + tip_dir * length * pw
        cv2.line(img, tuple(int(v) for v in base), tuple(int(v) for v in tip), dark, int(0.42 * pw), cv2.LINE_AA)
        cv2.line(img, tuple(int(v) for v in base), tuple(int(v) for v in tip), skin, int(0.36 * pw), cv2.LINE_AA)
    thumb_side = 1 if rng.integers(2) else -1
    base = palm + normal * thumb_side * 1.0 * pw
    tip = base + (normal * thumb_side + direction * 0.6) * 1.1 * pw
    cv2.line(img, tuple(int(v) for v in base), tuple(int(v) for v in tip), skin, int(0.42 * pw), cv2.LINE_AA)
