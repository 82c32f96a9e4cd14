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

Realism for boards we have never seen (all off by default; see BoardStyle and BoardView):
thick glossy checkers seen by a 3-D camera, soft shadows, felt/leather/wood/cloth grain, a raised
frame and bar, a camera tilted up to 60 degrees (a phone), barrel distortion, a warm or cool cast,
JPEG, and clutter on the table (a cup, a scoresheet, a second board at the edge).
``random_style(rng)`` draws a plausible board as makers make them and ``random_view(rng)`` a
camera over a real table with all of that; bench/vision_styles.py reads them.

``truth`` is a JSON-ready dict in the label format of ../shared/data/README.md (so it can be written
beside a PNG as NAME.png.json) plus a "geometry" entry with pixel coordinates in the final image:
"playing_area" and "board" corners (TL, TR, BR, BL), the 24 point triangles ("top"/"bottom", 12
each, left to right, base corners then apex), "bar" quad or None, "trays", "homography" (flat
board -> image; with a tilt the flat board lies in a canvas larger than the frame),
"checker_diameter" (flat pixels), "player0_points" (player 0's point p -> [row, column]),
"checkers" (centre, colour, where; the centre of the top face as seen) and, when clutter is asked
for, "clutter" (item and outline of each thing drawn). Dice entries carry "box" [x, y, w, h] of
the top face; the cube entry carries "box".
"""
from __future__ import annotations

import dataclasses
import functools
import logging
import math
import zlib
from dataclasses import dataclass, field
from typing import Optional, Sequence, Union

import cv2
import numpy as np

from vision.errors import VisionError
from vision.image import work_array
from vision.types import PIP_LAYOUT

log = logging.getLogger(__name__)

ORIENTATIONS = ("bottom right", "bottom left", "top right", "top left")
DIE_PLACES = ("left half", "right half", "bar", "on checker", "outside")
CUBE_PLACES = ("middle", "player0", "player1")
CUBE_FACES = (2, 4, 8, 16, 32, 64)
STACKINGS = ("pyramid", "run")
TEXTURES = ("felt", "leather", "wood", "cloth")  # surface grains: see _texture_gain
CLUTTER = ("cup", "scoresheet", "board")  # things beside the board on a club table (issue 10)

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
    # realism (all off by default, so the named styles draw what they always drew):
    checker_height: float = 0.0  # thickness / diameter: the darker side of the cylinder shows
    gloss: float = 0.0  # 0..1, a specular highlight on each checker's top face
    area_texture: Optional[str] = None  # grain of the playing area and points (TEXTURES)
    frame_texture: Optional[str] = None  # grain of the frame and bar (TEXTURES)
    raised: float = 0.0  # height of the frame and bar above the playing area, in point widths
    scatter: float = 0.0  # 0..0.5: checkers lie up to this many diameters off their places (hands never align them)

    def __post_init__(self):
        if self.stacking not in STACKINGS:
            raise RenderError(f"style {self.name!r}: stacking must be one of {STACKINGS}, not {self.stacking!r}")
        if self.checker_names[0] == self.checker_names[1]:
            raise RenderError(f"style {self.name!r}: the two checker names must differ")
        for what, value in (("area_texture", self.area_texture), ("frame_texture", self.frame_texture)):
            if value is not None and value not in TEXTURES:
                raise RenderError(f"style {self.name!r}: {what} must be one of {TEXTURES} or None, not {value!r}")
        for what, value, top in (("checker_height", self.checker_height, 0.5), ("gloss", self.gloss, 1.0),
                                 ("raised", self.raised, 1.0), ("scatter", self.scatter, 0.5)):
            if not 0 <= value <= top:
                raise RenderError(f"style {self.name!r}: {what} {value} out of range 0..{top}")

    @property
    def realistic(self) -> bool:
        """True if any realism option is on (such a style draws from its own random stream)."""
        return bool(self.checker_height or self.gloss or self.area_texture or self.frame_texture or self.raised
                    or self.scatter)


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

    Realism (all off by default): ``tilt`` the camera's lean from straight above in degrees (a
    phone held at an angle, up to 60; its direction comes from the seed); ``board_fill`` the part
    of the frame the board fills (0 = the usual 0.88 less the perspective); ``shadow`` 0..1 the
    strength of the soft shadows of checkers and of a raised frame and bar; ``warmth`` -1 (cool
    daylight) .. 1 (warm room light) a colour cast; ``distortion`` 0..0.3 barrel lens distortion;
    ``jpeg_quality`` 0 (none) or 5..100, the frame goes through JPEG; ``table_texture`` the table's
    grain (TEXTURES); ``clutter`` things on the table beside the board (CLUTTER, each at most once
    per name given), never over the board's outline; ``steady_clutter`` (the default) draws them
    from a stream of their own, so that they lie in the same place whatever the position and with a
    hand or not, as on a real table; False draws them from the stream the checkers' scatter draws
    from, so that they move whenever a checker borne off or on the bar, or a hand, takes fewer or
    more of its draws (the renderer's earlier frames, kept for tests/vision/test_render.py).
    """

    orientation: str = "bottom right"
    style: Union[BoardStyle, str] = "classic"
    size: tuple[int, int] = (1280, 720)
    perspective: float = 0.03
    light: float = 0.3
    noise: float = 3.0
    blur: float = 0.8
    swap_colours: bool = False
    tilt: float = 0.0
    board_fill: float = 0.0
    shadow: float = 0.0
    warmth: float = 0.0
    distortion: float = 0.0
    jpeg_quality: int = 0
    table_texture: Optional[str] = None
    clutter: tuple[str, ...] = ()
    steady_clutter: bool = True

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
        for what, value, lo, hi in (("tilt", self.tilt, 0, 60), ("shadow", self.shadow, 0, 1),
                                    ("warmth", self.warmth, -1, 1), ("distortion", self.distortion, 0, 0.3)):
            if not lo <= value <= hi:
                raise RenderError(f"{what} {value} out of range {lo}..{hi}")
        if self.board_fill and not 0.3 <= self.board_fill <= 0.95:
            raise RenderError(f"board_fill {self.board_fill} out of range 0.3..0.95 (or 0 for the usual)")
        if self.jpeg_quality and not 5 <= self.jpeg_quality <= 100:
            raise RenderError(f"jpeg_quality {self.jpeg_quality} out of range 5..100 (or 0 for none)")
        if self.table_texture is not None and self.table_texture not in TEXTURES:
            raise RenderError(f"table_texture must be one of {TEXTURES} or None, not {self.table_texture!r}")
        clutter = tuple(self.clutter)
        for item in clutter:
            if item not in CLUTTER:
                raise RenderError(f"clutter must name things in {CLUTTER}, not {item!r}")
        object.__setattr__(self, "clutter", clutter)

    def without_effects(self) -> "BoardView":
        """The same view through a perfect camera: no perspective, tilt, lens distortion, colour cast,
        light, noise, blur or JPEG (the board, its shadows and the clutter stay)."""
        return dataclasses.replace(self, perspective=0.0, light=0.0, noise=0.0, blur=0.0, tilt=0.0,
                                   distortion=0.0, warmth=0.0, jpeg_quality=0)

    @property
    def realistic(self) -> bool:
        """True if any realism option of the view or its style is on."""
        return bool(self.tilt or self.board_fill or self.shadow or self.warmth or self.distortion
                    or self.jpeg_quality or self.table_texture or self.clutter or self.style.realistic)

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


def _layout(view: BoardView, offset: tuple[float, float] = (0.0, 0.0)) -> _Layout:
    """Where everything lies in the flat board image; ``offset`` moves it all (a canvas larger
    than the frame, for a tilted camera that sees beyond the frame's own table)."""
    w, h = view.size
    style = view.style
    bar_units = 1.0 if style.bar is not None else 0.12
    frame_u, tray_u = 0.4, 1.3
    margin_u = 0.35 if style.outer_margin is not None else 0.0
    width_u = 12 + bar_units + 3 * frame_u + tray_u + 2 * margin_u
    height_u = 10.8 + 2 * frame_u + 2 * margin_u
    fill = view.board_fill or 0.88 - 1.2 * view.perspective
    pw = min(w * fill / width_u, h * fill / height_u)
    d = 0.94 * pw
    bw, bh = width_u * pw, height_u * pw
    x0, y0 = (w - bw) / 2 + offset[0], (h - bh) / 2 + offset[1]
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
    w, h = view.size
    # realism draws from its own stream, seeded from the camera's, so it too is one per seed
    seed = int(rng.integers(2 ** 62)) if view.realistic else 0
    real = np.random.default_rng(seed) if view.realistic else None
    table = np.random.default_rng([seed, 1]) if view.steady_clutter else real  # (see BoardView)
    lay = _layout(view)
    cam = _camera(view, lay, jitter, real) if real is not None else None
    offset, canvas = (0, 0), (w, h)
    if cam is not None and view.tilt > 0:  # a tilted camera sees the table beyond the flat frame
        offset, canvas = _canvas(cam.homography, w, h)
        lay = _layout(view, offset)
        cam = cam.moved(offset)
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

    img = np.empty((canvas[1], canvas[0], 3), np.uint8)
    img[:] = style.table
    # which surface each pixel shows (for the textures); only kept when a texture is asked for
    mat = np.zeros(img.shape[:2], np.uint8) if _textured(view) else None

    def fill(pts, colour, material):
        _poly(img, pts, colour)
        if mat is not None:
            cv2.fillPoly(mat, [_pts(pts)], material, cv2.LINE_8, _SHIFT)

    bx0, by0, bx1, by1 = lay.board
    if style.outer_margin is not None:
        mg = 0.35 * lay.pw
        fill([[bx0 - mg, by0 - mg], [bx1 + mg, by0 - mg], [bx1 + mg, by1 + mg], [bx0 - mg, by1 + mg]],
             style.outer_margin, _MARGIN)
    fill([[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]], style.frame, _FRAME)
    area = [[lay.left, lay.top], [lay.right, lay.top], [lay.right, lay.bottom], [lay.left, lay.bottom]]
    fill(area, style.area, _AREA)
    tx0, ty0, tx1, ty1 = lay.tray
    fill([[tx0, ty0], [tx1, ty0], [tx1, ty1], [tx0, ty1]], _shade(style.area, 0.8), _AREA)
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
        fill(bar_quad, style.bar, _FRAME)
    else:
        x = lay.bar_x
        cv2.line(img, (int(round(x)), int(lay.top)), (int(round(x)), int(lay.bottom)),
                 style.point_outline or style.frame, max(1, int(lay.bar_w * 0.5)), cv2.LINE_AA)

    # checkers on the points, then on the bar (placed first, drawn below in the same order)
    checkers = []
    labels = {"top": [[None, 0] for _ in range(12)], "bottom": [[None, 0] for _ in range(12)]}
    for (row, col), (player, n) in sorted(occupant.items()):
        labels[row][col] = [names[player], n]
        cx = lay.col_x(col) + lay.pw / 2
        for dist, layer in _stack_offsets(n, lay, style.stacking):
            cy = lay.top + dist if row == "top" else lay.bottom - dist
            if style.scatter > 0:  # off the centre line, and a little up or down the point (never off the rail)
                along = float(real.uniform(0, style.scatter)) * lay.d * 0.5
                cx_ = cx + float(real.uniform(-1, 1)) * style.scatter * lay.d
                cy += along if row == "top" else -along
                checkers.append({"centre": [cx_, cy], "colour": names[player], "where": f"{row} {col + 1}",
                                 "layer": layer, "_player": player})
                continue
            checkers.append({"centre": [cx, cy], "colour": names[player], "where": f"{row} {col + 1}",
                             "layer": layer, "_player": player})

    # the bar: player 0 enters in the row of his point 24 (player 1's home)
    bar_counts = {names[0]: p0[24], names[1]: p1[24]}
    for player, n in ((0, p0[24]), (1, p1[24])):
        entry_row = _point_place(lay, 24 if player == 0 else 1)[0]
        sign = -1 if entry_row == "top" else 1
        for i in range(n):
            cy = lay.mid_y + sign * (lay.d * 0.75 + i * min(lay.d, (lay.bottom - lay.top) / 2 / max(n, 5)))
            checkers.append({"centre": [lay.bar_x, cy], "colour": names[player], "where": "bar", "layer": 0,
                             "_player": player})

    if cam is not None:  # shadows on the flat board, then the raised frame and bar, then the grain
        _cast_shadows(img, view, lay, cam, checkers, bar_quad)
        if style.raised > 0:
            _raise_frame(img, mat, lay, cam, bar_quad, style)
        if mat is not None:
            _apply_textures(img, mat, view, lay)
    order = checkers
    if cam is not None:  # painter's order: lower layers first, and the farther from the camera the sooner
        order = sorted(checkers, key=lambda ch: (ch["layer"], -math.dist(ch["centre"], cam.nadir)))
    for ch in order:
        player = ch.pop("_player")
        if cam is not None:
            ch["centre"] = _draw_real_checker(img, ch["centre"], lay.d, colours[player], rims[player], style,
                                              ch["layer"], cam)
        else:
            _draw_checker(img, ch["centre"], lay.d, colours[player], rims[player], style.ring, ch["layer"])

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
        c = _die_centre(die, lay, style, checkers, taken, rng, s, view.size, offset)
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

    # the camera: a bounded random homography (and a tilt), uneven light, blur, noise
    if cam is not None:
        homography = cam.homography
    else:
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        homography = cv2.getPerspectiveTransform(src, (src + jitter).astype(np.float32))
    if view.perspective > 0 or view.tilt > 0:
        img = cv2.warpPerspective(img, homography, (w, h), flags=cv2.INTER_LINEAR,
                                  borderMode=cv2.BORDER_REFLECT)
    clutter_truth = []
    if view.clutter:
        outline = _project(homography, [[bx0, by0], [bx1, by0], [bx1, by1], [bx0, by1]])
        if style.outer_margin is not None:
            mg = 0.35 * lay.pw
            outline = _project(homography, [[bx0 - mg, by0 - mg], [bx1 + mg, by0 - mg], [bx1 + mg, by1 + mg],
                                            [bx0 - mg, by1 + mg]])
        scale = math.sqrt(abs(np.linalg.det(_local_linear(homography, lay.bar_x, lay.mid_y))))
        clutter_truth = _draw_clutter(img, view.clutter, outline, lay.d * scale, table)
    if view.distortion > 0:
        img = cv2.remap(img, *_distortion_maps(w, h, float(view.distortion)), cv2.INTER_LINEAR,
                        borderMode=cv2.BORDER_REFLECT)
        for item in clutter_truth:
            item["outline"] = _distort_points(item["outline"], w, h, view.distortion).round(2).tolist()
    if view.warmth:
        k = float(view.warmth)
        img = cv2.transform(img, np.diag([1 - 0.22 * k, 1 - 0.03 * k, 1 + 0.08 * k]).astype(np.float32))
    if view.light > 0:
        img = _uneven_light(img, view.light, *light)
    if view.blur > 0:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    if view.noise > 0:
        pos, neg = _noise_bank(h, w, float(view.noise))
        oy, ox = noise_at
        img = cv2.subtract(cv2.add(img, pos[oy:oy + h, ox:ox + w]), neg[_NOISE_PAD - oy:_NOISE_PAD - oy + h,
                                                                          ox:ox + w])
    if view.jpeg_quality:
        ok, data = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(view.jpeg_quality)])
        img = cv2.imdecode(data, cv2.IMREAD_COLOR)

    def tr(points) -> list:
        a = np.asarray(points, np.float64).reshape(-1, 1, 2)
        out = cv2.perspectiveTransform(a, homography).reshape(-1, 2)
        if view.distortion > 0:
            out = _distort_points(out, w, h, view.distortion)
        return out.round(2).tolist()

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
    if view.clutter:
        geometry["clutter"] = clutter_truth
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


