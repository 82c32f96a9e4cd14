"""Club scorekeeping figures on a real mosquitto (loopback) and the real server.

1. Sustained events per second through the whole path (table journal -> publisher -> broker ->
   server -> SQLite, synchronous=FULL): 50 tables' journals published at once from a backlog.
   Target: >= 170 events/s (ten times a busy club: 50 tables, an event every 3 s each).
2. Two longer load runs: 50 tables at a brisk pace with the broker restarted (SIGTERM), then
   killed (SIGKILL), in the middle; every event must be stored exactly once.
3. The time from a move (the journal record fsync'd at the table) to the page's data showing it,
   read the way the page reads it (long poll of /api/club), while 49 other tables play.
   Target: median <= 1 s (the publisher polls its journal every 0.2 s).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.club.broker import MOSQUITTO, Mosquitto  # noqa: E402
from referee.club.config import ClubConfig, MqttSettings  # noqa: E402
from referee.club.loadrun import run_load  # noqa: E402
from referee.club.publisher import Publisher  # noqa: E402
from referee.club.server import ClubServer  # noqa: E402
from referee.club.simulate import SimulatedTable  # noqa: E402
from referee.club.storage import ClubStore  # noqa: E402

RATE_TARGET = 170.0
LATENCY_TARGET = 1.0


def throughput(work: pathlib.Path, broker, tables: int, steps: int) -> tuple:
    """(events, seconds) to store `tables` backlogs of `steps` steps each."""
    mqtt = MqttSettings(host="127.0.0.1", port=broker.port)
    config = ClubConfig(club="rate", database=str(work / "rate.sqlite"), mqtt=mqtt)
    paths = []
    for i in range(tables):
        path = work / f"rate{i:02d}.jsonl"
        sim = SimulatedTable(path, seed=i, clock=time.time, match_length=25)
        for _ in range(steps):
            sim.step()
        sim.close()
        paths.append(path)
    events = sum(len(p.read_bytes().splitlines()) for p in paths)
    store = ClubStore(config.database)
    server = ClubServer(config, store).start(http=False)
    server.connected.wait(10)
    pubs = [Publisher(p, club="rate", table=f"t{i:02d}", mqtt=mqtt) for i, p in enumerate(paths)]
    started = time.perf_counter()
    for pub in pubs:
        pub.start()
    deadline = time.monotonic() + 120
    while store.event_count() < events and time.monotonic() < deadline:
        for pub in pubs:
            pub.poll()
        time.sleep(0.01)
    seconds = time.perf_counter() - started
    stored = store.event_count()
    for pub in pubs:
        pub.close(0.2)
    server.close()
    store.close()
    return events, stored, seconds


def page_latency(work: pathlib.Path, broker, samples: int, others: int) -> list:
    """Seconds from a move's journal record to /api/club showing it, `samples` times."""
    mqtt = MqttSettings(host="127.0.0.1", port=broker.port)
    config = ClubConfig(club="lat", database=str(work / "lat.sqlite"), http_port=0, mqtt=mqtt)
    store = ClubStore(config.database)
    server = ClubServer(config, store).start()
    server.connected.wait(10)
    sims = [SimulatedTable(work / f"lat{i:02d}.jsonl", seed=100 + i, clock=time.time,
                           match_length=25) for i in range(others + 1)]
    pubs = [Publisher(work / f"lat{i:02d}.jsonl", club="lat", table=f"t{i:02d}", mqtt=mqtt).start()
            for i in range(others + 1)]
    stop = threading.Event()
    seen: dict = {}           # seq of t00 -> when the page's data first showed it

    def page():
        since = -1
        while not stop.is_set():
            url = f"{server.url}api/club?since={since}&wait={0 if since < 0 else 5}"
            with urllib.request.urlopen(url, timeout=10) as r:
                data = json.loads(r.read())
            now = time.perf_counter()
            since = data["version"]
            for t in data["tables"]:
                if t["id"] == "t00" and t["seq"] is not None:
                    for seq in range(1, t["seq"] + 1):
                        seen.setdefault(seq, now)

    threads = [threading.Thread(target=page, daemon=True)]
    threads += [threading.Thread(target=pub.run, args=(stop.is_set,), daemon=True) for pub in pubs]

    def others_play():
        import random
        rng = random.Random(5)
        while not stop.is_set():
            rng.choice(sims[1:]).step() if others else None
            stop.wait(3.0 / max(others, 1))   # each other table: an event every ~3 s
    threads.append(threading.Thread(target=others_play, daemon=True))
    for t in threads:
        t.start()
    delays = []
    try:
        for _ in range(samples):
            time.sleep(0.5)
            records = sims[0].step()
            written = time.perf_counter()
            seq = records[-1]["seq"]
            deadline = time.monotonic() + 10
            while seq not in seen and time.monotonic() < deadline:
                time.sleep(0.002)
            if seq in seen:
                delays.append(seen[seq] - written)
    finally:
        stop.set()
        for t in threads:
            t.join(6)
        for pub in pubs:
            pub.close(0.2)
        for sim in sims:
            sim.close()
        server.close()
        store.close()
    return delays


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load run")
    parser.add_argument("--samples", type=int, default=30, help="moves timed to the page")
    args = parser.parse_args()
    if not pathlib.Path(MOSQUITTO).exists():
        print(f"bench/club.py: {MOSQUITTO} missing (apt-get install -y mosquitto)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        with Mosquitto(work / "broker") as broker:
            events, stored, seconds = throughput(work, broker, args.tables, 60)
            rate = stored / seconds
            print(f"sustained: {stored}/{events} events from {args.tables} tables stored in "
                  f"{seconds:.1f} s = {rate:.0f} events/s (target >= {RATE_TARGET:.0f})")
            once = True
            for crash in (False, True):
                result = run_load(work / f"load{crash}", broker, tables=args.tables,
                                  seconds=args.seconds, step_every=0.5,
                                  restart_at=(args.seconds / 2,), down=2.0, crash=crash,
                                  resync_after=5.0, drain_timeout=60,
                                  club=f"load{int(crash)}")   # one broker, two clubs
                once = once and result.exactly_once
                print(f"load run: {result.tables} tables, {args.seconds:.0f} s, broker "
                      f"{'killed (SIGKILL)' if crash else 'restarted'} {result.restarts}x: "
                      f"{result.events} events written, {result.stored} stored, "
                      f"{len(result.missing)} missing, {len(result.unexpected)} unexpected, "
                      f"{result.received - result.stored} repeats ignored, {result.resends} "
                      f"sent again; {result.events_per_second:.0f} events/s; exactly once: "
                      f"{'yes' if result.exactly_once else 'NO'}")
            delays = page_latency(work, broker, args.samples, args.tables - 1)
            if delays:
                delays.sort()
                median = statistics.median(delays)
                p90 = delays[int(0.9 * (len(delays) - 1))]
                print(f"move -> page data: median {median * 1000:.0f} ms, 90% {p90 * 1000:.0f} ms, "
                      f"max {delays[-1] * 1000:.0f} ms over {len(delays)}/{args.samples} moves "
                      f"(target median <= {LATENCY_TARGET * 1000:.0f} ms)")
            else:
                print("move -> page data: no move reached the page")
    ok = rate >= RATE_TARGET and once and delays and median <= LATENCY_TARGET
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
