"""The pure display protocol: COBS, CRC, frames, field payloads, and a fuzzed parser."""
from __future__ import annotations

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_bridge import layout, protocol

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["protocol.py", "layout.py"])
def test_firmware_copy_is_identical_byte_for_byte(name):
    host = (ROOT / "firmware_bridge" / name).read_bytes()
    firmware = (ROOT / "hardware" / "firmware" / name).read_bytes()
    assert firmware == host, f"run: cp firmware_bridge/{name} hardware/firmware/{name}"


@pytest.mark.parametrize("name", ["protocol.py", "layout.py", "bgref_display.py"])
def test_shared_modules_avoid_what_micropython_lacks(name):
    # MicroPython has no dataclasses/typing/__future__ and no str.ljust/rjust/center/format_map
    text = (ROOT / "hardware" / "firmware" / name).read_text()
    for banned in ("import dataclasses", "from dataclasses", "import typing", "from typing", "__future__", ".ljust(", ".rjust(",
                   ".center(", "f\"", "f'", ".hex(", "int.from_bytes", ".to_bytes("):
        assert banned not in text, f"{name} uses {banned}"


def test_crc16_ccitt_false_check_value():
    assert protocol.crc16(b"123456789") == 0x29B1
    assert protocol.crc16(b"") == 0xFFFF


