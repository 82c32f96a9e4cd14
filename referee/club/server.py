"""`bgref club`: subscribes to every table of the club, stores each event once, serves the page.

MQTT: a persistent session (clean_session False, fixed client id) subscribed at QoS 1 to
bgref/<club>/+/events, .../state and .../status; paho acknowledges a message only after
on_message returned, i.e. after the event was committed to SQLite, so a crash loses nothing.
Every half second the server sends each table whose events arrived its stored mark, retained on
bgref/<club>/<table>/stored ({"match", "upto"}: every seq up to it is stored), so a table can
send again what the broker acknowledged but never delivered (a broker crash, a new database).
HTTP (standard library, one thread per request): GET only: `/` the page, `/api/club` the page's
data (long poll: ?since=VERSION&wait=SECONDS), `/match/<id>.mat`, `/table/<id>.svg`.
"""
from __future__ import annotations

import gzip
import json
import logging
import threading
import time
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Optional

from .board import board_svg
from .config import ClubConfig
from .mqtt import make_client
from .storage import ClubStore, StoreError
from .web import PAGE

log = logging.getLogger(__name__)

DEFAULT_PLAYERS = (["Player 0", "Player 1"], ("Player 0", "Player 1"))
MAX_WAIT = 30.0


class ClubServer:
    """The club server: start() connects and listens, close() stops both."""

    def __init__(self, config: ClubConfig, store: ClubStore, *,
                 clock: Callable[[], float] = time.time, client_factory: Callable = None):
        self.config = config
        self.store = store
        self.clock = clock
        self.prefix = f"{config.mqtt.topic_prefix}/{config.club}/"
        self._changed = threading.Condition()
        self._cache: tuple = (-1, b"", b"")
        self.received = 0
        self.repeats = 0
        self.connected = threading.Event()
        factory = client_factory or make_client
        self.client = factory(config.mqtt, f"bgref-club-{config.club}", clean_session=False)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = lambda *a: self.connected.clear()
        self.client.on_message = self._on_message
        self._dirty: dict = {}       # table -> match whose stored mark is to be sent
        self._stop = threading.Event()
        self._mark_thread: Optional[threading.Thread] = None
        self.httpd: Optional[ThreadingHTTPServer] = None
        self._http_thread: Optional[threading.Thread] = None

    # ---- MQTT ----------------------------------------------------------------------------------

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            log.warning("broker refused the connection: %s", reason_code)
            return
        client.subscribe([(self.prefix + "+/events", 1), (self.prefix + "+/state", 1),
                          (self.prefix + "+/status", 1)])
        self.connected.set()
        log.info("connected to %s:%d (session present: %s)", self.config.mqtt.host,
                 self.config.mqtt.port, flags.session_present)

    def _on_message(self, client, userdata, message) -> None:
        parts = message.topic[len(self.prefix):].split("/")
        if len(parts) != 2:
            return
        table, kind = parts
        try:
            if kind == "events":
                event = json.loads(message.payload)
                if event.get("club") != self.config.club or event.get("table") != table:
                    log.warning("%s: event names another club or table; ignored", message.topic)
                    return
                self.received += 1
                if not self.store.add_event(event, received=self.clock()):
                    self.repeats += 1
                self._dirty[table] = str(event["match"])
            elif kind == "state":
                if message.payload:
                    self.store.set_table(self.config.club, table, when=self.clock(),
                                         state=json.loads(message.payload))
            elif kind == "status":
                self.store.set_table(self.config.club, table, when=self.clock(),
                                     status=message.payload.decode("utf-8", "replace")[:20])
        except (ValueError, UnicodeDecodeError) as exc:
            log.warning("%s: bad message ignored: %s", message.topic, exc)
            return
        except Exception:  # a database error must not stop the MQTT thread; the table's
            # publisher sends again what the stored mark does not cover
            log.exception("%s: message not stored", message.topic)
            return
        with self._changed:
            self._changed.notify_all()

    def _send_marks(self) -> None:
        """Every 0.5 s: the stored mark of each table that got events since (retained, QoS 1)."""
        while not self._stop.wait(0.5):
            while self._dirty:
                table, match = self._dirty.popitem()
                mark = json.dumps({"match": match, "upto": self.store.upto(match)})
                self.client.publish(f"{self.prefix}{table}/stored", mark, qos=1, retain=True)

    # ---- the page's data -------------------------------------------------------------------------

    def snapshot(self) -> dict:
        """Everything the page shows: every table (config ones first) and the archive."""
        version = self.store.version
        known = {entry["table"]: entry for entry in self.store.tables()
                 if entry["club"] == self.config.club}
        order = [t.id for t in self.config.tables] + sorted(set(known) -
                                                            {t.id for t in self.config.tables})
        tables = [self._table_view(table_id, known.get(table_id)) for table_id in order]
        names = {t["id"]: t["name"] for t in tables}
        archive = []
        for match in self.store.archive():
            if match["club"] != self.config.club:
                continue
            match["table_name"] = names.get(match["table"], match["table"])
            archive.append(match)
        return {"club": self.config.club, "version": version, "events": self.store.event_count(),
                "tables": tables, "archive": archive}

    def _table_view(self, table_id: str, entry: Optional[dict]) -> dict:
        info = self.config.table_info(table_id)
        view = {"id": table_id, "name": info.name or table_id, "status": "unknown",
                "players": list(info.players) or None, "match": None, "seq": None,
                "position": None}
        if entry is None:
            return view
        view["status"] = entry["status"] or "unknown"
        match = entry["match"]
        source = None
        if match and match["record"]:
            source = dict(match["record"])
            source.update(players=match["players"], settings=match["settings"], match=match["id"],
                          seq=match["seq"])
            snap = source.get("table") or {}
            source.update({k: snap.get(k) for k in ("phase", "dice", "text") if k in snap})
            view["finished"] = match["finished"]
        elif entry["state"]:
            source = entry["state"]
        if not source or not source.get("position"):
            return view
        players = source.get("players")
        if not players or players in DEFAULT_PLAYERS:
            players = list(info.players) or players or ["Player 0", "Player 1"]
        settings = source.get("settings") or {}
        turn = source.get("turn")
        cube = source.get("cube") or [1, None]
        view.update(players=list(players), match=source.get("match"), seq=source.get("seq"),
                    match_length=settings.get("match_length", 0),
                    score=source.get("score") or [0, 0], cube=cube, turn=turn,
                    phase=source.get("phase"), dice=source.get("dice"), text=source.get("text"),
                    position=source["position"])
        try:
            view["svg"] = board_svg(source["position"], int(turn or 0), cube=cube,
                                    dice=source.get("dice") if source.get("phase") == "move" else None,
                                    players=players, title=view["name"])
        except ValueError as exc:
            log.warning("table %s: bad position %r: %s", table_id, source["position"], exc)
            view["svg"] = ""
        return view

    def snapshot_json(self, gzipped: bool = False) -> tuple:
        """(version, JSON bytes) of the snapshot, rebuilt only when something changed; gzipped
        (about a tenth: the SVG boards are most of it) when asked."""
        version = self.store.version
        cache = self._cache
        if cache[0] != version:
            data = json.dumps(self.snapshot(), separators=(",", ":")).encode("utf-8")
            cache = (version, data, gzip.compress(data, 5))
            self._cache = cache
        return version, cache[2] if gzipped else cache[1]

    def wait_change(self, since: int, timeout: float) -> int:
        """Block until the store's version differs from `since` or `timeout` s pass."""
        deadline = time.monotonic() + min(max(timeout, 0.0), MAX_WAIT)
        with self._changed:
            while self.store.version == since:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._changed.wait(left)
        return self.store.version

    # ---- running -------------------------------------------------------------------------------

    def start(self, *, http: bool = True, mqtt: bool = True) -> "ClubServer":
        if mqtt:
            self.client.connect_async(self.config.mqtt.host, self.config.mqtt.port,
                                      keepalive=self.config.mqtt.keepalive)
            self.client.loop_start()
            self._mark_thread = threading.Thread(target=self._send_marks, name="club-marks",
                                                 daemon=True)
            self._mark_thread.start()
        if http:
            self.httpd = ThreadingHTTPServer((self.config.http_host, self.config.http_port),
                                             _handler(self))
            self.httpd.daemon_threads = True
            self._http_thread = threading.Thread(target=self.httpd.serve_forever,
                                                 name="club-http", daemon=True)
            self._http_thread.start()
            log.info("page at %s", self.url)
        return self

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host}:{port}/"

    def close(self) -> None:
        self._stop.set()
        if self._mark_thread is not None:
            self._mark_thread.join(2)
        try:
            self.client.disconnect()
            self.client.loop_stop()
        finally:
            if self.httpd is not None:
                self.httpd.shutdown()
                self.httpd.server_close()
            with self._changed:
                self._changed.notify_all()


