"""The display's logic: decode frames, acknowledge them, keep the fields, render the 20x4 lines.

Runs unchanged on the Pico (MicroPython) and under CPython in the tests, where `serve` is driven
over a pseudo-terminal with the LCD and digit drivers replaced by stubs. No machine imports here:
main.py passes the real link and drivers in.
"""

import protocol
import layout

DEVICE_NAME = "bgref-lcd20x4"
LINK_TIMEOUT = 3.5  # seconds without a frame before the screen says the referee is gone
SCROLL_STEP = 0.4  # seconds per character of the text marquee


class DisplayDevice:
    """The device end of the link: fed bytes, writes replies through write(bytes)."""

    def __init__(self, write, name=DEVICE_NAME, version=protocol.VERSION):
        self.write = write
        self.name = name
        self.version = version
        self.parser = protocol.FrameParser()
        self.fields = {}
        self.synced = False  # a HELLO with our version arrived since boot
        self.last_rx = None
        self.malformed = 0  # good frames whose payload did not decode
        self.duplicates = 0
        self.last_seq = None
        self.changes = 0

    def boot(self):
        """Announce ourselves: a host that was talking to us before must handshake again."""
        self._send(protocol.DEVICE_HELLO, 0, protocol.ascii_bytes(self.name, 32))

    def _send(self, kind, seq, payload=b""):
        if kind == protocol.DEVICE_HELLO:
            payload = bytes((self.version,)) + payload
        self.write(protocol.encode_frame(kind, seq, payload))

    def feed(self, data, now):
        """Handle bytes from the host."""
        for kind, seq, payload in self.parser.feed(data):
            self.last_rx = now
            self._handle(kind, seq, payload)

    def _handle(self, kind, seq, payload):
        if kind == protocol.HELLO:
            hello = protocol.parse_hello(payload)
            self._send(protocol.DEVICE_HELLO, seq, protocol.ascii_bytes(self.name, 32))
            self.synced = hello is not None and hello[0] == self.version
            self.last_seq = None
            return
        if kind == protocol.PING:
            self._send(protocol.ACK if self.synced else protocol.RESYNC, seq)
            return
        if kind not in protocol.FIELD_KINDS:
            return  # ACK, RESYNC, DEVICE_HELLO are for the host (or our own echo); ignore
        if not self.synced:
            self._send(protocol.RESYNC, seq)
            return
        if seq == self.last_seq:
            self.duplicates += 1  # our ACK was lost; the value is absolute, so apply again
        self.last_seq = seq
        value = protocol.unpack(kind, payload)
        if value is None:
            self.malformed += 1
        else:
            name = protocol.FIELD_NAMES[kind]
            if self.fields.get(name) != value or name not in self.fields:
                self.fields[name] = value
                self.changes += 1
        self._send(protocol.ACK, seq)

    def link_up(self, now):
        """True while frames keep coming (the host sends a heartbeat at least every second)."""
        return self.synced and self.last_rx is not None and now - self.last_rx < LINK_TIMEOUT

    def status(self, now):
        """The text line to show instead of the host's, or None when the link is fine."""
        if not self.synced:
            return "waiting for referee"
        if not self.link_up(now):
            return "referee link lost"
        return None

    def lines(self, now):
        """The four lines the LCD should show now."""
        return layout.render(self.fields, int(now / SCROLL_STEP), self.status(now))

    def brightness(self):
        """Brightness in percent (100 until the host says otherwise)."""
        value = self.fields.get("brightness")
        return 100 if value is None else value


def serve(link, screen, clock, digits=None, keep_going=None, device=None):
    """The firmware's main loop: read, handle, redraw what changed.

    link has read() -> bytes (b"" after a short wait) and write(bytes); screen has
    show(lines, brightness); digits (optional, MAX7219) has show(cube, score0, score1, brightness).
    keep_going() -> False stops the loop (tests); on the Pico it runs for ever.
    device: a DisplayDevice to use (tests pass their own to watch its counters). Returns it.
    """
    if device is None:
        device = DisplayDevice(link.write)
    device.boot()
    shown = None
    shown_digits = None
    while keep_going is None or keep_going():
        data = link.read()
        now = clock()
        if data:
            device.feed(data, now)
        lines = device.lines(now)
        brightness = device.brightness()
        if (lines, brightness) != shown:
            screen.show(lines, brightness)
            shown = (lines, brightness)
        if digits is not None:
            cube = device.fields.get("cube")
            score = device.fields.get("score")
            wanted = (
                cube[0] if cube else 1,
                score[0] if score else 0,
                score[1] if score else 0,
                brightness,
            )
            if wanted != shown_digits:
                digits.show(wanted[0], wanted[1], wanted[2], wanted[3])
                shown_digits = wanted
    return device
