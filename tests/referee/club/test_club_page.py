"""The live page in headless Chromium (Debian's chromium): the DOM its script built from the server.

Liveness: the page's second poll is held until the test has played more moves at the table and
the server stored them; the dumped DOM must show the later position, rendered in place.
"""
from __future__ import annotations

import itertools
import re
import subprocess
import threading
from html.parser import HTMLParser

from referee.club.publisher import Publisher
from referee.club.server import ClubServer
from referee.club.simulate import SimulatedTable
from referee.club.storage import ClubStore

from .conftest import CHROMIUM, need, wait_for
from .helpers import club_config


class Dom(HTMLParser):
    """Every element as (tag, attrs dict, text inside up to the next tag)."""

    def __init__(self, html: str):
        super().__init__()
        self.elements: list = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.elements.append([tag, dict(attrs), ""])

    def handle_data(self, data):
        if self.elements:
            self.elements[-1][2] += data

    def find(self, tag=None, **attrs):
        return [e for e in self.elements if (tag is None or e[0] == tag)
                and all(e[1].get(k.replace("_", "-")) == v for k, v in attrs.items())]


def chromium(url: str, tmp_path) -> subprocess.Popen:
    profile = tmp_path / "chromium-profile"
    profile.mkdir(exist_ok=True)
    return subprocess.Popen(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={profile}", "--virtual-time-budget=4000",
         "--dump-dom", url],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def test_the_page_shows_every_table_live_with_board_and_archive(broker, tmp_path):
    need(CHROMIUM, "chromium")
    need("/usr/bin/chromium", "chromium")
    config = club_config(broker, tmp_path, tables={"t1": {"name": "Table One",
                                                          "players": ["Ann", "Ben"]}})
    store = ClubStore(config.database)
    server = ClubServer(config, store).start()
    ticks = itertools.count()
    clock = lambda: 1_790_000_000.0 + next(ticks)
    live = SimulatedTable(tmp_path / "t1.jsonl", seed=11, clock=clock)
    done = SimulatedTable(tmp_path / "t9.jsonl", seed=12, clock=clock, players=("Cy", "Di"))
    pubs = [Publisher(tmp_path / "t1.jsonl", club=config.club, table="t1", mqtt=config.mqtt),
            Publisher(tmp_path / "t9.jsonl", club=config.club, table="t9", mqtt=config.mqtt)]
    browser = None
    try:
        for p in pubs:
            p.start()
        for _ in range(12):
            live.step()
        while not done.over:
            done.step()
        for p in pubs:
            p.poll()
            assert p.flush(10)
        total = len(live.journal.records) + len(done.journal.records)
        wait_for(lambda: store.event_count() == total, 10, "both tables stored")
        wait_for(lambda: server.snapshot()["archive"], 10, "the finished match in the archive")

        calls, go = [], threading.Event()
        real = server.snapshot_json

        def held_snapshot(*args):
            calls.append(1)
            if len(calls) == 2:      # the page's second poll waits for the moves below
                go.wait(20)
            return real(*args)
        server.snapshot_json = held_snapshot
        browser = chromium(server.url + "?wait=0&every=300", tmp_path)
        wait_for(lambda: len(calls) >= 2, 30, "the page's second poll")
        for _ in range(6):
            live.step()
        pubs[0].poll()
        assert pubs[0].flush(10)
        total = len(live.journal.records) + len(done.journal.records)
        wait_for(lambda: store.event_count() == total, 10, "the new moves stored")
        go.set()
        html, _ = browser.communicate(timeout=60)
        browser = None
    finally:
        if browser is not None:
            browser.kill()
            browser.wait(5)
        for p in pubs:
            p.close(0.5)
        server.close()
        store.close()
        live.close()
        done.close()

    dom = Dom(html)
    last = live.journal.records[-1]
    section = dom.find("section", id="table-t1")
    assert section, "no section for table t1 in the page's DOM"
    assert section[0][1]["data-seq"] == str(last["seq"]), "the page did not update in place"
    status = dom.find("p", id="status")[0]
    assert int(status[1]["data-renders"]) >= 2
    names = [e[2] for e in dom.find("h2", **{"class": "name"})]
    assert names == ["Table One", "t9"]          # the unnamed table shows under its id
    players = [e[2] for e in dom.find("p", **{"class": "players"})]
    assert players[0] == "Ann (light) vs Ben (dark)" and players[1] == "Cy (light) vs Di (dark)"
    boards = dom.find("svg")
    assert [b[1]["data-position"] for b in boards][0] == last["position"]
    assert len([e for e in dom.find("circle") if "checker" in e[1]["class"]]) > 15
    score = dom.find("p", **{"class": "score"})[0]
    assert score[1]["data-score"] == "-".join(map(str, last["score"]))
    turn = dom.find("p", **{"class": "turn"})[0]
    assert turn[1]["data-turn"] == str(last["turn"])
    rows = dom.find("tr", **{"class": "match"})
    links = dom.find("a", **{"class": "mat"})
    assert len(rows) == 1 and re.fullmatch(r"match/[0-9a-f]{16}\.mat", links[0][1]["href"])
