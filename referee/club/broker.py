"""A local mosquitto with a generated config, for tests, benches and a club trying things out.

The settings are the ones a club broker needs for "nothing lost": persistence on (retained states
and the server's queued session survive a restart) and no limit on the messages queued for the
server while it is away (mosquitto's default drops beyond 1000).
"""
from __future__ import annotations

import os
import pathlib
import pwd
import shutil
import socket
import subprocess
import time

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"

CLUB_SETTINGS = ("persistence true", "max_queued_messages 0", "max_inflight_messages 0")


def free_port() -> int:
    """A TCP port free on the loopback interface right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mosquitto:
    """mosquitto on 127.0.0.1:port with its config, persistence and log in `folder`;
    users = {name: password} turns anonymous access off; with server_user set, an ACL lets each
    table user write only its own topics (<prefix>/<club>/<user>/...) and server_user read all;
    tls = (cafile, certfile, keyfile) makes the listener TLS only."""

    def __init__(self, folder, *, port: int = 0, users: dict = None, server_user: str = "",
                 prefix: str = "bgref", tls: tuple = ()):
        self.folder = pathlib.Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.proc = None
        lines = [f"listener {self.port} 127.0.0.1", *CLUB_SETTINGS,
                 *([f"cafile {tls[0]}", f"certfile {tls[1]}", f"keyfile {tls[2]}"] if tls else []),
                 f"persistence_location {self.folder}/",
                 f"log_dest file {self.folder}/mosquitto.log",
                 "log_type error", "log_type warning", "log_type notice"]
        if os.getuid() == 0:  # mosquitto drops root for user 'mosquitto' unless told otherwise
            lines.append(f"user {pwd.getpwuid(os.getuid()).pw_name}")
        if users:
            passwd = self.folder / "passwd"
            passwd.write_text("")
            for user, password in users.items():
                subprocess.run([PASSWD, "-b", str(passwd), user, password], check=True,
                               capture_output=True, timeout=10)
            lines += ["allow_anonymous false", f"password_file {passwd}"]
            if server_user:
                acl = self.folder / "acl"
                acl.write_text(f"pattern readwrite {prefix}/+/%u/#\n\n"
                               f"user {server_user}\ntopic read {prefix}/#\n"
                               f"topic write {prefix}/+/+/stored\n")
                lines.append(f"acl_file {acl}")
        else:
            lines.append("allow_anonymous true")
        self.conf = self.folder / "mosquitto.conf"
        self.conf.write_text("\n".join(lines) + "\n")

    def start(self, timeout: float = 10.0) -> "Mosquitto":
        """Start it and wait (at most `timeout` s) until it accepts connections."""
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise OSError(f"mosquitto exited: {self.proc.stderr.read().decode()[-500:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise OSError(f"mosquitto did not listen on port {self.port} within {timeout} s")

    def stop(self) -> None:
        """SIGTERM (mosquitto saves its persistence file), SIGKILL if it hangs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def kill(self) -> None:
        """SIGKILL: a crash; what it held in memory since its last save is gone."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self.proc = None

    def restart(self, down_seconds: float = 0.0, *, crash: bool = False) -> None:
        self.kill() if crash else self.stop()
        time.sleep(down_seconds)
        self.start()

    def __enter__(self) -> "Mosquitto":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
