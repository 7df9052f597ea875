"""Run under the MicroPython unix port by tools/device_heap.py (not by hand).

argv: driver PLAN, a file of two lines:
  MODULES  comma-separated modules in import order (dependencies first)
  KEYS     comma-separated keypad script steps ("A", "RIGHT", "" = idle poll, "@mark")
Prints machine-readable lines: BASE, MOD name bytes, MARK name bytes, PEAK bytes, END.
"""
import gc
import sys

# CircuitPython firmware modules: in the firmware's own RAM/flash on a board, so they
# are loaded before the measurement starts.
for _m in ("time", "board", "displayio", "fontio", "terminalio", "bitmaptools", "keypad",
           "microcontroller", "digitalio", "analogio", "pwmio", "audiocore", "audiopwmio",
           "audioio", "supervisor", "storage", "neopixel_write", "array", "struct",
           "micropython", "math", "random", "os", "collections", "json", "re"):
    try:
        __import__(_m)
    except ImportError:
        pass

import keypad  # noqa: E402


def _scrub(n):
    # Nested calls with many locals overwrite stale pointers on the C stack, which the
    # conservative collector would otherwise take for live references to garbage.
    a = b = c = d = e = f = g = h = i = j = k = m = o = p = q = r = 0  # noqa: F841
    if n:
        _scrub(n - 1)


def live():
    _scrub(40)
    gc.collect()
    return gc.mem_alloc()


def _read_plan(path):
    # (the plan comes in a file: this unix port dies on a command-line argument of 256+
    # chars; parsed in a function so that no temporary is left on the module's stack)
    with open(path) as f:
        lines = f.read().split("\n")
    mods = [m for m in lines[0].split(",") if m]
    ks = [None if k == "" else k for k in lines[1].split(",")] if len(lines) > 1 else []
    return mods, ks


modules, keys = _read_plan(sys.argv[1])
keypad.script(keys)

base = live()
print("BASE", base)

for m in modules:
    before = live()
    try:
        __import__(m)
    except Exception as e:  # report and go on: the table shows what failed
        print("MODERR", m, repr(e))
        sys.print_exception(e)
        continue
    after = live()
    print("MOD", m, after - before, after - base)

print("IMPORTS", live() - base)

peak = [0, ""]
last_mark = ["start"]
samples = [0]


def on_poll():
    used = live() - base
    samples[0] += 1
    if used > peak[0]:
        peak[0] = used
        peak[1] = last_mark[0]


def menu_to(item):
    """Queue the UP/DOWN presses that move the on-screen menu's selection to item."""
    scr = getattr(_app[0], "screen", None)
    items = getattr(scr, "items", None)
    if not items or item not in items:
        print("NOTE menu item %r not on screen %s" % (item, screen_name()))
        return
    n = len(items)
    d = (items.index(item) - scr.sel) % n
    steps = ["DOWN", None] * d if d <= n // 2 else ["UP", None] * (n - d)
    keypad.insert(steps)


def on_mark(name):
    if name.startswith("menu:"):
        menu_to(name[5:])
        return
    used = live() - base
    last_mark[0] = name
    print("MARK", name, used, screen_name())
    if used > peak[0]:
        peak[0] = used
        peak[1] = name


# Catch the App object the hardware layer runs, to name the screen at each mark.
_app = [None]
try:
    import hw_device

    _run = hw_device.Device.run

    def _capture(self, app):
        _app[0] = app
        return _run(self, app)

    hw_device.Device.run = _capture
except Exception as e:  # noqa: BLE001
    print("NOTE cannot hook hw_device.Device.run:", repr(e))


def screen_name():
    a = _app[0]
    s = getattr(a, "screen", None) if a is not None else None
    return type(s).__name__ if s is not None else "-"


keypad.on_poll = on_poll
keypad.on_mark = on_mark

ok = True
g = {"__name__": "__main__", "__file__": "code.py"}
try:
    with open("code.py") as f:
        src = f.read()
    exec(src, g)
    print("NOTE code.py returned without entering a main loop")
except keypad.ScriptDone:
    pass
except MemoryError as e:
    ok = False
    print("MEMERR at", last_mark[0])
    sys.print_exception(e)
except BaseException as e:  # noqa: B902 - SystemExit from the program counts too
    ok = False
    print("RUNERR", repr(e))
    sys.print_exception(e)

print("POLLS", keypad.polls)
print("AFTER", live() - base)
print("PEAK", peak[0], peak[1])
print("END", "ok" if ok else "error")
