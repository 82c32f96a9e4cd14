"""The bridge's errors for bad input: one base class, each a ValueError."""
from __future__ import annotations


class BridgeError(ValueError):
    """Base of every firmware_bridge error for bad input."""


class PinConfigError(BridgeError):
    """A pin map names an unknown role, a pin twice, or a pin that is not a GPIO number."""


class InvalidDisplayStateError(BridgeError):
    """A DisplayState field holds a value the display cannot show (names the field)."""