def _die_centre(die: RenderDie, lay: _Layout, style: BoardStyle, checkers, taken, rng, s, size, offset=(0, 0)):
    """A free spot for a die in its place (tries a few random spots, keeps the freest); the frame
    lies at ``offset`` in a larger canvas (a tilted camera's)."""
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
            ox, oy = offset
            margins = {"left": bx0 - mg - ox, "right": size[0] + ox - bx1 - mg, "top": by0 - mg - oy,
                       "bottom": size[1] + oy - by1 - mg}
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


NOISE_FIELDS_MOST = 1 << 22  # pixels: the most a frame has for its noise's normal fields to be kept (see below)
_NOISE_SIZES: dict[tuple[int, int], int] = {}  # frame size -> banks drawn for it


@functools.lru_cache(maxsize=4)
def _noise_bank(h: int, w: int, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """Two fixed fields of half-normal noise, a little larger than the frame; frames crop them at
    random offsets (drawing fresh Gaussian noise for every frame would cost more than the rest).
    A process that renders one frame size at many noise levels (the tests, the benches: a style's
    noise is random) keeps the two standard normal fields they are scaled from; each level is
    then the same fields scaled (numpy's normal(0, s) is s times its standard normal: the same
    banks), at a tenth of the cost. One level (a table's simulated camera) keeps none."""
    shape = (h + _NOISE_PAD, w + _NOISE_PAD, 3)
    scale = sigma * 1.4
    _NOISE_SIZES[h, w] = drawn = _NOISE_SIZES.get((h, w), 0) + 1
    fields = _draw_fields(shape) if drawn < 2 or h * w > NOISE_FIELDS_MOST else _normal_fields(shape)
    return _half_normal(fields[0], scale), _half_normal(fields[1], scale)


def _draw_fields(shape: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The two standard normal fields _noise_bank's generator draws."""
    gen = np.random.default_rng(12345)
    return gen.standard_normal(shape), gen.standard_normal(shape)


_normal_fields = functools.lru_cache(maxsize=1)(_draw_fields)  # (kept: see _noise_bank)


def _half_normal(z: np.ndarray, scale: float) -> np.ndarray:
    """np.clip(scale * z, 0, 255).astype(np.uint8), scaled in a kept work array (vision.image.work_array)."""
    work = np.multiply(z, scale, out=work_array("render.noise", z.shape, np.float64))
    np.clip(work, 0, 255, out=work)
    out = np.empty(z.shape, np.uint8)
    np.copyto(out, work, casting="unsafe")
    return out


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


# ----------------------------------------------------------------------------- realism
# Everything below is used only when a view or style asks for realism (BoardView.realistic), so
# the plain styles draw exactly what they always drew.

_TABLE, _FRAME, _AREA, _MARGIN = 0, 1, 2, 3  # surfaces, for the textures
_CAMERA_DISTANCE = 1.45  # camera above the board centre, in frame long sides (a phone's field of view)


@dataclass(frozen=True)
class _Camera:
    """A pinhole camera over the flat board: where points above the board appear in the flat
    canvas (``lift``), the flat canvas -> image homography, and the light's direction."""

    homography: np.ndarray
    centre: tuple[float, float]  # the canvas point under the camera's optical axis at tilt 0
    v: tuple[float, float, float]  # [R0 R1 t]^-1 R2: how height moves a point in the flat canvas
    light: tuple[float, float]  # unit vector in the flat canvas: the way shadows fall

    @property
    def nadir(self) -> tuple[float, float]:
        """The canvas point straight below the camera (height moves everything away from it)."""
        vx, vy, vz = self.v
        return (self.centre[0] + vx / vz, self.centre[1] + vy / vz)

    def moved(self, offset) -> "_Camera":
        """The same camera over a canvas whose origin lies ``offset`` pixels further up and left."""
        ox, oy = offset
        shift = np.array([[1, 0, -ox], [0, 1, -oy], [0, 0, 1]], np.float64)
        return dataclasses.replace(self, homography=self.homography @ shift,
                                   centre=(self.centre[0] + ox, self.centre[1] + oy))

    def lift(self, pts, z: float) -> np.ndarray:
        """Where points at height z (canvas pixels) over the flat points pts appear, in canvas pixels."""
        p = np.asarray(pts, np.float64).reshape(-1, 2) - self.centre
        qh = np.column_stack([p, np.ones(len(p))]) - z * np.asarray(self.v)
        return qh[:, :2] / qh[:, 2:3] + self.centre


def _textured(view: BoardView) -> bool:
    st = view.style
    return bool(view.table_texture or st.area_texture or st.frame_texture)


def _canvas(homography, w: int, h: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """(offset, size) of a flat canvas that covers everything the camera sees in its w x h frame."""
    seen = _project(np.linalg.inv(homography), [[0, 0], [w, 0], [w, h], [0, h]])
    (x0, y0), (x1, y1) = seen.min(axis=0), seen.max(axis=0)
    ox = int(math.ceil(min(w / 2, max(0.0, -x0))))  # at most twice the frame: beyond it (a steep
    oy = int(math.ceil(min(h / 2, max(0.0, -y0))))  # camera's far horizon) the table is mirrored
    cw = int(math.ceil(min(1.5 * w, max(float(w), x1)))) + ox
    ch = int(math.ceil(min(1.5 * h, max(float(h), y1)))) + oy
    return (ox, oy), (cw, ch)


def _camera(view: BoardView, lay: _Layout, jitter, real) -> _Camera:
    """The camera of a realistic view: with no tilt its homography is the plain view's, exactly."""
    w, h = view.size
    phi = float(real.uniform(0, 2 * math.pi))  # which way the camera leans
    light_at = float(real.uniform(0, 2 * math.pi))
    centre = (w / 2, h / 2)
    distance = _CAMERA_DISTANCE * max(w, h)
    t = math.radians(view.tilt)
    rot = cv2.Rodrigues(np.array([t * math.cos(phi), t * math.sin(phi), 0.0]))[0]
    m = np.column_stack([rot[:, 0], rot[:, 1], [0.0, 0.0, distance]])
    v = np.linalg.solve(m, rot[:, 2])
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    homography = cv2.getPerspectiveTransform(src, (src + jitter).astype(np.float32)).astype(np.float64)
    if view.tilt > 0:
        k = np.diag([distance, distance, 1.0])
        a = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]], np.float64)
        g = k @ m @ a @ homography
        bx0, by0, bx1, by1 = lay.board
        mg = 0.35 * lay.pw if view.style.outer_margin is not None else 0.0
        seen = _project(g, [[bx0 - mg, by0 - mg], [bx1 + mg, by0 - mg], [bx1 + mg, by1 + mg], [bx0 - mg, by1 + mg]])
        (x0, y0), (x1, y1) = seen.min(axis=0), seen.max(axis=0)
        fill = view.board_fill or 0.88 - 1.2 * view.perspective
        s = min(w * fill / (x1 - x0), h * fill / (y1 - y0))
        fit = np.array([[s, 0, w / 2 - s * (x0 + x1) / 2], [0, s, h / 2 - s * (y0 + y1) / 2], [0, 0, 1]])
        homography = fit @ g
    return _Camera(homography=homography, centre=centre, v=tuple(float(x) for x in v),
                   light=(math.cos(light_at), math.sin(light_at)))


