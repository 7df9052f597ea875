"""Things both games share: move result codes, const(), the save frame and its checks.

Public constants carry no leading underscore so that `from engine.common import *`
style re-exports keep them importable on MicroPython (underscored const() names vanish).

Save frame (both games): bytes 0-1 magic, 2 version (1), 3 n (the save's length), the payload,
then at n-3 the XOR of bytes 0..n-4 (Fletcher-16 works mod 255, so it cannot see a byte
changing between 0x00 and 0xFF; the XOR sees every single-byte change) and at n-2..n-1
checksum16(buf, 0, n-2) little-endian.
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


def seal(buf, magic, k):
    """Frame a save whose payload ends before k: magic (2 bytes as 0xHHLL = b'HL'), version,
    length, parity byte, checksum. Returns the length n = k + 3."""
    buf[0] = magic >> 8
    buf[1] = magic & 0xFF
    buf[2] = 1
    buf[3] = k + 3
    x = 0
    for i in range(k):
        x ^= buf[i]
    buf[k] = x
    put16(buf, k + 1, checksum16(buf, 0, k + 1))
    return k + 3


def unseal(buf, magic, least):
    """The length n of the save in buf if its frame is sound (n >= least > 5), else a LOAD_*
    code (< 6). The payload itself is for the game to check."""
    size = len(buf)
    if size < 4:
        return LOAD_TOO_SHORT
    if buf[0] != magic >> 8 or buf[1] != magic & 0xFF:
        return LOAD_BAD_MAGIC
    if buf[2] != 1:
        return LOAD_BAD_VERSION
    n = buf[3]
    if n < least or n > size:
        return LOAD_TOO_SHORT
    x = 0
    for i in range(n - 2):
        x ^= buf[i]
    if x or (buf[n - 2] | (buf[n - 1] << 8)) != checksum16(buf, 0, n - 2):
        return LOAD_BAD_CHECKSUM
    return n
