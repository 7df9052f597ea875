"""Things both games share: move result codes, const(), save checksum.

Public constants carry no leading underscore so that `from engine.common import *`
style re-exports keep them importable on MicroPython (underscored const() names vanish).
"""
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

OK = const(0)
ERR_PHASE = const(1)
ERR_NOT_IN_HAND = const(2)
ERR_ILLEGAL = const(3)
ERR_BAD_MOVE = const(4)

# load() failure codes (nonzero; the game is left untouched)
LOAD_TOO_SHORT = const(1)
LOAD_BAD_MAGIC = const(2)
LOAD_BAD_VERSION = const(3)
LOAD_BAD_CHECKSUM = const(4)
LOAD_BAD_DATA = const(5)


def checksum16(buf, start, end):
    """Fletcher-16 over buf[start:end] (no slicing: no allocation, ints stay < 2**17)."""
    a = 0
    b = 0
    for i in range(start, end):
        a = (a + buf[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


def put16(buf, i, v):
    """Store a signed 16-bit value little-endian."""
    v &= 0xFFFF
    buf[i] = v & 0xFF
    buf[i + 1] = v >> 8


def get16(buf, i):
    v = buf[i] | (buf[i + 1] << 8)
    if v >= 0x8000:
        v -= 0x10000
    return v