def _project(homography, pts) -> np.ndarray:
    a = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(a, np.asarray(homography, np.float64)).reshape(-1, 2)


def _local_linear(homography, x: float, y: float) -> np.ndarray:
    """The homography's 2x2 Jacobian at (x, y): how it stretches a small neighbourhood there."""
    p = _project(homography, [[x, y], [x + 1, y], [x, y + 1]])
    return np.column_stack([p[1] - p[0], p[2] - p[0]])


def _frame_polys(lay: _Layout):
    """The outer rectangle of the frame and its holes (the playing area and the tray)."""
    bx0, by0, bx1, by1 = lay.board
    tx0, ty0, tx1, ty1 = lay.tray
    rect = lambda x0, y0, x1, y1: np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)  # noqa: E731
    return rect(bx0, by0, bx1, by1), [rect(lay.left, lay.top, lay.right, lay.bottom), rect(tx0, ty0, tx1, ty1)]


def _cast_shadows(img, view: BoardView, lay: _Layout, cam: _Camera, checkers, bar_quad) -> None:
    """Darken the flat board where checkers and a raised frame and bar cast their soft shadows."""
    if view.shadow <= 0:
        return
    style = view.style
    bx0, by0, bx1, by1 = lay.board
    pad = 0.5 * lay.pw + style.raised * lay.pw
    xa, ya = max(0, int(bx0 - pad)), max(0, int(by0 - pad))
    xb, yb = min(img.shape[1], int(bx1 + pad) + 1), min(img.shape[0], int(by1 + pad) + 1)
    origin = np.array([xa, ya], np.float64)
    roi = img[ya:yb, xa:xb]
    mask = np.zeros(roi.shape[:2], np.uint8)
    light = np.asarray(cam.light)
    height = style.checker_height * lay.d
    for ch in checkers:
        top = (ch["layer"] + 1) * height + 0.06 * lay.d
        _circle(mask, np.asarray(ch["centre"]) - origin + light * (0.06 * lay.d + 0.9 * top), lay.d / 2, 255)
    if style.raised > 0:
        z = style.raised * lay.pw
        outer, holes = _frame_polys(lay)
        walls = np.zeros_like(mask)
        shift = light * z * 0.9
        cv2.fillPoly(walls, [_pts(p + shift - origin) for p in [outer] + holes], 255, cv2.LINE_AA, _SHIFT)
        if bar_quad is not None:
            _poly(walls, np.asarray(bar_quad) + shift - origin, 255)
        inside = np.zeros_like(mask)
        cv2.fillPoly(inside, [_pts(p - origin) for p in holes], 255, cv2.LINE_AA, _SHIFT)
        if bar_quad is not None:
            _poly(inside, np.asarray(bar_quad) - origin, 0)
        mask = cv2.max(mask, cv2.min(walls, inside))
    mask = cv2.GaussianBlur(mask, (0, 0), max(0.8, 0.1 * lay.d))
    gain = 1.0 - (0.55 * view.shadow / 255.0) * mask.astype(np.float32)
    roi[:] = cv2.multiply(roi, cv2.cvtColor(gain, cv2.COLOR_GRAY2BGR), dtype=cv2.CV_8U)


