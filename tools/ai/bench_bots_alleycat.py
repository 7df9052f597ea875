#!/usr/bin/env python3
"""Alley Cat computer players: decision time per level and the bots' heap, on MicroPython.

    .venv/bin/python tools/ai/bench_bots_alleycat.py [positions [reps]] [--slice]  # on micropython
    micropython tools/ai/bench_bots_alleycat.py [positions [reps]] [--slice]  # the measurement

Positions come from seeded games (Normal against a uniformly random player, both scoring modes,
targets 44 and 22); at every position each level (Easy, Normal, Hard) is timed on the same
position, `reps` times (default 3) under micropython.heap_lock(); the fastest run counts, since
other processes on the machine only ever add time. Prints median / 90th percentile / max in microseconds per level, and the heap of a
Bot's buffers (gc.mem_alloc() around Bot() construction, both games' brains) plus the Alley Cat
brain alone and the import cost of the brain module (its lookup tables). Budgets:
median <= 500 us Easy/Normal, <= 4000 us Hard, worst case <= 15000 us; Bot buffers <= 8 KB
(4 KB for this brain). --slice: the same decisions thought in slices (bot.begin, then
bot.think(bot.slice) until done; begin counts with the first slice, as the front end runs
them in one step): time per slice (fastest of `reps` runs of each slice), median / p90 / max
per level, and slices per decision. Figures only: machines are noisy, nothing here asserts.
"""
import sys

MP = sys.implementation.name != "cpython"

if not MP:
    import os
    import shutil
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    mp = here if os.path.exists(here) else shutil.which("micropython")
    if not mp:
        sys.exit("micropython not found")
    r = subprocess.run([mp, "-X", "heapsize=2m", "tools/ai/bench_bots_alleycat.py"] + sys.argv[1:],
                       cwd=root)
    sys.exit(r.returncode)

sys.path.insert(0, ".")
sys.path.insert(0, "tools/ai")
import gc
import micropython
import time
from bench_slices import SliceTimer

SLICES = "--slice" in sys.argv
ARGS = [a for a in sys.argv[1:] if a != "--slice"]
POSITIONS = int(ARGS[0]) if len(ARGS) > 0 else 400
REPS = int(ARGS[1]) if len(ARGS) > 1 else 3

gc.collect()
m0 = gc.mem_alloc()
import engine.bot_alleycat as bac  # with its tables, Hard and the win table modules
gc.collect()
m1 = gc.mem_alloc()
from engine.alleycat import AlleyCat
from engine.bots import Bot
from engine.rng import Rng
Bot(2, 0)  # imports both brain modules (Bot imports them on first construction)
gc.collect()
m2 = gc.mem_alloc()
brain = bac.AlleyCatBrain(2)
gc.collect()
m3 = gc.mem_alloc()
bot = Bot(2, 1)
gc.collect()
m4 = gc.mem_alloc()
print("heap: import engine.bot_alleycat (+ _tables, _hard, winprob_alleycat) %d B" % (m1 - m0))
print("heap: AlleyCatBrain(2) buffers %d B (budget 4096)" % (m3 - m2))
print("heap: Bot(2) buffers, both brains %d B (budget 8192)" % (m4 - m3))
del brain

bots = [Bot(0, 7), Bot(1, 7), Bot(2, 7)]
player = Bot(1, 99)
rng = Rng(5)
buf = bytearray(16)
times = [[], [], []]
slices = SliceTimer(REPS)  # --slice


by_hand = {}  # Hard's times by the mover's hand size (what a decision costs)
chosen = 0
game_no = 0
while chosen < POSITIONS:
    g = AlleyCat(seed=game_no, target=22 if game_no % 3 == 2 else 44,
                 as_captured=game_no % 2 == 1)
    g.start()
    while g.phase != 3 and chosen < POSITIONS:
        if g.turn < 0:
            g.next_round()
            continue
        gc.collect()
        for lv in range(3):
            best = 1 << 29
            for rep in range(REPS):  # the fastest of REPS runs: other processes add noise
                t0 = time.ticks_us()
                micropython.heap_lock()  # choose must not allocate
                bots[lv].choose(g)
                micropython.heap_unlock()
                t = time.ticks_diff(time.ticks_us(), t0)
                if t < best:
                    best = t
            times[lv].append(best)
            if SLICES:
                slices.time(bots[lv], g, lv)
            if lv == 2:
                k = g.hand_size(g.turn)
                if k not in by_hand:
                    by_hand[k] = []
                by_hand[k].append(best)
        chosen += 1
        if g.turn == 0:
            m = player.choose(g)
        else:
            n = g.legal_moves(buf)
            m = buf[rng.below(n)]
        g.play(m)
    game_no += 1

print("decision time over %d positions (%d games), fastest of %d runs, microseconds:"
      % (chosen, game_no, REPS))
print("%-7s %8s %8s %8s %8s" % ("level", "median", "p90", "max", "budget"))
for lv, name, budget in ((0, "easy", 500), (1, "normal", 500), (2, "hard", 4000)):
    t = sorted(times[lv])
    print("%-7s %8d %8d %8d %8d" % (name, t[len(t) // 2], t[len(t) * 9 // 10], t[-1], budget))
print("hard by cards in hand (max budget 15000):")
print("%-7s %8s %8s %8s" % ("cards", "n", "median", "max"))
for k in sorted(by_hand):
    t = sorted(by_hand[k])
    print("%-7d %8d %8d %8d" % (k, len(t), t[len(t) // 2], t[-1]))
if SLICES:
    slices.report(("easy", "normal", "hard"))
