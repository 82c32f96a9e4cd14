"""TLS when configured: a broker with a certificate from a test CA; the table and the server trust
that CA (mqtt.ca_file) and their events arrive; a client without TLS gets nothing through."""
from __future__ import annotations

import dataclasses
import itertools
import shutil
import subprocess

import pytest

from referee.club.publisher import Publisher
from referee.club.server import ClubServer
from referee.club.simulate import SimulatedTable
from referee.club.storage import ClubStore

from .conftest import wait_for
from .helpers import club_config


def make_certificates(folder):
    """A CA and a server certificate for 127.0.0.1 (openssl), returned as paths."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl not installed")
    ca_key, ca, key, csr, cert = (folder / n for n in ("ca.key", "ca.pem", "server.key",
                                                       "server.csr", "server.pem"))

    def run(*args):
        subprocess.run([openssl, *args], check=True, capture_output=True, timeout=30)
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(ca_key), "-out", str(ca),
        "-days", "2", "-subj", "/CN=bgref test CA")
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(csr),
        "-subj", "/CN=127.0.0.1")
    ext = folder / "san.cnf"
    ext.write_text("subjectAltName=IP:127.0.0.1\n")
    run("x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key),
        "-CAcreateserial", "-out", str(cert), "-days", "2", "-extfile", str(ext))
    return ca, cert, key


def test_events_travel_over_tls(make_broker, tmp_path):
    certs = tmp_path / "certs"
    certs.mkdir()
    ca, cert, key = make_certificates(certs)
    broker = make_broker(tls=(ca, cert, key))
    config = club_config(broker, tmp_path, mqtt={"tls": True, "ca_file": str(ca)})
    store = ClubStore(config.database)
    server = ClubServer(config, store).start(http=False)
    ticks = itertools.count()
    sim = SimulatedTable(tmp_path / "t1.jsonl", seed=1, clock=lambda: 1e9 + next(ticks))
    plain = SimulatedTable(tmp_path / "t2.jsonl", seed=2, clock=lambda: 1e9 + next(ticks))
    for _ in range(8):
        sim.step(), plain.step()
    pub = Publisher(tmp_path / "t1.jsonl", club=config.club, table="t1", mqtt=config.mqtt)
    no_tls = Publisher(tmp_path / "t2.jsonl", club=config.club, table="t2",
                       mqtt=dataclasses.replace(config.mqtt, tls=False, ca_file=""))
    try:
        wait_for(server.connected.is_set, 10, "the server to connect over TLS")
        for p in (pub, no_tls):
            p.start()
            p.poll()
        assert pub.flush(10)
        wait_for(lambda: store.event_count() == len(sim.journal.records), 10, "t1 stored")
        assert not no_tls.flush(0.5) and no_tls.connects == 0
        assert {t["table"] for t in store.tables()} == {"t1"}
    finally:
        for p in (pub, no_tls):
            p.close(0.2)
        server.close()
        store.close()
        sim.close()
        plain.close()
