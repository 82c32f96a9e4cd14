"""`bgref club` and `bgref publish` as the club runs them: separate processes, one config each."""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
import urllib.request

from referee.club.broker import free_port
from referee.club.simulate import SimulatedTable
from referee.cli import main

from .conftest import wait_for

BGREF = [sys.executable, "-m", "referee.cli"]


def test_server_and_publisher_commands(broker, tmp_path):
    port = free_port()
    club_toml = tmp_path / "club.toml"
    club_toml.write_text(f'''
[club]
name = "hcc"
database = "club.sqlite"
http = "127.0.0.1:{port}"
[club.tables.t1]
name = "Window table"
[mqtt]
host = "127.0.0.1"
port = {broker.port}
''')
    table_toml = tmp_path / "table.toml"
    table_toml.write_text(f'''
[referee]
journal = "t1.jsonl"
[club]
name = "hcc"
table = "t1"
[mqtt]
host = "127.0.0.1"
port = {broker.port}
''')
    ticks = itertools.count()
    sim = SimulatedTable(tmp_path / "t1.jsonl", seed=8, clock=lambda: 1e9 + next(ticks))
    for _ in range(15):
        sim.step()
    sim.close()
    server = subprocess.Popen(BGREF + ["club", "-c", str(club_toml), "--seconds", "40"],
                              stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert "page at http://127.0.0.1:" in server.stdout.readline()
        out = subprocess.run(BGREF + ["publish", "-c", str(table_toml), "--once", "--seconds", "15"],
                             capture_output=True, text=True, timeout=30, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        assert f"published up to seq {len(sim.journal.records)}" in out.stdout

        def tables():
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/club", timeout=5) as r:
                return json.loads(r.read())["tables"]
        wait_for(lambda: tables()[0]["seq"] == len(sim.journal.records), 10, "the page data")
        assert tables()[0]["name"] == "Window table"
        assert (tmp_path / "club.sqlite").exists()
    finally:
        server.terminate()
        server.wait(10)
    assert server.returncode == 0


def test_bad_club_config_is_one_line_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[club]\nname = "a b"\n')
    assert main(["club", "-c", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "[club] name" in err[0]
    bad.write_text('[club]\nname = "x"\n')
    assert main(["publish", "-c", str(bad)]) == 2
    assert "[club] table" in capsys.readouterr().err
