#!/usr/bin/env python3
"""Estimate what each player action costs on a PyBadge, in milliseconds.

    .venv/bin/python tools/board/board_time.py [--py] [--runs 3] [--keys K,K,...] [--raw]
    .venv/bin/python tools/board/board_time.py --counts     (pixel counts only: no timing)
    .venv/bin/python tools/board/board_time.py --alloc      (bytes per poll, collections)

Runs code.py's device branch on the MicroPython unix port with the stand-in hardware of
tools/board/standins/ (as tools/board/device_heap.py does; from .mpy files unless --py) and a key plan
that plays both games and opens every screen, with the stand-ins counting the
pixels each action fills, blits, composites and sends (tools/board/board_time_pixels.py, driven
by tools/board/board_time_driver.py). For each action (one poll of the
main loop: a key and what it drew, or a computer's move, a trick cleared, ...) the board
time is the sum of
  Python     the poll's unix-port time (minus the time spent inside the stand-ins, which
             are C on a board, and without their per-pixel loops; each stand-in call's
             Python frame costs what a C call costs: the excess, calibrated in each run,
             the least of the runs, is taken off per call) x the pystone ratio
             unix port / board; pystone runs in separate, clean processes of the same VM
             between the runs of the program (inside the game process the interned names
             slow its string work). The machine is shared: wall times are scaled by the
             run's CPU time / wall time (Linux's /proc/self/schedstat), pystone is counted
             per CPU second, each run is scaled by the pystones just before and after it,
             and each poll's fastest of --runs counts;
  C drawing  pixels filled x FILL_US + pixels blitted x BLIT_US;
  composite  layer-pixels composited x COMPOSITE_US;
  transfer   pixels sent x SEND_US.
Times are estimates (benchmarks, never tests); the pixel counts do not depend on the
machine and tests/test_board_time.py holds them to budgets.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import toolpaths  # noqa: E402,F401  (every tools/ folder on sys.path)
import device_heap  # noqa: E402

# ---- the board -------------------------------------------------------------------------
# Pystone 1.1 on CircuitPython on a SAMD51 at 120 MHz (Metro M4, the PyBadge's chip):
# about 1,450-1,520 pystones/s (published figures; no PyBadge was at hand to
# measure): the middle of that range.
BOARD_PYSTONES = 1480.0
# SPI transfer: the PyBadge's board.c asks for 60 MHz, the SAMD51 SERCOM gives at most
# 24 MHz (48 MHz GCLK / 2): a 16-bit RGB565 pixel takes 16 / 24 MHz = 0.667 us
# (13.7 ms for the whole 160x128 screen).
SEND_US = 16 / 24.0
# displayio compositing, per pixel of every visible layer in a refreshed area
# (shared-module/displayio/TileGrid.c displayio_tilegrid_fill_area): our canvas is 4 bits
# and the font 1 bit per pixel, so it is the per-pixel path (the row fast path needs 8 or
# 16 bpp): mask test, tile lookup, common_hal_displayio_bitmap_get_pixel, palette lookup,
# mask and buffer write -- about 120 cycles at 120 MHz (estimated from the code, not
# measured on a board).
COMPOSITE_US = 1.0
# bitmaptools.fill_region: displayio_bitmap_write_pixel per pixel (shared-module/bitmaptools/
# __init__.c common_hal_bitmaptools_fill_region: read-modify-write of a 4-bit value),
# about 30 cycles.
FILL_US = 0.25
# bitmaptools.blit: per source pixel a get_pixel, the skip test and a write_pixel
# (common_hal_bitmaptools_blit), about 60 cycles.
BLIT_US = 0.5

# The VM's heap: a board's ~150 KB free heap has ~9,400 blocks of 16 bytes; the unix
# port's blocks are 32 bytes (64-bit): 384 KB gives ~12,000, so that gc.collect() (its
# sweep walks every block) and the collections the program triggers cost about what they
# do on a board (with 8 MB, a collection took ~0.5 ms on the unix port: 60 board-ms).
# An object takes as many blocks as on a board (pointers and blocks both double), so the
# program should find about the board's ~9,150 free blocks (143 KB): the stand-ins, the
# driver and its plan hold 92 KB at code.py's start, which leaves 296 KB, 9,260 blocks
# (measured 2026-12-02; 8,060 before the plan's steps were stored as runs).
HEAP = "384k"
# On a 32-bit VM (--vm mp32) blocks are 16 bytes as on a board: 384 KB would be 24,000 blocks,
# 2.6x the board's, and every collection's sweep (it walks all blocks) would cost 2.6x. The
# program gets what a board leaves it, ~143 KB free at code.py's start: the stand-ins, the
# driver and its plan hold 63 KB of the heap there on micropython32 (heap - gc.mem_free()
# after a collection, just before code.py runs, the full plan; 2026-12-02).
HEAP32 = "206k"

# ---- the key plan ----------------------------------------------------------------------
IDLE = [""] * 150  # 1.5 s: a computer's move (0.75 s) and a trick held (1.3 s)


def _turns(n, idle):
    k = []
    for _ in range(n):
        k += ["@turn", "RIGHT", "", "RIGHT", "", "LEFT", "", "UP", "", "A"] + [""] * idle
    return k


def default_keys(short=False):
    """Title and menus, Settings (Hard), Statistics, Rules, an Alley Cat game, the pause
    menu and its screens, a Back Alley game with bids; short: fewer turns (tests)."""
    t = 6 if short else 40
    k = ["@start"] + [""] * 10
    k += ["DOWN", "", "DOWN", "", "UP", "", "UP", ""]
    k += ["@menu:Settings", "A", "", "@screen:settings", "RIGHT", "", "DOWN", "", "DOWN", "",
          "UP", "", "UP", "", "B", ""]
    k += ["@menu:Statistics", "A", "", "@screen:stats", "RIGHT", "", "B", ""]
    k += ["@menu:Rules", "A", "", "@screen:rules", "RIGHT", "", "B", ""]
    k += ["@menu:Alley Cat", "A"] + IDLE + ["@screen:alleycat"]
    k += _turns(t, 200)
    k += ["@screen:alleycat", "SELECT", "", "B", "", "START", "", "DOWN", "", "DOWN", "", "UP",
          "", "UP", "", "@menu:Score sheet", "A", "", "B", "", "START", "", "@menu:Rules", "A",
          "", "@screen:rules", "B", "", "B", ""]
    k += ["@screen:alleycat", "START", "", "@menu:Quit to menu", "A", "", "@screen:title"]
    k += ["@menu:Back Alley", "A", "", "@menu:Start new game", "A"] + IDLE
    k += ["@screen:backalley"] + _turns(t * 2, 400)
    k += ["@screen:backalley", "START", "", "@menu:Quit to menu", "A", "", "@screen:title"]
    return k


# ---- running ---------------------------------------------------------------------------
# the driver and its pixel-counting patch of the stand-ins live here, not in tools/board/standins/
# (whose every name micropython32 builds in: tools/board/mp32_firmware_names.py)
DRIVER = os.path.join(HERE, "board_time_driver.py")
PIXELS = os.path.join(HERE, "board_time_pixels.py")


def run_plan(keys=None, mpy=True, count=True, root=ROOT, vm=None, timeout=1800, trace=False,
             alloc=False, wrap=None):
    """Records (dicts) of the key plan run once; raises RuntimeError when it fails. alloc:
    count the bytes the stand-ins allocate (slow: not for timing). wrap: a command that
    runs the VM (callgrind: instructions()), given the folder the program runs in."""
    mp = device_heap.micropython_binary(vm)
    if not mp:
        raise RuntimeError("micropython not found")
    keys = default_keys() if keys is None else keys
    mc = None
    if mpy:
        mc, why = device_heap.find_mpy_cross(mp)
        if mc is None:
            raise RuntimeError(why)
    with device_heap.Drive(root, mc) as d:
        shutil.copy(DRIVER, os.path.join(d.tmp, "s"))
        shutil.copy(PIXELS, os.path.join(d.tmp, "s"))
        plan = os.path.join(d.tmp, "plan.txt")
        with open(plan, "w") as f:
            f.write("MODE time\nMODULES 0\nKEYS %d\n" % len(keys))
            for k in keys:
                f.write(k + "\n")
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join([os.path.join("..", "s"), "lib", ".", ".frozen"])
        cmd = [mp, "-X", "heapsize=%s" % (HEAP32 if vm_bits(mp) == 32 else HEAP), os.path.join("..", "s", os.path.basename(DRIVER)),
               plan, "count" if count else "draw"] + (["trace"] if trace else []) + \
            (["alloc"] if alloc else [])
        if wrap:
            cmd = wrap(d.tmp) + cmd + ["instr"]
        p = subprocess.run(cmd, cwd=d.path, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
        text = p.stdout.decode("utf-8", "replace")
    if "END ok" not in text:
        # a plan that no longer matches the program (a menu item or screen not there) ends
        # with DIVERGED: its table would miss rows or measure other screens
        raise RuntimeError("the key plan did not run to the end:\n" + text[-3000:])
    recs = []
    m = re.search(r"^OPS (\d+) (\d+) (\d+)", text, re.M)
    run_plan.ops = tuple(int(v) for v in m.groups()) if m else None
    m = re.search(r"^DRV (-?\d+)", text, re.M)
    run_plan.driver_bytes = int(m.group(1)) if m else None  # (the driver's own, per poll)
    areas = None
    m = re.search(r"^FREE (\d+)", text, re.M)
    run_plan.free = int(m.group(1)) if m else None
    m = re.search(r"^CAL (\d+)", text, re.M)
    run_plan.cal = int(m.group(1)) if m else None
    m = re.search(r"^LOAD (-?\d+) (\d+)", text, re.M)
    load = 1.0
    if m and int(m.group(1)) > 0:
        load = min(1.0, int(m.group(1)) / 1000.0 / int(m.group(2)))
    for line in text.splitlines():
        if line.startswith("A "):
            areas = line[2:]
        elif line.startswith("R "):
            f = line.split()
            r = dict(key=int(f[1]), before=f[2], after=f[3], py=int(int(f[4]) * load),
                     py_us=int(f[4]),
                     stub=int(f[5]),
                     fill=int(f[6]), blit=int(f[7]), comp=int(f[8]), sent=int(f[9]),
                     areas=int(f[10]), bytes=int(f[11]), stub_bytes=int(f[12]),
                     gc=int(f[13]), calls=int(f[14]) if len(f) > 14 else 0,
                     thinks=int(f[15]) if len(f) > 15 else 0,
                     dumped=int(f[16]) if len(f) > 16 else 0)
            r["what"] = classify(r)
            if trace:
                r["trace"] = areas
                areas = None
            recs.append(r)
        elif line == "X":
            recs.append(None)  # (a callgrind dump that made no record: run_instructions)
        elif line.startswith("NOTE"):
            print(line, file=sys.stderr)
    return recs if wrap else [r for r in recs if r is not None]


def vm_bits(mp, _known={}):
    """32 or 64: the VM's pointer size."""
    if mp not in _known:
        r = subprocess.run([mp, "-c", "import sys; print(64 if sys.maxsize > 2**32 else 32)"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        _known[mp] = 32 if r.stdout.strip() == b"32" else 64
    return _known[mp]


def pystones(vm=None, loops=100000):
    """Pystones per CPU second (per second where the CPU time is unknown) of the VM in a
    fresh process."""
    mp = device_heap.micropython_binary(vm)
    out = subprocess.run([mp, os.path.join(HERE, "pystone_mp.py"), str(loops)],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode()
    m = re.search(r"pystones/s (\d+) cpu (\d+)", out)
    if not m:
        raise RuntimeError("pystone failed: " + out)
    return int(m.group(2)) or int(m.group(1))


# ---- instructions (--instr) -----------------------------------------------------------
# Wall time on a shared machine moves a one-off poll (a game's start) by 100-200 board-ms
# when the VM is preempted once; the instructions the VM executes do not move. With --instr
# the key plan runs under valgrind's callgrind, which counts the step of each poll that may
# make a record (a key, a slice of thinking, something drawn: a computer's card shown too)
# from the driver's marks (builtins the program never calls: --zero-before on callable()
# before the step, --dump-before on hash() after it, see the driver's INSTR), and
# pystone is counted the same way: board ms = the poll's program instructions / (the VM's
# instructions per pystone x BOARD_PYSTONES). The stand-ins run inside the poll too (C on a
# board): their share comes off as the share of the poll's time spent inside them (measured
# in the same run, under callgrind, with the frames' excess, CAL).
def pystone_instructions(vm=None):
    """Instructions the VM executes per pystone loop (callgrind, two runs: the difference
    takes the VM's start-up off)."""
    mp = device_heap.micropython_binary(vm)
    c = []
    for n in (1000, 6000):
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                            mp, os.path.join(HERE, "pystone_mp.py"), str(n)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        m = re.search(r"Collected : (\d+)", p.stderr.decode("utf-8", "replace"))
        if not m:
            raise RuntimeError("callgrind failed: " + p.stderr.decode("utf-8", "replace")[-500:])
        c.append(int(m.group(1)))
    return (c[1] - c[0]) / 5000.0


def run_instructions(keys, mpy=True, vm=None, root=ROOT):
    """The plan's records, each poll with a key, a thinking slice or a drawing given "ir":
    the instructions of its step."""
    if not shutil.which("valgrind"):
        raise RuntimeError("--instr needs valgrind (apt install valgrind)")
    out = tempfile.mkdtemp(prefix="board_time_cg")
    try:
        def wrap(tmp):
            return ["valgrind", "--tool=callgrind", "--zero-before=mp_builtin_callable",
                    "--dump-before=mp_builtin_hash",
                    "--callgrind-out-file=" + os.path.join(out, "cg")]
        recs = run_plan(keys, mpy=mpy, count=True, vm=vm, root=root, wrap=wrap, timeout=7200)
        i = 0
        for r in recs:
            if r is None or r["dumped"]:
                i += 1
                fn = os.path.join(out, "cg.%d" % i)
                if r is None:
                    os.remove(fn)
                    continue
                with open(fn) as f:
                    m = re.search(r"^totals: (\d+)", f.read(), re.M)
                os.remove(fn)  # (thousands of them)
                r["ir"] = int(m.group(1)) if m else 0
        # (the last dump, at the VM's exit, is the run's end after the last step)
        if os.path.exists(os.path.join(out, "cg.%d" % (i + 2))):
            raise RuntimeError("more callgrind dumps than the driver announced")
        return [r for r in recs if r is not None]
    finally:
        shutil.rmtree(out, ignore_errors=True)


def instr_ms(r, ms_per_mi, cal):
    """Board ms of a poll's Python from its instructions: the program's share of them (the
    time inside the stand-ins and their frames' excess off)."""
    w = r["py_us"] + r["stub"]
    prog = r["py_us"] - r["calls"] * cal / 1000.0
    share = min(1.0, max(0.0, prog / w)) if w > 0 else 1.0
    return r["ir"] * share / 1e6 * ms_per_mi


def instr_table(recs, ms_per_mi, cal, out=print):
    """Per action: board ms from instructions (median, p95, max), its parts, and
    the max with every instruction of the poll counted as the program's (the stand-ins'
    too: an upper bound that does not lean on the timed share)."""
    groups = _groups([r for r in recs if r.get("ir")])
    out("| action | n | median | p95 | max | Python | C | instructions (median, M) "
        "| program's share (median) | max, all instructions counted |")
    out("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for w, rs in _ordered(groups):
        py = [instr_ms(r, ms_per_mi, cal) for r in rs]
        c = [sum(board_ms(r, 0.0)[1:]) for r in rs]
        tot = [a + b for a, b in zip(py, c)]
        full = [r["ir"] / 1e6 * ms_per_mi + b for r, b in zip(rs, c)]
        out("| %s | %d | %.0f | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f | %.0f |" % (
            w, len(rs), _q(tot, 0.5), _q(tot, 0.95), max(tot), _q(py, 0.5), _q(c, 0.5),
            _q([r["ir"] for r in rs], 0.5) / 1e6,
            _q([p / (r["ir"] / 1e6 * ms_per_mi) for p, r in zip(py, rs)], 0.5), max(full)))


# ---- what each poll was ----------------------------------------------------------------
B_A, B_START, B_SELECT, B_RIGHT, B_DOWN, B_UP, B_LEFT = 2, 4, 8, 16, 32, 64, 128
B_B = 1
TABLES = ("alleycat", "backalley")
GAME = {"alleycat": "Alley Cat", "backalley": "Back Alley"}


def _st(s):
    f = s.split(":")
    d = {"name": f[0]}
    if f[0] in TABLES and len(f) == 8:
        for k, v in zip(("phase", "turn", "hold", "hist", "overlay", "cpu", "n"), f[1:]):
            d[k] = int(v)
    return d


def classify(r):
    """The action a poll record stands for (a row of the table), or "other"."""
    k = r["key"]
    a = _st(r["before"])
    b = _st(r["after"])
    if a["name"] != b["name"]:
        if b["name"] in TABLES and a["name"] in ("title", "menu"):
            return "start a game"
        return "open or leave a screen"
    if a["name"] not in TABLES:
        if r["before"][-2:] != r["after"][-2:]:
            return "open or leave a screen"  # a question (yes / no) asked or answered
        if k & (B_UP | B_DOWN):
            return "menu move"
        if k & (B_LEFT | B_RIGHT):
            return "Left/Right in %s" % a["name"]
        if k:
            return "other key (%s)" % a["name"]
        return "other"
    g = GAME[a["name"]]
    if "phase" not in a or "phase" not in b:
        return "other"
    if a["overlay"] != b["overlay"]:
        return "open or leave a screen"
    if a["hold"] and not b["hold"]:
        if b["phase"] >= 2:
            return "open or leave a screen"  # the deal's last trick: the deal-over panel
        if a["hist"] == 0:
            return "open or leave a screen"  # Back Alley's bidding summary goes (no trick yet)
        return "a trick cleared"
    bid = a["name"] == "backalley" and a["phase"] == 0
    if k & (B_LEFT | B_RIGHT) and a["turn"] == 0 and not a["hold"]:
        if bid:
            return "bid Left/Right"
        return "cursor move, %s" % g
    if k & B_UP and a["turn"] == 0:
        return "hint, %s" % g
    if k & B_A and a["turn"] == 0 and b["hist"] != a["hist"] and not bid:
        return "your card played"
    if k & B_A and a["phase"] != b["phase"] and b["phase"] in (0, 1) and not bid:
        return "next deal / round"
    if k & B_A and bid:
        return "your bid"
    if not k and a["turn"] != 0 and b["hist"] != a["hist"]:
        return "a computer's card shown"
    if not k and a["turn"] != 0 and not a["cpu"] and b["cpu"]:
        return "a computer thinks (%s)" % g
    if not k and r.get("thinks") and not r["sent"] and a == b:
        # a poll that only thought (a slice; recorded since 2026-12-02: before, only the
        # poll beginning a computer's decision was): the next seat during a trick's hold, or
        # your hint while you look at your hand
        return ("a computer thinks (%s)" if a["turn"] != 0 else "your hint thinks (%s)") % g
    if not k and bid and (b["turn"] != a["turn"] or b["phase"] != 0):
        return "a computer's bid shown"
    return "other"


# ---- figures ---------------------------------------------------------------------------
def board_ms(r, factor):
    """(python, C drawing, composite, transfer) board milliseconds of record r."""
    return (max(r["py"], 0) * factor / 1000.0,
            (r["fill"] * FILL_US + r["blit"] * BLIT_US) / 1000.0,
            r["comp"] * COMPOSITE_US / 1000.0,
            r["sent"] * SEND_US / 1000.0)


def _q(v, q):
    v = sorted(v)
    if not v:
        return 0
    i = min(len(v) - 1, int(round(q * (len(v) - 1))))
    return v[i]


ORDER = ("cursor move, Alley Cat", "cursor move, Back Alley", "menu move", "bid Left/Right",
         "your card played", "a computer's card shown", "a trick cleared", "your bid",
         "a computer's bid shown",
         "next deal / round", "open or leave a screen", "hint, Alley Cat", "hint, Back Alley",
         "a computer thinks (Alley Cat)", "a computer thinks (Back Alley)",
         "your hint thinks (Alley Cat)", "your hint thinks (Back Alley)", "start a game")


def fastest(a, b):
    """Records of two runs of the same plan (the program is deterministic: its clock is
    virtual), each poll's Python time the smaller of the two (the machine is shared)."""
    if [(r["key"], r["before"], r["after"]) for r in a] != \
            [(r["key"], r["before"], r["after"]) for r in b]:
        raise RuntimeError("two runs of the key plan differ")
    for r, q in zip(a, b):
        r["py"] = min(r["py"], q["py"])
    return a


def _groups(recs):
    """The records by action."""
    groups = {}
    for r in recs:
        groups.setdefault(r["what"], []).append(r)
    return groups


def _ordered(groups):
    """(action, its records) in the tables' order: ORDER's, then the others by name."""
    for w in ORDER + tuple(sorted(k for k in groups if k not in ORDER and k != "other")):
        rs = groups.get(w)
        if rs:
            yield w, rs


def table(recs, factor, out=print):
    groups = _groups(recs)
    out("| action | n | median | p95 | max | Python | C draw | composite | transfer "
        "| px sent (median / max) |")
    out("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for w, rs in _ordered(groups):
        parts = [board_ms(r, factor) for r in rs]
        tot = [sum(p) for p in parts]
        med = [_q([p[i] for p in parts], 0.5) for i in range(4)]
        out("| %s | %d | %.0f | %.0f | %.0f | %.0f | %.1f | %.1f | %.1f | %d / %d |" % (
            w, len(rs), _q(tot, 0.5), _q(tot, 0.95), max(tot), med[0], med[1], med[2], med[3],
            _q([r["sent"] for r in rs], 0.5), max(r["sent"] for r in rs)))


def counts(recs, out=print):
    groups = _groups(recs)
    out("%-34s %5s %8s %8s %8s %8s" % ("action", "n", "sent max", "comp max", "fill max",
                                        "blit max"))
    for w in sorted(groups):
        rs = groups[w]
        out("%-34s %5d %8d %8d %8d %8d" % (w, len(rs), max(r["sent"] for r in rs),
                                            max(r["comp"] for r in rs),
                                            max(r["fill"] for r in rs),
                                            max(r["blit"] for r in rs)))


def allocs(recs, out=print):
    """Per action: polls with a collection, and (from a run with alloc) the bytes the
    stand-ins and the program allocate per poll without one (median / max)."""
    groups = _groups(recs)
    out("| action | n | polls with a collection | stand-ins' bytes (median / max) "
        "| program's bytes (median / max) |")
    out("| --- | --- | --- | --- | --- |")
    for w in ORDER:
        rs = groups.get(w)
        if not rs:
            continue
        ok = [r for r in rs if not r["gc"] and r["stub_bytes"] >= 0]
        sb = [r["stub_bytes"] for r in ok]
        pb = [r["bytes"] - r["stub_bytes"] for r in ok]
        out("| %s | %d | %d | %s | %s |" % (
            w, len(rs), sum(r["gc"] for r in rs),
            "%d / %d" % (_q(sb, 0.5), max(sb)) if sb else "-",
            "%d / %d" % (_q(pb, 0.5), max(pb)) if pb else "-"))


def main(argv=None):
    try:
        return _main(argv)
    except RuntimeError as e:
        print("board_time: %s" % e, file=sys.stderr)
        return 2


def _main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--py", action="store_true", help="run from .py sources (default .mpy)")
    ap.add_argument("--runs", type=int, default=3, help="pystone runs before and after, and "
                    "runs of the key plan (the machine is shared: the fastest of each counts)")
    ap.add_argument("--counts", action="store_true", help="pixel counts only")
    ap.add_argument("--short", action="store_true", help="the tests' shorter key plan")
    ap.add_argument("--raw", action="store_true", help="print every record")
    ap.add_argument("--alloc", action="store_true", help="only the bytes allocated per poll "
                    "(stand-ins / program) and the polls with a collection")
    ap.add_argument("--vm", help="MicroPython binary (default: the venv's unix port)")
    ap.add_argument("--src", default=ROOT, help="the checkout to measure (e.g. an older one, "
                    "exported with git archive)")
    ap.add_argument("--instr", action="store_true", help="count instructions (callgrind) "
                    "instead of timing: every poll with a key, a thinking slice or a drawing "
                    "(needs valgrind; ~40 min on mp32, with --short ~2)")
    args = ap.parse_args(argv)
    keys = default_keys(args.short)
    if args.instr:
        mp = device_heap.micropython_binary(args.vm)
        ipp = pystone_instructions(args.vm)
        ms_per_mi = 1e9 / (ipp * BOARD_PYSTONES)
        recs = run_instructions(keys, mpy=not args.py, vm=args.vm, root=args.src)
        if args.raw:
            for r in recs:
                if r.get("ir"):
                    print(r)
        print("%s; callgrind: %.0f instructions per pystone loop; board %d pystones/s: "
              "%.2f board-ms per million instructions; stand-in call excess %s ns (callgrind's "
              "time)" % (device_heap.vm_description(mp), ipp, BOARD_PYSTONES, ms_per_mi,
                         run_plan.cal))
        print("from %s; every recorded poll of the %s plan (a key, a slice of thinking, a "
              "drawing); C as in the timed table" %
              (".py" if args.py else ".mpy", "short" if args.short else "whole"))
        print("")
        instr_table(recs, ms_per_mi, run_plan.cal or 0)
        return 0
    if args.counts:
        recs = run_plan(keys, mpy=not args.py, count=True, vm=args.vm, root=args.src)
        counts(recs)
        return 0
    if args.alloc:
        recs = run_plan(keys, mpy=not args.py, count=True, vm=args.vm, root=args.src,
                        alloc=True)
        if args.raw:
            for r in recs:
                print(r)
        allocs(recs)
        return 0
    mp = device_heap.micropython_binary(args.vm)
    # each run's Python times are scaled by the pystones measured just before and after it
    # (the machine is shared: a busy spell slows both alike), then each poll's fastest run
    # counts (py in board us from here on)
    ps = [pystones(args.vm)]
    recs = None
    factors = []
    cals = []
    runs = []
    for _ in range(args.runs):
        runs.append(run_plan(keys, mpy=not args.py, count=True, vm=args.vm, root=args.src))
        cals.append(run_plan.cal)
        ps.append(pystones(args.vm))
        factors.append((ps[-2] + ps[-1]) / 2.0 / BOARD_PYSTONES)
    # a stand-in call is C on a board: its Python frame's excess over a C call comes off
    # the poll, at the least of the runs' calibrations (a busy spell inflates one)
    cal = min(cals)
    for rs, f in zip(runs, factors):
        for r in rs:
            r["py"] = int((r["py"] - r["calls"] * cal / 1000.0) * f)
        recs = rs if recs is None else fastest(recs, rs)
    if args.raw:
        for r in recs:
            print(r)
    print("%s; pystone 1.1 in clean processes around the runs: %s/s; board %d/s: Python x %s"
          % (device_heap.vm_description(mp), ", ".join(str(p) for p in ps), BOARD_PYSTONES,
             ", ".join("%.0f" % f for f in factors)))
    print("from %s; board ms = Python + C drawing (fill %.2f us, blit %.2f us per pixel) + "
          "compositing (%.2f us per layer-pixel) + transfer (%.3f us per pixel)"
          % (".py" if args.py else ".mpy", FILL_US, BLIT_US, COMPOSITE_US, SEND_US))
    print("a stand-in call (C on a board) costs the Python what a C call costs: its frame's "
          "excess over one, calibrated in each run (unix ns: %s), the least taken off per call"
          % ", ".join(str(c) for c in cals))
    print("")
    table(recs, 1.0)
    # the collections of the timed runs (the plan is deterministic: the first run's); the
    # bytes from one more run that counts them inside the stand-ins (slower: not timed)
    al = run_plan(keys, mpy=not args.py, count=True, vm=args.vm, root=args.src, alloc=True)
    for r, q in zip(recs, al):
        q["gc"] = r["gc"]
    print("")
    allocs(al)
    return 0


if __name__ == "__main__":
    sys.exit(main())
