"""`bgref club` (the club server) and `bgref publish` (a table's publisher beside `bgref run`)."""
from __future__ import annotations

import logging
import pathlib
import signal
import threading
import time
import tomllib

log = logging.getLogger(__name__)


def register(subparsers) -> None:
    p = subparsers.add_parser("club", help="the club server: store every table's events (MQTT) "
                                           "in SQLite and serve the live scoreboard page")
    p.add_argument("-c", "--config", required=True, help="TOML config with [club] and [mqtt]")
    p.add_argument("--http", default=None, help="HOST:PORT for the page (overrides [club] http)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    p.set_defaults(func=cmd_club)

    p = subparsers.add_parser("publish", help="publish this table's journal to the club broker "
                                              "(run it beside `bgref run`, same config)")
    p.add_argument("-c", "--config", required=True, help="TOML config: [club] table, [mqtt], "
                                                         "[referee] journal")
    p.add_argument("-j", "--journal", default=None, help="the journal (default: [referee] journal)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    p.add_argument("--once", action="store_true",
                   help="publish what the journal holds, wait for the acks, then stop")
    p.set_defaults(func=cmd_publish)


def _read(path: str) -> tuple:
    from referee.club.config import ClubConfigError, load_club_config
    path = pathlib.Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ClubConfigError(f"{path}: TOML syntax: {exc}") from None
    return data, load_club_config(data, path.parent)


def _stopper(seconds):
    """stop() for a loop: Ctrl-C / SIGTERM, or after `seconds`."""
    stop = threading.Event()
    try:
        signal.signal(signal.SIGTERM, lambda *a: stop.set())
    except ValueError:  # not the main thread (tests)
        pass
    deadline = None if seconds is None else time.monotonic() + seconds
    return lambda: stop.is_set() or (deadline is not None and time.monotonic() >= deadline)


def cmd_club(args) -> int:
    import dataclasses
    from referee.club.config import ClubConfigError
    from referee.club.server import ClubServer
    from referee.club.storage import ClubStore, redacted
    _, config = _read(args.config)
    if args.http:
        host, _, port = args.http.rpartition(":")
        if not host or not port.isdigit():
            raise ClubConfigError(f"--http must be HOST:PORT, not {args.http!r}")
        config = dataclasses.replace(config, http_host=host, http_port=int(port))
    store = ClubStore(config.database)
    server = ClubServer(config, store).start()
    print(f"club {config.club}: page at {server.url}, database {redacted(config.database)}", flush=True)
    stop = _stopper(args.seconds)
    try:
        while not stop():
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        store.close()
    return 0


def cmd_publish(args) -> int:
    from referee.club.config import ClubConfigError
    from referee.club.publisher import Publisher
    data, config = _read(args.config)
    if not config.table:
        raise ClubConfigError(f"{args.config}: [club] table (this table's id) is not set")
    journal = args.journal
    if journal is None:
        journal = (data.get("referee") or {}).get("journal", "bgref-journal.jsonl")
        journal = pathlib.Path(args.config).parent / journal
    publisher = Publisher(journal, club=config.club, table=config.table, mqtt=config.mqtt,
                          cursor_path=config.cursor or None).start()
    print(f"table {config.table}: publishing {journal} to {config.mqtt.host}:{config.mqtt.port}",
          flush=True)
    stop = _stopper(args.seconds)
    try:
        if args.once:
            ok = publisher.flush(args.seconds if args.seconds is not None else 30.0)
            print(f"published up to seq {publisher.acked}" + ("" if ok else
                  f"; {publisher.pending} events still waiting for the broker"), flush=True)
            return 0 if ok else 1
        publisher.run(stop)
    except KeyboardInterrupt:
        pass
    finally:
        publisher.close()
    return 0
