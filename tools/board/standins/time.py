"""CircuitPython's time module on a virtual clock: sleep() advances it instead of
waiting, so a scripted run is fast and repeatable.

It has exactly what CircuitPython's time has (shared-bindings/time/__init__.c:
monotonic, sleep, struct_time, localtime, mktime, time, monotonic_ns) -- no ticks_ms,
ticks_diff, sleep_ms, ... (MicroPython's; on a board they are an AttributeError;
supervisor.ticks_ms() is CircuitPython's millisecond tick). sleep() of a negative time is
a ValueError ("seconds must be >= 0"). The stand-ins (supervisor) read the clock in
_now_ms; a test moves it with sleep().
(struct_time's namedtuple is made on first use: every name a stand-in interns lands in
the unix port's heap, where the firmware keeps its names in flash.)
"""
_now_ms = 1000


def sleep(seconds):
    global _now_ms
    ms = int(1000 * seconds + 0.5)
    if ms < 0:
        raise ValueError("seconds must be >= 0")
    _now_ms += ms


def monotonic():
    return _now_ms / 1000


def monotonic_ns():
    return _now_ms * 1000000


def time():
    return 946684800 + _now_ms // 1000  # the RTC of a board starts at 2000-01-01


_nt = []  # the struct_time namedtuple type, made on first use


def struct_time(time_tuple):
    """time.struct_time(a sequence of 9): a namedtuple as on the board (there struct_time is
    the namedtuple type itself; here a function makes one)."""
    if len(time_tuple) != 9:
        raise ValueError("time_tuple length must be 9")
    if not _nt:
        from collections import namedtuple

        _nt.append(namedtuple("struct_time", "tm_year tm_mon tm_mday tm_hour tm_min tm_sec "
                                             "tm_wday tm_yday tm_isdst".split()))
    return _nt[0](*time_tuple)


def localtime(seconds=None):
    import utime

    t = utime.gmtime(int(time() if seconds is None else seconds))
    return struct_time((t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], -1))


def mktime(t):
    import utime

    if len(t) != 9:
        raise TypeError("function takes 9 positional arguments but %d were given" % len(t))
    if t[0] < 2000:
        raise OverflowError("tm_year out of range")
    return utime.mktime(tuple(t[:8]))
