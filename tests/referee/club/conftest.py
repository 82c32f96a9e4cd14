"""A real mosquitto on a free loopback port (Debian's /usr/sbin/mosquitto), started per test.

Tests needing it skip with the reason when it is absent, except under CI=true where it must be
there (.ci/run installs it).
"""
from __future__ import annotations

import os
import shutil
import time

import pytest

from referee.club.broker import MOSQUITTO, Mosquitto

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def need(program: str, package: str) -> None:
    """Skip (fail under CI) when a Debian program is missing."""
    if os.path.exists(program):
        return
    message = f"{program} not installed (apt-get install -y {package})"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


class Broker(Mosquitto):
    """The test broker (referee.club.broker.Mosquitto)."""


@pytest.fixture
def broker(tmp_path):
    need(MOSQUITTO, "mosquitto")
    folder = tmp_path / "broker"
    folder.mkdir()
    b = Broker(folder).start()
    yield b
    b.stop()


@pytest.fixture
def make_broker(tmp_path):
    """A factory for brokers with options (users = {name: password})."""
    need(MOSQUITTO, "mosquitto")
    made = []

    def make(**kwargs):
        folder = tmp_path / f"broker{len(made)}"
        b = Broker(folder, **kwargs).start()
        made.append(b)
        return b
    yield make
    for b in made:
        b.stop()


def wait_for(predicate, timeout: float, what: str, interval: float = 0.02):
    """Poll predicate() until true; fail naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")
