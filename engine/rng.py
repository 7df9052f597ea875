"""Deterministic RNG: xorshift32 (13, 17, 5) held as two 16-bit halves.

Why halves: on 32-bit CircuitPython an int beyond +-2**30 becomes a heap object, so a plain
32-bit xorshift would allocate. Every intermediate here stays below 2**29, so the same
sequence comes out on CPython, MicroPython and CircuitPython without touching the heap.
"""
from engine.common import const

_M16 = const(0xFFFF)


class Rng:
    def __init__(self, seed=0):
        self.hi = 0
        self.lo = 0
        self.seed(seed)

    def seed(self, seed):
        # Fold any int (even a big one on CPython) into 30 bits, then avoid the all-zero state.
        s = seed & 0x3FFFFFFF
        self.hi = (s >> 16) ^ 0x5A17
        self.lo = (s & _M16) ^ 0xC3A5
        if self.hi == 0 and self.lo == 0:
            self.lo = 1
        # A few rounds so nearby seeds diverge at once.
        for _ in range(4):
            self.next30()

    def next30(self):
        """Advance and return a value in 0 .. 2**30 - 1."""
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        nh = ((hi << 13) | (lo >> 3)) & _M16
        nl = (lo << 13) & _M16
        hi ^= nh
        lo ^= nl
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        nh = ((hi << 5) | (lo >> 11)) & _M16
        nl = (lo << 5) & _M16
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
