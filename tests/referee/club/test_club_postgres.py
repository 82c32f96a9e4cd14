"""The club store on a real PostgreSQL server: the SQLite store tests again, and one server run.

A throwaway cluster (initdb, then postgres on a free loopback port) in a temp dir, one per test
module; as root it runs as the `postgres` (or `nobody`) user through setpriv. Each test gets a
fresh database. Skips with the reason when PostgreSQL or psycopg is absent, except under CI=true
where it must be there (.ci/run installs it).
"""
from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import tomllib
import uuid

import pytest

from referee.club import ClubConfigError, load_club_config
from referee.club.config import CONFIG_EXAMPLE
from referee.club.storage import ClubStore, StoreError, redacted

from . import test_club_units
from .conftest import wait_for

BINDIRS = sorted(glob.glob("/usr/lib/postgresql/*/bin"))


def _unavailable(message: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """initdb + postgres in `folder`, trust auth on 127.0.0.1 only; stop() ends and removes it."""

    def __init__(self, bindir: str, folder: str):
        self.bindir, self.folder, self.port = bindir, folder, _free_port()
        self.data = os.path.join(folder, "data")
        self.prefix: list = []
        if os.geteuid() == 0:        # initdb and postgres refuse to run as root
            user = next((u for u in ("postgres", "nobody") if _has_user(u)), None)
            if user is None or not shutil.which("setpriv"):
                _unavailable("running as root without a postgres/nobody user or setpriv")
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
            self.prefix = ["setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}",
                           "--clear-groups", "--"]
        self.process = None

    def start(self) -> "PostgresServer":
        env = {**os.environ, "LC_ALL": "C", "HOME": self.folder}
        subprocess.run(self.prefix + [os.path.join(self.bindir, "initdb"), "-D", self.data,
                                      "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
                                      "--locale=C"],
                       check=True, capture_output=True, env=env, cwd=self.folder, timeout=60)
        self.log = open(os.path.join(self.folder, "postgres.log"), "wb")
        self.process = subprocess.Popen(
            self.prefix + [os.path.join(self.bindir, "postgres"), "-D", self.data,
                           "-p", str(self.port), "-k", self.folder, "-c", "listen_addresses=127.0.0.1",
                           "-c", "fsync=off", "-c", "full_page_writes=off"],
            stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=self.folder)
        import psycopg
        deadline = time.monotonic() + 20
        while True:
            try:
                psycopg.connect(self.url("postgres"), connect_timeout=2).close()
                return self
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("postgres did not start: " + self.log_text())
                time.sleep(0.05)

    def log_text(self) -> str:
        with open(os.path.join(self.folder, "postgres.log"), errors="replace") as f:
            return f.read()[-2000:]

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        import psycopg
        name = "club_" + uuid.uuid4().hex[:12]
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)        # fast shutdown
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if getattr(self, "log", None):
            self.log.close()
        shutil.rmtree(self.folder, ignore_errors=True)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