def _raise_frame(img, mat, lay: _Layout, cam: _Camera, bar_quad, style: BoardStyle) -> None:
    """Draw the frame and bar as blocks standing ``style.raised`` point widths above the playing
    area: the inner walls the camera sees, then the tops where the camera sees them."""
    z = style.raised * lay.pw
    outer, holes = _frame_polys(lay)
    wall = _shade(style.frame, 0.68)
    boxes = [outer] + holes + ([np.asarray(bar_quad, np.float64)] if bar_quad is not None else [])
    for poly in boxes:
        lid = cam.lift(poly, z)
        for i in range(len(poly)):
            j = (i + 1) % len(poly)
            quad = [poly[i], poly[j], lid[j], lid[i]]
            _poly(img, quad, wall)
            if mat is not None:
                cv2.fillPoly(mat, [_pts(quad)], _FRAME, cv2.LINE_8, _SHIFT)
    ring = [_pts(cam.lift(p, z)) for p in [outer] + holes]
    cv2.fillPoly(img, ring, style.frame, cv2.LINE_AA, _SHIFT)
    if mat is not None:
        cv2.fillPoly(mat, ring, _FRAME, cv2.LINE_8, _SHIFT)
    if bar_quad is not None:
        lid = cam.lift(bar_quad, z)
        _poly(img, lid, style.bar)
        if mat is not None:
            cv2.fillPoly(mat, [_pts(lid)], _FRAME, cv2.LINE_8, _SHIFT)


