"""Shared rigs: the Pico firmware's logic on the far end of a pseudo-terminal, mock GPIO pins."""
from __future__ import annotations

import errno
import os
import pathlib
import select
import sys
import threading
import time
import tty

import pytest

FIRMWARE = pathlib.Path(__file__).resolve().parents[2] / "hardware" / "firmware"


def load_firmware():
    """Import the firmware's modules (protocol, layout, bgref_display) from hardware/firmware."""
    if str(FIRMWARE) not in sys.path:
        sys.path.insert(0, str(FIRMWARE))
    import bgref_display  # noqa: E402  (the firmware's own top-level module)

    return bgref_display


class StubScreen:
    """Stands in for the LCD driver: remembers what it was told to show."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.brightness = None
        self.updates = 0

    def show(self, lines, brightness) -> None:
        self.lines = list(lines)
        self.brightness = brightness
        self.updates += 1


class StubDigits:
    """Stands in for the MAX7219 driver."""

    def __init__(self) -> None:
        self.shown = None

    def show(self, cube, score0, score1, brightness) -> None:
        self.shown = (cube, score0, score1, brightness)


class PtyLink:
    """The device's end of a pty (the master fd), shaped like the firmware's link.

    mangle(data) -> data lets a test garble or cut bytes in either direction; delay slows reads.
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.mangle_in = None
        self.mangle_out = None
        self.delay = 0.0
        self.received = bytearray()

    def read(self) -> bytes:
        if self.delay:
            time.sleep(self.delay)
        try:
            ready, _, _ = select.select([self.fd], [], [], 0.01)
            if not ready:
                return b""
            data = os.read(self.fd, 4096)
        except OSError as exc:
            if exc.errno in (errno.EIO, errno.EBADF):  # nobody has the other end open
                time.sleep(0.01)
                return b""
            raise
        self.received.extend(data)
        if self.mangle_in is not None:
            data = self.mangle_in(data)
        return data

    def write(self, data: bytes) -> None:
        if self.mangle_out is not None:
            data = self.mangle_out(data)
        try:
            os.write(self.fd, data)
        except OSError:
            pass  # host not there: a real USB CDC device drops it too


class PtyDevice:
    """A display 'plugged in' at a stable path (like /dev/serial/by-id/...) on a fresh pty."""

    def __init__(self, path: pathlib.Path, *, version=None, digits=False) -> None:
        self.path = path
        self.firmware = load_firmware()
        self.screen = StubScreen()
        self.digits = StubDigits() if digits else None
        self.version = version
        self.link = None
        self.device = None
        self._thread = None
        self._running = False
        self._fds = ()

    def plug_in(self) -> "PtyDevice":
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing, as pyserial will set it anyway
        self._fds = (master, slave)
        if self.path.is_symlink() or self.path.exists():
            self.path.unlink()
        self.path.symlink_to(os.ttyname(slave))
        self.link = PtyLink(master)
        kwargs = {} if self.version is None else {"version": self.version}
        self.device = self.firmware.DisplayDevice(self.link.write, **kwargs)
        self._running = True
        self._thread = threading.Thread(
            target=self.firmware.serve,
            args=(self.link, self.screen, time.monotonic),
            kwargs=dict(digits=self.digits, keep_going=lambda: self._running, device=self.device),
            daemon=True,
        )
        self._thread.start()
        return self

    def unplug(self) -> None:
        self._running = False
        if self._thread is not None:
            self._thread.join(timeout=2)
        for fd in self._fds:
            os.close(fd)
        self._fds = ()

    def wait_for(self, predicate, timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return True
            time.sleep(0.005)
        return predicate()


@pytest.fixture
def firmware():
    return load_firmware()


@pytest.fixture
def pty_device(tmp_path):
    devices = []

    def make(**kwargs) -> PtyDevice:
        device = PtyDevice(tmp_path / "ttyBGREF", **kwargs)
        devices.append(device)
        return device.plug_in()

    yield make
    for device in devices:
        if device._fds:
            device.unplug()
