"""The players' buttons on gpiozero: double, take, pass, confirm, undo; debounced, hold for a second meaning.

Press and release (shorter than hold_time) calls the button's own callback; holding calls the
second meaning at once, and the release then calls nothing:

    button   press            hold (hold_time, 1 s)
    double   when_double      (none: the release after a hold still doubles)
    take     when_take        when_beaver    take and redouble at once, keeping the cube (R12)
    pass     when_pass        (none: the release after a hold still passes)
    confirm  when_confirm     when_condone   accept the opponent's illegal move as it stands (R9)
    undo     when_undo        when_new_game  start the next game from the board as it stands

Debouncing is done here rather than by the pin driver, so that it behaves the same on every pin
factory (gpiozero's MockPin ignores bounce_time): a change of level counts only once the pin has
stayed at the new level for bounce_time. Callbacks take no arguments and run on a helper thread;
an exception in one is logged, never raised into gpiozero.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable, Mapping, Optional

from gpiozero import Button

from .pins import BUTTON_ROLES, DEFAULT_BUTTON_PINS, Pin, check_pins

log = logging.getLogger(__name__)

HOLD_MEANINGS = {"take": "beaver", "confirm": "condone", "undo": "new_game"}

Callback = Optional[Callable[[], object]]


class _Debounced:
    """One button's settled state."""

    def __init__(self) -> None:
        self.pressed = False  # the settled level
        self.held = False  # the hold meaning fired during this press
        self.generation = 0  # bumps on every raw edge; a settle check only acts if still current
        self.timer: Optional[threading.Timer] = None


class Buttons:
    """The five buttons; set the when_* attributes to callables taking no arguments.

    pins maps roles (double, take, pass, confirm, undo) to GPIO pins; roles left out keep
    DEFAULT_BUTTON_PINS.
    """

    def __init__(self, pins: Mapping[str, Pin] = DEFAULT_BUTTON_PINS, *, pin_factory=None,
                 bounce_time: float = 0.05, hold_time: float = 1.0) -> None:
        checked = check_pins(pins, BUTTON_ROLES, what="button pins", defaults=DEFAULT_BUTTON_PINS)
        self.bounce_time = bounce_time
        self.when_double: Callback = None
        self.when_take: Callback = None
        self.when_pass: Callback = None
        self.when_confirm: Callback = None
        self.when_undo: Callback = None
        self.when_beaver: Callback = None
        self.when_condone: Callback = None
        self.when_new_game: Callback = None
        self._lock = threading.Lock()
        self._closed = False
        self._state = {role: _Debounced() for role in BUTTON_ROLES}
        self._buttons: dict[str, Button] = {}
        try:
            for role in BUTTON_ROLES:
                # a button connects the pin to ground; the internal pull-up holds it high otherwise
                button = Button(checked[role], pull_up=True, bounce_time=None, hold_time=hold_time,
                                pin_factory=pin_factory)
                button.when_pressed = lambda role=role: self._edge(role)
                button.when_released = lambda role=role: self._edge(role)
                button.when_held = lambda role=role: self._held(role)
                self._buttons[role] = button
        except Exception:
            self.close()
            raise

    def is_pressed(self, role: str) -> bool:
        """The debounced state of one button."""
        return self._state[role].pressed

    def _edge(self, role: str) -> None:
        state = self._state[role]
        with self._lock:
            if self._closed:
                return
            state.generation += 1
            if state.timer is not None:
                state.timer.cancel()
            state.timer = threading.Timer(self.bounce_time, self._settle, (role, state.generation))
            state.timer.daemon = True
            state.timer.start()

    def _settle(self, role: str, generation: int) -> None:
        state = self._state[role]
        with self._lock:
            if self._closed or generation != state.generation:
                return  # the pin moved again since; that edge's check decides
            level = self._buttons[role].is_pressed
            if level == state.pressed:
                return  # a glitch shorter than bounce_time
            state.pressed = level
            fire = None
            if level:
                state.held = False
            elif not state.held:
                fire = role
        if fire is not None:
            self._call(f"when_{fire}")

    def _held(self, role: str) -> None:
        state = self._state[role]
        with self._lock:
            meaning = HOLD_MEANINGS.get(role)
            if self._closed or meaning is None or not state.pressed or state.held:
                return
            state.held = True
        self._call(f"when_{meaning}")

    def _call(self, attribute: str) -> None:
        callback = getattr(self, attribute)
        log.debug("button: %s", attribute)
        if callback is None:
            return
        try:
            callback()
        except Exception:  # a referee bug must not kill the pin thread
            log.exception("%s callback failed", attribute)

    def close(self) -> None:
        """Release the pins and stop pending debounce checks."""
        with self._lock:
            self._closed = True
            for state in self._state.values():
                if state.timer is not None:
                    state.timer.cancel()
        for button in self._buttons.values():
            button.close()
        self._buttons = {}

    def __enter__(self) -> "Buttons":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
