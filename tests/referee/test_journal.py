import json
import logging

import pytest

from referee.journal import Journal, JournalError, read_journal


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        self.t += 0.5
        return self.t


def test_append_writes_one_json_line_per_event_with_time_and_seq(tmp_path):
    path = tmp_path / "j.jsonl"
    with Journal(path, clock=Clock()) as j:
        j.append("roll", player=0, dice=[3, 1])
        j.append("verdict", verdict="legal", play="8/5 6/5")
    lines = path.read_text().splitlines()
    assert [json.loads(x)["seq"] for x in lines] == [1, 2]
    first = json.loads(lines[0])
    assert first == {"seq": 1, "time": 100.5, "type": "roll", "player": 0, "dice": [3, 1]}


def test_append_fsyncs_every_event(tmp_path, monkeypatch):
    import referee.journal as jm
    calls = []
    real = jm.os.fsync
    monkeypatch.setattr(jm.os, "fsync", lambda fd: (calls.append(fd), real(fd)))
    with Journal(tmp_path / "j.jsonl", clock=Clock()) as j:
        before = len(calls)
        j.append("a")
        j.append("b")
        assert len(calls) - before == 2


@pytest.mark.parametrize("cut", range(1, 40))
def test_torn_last_line_is_dropped_with_warning_earlier_events_kept(tmp_path, caplog, cut):
    path = tmp_path / "j.jsonl"
    with Journal(path, clock=Clock()) as j:
        j.append("first", x=1)
        j.append("second", play="24/18 13/9")
    data = path.read_bytes()
    first_len = data.index(b"\n") + 1
    torn = data[: first_len + min(cut, len(data) - first_len - 1)]
    path.write_bytes(torn)
    with caplog.at_level(logging.WARNING):
        records, good = read_journal(path)
    assert [r["type"] for r in records] == ["first"]
    assert good == first_len
    assert "torn" in caplog.text


def test_reopening_a_torn_journal_cuts_the_tail_and_appends_cleanly(tmp_path):
    path = tmp_path / "j.jsonl"
    with Journal(path, clock=Clock()) as j:
        j.append("first")
    with open(path, "ab") as f:
        f.write(b'{"seq":2,"time":1,"ty')
    with Journal(path, clock=Clock()) as j:
        assert [r["type"] for r in j] == ["first"]
        j.append("after")
    records, _ = read_journal(path)
    assert [(r["seq"], r["type"]) for r in records] == [(1, "first"), (2, "after")]


def test_complete_but_garbled_last_line_is_dropped(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_bytes(b'{"seq":1,"type":"a"}\n\x00\x00\x00\n')
    records, good = read_journal(path)
    assert [r["type"] for r in records] == ["a"] and good == 21


def test_bad_line_in_the_middle_is_an_error_naming_the_line(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_bytes(b'{"seq":1}\nnot json\n{"seq":3}\n')
    with pytest.raises(JournalError, match="line 2"):
        read_journal(path)


def test_empty_journal_reads_as_nothing(tmp_path):
    path = tmp_path / "j.jsonl"
    path.write_bytes(b"")
    assert read_journal(path) == ([], 0)