def _handler(server: ClubServer):
    class Handler(BaseHTTPRequestHandler):
        """GET only; every other method is refused with 405 (the page is read-only)."""
        server_version = "bgref-club"

        def log_message(self, fmt, *args) -> None:
            log.debug("http: " + fmt, *args)

        def _send(self, status: int, body: bytes, ctype: str, extra: dict = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            for key, value in (extra or {}).items():
                self.send_header(key, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def do_GET(self) -> None:
            url = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(url.query)
            path = urllib.parse.unquote(url.path)
            try:
                if path in ("/", "/index.html"):
                    self._send(200, PAGE.encode("utf-8"), "text/html; charset=utf-8")
                elif path == "/api/club":
                    since = int(query.get("since", ["-1"])[0])
                    wait = float(query.get("wait", ["0"])[0])
                    if wait > 0:
                        server.wait_change(since, wait)
                    zipped = "gzip" in self.headers.get("Accept-Encoding", "")
                    _, data = server.snapshot_json(zipped)
                    self._send(200, data, "application/json",
                               {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
                               if zipped else {"Vary": "Accept-Encoding"})
                elif path.startswith("/match/") and path.endswith(".mat"):
                    text = server.store.mat_text(path[len("/match/"):-len(".mat")])
                    name = path.rsplit("/", 1)[1]
                    self._send(200, text.encode("utf-8"), "text/plain; charset=utf-8",
                               {"Content-Disposition": f'attachment; filename="{name}"'})
                elif path.startswith("/table/") and path.endswith(".svg"):
                    table_id = path[len("/table/"):-len(".svg")]
                    views = [t for t in server.snapshot()["tables"] if t["id"] == table_id]
                    if not views or not views[0].get("svg"):
                        raise KeyError(table_id)
                    self._send(200, views[0]["svg"].encode("utf-8"), "image/svg+xml")
                else:
                    self._send(404, b"not found\n", "text/plain")
            except (StoreError, KeyError) as exc:
                self._send(404, f"{exc}\n".encode("utf-8"), "text/plain; charset=utf-8")
            except ValueError as exc:
                self._send(400, f"bad request: {exc}\n".encode("utf-8"), "text/plain; charset=utf-8")

        do_HEAD = do_GET

        def _refuse(self) -> None:
            self._send(HTTPStatus.METHOD_NOT_ALLOWED, b"read-only\n", "text/plain",
                       {"Allow": "GET, HEAD"})

        do_POST = do_PUT = do_DELETE = do_PATCH = _refuse

    return Handler
