"""supervisor stand-in: ticks_ms() is the virtual clock of the time stand-in, wrapping at
2**29 as CircuitPython's does."""
import time as _time


class _Runtime:
    serial_connected = False
    serial_bytes_available = 0
    usb_connected = True
    autoreload = True


runtime = _Runtime()


def ticks_ms():
    return _time._now_ms & ((1 << 29) - 1)


def reload():
    raise SystemExit("supervisor.reload()")


def set_next_code_file(filename, **kwargs):
    pass


def disable_autoreload():
    pass


def enable_autoreload():
    pass
