#!/usr/bin/env python3
"""Engine benchmark: heap (MicroPython), saved-state size, self-play moves/s on both interpreters.

    .venv/bin/python tools/ai/bench_engine.py [--reps 5] [--games 20]

Runs tests/mp/bench.py under the MicroPython unix port and under this CPython and prints the
medians. Machines are noisy: compare medians and the MicroPython/CPython ratio, not single runs.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else shutil.which("micropython")


def run(cmd):
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("benchmark failed: %s\n%s" % (" ".join(cmd), r.stderr))
    figures = {}
    for line in r.stdout.splitlines():
        k, v = line.split()
        figures.setdefault(k, []).append(int(v))
    return figures


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--games", type=int, default=20)
    a = ap.parse_args()
    mp = run([micropython(), "-X", "heapsize=1m", "tests/mp/bench.py", str(a.reps), str(a.games)])
    cp = run([sys.executable, "tests/mp/bench.py", str(a.reps), str(a.games)])
    print("Engine benchmark (%d reps x %d seeded random games per game type)" % (a.reps, a.games))
    print("MicroPython heap: import both engines %d B, construct AlleyCat + BackAlley %d B, total %d B"
          " (%.1f KB; target <= 24 KB)" % (mp["heap_import"][0], mp["heap_construct"][0],
                                          mp["heap_total"][0], mp["heap_total"][0] / 1024))
    for name in ("alleycat", "backalley"):
        print("%-9s largest save: %d bytes (limit 256)" % (name, mp["save_bytes_" + name][0]))
    print("%-9s %16s %16s %8s" % ("", "MicroPython", "CPython", "ratio"))
    for name in ("alleycat", "backalley"):
        m = median(mp["moves_per_s_" + name])
        c = median(cp["moves_per_s_" + name])
        print("%-9s %10d mv/s %10d mv/s %7.1fx   (median of %d)" % (name, m, c, c / m, a.reps))


if __name__ == "__main__":
    main()