@pytest.fixture(scope="module")
def postgres():
    if not BINDIRS:
        _unavailable("PostgreSQL not installed (apt-get install -y postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("psycopg not installed (pip install 'psycopg[binary]>=3')")
    server = PostgresServer(BINDIRS[-1], tempfile.mkdtemp(prefix="bgref-pg-"))
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture
def on_postgres(postgres, monkeypatch):
    """The SQLite tests' ClubStore(path) opens a fresh PostgreSQL database instead."""
    urls = []

    def store(path):
        urls.append(postgres.new_database())
        return ClubStore(urls[-1])
    monkeypatch.setattr(test_club_units, "ClubStore", store)
    return urls


def test_each_event_once_archive_and_mat_as_on_sqlite(on_postgres, tmp_path):
    test_club_units.test_store_keeps_each_event_once_and_exports_the_finished_match(tmp_path)
    assert on_postgres and on_postgres[0].startswith("postgresql://")


def test_a_gap_blocks_the_export_as_on_sqlite(on_postgres, tmp_path):
    test_club_units.test_a_match_with_a_gap_cannot_be_exported_yet(tmp_path)
    assert len(on_postgres) == 1


def test_the_store_keeps_its_events_across_a_reconnect_and_reads_tables(postgres):
    url = postgres.new_database()
    store = ClubStore(url)
    record = {"seq": 1, "type": "match", "time": 1_790_000_000.25, "players": ["A", "B"],
              "settings": {"match_length": 3}}
    message = {"id": "t1:m1:1", "club": "c", "table": "t1", "match": "m1", "seq": 1,
               "record": record}
    assert store.add_event(message, received=1.5) is True
    assert store.add_event(message, received=2.5) is False
    store.set_table("c", "t0", status="online", when=1_790_000_000.25)
    store.close()
    again = ClubStore(url)                      # the schema exists: created only if missing
    assert again.event_count() == 1 and again.version == 1 and again.upto("m1") == 1
    assert again.records("m1") == [record]
    tables = again.tables()
    assert [t["table"] for t in tables] == ["t0", "t1"] and tables[0]["status"] == "online"
    assert tables[0]["updated"] == 1_790_000_000.25      # DOUBLE PRECISION, not 4-byte REAL
    assert tables[1]["match"]["players"] == ["A", "B"] and tables[0]["match"] is None
    again.close()


def test_a_lost_connection_is_opened_again(postgres):
    import psycopg
    url = postgres.new_database()
    store = ClubStore(url)

    def cut():
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    cut()
    assert store.event_count() == 0                 # a read outside a transaction reconnects
    cut()
    message = {"id": "t:m:1", "club": "c", "table": "t", "match": "m", "seq": 1,
               "record": {"seq": 1, "type": "match"}}
    assert store.add_event(message, received=0.0)   # BEGIN reconnects too
    assert store.add_event(message, received=0.0) is False and store.event_count() == 1
    store.close()


def test_a_bad_url_or_server_is_one_clear_store_error(postgres):
    with pytest.raises(StoreError, match=r"postgresql://postgres:\*\*\*@127\.0\.0\.1"):
        ClubStore(f"postgresql://postgres:secret@127.0.0.1:{postgres.port}/no_such_db")
    with pytest.raises(StoreError, match="not a SQLite file path nor a postgresql"):
        ClubStore("mysql://x/y")
    assert redacted("postgresql://u:pw@h/db") == "postgresql://u:***@h/db"
    assert redacted("club.sqlite") == "club.sqlite"


def test_config_keeps_a_postgres_url_as_given(tmp_path):
    url = "postgresql://club:pw@db.example:5432/club"
    assert load_club_config({"club": {"database": url}}, tmp_path).database == url
    assert load_club_config({"club": {"database": "c.sqlite"}}, tmp_path).database == \
        str(tmp_path / "c.sqlite")
    example = tomllib.loads(CONFIG_EXAMPLE)
    assert load_club_config(example, tmp_path).database == str(tmp_path / "club.sqlite")
    for bad, words in (("mysql://h/db", "mysql:// is not supported"), ("  ", "database must be")):
        with pytest.raises(ClubConfigError, match=words):
            load_club_config({"club": {"database": bad}}, tmp_path)


def test_a_whole_match_through_the_server_lands_in_postgres(postgres, broker, tmp_path):
    from referee.club.publisher import Publisher
    from referee.club.server import ClubServer
    from referee.club.simulate import SimulatedTable
    from referee.export import export_journal
    config = load_club_config({"club": {"name": "pgclub", "database": postgres.new_database(),
                                        "http": "127.0.0.1:0"},
                               "mqtt": {"host": "127.0.0.1", "port": broker.port}})
    store = ClubStore(config.database)
    server = ClubServer(config, store).start()
    journal = tmp_path / "t1.jsonl"
    ticks = itertools.count()
    sim = SimulatedTable(journal, seed=3, clock=lambda: 1_790_000_000.0 + next(ticks) * 0.5)
    try:
        wait_for(server.connected.is_set, 10, "the server to connect")
        pub = Publisher(journal, club=config.club, table="t1", mqtt=config.mqtt).start()
        try:
            while not sim.over:
                sim.step()
            pub.poll()
            assert pub.flush(10)
        finally:
            pub.close()
        total = len(sim.journal.records)
        wait_for(lambda: store.event_count() == total, 10, "every event stored in PostgreSQL")
        wait_for(lambda: server.snapshot()["archive"], 5, "the match in the archive")
        archive = server.snapshot()["archive"]
        assert server.repeats == 0 and [m["table"] for m in archive] == ["t1"]
        export_journal(journal, tmp_path / "direct.mat")
        assert store.mat_text(archive[0]["id"]) == (tmp_path / "direct.mat").read_text()
    finally:
        server.close()
        store.close()
        sim.close()