def _low_frequency(gen, shape, cells: float) -> np.ndarray:
    """Smooth unit-variance noise with about ``cells`` blobs along the longer side."""
    h, w = shape
    n = max(2, int(cells))
    small = gen.standard_normal((max(2, int(n * h / max(h, w)) + 2), max(2, int(n * w / max(h, w)) + 2))).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)


def _fine(gen, shape, sigma: float) -> np.ndarray:
    """Gaussian noise blurred by sigma pixels and brought back to unit variance."""
    n = gen.standard_normal(shape, dtype=np.float32)
    if sigma > 0.3:
        n = cv2.GaussianBlur(n, (0, 0), sigma)
    return n / max(float(n.std()), 1e-6)


@functools.lru_cache(maxsize=12)
def _texture_gain(kind: str, shape: tuple[int, int], pw: float, seed: int) -> np.ndarray:
    """A multiplicative gain (about 1) with the grain of a surface: felt (fine fuzz), leather
    (blotches and pores), wood (streaks and rings along the x axis), cloth (a fine weave).
    Drawn at half size and enlarged (a felt's fuzz is a couple of pixels anyway)."""
    gen = np.random.default_rng(seed)
    full = shape
    shape = (shape[0] // 2 + 1, shape[1] // 2 + 1)
    pw = pw / 2
    h, w = shape
    if kind == "felt":
        g = 1 + 0.05 * _fine(gen, shape, 0.7) + 0.025 * _low_frequency(gen, shape, 12)
    elif kind == "leather":
        g = 1 + 0.045 * _fine(gen, shape, max(1.0, pw * 0.06)) + 0.02 * _fine(gen, shape, 0.5) \
            + 0.035 * _low_frequency(gen, shape, 10)
    elif kind == "wood":
        streaks = gen.standard_normal((h, max(2, w // 40))).astype(np.float32)
        streaks = cv2.GaussianBlur(streaks, (0, 0), 0.8)
        streaks = cv2.resize(streaks, (w, h), interpolation=cv2.INTER_LINEAR)
        ys = np.arange(h, dtype=np.float32)[:, None] + 0.9 * pw * _low_frequency(gen, shape, 5)
        rings = np.sin(ys * (2 * math.pi / max(3.0, 0.55 * pw)))
        g = 1 + 0.04 * streaks / max(float(streaks.std()), 1e-6) + 0.045 * rings + 0.04 * _low_frequency(gen, shape, 4)
    else:  # cloth
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        period = max(2.5, 0.08 * pw)
        weave = np.sin(xs * (2 * math.pi / period)) * np.sin(ys * (2 * math.pi / period))
        g = 1 + 0.035 * weave + 0.03 * _fine(gen, shape, 0.6) + 0.04 * _low_frequency(gen, shape, 6)
    g = cv2.resize(np.clip(g, 0.6, 1.4).astype(np.float32), (2 * w, 2 * h), interpolation=cv2.INTER_LINEAR)
    return g[:full[0], :full[1]]


def _apply_textures(img, mat, view: BoardView, lay: _Layout) -> None:
    style = view.style
    gain = np.ones(mat.shape, np.float32)
    w, h = view.size
    for material, kind in ((_TABLE, view.table_texture), (_FRAME, style.frame_texture), (_AREA, style.area_texture)):
        if kind:
            seed = zlib.crc32(f"{style.name}/{material}/{kind}".encode())
            sel = mat == material  # one texture per style and frame size, large enough for any canvas
            gain[sel] = _texture_gain(kind, (2 * h, 2 * w), round(lay.pw, 1), seed)[:mat.shape[0], :mat.shape[1]][sel]
    img[:] = cv2.multiply(img, cv2.cvtColor(gain, cv2.COLOR_GRAY2BGR), dtype=cv2.CV_8U)


@functools.lru_cache(maxsize=8)
def _gloss_patch(size: int, offset: tuple[float, float], sigma: float, radius: float) -> np.ndarray:
    """A soft highlight blob (0..1) off centre in a size x size patch, cut to the face's circle."""
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32) - (size - 1) / 2
    blob = np.exp(-((xs - offset[0]) ** 2 + (ys - offset[1]) ** 2) / (2 * sigma * sigma))
    blob[xs ** 2 + ys ** 2 > radius ** 2] = 0
    return blob[..., None]


def _draw_real_checker(img, c, d, colour, rim, style: BoardStyle, layer: int, cam: _Camera) -> list:
    """A checker as a cylinder seen by the camera (its side shows, darker), glossy if the style
    is; returns where its top face's centre lies in the flat canvas."""
    r = d / 2
    c = np.asarray(c, np.float64)
    height = style.checker_height * d
    top = c
    if height > 0:
        base = cam.lift([c], layer * height)[0]
        top = cam.lift([c], (layer + 1) * height)[0]
        side = _shade(colour, 0.6)
        _circle(img, base, r, _shade(colour, 0.4))
        _circle(img, base, r - 1.2, side)
        axis = top - base
        length = float(np.hypot(*axis))
        if length > 0.3:
            n = np.array([-axis[1], axis[0]]) / length * r
            _poly(img, [base + n, top + n, top - n, base - n], side)
    _draw_checker(img, top, d, colour, rim, style.ring, layer)
    if style.gloss > 0:
        size = int(math.ceil(d)) + 3
        light = np.asarray(cam.light)
        offset = tuple(float(v) for v in np.round(-light * 0.3 * r, 1))
        blob = _gloss_patch(size, offset, round(0.22 * r, 1), round(0.88 * r, 1))
        x0, y0 = int(round(top[0])) - size // 2, int(round(top[1])) - size // 2
        xa, ya = max(0, x0), max(0, y0)
        xb, yb = min(img.shape[1], x0 + size), min(img.shape[0], y0 + size)
        if xb > xa and yb > ya:
            roi = img[ya:yb, xa:xb].astype(np.float32)
            b = blob[ya - y0:yb - y0, xa - x0:xb - x0] * (0.85 * style.gloss)
            img[ya:yb, xa:xb] = np.clip(roi + (255 - roi) * b, 0, 255).astype(np.uint8)
    return [float(top[0]), float(top[1])]


@functools.lru_cache(maxsize=4)
def _distortion_maps(w: int, h: int, k: float) -> tuple[np.ndarray, np.ndarray]:
    """remap() tables for barrel distortion of strength k that keeps the corners in place."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy, rr = w / 2, h / 2, (w / 2) ** 2 + (h / 2) ** 2
    dx, dy = xs - cx, ys - cy
    f = (1 + k * (dx * dx + dy * dy) / rr) / (1 + k)
    return (cx + dx * f).astype(np.float32), (cy + dy * f).astype(np.float32)


def _distort_points(pts, w: int, h: int, k: float) -> np.ndarray:
    """Where undistorted image points land after _distortion_maps (the inverse of its mapping)."""
    s = np.asarray(pts, np.float64).reshape(-1, 2)
    c = np.array([w / 2, h / 2])
    rr = (w / 2) ** 2 + (h / 2) ** 2
    p = s.copy()
    for _ in range(12):
        f = (1 + k * ((p - c) ** 2).sum(axis=1, keepdims=True) / rr) / (1 + k)
        p = c + (s - c) / f
    return p


_MUGS = ((235, 235, 232), (40, 40, 40), (60, 60, 150), (140, 90, 40), (50, 110, 170), (35, 55, 85))
_WOODS = ((30, 60, 105), (45, 85, 140), (25, 40, 70), (70, 120, 170), (20, 25, 35))


def _draw_clutter(img, items, outline, d: float, rng) -> list:
    """Draw cups, a scoresheet and a second board's edge on the table, each kept clear of the
    board's outline (polygon in image pixels); returns [{"item", "outline"}] of what was drawn."""
    h, w = img.shape[:2]
    board = np.zeros((h, w), np.uint8)
    cv2.fillPoly(board, [np.round(outline).astype(np.int32).reshape(-1, 1, 2)], 255)
    gap = max(3, int(0.3 * d))
    board = cv2.dilate(board, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * gap + 1, 2 * gap + 1)))
    drawn = []
    for item in items:
        for _ in range(80):
            shape = _clutter_shape(item, d, w, h, rng)
            foot = np.zeros((h, w), np.uint8)
            cv2.fillPoly(foot, [np.round(shape["outline"]).astype(np.int32).reshape(-1, 1, 2)], 255)
            seen = int(np.count_nonzero(foot))
            if seen < 0.15 * shape["area"] or cv2.countNonZero(cv2.bitwise_and(foot, board)):
                continue
            _paint_clutter(img, shape, d, rng)
            board = cv2.max(board, foot)  # the next thing does not lie on this one either
            drawn.append({"item": item, "outline": np.asarray(shape["outline"]).round(2).tolist()})
            break
        else:
            log.debug("no room on the table for a %s", item)
    return drawn


def _rotated_rect(c, width, height, angle) -> np.ndarray:
    ca, sa = math.cos(angle), math.sin(angle)
    u, v = np.array([ca, sa]) * width / 2, np.array([-sa, ca]) * height / 2
    c = np.asarray(c, np.float64)
    return np.array([c - u - v, c + u - v, c + u + v, c - u + v])


def _clutter_shape(item: str, d: float, w: int, h: int, rng) -> dict:
    """A random spot and size for one thing on the table (its outline includes its shadow)."""
    if item == "cup":
        radius = float(rng.uniform(1.1, 1.8)) * d
        c = (float(rng.uniform(-0.3, 1.3)) * w, float(rng.uniform(-0.3, 1.3)) * h)
        ang = np.linspace(0, 2 * math.pi, 40, endpoint=False)
        ring = np.column_stack([np.cos(ang), np.sin(ang)]) * radius * 1.18 + c
        return {"kind": item, "centre": c, "radius": radius, "outline": ring, "area": math.pi * (radius * 1.18) ** 2}
    if item == "scoresheet":
        width = float(rng.uniform(4.0, 6.0)) * d
        c = (float(rng.uniform(-0.2, 1.2)) * w, float(rng.uniform(-0.2, 1.2)) * h)
        quad = _rotated_rect(c, width, width * 1.35, float(rng.uniform(-0.6, 0.6)))
        return {"kind": item, "outline": quad, "area": width * width * 1.35}
    # a second board: mostly beyond one edge of the picture, a strip of it in view
    width, height = 15.5 * d, 12.5 * d
    edge = int(rng.integers(4))
    depth = float(rng.uniform(0.7, 3.0)) * d  # how far it reaches into the picture
    angle = float(rng.uniform(-0.08, 0.08))
    if edge in (0, 1):  # left, right: the board's short side... its long side faces us
        x = -width / 2 + depth if edge == 0 else w + width / 2 - depth
        c = (x, float(rng.uniform(0.1, 0.9)) * h)
        quad = _rotated_rect(c, width, height, angle)
    else:
        y = -height / 2 + depth if edge == 2 else h + height / 2 - depth
        c = (float(rng.uniform(0.1, 0.9)) * w, y)
        quad = _rotated_rect(c, width, height, angle)
    return {"kind": item, "outline": quad, "area": 0.0, "angle": angle}


def _paint_clutter(img, shape: dict, d: float, rng) -> None:
    kind = shape["kind"]
    if kind == "cup":
        c, radius = np.asarray(shape["centre"]), shape["radius"]
        colour = _MUGS[int(rng.integers(len(_MUGS)))]
        _circle(img, c + radius * 0.12, radius * 1.04, (25, 25, 25))  # its shadow on the table
        _circle(img, c, radius, colour)
        _circle(img, c, radius * 0.86, _shade(colour, 1.15))  # the rim
        inside = (20, 35, 55) if rng.integers(2) else _shade(colour, 0.55)  # coffee, or an empty cup
        _circle(img, c, radius * 0.78, inside)
        _circle(img, c - radius * 0.35, radius * 0.12, _shade(colour, 1.3))
        return
    if kind == "scoresheet":
        quad = np.asarray(shape["outline"])
        _poly(img, quad + 0.08 * d, (40, 40, 40))
        paper = (238, 242, 244) if rng.integers(2) else (205, 235, 245)
        _poly(img, quad, paper)
        ux, uy = (quad[1] - quad[0]), (quad[3] - quad[0])
        for t in np.arange(0.12, 1.0, 0.055):  # ruled lines, a red margin and pencilled scores
            a, b = quad[0] + uy * t, quad[1] + uy * t
            cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), (200, 170, 150), 1, cv2.LINE_AA)
        for t in (0.12, 0.5):
            a, b = quad[0] + ux * t, quad[3] + ux * t
            cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), (80, 80, 200), 1, cv2.LINE_AA)
        ink = (90, 50, 30) if rng.integers(2) else (70, 70, 70)
        for t in np.arange(0.15, 0.9, 0.055):
            if rng.random() < 0.4:
                continue
            for side in (0.18, 0.56):
                start = quad[0] + uy * (t - 0.035) + ux * side
                pts = [start + ux * (k * 0.05) + uy * float(rng.uniform(-0.012, 0.012)) for k in range(int(rng.integers(2, 6)))]
                cv2.polylines(img, [np.int32(pts).reshape(-1, 1, 2)], False, ink, max(1, int(d * 0.04)), cv2.LINE_AA)
        return
    quad = np.asarray(shape["outline"])  # a second board
    frame = _WOODS[int(rng.integers(len(_WOODS)))]
    area = ((40, 100, 40), (30, 30, 110), (110, 60, 30), (120, 170, 200), (30, 30, 30))[int(rng.integers(5))]
    points = ((190, 225, 238), (30, 30, 150)) if rng.integers(2) else ((235, 235, 235), (20, 20, 20))
    _poly(img, quad + 0.1 * d, (30, 30, 30))
    _poly(img, quad, frame)
    u, v = quad[1] - quad[0], quad[3] - quad[0]
    inner = np.array([quad[0] + 0.04 * u + 0.05 * v, quad[0] + 0.96 * u + 0.05 * v,
                      quad[0] + 0.96 * u + 0.95 * v, quad[0] + 0.04 * u + 0.95 * v])
    _poly(img, inner, area)
    iu, iv = inner[1] - inner[0], inner[3] - inner[0]
    for k in range(12):
        x = k / 12 + (0.02 if k >= 6 else 0.0)
        x0, x1 = x * 0.96, (x + 1 / 12) * 0.96
        colour = points[k % 2]
        _poly(img, [inner[0] + iu * x0, inner[0] + iu * x1, inner[0] + iu * (x0 + x1) / 2 + iv * 0.42], colour)
        colour = points[(k + 1) % 2]
        _poly(img, [inner[3] + iu * x0, inner[3] + iu * x1, inner[3] + iu * (x0 + x1) / 2 - iv * 0.42], colour)


