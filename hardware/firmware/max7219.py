"""MAX7219 driving eight large 7-segment digits: cube value and score, readable across the table.

Digits left to right: cube (2), blank, player 0's score (2), "-", player 1's score (2):
"64 12-11". Code-B decoding does the segment patterns. spi needs write(bytes); cs is a Pin-like
object with value(0/1). Runs under CPython in the tests with both stubbed.
"""

BLANK = 0x0F  # code-B blank
DASH = 0x0A  # code-B "-"
DECODE_MODE = 0x09
INTENSITY = 0x0A
SCAN_LIMIT = 0x0B
SHUTDOWN = 0x0C
DISPLAY_TEST = 0x0F


class Digits:
    """The MAX7219 and its eight digits."""

    def __init__(self, spi, cs):
        self.spi = spi
        self.cs = cs
        self.cs.value(1)
        for register, value in ((DISPLAY_TEST, 0), (SCAN_LIMIT, 7), (DECODE_MODE, 0xFF),
                                (INTENSITY, 8), (SHUTDOWN, 1)):
            self._set(register, value)
        self.codes = None

    def _set(self, register, value):
        self.cs.value(0)
        self.spi.write(bytes((register, value)))
        self.cs.value(1)

    @staticmethod
    def _two(value):
        """Two code-B digits for 0..99 (leading blank); "--" when it does not fit."""
        if value < 0 or value > 99:
            return [DASH, DASH]
        return [value // 10 if value >= 10 else BLANK, value % 10]

    def codes_for(self, cube, score0, score1):
        """The eight code-B values, leftmost first."""
        return self._two(cube) + [BLANK] + self._two(score0) + [DASH] + self._two(score1)

    def show(self, cube, score0, score1, brightness=100):
        """Show the cube and the score; brightness 0..100 maps to the 16 intensity steps."""
        self._set(INTENSITY, min(15, brightness * 16 // 101))
        self._set(SHUTDOWN, 1 if brightness > 0 else 0)
        codes = self.codes_for(cube, score0, score1)
        for index, code in enumerate(codes):
            self._set(8 - index, code)  # digit register 8 is the leftmost digit here
        self.codes = codes
