"""Pico entry point (MicroPython): wire the USB serial link, the LCD and the digits to serve().

Copy protocol.py, layout.py, bgref_display.py, lcd_i2c.py, max7219.py and this file to the
Pico (hardware/INSTALL.md: mpremote). Pins: hardware/WIRING.md.
"""

import select
import sys
import time

import micropython
from machine import I2C, SPI, Pin

import bgref_display
from lcd_i2c import Lcd2004

USE_DIGITS = True  # set False when no MAX7219 is fitted


class UsbLink:
    """The USB CDC serial port as raw bytes (stdin/stdout, with Ctrl-C handling switched off)."""

    def __init__(self):
        micropython.kbd_intr(-1)  # 0x03 is an ordinary byte in our frames, not Ctrl-C
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.out = sys.stdout.buffer

    def read(self):
        data = bytearray()
        while len(data) < 64 and self.poll.poll(10 if not data else 0):
            data.extend(sys.stdin.buffer.read(1))
        return bytes(data)

    def write(self, data):
        self.out.write(data)


class Clock:
    """Seconds since boot that do not wrap (ticks_ms wraps after about 12 days)."""

    def __init__(self):
        self.last = time.ticks_ms()
        self.total_ms = 0

    def __call__(self):
        now = time.ticks_ms()
        self.total_ms += time.ticks_diff(now, self.last)
        self.last = now
        return self.total_ms / 1000


MAINTENANCE_PIN = 15  # GP15 (Pico pin 20) to GND at power-up: do not start, keep the REPL for mpremote


def main():
    if Pin(MAINTENANCE_PIN, Pin.IN, Pin.PULL_UP).value() == 0:
        print("bgref display: maintenance jumper set, REPL left free")
        return
    i2c = I2C(0, sda=Pin(4), scl=Pin(5), freq=400000)
    screen = Lcd2004(i2c, time.sleep_ms)
    digits = None
    if USE_DIGITS:
        from max7219 import Digits

        spi = SPI(0, baudrate=1000000, sck=Pin(18), mosi=Pin(19))
        digits = Digits(spi, Pin(17, Pin.OUT))
    led = Pin(25, Pin.OUT)  # on-board LED: lit while running (Pico, not Pico W)
    led.value(1)
    bgref_display.serve(UsbLink(), screen, Clock(), digits)


main()