# ----------------------------------------------------------------------------- random boards
# Colours (BGR) the way board makers combine them; names are what a label would say.

_AREAS = (  # (name, colour, texture)
    ("green felt", (40, 100, 35), "felt"), ("dark green felt", (28, 62, 22), "felt"),
    ("blue felt", (105, 60, 25), "felt"), ("navy felt", (70, 35, 15), "felt"),
    ("burgundy felt", (40, 30, 105), "felt"), ("black felt", (32, 30, 30), "felt"),
    ("grey felt", (115, 115, 110), "felt"), ("red felt", (40, 40, 150), "felt"),
    ("tan leather", (105, 150, 190), "leather"), ("brown leather", (45, 75, 120), "leather"),
    ("cream leather", (185, 215, 230), "leather"), ("cork", (95, 140, 185), "felt"),
)
_POINT_PAIRS = (
    (("cream", (190, 225, 238)), ("red", (40, 40, 170))), (("cream", (190, 225, 238)), ("black", (30, 30, 30))),
    (("cream", (190, 225, 238)), ("burgundy", (45, 35, 110))), (("white", (235, 235, 235)), ("green", (50, 110, 40))),
    (("white", (235, 235, 235)), ("black", (25, 25, 25))), (("white", (235, 235, 235)), ("red", (45, 45, 190))),
    (("ivory", (200, 230, 240)), ("brown", (35, 60, 110))), (("grey", (150, 150, 145)), ("blue", (130, 70, 30))),
    (("beige", (160, 195, 215)), ("dark brown", (25, 40, 70))), (("white", (235, 235, 235)), ("blue", (140, 70, 30))),
    (("orange", (40, 120, 230)), ("teal", (110, 110, 20))), (("cream", (190, 225, 238)), ("green", (45, 100, 35))),
)
_CHECKER_PAIRS = (
    (("white", (232, 234, 236)), ("black", (35, 33, 32))), (("white", (232, 234, 236)), ("red", (40, 40, 180))),
    (("ivory", (200, 228, 240)), ("brown", (40, 65, 110))), (("red", (40, 40, 175)), ("black", (35, 33, 32))),
    (("cream", (185, 218, 232)), ("dark green", (40, 75, 25))), (("white", (232, 234, 236)), ("blue", (150, 75, 30))),
    (("beige", (165, 200, 220)), ("burgundy", (45, 30, 110))), (("pearl", (215, 220, 222)), ("maroon", (30, 25, 90))),
    (("yellow", (60, 200, 235)), ("black", (35, 33, 32))), (("white", (232, 234, 236)), ("green", (50, 120, 40))),
)
_FRAMES = (("walnut", (30, 60, 105)), ("oak", (70, 120, 170)), ("mahogany", (25, 40, 90)), ("ebony", (25, 25, 30)),
           ("black leather", (30, 30, 32)), ("brown leather", (35, 60, 95)), ("burgundy leather", (35, 30, 95)),
           ("light wood", (120, 170, 210)))
