"""Run under the MicroPython unix port by tools/board/device_heap.py (not by hand).

argv: driver PLAN, a text file read line by line (never whole: the driver's own heap use
is part of what is measured, so it must stay small):
  MODE report|run
  MODULES n      then n lines: modules in import order (report mode pre-imports them)
  KEYS n         then n lines: keypad script steps ("A", "RIGHT", "" = idle poll, "@mark")
The key steps are streamed from the open file, one line per poll.

report: imports each module alone and measures it, then runs code.py measuring the live
        heap (gc.collect + gc.mem_alloc) at every poll and mark.
run:    runs code.py as a board would (no extra collections, no pre-imports): used to
        find the smallest heap with which the script runs to the end.
Prints machine-readable lines: BASE, MOD name bytes, MARK name bytes screen, PEAK bytes,
MEMERR import=<module being imported or -> mark=<last mark> poll=<n>, END.
"""
import gc
import sys

# STANDIN_BOARD: a board's own stand-ins (standins/boards/<board_id>/), ahead of this
# script's folder (the PyBadge's and the shared ones), which MicroPython puts first
_b = __import__("os").getenv("STANDIN_BOARD")
if _b:
    sys.path.insert(0, _b)
_b = None

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

import builtins  # noqa: E402
import micropython  # noqa: E402
import keypad  # noqa: E402


def _scrub(n):
    # Nested calls with many locals overwrite stale pointers on the C stack, which the
    # conservative collector would otherwise take for live references to garbage.
    a = b = c = d = e = f = g = h = i = j = k = m = o = p = q = r = 0  # noqa: F841
    if n:
        _scrub(n - 1)


def live():
    try:
        _scrub(40)
    except RuntimeError:  # a VM with the firmware's pystack scrubs as deep as it holds
        pass
    gc.collect()
    return gc.mem_alloc()


_plan = open(sys.argv[1])


def _header():
    # "WORD n" -> n (a function: no temporary is left on the module's stack)
    return int(_plan.readline().split()[1])


_mode = _plan.readline().split()[1]
REPORT = _mode == "report"


class _Steps:
    """The key script, read from the plan one line per step as keypad asks for it
    (keypad reads steps in order: script[0], script[1], ...)."""

    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        s = _plan.readline()
        if s.endswith("\n"):
            s = s[:-1]
        return s if s else None


# ---- where a MemoryError hits: the innermost import under way, the last mark, the poll
_fail = [None]
_orig_import = builtins.__import__


def _import(name, g=None, lo=None, fl=None, lv=0):
    try:
        return _orig_import(name, g, lo, fl, lv)
    except MemoryError:
        if _fail[0] is None:  # the innermost import sees it first
            _fail[0] = name
        raise


builtins.__import__ = _import

base = live()
print("BASE", base)

_n = _header()
for _i in range(_n):
    m = _plan.readline().strip()
    if not REPORT:
        continue
    before = live()
    try:
        __import__(m)
    except Exception as e:  # report and go on: the table shows what failed
        print("MODERR", m, repr(e))
        sys.print_exception(e)
        continue
    after = live()
    print("MOD", m, after - before, after - base)
m = None

if REPORT:
    print("IMPORTS", live() - base)

keypad.script(_Steps(_header()))

peak = [0, ""]
last_mark = ["start"]


def on_poll():
    used = live() - base
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


# "@finish": plays the game on screen to its end (A on the selected card, else Right: the
# cursor comes to a legal card; A also bids, takes the next deal and ends a hold), checking
# again every few polls; the script goes on once the game-over choice waits for a key.
# "@over:again" / "@over:menu": that choice selected, then A. (Built once: the driver's
# allocations during the run count in the figures. Only names the program or the driver
# has already: tools/board/build_mp32.py rebuilds the shared VM when the static names change.)
_PLAY = ["A", None, "RIGHT", None, "@finish"]
_NEXT = ["RIGHT", None]
# "@play_to_panel": the same until the deal's / round's panel waits. (A mark longer than 10
# characters: a shorter string would be interned, a name a board does not have.)
_PANEL = ["A", None, "RIGHT", None, "@play_to_panel"]


def finish(n=0):
    s = _app[0].screen
    g = getattr(s, "g", None)
    if n:
        if g is None or g.phase < s.PHASE_OVER or s.hold_until >= 0 or s.overlay:
            keypad.insert(_PANEL)
    elif g is None or g.phase != s.PHASE_GAME_OVER or s.hold_until >= 0 or s.overlay:
        keypad.insert(_PLAY)
    else:  # (a line the tests count)
        print("GAME", s.name, getattr(g, "deals", 0), keypad.polls)


def on_mark(name):
    if name.startswith("menu:"):
        menu_to(name[5:])
        return
    if name == "finish":
        finish()
        return
    if name == "play_to_panel":
        finish(1)
        return
    if name.startswith("over:"):
        if _app[0].screen.again != (name == "over:again"):
            keypad.insert(_NEXT)
        return
    if name == "state":  # what is on screen (app.state_line: appx stays loaded)
        print("STATE", _app[0].state_line())
        return
    if name == "modules":  # lib/hw's modules loaded (only the board's own)
        print("MODULES", " ".join(sorted(m for m in sys.modules if m[:3] == "hw_")))
        return
    if name == "screen":  # the board's screen and what is shown on it
        import board

        d = getattr(board, "DISPLAY", None) or __import__("supervisor").runtime.display
        g = d.root_group
        # (the program's own group is gfx's: its canvas first, then the text lines; a
        # frame (lib/hw/hw_frame.py) holds it in a group placed and scaled on the screen)
        f = g if type(g[0]).__name__ == "TileGrid" else g[0]
        inner = f if f is g else f[0]
        print("SCREEN", d.width, d.height, f.x, f.y, f.scale, inner is g,
              inner[0].bitmap.width, inner[0].bitmap.height)
        return
    if name.startswith("map:"):
        # the heap's block map here ("@map:why" in a key script): where the holes are
        print("MAP", name[4:])
        gc.collect()
        micropython.mem_info(1)
        return
    last_mark[0] = name
    if not REPORT:
        print("MARK", name, -1, screen_name())
        return
    used = live() - base
    print("MARK", name, used, screen_name())
    # the interned names (never freed): "qstr pool: n_pool=.., n_qstr=.., ..." follows
    micropython.qstr_info()
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


if REPORT:
    keypad.on_poll = on_poll
keypad.on_mark = on_mark


def _run_code():
    # code.py is read and compiled here like the board does: its text is garbage once
    # compiled (a local holding it stayed live through the whole run: ~1 KB the board
    # does not hold)
    g = {"__name__": "__main__", "__file__": "code.py"}
    with open("code.py") as f:
        c = compile(f.read(), "code.py", "exec")
    exec(c, g)


ok = True
err = None
try:
    _run_code()
    print("NOTE code.py returned without entering a main loop")
except keypad.ScriptDone:
    pass
except MemoryError as e:
    ok = False
    err = e
    # the program's objects are unreachable now: room to print
    _app[0] = None
    gc.collect()
    print("MEMERR import=%s mark=%s poll=%d" % (_fail[0] or "-", last_mark[0], keypad.polls))
except BaseException as e:  # noqa: B902 - SystemExit from the program counts too
    ok = False
    err = e
    print("RUNERR", repr(e))
if err is not None:
    sys.print_exception(err)
    err = None

print("POLLS", keypad.polls)
if REPORT:
    print("AFTER", live() - base)
    print("PEAK", peak[0], peak[1])
print("END", "ok" if ok else "error")
