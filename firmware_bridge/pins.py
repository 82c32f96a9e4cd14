"""The default pin maps (BCM numbers) and their checking; the referee's TOML config overrides them.

The defaults keep clear of I2C (GPIO 2, 3), SPI (7-11) and the UART (14, 15), so those stay free
for add-ons; hardware/WIRING.md shows the same table with header pin numbers.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, Optional, Union

from .errors import PinConfigError

Pin = Union[int, str]  # a BCM number, or any name gpiozero understands ("GPIO17", "BOARD11")

SIGNAL_ROLES = ("turn0", "turn1", "illegal", "attention", "accepted", "buzzer")
OPTIONAL_SIGNAL_ROLES = ("buzzer",)
BUTTON_ROLES = ("double", "take", "pass", "confirm", "undo")

DEFAULT_SIGNAL_PINS: Mapping[str, Optional[Pin]] = MappingProxyType({
    "turn0": 17,  # player 0's turn light (white or the checker colour)
    "turn1": 27,  # player 1's turn light
    "illegal": 22,  # red
    "attention": 23,  # amber: reroll, check the board
    "accepted": 24,  # green
    "buzzer": 18,  # active buzzer through a transistor; None for no buzzer
})

DEFAULT_BUTTON_PINS: Mapping[str, Pin] = MappingProxyType({
    "double": 5,
    "take": 6,
    "pass": 13,
    "confirm": 19,
    "undo": 26,
})


def check_pins(pins: Mapping[str, Optional[Pin]], roles: tuple[str, ...], optional: tuple[str, ...] = (),
               what: str = "pins", defaults: Optional[Mapping[str, Optional[Pin]]] = None,
               ) -> dict[str, Optional[Pin]]:
    """The pin map with every role present and valid; PinConfigError names what is wrong.

    pins may name only some roles: the others come from defaults (so a config file lists only
    what is wired differently). An optional role set to None or False is not fitted.
    """
    if not isinstance(pins, Mapping):
        raise PinConfigError(f"{what} must be a table of role = pin, not {pins!r}")
    unknown = sorted(set(pins) - set(roles))
    if unknown:
        raise PinConfigError(f"{what}: unknown role(s) {', '.join(unknown)}; the roles are {', '.join(roles)}")
    if defaults is not None:
        pins = {**defaults, **pins}
    checked: dict[str, Optional[Pin]] = {}
    seen: dict[object, str] = {}
    for role in roles:
        if role not in pins:
            if role in optional:
                checked[role] = None
                continue
            raise PinConfigError(f"{what}: no pin for {role}")
        pin = pins[role]
        if (pin is None or pin is False) and role in optional:
            checked[role] = None
            continue
        if isinstance(pin, bool) or not isinstance(pin, (int, str)) or (isinstance(pin, int) and not 0 <= pin <= 27):
            raise PinConfigError(f"{what}.{role}: {pin!r} is not a GPIO number 0-27 or a pin name")
        if pin in seen:
            raise PinConfigError(f"{what}: pin {pin!r} is used for both {seen[pin]} and {role}")
        seen[pin] = role
        checked[role] = pin
    return checked
