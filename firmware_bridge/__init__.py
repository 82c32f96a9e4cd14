"""The Pi's hardware: LEDs and buttons on gpiozero, the serial display and its protocol.

The referee talks to Signals, Buttons and a display (SerialDisplay or TerminalDisplay), never to
pins or ports; tests pass gpiozero's MockFactory and a pseudo-terminal instead of the real ones.
"""
from .buttons import HOLD_MEANINGS, Buttons
from .display import DisplayState, LinkStats, SerialDisplay, TerminalDisplay
from .errors import BridgeError, InvalidDisplayStateError, PinConfigError
from .pins import DEFAULT_BUTTON_PINS, DEFAULT_SIGNAL_PINS
from .signals import PATTERNS, Signals, SignalTiming

__all__ = [
    "BridgeError",
    "Buttons",
    "DEFAULT_BUTTON_PINS",
    "DEFAULT_SIGNAL_PINS",
    "DisplayState",
    "HOLD_MEANINGS",
    "InvalidDisplayStateError",
    "LinkStats",
    "PATTERNS",
    "PinConfigError",
    "SerialDisplay",
    "SignalTiming",
    "Signals",
    "TerminalDisplay",
]
