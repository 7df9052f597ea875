"""Run under the MicroPython unix port by tools/board/board_time.py (not by hand).

argv: driver PLAN [count]: the plan is device_heap's (MODE, MODULES 0, KEYS n + steps);
"count" leaves the per-pixel loops of the stand-ins out (C on a board). Runs code.py on
the stand-ins with _pixels' counters and prints, for every poll that did something:
  R pressed before after python_us standin_us filled blitted composited sent areas
    bytes standin_bytes gc calls thinks dumped
(before / after: the screen's state, see snap(); python_us: the poll's time less the time
inside the stand-in calls; calls: how many (CAL, before the first R line: what each call's
Python frame costs beyond a C call, ns, board_time_pixels.calibrate()); bytes: gc.mem_alloc() after - before, -1
where it fell: gc is 1 where a collection ran in the poll; standin_bytes: what the patched
stand-in calls allocated, with "alloc" only, else -1;
thinks: the bot's think() calls, a thinking slice each: a poll that only thought is
recorded; dumped: 1 where callgrind dumped the poll's counts, "instr" only, see INSTR),
then LOAD cpu_ns wall_us of the whole run; FREE: the bytes free when code.py starts (board_time.HEAP, HEAP32)
OPS: the most ops each of gfx's sections held, DRV: the most bytes this driver allocated
itself in one poll (none: the VM's collections are the program's), and END ok|error|diverged.
Marks of the plan: @menu:ITEM moves the cursor to that menu item, @screen:NAME checks the
screen, @turn plays again (a fresh game) where a table shows game over; where the program
no longer matches the plan (no such item, another screen) the run ends with END diverged.
"""
import sys

for _m in ("time", "board", "displayio", "fontio", "terminalio", "bitmaptools", "keypad",
           "microcontroller", "digitalio", "analogio", "pwmio", "audiocore", "audioio",
           "supervisor", "storage", "neopixel_write", "busdisplay"):
    try:
        __import__(_m)
    except ImportError:
        pass

import gc  # noqa: E402
import utime  # noqa: E402
import keypad  # noqa: E402
import board_time_pixels as _pixels  # noqa: E402

_pixels.DRAW = not (len(sys.argv) > 2 and sys.argv[2] == "count")
TRACE = [] if "trace" in sys.argv[2:] else None
_pixels.TRACE = TRACE
AL = [0, 0] if "alloc" in sys.argv[2:] else None
# "instr": callgrind (board_time.py --instr) counts the instructions of each poll's step
# alone. Two builtins the program never calls are its marks: callable() just before the
# step (--zero-before: the counts start from 0), hash() just after a step that may make a
# record (a key, a think() call or something to refresh: --dump-before, one dump each).
# Every dump is announced in the output, in order: its record's last field is 1, or an
# "X" line stands for a dumped poll that made no record. (Marks, not a call inside eval():
# no frame is added to the program's deepest calls, which come near micropython32's
# 1,536-byte pystack, and the keyless polls, a computer's card shown, are counted too.)
INSTR = "instr" in sys.argv[2:]
_pixels.AL = AL
plan = open(sys.argv[1])
plan.readline()  # MODE
for _i in range(int(plan.readline().split()[1])):
    plan.readline()


class Steps:
    """The plan's steps as runs of one step (an index into its few distinct steps, a count
    up to 255): the VM runs with a board-sized heap (board_time.HEAP32), in which a byte per
    step (40,000 of them) would take 40 KB. keypad reads them in order."""

    def __init__(self, f, n):
        self.names = [None]
        self.n = n
        codes = bytearray()
        lens = bytearray()
        for i in range(n):
            s = f.readline().rstrip("\n") or None
            if s not in self.names:
                self.names.append(s)
            c = self.names.index(s)
            if lens and codes[-1] == c and lens[-1] < 255:
                lens[-1] += 1
            else:
                codes.append(c)
                lens.append(1)
        self.codes = bytes(codes)  # (exact size: a grown bytearray keeps its spare room)
        self.lens = bytes(lens)
        self.r = 0  # the run holding step self.at .. self.at + lens[r] - 1
        self.at = 0

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < self.at:
            self.r = 0
            self.at = 0
        while i >= self.at + self.lens[self.r]:
            self.at += self.lens[self.r]
            self.r += 1
        return self.names[self.codes[self.r]]


