"""Table -> publisher -> real mosquitto -> server -> SQLite and the page's data, end to end."""
from __future__ import annotations

import itertools
import time
import json
import urllib.error
import urllib.request

import pytest

from referee.club.publisher import Publisher
from referee.club.server import ClubServer
from referee.club.simulate import SimulatedTable
from referee.club.storage import ClubStore
from referee.export import export_journal

from .conftest import wait_for
from .helpers import club_config


def clock_from(start=1_790_000_000.0):
    ticks = itertools.count()
    return lambda: start + next(ticks) * 0.5


@pytest.fixture
def server(broker, tmp_path):
    config = club_config(broker, tmp_path, tables={"t1": {"name": "Table One",
                                                          "players": ["Ann", "Ben"]}})
    store = ClubStore(config.database)
    srv = ClubServer(config, store).start()
    wait_for(srv.connected.is_set, 10, "the server to connect")
    yield srv
    srv.close()
    store.close()


def get(url: str):
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.headers, r.read()


def test_a_whole_match_arrives_once_and_exports_as_the_journal_does(broker, server, tmp_path):
    config = server.config
    journal = tmp_path / "t1.jsonl"
    sim = SimulatedTable(journal, seed=3, clock=clock_from(), players=("Player 0", "Player 1"))
    pub = Publisher(journal, club=config.club, table="t1", mqtt=config.mqtt).start()
    try:
        for _ in range(30):
            sim.step()
        pub.poll()
        assert pub.flush(10), "the broker did not acknowledge every record"
        wait_for(lambda: server.store.event_count() == len(sim.journal.records), 10,
                 "the server to store the first 30 steps")
        view = [t for t in server.snapshot()["tables"] if t["id"] == "t1"][0]
        last = sim.journal.records[-1]
        assert view["position"] == last["position"] and view["seq"] == last["seq"]
        assert view["players"] == ["Ann", "Ben"]     # default names: the config's players
        assert view["name"] == "Table One" and "<svg" in view["svg"]
        while not sim.over:
            sim.step()
        assert pub.flush(10)
    finally:
        pub.close()
    total = len(sim.journal.records)
    wait_for(lambda: server.store.event_count() == total, 10, "every event stored")
    assert server.repeats == 0 and server.received == total
    ids = server.store.event_ids()
    assert len(ids) == len(set(ids)) == total
    assert json.loads((tmp_path / "t1.jsonl.cursor").read_text())["acked"] == total
    archive = server.snapshot()["archive"]
    assert [m["table"] for m in archive] == ["t1"]
    assert archive[0]["score"] == list(sim.state.score)
    status, headers, body = get(server.url + f"match/{archive[0]['id']}.mat")
    export_journal(journal, tmp_path / "direct.mat")
    assert status == 200 and "attachment" in headers["Content-Disposition"]
    assert body.decode() == (tmp_path / "direct.mat").read_text()
    sim.close()


def test_a_restarted_publisher_resumes_after_the_cursor_and_sends_nothing_twice(broker, server,
                                                                               tmp_path):
    config = server.config
    journal = tmp_path / "t2.jsonl"
    sim = SimulatedTable(journal, seed=5, clock=clock_from())
    for _ in range(20):
        sim.step()
    pub = Publisher(journal, club=config.club, table="t2", mqtt=config.mqtt).start()
    pub.poll()
    assert pub.flush(10)
    pub.close()
    first = len(sim.journal.records)
    for _ in range(20):       # the table goes on while its publisher is down
        sim.step()
    assert json.loads((tmp_path / "t2.jsonl.cursor").read_text())["acked"] == first
    pub = Publisher(journal, club=config.club, table="t2", mqtt=config.mqtt).start()
    pub.poll()
    assert pub.flush(10)
    pub.close()
    total = len(sim.journal.records)
    wait_for(lambda: server.store.event_count() == total, 10, "every event stored")
    assert server.received == total, "the restarted publisher sent events again"
    sim.close()


def test_a_table_missing_from_the_config_shows_up_under_its_id(broker, server, tmp_path):
    journal = tmp_path / "x.jsonl"
    sim = SimulatedTable(journal, seed=9, clock=clock_from(), players=("Cy", "Di"))
    sim.step(), sim.step()
    pub = Publisher(journal, club=server.config.club, table="corner-7",
                    mqtt=server.config.mqtt).start()
    pub.poll()
    assert pub.flush(10)
    pub.close()
    wait_for(lambda: any(t["id"] == "corner-7" and t["position"]
                         for t in server.snapshot()["tables"]), 10, "the unnamed table")
    tables = {t["id"]: t for t in server.snapshot()["tables"]}
    assert tables["corner-7"]["name"] == "corner-7"
    assert tables["corner-7"]["players"] == ["Cy", "Di"]
    assert tables["t1"]["position"] is None           # named in the config, never seen
    sim.close()


def test_the_page_is_read_only_and_the_api_long_polls(broker, server):
    for method in ("POST", "PUT", "DELETE"):
        request = urllib.request.Request(server.url + "api/club", data=b"x", method=method)
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(request, timeout=5)
        assert info.value.code == 405
    status, headers, body = get(server.url)
    assert status == 200 and b"<script>" in body and b"<form" not in body
    data = json.loads(get(server.url + "api/club?since=-1&wait=0")[2])
    assert data["club"] == "testclub" and data["tables"][0]["id"] == "t1"
    with pytest.raises(urllib.error.HTTPError) as info:
        urllib.request.urlopen(server.url + "match/nope.mat", timeout=5)
    assert info.value.code == 404


def test_events_the_broker_took_but_never_delivered_are_sent_again(broker, tmp_path):
    """No server session yet: the broker acknowledges and drops every event. When the server
    comes, its stored mark stays behind the cursor, so the table sends that part again."""
    config = club_config(broker, tmp_path)
    journal = tmp_path / "early.jsonl"
    sim = SimulatedTable(journal, seed=21, clock=clock_from())
    for _ in range(15):
        sim.step()
    pub = Publisher(journal, club=config.club, table="early", mqtt=config.mqtt,
                    resync_after=0.5).start()
    store = ClubStore(config.database)
    server = None
    try:
        pub.poll()
        assert pub.flush(10) and pub.acked == len(sim.journal.records)
        assert pub.resends == 0                 # no server has answered yet
        server = ClubServer(config, store).start(http=False)
        wait_for(server.connected.is_set, 10, "the server to connect")
        for _ in range(5):                      # the table goes on
            sim.step()
        total = len(sim.journal.records)
        wait_for(lambda: (pub.poll() or True) and store.event_count() == total, 15,
                 "the dropped events sent again")
        wait_for(lambda: pub.confirmed == total, 5, "the stored mark to reach the table")
        resends = pub.resends
        assert resends >= 15
        for _ in range(20):                     # caught up: nothing more is sent again
            pub.poll()
            time.sleep(0.05)
        assert pub.resends == resends
        assert server.received - server.repeats == total
    finally:
        pub.close(0.2)
        if server is not None:
            server.close()
        store.close()
        sim.close()


def test_the_page_data_comes_gzipped_when_asked(broker, server):
    import gzip
    request = urllib.request.Request(server.url + "api/club", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as r:
        assert r.headers["Content-Encoding"] == "gzip"
        assert json.loads(gzip.decompress(r.read()))["club"] == "testclub"
