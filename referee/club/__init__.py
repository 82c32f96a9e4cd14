"""Club scorekeeping (issue 6): each table publishes its journal over MQTT, one server keeps every
match in SQLite or PostgreSQL and shows a live read-only scoreboard.

- `Publisher` (publisher.py): tails a table's journal and publishes each record once (QoS 1),
  keeping a cursor of what the broker acknowledged; `bgref publish` runs it.
- `ClubStore` (storage.py): SQLite or PostgreSQL; every event stored once (its id is UNIQUE).
- `ClubServer` (server.py): subscribes, stores, serves the page (web.py, board.py); `bgref club`.
- `load_club_config` (config.py): the [club] and [mqtt] sections of the TOML config.
"""
from .config import ClubConfig, ClubConfigError, MqttSettings, TableInfo, load_club_config

__all__ = ["ClubConfig", "ClubConfigError", "MqttSettings", "TableInfo", "load_club_config"]
