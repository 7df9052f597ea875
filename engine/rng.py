"""Deterministic RNG: xorshift32 (13, 17, 5) held as two 16-bit halves.

Why halves: on 32-bit CircuitPython an int beyond +-2**30 becomes a heap object, so a plain
32-bit xorshift would allocate. Every intermediate here stays below 2**29, so the same
sequence comes out on CPython, MicroPython and CircuitPython without touching the heap.
"""
# The class lives in engine/common.py (the engines load one module less); this is its public home.
from engine.common import Rng  # noqa: F401
