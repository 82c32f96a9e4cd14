"""A load run: many simulated tables publishing through one broker to one server, with broker
restarts on the way; then every journal record must be stored exactly once. Used by the load
test and bench/club.py.
"""
from __future__ import annotations

import dataclasses
import pathlib
import random
import threading
import time

from .config import ClubConfig, MqttSettings
from .publisher import Publisher
from .server import ClubServer
from .simulate import SimulatedTable
from .storage import ClubStore


@dataclasses.dataclass(frozen=True)
class LoadResult:
    """What a load run produced and what arrived."""
    tables: int
    events: int              # journal records written at the tables
    stored: int              # events in the database
    received: int            # event messages the server got (repeats included)
    missing: tuple           # ids written but not stored
    unexpected: tuple        # ids stored but never written
    publish_seconds: float   # how long the tables played
    total_seconds: float     # until the last event was stored
    restarts: int
    least_connects: int      # the fewest (re)connections any table's publisher made
    resends: int = 0         # events sent again because the server's stored mark lagged

    @property
    def exactly_once(self) -> bool:
        return not self.missing and not self.unexpected and self.stored == self.events

    @property
    def events_per_second(self) -> float:
        return self.events / self.total_seconds if self.total_seconds else 0.0


def run_load(workdir, broker, *, tables: int = 50, seconds: float = 15.0,
             step_every: float = 0.3, restart_at: tuple = (5.0,), down: float = 1.0,
             seed: int = 1, drain_timeout: float = 60.0, poll_every: float = 0.1,
             match_length: int = 7, crash: bool = False,
             resync_after: float = 30.0, club: str = "load") -> LoadResult:
    """Play `tables` simulated tables for `seconds` (each a step every ~step_every s, random
    exponential gaps), restarting `broker` (a broker.Mosquitto) at each time in restart_at
    (crash: SIGKILL instead of a clean stop, losing what the broker held in memory)."""
    workdir = pathlib.Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    mqtt = MqttSettings(host="127.0.0.1", port=broker.port)
    config = ClubConfig(club=club, database=str(workdir / "club.sqlite"), http_port=0,
                        mqtt=mqtt)
    store = ClubStore(config.database)
    server = ClubServer(config, store).start(http=False)
    rng = random.Random(seed)
    start_clock = time.time
    sims, pubs = [], []
    for i in range(tables):
        path = workdir / f"table{i:02d}.jsonl"
        sims.append(SimulatedTable(path, seed=seed * 1000 + i, clock=start_clock,
                                   match_length=match_length))
        pubs.append(Publisher(path, club=config.club, table=f"table{i:02d}", mqtt=mqtt,
                              resync_after=resync_after).start())
    stop = threading.Event()

    def poller():
        while not stop.is_set():
            for pub in pubs:
                pub.poll()
            stop.wait(poll_every)

    poll_thread = threading.Thread(target=poller, name="load-poller", daemon=True)
    poll_thread.start()
    restarts = 0
    started = time.monotonic()
    try:
        due = [started + rng.expovariate(1 / step_every) for _ in sims]
        pending_restarts = sorted(restart_at)
        while True:
            now = time.monotonic()
            if now - started >= seconds:
                break
            if pending_restarts and now - started >= pending_restarts[0]:
                pending_restarts.pop(0)
                broker.restart(down, crash=crash)
                restarts += 1
                continue
            i = min(range(len(sims)), key=due.__getitem__)
            if due[i] > now:
                time.sleep(min(due[i] - now, 0.05))
                continue
            sims[i].step()
            due[i] = now + rng.expovariate(1 / step_every)
        publish_seconds = time.monotonic() - started
        stop.set()
        poll_thread.join(5)
        expected = set()
        for sim, pub in zip(sims, pubs):
            pub.flush(0)
            for record in sim.journal.records:
                expected.add(f"{pub.table}:{pub.match}:{record['seq']}")
        deadline = time.monotonic() + drain_timeout
        while time.monotonic() < deadline:
            for pub in pubs:
                pub.poll()
            if store.event_count() >= len(expected):
                break
            time.sleep(0.05)
        total_seconds = time.monotonic() - started
        time.sleep(0.3)  # let any late repeat arrive before counting
        stored = set(store.event_ids())
        return LoadResult(tables, len(expected), store.event_count(), server.received,
                          tuple(sorted(expected - stored)), tuple(sorted(stored - expected)),
                          publish_seconds, total_seconds, restarts,
                          min(pub.connects for pub in pubs), sum(pub.resends for pub in pubs))
    finally:
        stop.set()
        for pub in pubs:
            pub.close(0.2)
        for sim in sims:
            sim.close()
        server.close()
        store.close()
