"""TerminalDisplay: the same 20x4 lines as the LCD, in a box, for the demo."""
from __future__ import annotations

import io

from firmware_bridge import DisplayState, TerminalDisplay
from firmware_bridge.display import to_ascii


def test_terminal_shows_the_lcd_lines_in_a_box():
    out = io.StringIO()
    state = DisplayState(score=(1, 0), match_length=5, turn=1, dice=(4, 2), names=("Jürgen", "Ana"),
                         cube_value=2, cube_owner=None, pips=(160, 151), text="accepted")
    with TerminalDisplay(out) as display:
        display.show(state)
        display.show(state)  # the same state again is not redrawn
    assert out.getvalue() == (
        "+--------------------+\n"
        "| Jurgen       1 p160|\n"
        "|>Ana          0 p151|\n"
        "|to 5   [2]       4-2|\n"
        "|accepted            |\n"
        "+--------------------+\n"
    )


def test_long_text_is_cut_on_the_lcd_line_and_printed_in_full_below():
    out = io.StringIO()
    TerminalDisplay(out).show(DisplayState(text="illegal: a checker on the bar must enter first"))
    lines = out.getvalue().splitlines()
    assert lines[4] == "|illegal: a checker o|"
    assert lines[6] == " illegal: a checker on the bar must enter first"


def test_clear_mode_redraws_in_place():
    out = io.StringIO()
    TerminalDisplay(out, clear=True).show(DisplayState())
    assert out.getvalue().startswith("\x1b[H\x1b[2J+---")


def test_to_ascii_folds_accents_and_replaces_the_rest():
    assert to_ascii("Çelik Ünal ½ ✓") == "Celik Unal 1?2 ?"


def test_names_that_cut_alike_keep_their_last_character():
    state = DisplayState(names=("Player 0", "Player 1"), score=(0, 0), match_length=5)
    rows = state.lines()
    assert rows[0][1:8] == "Player0"
    assert rows[1][1:8] == "Player1"
    other = DisplayState(names=("Alexandra", "Bob"), score=(0, 0), match_length=5).lines()
    assert other[0][1:8] == "Alexand"
