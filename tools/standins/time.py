"""MicroPython's time plus CircuitPython's monotonic() / monotonic_ns(), on a virtual
clock: sleep() advances it instead of waiting, so a scripted run is fast and repeatable."""
from utime import *  # noqa: F401,F403
import utime as _t

_now_ms = 1000


def sleep(seconds):
    global _now_ms
    _now_ms += int(seconds * 1000)


def sleep_ms(ms):
    global _now_ms
    _now_ms += ms


def advance_ms(ms):
    global _now_ms
    _now_ms += ms


def ticks_ms():
    return _now_ms & 0x3FFFFFFF


def ticks_diff(a, b):
    return _t.ticks_diff(a, b)


def ticks_add(a, b):
    return _t.ticks_add(a, b)


def monotonic():
    return _now_ms / 1000


def monotonic_ns():
    return _now_ms * 1000000


def time():
    return 946684800 + _now_ms // 1000
