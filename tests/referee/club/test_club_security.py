"""Broker users per table: a table with its password publishes, a wrong password is refused (its
events wait in the journal), and the ACL keeps a table from writing as another."""
from __future__ import annotations

import dataclasses
import itertools
import time

from referee.club.publisher import Publisher
from referee.club.server import ClubServer
from referee.club.simulate import SimulatedTable
from referee.club.storage import ClubStore

from .conftest import wait_for
from .helpers import club_config


def test_table_credentials_and_acl(make_broker, tmp_path):
    broker = make_broker(users={"club": "club-secret", "t1": "pw-one", "t2": "pw-two"},
                         server_user="club")
    config = club_config(broker, tmp_path, mqtt={"username": "club", "password": "club-secret"})
    store = ClubStore(config.database)
    server = ClubServer(config, store).start(http=False)
    ticks = itertools.count()
    clock = lambda: 1_790_000_000.0 + next(ticks)
    sims = {name: SimulatedTable(tmp_path / f"{name}.jsonl", seed=i, clock=clock)
            for i, name in enumerate(("t1", "t2", "t3"))}
    for sim in sims.values():
        for _ in range(5):
            sim.step()

    def mqtt(user, password):
        return dataclasses.replace(config.mqtt, username=user, password=password)
    good = Publisher(tmp_path / "t1.jsonl", club=config.club, table="t1", mqtt=mqtt("t1", "pw-one"))
    wrong = Publisher(tmp_path / "t2.jsonl", club=config.club, table="t2", mqtt=mqtt("t2", "nope"))
    # t3 borrows t1's user: the ACL refuses what it writes under t3
    borrowed = Publisher(tmp_path / "t3.jsonl", club=config.club, table="t3",
                         mqtt=mqtt("t1", "pw-one"))
    pubs = (good, wrong, borrowed)
    try:
        wait_for(server.connected.is_set, 10, "the server to connect")
        for p in pubs:
            p.start()
            p.poll()
        assert good.flush(10)
        wait_for(lambda: store.event_count() == len(sims["t1"].journal.records), 10, "t1 stored")
        time.sleep(0.5)
        assert not wrong.flush(0.5) and wrong.connects == 0
        assert not borrowed.flush(0.1)   # refused: never acknowledged, kept in the journal
        assert wrong.pending == len(sims["t2"].journal.records)   # waiting in the journal
        tables = {r["table"] for r in store.tables()}
        assert tables == {"t1"}, f"stored events of {tables}"
    finally:
        for p in pubs:
            p.close(0.2)
        server.close()
        store.close()
        for sim in sims.values():
            sim.close()
