"""Shared pieces of the club tests: configs for a broker, a server on a free port."""
from __future__ import annotations

from referee.club import load_club_config


def club_config(broker, tmp_path, *, tables=None, mqtt=None, table=""):
    data = {"club": {"name": "testclub", "database": str(tmp_path / "club.sqlite"),
                     "http": "127.0.0.1:0", "table": table, "tables": tables or {}},
            "mqtt": {"host": "127.0.0.1", "port": broker.port, **(mqtt or {})}}
    return load_club_config(data)
