#!/usr/bin/env python3
"""Back Alley bots: decision time per level and the bots' heap, on the MicroPython unix port.

    .venv/bin/python tools/ai/bench_bots_backalley.py [games] [deals] [repeat] [--slice]

Run under CPython it re-runs itself under micropython (next to the venv's python or on PATH).
Positions come from seeded games (default 4 games of 25 deals) driven by Normal bots; at every
decision each level (one seeded Bot per level) chooses a move under micropython.heap_lock()
and is run `repeat` times (default 5): its time is the process CPU time of the runs / repeat
(time.clock(), immune to other processes on a loaded machine) or the fastest run if lower;
the slowest wall-clock run is reported too.
Prints median / 90th percentile / max decision time per level (all decisions, and card plays
and bids apart), Hard's median and max per hand size (1..13, plays and bids apart), and the
heap of a Bot's buffers (gc.mem_alloc() around Bot() construction: both games' brains) and
of a BackAlleyBrain alone. --slice: every decision also thought in slices (bot.begin, then
bot.think(bot.slice) until done; begin counts with the first slice, as the front end runs them
in one step): time per slice (the fastest of `repeat` runs of each slice, wall clock), median /
p90 / max per level, and slices per decision.
"""
import sys

if sys.implementation.name == "cpython":
    import os
    import shutil
    import subprocess
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    mp = os.path.join(os.path.dirname(sys.executable), "micropython")
    if not os.path.exists(mp):
        mp = shutil.which("micropython")
    sys.exit(subprocess.call([mp, "-X", "heapsize=4m", os.path.abspath(__file__)] + sys.argv[1:],
                             cwd=root))

sys.path.insert(0, ".")
sys.path.insert(0, "tools/ai")
import gc  # noqa: E402
import time  # noqa: E402
from bench_slices import SliceTimer  # noqa: E402
import micropython  # noqa: E402

from engine.backalley import BackAlley  # noqa: E402
from engine.bots import Bot  # noqa: E402
from engine.bot_backalley import BackAlleyBrain  # noqa: E402

SLICES = "--slice" in sys.argv
ARGS = [a for a in sys.argv[1:] if a != "--slice"]
GAMES = int(ARGS[0]) if len(ARGS) > 0 else 4
DEALS = int(ARGS[1]) if len(ARGS) > 1 else 25
REPEAT = int(ARGS[2]) if len(ARGS) > 2 else 5
CPU_CLOCK = hasattr(time, "clock")  # the unix port's process CPU time
raw_max = [0, 0, 0]

Bot(2, 0)  # imports both brain modules (Bot imports them on first construction)
gc.collect()
m0 = gc.mem_alloc()
probe = Bot(2, 1)
gc.collect()
m1 = gc.mem_alloc()
brain = BackAlleyBrain(2)
gc.collect()
m2 = gc.mem_alloc()
print("heap Bot() (both brains): %d bytes" % (m1 - m0))
print("heap BackAlleyBrain alone: %d bytes" % (m2 - m1))

bots = [Bot(lv, 100 + lv) for lv in range(3)]
drivers = [Bot(1, 200 + i) for i in range(4)]
times = [[], [], []]
bid_times = [[], [], []]
play_times = [[], [], []]
for i in range(3):
    times[i] = [0] * 6000
    bid_times[i] = [0] * 1000
    play_times[i] = [0] * 6000
# Hard per hand size: [size][0 plays / 1 bids] -> decision times (us)
HCAP = 600
hsz_t = [[[0] * HCAP, [0] * 200] for _ in range(14)]
hsz_n = [[0, 0] for _ in range(14)]
nt = [0, 0, 0]
nb = [0, 0, 0]
np_ = [0, 0, 0]
errors = 0
m = d = t0 = dt = k = j = c0 = cpu = 0  # globals made before the locked loop (a new global may grow the dict)
slices = SliceTimer(REPEAT)  # --slice


for gi in range(GAMES):
    g = BackAlley(seed=gi + 1, deals=DEALS)
    g.start()
    while g.phase != 3:
        if g.turn < 0:
            g.next_deal()
            continue
        bidding = g.phase == 0
        for lv in range(3):
            # the same decision REPEAT times (it is deterministic). Its cost: the process CPU
            # time of the REPEAT runs / REPEAT (time.clock(): 1 ms steps, so REPEAT >= 5
            # resolves 0.2 ms), or the fastest wall-clock run if lower. On a loaded machine
            # the wall clock also counts other processes' time slices; CPU time does not.
            dt = 1 << 29
            gc.collect()
            c0 = time.clock() if CPU_CLOCK else 0
            for rep in range(REPEAT):
                micropython.heap_lock()
                t0 = time.ticks_us()
                try:
                    m = bots[lv].choose(g)
                except MemoryError:
                    m = -1
                d = time.ticks_diff(time.ticks_us(), t0)
                micropython.heap_unlock()
                if m < 0:
                    errors += 1
                if d < dt:
                    dt = d
                if d > raw_max[lv]:
                    raw_max[lv] = d
            if CPU_CLOCK:
                cpu = int((time.clock() - c0) * 1000000) // REPEAT
                if cpu < dt:
                    dt = cpu
            if SLICES:
                slices.time(bots[lv], g, lv)
            if lv == 2:
                k = g.cards_per_hand
                j = 1 if bidding else 0
                if hsz_n[k][j] < len(hsz_t[k][j]):
                    hsz_t[k][j][hsz_n[k][j]] = dt
                    hsz_n[k][j] += 1
            if nt[lv] < 6000:
                times[lv][nt[lv]] = dt
                nt[lv] += 1
            if bidding and nb[lv] < 1000:
                bid_times[lv][nb[lv]] = dt
                nb[lv] += 1
            elif not bidding and np_[lv] < 6000:
                play_times[lv][np_[lv]] = dt
                np_[lv] += 1
        g.play(drivers[g.turn].choose(g))


def stats(xs, n):
    a = sorted(xs[:n])
    if n == 0:
        return "-"
    return "median %.2f ms  p90 %.2f ms  max %.2f ms  (n=%d)" % (
        a[n // 2] / 1000, a[(n * 9) // 10] / 1000, a[n - 1] / 1000, n)


names = ("Easy", "Normal", "Hard")
print("positions from %d games of %d deals; each decision run %d times: %s"
      % (GAMES, DEALS, REPEAT, "CPU time / runs (or the fastest run)" if CPU_CLOCK
         else "fastest run kept"))
for lv in range(3):
    print("%-6s all   %s" % (names[lv], stats(times[lv], nt[lv])))
    print("%-6s plays %s" % (names[lv], stats(play_times[lv], np_[lv])))
    print("%-6s bids  %s" % (names[lv], stats(bid_times[lv], nb[lv])))
print("Hard per hand size:")
print("  n   plays median    max     (count)   bids median    max   (count)")
for k in range(1, 14):
    row = "  %2d" % k
    for j in range(2):
        c = hsz_n[k][j]
        if c:
            a = sorted(hsz_t[k][j][:c])
            row += "   %7.2f ms %6.2f ms (%4d)" % (a[c // 2] / 1000, a[c - 1] / 1000, c)
        else:
            row += "   %7s    %6s    (%4d)" % ("-", "-", 0)
    print(row)
print("slowest single run (noise included): Easy %.2f ms, Normal %.2f ms, Hard %.2f ms"
      % (raw_max[0] / 1000, raw_max[1] / 1000, raw_max[2] / 1000))
print("allocations under heap_lock:", errors)
if SLICES:
    slices.report(names)
