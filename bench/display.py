"""Display link figures: round-trip time of one message and messages per second, over a pty.

The firmware's own logic (hardware/firmware/bgref_display.py) answers at the far end of a
pseudo-terminal in a separate process, as the Pico does at the far end of the USB cable.
A pty has no baud rate, so these are the protocol's and Python's costs, not the wire's;
USB CDC to a Pico is full-speed USB, also without a real baud limit.
"""
from __future__ import annotations

import multiprocessing
import os
import pathlib
import select
import statistics
import sys
import time
import tty

import serial

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "hardware" / "firmware"))

from firmware_bridge import DisplayState, SerialDisplay, protocol  # noqa: E402

TARGET_RTT_MS = 20.0  # a display update should feel instant next to the camera's ~100 ms
TARGET_RATE = 50.0  # messages per second: a whole state (8 fields) several times a second


class _Link:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def read(self) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], 0.01)
        if not ready:
            return b""
        try:
            return os.read(self.fd, 4096)
        except OSError:
            return b""

    def write(self, data: bytes) -> None:
        os.write(self.fd, data)


class _NullScreen:
    def show(self, lines, brightness) -> None:
        pass


def _device(fd: int) -> None:
    import bgref_display

    bgref_display.serve(_Link(fd), _NullScreen(), time.monotonic)


def raw_round_trips(path: str, count: int) -> list[float]:
    """Seconds from writing one field frame to reading its ACK, stop and wait, no threads."""
    port = serial.serial_for_url(path, timeout=1.0)
    parser = protocol.FrameParser()

    def exchange(kind: int, seq: int, payload: bytes) -> float:
        start = time.perf_counter()
        port.write(protocol.encode_frame(kind, seq, payload))
        while True:
            for reply_kind, reply_seq, _ in parser.feed(port.read(max(1, port.in_waiting))):
                if reply_seq == seq and reply_kind in (protocol.ACK, protocol.DEVICE_HELLO):
                    return time.perf_counter() - start

    exchange(protocol.HELLO, 1, protocol.hello_payload())
    times = []
    for n in range(count):
        payload = protocol.pack(protocol.TEXT, f"move {n} 24/18 13/9")
        times.append(exchange(protocol.TEXT, n % 250 + 2, payload))
    port.close()
    return times


def serial_display_figures(path: str, seconds: float) -> tuple[list[float], float, object]:
    """Through SerialDisplay: show()-to-acknowledged latency, and sustained acked messages/s."""
    latencies = []
    with SerialDisplay(path) as display:
        display.show(DisplayState())
        display.wait_in_sync(5)
        for n in range(100):
            start = time.perf_counter()
            display.show(DisplayState(text=f"latency {n}"))
            display.wait_in_sync(2)
            latencies.append(time.perf_counter() - start)
        acked = display.stats.acked
        start = time.perf_counter()
        n = 0
        while time.perf_counter() - start < seconds:
            n += 1
            display.show(DisplayState(text=f"flood {n}", score=(n % 100, 0)))
            time.sleep(0.0005)
        display.wait_in_sync(2)
        rate = (display.stats.acked - acked) / (time.perf_counter() - start)
        stats = display.stats
    return latencies, rate, stats


def main() -> int:
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    device = multiprocessing.get_context("fork").Process(target=_device, args=(master,), daemon=True)
    device.start()
    try:
        raw = raw_round_trips(path, 500)
        latencies, rate, stats = serial_display_figures(path, 2.0)
    finally:
        device.terminate()
        device.join()
        os.close(master)
        os.close(slave)
    raw_ms = [t * 1000 for t in raw]
    lat_ms = [t * 1000 for t in latencies]
    median_raw = statistics.median(raw_ms)
    print(f"display link over a pty ({len(raw_ms)} frames, firmware logic in another process)")
    print(f"  round trip, frame -> ack:      median {median_raw:.2f} ms, "
          f"p95 {sorted(raw_ms)[int(0.95 * len(raw_ms))]:.2f} ms  (target < {TARGET_RTT_MS:.0f} ms)")
    print(f"  raw stop-and-wait rate:        {1000 / statistics.mean(raw_ms):.0f} messages/s")
    print(f"  SerialDisplay show -> acked:   median {statistics.median(lat_ms):.2f} ms, "
          f"p95 {sorted(lat_ms)[int(0.95 * len(lat_ms))]:.2f} ms")
    print(f"  SerialDisplay sustained:       {rate:.0f} acked messages/s  (target >= {TARGET_RATE:.0f})")
    print(f"  retries {stats.retries}, dropped frames {stats.dropped}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
