"""The display link protocol: COBS frames with a CRC-16, shared byte for byte with the Pico firmware.

Pure: no I/O, no clocks, no dataclasses or typing, so MicroPython imports the very same file
(hardware/firmware/protocol.py is a copy kept identical by a test). Like pyserial's
serial.threaded.FramedPacket, a FrameParser is fed bytes and hands back whole frames; anything
garbled or unknown is dropped and counted, never raised.

A frame on the wire is COBS(kind, seq, payload..., crc_hi, crc_lo) followed by one 0x00.
The CRC is CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over kind, seq and payload.

Conversation (the host is the referee, the device the display):
  host HELLO(seq, [version])         -> device DEVICE_HELLO(same seq, [version] + device name)
  host field message or PING (seq)  -> device ACK(same seq), or RESYNC(same seq) if the device
                                       has not had a HELLO since it booted
  device DEVICE_HELLO(seq 0) on boot -> host handshakes again and re-sends every field
The host keeps one message in flight, retries it after a timeout, and re-handshakes after too many
retries. Field messages carry absolute values, so a repeated message is harmless. When idle the
host sends a PING (the heartbeat) every second; after 3.5 s of silence the display says the
referee is gone, and the host re-handshakes when PINGs go unanswered.
"""

VERSION = 1
MAX_PAYLOAD = 96  # bytes; a frame is at most kind + seq + payload + crc
MAX_FRAME = MAX_PAYLOAD + 4
MAX_TEXT = 80  # characters of the text line
MAX_NAME = 16  # characters of a player name

# Link control
HELLO = 0x01
PING = 0x02
ACK = 0x03
RESYNC = 0x04
DEVICE_HELLO = 0x05  # the device's answer to HELLO, and its announcement on boot
# Display fields, one message each
SCORE = 0x10  # p0 (u16), p1 (u16), match length (u16, 0 = money)
TURN = 0x11  # 0, 1, or 0xFF for nobody
DICE = 0x12  # 0..4 dice, each 1..6
CUBE = 0x13  # value (u16), owner 0, 1 or 0xFF for the middle
PIPS = 0x14  # p0 (u16), p1 (u16)
TEXT = 0x15  # ASCII, up to MAX_TEXT characters
BRIGHTNESS = 0x16  # 0..100 percent
NAMES = 0x17  # length, name of player 0, length, name of player 1 (ASCII)

CONTROL_KINDS = (HELLO, PING, ACK, RESYNC, DEVICE_HELLO)
FIELD_KINDS = (SCORE, TURN, DICE, CUBE, PIPS, TEXT, BRIGHTNESS, NAMES)
KNOWN_KINDS = CONTROL_KINDS + FIELD_KINDS
FIELD_NAMES = {
    SCORE: "score",
    TURN: "turn",
    DICE: "dice",
    CUBE: "cube",
    PIPS: "pips",
    TEXT: "text",
    BRIGHTNESS: "brightness",
    NAMES: "names",
}
NOBODY = 0xFF


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
        table.append(crc)
    return table


