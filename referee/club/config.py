"""The [club] and [mqtt] sections of the bgref TOML config, read from the parsed dict.

The same file serves a table's publisher (`club.table` names this table) and the club server
(`club.database`, `club.http`, `club.tables`). Every key is optional; see CONFIG_EXAMPLE.
"""
from __future__ import annotations

import dataclasses
import pathlib
import re
from typing import Any, Optional

CONFIG_EXAMPLE = '''\
[club]
# the club's id in the MQTT topics bgref/<club>/<table>/...
name = "club"
# this table's id (the publisher at a table); letters, digits, - and _
table = ""
# the server's SQLite file (relative to this file), or a PostgreSQL URL
# "postgresql://USER:PASSWORD@HOST:PORT/DBNAME" (pip install 'bgref[club-postgres]')
database = "club.sqlite"
# where the server's read-only web page listens (host:port)
http = "127.0.0.1:8080"
# the publisher's cursor file: the last event the broker acknowledged (default: JOURNAL.cursor)
cursor = ""

# tables by id: a display name and the players (a table not listed still shows up)
[club.tables.t1]
name = "Table 1"
players = ["Alice", "Bob"]

[mqtt]
host = "localhost"
port = 1883
# the broker user and password of this table (or of the server)
username = ""
password = ""
# TLS: true, or set ca_file (and certfile/keyfile for client certificates)
tls = false
ca_file = ""
certfile = ""
keyfile = ""
keepalive = 30
# first topic level
topic_prefix = "bgref"
'''

_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class ClubConfigError(ValueError):
    """A [club] or [mqtt] key is missing, of the wrong type, or out of range; the message says which."""


@dataclasses.dataclass(frozen=True)
class MqttSettings:
    """How to reach the broker: address, credentials, TLS."""
    host: str = "localhost"
    port: int = 1883
    username: str = ""
    password: str = ""
    tls: bool = False
    ca_file: str = ""
    certfile: str = ""
    keyfile: str = ""
    keepalive: int = 30
    topic_prefix: str = "bgref"


@dataclasses.dataclass(frozen=True)
class TableInfo:
    """A table named in the config: its id, display name and players."""
    id: str
    name: str = ""
    players: tuple = ()


@dataclasses.dataclass(frozen=True)
class ClubConfig:
    """Both sections, checked. Paths are resolved against the config file's folder."""
    club: str = "club"
    table: str = ""
    database: str = "club.sqlite"
    http_host: str = "127.0.0.1"
    http_port: int = 8080
    cursor: str = ""
    tables: tuple = ()            # TableInfo, in config order
    mqtt: MqttSettings = MqttSettings()

    def table_info(self, table_id: str) -> TableInfo:
        for info in self.tables:
            if info.id == table_id:
                return info
        return TableInfo(table_id)


def check_id(value: Any, what: str) -> str:
    """An id usable as one MQTT topic level (no '/', '+', '#')."""
    if not isinstance(value, str) or not _ID.match(value):
        raise ClubConfigError(f"{what} must be 1-64 letters, digits, '-' or '_', not {value!r}")
    return value


def _get(section: dict, key: str, kind, default, where: str):
    value = section.get(key, default)
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise ClubConfigError(f"[{where}] {key} must be {kind.__name__}, not {value!r}")
    return value


def _path(value: str, base: Optional[pathlib.Path]) -> str:
    if not value or "://" in value or base is None:
        return value
    p = pathlib.Path(value).expanduser()
    return str(p if p.is_absolute() else base / p)


def _database(value: str, base: Optional[pathlib.Path]) -> str:
    """The SQLite file (resolved against base) or a postgresql:// URL, kept as given."""
    if not value.strip():
        raise ClubConfigError("[club] database must be a SQLite file path or a postgresql:// URL")
    if "://" in value:
        scheme = value.split("://", 1)[0].lower()
        if scheme not in ("postgresql", "postgres"):
            raise ClubConfigError(f"[club] database: {scheme}:// is not supported; "
                                  "a SQLite file path or a postgresql:// URL")
        return value
    return _path(value, base)


def load_club_config(data: dict, base_dir=None) -> ClubConfig:
    """ClubConfig from the parsed TOML dict (tomllib.loads); base_dir resolves relative paths."""
    base = pathlib.Path(base_dir) if base_dir is not None else None
    club = data.get("club", {})
    mqtt = data.get("mqtt", {})
    if not isinstance(club, dict) or not isinstance(mqtt, dict):
        raise ClubConfigError("[club] and [mqtt] must be tables")
    known_club = {"name", "table", "database", "http", "cursor", "tables"}
    known_mqtt = {f.name for f in dataclasses.fields(MqttSettings)}
    for section, known, name in ((club, known_club, "club"), (mqtt, known_mqtt, "mqtt")):
        unknown = sorted(set(section) - known)
        if unknown:
            raise ClubConfigError(f"[{name}] unknown key {unknown[0]!r}; known: {', '.join(sorted(known))}")
    name = check_id(_get(club, "name", str, "club", "club"), "[club] name")
    table = _get(club, "table", str, "", "club")
    if table:
        check_id(table, "[club] table")
    http = _get(club, "http", str, "127.0.0.1:8080", "club")
    host, _, port_text = http.rpartition(":")
    if not host or not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise ClubConfigError(f"[club] http must be HOST:PORT, not {http!r}")
    tables = []
    raw_tables = _get(club, "tables", dict, {}, "club")
    for table_id, info in raw_tables.items():
        check_id(table_id, "[club.tables] id")
        if not isinstance(info, dict):
            raise ClubConfigError(f"[club.tables.{table_id}] must be a table")
        players = _get(info, "players", list, [], f"club.tables.{table_id}")
        if players and (len(players) != 2 or not all(isinstance(p, str) for p in players)):
            raise ClubConfigError(f"[club.tables.{table_id}] players must be two names, not {players!r}")
        tables.append(TableInfo(table_id, _get(info, "name", str, "", f"club.tables.{table_id}"),
                                tuple(players)))
    values = {}
    for f in dataclasses.fields(MqttSettings):
        values[f.name] = _get(mqtt, f.name, type(f.default), f.default, "mqtt")
    if not 0 < values["port"] < 65536:
        raise ClubConfigError(f"[mqtt] port must be 1..65535, not {values['port']}")
    check_id(values["topic_prefix"], "[mqtt] topic_prefix")
    for key in ("ca_file", "certfile", "keyfile"):
        values[key] = _path(values[key], base)
    return ClubConfig(club=name, table=table,
                      database=_database(_get(club, "database", str, "club.sqlite", "club"), base),
                      http_host=host.strip("[]"), http_port=int(port_text),
                      cursor=_path(_get(club, "cursor", str, "", "club"), base),
                      tables=tuple(tables), mqtt=MqttSettings(**values))
