"""What the players read: DisplayState, the serial display (with its link) and a terminal stand-in.

The referee calls `display.show(state)` with the whole state every time; SerialDisplay works out
which fields changed and a background thread sends them, so show() never waits on the port.
"""
from __future__ import annotations

import dataclasses
import logging
import threading
import time
import unicodedata
from typing import Callable, Optional, TextIO

import serial

from . import layout, protocol
from .errors import InvalidDisplayStateError

log = logging.getLogger(__name__)

_SEND_ORDER = (
    protocol.NAMES,
    protocol.SCORE,
    protocol.TURN,
    protocol.CUBE,
    protocol.DICE,
    protocol.PIPS,
    protocol.TEXT,
    protocol.BRIGHTNESS,
)


def to_ascii(text: str) -> str:
    """Text the LCD can show: accents dropped (Jürgen -> Jurgen), other characters as '?'."""
    folded = unicodedata.normalize("NFKD", text)
    out = []
    for char in folded:
        if unicodedata.combining(char):
            continue
        out.append(char if 32 <= ord(char) < 127 else "?")
    return "".join(out)


@dataclasses.dataclass(frozen=True)
class DisplayState:
    """Everything the display shows, as one immutable value."""

    score: tuple[int, int] = (0, 0)
    match_length: int = 0  # 0 = money play
    turn: Optional[int] = None  # player on roll, None between games
    dice: tuple[int, ...] = ()
    cube_value: int = 1
    cube_owner: Optional[int] = None  # None = middle
    pips: tuple[int, int] = (167, 167)
    text: str = ""  # one line, e.g. why a move is illegal
    brightness: int = 100  # percent
    names: tuple[str, str] = ("Player1", "Player2")  # 7 characters fit

    def __post_init__(self) -> None:
        for name in ("score", "dice", "pips", "names"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
                raise InvalidDisplayStateError(f"DisplayState.{name} must be a tuple, not {value!r}")
            object.__setattr__(self, name, tuple(value))
        self._check_counts("score", 2, 0, 0xFFFF)
        self._check_counts("pips", 2, 0, 0xFFFF)
        self._check_counts("dice", None, 1, 6)
        if len(self.dice) > 4:
            raise InvalidDisplayStateError(f"DisplayState.dice holds at most 4 dice, not {self.dice!r}")
        for name, low, high in (("match_length", 0, 0xFFFF), ("cube_value", 1, 0xFFFF),
                                ("brightness", 0, 100)):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                raise InvalidDisplayStateError(
                    f"DisplayState.{name} must be an int from {low} to {high}, not {value!r}")
        for name in ("turn", "cube_owner"):
            if getattr(self, name) not in (None, 0, 1):
                raise InvalidDisplayStateError(
                    f"DisplayState.{name} must be 0, 1 or None, not {getattr(self, name)!r}")
        if not isinstance(self.text, str):
            raise InvalidDisplayStateError(f"DisplayState.text must be a str, not {self.text!r}")
        if len(self.names) != 2 or not all(isinstance(n, str) for n in self.names):
            raise InvalidDisplayStateError(f"DisplayState.names must be two strings, not {self.names!r}")

    def _check_counts(self, name: str, length: Optional[int], low: int, high: int) -> None:
        value = getattr(self, name)
        if length is not None and len(value) != length:
            raise InvalidDisplayStateError(f"DisplayState.{name} must hold {length} numbers, not {value!r}")
        for item in value:
            if not isinstance(item, int) or isinstance(item, bool) or not low <= item <= high:
                raise InvalidDisplayStateError(
                    f"DisplayState.{name} holds {item!r}; each must be an int from {low} to {high}")

    def field_values(self) -> dict[int, object]:
        """The value of every protocol field (protocol kind -> value), text as ASCII."""
        return {
            protocol.SCORE: (self.score[0], self.score[1], self.match_length),
            protocol.TURN: self.turn,
            protocol.DICE: self.dice,
            protocol.CUBE: (self.cube_value, self.cube_owner),
            protocol.PIPS: self.pips,
            protocol.TEXT: to_ascii(self.text)[: protocol.MAX_TEXT],
            protocol.BRIGHTNESS: self.brightness,
            protocol.NAMES: (to_ascii(self.names[0])[: protocol.MAX_NAME],
                             to_ascii(self.names[1])[: protocol.MAX_NAME]),
        }

    def payloads(self) -> dict[int, bytes]:
        """Each field packed for the wire (protocol kind -> payload)."""
        return {kind: protocol.pack(kind, value) for kind, value in self.field_values().items()}

    def lines(self, scroll: int = 0) -> list[str]:
        """The four 20-character lines the LCD shows for this state."""
        fields = {protocol.FIELD_NAMES[kind]: value for kind, value in self.field_values().items()}
        return layout.render(fields, scroll)


class TerminalDisplay:
    """The display drawn in a terminal: the same 20x4 lines in a box (demo, no hardware)."""

    def __init__(self, stream: TextIO, *, clear: bool = False) -> None:
        self._stream = stream
        self._clear = clear  # redraw in place with ANSI codes instead of appending
        self._last: Optional[DisplayState] = None

    def show(self, state: DisplayState) -> None:
        """Draw the state, unless it is the one already shown."""
        if state == self._last:
            return
        self._last = state
        border = "+" + "-" * layout.WIDTH + "+"
        lines = [border] + ["|" + line + "|" for line in state.lines()] + [border]
        text = to_ascii(state.text)
        if len(text) > layout.WIDTH:
            lines.append(" " + text)  # the LCD scrolls it; here it is printed in full
        out = "\n".join(lines) + "\n"
        if self._clear:
            out = "\x1b[H\x1b[2J" + out
        self._stream.write(out)
        self._stream.flush()

    def close(self) -> None:
        """Nothing to release; here for the Display interface."""

    def __enter__(self) -> "TerminalDisplay":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclasses.dataclass(frozen=True)
class LinkStats:
    """A snapshot of the serial link, for logs, tests and the bench."""

    connected: bool  # the port is open
    synced: bool  # the handshake succeeded and the device has our state
    device_name: str
    device_version: Optional[int]
    sent: int  # frames written, retries included
    retries: int
    acked: int
    reconnects: int
    handshakes: int
    dropped: int  # garbled or unknown frames received and thrown away
    last_rtt: Optional[float]  # seconds from send to ack of the last acked message


@dataclasses.dataclass
class _InFlight:
    kind: int
    seq: int
    payload: bytes
    frame: bytes
    sent_at: float
    tries: int = 1


class SerialDisplay:
    """The LCD on the USB serial port: shows states, reconnects and re-syncs in the background.

    url is anything serial.serial_for_url takes ("/dev/ttyACM0", a /dev/serial/by-id path,
    "loop://"). open_port is how a port is opened (tests and the bench may pass their own).
    """

    def __init__(
        self,
        url: str,
        *,
        baudrate: int = 115200,
        ack_timeout: float = 0.25,
        max_retries: int = 4,
        heartbeat_interval: float = 1.0,
        reconnect_interval: float = 0.5,
        poll_interval: float = 0.05,
        open_port: Optional[Callable[..., serial.SerialBase]] = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url = url
        self._baudrate = baudrate
        self._ack_timeout = ack_timeout
        self._max_retries = max_retries
        self._heartbeat_interval = heartbeat_interval
        self._reconnect_interval = reconnect_interval
        self._poll_interval = poll_interval
        self._open_port = open_port or serial.serial_for_url
        self._clock = clock

        self._lock = threading.Lock()
        self._progress = threading.Condition(self._lock)  # notified on every ack and handshake
        self._wanted: dict[int, bytes] = {}
        self._confirmed: dict[int, bytes] = {}
        self._state: Optional[DisplayState] = None
        self._port: Optional[serial.SerialBase] = None
        self._parser = protocol.FrameParser()
        self._inflight: Optional[_InFlight] = None
        self._seq = 0
        self._synced = False
        self._last_tx = 0.0
        self._hello_after = 0.0
        self._device_name = ""
        self._device_version: Optional[int] = None
        self._counts = dict(sent=0, retries=0, acked=0, reconnects=0, handshakes=0)
        self._last_rtt: Optional[float] = None
        self._ever_open = False
        self._missing_logged = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"display {url}", daemon=True)
        self._thread.start()

    # ---- the referee's side: never blocks on the port ---------------------------------------

    def show(self, state: DisplayState) -> None:
        """Make the display show state; returns at once, the link thread does the sending."""
        payloads = state.payloads()
        with self._lock:
            self._state = state
            self._wanted = payloads
        self._wake()

    @property
    def state(self) -> Optional[DisplayState]:
        """The state last passed to show()."""
        return self._state

    @property
    def stats(self) -> LinkStats:
        """How the link is doing now."""
        with self._lock:
            return LinkStats(
                connected=self._port is not None,
                synced=self._synced,
                device_name=self._device_name,
                device_version=self._device_version,
                dropped=self._parser.dropped,
                last_rtt=self._last_rtt,
                **self._counts,
            )

    def in_sync(self) -> bool:
        """True when the device has acknowledged every field of the current state."""
        with self._lock:
            return self._in_sync_locked()

    def _in_sync_locked(self) -> bool:
        return self._synced and self._inflight is None and self._dirty_kinds() == []

    def wait_in_sync(self, timeout: float) -> bool:
        """Wait (up to timeout seconds) until the device shows the current state; for tests/bench."""
        with self._progress:
            return self._progress.wait_for(self._in_sync_locked, timeout)

    def close(self) -> None:
        """Stop the link thread and close the port."""
        self._stop.set()
        self._wake()
        self._thread.join(timeout=2.0)
        self._close_port()

    def __enter__(self) -> "SerialDisplay":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _wake(self) -> None:
        port = self._port
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            try:
                cancel()
            except (OSError, ValueError, serial.SerialException):
                pass

    # ---- the link thread -----------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._port is None and not self._try_open():
                self._stop.wait(self._reconnect_interval)
                continue
            try:
                self._step()
            except (serial.SerialException, OSError) as exc:
                log.warning("display on %s lost: %s; reconnecting", self.url, exc)
                self._close_port()
            except Exception:  # a bug here must not silence the display for the rest of the match
                log.exception("display link on %s failed; reopening", self.url)
                self._close_port()
                self._stop.wait(self._reconnect_interval)

    def _try_open(self) -> bool:
        try:
            port = self._open_port(self.url, baudrate=self._baudrate, timeout=self._poll_interval,
                                   write_timeout=1.0, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            if self._missing_logged:
                log.debug("display on %s not there: %s", self.url, exc)
            else:  # once per absence, not every half second
                log.warning("display on %s not there (%s); retrying in the background", self.url, exc)
                self._missing_logged = True
            return False
        self._missing_logged = False
        with self._lock:
            self._port = port
            self._parser.reset()
            self._inflight = None
            self._synced = False
            self._hello_after = 0.0
            if self._ever_open:
                self._counts["reconnects"] += 1
            self._ever_open = True
        log.info("display port %s open", self.url)
        return True

    def _close_port(self) -> None:
        with self._lock:
            port, self._port = self._port, None
            self._synced = False
            self._inflight = None
        if port is not None:
            try:
                port.close()
            except (serial.SerialException, OSError):
                pass

    def _dirty_kinds(self) -> list[int]:
        return [k for k in _SEND_ORDER if k in self._wanted and self._confirmed.get(k) != self._wanted[k]]

    def _step(self) -> None:
        port = self._port
        assert port is not None
        data = port.read(max(1, port.in_waiting))
        now = self._clock()
        with self._lock:
            for kind, seq, payload in self._parser.feed(data):
                self._handle(kind, seq, payload, now)
            frame = self._next_frame(now)
        if frame is not None:
            port.write(frame)

    def _handle(self, kind: int, seq: int, payload: bytes, now: float) -> None:
        inflight = self._inflight
        matches = inflight is not None and inflight.seq == seq
        if kind == protocol.DEVICE_HELLO:
            hello = protocol.parse_hello(payload) or (None, "")
            if matches and inflight.kind == protocol.HELLO:
                self._inflight = None
                self._device_version, self._device_name = hello
                if hello[0] == protocol.VERSION:
                    self._synced = True
                    self._confirmed = {}  # the device may have lost everything: send it all again
                    self._counts["handshakes"] += 1
                    self._progress.notify_all()
                    log.info("display %r speaks protocol %d", hello[1], hello[0])
                else:
                    self._hello_after = now + 5 * self._heartbeat_interval
                    log.error("display %r speaks protocol %r, we speak %d; not sending to it",
                              hello[1], hello[0], protocol.VERSION)
            elif seq == 0:  # the device announces itself: it has (re)booted
                log.info("display %r announced itself; handshaking again", hello[1])
                self._synced = False
                self._inflight = None
        elif kind == protocol.RESYNC:
            if matches:
                self._synced = False
                self._inflight = None
        elif kind == protocol.ACK and matches and inflight.kind != protocol.HELLO:
            self._inflight = None
            self._counts["acked"] += 1
            self._last_rtt = now - inflight.sent_at
            if inflight.kind in protocol.FIELD_KINDS:
                self._confirmed[inflight.kind] = inflight.payload
            self._progress.notify_all()

    def _next_frame(self, now: float) -> Optional[bytes]:
        """The frame to write now, if any (called with the lock held)."""
        inflight = self._inflight
        if inflight is not None:
            if now - inflight.sent_at < self._ack_timeout:
                return None
            if inflight.tries > self._max_retries:
                log.warning("display on %s does not answer; handshaking again", self.url)
                self._synced = False
                self._inflight = None
                return None
            inflight.tries += 1
            inflight.sent_at = now
            self._counts["retries"] += 1
            return self._count_sent(inflight.frame, now)
        if not self._synced:
            if now < self._hello_after:
                return None
            self._hello_after = now + self._ack_timeout
            return self._send(protocol.HELLO, protocol.hello_payload(), now)
        dirty = self._dirty_kinds()
        if dirty:
            kind = dirty[0]
            return self._send(kind, self._wanted[kind], now)
        if now - self._last_tx >= self._heartbeat_interval:
            return self._send(protocol.PING, b"", now)
        return None

    def _send(self, kind: int, payload: bytes, now: float) -> bytes:
        self._seq = self._seq % 255 + 1  # 1..255: 0 is the device's boot announcement
        frame = protocol.encode_frame(kind, self._seq, payload)
        self._inflight = _InFlight(kind, self._seq, payload, frame, now)
        return self._count_sent(frame, now)

    def _count_sent(self, frame: bytes, now: float) -> bytes:
        self._counts["sent"] += 1
        self._last_tx = now
        return frame
