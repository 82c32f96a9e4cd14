"""The firmware's LCD and MAX7219 drivers under CPython, against emulated chips; and main.py's pieces."""
from __future__ import annotations

import sys
import types

from firmware_bridge import DisplayState, SerialDisplay

from .conftest import FIRMWARE, PtyDevice, load_firmware

load_firmware()
import lcd_i2c  # noqa: E402  (from hardware/firmware)
import max7219  # noqa: E402


class FakeLcdOnI2C:
    """A PCF8574 backpack with an HD44780 behind it: decodes the bus writes into the 20x4 screen."""

    def __init__(self) -> None:
        self.ddram = bytearray(b" " * 0x80)
        self.address = 0
        self.four_bit = False
        self.pending = None  # high nibble waiting for its low half
        self.enable = False
        self.backlight = False
        self.writes = 0
        self.display_on = False

    def writeto(self, address: int, data: bytes) -> None:
        assert address == 0x27
        self.writes += 1
        for byte in data:
            self.backlight = bool(byte & lcd_i2c.BACKLIGHT)
            enable = bool(byte & lcd_i2c.ENABLE)
            if self.enable and not enable:  # falling edge of E latches D4..D7
                self._nibble(byte >> 4, bool(byte & lcd_i2c.RS))
            self.enable = enable

    def _nibble(self, nibble: int, rs: bool) -> None:
        if not self.four_bit:
            if nibble == 0x2:
                self.four_bit = True
            return  # 8-bit-mode "function set" during the init dance
        if self.pending is None:
            self.pending = nibble
            return
        value, self.pending = (self.pending << 4) | nibble, None
        if rs:
            self.ddram[self.address] = value
            self.address = (self.address + 1) & 0x7F
        elif value == 0x01:
            self.ddram[:] = b" " * 0x80
            self.address = 0
        elif value & 0x80:
            self.address = value & 0x7F
        elif value & 0xF8 == 0x08:
            self.display_on = bool(value & 0x04)

    def rows(self) -> list[str]:
        return [self.ddram[start:start + 20].decode() for start in lcd_i2c.ROW_ADDRESS]


class FakeSpi:
    def __init__(self) -> None:
        self.registers: dict[int, int] = {}
        self.selected = False

    def write(self, data: bytes) -> None:
        assert self.selected, "chip select must be low while writing"
        self.registers[data[0]] = data[1]


class FakeCs:
    def __init__(self, spi: FakeSpi) -> None:
        self.spi = spi

    def value(self, level: int) -> None:
        self.spi.selected = level == 0


def test_lcd_driver_puts_each_line_on_its_row():
    chip = FakeLcdOnI2C()
    lcd = lcd_i2c.Lcd2004(chip, sleep_ms=lambda ms: None)
    assert chip.four_bit and chip.display_on and chip.rows() == [" " * 20] * 4
    lines = DisplayState(turn=1, names=("Ann", "Bo"), text="hello").lines()
    lcd.show(lines)
    assert chip.rows() == lines
    writes = chip.writes
    lcd.show(lines[:3] + ["bye"])  # only the changed row goes over the bus
    assert chip.writes == writes + 1
    assert chip.rows()[3] == "bye" + " " * 17
    lcd.show(lines, brightness=0)
    assert not chip.backlight
    lcd.show(lines, brightness=50)
    assert chip.backlight


def test_max7219_shows_cube_and_score():
    spi = FakeSpi()
    digits = max7219.Digits(spi, FakeCs(spi))
    assert spi.registers[max7219.DECODE_MODE] == 0xFF and spi.registers[max7219.SCAN_LIMIT] == 7
    digits.show(64, 12, 3, brightness=100)
    shown = [spi.registers[register] for register in range(8, 0, -1)]
    assert shown == [6, 4, max7219.BLANK, 1, 2, max7219.DASH, max7219.BLANK, 3]
    assert spi.registers[max7219.INTENSITY] == 15 and spi.registers[max7219.SHUTDOWN] == 1
    digits.show(128, 0, 0, brightness=0)
    assert digits.codes[:2] == [max7219.DASH, max7219.DASH]
    assert spi.registers[max7219.SHUTDOWN] == 0


def test_whole_firmware_with_real_drivers_over_a_pty(tmp_path):
    chip = FakeLcdOnI2C()
    spi = FakeSpi()
    device = PtyDevice(tmp_path / "ttyACM0")
    device.screen = lcd_i2c.Lcd2004(chip, sleep_ms=lambda ms: None)
    device.digits = max7219.Digits(spi, FakeCs(spi))
    device.plug_in()
    try:
        state = DisplayState(score=(4, 2), match_length=9, turn=0, dice=(6, 5), cube_value=4,
                             cube_owner=0, pips=(98, 120), text="bar/20 13/8", names=("Ann", "Bo"))
        with SerialDisplay(str(device.path), ack_timeout=0.05, poll_interval=0.02) as display:
            display.show(state)
            assert device.wait_for(lambda: chip.rows() == state.lines())
        assert device.wait_for(lambda: device.digits.codes == device.digits.codes_for(4, 4, 2))
    finally:
        device.unplug()


def test_main_py_wires_the_pico_parts(monkeypatch):
    """main.py imported with stand-ins for machine/micropython: the loop starts with our drivers."""
    served = {}
    machine = types.ModuleType("machine")

    class Pin:
        OUT = 1

        IN = 0
        PULL_UP = 1

        def __init__(self, *args, **kwargs) -> None:
            self.level = None

        def value(self, level=None):
            if level is None:
                return 1  # the maintenance jumper is not set
            self.level = level

    machine.Pin = Pin
    machine.I2C = lambda *args, **kwargs: FakeLcdOnI2C()
    machine.SPI = lambda *args, **kwargs: FakeSpi()
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda code: served.setdefault("kbd_intr", code)
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "micropython", micropython)
    monkeypatch.setattr("time.sleep_ms", lambda ms: None, raising=False)
    monkeypatch.setattr("time.ticks_ms", lambda: 1000, raising=False)
    monkeypatch.setattr("time.ticks_diff", lambda a, b: a - b, raising=False)
    monkeypatch.setattr(max7219.Digits, "_set", lambda self, register, value: None)

    bgref_display = load_firmware()

    def fake_serve(link, screen, clock, digits=None):
        served.update(link=link, screen=screen, clock=clock(), digits=digits)

    monkeypatch.setattr(bgref_display, "serve", fake_serve)
    monkeypatch.setattr("select.poll", lambda: types.SimpleNamespace(register=lambda *a: None),
                        raising=False)
    source = (FIRMWARE / "main.py").read_text()
    exec(compile(source, str(FIRMWARE / "main.py"), "exec"), {"__name__": "__main__"})
    assert served["kbd_intr"] == -1
    assert isinstance(served["screen"], lcd_i2c.Lcd2004)
    assert isinstance(served["digits"], max7219.Digits)
    assert served["clock"] == 0.0
