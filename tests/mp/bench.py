"""Engine benchmark body, run by tools/ai/bench_engine.py on MicroPython and on CPython.

Prints 'key value' lines: heap for import + construction (MicroPython only), saved-state sizes,
and moves per second of seeded random self-play (one figure per repetition).
"""
import sys
sys.path.insert(0, ".")
sys.path.insert(0, "tests/mp")
import gc
import time

MP = sys.implementation.name != "cpython"
REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 20


def now_us():
    if MP:
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def elapsed_us(t0):
    if MP:
        return time.ticks_diff(time.ticks_us(), t0)
    return now_us() - t0


if MP:
    gc.collect()
    m0 = gc.mem_alloc()
from engine.alleycat import AlleyCat
from engine.backalley import BackAlley
if MP:
    gc.collect()
    m1 = gc.mem_alloc()
ac = AlleyCat(seed=1)
ba = BackAlley(seed=1)
if MP:
    gc.collect()
    m2 = gc.mem_alloc()
    print("heap_import", m1 - m0)
    print("heap_construct", m2 - m1)
    print("heap_total", m2 - m0)

from engine.rng import Rng
import selfplay

buf = bytearray(16)
sbuf = bytearray(256)
for name, g, is_ba in (("alleycat", ac, False), ("backalley", ba, True)):
    # state size: the largest save over a whole game
    rng = Rng(3)
    g.start()
    biggest = g.save(sbuf)
    mv = 0
    while g.phase != 3 and mv < 5000:
        if g.turn < 0:
            selfplay.next_part(g, is_ba)
        else:
            g.play(selfplay.random_move(g, rng, buf))
            mv += 1
        n = g.save(sbuf)
        if n > biggest:
            biggest = n
    print("save_bytes_" + name, biggest)
    for rep in range(REPS):
        rng = Rng(100 + rep)
        moves = 0
        t0 = now_us()
        for i in range(GAMES):
            moves += selfplay.play_random_game(g, rng, buf, is_ba, 5000)
        us = elapsed_us(t0)
        print("moves_per_s_" + name, moves * 1000000 // us)
