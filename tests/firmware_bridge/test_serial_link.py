"""SerialDisplay against the firmware's logic over a pseudo-terminal: the link as a club table sees it."""
from __future__ import annotations

import random
import time

import pytest

from firmware_bridge import DisplayState, SerialDisplay

FAST = dict(ack_timeout=0.05, max_retries=3, heartbeat_interval=0.2, reconnect_interval=0.05,
            poll_interval=0.02)

GAME = DisplayState(
    score=(3, 1), match_length=7, turn=0, dice=(3, 1), cube_value=2, cube_owner=1,
    pips=(150, 142), text="illegal: bar first", names=("Alice", "Bob"),
)
GAME_LINES = [
    ">Alice        3 p150",
    " Bob    [2]   1 p142",
    "to 7             3-1",
    "illegal: bar first  ",
]


def shows(device, state: DisplayState):
    return lambda: device.screen.lines == state.lines()


def test_full_session_handshake_fields_heartbeat(pty_device):
    device = pty_device(digits=True)
    with SerialDisplay(str(device.path), **FAST) as display:
        display.show(GAME)
        assert display.wait_in_sync(5)
        assert device.wait_for(shows(device, GAME))
        assert device.screen.lines == GAME.lines()
        assert device.digits.shown == (2, 3, 1, 100)
        stats = display.stats
        assert stats.synced and stats.connected
        assert stats.device_name == "bgref-lcd20x4" and stats.device_version == 1
        assert stats.handshakes == 1 and stats.dropped == 0

        # the next move changes only some fields: only those go over the wire
        acked = display.stats.acked
        moved = DisplayState(**{**GAME.__dict__, "turn": 1, "dice": (6, 6, 6, 6), "text": ""})
        display.show(moved)
        assert display.wait_in_sync(5)
        assert device.wait_for(shows(device, moved))
        assert display.stats.acked - acked == 3  # turn, dice, text

        # idle: heartbeats keep the device's "link up" alive
        pings_before = display.stats.acked
        time.sleep(0.5)
        assert display.stats.acked > pings_before
        assert device.device.link_up(time.monotonic())
    assert device.device.parser.dropped == 0


def test_the_device_shows_exactly_the_layout(pty_device):
    device = pty_device()
    with SerialDisplay(str(device.path), **FAST) as display:
        display.show(GAME)
        assert device.wait_for(lambda: device.screen.lines == GAME_LINES)


def test_device_shows_waiting_until_the_host_comes(pty_device):
    device = pty_device()
    assert device.wait_for(lambda: device.screen.lines != [])
    assert device.screen.lines[3].strip() == "waiting for referee"


def test_garbled_bytes_both_ways_are_dropped_and_counted(pty_device):
    rng = random.Random(4)
    device = pty_device()

    def garble(data: bytes) -> bytes:
        data = bytearray(data)
        if rng.random() < 0.3:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        if rng.random() < 0.2:
            data = bytearray(rng.randbytes(rng.randrange(1, 20))) + data
        return bytes(data)

    device.link.mangle_in = garble
    device.link.mangle_out = garble
    with SerialDisplay(str(device.path), **FAST) as display:
        for turn in range(6):
            state = DisplayState(turn=turn % 2, dice=(turn % 6 + 1, 2), score=(turn, 0),
                                 text=f"move {turn}")
            display.show(state)
            time.sleep(0.02)
        assert display.wait_in_sync(10)
        assert device.wait_for(shows(device, state))
        device.link.mangle_in = device.link.mangle_out = None
        assert device.device.parser.dropped + display.stats.dropped > 0
        assert display.stats.retries > 0


