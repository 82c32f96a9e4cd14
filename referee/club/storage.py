"""The club's store on SQLite or PostgreSQL: every event once (its id is the primary key).

One ClubStore, two dialects: a file path opens SQLite (the standard library's sqlite3, WAL
journal), a postgresql:// URL opens PostgreSQL (psycopg 3, the `club-postgres` extra). The SQL is
written once for SQLite; `_Dialect.sql` rewrites the few differences (placeholders, INSERT OR
IGNORE, REAL, BEGIN IMMEDIATE). One connection guarded by a lock (the MQTT thread writes, the web
threads read). A match's .mat is rebuilt from its stored records with the referee's own replay
(referee.table.replay_journal) and engine.write_mat.
"""
from __future__ import annotations

import io
import json
import logging
import sqlite3
import re
import threading
import urllib.parse
from typing import Optional

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id TEXT PRIMARY KEY,            -- <table>:<match>:<seq>, as the publisher sends it
    club TEXT NOT NULL, table_id TEXT NOT NULL, match_id TEXT NOT NULL, seq INTEGER NOT NULL,
    type TEXT, time REAL, received REAL, record TEXT NOT NULL,
    UNIQUE (match_id, seq));
CREATE TABLE IF NOT EXISTS matches (
    match_id TEXT PRIMARY KEY, club TEXT NOT NULL, table_id TEXT NOT NULL,
    players TEXT, settings TEXT, started REAL, updated REAL, last_seq INTEGER DEFAULT 0,
    upto INTEGER DEFAULT 0,         -- every seq <= upto is stored (the mark sent back to the table)
    last_record TEXT, finished INTEGER DEFAULT 0, winner INTEGER, score TEXT);
CREATE TABLE IF NOT EXISTS tables (
    club TEXT NOT NULL, table_id TEXT NOT NULL, state TEXT, status TEXT, updated REAL,
    PRIMARY KEY (club, table_id));
