"""Run by run.mjs under real MicroPython: the firmware modules import and work there too."""
import sys
sys.path.insert(0, '/')
import protocol, layout, bgref_display, lcd_i2c, max7219
print(sys.implementation.name, sys.version)
assert protocol.crc16(b"123456789") == 0x29B1
data = bytes(range(256)) * 2
assert protocol.cobs_decode(protocol.cobs_encode(data)) == data
replies = []
dev = bgref_display.DisplayDevice(replies.append)
dev.boot()
host = protocol.FrameParser()
stream = protocol.encode_frame(protocol.HELLO, 1, protocol.hello_payload())
vals = [(protocol.SCORE, (3, 1, 7)), (protocol.TURN, 0), (protocol.DICE, (3, 1)), (protocol.CUBE, (2, 1)),
        (protocol.PIPS, (150, 142)), (protocol.TEXT, "illegal: bar first"), (protocol.BRIGHTNESS, 50),
        (protocol.NAMES, ("Alice", "Bob"))]
seq = 2
for kind, value in vals:
    stream += protocol.encode_frame(kind, seq, protocol.pack(kind, value))
    seq += 1
stream += b"\x05garbage\x00\x01\x02\x03\x00"
dev.feed(stream, 1.0)
frames = []
for r in replies:
    frames += host.feed(r)
print("replies", [(k, s) for k, s, p in frames])
print("dropped on device", dev.parser.dropped, dev.parser.counters())
for line in dev.lines(1.0):
    print("|" + line + "|")
assert dev.lines(1.0) == [">Alice        3 p150", " Bob    [2]   1 p142", "to 7             3-1",
                          "illegal: bar first  "]
assert [k for k, s, p in frames] == [5, 5] + [3] * 8
assert dev.parser.dropped == 2 and dev.brightness() == 50
class I2C:
    def __init__(self): self.n = 0
    def writeto(self, a, d): self.n += len(d)
lcd = lcd_i2c.Lcd2004(I2C(), lambda ms: None)
lcd.show(dev.lines(1.0), 50)
print("lcd bytes", lcd.i2c.n)
class SPI:
    def write(self, d): pass
class CS:
    def value(self, v): pass
dg = max7219.Digits(SPI(), CS())
dg.show(2, 3, 1, 50)
print("digits", dg.codes)
assert dg.codes == [15, 2, 15, 15, 3, 10, 15, 1]
print("OK")
