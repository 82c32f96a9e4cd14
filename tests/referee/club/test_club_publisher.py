"""The publisher's bookkeeping against a stand-in paho client: acks before publish() returns,
out-of-order acks, the window, the cursor, a new match in a new journal file."""
from __future__ import annotations

import itertools
import json

from referee.club.config import MqttSettings
from referee.club.publisher import Publisher
from referee.club.simulate import SimulatedTable


class Info:
    def __init__(self, mid):
        self.mid = mid


class FakeClient:
    """Records publishes; acks at once (inside publish, like a fast broker) or on demand."""

    def __init__(self, settings, client_id, **kwargs):
        self.mids = itertools.count(1)
        self.published = []       # (mid, topic, payload)
        self.ack_inside = True
        self.on_publish = self.on_connect = self.on_disconnect = self.on_message = None

    def publish(self, topic, payload, qos=0, retain=False):
        mid = next(self.mids)
        self.published.append((mid, topic, payload))
        if self.ack_inside:
            self.on_publish(self, None, mid, None, None)
        return Info(mid)

    def ack(self, mid):
        self.on_publish(self, None, mid, None, None)

    def events(self):
        return [(mid, json.loads(p)) for mid, t, p in self.published if t.endswith("/events")]

    def __getattr__(self, name):       # will_set, loop_start, connect_async, ...
        return lambda *a, **k: None


def make(path, **kwargs):
    return Publisher(path, club="c", table="t", mqtt=MqttSettings(), client_factory=FakeClient,
                     **kwargs)


def test_acks_inside_publish_out_of_order_and_the_cursor(tmp_path):
    ticks = itertools.count()
    sim = SimulatedTable(tmp_path / "j.jsonl", seed=1, clock=lambda: 1e9 + next(ticks))
    for _ in range(10):
        sim.step()
    pub = make(tmp_path / "j.jsonl")
    pub.poll()
    n = len(sim.journal.records)
    assert pub.acked == pub.sent == n and pub.pending == 0
    assert [e["seq"] for _, e in pub.client.events()] == list(range(1, n + 1))
    cursor = json.loads((tmp_path / "j.jsonl.cursor").read_text())
    assert cursor == {"match": pub.match, "acked": n}
    pub.client.ack_inside = False
    for _ in range(3):
        sim.step()
    pub.poll()
    fresh = [mid for mid, e in pub.client.events() if e["seq"] > n]
    pub.client.ack(fresh[-1])                 # the last acked first: the cursor must wait
    assert pub.acked == n
    for mid in fresh[:-1]:
        pub.client.ack(mid)
    assert pub.acked == len(sim.journal.records)
    sim.close()


def test_the_window_limits_what_waits_in_paho(tmp_path):
    ticks = itertools.count()
    sim = SimulatedTable(tmp_path / "j.jsonl", seed=2, clock=lambda: 1e9 + next(ticks))
    for _ in range(30):
        sim.step()
    pub = make(tmp_path / "j.jsonl", window=5)
    pub.client.ack_inside = False
    pub.poll()
    assert len(pub.client.events()) == 5 and pub.pending == len(sim.journal.records)
    for mid, _ in pub.client.events():
        pub.client.ack(mid)
    pub.poll()
    assert len(pub.client.events()) == 10 and pub.acked == 5
    sim.close()


def test_a_new_match_in_a_new_journal_starts_new_ids(tmp_path):
    ticks = itertools.count()
    path = tmp_path / "j.jsonl"
    first = SimulatedTable(path, seed=3, clock=lambda: 1e9 + next(ticks))
    for _ in range(5):
        first.step()
    first.close()
    pub = make(path)
    pub.poll()
    old_match = pub.match
    path.rename(tmp_path / "old.jsonl")
    second = SimulatedTable(path, seed=4, clock=lambda: 2e9 + next(ticks))
    for _ in range(40):                      # longer than the first: only the inode tells
        second.step()
    pub.poll()
    assert pub.match != old_match
    ids = [e["id"] for _, e in pub.client.events()]
    assert len(ids) == len(set(ids)) == len(first.journal.records) + len(second.journal.records)
    assert pub.acked == len(second.journal.records)
    second.close()
    # a restarted publisher reads the cursor: nothing of the new match is sent twice
    again = make(path)
    again.poll()
    assert again.client.events() == []