_TABLES = (((70, 100, 130), "wood"), ((40, 60, 90), "wood"), ((120, 120, 115), "cloth"), ((150, 160, 165), None),
           ((35, 45, 60), "wood"), ((90, 110, 90), "cloth"), ((185, 190, 195), None), ((60, 60, 65), "cloth"))


def _lab(colour) -> np.ndarray:
    return cv2.cvtColor(np.uint8([[colour]]), cv2.COLOR_BGR2LAB)[0, 0].astype(np.float64) * [100 / 255, 1, 1]


def _apart(a, b) -> float:
    """How far apart two BGR colours look (CIE76 distance in Lab)."""
    return float(np.linalg.norm(_lab(a) - _lab(b) - [0, 0, 0]))


def _rim(colour) -> BGR:
    """A checker's visible rim: darker on a light checker, lighter on a dark one."""
    return _shade(colour, 0.72) if sum(colour) > 240 else tuple(min(255, c + 35) for c in colour)


def random_style(rng) -> BoardStyle:
    """A plausible board as a maker would make it: felt or leather area, contrasting point pairs,
    a checker pair with visible rims, a wooden or leather frame, thick glossy checkers. Never a
    checker the colour of both a point and the area, but hard cases on purpose (white checkers
    on cream points, black checkers on dark green felt). ``rng``: a numpy Generator or a seed."""
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    pick = lambda seq: seq[int(rng.integers(len(seq)))]  # noqa: E731
    tag = int(rng.integers(100000))
    while True:
        area_name, area, area_texture = pick(_AREAS)
        (pn0, pc0), (pn1, pc1) = pick(_POINT_PAIRS)
        (cn0, cc0), (cn1, cc1) = pick(_CHECKER_PAIRS)
        if rng.integers(2):
            (pn0, pc0), (pn1, pc1) = (pn1, pc1), (pn0, pc0)
        if max(_apart(pc0, area), _apart(pc1, area)) < 25:
            continue  # the points would not show on the area
        near_point = [min(_apart(c, pc0), _apart(c, pc1)) < 15 for c in (cc0, cc1)]
        clash = any(near and _apart(c, area) < 15 for near, c in zip(near_point, (cc0, cc1)))
        if not clash and not all(near_point):  # one checker on points of its own colour is real; both is not
            break
    frame_name, frame = pick(_FRAMES)
    table, table_texture = pick(_TABLES)
    if rng.random() < 0.7:
        die, pip = (235, 238, 240), (25, 25, 25)
    else:  # dice in a checker's colour, pips in the other
        die, pip = (cc0, cc1) if sum(cc0) < sum(cc1) else (cc1, cc0)
    outline = None if rng.random() < 0.75 else pick(((60, 170, 210), (225, 225, 225), (20, 20, 20)))
    name = (f"random {tag:05d}: {area_name} area, {pn0}/{pn1} points, {cn0}/{cn1} checkers, {frame_name} frame")
    scatter = float(np.random.default_rng(tag).uniform(0.0, 0.15))  # its own stream: the draws above stay as they were
    return BoardStyle(
        name=name, table=table, frame=frame, area=area, points=(pc0, pc1), point_outline=outline, bar=frame,
        checkers=(cc0, cc1), checker_names=(cn0, cn1), checker_rim=(_rim(cc0), _rim(cc1)), die=die, pip=pip,
        stacking="pyramid" if rng.random() < 0.6 else "run", ring=bool(rng.random() < 0.6),
        checker_height=float(rng.uniform(0.08, 0.22)), gloss=float(rng.uniform(0.0, 0.6)),
        area_texture=area_texture, frame_texture="wood" if "leather" not in frame_name else "leather",
        raised=float(rng.uniform(0.1, 0.45)), scatter=scatter)


