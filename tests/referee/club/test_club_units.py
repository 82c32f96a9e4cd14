"""Config loader, SVG board and SQLite store without a broker."""
from __future__ import annotations

import itertools

import engine
import pytest

from referee.club import ClubConfigError, load_club_config
from referee.club.board import board_svg
from referee.club.publisher import match_id, table_state
from referee.club.simulate import SimulatedTable
from referee.club.storage import ClubStore, StoreError
from referee.export import export_journal


def test_config_defaults_tables_and_paths(tmp_path):
    c = load_club_config({}, tmp_path)
    assert (c.club, c.table, c.http_host, c.http_port, c.mqtt.port) == ("club", "", "127.0.0.1",
                                                                        8080, 1883)
    c = load_club_config({"club": {"name": "hcc", "table": "t4", "database": "x.sqlite",
                                   "http": "0.0.0.0:9000",
                                   "tables": {"t4": {"name": "Four", "players": ["A", "B"]}}},
                          "mqtt": {"host": "pi", "username": "t4", "password": "s",
                                   "tls": True, "ca_file": "ca.pem"}}, tmp_path)
    assert c.database == str(tmp_path / "x.sqlite") and c.mqtt.ca_file == str(tmp_path / "ca.pem")
    assert c.table_info("t4").players == ("A", "B") and c.table_info("t9").name == ""
    assert (c.http_host, c.http_port, c.mqtt.tls) == ("0.0.0.0", 9000, True)


@pytest.mark.parametrize("data, words", [
    ({"club": {"name": "a/b"}}, "[club] name"),
    ({"club": {"table": "t#"}}, "[club] table"),
    ({"club": {"http": "8080"}}, "HOST:PORT"),
    ({"club": {"colour": 1}}, "unknown key 'colour'"),
    ({"mqtt": {"port": "1883"}}, "[mqtt] port must be int"),
    ({"mqtt": {"port": 0}}, "1..65535"),
    ({"mqtt": {"tls": 1}}, "[mqtt] tls must be bool"),
    ({"club": {"tables": {"t1": {"players": ["only one"]}}}}, "two names"),
])
def test_config_errors_name_the_key(data, words):
    with pytest.raises(ClubConfigError) as info:
        load_club_config(data)
    assert words in str(info.value)


def _checkers(svg, player):
    return svg.count(f'class="checker p{player}"')


def test_board_draws_the_position_from_player_0s_side():
    start = engine.Position.start()
    svg = board_svg(start.id, 0)
    assert _checkers(svg, 0) == _checkers(svg, 1) == 15
    assert svg.count('data-point="6"') == 1 + 5 and 'data-value="1" data-owner=""' in svg
    # player 1 on roll: the same board seen from his side draws the same picture
    assert board_svg(start.swapped().id, 1) .count('class="checker p1" data-point="19"') == 5
    side0 = (0,) * 5 + (9,) + (0,) * 18 + (2,)        # nine on the 6 point, two on the bar
    side1 = (0,) * 23 + (1,) + (0,)
    p = engine.Position(side0, side1, 0)
    svg = board_svg(p.id, 0, cube=(4, 1), dice=(6, 5))
    assert _checkers(svg, 0) == 5 + 2 and '>9</text>' in svg   # five drawn, the count written
    assert 'class="off p0" data-count="4"' in svg and 'class="off p1" data-count="14"' in svg
    assert 'data-value="4" data-owner="1"' in svg and svg.count('class="die"') == 2


def test_store_keeps_each_event_once_and_exports_the_finished_match(tmp_path):
    ticks = itertools.count()
    sim = SimulatedTable(tmp_path / "j.jsonl", seed=2, clock=lambda: 1e9 + next(ticks),
                         players=("Ann", "Ben"))
    while not sim.over:
        sim.step()
    records = sim.journal.records
    first_line = (tmp_path / "j.jsonl").read_bytes().split(b"\n")[0]
    match = match_id(first_line)
    store = ClubStore(str(tmp_path / "c.sqlite"))

    def message(r):
        return {"id": f"t1:{match}:{r['seq']}", "club": "c", "table": "t1", "match": match,
                "seq": r["seq"], "record": r}
    # out of order and with repeats: the game_over arrives before the records it needs
    order = list(reversed(records[-5:])) + records[:-5] + records[::7]
    added = [store.add_event(message(r), received=0.0) for r in order]
    assert sum(added) == len(records) and store.event_count() == len(records)
    archive = store.archive()
    assert len(archive) == 1 and archive[0]["score"] == list(sim.state.score)
    assert archive[0]["players"] == ["Ann", "Ben"]
    export_journal(tmp_path / "j.jsonl", tmp_path / "direct.mat")
    assert store.mat_text(match) == (tmp_path / "direct.mat").read_text()
    state = table_state(match, records[0], records[-1], table="t1")
    assert state["position"] == records[-1]["position"] and state["players"] == ["Ann", "Ben"]
    with pytest.raises(StoreError, match="id or record"):
        store.add_event({**message(records[0]), "id": "t2:x:1"}, received=0.0)
    store.close()


def test_a_match_with_a_gap_cannot_be_exported_yet(tmp_path):
    ticks = itertools.count()
    sim = SimulatedTable(tmp_path / "j.jsonl", seed=4, clock=lambda: 1e9 + next(ticks))
    for _ in range(10):
        sim.step()
    store = ClubStore(str(tmp_path / "c.sqlite"))
    for r in sim.journal.records:
        if r["seq"] != 4:
            store.add_event({"id": f"t:m:{r['seq']}", "club": "c", "table": "t", "match": "m",
                             "seq": r["seq"], "record": r}, received=0.0)
    with pytest.raises(StoreError, match=r"\[4\] not received"):
        store.mat_text("m")
    store.close()
