"""The Pi's hardware: LEDs and buttons on gpiozero, the serial display and its protocol."""
from .display import DisplayState, LinkStats, SerialDisplay, TerminalDisplay
from .errors import BridgeError, InvalidDisplayStateError, PinConfigError

__all__ = [
    "BridgeError",
    "DisplayState",
    "InvalidDisplayStateError",
    "LinkStats",
    "PinConfigError",
    "SerialDisplay",
    "TerminalDisplay",
]
