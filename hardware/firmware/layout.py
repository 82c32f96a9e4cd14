"""The 20x4 character layout of the display, shared byte for byte with the Pico firmware.

Pure and MicroPython-compatible (no dataclasses, typing or str.ljust), so the LCD and the
terminal display show the very same four lines:

    >Alice  [2]   3 p167    turn marker, name (7), cube if owned, score, pip count
     Bob          1 p142
    to 7   [1]       3-1    match length (or "money"), cube in the middle, dice
    illegal: bar first      the text line (scrolls when longer than 20)
"""

WIDTH = 20
HEIGHT = 4
SCROLL_GAP = "   "


def _left(text, width):
    text = text[:width]
    return text + " " * (width - len(text))


def _right(text, width):
    text = text[-width:] if len(text) > width else text
    return " " * (width - len(text)) + text


def cube_label(value):
    """The cube in four characters: "[2]", "[64]", "128"; "" never (value 1 shows "[1]")."""
    label = "[%d]" % value
    if len(label) > 4:
        label = "%d" % value
    return label[:4]


def text_window(text, offset):
    """Twenty characters of text starting at offset, wrapping round with a gap (a marquee)."""
    if len(text) <= WIDTH:
        return _left(text, WIDTH)
    loop = text + SCROLL_GAP
    start = offset % len(loop)
    doubled = loop + loop
    return doubled[start:start + WIDTH]


def short_name(names, player, width=7):
    """A player's name in width characters; where both names cut alike ("Player 0", "Player 1"),
    the last character is kept, so the two rows still tell the players apart."""
    name = names[player]
    other = names[1 - player]
    if len(name) > width and name[:width] == other[:width]:
        return name[:width - 1] + name[-1]
    return name[:width]


def player_line(fields, player):
    """One player's row: turn marker, name, cube if owned, score, pips."""
    names = fields.get("names") or ("Player1", "Player2")
    marker = ">" if fields.get("turn") == player else " "
    cube = fields.get("cube")
    owned = cube_label(cube[0]) if cube is not None and cube[1] == player else ""
    score = fields.get("score")
    points = "%d" % score[player] if score is not None else ""
    pips = fields.get("pips")
    pip_text = "p%d" % pips[player] if pips is not None else ""
    return marker + _left(short_name(names, player), 7) + _left(owned, 4) + _right(points, 3) + _right(pip_text, 5)


def middle_line(fields):
    """Match length, the cube when in the middle, and the dice."""
    score = fields.get("score")
    if score is None:
        match = ""
    elif score[2] == 0:
        match = "money"
    else:
        match = "to %d" % score[2]
    cube = fields.get("cube")
    middle = cube_label(cube[0]) if cube is not None and cube[1] is None else ""
    dice = fields.get("dice") or ()
    dice_text = "-".join(["%d" % die for die in dice])
    return _left(match, 7) + _left(middle, 6) + _right(dice_text, 7)


def render(fields, scroll=0, status=None):
    """The four 20-character lines for the fields received so far.

    fields maps field names (protocol.FIELD_NAMES values) to unpacked values; status, when given,
    replaces the text line (e.g. "waiting for referee" when the link is down).
    """
    text = status if status is not None else (fields.get("text") or "")
    return [
        player_line(fields, 0),
        player_line(fields, 1),
        middle_line(fields),
        text_window(text, scroll),
    ]
