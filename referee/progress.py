"""Progress for long work: a bar on a terminal, an occasional line otherwise (CLI only)."""
from __future__ import annotations

import sys
import time
from typing import Optional, TextIO


class Progress:
    """`update(done)` as work goes; `close()` ends the line. Quiet when total is tiny."""

    def __init__(self, label: str, total: Optional[int] = None, *, stream: TextIO = None,
                 every: float = 0.2):
        self.label, self.total = label, total
        self.stream = stream if stream is not None else sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.every = every if self.tty else 5.0
        self._last = 0.0
        self.done = 0

    def update(self, done: int) -> None:
        self.done = done
        now = time.monotonic()
        if now - self._last < self.every:
            return
        self._last = now
        self._write()

    def _write(self, end: str = "") -> None:
        if self.total:
            frac = min(1.0, self.done / self.total)
            bar = "#" * int(frac * 30)
            text = f"{self.label} [{bar:<30}] {self.done}/{self.total}"
        else:
            text = f"{self.label}: {self.done}"
        if self.tty:
            self.stream.write("\r" + text + end)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        self._write("\n" if self.tty else "")