"""
MATCH_ENDING = ("game_over", "pass", "resign", "match_over")


class StoreError(ValueError):
    """A message or a match cannot be stored or exported; the message says which and why."""


POSTGRES_SCHEMES = ("postgresql", "postgres")


def redacted(database: str) -> str:
    """The database path or URL with any password replaced by ***, for messages and logs."""
    parts = urllib.parse.urlsplit(database) if "://" in database else None
    if parts is None or parts.password is None:
        return database
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


class _Dialect:
    """The SQL differences between SQLite (the SQL as written) and PostgreSQL."""

    def __init__(self, postgres: bool):
        self.postgres = postgres

    def sql(self, statement: str) -> str:
        if not self.postgres:
            return statement
        ignore = statement.lstrip().upper().startswith("INSERT OR IGNORE")
        statement = re.sub(r"(?i)INSERT OR IGNORE", "INSERT", statement)
        statement = re.sub(r"\bREAL\b", "DOUBLE PRECISION", statement)  # REAL is 4 bytes there
        statement = statement.replace("BEGIN IMMEDIATE", "BEGIN").replace("?", "%s")
        statement = statement.replace(" DESC", " DESC NULLS LAST")  # SQLite's order for NULLs
        return statement + " ON CONFLICT DO NOTHING" if ignore else statement


class _Connection:
    """sqlite3 or psycopg in autocommit mode behind one `execute(sql, params)`.

    A lost PostgreSQL connection (server restart, idle cut) is opened again once, outside a
    transaction only; inside one the error goes up and the caller's ROLLBACK ends it.
    """

    def __init__(self, database: str):
        self.database = database
        self._in_transaction = False
        self.dialect = _Dialect(urllib.parse.urlsplit(database).scheme in POSTGRES_SCHEMES
                                if "://" in database else False)
        if "://" in database and not self.dialect.postgres:
            raise StoreError(f"database {redacted(database)!r}: not a SQLite file path "
                             "nor a postgresql:// URL")
        if self.dialect.postgres:
            try:
                import psycopg
            except ImportError:
                raise StoreError(f"database {redacted(database)!r} needs psycopg: "
                                 "pip install 'bgref[club-postgres]'") from None
            self._psycopg = psycopg
            self._db = self._connect()
        else:
            self._db = sqlite3.connect(database, check_same_thread=False, isolation_level=None)

    def _connect(self):
        try:
            return self._psycopg.connect(self.database, autocommit=True, connect_timeout=10)
        except self._psycopg.Error as exc:
            raise StoreError(f"database {redacted(self.database)!r}: "
                             f"{str(exc).strip().splitlines()[0]}") from None

    def execute(self, statement: str, params=()):
        word = statement.split(None, 1)[0].upper()
        if not self.dialect.postgres:
            return self._db.execute(statement, params)
        if word in ("COMMIT", "ROLLBACK"):
            self._in_transaction = False
            if word == "ROLLBACK" and self._db.closed:
                return None          # the lost connection ended the transaction already
        elif word == "BEGIN":
            self._in_transaction = True
        try:
            return self._db.execute(self.dialect.sql(statement), params)
        except self._psycopg.OperationalError:
            if not self._db.closed or (self._in_transaction and word != "BEGIN"):
                raise
            log.warning("database connection lost; connecting again")
            self._db = self._connect()
            return self._db.execute(self.dialect.sql(statement), params)

    def script(self, script: str) -> None:
        if self.dialect.postgres:
            for statement in script.split(";"):
                body = "\n".join(line.split("--")[0] for line in statement.splitlines()).strip()
                if body:
                    self._db.execute(self.dialect.sql(body))
        else:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(script)

    def close(self) -> None:
        self._db.close()


class ClubStore:
    """SQLite or PostgreSQL storage; `add_event` returns False for a repeat (already stored)."""

    def __init__(self, path: str):
        self.path = path
        self._db = _Connection(path)
        self._lock = threading.Lock()
        with self._lock:
            self._db.script(SCHEMA)
        self.version = self._count()

    def _count(self) -> int:
        return self._db.execute("SELECT COUNT(*) FROM events").fetchone()[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ---- writing -----------------------------------------------------------------------------

    def add_event(self, message: dict, *, received: float) -> bool:
        """Store one published event ({id, club, table, match, seq, record}); False if a repeat."""
        try:
            club, table, match = str(message["club"]), str(message["table"]), str(message["match"])
            seq, record = int(message["seq"]), message["record"]
            event_id = str(message["id"])
        except (KeyError, TypeError, ValueError) as exc:
            raise StoreError(f"event without {exc}: {str(message)[:80]}") from None
        if not isinstance(record, dict) or event_id != f"{table}:{match}:{seq}":
            raise StoreError(f"event {event_id!r}: id or record malformed")
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                cur = db.execute(
                    "INSERT OR IGNORE INTO events (id, club, table_id, match_id, seq, type, time,"
                    " received, record) VALUES (?,?,?,?,?,?,?,?,?)",
                    (event_id, club, table, match, seq, record.get("type"), record.get("time"),
                     received, json.dumps(record, separators=(",", ":"))))
                if cur.rowcount == 0:
                    db.execute("ROLLBACK")
                    return False
                db.execute("INSERT OR IGNORE INTO matches (match_id, club, table_id) VALUES (?,?,?)",
                           (match, club, table))
                if record.get("type") == "match":
                    db.execute("UPDATE matches SET players=?, settings=?, started=? WHERE match_id=?",
                               (json.dumps(record.get("players")), json.dumps(record.get("settings")),
                                record.get("time"), match))
                prev_last = db.execute("SELECT last_seq FROM matches WHERE match_id=?",
                                       (match,)).fetchone()[0] or 0
                db.execute("UPDATE matches SET last_seq=?, last_record=?, updated=? "
                           "WHERE match_id=? AND last_seq < ?",
                           (seq, json.dumps(record), record.get("time"), match, seq))
                db.execute("INSERT OR IGNORE INTO tables (club, table_id) VALUES (?,?)",
                           (club, table))
                upto = db.execute("SELECT upto FROM matches WHERE match_id=?", (match,)).fetchone()[0]
                if seq == upto + 1:
                    upto = seq
                    while db.execute("SELECT 1 FROM events WHERE match_id=? AND seq=?",
                                     (match, upto + 1)).fetchone():
                        upto += 1
                    db.execute("UPDATE matches SET upto=? WHERE match_id=?", (upto, match))
                if record.get("type") in MATCH_ENDING or seq < prev_last or \
                        (record.get("table") or {}).get("phase") == "match over":
                    self._check_finished_locked(match)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            self.version += 1
            return True

    def _check_finished_locked(self, match: str) -> None:
        """Mark the match finished when its stored records replay to a match over."""
        records = self._records_locked(match)
        if not _complete(records):
            return
        from referee.table import replay_journal
        try:
            _, _, state = replay_journal(records)
        except ValueError as exc:
            log.warning("match %s does not replay: %s", match, exc)
            return
        if state.match_over:
            self._db.execute("UPDATE matches SET finished=1, winner=?, score=? WHERE match_id=?",
                             (state.match_winner, json.dumps(list(state.score)), match))

    def set_table(self, club: str, table: str, *, state: Optional[dict] = None,
                  status: Optional[str] = None, when: float) -> None:
        """Keep a table's retained state or online/offline status (shown before any event)."""
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO tables (club, table_id) VALUES (?,?)",
                             (club, table))
            if state is not None:
                self._db.execute("UPDATE tables SET state=?, updated=? WHERE club=? AND table_id=?",
                                 (json.dumps(state), when, club, table))
            if status is not None:
                self._db.execute("UPDATE tables SET status=?, updated=? WHERE club=? AND table_id=?",
                                 (status, when, club, table))
            self.version += 1

    # ---- reading -----------------------------------------------------------------------------

    def _records_locked(self, match: str) -> list:
        rows = self._db.execute("SELECT record FROM events WHERE match_id=? ORDER BY seq",
                                (match,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def records(self, match: str) -> list:
        """The stored journal records of one match, in seq order."""
        with self._lock:
            return self._records_locked(match)

    def upto(self, match: str) -> int:
        """The match's stored mark: every seq up to it is stored (0: none yet)."""
        with self._lock:
            row = self._db.execute("SELECT upto FROM matches WHERE match_id=?", (match,)).fetchone()
        return row[0] if row else 0

    def event_ids(self) -> list:
        with self._lock:
            return sorted(r[0] for r in self._db.execute("SELECT id FROM events").fetchall())

    def event_count(self) -> int:
        with self._lock:
            return self._count()

    def tables(self) -> list:
        """Every table known (by events, state or status): its row and its latest match."""
        with self._lock:
            rows = sorted(self._db.execute("SELECT club, table_id, state, status, updated "
                                           "FROM tables").fetchall(), key=lambda r: r[1])
            result = []
            for club, table, state, status, updated in rows:
                match = self._db.execute(
                    "SELECT match_id, players, settings, last_seq, last_record, finished, winner "
                    "FROM matches WHERE club=? AND table_id=? ORDER BY updated DESC LIMIT 1",
                    (club, table)).fetchone()
                entry = {"club": club, "table": table, "status": status, "updated": updated,
                         "state": json.loads(state) if state else None, "match": None}
                if match:
                    entry["match"] = {
                        "id": match[0], "players": json.loads(match[1]) if match[1] else None,
                        "settings": json.loads(match[2]) if match[2] else None,
                        "seq": match[3], "record": json.loads(match[4]) if match[4] else None,
                        "finished": bool(match[5]), "winner": match[6]}
                result.append(entry)
            return result

    def archive(self) -> list:
        """The finished matches, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT match_id, club, table_id, players, settings, started, updated, winner, "
                "score FROM matches WHERE finished=1 ORDER BY updated DESC").fetchall()
        return [{"id": r[0], "club": r[1], "table": r[2],
                 "players": json.loads(r[3]) if r[3] else None,
                 "settings": json.loads(r[4]) if r[4] else None, "started": r[5],
                 "ended": r[6], "winner": r[7], "score": json.loads(r[8]) if r[8] else None}
                for r in rows]

    def mat_text(self, match: str) -> str:
        """The match as .mat text (engine.write_mat over the referee's journal replay)."""
        import engine
        from referee.table import replay_journal
        records = self.records(match)
        if not records:
            raise StoreError(f"no match {match!r}")
        if not _complete(records):
            missing = sorted(set(range(1, records[-1]["seq"] + 1)) - {r["seq"] for r in records})
            raise StoreError(f"match {match}: events {missing[:5]} not received yet")
        _, players, state = replay_journal(records)
        out = io.StringIO()
        try:
            engine.write_mat(state, out, players=tuple(players))
        except engine.MatWriteError as exc:  # only a game begun from the board: no .mat to give
            raise StoreError(f"match {match}: {exc}") from None
        return out.getvalue()


def _complete(records: list) -> bool:
    """True when the records are seq 1..n without a gap."""
    return bool(records) and all(r.get("seq") == i for i, r in enumerate(records, start=1))