def test_link_dropped_mid_message_recovers(pty_device):
    device = pty_device()
    cut = {"left": 3}

    def cut_frames(data: bytes) -> bytes:
        # the first frames arrive only half: the cable "drops" in the middle of a message
        if cut["left"] > 0 and len(data) > 4:
            cut["left"] -= 1
            return data[: len(data) // 2]
        return data

    with SerialDisplay(str(device.path), **FAST) as display:
        display.show(GAME)
        assert display.wait_in_sync(5)
        device.link.mangle_in = cut_frames
        cut["left"] = 3
        later = DisplayState(**{**GAME.__dict__, "text": "check the board"})
        display.show(later)
        assert display.wait_in_sync(5)
        assert device.wait_for(shows(device, later))
        assert cut["left"] == 0
        assert display.stats.retries >= 1


def test_unplug_and_replug_resends_the_whole_state(pty_device):
    device = pty_device()
    with SerialDisplay(str(device.path), **FAST) as display:
        display.show(GAME)
        assert display.wait_in_sync(5)
        device.unplug()
        assert device.wait_for(lambda: not display.stats.connected or not display.stats.synced, 3)

        # the referee carries on while the display is gone; show() returns at once
        start = time.monotonic()
        later = DisplayState(**{**GAME.__dict__, "turn": 1, "text": "rolled 5-2"})
        display.show(later)
        assert time.monotonic() - start < 0.05  # no waiting on the port (0.05: slack for a loaded CI)

        # a fresh device (rebooted, empty) appears at the same path
        device.screen.lines = []
        device.plug_in()
        assert device.wait_for(shows(device, later), 5)
        assert display.wait_in_sync(5)
        assert display.stats.reconnects >= 1 and display.stats.handshakes >= 2


def test_device_reboot_without_unplug_triggers_resync(pty_device):
    device = pty_device()
    with SerialDisplay(str(device.path), **FAST) as display:
        display.show(GAME)
        assert display.wait_in_sync(5)
        # the Pico resets: it forgets everything and announces itself (HELLO, seq 0)
        fresh = device.firmware.DisplayDevice(device.link.write)
        device.device.fields.clear()
        device.device.synced = False
        device.device.boot()
        assert device.wait_for(lambda: device.device.fields.get("text") == "illegal: bar first", 5)
        assert fresh.name == "bgref-lcd20x4"
        assert display.stats.handshakes >= 2


def test_slow_device_still_converges_and_show_never_blocks(pty_device):
    device = pty_device()
    device.link.delay = 0.08  # slower than the ack timeout: every message needs a retry or two
    with SerialDisplay(str(device.path), **{**FAST, "max_retries": 6}) as display:
        worst = 0.0
        for n in range(20):
            start = time.monotonic()
            display.show(DisplayState(score=(n, 0), text=f"state {n}"))
            worst = max(worst, time.monotonic() - start)
        final = DisplayState(score=(19, 0), text="state 19")
        assert worst < 0.05  # never waits for the slow device (0.05: slack for a loaded CI)
        assert display.wait_in_sync(10)
        assert device.wait_for(shows(device, final), 5)
        assert display.stats.retries > 0


def test_version_mismatch_is_refused_not_crashed(pty_device):
    device = pty_device(version=9)
    with SerialDisplay(str(device.path), **FAST) as display:
        display.show(GAME)
        assert device.wait_for(lambda: display.stats.device_version == 9, 5)
        time.sleep(0.2)
        assert not display.stats.synced
        assert not display.in_sync()
        assert device.device.fields == {}


def test_missing_port_is_retried_in_the_background(tmp_path):
    with SerialDisplay(str(tmp_path / "nothing"), **FAST) as display:
        display.show(GAME)
        time.sleep(0.15)
        assert not display.stats.connected
        assert not display.in_sync()


def test_loop_url_works_without_a_device():
    # loop:// echoes our own frames back: never a handshake, never a crash
    with SerialDisplay("loop://", **FAST) as display:
        display.show(GAME)
        time.sleep(0.2)
        stats = display.stats
        assert stats.connected and not stats.synced


@pytest.mark.parametrize("bad", [dict(turn=2), dict(dice=(0, 3)), dict(score=(1,)),
                                 dict(cube_value=0), dict(brightness=101), dict(names=("a",))])
def test_bad_state_is_a_clear_value_error(bad):
    from firmware_bridge import InvalidDisplayStateError

    with pytest.raises(InvalidDisplayStateError, match=next(iter(bad))):
        DisplayState(**bad)


def test_close_is_prompt_and_stops_the_link_thread(pty_device):
    device = pty_device()
    display = SerialDisplay(str(device.path), **FAST)
    display.show(GAME)
    assert display.wait_in_sync(5)
    start = time.monotonic()
    display.close()
    assert time.monotonic() - start < 0.5
    assert not display._thread.is_alive()
    assert not display.stats.connected


def test_a_bug_in_the_link_thread_reopens_instead_of_dying(pty_device, caplog):
    device = pty_device()
    opened = []

    def flaky_open(url, **kwargs):
        import serial

        port = serial.serial_for_url(url, **kwargs)
        if not opened:
            port.read = lambda size=1: (_ for _ in ()).throw(RuntimeError("boom"))
        opened.append(port)
        return port

    with SerialDisplay(str(device.path), open_port=flaky_open, **FAST) as display:
        display.show(GAME)
        assert display.wait_in_sync(5)
    assert "failed; reopening" in caplog.text and len(opened) >= 2
