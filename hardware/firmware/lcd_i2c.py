"""HD44780 20x4 character LCD behind a PCF8574 I2C backpack (MicroPython; CPython in the tests).

Backpack wiring (the common "LCM1602/2004 IIC" boards): P0=RS, P1=RW, P2=E, P3=backlight,
P4..P7=D4..D7; the LCD runs in 4-bit mode. i2c needs only writeto(addr, bytes); sleep_ms is passed
in so the tests need no clock.
"""

RS = 0x01
ENABLE = 0x04
BACKLIGHT = 0x08
ROW_ADDRESS = (0x00, 0x40, 0x14, 0x54)  # DDRAM start of each row on a 20x4


class Lcd2004:
    """Write four lines of text and switch the backlight; nothing else is needed."""

    def __init__(self, i2c, sleep_ms, address=0x27, columns=20, rows=4):
        self.i2c = i2c
        self.sleep_ms = sleep_ms
        self.address = address
        self.columns = columns
        self.rows = rows
        self.backlight = BACKLIGHT
        self.shown = [None] * rows
        self._init()

    def _nibbles(self, value, rs):
        """The four bus writes that clock one byte in as two nibbles (E high, then low)."""
        out = bytearray()
        for nibble in (value & 0xF0, (value << 4) & 0xF0):
            bits = nibble | self.backlight | rs
            out.append(bits | ENABLE)
            out.append(bits)
        return out

    def _write(self, data):
        self.i2c.writeto(self.address, data)

    def command(self, value):
        self._write(self._nibbles(value, 0))
        if value in (0x01, 0x02):  # clear and home take 1.5 ms
            self.sleep_ms(2)

    def _init(self):
        self.sleep_ms(50)  # power-on
        for wait in (5, 1, 1):  # three times "8-bit mode" so the LCD is in a known state
            self._write(bytes((0x30 | self.backlight | ENABLE, 0x30 | self.backlight)))
            self.sleep_ms(wait)
        self._write(bytes((0x20 | self.backlight | ENABLE, 0x20 | self.backlight)))  # 4-bit mode
        self.sleep_ms(1)
        self.command(0x28)  # 4-bit, 2 line groups (four rows on a 20x4), 5x8 dots
        self.command(0x08)  # display off
        self.command(0x01)  # clear
        self.command(0x06)  # cursor moves right, no shift
        self.command(0x0C)  # display on, no cursor

    def show(self, lines, brightness=100):
        """Show up to four lines (rewriting only the rows that changed); brightness 0 = backlight off."""
        light = BACKLIGHT if brightness > 0 else 0
        if light != self.backlight:
            self.backlight = light
            self._write(bytes((light,)))
        for row in range(self.rows):
            text = lines[row] if row < len(lines) else ""
            text = (text + " " * self.columns)[:self.columns]
            if text == self.shown[row]:
                continue
            data = self._nibbles(0x80 | ROW_ADDRESS[row], 0)
            for char in text:
                code = ord(char)
                data.extend(self._nibbles(code if 32 <= code < 127 else 63, RS))
            self._write(data)
            self.shown[row] = text
