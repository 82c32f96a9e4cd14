"""The append-only match journal: one JSON object a line, flushed and fsync'd per event.

A power cut can only tear the last line (every earlier line was fsync'd before the next was
written), so reading drops a torn last line with a warning and keeps every earlier event.
"""
from __future__ import annotations

import json
import logging
import os
import pathlib
from typing import Any, Callable, Iterator

log = logging.getLogger(__name__)

FORMAT_VERSION = 1


class JournalError(ValueError):
    """The journal cannot be read: a line other than the last is not a journal record."""


def _fsync_directory(path: pathlib.Path) -> None:
    """Make a newly created file's directory entry durable too (a no-op where unsupported)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_journal(path: str | os.PathLike) -> tuple[list[dict], int]:
    """All intact records of a journal and the byte length they occupy.

    A last line that is torn (no newline, or not valid JSON) is dropped with a warning; a bad line
    before the last raises JournalError naming the line, since a power cut cannot cause it.
    """
    path = pathlib.Path(path)
    data = path.read_bytes()
    records: list[dict] = []
    good_length = 0
    lines = data.split(b"\n")  # the piece after the last newline is b"" unless a line is torn
    for number, raw in enumerate(lines, start=1):
        complete = number < len(lines)
        is_last = all(not rest.strip() for rest in lines[number:])
        if not raw.strip():
            if complete:
                good_length += len(raw) + 1
            continue
        record = None
        if complete:
            try:
                record = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                record = None
        if not isinstance(record, dict):
            if is_last:
                log.warning("%s: last line %d is torn (%d bytes, %s); dropped", path, number,
                            len(raw), "not JSON" if complete else "no newline")
                break
            raise JournalError(f"{path}: line {number} is not a journal record: {raw[:60]!r}")
        records.append(record)
        good_length += len(raw) + 1
    return records, good_length


class Journal:
    """An open journal: `append(type, **fields)` writes one record and fsyncs before returning.

    Opening an existing journal reads it (dropping a torn last line) and cuts the file back to
    its last intact record, so the next record starts on a line of its own.
    """

    def __init__(self, path: str | os.PathLike, *, clock: Callable[[], float]):
        self.path = pathlib.Path(path)
        self._clock = clock
        existed = self.path.exists()
        self.records: list[dict] = []
        if existed:
            self.records, good_length = read_journal(self.path)
            if good_length != self.path.stat().st_size:
                with open(self.path, "r+b") as f:
                    f.truncate(good_length)
                    f.flush()
                    os.fsync(f.fileno())
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "ab")
        if not existed:
            os.fsync(self._file.fileno())
            _fsync_directory(self.path.parent)
        self._seq = self.records[-1].get("seq", len(self.records)) + 1 if self.records else 1

    def append(self, type: str, **fields: Any) -> dict:
        """Write one event durably (flush + fsync) and return the record written."""
        record = {"seq": self._seq, "time": round(float(self._clock()), 6), "type": type}
        record.update(fields)
        line = json.dumps(record, separators=(",", ":"), sort_keys=False) + "\n"
        self._file.write(line.encode("utf-8"))
        self._file.flush()
        os.fsync(self._file.fileno())
        self._seq += 1
        self.records.append(record)
        return record

    def __iter__(self) -> Iterator[dict]:
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class MemoryJournal:
    """A journal kept in memory only (scripted scenes, benches): same append() as Journal."""

    def __init__(self, *, clock: Callable[[], float] = lambda: 0.0):
        self.path = pathlib.Path("<memory>")
        self._clock = clock
        self.records: list[dict] = []

    def append(self, type: str, **fields: Any) -> dict:
        record = {"seq": len(self.records) + 1, "time": self._clock(), "type": type, **fields}
        self.records.append(record)
        return record

    def close(self) -> None:
        pass
