"""`bgref run`'s wiring: the buttons' held meanings, faults in the journal, the club publisher."""
from __future__ import annotations

import queue
import time

import pytest

from referee.run import wire_buttons


@pytest.fixture
def buttons():
    from gpiozero.pins.mock import MockFactory
    from firmware_bridge import Buttons
    factory = MockFactory()
    with Buttons(pin_factory=factory, bounce_time=0.01, hold_time=0.1) as b:
        b.factory = factory
        yield b


def _push(buttons, role: str, seconds: float) -> None:
    from firmware_bridge.pins import DEFAULT_BUTTON_PINS
    pin = buttons.factory.pin(DEFAULT_BUTTON_PINS[role])
    pin.drive_low()
    time.sleep(seconds)
    pin.drive_high()


def _next(presses: queue.Queue) -> str:
    return presses.get(timeout=2.0)


@pytest.mark.parametrize("role, meaning", [("take", "beaver"), ("confirm", "condone"),
                                           ("undo", "new_game")])
def test_run_wires_the_held_meanings_of_the_buttons(buttons, role, meaning):
    presses: queue.Queue = queue.Queue()
    wire_buttons(buttons, presses.put)
    _push(buttons, role, 0.04)                # a press
    assert _next(presses) == role
    _push(buttons, role, 0.3)                 # held past hold_time: the second meaning
    assert _next(presses) == meaning
    time.sleep(0.05)
    assert presses.empty()


def test_buttons_without_a_held_meaning_are_refused():
    class FiveButtons:
        when_double = when_take = when_pass = when_confirm = when_undo = None
    with pytest.raises(ValueError, match="when_beaver, when_condone, when_new_game"):
        wire_buttons(FiveButtons(), print)
