"""A table's publisher: tails the referee's journal and publishes every record to the club broker.

Each record goes out once, QoS 1, on bgref/<club>/<table>/events with the id
`<table>:<match>:<seq>` (match = a hash of the journal's first line, so a new match in a new
journal gets new ids). The journal itself is the queue on disk: the cursor file holds the last
seq the broker acknowledged (in order), so after a restart of either end publishing resumes
right after it; paho re-sends unacknowledged messages after a reconnect, and the server ignores
repeats. The table's current state is also kept retained on .../state, and .../status says
online/offline (the broker's last will).

End to end: the server sends back, retained on .../stored, the seq up to which it has stored
every event. If that mark stays behind what the broker acknowledged for `resync_after` seconds
(the broker crashed before delivering, the server's database is new), the publisher sends that
part of the journal again (backing off up to 15 minutes while no server answers).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import pathlib
import threading
import time
from typing import Callable, Optional

from .config import MqttSettings, check_id
from .mqtt import make_client, topic

log = logging.getLogger(__name__)

STATE_KEYS = ("type", "time", "position", "turn", "cube", "score", "text", "verdict", "play")


class PublisherError(ValueError):
    """The journal or the cursor file cannot be used; the message names the file."""


def match_id(first_line: bytes) -> str:
    """The id of the match a journal holds: a hash of its first line (the 'match' record)."""
    return hashlib.sha1(first_line.rstrip(b"\n")).hexdigest()[:16]


def table_state(match: str, first: dict, record: dict, *, table: str) -> dict:
    """The retained state message: the match's players and settings, and the latest record's
    position, turn, cube, score and the table's phase/dice/text."""
    state = {"table": table, "match": match, "seq": record.get("seq"),
             "players": first.get("players"), "settings": first.get("settings")}
    for key in STATE_KEYS:
        if key in record:
            state[key] = record[key]
    snapshot = record.get("table") or {}
    for key in ("phase", "dice", "text"):
        if snapshot.get(key) is not None:
            state[key] = snapshot[key]
    return state


