"""The lights and the buzzer the players watch: turn, illegal, attention, accepted, as named patterns.

Every light is a gpiozero PWMLED reached through the pin factory passed in, so tests run on
MockFactory(pin_class=MockPWMPin) and the Pi on its real factory; the referee never writes a pin.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Mapping, Optional

from gpiozero import Buzzer, PWMLED

from .errors import BridgeError
from .pins import DEFAULT_SIGNAL_PINS, OPTIONAL_SIGNAL_ROLES, SIGNAL_ROLES, Pin, check_pins

log = logging.getLogger(__name__)

LIGHTS = ("turn0", "turn1", "illegal", "attention", "accepted")
OFF, STEADY, BLINK, PULSE, FLASH = "off", "steady", "blink", "pulse", "flash"
PATTERNS = (OFF, STEADY, BLINK, PULSE, FLASH)


@dataclasses.dataclass(frozen=True)
class SignalTiming:
    """How fast the patterns run, in seconds (tests pass short ones)."""

    blink_on: float = 0.25
    blink_off: float = 0.25
    pulse_fade: float = 0.7  # fade in, and again fade out
    flash: float = 1.0  # FLASH: on once for this long
    beep_on: float = 0.08
    beep_off: float = 0.08


class Signals:
    """The referee's lights: turn(player), illegal(), attention(), accepted(), clear(), buzz().

    pins maps roles (turn0, turn1, illegal, attention, accepted, buzzer) to GPIO pins; roles left
    out keep DEFAULT_SIGNAL_PINS, and buzzer None/False means no buzzer is fitted.

    What each event shows:
      turn(p)      player p's turn light steady, the other off (turn(None): both off)
      illegal()    red blinks until clear()/accepted(); two beeps
      attention()  amber pulses until clear()/accepted() (reroll, check the board, hand over board)
      accepted()   green flashes once; red and amber go off
      clear()      red, amber and green off; the turn lights stay
    """

    def __init__(self, pins: Mapping[str, Optional[Pin]] = DEFAULT_SIGNAL_PINS, *, pin_factory=None,
                 timing: SignalTiming = SignalTiming()) -> None:
        checked = check_pins(pins, SIGNAL_ROLES, OPTIONAL_SIGNAL_ROLES, what="signal pins",
                             defaults=DEFAULT_SIGNAL_PINS)
        self.timing = timing
        self._lights: dict[str, PWMLED] = {}
        self._patterns: dict[str, str] = {}
        self._buzzer: Optional[Buzzer] = None
        try:
            for light in LIGHTS:
                self._lights[light] = PWMLED(checked[light], pin_factory=pin_factory)
                self._patterns[light] = OFF
            if checked["buzzer"] is not None:
                self._buzzer = Buzzer(checked["buzzer"], pin_factory=pin_factory)
        except Exception:
            self.close()
            raise

    # ---- the events the referee signals ------------------------------------------------------

    def turn(self, player: Optional[int]) -> None:
        """Light the turn light of player (0 or 1); None puts both out."""
        if player not in (0, 1, None):
            raise BridgeError(f"turn: player must be 0, 1 or None, not {player!r}")
        self.show("turn0", STEADY if player == 0 else OFF)
        self.show("turn1", STEADY if player == 1 else OFF)

    def illegal(self, *, sound: bool = True) -> None:
        """An illegal move: red blinks (until cleared), two beeps."""
        self.show("accepted", OFF)
        self.show("illegal", BLINK)
        if sound:
            self.buzz(2)

    def attention(self) -> None:
        """The players must do something (reroll, check the board): amber pulses until cleared."""
        self.show("attention", PULSE)

    def accepted(self) -> None:
        """The move was read and is legal: green flashes once, red and amber go out."""
        self.show("illegal", OFF)
        self.show("attention", OFF)
        self.show("accepted", FLASH)

    def clear(self) -> None:
        """Red, amber and green off; the turn lights stay as they are."""
        for light in ("illegal", "attention", "accepted"):
            self.show(light, OFF)

    def buzz(self, times: int = 1) -> None:
        """Short beeps in the background (nothing when there is no buzzer)."""
        if self._buzzer is not None and times > 0:
            self._buzzer.beep(self.timing.beep_on, self.timing.beep_off, n=times)

    # ---- the patterns ------------------------------------------------------------------------

    def show(self, light: str, pattern: str) -> None:
        """Run one named pattern on one light; the building block of the events above."""
        if light not in self._lights:
            raise BridgeError(f"no light called {light!r}; the lights are {', '.join(LIGHTS)}")
        if pattern not in PATTERNS:
            raise BridgeError(f"no pattern called {pattern!r}; the patterns are {', '.join(PATTERNS)}")
        led = self._lights[light]
        t = self.timing
        if pattern == self._patterns[light] and pattern in (OFF, STEADY, BLINK, PULSE):
            return  # already running: do not restart a blink half way
        self._patterns[light] = pattern
        log.debug("%s: %s", light, pattern)
        if pattern == OFF:
            led.off()
        elif pattern == STEADY:
            led.on()
        elif pattern == BLINK:
            led.blink(on_time=t.blink_on, off_time=t.blink_off)
        elif pattern == PULSE:
            led.pulse(fade_in_time=t.pulse_fade, fade_out_time=t.pulse_fade)
        else:  # FLASH: once, then off by itself
            led.blink(on_time=t.flash, off_time=0, n=1)
            self._patterns[light] = OFF

    def pattern(self, light: str) -> str:
        """The pattern last started on light."""
        return self._patterns[light]

    def close(self) -> None:
        """Put everything out and release the pins."""
        for led in self._lights.values():
            led.close()
        if self._buzzer is not None:
            self._buzzer.close()
        self._lights = {}
        self._buzzer = None

    def __enter__(self) -> "Signals":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