def random_view(rng, style: Union[BoardStyle, str, None] = None, **fixed) -> BoardView:
    """A camera over a real table: random orientation, colour swap, tilt up to 45 degrees, board
    filling 60-88% of the frame, shadows, warm or cool light, mild lens distortion, JPEG, the
    table's grain and some clutter. ``style`` None draws random_style(rng); ``fixed`` overrides
    any BoardView field."""
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    if style is None:
        style = random_style(rng)
    table_texture = _TABLES[int(rng.integers(len(_TABLES)))][1]
    clutter = tuple(c for c in CLUTTER if rng.random() < 0.4)
    fields = dict(
        orientation=ORIENTATIONS[int(rng.integers(4))], style=style, swap_colours=bool(rng.integers(2)),
        tilt=float(rng.choice([0.0, rng.uniform(5, 25), rng.uniform(25, 45)], p=[0.3, 0.35, 0.35])),
        board_fill=float(rng.uniform(0.6, 0.88)), shadow=float(rng.uniform(0.3, 0.9)),
        warmth=float(rng.uniform(-0.6, 1.0)), distortion=float(rng.uniform(0.0, 0.12)),
        jpeg_quality=int(rng.integers(60, 96)), table_texture=table_texture, clutter=clutter,
        perspective=0.02, light=float(rng.uniform(0.2, 0.6)), noise=float(rng.uniform(2.0, 5.0)),
        blur=float(rng.uniform(0.5, 1.2)))
    fields.update(fixed)
    return BoardView(**fields)