class Publisher:
    """Publishes one table's journal; poll() sends what is new, close() waits for the acks.

    client_factory(settings, client_id) builds the paho client (tests may wrap it).
    """

    def __init__(self, journal_path, *, club: str, table: str, mqtt: MqttSettings,
                 cursor_path=None, window: int = 1000, resync_after: float = 30.0,
                 client_factory: Callable = None):
        self.journal_path = pathlib.Path(journal_path)
        self.club = check_id(club, "club")
        self.table = check_id(table, "table")
        self.mqtt = mqtt
        self.cursor_path = pathlib.Path(cursor_path) if cursor_path else \
            self.journal_path.with_name(self.journal_path.name + ".cursor")
        self.window = window
        self.match: Optional[str] = None
        self.first: dict = {}
        self.acked = 0               # every seq <= acked was acknowledged by the broker
        self.sent = 0                # every seq <= sent has been handed to paho
        self._cursor_match, self._cursor_seq = self._read_cursor()
        self._offset = 0             # bytes of the journal read so far
        self._inode = None
        self._backlog: list = []     # records read, not yet handed to paho (window full)
        self._lock = threading.Lock()
        self._inflight: dict = {}    # mid -> seq (None for state messages)
        self._early: set = set()     # mids acknowledged before publish() returned
        self._done: set = set()      # acked seqs above self.acked (out of order acks)
        self.records: dict = {}      # seq -> record of the current match (for resending)
        self.confirmed = 0           # the server's stored mark for the current match
        self.resends = 0             # records sent again because the mark stayed behind
        self.resync_after = resync_after
        self._resync_wait = resync_after
        self._mark_moved = time.monotonic()
        self.connected = threading.Event()
        self.connects = 0
        factory = client_factory or make_client
        self.client = factory(mqtt, f"bgref-{club}-{table}")
        self.client.max_queued_messages_set(0)
        self.client.max_inflight_messages_set(50)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_publish = self._on_publish
        self.client.on_message = self._on_message
        self.client.will_set(topic(mqtt, club, table, "status"), "offline", qos=1, retain=True)

    # ---- cursor ------------------------------------------------------------------------------

    def _read_cursor(self) -> tuple:
        try:
            data = json.loads(self.cursor_path.read_text(encoding="utf-8"))
            return str(data["match"]), int(data["acked"])
        except FileNotFoundError:
            return None, 0
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("%s: unreadable cursor (%s); publishing the whole journal again "
                        "(the server ignores repeats)", self.cursor_path, exc)
            return None, 0

    def _write_cursor(self) -> None:
        tmp = self.cursor_path.with_name(self.cursor_path.name + ".tmp")
        tmp.write_text(json.dumps({"match": self.match, "acked": self.acked}), encoding="utf-8")
        os.replace(tmp, self.cursor_path)

    # ---- paho callbacks (network thread) -----------------------------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            log.warning("%s: broker refused the connection: %s", self.table, reason_code)
            return
        self.connects += 1
        client.subscribe(topic(self.mqtt, self.club, self.table, "stored"), qos=1)
        self._track(client.publish(topic(self.mqtt, self.club, self.table, "status"), "online",
                                   qos=1, retain=True), None)
        self.connected.set()
        log.info("%s: connected to %s:%d", self.table, self.mqtt.host, self.mqtt.port)

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:
        self.connected.clear()
        log.info("%s: disconnected (%s); events wait in the journal", self.table, reason_code)

    def _on_message(self, client, userdata, message) -> None:
        try:
            mark = json.loads(message.payload)
            match, upto = str(mark["match"]), int(mark["upto"])
        except (ValueError, KeyError, TypeError):
            log.warning("%s: bad stored mark %r ignored", self.table, message.payload[:60])
            return
        with self._lock:
            if match == self.match and upto > self.confirmed:
                self.confirmed = upto
                self._mark_moved = time.monotonic()
                self._resync_wait = self.resync_after

    def _track(self, info, seq: Optional[int]) -> None:
        """Note which seq a publish carries (None: a message whose ack needs no bookkeeping)."""
        with self._lock:
            if info.mid in self._early:
                self._early.discard(info.mid)
                self._acked_locked(seq)
            else:
                self._inflight[info.mid] = seq

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        with self._lock:
            if mid not in self._inflight:
                self._early.add(mid)
                return
            self._acked_locked(self._inflight.pop(mid))

    def _acked_locked(self, seq: Optional[int]) -> None:
        if seq is None:
            return
        self._done.add(seq)
        advanced = False
        while self.acked + 1 in self._done:
            self.acked += 1
            self._done.discard(self.acked)
            advanced = True
        if advanced:
            try:
                self._write_cursor()
            except OSError as exc:
                log.warning("%s: cannot write the cursor: %s", self.cursor_path, exc)

    # ---- running -----------------------------------------------------------------------------

    def start(self) -> "Publisher":
        """Connect in the background (paho's thread keeps reconnecting while the broker is away)."""
        self.client.connect_async(self.mqtt.host, self.mqtt.port, keepalive=self.mqtt.keepalive)
        self.client.loop_start()
        return self

    def _read_new(self) -> list:
        """The complete journal records written since the last call."""
        try:
            stat = self.journal_path.stat()
        except FileNotFoundError:
            return []
        size = stat.st_size
        if size < self._offset or stat.st_ino != self._inode:  # cut back, or a new file
            if self._offset:
                log.info("%s: journal shrank or was replaced; reading it again", self.journal_path)
            self._offset = 0
            self._inode = stat.st_ino
        if size == self._offset:
            return []
        with open(self.journal_path, "rb") as f:
            f.seek(self._offset)
            data = f.read(size - self._offset)
        end = data.rfind(b"\n")
        if end < 0:
            return []
        lines = data[:end + 1].split(b"\n")[:-1]
        records = []
        for raw in lines:
            if self._offset == 0 and not records and raw.strip():
                new_match = match_id(raw)
                if new_match != self.match:
                    self._new_match(new_match, raw)
            self._offset += len(raw) + 1
            if not raw.strip():
                continue
            try:
                record = json.loads(raw)
            except json.JSONDecodeError:
                log.warning("%s: skipping a line that is not JSON at byte %d", self.journal_path,
                            self._offset - len(raw) - 1)
                continue
            if isinstance(record, dict) and isinstance(record.get("seq"), int):
                records.append(record)
        return records

    def _new_match(self, new_match: str, first_line: bytes) -> None:
        with self._lock:
            self.match = new_match
            self.first = json.loads(first_line)
            self._done.clear()
            self._backlog.clear()
            self.records.clear()
            self.confirmed = 0
            self._mark_moved = time.monotonic()
            if self._cursor_match == new_match:
                self.acked = self.sent = self._cursor_seq
            else:
                self.acked = self.sent = 0
        log.info("%s: match %s, publishing after seq %d", self.table, new_match, self.acked)

    def poll(self) -> int:
        """Hand the journal's new records to paho (up to the window); returns how many."""
        for record in self._read_new():
            self.records[record["seq"]] = record
            last_queued = self._backlog[-1]["seq"] if self._backlog else self.sent
            if record["seq"] > last_queued:
                self._backlog.append(record)
        count = 0
        last = None
        while self._backlog and self.sent - self.acked < self.window:
            record = self._backlog.pop(0)
            if record["seq"] <= self.sent:
                continue
            self._track(self._publish_event(record), record["seq"])
            self.sent = record["seq"]
            last = record
            count += 1
        if last is not None:
            state = table_state(self.match, self.first, last, table=self.table)
            self._track(self.client.publish(topic(self.mqtt, self.club, self.table, "state"),
                                            json.dumps(state, separators=(",", ":")), qos=1,
                                            retain=True), None)
        self._resync()
        return count

    def _publish_event(self, record: dict):
        payload = json.dumps({"id": f"{self.table}:{self.match}:{record['seq']}",
                              "club": self.club, "table": self.table, "match": self.match,
                              "seq": record["seq"], "record": record}, separators=(",", ":"))
        return self.client.publish(topic(self.mqtt, self.club, self.table, "events"), payload,
                                   qos=1)

    def _resync(self) -> None:
        """Send again what the broker acknowledged but the server's mark does not cover, once the
        mark has not moved for a while (doubling the wait each time, up to 15 minutes)."""
        with self._lock:
            behind = self.connected.is_set() and self.confirmed < self.acked
            stalled = time.monotonic() - self._mark_moved >= self._resync_wait
            if not (behind and stalled):
                return
            first, last = self.confirmed + 1, self.acked
            self._mark_moved = time.monotonic()
            self._resync_wait = min(self._resync_wait * 2, 900.0)
        log.info("%s: the server has stored up to seq %d, the broker took up to %d: sending "
                 "%d-%d again", self.table, first - 1, last, first, last)
        for seq in range(first, last + 1):
            if seq in self.records:
                self._track(self._publish_event(self.records[seq]), None)
                self.resends += 1

    @property
    def pending(self) -> int:
        """Records read or handed to paho but not yet acknowledged by the broker."""
        return self.sent - self.acked + len(self._backlog)

    def run(self, stop: Callable[[], bool], *, interval: float = 0.2,
            sleep: Callable[[float], None] = time.sleep) -> None:
        """Poll the journal every `interval` seconds until stop() says so."""
        while not stop():
            self.poll()
            sleep(interval)

    def flush(self, timeout: float) -> bool:
        """Poll until every record in the journal is acknowledged or `timeout` seconds pass."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.poll()
            if self.pending == 0:
                return True
            time.sleep(0.02)
        return self.pending == 0

    def close(self, timeout: float = 2.0) -> None:
        """Wait up to `timeout` s for outstanding acks, then disconnect (status goes offline)."""
        self.flush(timeout)
        try:
            self._track(self.client.publish(topic(self.mqtt, self.club, self.table, "status"),
                                            "offline", qos=1, retain=True), None)
            self.client.disconnect()
        finally:
            self.client.loop_stop()
