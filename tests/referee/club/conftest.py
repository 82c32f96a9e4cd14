"""A real mosquitto on a free loopback port (Debian's /usr/sbin/mosquitto), started per test.

Tests needing it skip with the reason when it is absent, except under CI=true where it must be
there (.ci/run installs it).
"""
from __future__ import annotations

import os
import pathlib
import pwd
import shutil
import socket
import subprocess
import time

import pytest

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def need(program: str, package: str) -> None:
    """Skip (fail under CI) when a Debian program is missing."""
    if os.path.exists(program):
        return
    message = f"{program} not installed (apt-get install -y {package})"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Broker:
    """mosquitto with a generated config: persistence on, unlimited queues for durable sessions."""

    def __init__(self, folder: pathlib.Path, *, users: dict = None):
        self.folder = folder
        self.port = free_port()
        self.proc = None
        lines = [f"listener {self.port} 127.0.0.1",
                 "persistence true", f"persistence_location {folder}/",
                 "max_queued_messages 0", "max_inflight_messages 0",
                 f"log_dest file {folder}/mosquitto.log", "log_type error", "log_type warning",
                 "log_type notice"]
        if os.getuid() == 0:  # mosquitto drops root for 'mosquitto' unless told otherwise
            lines.append(f"user {pwd.getpwuid(os.getuid()).pw_name}")
        if users:
            passwd = folder / "passwd"
            passwd.write_text("")
            for user, password in users.items():
                subprocess.run([PASSWD, "-b", str(passwd), user, password], check=True,
                               capture_output=True, timeout=10)
            lines += ["allow_anonymous false", f"password_file {passwd}"]
        else:
            lines.append("allow_anonymous true")
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text("\n".join(lines) + "\n")

    def start(self) -> "Broker":
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto exited: {self.proc.stderr.read().decode()[-500:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not listen within 10 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def restart(self, down_seconds: float = 0.0) -> None:
        self.stop()
        time.sleep(down_seconds)
        self.start()


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
        folder.mkdir()
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
