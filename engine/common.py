# Things both games share: move result codes, const(), the save frame and its checks.
#
# Public constants carry no leading underscore so that `from engine.common import *`
# style re-exports keep them importable on MicroPython (underscored const() names vanish).
#
# Save frame (both games): bytes 0-1 magic, 2 version (1), 3 n (the save's length), the payload,
# then at n-3 the XOR of bytes 0..n-4 (Fletcher-16 works mod 255, so it cannot see a byte
# changing between 0x00 and 0xFF; the XOR sees every single-byte change) and at n-2..n-1
# checksum16(buf, 0, n-2) little-endian.
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

# Card codes the engines need (engine/cards.py re-exports them with the rest of the card names):
# a card is the int (suit << 4) | rank, suit 4 = the jokers (the bloopers).
NO_CARD = const(0)
ALLEY_CAT = const(0x15)  # 5 of diamonds
LITTLE_BLOOPER = const(0x41)
BIG_BLOOPER = const(0x42)


def is_card(c):
    """True for a real card code of either game's deck (52 cards + the two bloopers)."""
    if c < 0x01 or c > 0x42:
        return False
    r = c & 15
    if c >> 4 == 4:
        return r == 1 or r == 2
    return 1 <= r <= 13


# One scratch buffer for both games (copy_from, is_consistent, dealing): saves are <= 256 bytes.
SCRATCH = bytearray(256)


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


# Deterministic RNG: xorshift32 (13, 17, 5) held as two 16-bit halves (engine/rng.py re-exports it).
# Why halves: on 32-bit CircuitPython an int beyond +-2**30 becomes a heap object, so a plain
# 32-bit xorshift would allocate. Every intermediate here stays below 2**29, so the same
# sequence comes out on CPython, MicroPython and CircuitPython without touching the heap.
# (It lives here so that the engines load one module less.)
class Rng:
    def seed(self, seed=0):
        # Fold any int (even a big one on CPython) into 30 bits, then avoid the all-zero state.
        s = seed & 0x3FFFFFFF
        self.hi = (s >> 16) ^ 0x5A17
        self.lo = (s & 0xFFFF) ^ 0xC3A5
        if self.hi == 0 and self.lo == 0:
            self.lo = 1
        # A few rounds so nearby seeds diverge at once.
        for _ in range(4):
            self.next30()

    __init__ = seed  # Rng(seed): one function less on the heap

    def next30(self):
        """Advance and return a value in 0 .. 2**30 - 1."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        nh = ((hi << 13) | (lo >> 3)) & 0xFFFF
        nl = (lo << 13) & 0xFFFF
        hi ^= nh
        lo ^= nl
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        nh = ((hi << 5) | (lo >> 11)) & 0xFFFF
        nl = (lo << 5) & 0xFFFF
        hi ^= nh
        lo ^= nl
        self.hi = hi
        self.lo = lo
        return ((hi & 0x3FFF) << 16) | lo

    def below(self, n):
        """Uniform-enough int in 0 .. n-1 for small n (n <= 2**16): modulo bias < 2**-14."""
        if n <= 1:
            return 0
        return self.next30() % n

    def shuffle(self, buf, n):
        """Fisher-Yates over buf[0:n] in place (a bytearray)."""
        i = n - 1
        while i > 0:
            j = self.next30() % (i + 1)
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1

    def save(self, buf, i):
        buf[i] = self.hi & 0xFF
        buf[i + 1] = self.hi >> 8
        buf[i + 2] = self.lo & 0xFF
        buf[i + 3] = self.lo >> 8
        return i + 4

    def load(self, buf, i):
        self.hi = buf[i] | (buf[i + 1] << 8)
        self.lo = buf[i + 2] | (buf[i + 3] << 8)
        return i + 4


class CardGame:
    """What both games do alike with hands of fixed-size slots: seat p holds
    hands[_SLOT*p : _SLOT*p + hand_n[p]] for p in 0.._SEATS-1; table[] is the current trick
    (trick_size cards), last_trick[] the last completed one."""
    _SLOT = 6
    _SEATS = 2

    def hand(self, p, buf):
        if p < 0 or p >= self._SEATS:
            return 0
        n = self.hand_n[p]
        for i in range(n):
            buf[i] = self.hands[self._SLOT * p + i]
        return n

    def hand_size(self, p):
        return self.hand_n[p] if 0 <= p < self._SEATS else 0

    def trick_card(self, i):
        return self.table[i] if 0 <= i < self.trick_size else 0

    def last_trick_card(self, i):
        return self.last_trick[i] if 0 <= i < self._SEATS else 0

    def copy_from(self, o):
        """Full copy of o's state (through a save: everything derived is re-derived)."""
        o.save(SCRATCH)
        self.load(SCRATCH)

    def _take(self, p, c, go):
        """True if seat p holds card c; with go, also remove it (the rest shift down)."""
        h = self.hands
        k = self._SLOT * p
        n = self.hand_n[p] - 1
        j = n
        while j >= 0 and h[k + j] != c:
            j -= 1
        if j < 0:
            return False
        if go:
            for i in range(j, n):
                h[k + i] = h[k + i + 1]
            h[k + n] = 0
            self.hand_n[p] = n
        return True