keypad.script(Steps(plan, int(plan.readline().split()[1])))

_app = [None]


def snap(app):
    """The screen's state as text (see grab())."""
    L = [None] * 8
    grab(app, L)
    return text(L)


def grab(app, L):
    """The screen's state into list L, allocating nothing (this runs twice in every poll:
    a string per poll, ~600 bytes with the record, filled the board-sized heap every ~2 s
    and put the VM's collections into whichever of the program's polls met it)."""
    s = app.screen
    L[0] = "-" if s is None else getattr(s, "name", "-")
    g = None if s is None else getattr(s, "g", None)
    if s is None:
        L[1] = None
    elif g is None or not hasattr(s, "hold_until"):
        L[1] = -1
        L[2] = getattr(s, "sel", -1)
        L[3] = 1 if getattr(s, "ask_lines", None) else 0
    else:
        L[1] = g.phase
        L[2] = g.turn
        L[3] = 1 if s.hold_until >= 0 else 0
        L[4] = g.history_size
        L[5] = s.overlay
        L[6] = 1 if s.cpu_at >= 0 else 0
        L[7] = s.n


def text(L):
    if L[1] is None:
        return "-"
    if L[1] == -1 and len(L) == 8 and L[4] is None:
        return "%s:%d:%d" % (L[0], L[2], L[3])
    return "%s:%d:%d:%d:%d:%d:%d:%d" % tuple(L)


def put_state(L):
    """text(L) and a space, printed without making a string."""
    if L[1] is None:
        print("-", end=" ")
    elif L[1] == -1 and L[4] is None:
        print(L[0], L[2], L[3], sep=":", end=" ")
    else:
        print(L[0], L[1], L[2], L[3], L[4], L[5], L[6], L[7], sep=":", end=" ")


def same(a, b):
    for i in range(8):
        if a[i] != b[i]:
            return False
    return True


# the poll being recorded: pressed, python_us, standin_us, bytes, standin_bytes, gc,
# whether one is pending, stand-in calls, the bot's think() calls, whether callgrind dumped
# its counts ("instr"); the states before and after it (grab)
pending = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
BEFORE = [None] * 8
AFTER = [None] * 8
OPS = [0, 0, 0]
DRV = [0]  # the most bytes the driver allocated in one poll (its printed record aside)
print("CAL %d" % _pixels.calibrate())
N = _pixels.n


def flush():
    r = pending
    if not r[6]:
        return
    r[6] = 0
    # (a poll that only thought changes no state: recorded for its think() calls)
    if r[0] or N[4] or r[8] or not same(BEFORE, AFTER):
        if TRACE:
            print("A", TRACE)
            TRACE.clear()
        # (printed field by field: a record is a poll's, thousands of them since the polls
        # that only think are recorded, and a string per record would fill the heap and
        # put the VM's collections into the program's polls)
        print("R", r[0], end=" ")
        put_state(BEFORE)
        put_state(AFTER)
        print(r[1], r[2], N[0], N[1], N[2], N[3], N[4], r[3], r[4], r[5], r[7], r[8], r[9])
    elif r[9]:
        print("X")  # (a dump with no record: the tool skips it)
    for i in range(5):
        N[i] = 0


class Diverged(Exception):
    pass