_CRC_TABLE = _crc_table()


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE of data (crc16(b"123456789") == 0x29B1)."""
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc


def cobs_encode(data):
    """Consistent Overhead Byte Stuffing: the result has no 0x00, so 0x00 can end a frame."""
    out = bytearray()
    code_at = 0
    out.append(0)
    code = 1
    for byte in data:
        if byte:
            out.append(byte)
            code += 1
        if not byte or code == 0xFF:
            out[code_at] = code
            code = 1
            code_at = len(out)
            out.append(0)
    out[code_at] = code
    return bytes(out)


def cobs_decode(data):
    """Undo cobs_encode; returns None when data is not valid COBS (a garbled frame)."""
    out = bytearray()
    index = 0
    length = len(data)
    while index < length:
        code = data[index]
        if code == 0 or index + code > length:
            return None
        end = index + code
        chunk = data[index + 1:end]
        for byte in chunk:
            if byte == 0:
                return None
        out.extend(chunk)
        index = end
        if code < 0xFF and index < length:
            out.append(0)
    return bytes(out)


def encode_frame(kind, seq, payload=b""):
    """One frame ready for the wire, 0x00 delimiter included."""
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes is longer than %d" % (len(payload), MAX_PAYLOAD))
    body = bytearray()
    body.append(kind & 0xFF)
    body.append(seq & 0xFF)
    body.extend(payload)
    crc = crc16(body)
    body.append(crc >> 8)
    body.append(crc & 0xFF)
    return cobs_encode(body) + b"\x00"


class FrameParser:
    """Fed raw bytes, returns whole frames as (kind, seq, payload); drops and counts the rest."""

    def __init__(self, known_kinds=KNOWN_KINDS):
        self.known_kinds = known_kinds
        self.buffer = bytearray()
        self.overflowing = False
        self.frames = 0  # good frames handed back
        self.bad_cobs = 0
        self.bad_crc = 0
        self.too_short = 0
        self.too_long = 0
        self.unknown = 0  # good CRC, kind this version does not know

    @property
    def dropped(self):
        """All frames thrown away so far."""
        return self.bad_cobs + self.bad_crc + self.too_short + self.too_long + self.unknown

    def counters(self):
        """The counters as a dict, for logs and the bench."""
        return {
            "frames": self.frames,
            "bad_cobs": self.bad_cobs,
            "bad_crc": self.bad_crc,
            "too_short": self.too_short,
            "too_long": self.too_long,
            "unknown": self.unknown,
        }

    def reset(self):
        """Forget a half-received frame (after the link was reopened)."""
        self.buffer = bytearray()
        self.overflowing = False

    def feed(self, data):
        """Add bytes from the wire; return the list of complete good frames in them."""
        frames = []
        limit = MAX_FRAME + MAX_FRAME // 254 + 2  # the longest valid COBS encoding
        for byte in data:
            if byte == 0:
                if self.overflowing:
                    self.too_long += 1
                elif self.buffer:
                    frame = self._decode(self.buffer)
                    if frame is not None:
                        frames.append(frame)
                self.buffer = bytearray()
                self.overflowing = False
            elif not self.overflowing:
                self.buffer.append(byte)
                if len(self.buffer) > limit:
                    self.overflowing = True
                    self.buffer = bytearray()
        return frames

    def _decode(self, raw):
        body = cobs_decode(raw)
        if body is None:
            self.bad_cobs += 1
            return None
        if len(body) < 4:
            self.too_short += 1
            return None
        if len(body) > MAX_FRAME:
            self.too_long += 1
            return None
        crc = (body[-2] << 8) | body[-1]
        if crc16(body[:-2]) != crc:
            self.bad_crc += 1
            return None
        kind = body[0]
        if kind not in self.known_kinds:
            self.unknown += 1
            return None
        self.frames += 1
        return (kind, body[1], bytes(body[2:-2]))


# ---- field payloads: pack on the host, unpack on the device --------------------------------

def _u16(value):
    value = int(value)
    if value < 0 or value > 0xFFFF:
        raise ValueError("%d does not fit in 16 bits" % value)
    return bytes((value >> 8, value & 0xFF))


def _get_u16(payload, at):
    return (payload[at] << 8) | payload[at + 1]


def _player_byte(player):
    if player is None:
        return NOBODY
    if player not in (0, 1):
        raise ValueError("player must be 0, 1 or None, not %r" % (player,))
    return player


def _player(byte):
    if byte == NOBODY:
        return None
    if byte in (0, 1):
        return byte
    return -1  # invalid marker for the unpackers


def ascii_bytes(text, limit):
    """Text as printable ASCII bytes for the LCD, cut to limit; anything else becomes '?'."""
    out = bytearray()
    for char in text[:limit]:
        code = ord(char)
        out.append(code if 32 <= code < 127 else 63)
    return bytes(out)


def ascii_text(payload):
    """Bytes from the wire as printable text; non-printable bytes become '?'."""
    chars = []
    for byte in payload:
        chars.append(chr(byte) if 32 <= byte < 127 else "?")
    return "".join(chars)


def pack(kind, value):
    """The payload for one display field; raises ValueError for values that do not fit."""
    if kind == SCORE:
        return _u16(value[0]) + _u16(value[1]) + _u16(value[2])
    if kind == TURN:
        return bytes((_player_byte(value),))
    if kind == DICE:
        if len(value) > 4:
            raise ValueError("at most 4 dice, not %d" % len(value))
        for die in value:
            if die < 1 or die > 6:
                raise ValueError("a die shows 1 to 6, not %r" % (die,))
        return bytes([len(value)] + [int(die) for die in value])
    if kind == CUBE:
        return _u16(value[0]) + bytes((_player_byte(value[1]),))
    if kind == PIPS:
        return _u16(value[0]) + _u16(value[1])
    if kind == TEXT:
        return ascii_bytes(value, MAX_TEXT)
    if kind == BRIGHTNESS:
        if value < 0 or value > 100:
            raise ValueError("brightness is 0 to 100, not %r" % (value,))
        return bytes((int(value),))
    if kind == NAMES:
        first = ascii_bytes(value[0], MAX_NAME)
        second = ascii_bytes(value[1], MAX_NAME)
        return bytes((len(first),)) + first + bytes((len(second),)) + second
    raise ValueError("kind 0x%02x is not a display field" % kind)


def unpack(kind, payload):
    """The value of one display field, or None if the payload is malformed."""
    size = len(payload)
    if kind == SCORE:
        if size != 6:
            return None
        return (_get_u16(payload, 0), _get_u16(payload, 2), _get_u16(payload, 4))
    if kind == TURN:
        if size != 1 or _player(payload[0]) == -1:
            return None
        return _player(payload[0])
    if kind == DICE:
        if size < 1 or payload[0] > 4 or size != payload[0] + 1:
            return None
        dice = tuple(payload[1:])
        for die in dice:
            if die < 1 or die > 6:
                return None
        return dice
    if kind == CUBE:
        if size != 3 or _player(payload[2]) == -1:
            return None
        return (_get_u16(payload, 0), _player(payload[2]))
    if kind == PIPS:
        if size != 4:
            return None
        return (_get_u16(payload, 0), _get_u16(payload, 2))
    if kind == TEXT:
        if size > MAX_TEXT:
            return None
        return ascii_text(payload)
    if kind == BRIGHTNESS:
        if size != 1 or payload[0] > 100:
            return None
        return payload[0]
    if kind == NAMES:
        if size < 2:
            return None
        first = payload[0]
        if first > MAX_NAME or size < first + 2:
            return None
        second = payload[first + 1]
        if second > MAX_NAME or size != first + second + 2:
            return None
        return (ascii_text(payload[1:first + 1]), ascii_text(payload[first + 2:]))
    return None


def hello_payload(name=""):
    """HELLO carries the protocol version, then (from the device) its name."""
    return bytes((VERSION,)) + ascii_bytes(name, 32)


def parse_hello(payload):
    """(version, name) from a HELLO payload, or None if it is empty."""
    if not payload:
        return None
    return (payload[0], ascii_text(payload[1:]))