@pytest.mark.parametrize("data, encoded", [
    (b"", b"\x01"),
    (b"\x00", b"\x01\x01"),
    (b"\x00\x00", b"\x01\x01\x01"),
    (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
    (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
    (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
    (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
])
def test_cobs_known_vectors(data, encoded):
    assert protocol.cobs_encode(data) == encoded
    assert protocol.cobs_decode(encoded) == data


@given(st.binary(max_size=600))
def test_cobs_round_trip_has_no_zero(data):
    encoded = protocol.cobs_encode(data)
    assert 0 not in encoded
    assert protocol.cobs_decode(encoded) == data


def test_frame_round_trip_and_counting():
    parser = protocol.FrameParser()
    stream = (protocol.encode_frame(protocol.TEXT, 7, b"hello")
              + protocol.encode_frame(protocol.PING, 8))
    assert parser.feed(stream[:5]) == []
    assert parser.feed(stream[5:]) == [(protocol.TEXT, 7, b"hello"), (protocol.PING, 8, b"")]
    assert parser.frames == 2 and parser.dropped == 0


def test_garbled_frames_are_dropped_and_counted_by_reason():
    parser = protocol.FrameParser()
    good = protocol.encode_frame(protocol.TURN, 1, b"\x00")
    flipped = bytearray(good)
    flipped[2] ^= 0x40  # the seq byte: still valid COBS, wrong CRC
    unknown = protocol.encode_frame(0x7E, 2, b"")
    frames = parser.feed(bytes(flipped) + b"\x05\x01\x00" + b"\x02\x01\x00" + unknown
                         + b"\x01" * 300 + b"\x00" + good)
    assert frames == [(protocol.TURN, 1, b"\x00")]
    assert parser.counters() == dict(frames=1, bad_cobs=1, bad_crc=1, too_short=1, too_long=1, unknown=1)
    assert parser.dropped == 5


def test_payload_too_long_is_refused_when_sending():
    with pytest.raises(ValueError, match="longer"):
        protocol.encode_frame(protocol.TEXT, 1, b"x" * (protocol.MAX_PAYLOAD + 1))


FIELD_VALUES = [
    (protocol.SCORE, (3, 1, 7)),
    (protocol.SCORE, (0, 65535, 0)),
    (protocol.TURN, None),
    (protocol.TURN, 1),
    (protocol.DICE, ()),
    (protocol.DICE, (6, 6, 6, 6)),
    (protocol.CUBE, (64, None)),
    (protocol.CUBE, (128, 0)),
    (protocol.PIPS, (167, 5)),
    (protocol.TEXT, "illegal: 24/18 blocked"),
    (protocol.BRIGHTNESS, 40),
    (protocol.NAMES, ("Alice", "")),
]


@pytest.mark.parametrize("kind, value", FIELD_VALUES)
def test_fields_pack_and_unpack(kind, value):
    assert protocol.unpack(kind, protocol.pack(kind, value)) == value


@pytest.mark.parametrize("kind, value", [
    (protocol.TURN, 2), (protocol.DICE, (7,)), (protocol.DICE, (1, 1, 1, 1, 1)),
    (protocol.SCORE, (70000, 0, 0)), (protocol.BRIGHTNESS, 101), (protocol.PING, None),
])
def test_bad_field_values_raise_value_error(kind, value):
    with pytest.raises(ValueError):
        protocol.pack(kind, value)


def test_text_is_ascii_and_cut():
    assert protocol.unpack(protocol.TEXT, protocol.pack(protocol.TEXT, "Zug ungültig")) == "Zug ung?ltig"
    assert len(protocol.pack(protocol.TEXT, "x" * 200)) == protocol.MAX_TEXT


@given(st.sampled_from(protocol.FIELD_KINDS), st.binary(max_size=100))
def test_unpack_of_any_payload_never_raises(kind, payload):
    protocol.unpack(kind, payload)  # returns a value or None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(
    st.binary(max_size=80),
    st.builds(lambda k, s, p: protocol.encode_frame(k, s, p),
              st.integers(0, 255), st.integers(0, 255), st.binary(max_size=protocol.MAX_PAYLOAD)),
), max_size=12), st.lists(st.integers(1, 40), max_size=8))
def test_fuzz_parser_never_raises_and_accounts_for_every_delimiter(chunks, cuts):
    stream = b"".join(chunks)
    parser = protocol.FrameParser()
    frames = []
    position = 0
    for cut in cuts + [len(stream)]:  # fed in arbitrary pieces
        frames += parser.feed(stream[position:position + cut])
        position += cut
    frames += parser.feed(stream[position:])
    for kind, seq, payload in frames:
        assert kind in protocol.KNOWN_KINDS and 0 <= seq <= 255
        assert len(payload) <= protocol.MAX_PAYLOAD
    # every non-empty run ended by 0x00 is either a frame or counted as dropped
    runs = [run for run in stream.split(b"\x00")[:-1] if run]
    assert parser.frames == len(frames)
    assert parser.frames + parser.dropped == len(runs)


@given(st.lists(st.tuples(st.sampled_from(protocol.KNOWN_KINDS), st.integers(0, 255),
                          st.binary(max_size=protocol.MAX_PAYLOAD)), max_size=10),
       st.binary(max_size=30))
def test_good_frames_survive_leading_noise(frames, noise):
    parser = protocol.FrameParser()
    parser.feed(noise + b"\x00")  # noise ends at a delimiter; then the frames all arrive
    stream = b"".join(protocol.encode_frame(*frame) for frame in frames)
    assert parser.feed(stream) == frames


def test_layout_is_twenty_by_four_for_any_fields():
    lines = layout.render({"names": ("Bartholomew", "X"), "score": (123, 4, 25), "cube": (1024, 1),
                           "pips": (1234, 0), "dice": (5, 5, 5, 5), "turn": 1, "text": "y" * 80})
    assert len(lines) == 4 and all(len(line) == 20 for line in lines)
    assert lines[0] == " Barthol    123p1234"
    assert lines[1] == ">X      1024  4   p0"
    assert lines[2] == "to 25        5-5-5-5"


def test_layout_scrolls_long_text():
    text = "move 24/18 is blocked on 18"
    assert layout.text_window(text, 0) == text[:20]
    assert layout.text_window(text, 3) == text[3:23]
    assert layout.text_window(text, len(text) + 3) == text[:20]
    assert layout.text_window("short", 7) == "short" + " " * 15


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(
    st.binary(max_size=60),
    st.builds(lambda k, s, p: protocol.encode_frame(k, s, p),
              st.sampled_from(protocol.KNOWN_KINDS), st.integers(0, 255), st.binary(max_size=40)),
), max_size=15))
def test_fuzz_the_device_never_raises_and_always_renders(chunks):
    from .conftest import load_firmware

    firmware = load_firmware()
    replies = []
    device = firmware.DisplayDevice(replies.append)
    device.feed(protocol.encode_frame(protocol.HELLO, 1, protocol.hello_payload()), 0.0)
    for chunk in chunks:
        device.feed(chunk, 1.0)
    lines = device.lines(1.0)
    assert len(lines) == 4 and all(len(line) == 20 for line in lines)
    parser = protocol.FrameParser()
    for reply in replies:  # whatever came in, what goes out is well-formed
        assert len(parser.feed(reply)) == 1