def on_mark(name):
    scr = _app[0].screen
    if name.startswith("menu:"):
        items = getattr(scr, "items", None)
        item = name[5:]
        if not items or item not in items:
            raise Diverged("menu item %r not on screen %s" % (item, snap(_app[0])))
        k = len(items)
        d = (items.index(item) - scr.sel) % k
        keypad.insert(["DOWN", None] * d if d <= k // 2 else ["UP", None] * (k - d))
    elif name.startswith("screen:"):
        if getattr(scr, "name", "-") != name[7:]:
            raise Diverged("screen %r expected, on %s" % (name[7:], snap(_app[0])))
    elif name == "turn":
        g = getattr(scr, "g", None)
        if g is not None and g.phase == scr.PHASE_GAME_OVER:
            k = ["B", None] if scr.hold_until >= 0 else []  # a key ends the trick's hold
            k += [] if scr.again else ["LEFT", None]  # Play again, not Menu
            keypad.insert(k + ["A"] + [None] * 150)
    elif name != "start":  # (device_heap's mark: where its figures start)
        raise Diverged("unknown mark %r" % name)


keypad.on_mark = on_mark

sys.path.append("lib/hw")  # for this hook only: code.py puts lib/'s folders on the path
import hw_device  # noqa: E402
sys.path.pop()

_run = hw_device.Device.run


THINKS = [0]  # the bot's think() calls in the poll


def _count_thinks():
    """Bot.think() counted per call (engine.bots is imported with a game and dropped with
    it: patched again each time). Its wrapper's frame is a stand-in call's: calibrated off."""
    m = sys.modules.get("engine.bots")
    if m is None or getattr(m, "_thinks", 0):
        return
    m._thinks = 1  # (a mark on the module, not a reference kept: it goes with the game)
    b = m.Bot
    f = b.think

    def think(self, work):
        THINKS[0] += 1
        _pixels.calls[0] += 1
        return f(self, work)

    b.think = think


def _capture(self, app):
    _app[0] = app
    step = app.step

    def timed(now, pressed):
        _count_thinks()  # (its wrapper is made once per game: not a poll's bytes)
        flush()
        for i in range(5):
            N[i] = 0
        d = gc.mem_alloc()
        for i in range(8):
            BEFORE[i] = None
            AFTER[i] = None
        grab(app, BEFORE)
        THINKS[0] = 0
        _pixels.spent[0] = 0
        _pixels.calls[0] = 0
        if AL:
            AL[0] = AL[1] = 0
        a = gc.mem_alloc()
        d = a - d  # (the driver's own bytes, before and after the step)
        t = utime.ticks_us()
        if INSTR:
            callable(step)  # (the mark: callgrind's counts start here)
            step(now, pressed)
            dump = 1 if pressed or THINKS[0] or app.dirty else 0
            if dump:
                hash(dump)  # (the mark: callgrind dumps the step's counts here)
            dt = utime.ticks_diff(utime.ticks_us(), t)
        else:
            dump = 0
            step(now, pressed)
            dt = utime.ticks_diff(utime.ticks_us(), t)
        e = gc.mem_alloc()
        a = e - a
        sp = _pixels.spent[0]
        c = 1 if a < 0 or (AL and AL[1]) else 0  # the heap's use fell: a collection
        grab(app, AFTER)
        r = pending
        r[0] = pressed
        r[1] = dt - sp
        r[2] = sp
        r[3] = -1 if c else a
        r[4] = AL[0] if AL else -1
        r[5] = c
        r[6] = 1
        r[7] = _pixels.calls[0]
        r[8] = THINKS[0]
        r[9] = dump
        d += gc.mem_alloc() - e
        if d > DRV[0]:
            DRV[0] = d

    app.step = timed
    import gfx

    done = getattr(gfx, "live", None) and gfx.refresh  # (an older gfx drew at once)

    def counted_done():
        # the most ops each section held (gfx drops what does not fit: a test checks)
        e = gfx.live
        for k in range(3):
            if e[k] and e[3 + k] - e[13 + k] > OPS[k]:
                OPS[k] = e[3 + k] - e[13 + k]
        done()

    if done:
        gfx.refresh = counted_done
    return _run(self, app)


hw_device.Device.run = _capture


def cpu_ns():
    # this process's CPU time (the kernel's scheduler clock; -1 where there is none): the
    # machine is shared, so the tool scales the polls' wall times by CPU / wall of the run
    try:
        with open("/proc/self/schedstat") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError):
        return -1


gc.collect()
print("FREE %d" % gc.mem_free())  # what the program finds free at code.py's start
c0 = cpu_ns()
w0 = utime.ticks_us()
ok = True
try:
    g = {"__name__": "__main__", "__file__": "code.py"}
    with open("code.py") as f:
        exec(f.read(), g)
except keypad.ScriptDone:
    flush()
except Diverged as e:
    ok = None
    print("DIVERGED", e)
except BaseException as e:  # noqa: B902
    ok = False
    print("RUNERR", repr(e))
    sys.print_exception(e)
print("OPS %d %d %d" % tuple(OPS))
print("DRV %d" % DRV[0])
print("LOAD %d %d" % (cpu_ns() - c0 if c0 >= 0 else -1, utime.ticks_diff(utime.ticks_us(), w0)))
print("END", "ok" if ok else "error" if ok is False else "diverged")
