"""The firmware's DisplayDevice alone (no pty): handshake rules, counters, link-lost screen."""
from __future__ import annotations

from firmware_bridge import protocol

from .conftest import load_firmware

firmware = load_firmware()


def make():
    sent = []
    device = firmware.DisplayDevice(sent.append)
    parser = protocol.FrameParser()

    def replies():
        frames = [frame for data in sent for frame in parser.feed(data)]
        sent.clear()
        return [(kind, seq) for kind, seq, _ in frames]

    return device, replies


def hello(device, now=0.0, version=protocol.VERSION):
    device.feed(protocol.encode_frame(protocol.HELLO, 1, bytes((version,))), now)


def field(kind, value, seq):
    return protocol.encode_frame(kind, seq, protocol.pack(kind, value))


def test_boot_announces_with_seq_zero():
    device, replies = make()
    device.boot()
    assert replies() == [(protocol.DEVICE_HELLO, 0)]


def test_fields_before_hello_get_resync_and_are_not_shown():
    device, replies = make()
    device.feed(field(protocol.TEXT, "hi", 5) + protocol.encode_frame(protocol.PING, 6), 0.0)
    assert replies() == [(protocol.RESYNC, 5), (protocol.RESYNC, 6)]
    assert device.fields == {}
    assert device.lines(0.0)[3] == "waiting for referee "


def test_hello_then_fields_are_acked_and_shown():
    device, replies = make()
    hello(device)
    device.feed(field(protocol.TEXT, "hi", 2) + field(protocol.TURN, 1, 3), 0.1)
    assert replies() == [(protocol.DEVICE_HELLO, 1), (protocol.ACK, 2), (protocol.ACK, 3)]
    assert device.fields == {"text": "hi", "turn": 1}
    assert device.lines(0.2)[1].startswith(">Player2")


def test_wrong_version_is_answered_but_not_synced():
    device, replies = make()
    hello(device, version=protocol.VERSION + 1)
    device.feed(field(protocol.TEXT, "hi", 2), 0.1)
    assert replies() == [(protocol.DEVICE_HELLO, 1), (protocol.RESYNC, 2)]
    assert not device.synced


def test_repeated_message_is_counted_and_acked_again():
    device, replies = make()
    hello(device)
    frame = field(protocol.SCORE, (1, 2, 5), 9)
    device.feed(frame + frame, 0.1)
    assert replies()[1:] == [(protocol.ACK, 9), (protocol.ACK, 9)]
    assert device.duplicates == 1 and device.changes == 1


def test_malformed_payload_is_counted_acked_and_ignored():
    device, replies = make()
    hello(device)
    device.feed(protocol.encode_frame(protocol.DICE, 4, b"\x02\x09\x01"), 0.1)  # a die showing 9
    assert replies()[1:] == [(protocol.ACK, 4)]
    assert device.malformed == 1 and "dice" not in device.fields


def test_silence_longer_than_the_link_timeout_says_so_on_screen():
    device, replies = make()
    hello(device, now=10.0)
    device.feed(field(protocol.TEXT, "your move", 2), 10.0)
    assert device.lines(10.0 + firmware.LINK_TIMEOUT - 0.1)[3].startswith("your move")
    assert device.lines(10.0 + firmware.LINK_TIMEOUT + 0.1)[3] == "referee link lost   "
    device.feed(protocol.encode_frame(protocol.PING, 3), 20.0)  # the heartbeat comes back
    assert device.lines(20.0)[3].startswith("your move")


def test_long_text_scrolls_with_time():
    device, _ = make()
    hello(device)
    device.feed(field(protocol.TEXT, "illegal: a checker on the bar must enter first", 2), 0.0)
    first = device.lines(0.0)[3]
    later = device.lines(firmware.SCROLL_STEP * 3 + 0.01)[3]
    assert first.startswith("illegal: a ch") and later.startswith("egal: a che")
