"""The board diagram as SVG: a position seen from player 0's side (his home board bottom right).

Player 0's checkers are light, player 1's dark; up to five are drawn on a point, with the count
written on the last one beyond that. The bar, the borne-off counts, the cube (on its owner's side
or in the middle) and the dice are drawn too. Pure string building: no dependencies.
"""
from __future__ import annotations

from html import escape
from typing import Optional, Sequence

import engine

W, H = 300, 220          # board size in SVG units
M = 10                   # frame margin
BAR = 20                 # bar width
TRAY = 24                # borne-off tray on the right
PW = (W - 2 * M - BAR - TRAY) / 12   # point width
R = PW / 2 - 0.8         # checker radius
COLOURS = ("#f4efe1", "#2a2a2a")
STROKES = ("#555", "#ddd")


def sides_of(position_id: str, turn: int) -> tuple:
    """(player0 side, player1 side), each 25 ints in that player's own numbering."""
    position = engine.Position.from_id(position_id, turn=turn)
    if turn == 0:
        return position.on_roll, position.opponent
    return position.opponent, position.on_roll


def _point_x(point: int) -> tuple:
    """(x of the point's left edge, top?) for player 0's point 1..24."""
    if point <= 12:                      # bottom row, 1 at the right
        col = 12 - point                 # 0..11 from the left
        top = False
    else:                                # top row, 13 at the left
        col = point - 13
        top = True
    x = M + col * PW + (BAR if col >= 6 else 0)
    return x, top


def board_svg(position_id: str, turn: int = 0, *, cube: Sequence = (1, None),
              dice: Optional[Sequence[int]] = None, players: Sequence[str] = ("Player 0", "Player 1"),
              title: str = "") -> str:
    """An SVG element drawing the position (GNU Position ID, `turn` = player on roll)."""
    p0, p1 = sides_of(position_id, turn)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {W} {H}" '
           f'width="{W}" height="{H}" data-position="{escape(position_id)}" data-turn="{turn}" '
           f'role="img" aria-label="{escape(title or "board")}">',
           f'<rect x="0" y="0" width="{W}" height="{H}" fill="#6b4226"/>',
           f'<rect x="{M}" y="{M}" width="{W - 2 * M - TRAY}" height="{H - 2 * M}" fill="#d9c39a"/>']
    bar_x = M + 6 * PW
    out.append(f'<rect x="{bar_x:.1f}" y="{M}" width="{BAR}" height="{H - 2 * M}" fill="#6b4226"/>')
    for point in range(1, 25):
        x, top = _point_x(point)
        fill = "#a0522d" if point % 2 else "#e8dcc0"
        base, tip = (M, M + 0.4 * (H - 2 * M)) if top else (H - M, H - M - 0.4 * (H - 2 * M))
        out.append(f'<polygon class="point" data-point="{point}" fill="{fill}" points="'
                   f'{x:.1f},{base} {x + PW:.1f},{base} {x + PW / 2:.1f},{tip:.1f}"/>')
        label_y = M - 2 if top else H - 2
        out.append(f'<text x="{x + PW / 2:.1f}" y="{label_y}" font-size="7" fill="#eee" '
                   f'text-anchor="middle">{point}</text>')
    for point in range(1, 25):
        owner, count = (0, p0[point - 1]) if p0[point - 1] else (1, p1[24 - point])
        if count:
            x, top = _point_x(point)
            out.extend(_stack(x + PW / 2, top, count, owner, f'data-point="{point}"'))
    cx = bar_x + BAR / 2
    for owner, side in ((0, p0), (1, p1)):
        if side[24]:   # player 0 enters at the top (towards his 24 point): his bar stack sits high
            out.extend(_stack(cx, owner == 0, side[24], owner, 'data-point="bar"', start=H / 2 - 3 * R
                              if owner == 0 else H / 2 + 3 * R))
    tray_x = W - M - TRAY + 2
    for owner, side in ((0, p0), (1, p1)):
        off = 15 - sum(side)
        y = H - M - 14 if owner == 0 else M + 4
        out.append(f'<rect class="off p{owner}" data-count="{off}" x="{tray_x}" y="{y}" '
                   f'width="{TRAY - 4}" height="10" fill="{COLOURS[owner]}" stroke="{STROKES[owner]}"/>')
        out.append(f'<text x="{tray_x + (TRAY - 4) / 2}" y="{y + 8}" font-size="8" '
                   f'text-anchor="middle" fill="{STROKES[owner]}">{off}</text>')
    value, owner = (list(cube) + [1, None])[:2]
    cy = H / 2 if owner is None else (H - M - 40 if owner == 0 else M + 26)
    out.append(f'<g class="cube" data-value="{value}" data-owner="{"" if owner is None else owner}">'
               f'<rect x="{tray_x}" y="{cy - 10}" width="{TRAY - 4}" height="20" fill="#fff" '
               f'stroke="#000"/><text x="{tray_x + (TRAY - 4) / 2}" y="{cy + 4}" font-size="10" '
               f'text-anchor="middle">{64 if value == 1 else value}</text></g>')
    if dice:
        # the dice lie in the right half of the player on roll (player 0's right = board's right)
        dx = M + 9 * PW + BAR if turn == 0 else M + 3 * PW
        for i, pips in enumerate(dice):
            x = dx - 14 + i * 16
            out.append(f'<g class="die" data-pips="{int(pips)}"><rect x="{x:.1f}" y="{H / 2 - 7}" '
                       f'width="14" height="14" rx="2" fill="{COLOURS[turn]}" stroke="{STROKES[turn]}"/>'
                       f'<text x="{x + 7:.1f}" y="{H / 2 + 4}" font-size="10" text-anchor="middle" '
                       f'fill="{STROKES[turn]}">{int(pips)}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _stack(cx: float, top: bool, count: int, owner: int, attrs: str, start: float = None) -> list:
    parts = []
    step = 2 * R if count <= 5 else (0.4 * (H - 2 * M) - R) / 5
    y0 = start if start is not None else (M + R if top else H - M - R)
    for i in range(min(count, 5)):
        y = y0 + i * step if top else y0 - i * step
        parts.append(f'<circle class="checker p{owner}" {attrs} cx="{cx:.1f}" cy="{y:.1f}" '
                     f'r="{R:.1f}" fill="{COLOURS[owner]}" stroke="{STROKES[owner]}"/>')
        if i == 4 and count > 5:
            parts.append(f'<text x="{cx:.1f}" y="{y + 3:.1f}" font-size="8" text-anchor="middle" '
                         f'fill="{STROKES[owner]}">{count}</text>')
    return parts
