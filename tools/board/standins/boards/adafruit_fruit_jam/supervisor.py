"""supervisor on an Adafruit Fruit Jam (stand-in): ticks_ms() is the time stand-in's
virtual clock (wrapping at 2**29); runtime as shared-bindings/supervisor/Runtime.c has it.

runtime.display: the primary display. At power-on the firmware makes a DVI display when a
monitor answers (ports/raspberrypi/common-hal/picodvi/__init__.c, picodvi_autoconstruct): a
picodvi Framebuffer on the DVI pins (held from then on) in a FramebufferDisplay with
auto_refresh on. $FRUITJAM_MONITOR picks what this power-on finds: "640x480" (the
default), "720x400" (a 1080p monitor), another size the firmware accepts with 8-bit
colour, or "none" (no monitor: display None). Setting it takes None or an active display
(TypeError otherwise).

runtime.serial_bytes_available (read-only): the bytes typed on the USB keyboard so far
less those the program read. A test "types" with type_keys(data): the bytes go into the
file $STANDIN_STDIN, which is the VM's stdin (the program reads them through sys.stdin as
it would the firmware's keyboard buffer), with one byte more after them; how far the
program has read is the file offset of fd 0 (/proc/self/fdinfo/0: the VM reads stdin
unbuffered). Reading past what was typed (which would wait forever on a board) takes that
byte: the next look at serial_bytes_available raises RuntimeError then.
"""
import os
import time as _time

import displayio
import framebufferio
import picodvi

_typed = [0]


def type_keys(data):
    # after the typed bytes, one more: a read past them takes it, which the file offset
    # shows (at the end of the file the VM's read returns Ctrl-D and does not move it)
    with open(os.getenv("STANDIN_STDIN"), "r+b") as f:
        f.seek(_typed[0])
        f.write(data)
        f.write(b"\xff")
    _typed[0] += len(data)


if os.getenv("STANDIN_STDIN"):
    type_keys(b"")


def _read_so_far():
    with open("/proc/self/fdinfo/0") as f:
        return int(f.readline().split()[1])


class Runtime:
    def __init__(self):
        self._d = None

    @property
    def serial_bytes_available(self):
        n = _typed[0] - _read_so_far()
        if n < 0:
            raise RuntimeError("stdin read past the typed bytes: a board would wait here")
        return n

    @property
    def serial_connected(self):
        return False

    @property
    def usb_connected(self):
        return True

    autoreload = True

    @property
    def display(self):
        d = self._d
        return d if d is not None and d in framebufferio._active else None

    @display.setter
    def display(self, d):
        if d is not None and d not in framebufferio._active:
            raise TypeError("Display must be of type AnyDisplay or None, not %s"
                            % type(d).__name__)
        self._d = d


runtime = Runtime()


def _power_on():
    import board

    mode = os.getenv("FRUITJAM_MONITOR") or "640x480"
    if mode == "none":
        return
    w, h = mode.split("x")
    fb = picodvi.Framebuffer(int(w), int(h), clk_dp=board.CKP, clk_dn=board.CKN,
                             red_dp=board.D0P, red_dn=board.D0N, green_dp=board.D1P,
                             green_dn=board.D1N, blue_dp=board.D2P, blue_dn=board.D2N,
                             color_depth=8)
    d = framebufferio.FramebufferDisplay(fb, auto_refresh=True)
    d.root_group = displayio.CIRCUITPYTHON_TERMINAL
    runtime.display = d


_power_on()


def ticks_ms():
    return _time._now_ms & ((1 << 29) - 1)


def reload():
    raise SystemExit("supervisor.reload()")


def set_next_code_file(filename, *, reload_on_success=False, reload_on_error=False,
                       sticky_on_success=False, sticky_on_error=False, sticky_on_reload=False):
    pass
