"""Print transcripts of seeded games (random play and bot play) of both games.

Same output on CPython and MicroPython is the determinism check:
  python tests/mp/transcripts.py N   vs   micropython tests/mp/transcripts.py N
"""
import sys
sys.path.insert(0, ".")
sys.path.insert(0, "tests/mp")

from engine.alleycat import AlleyCat
from engine.backalley import BackAlley
from engine.rng import Rng
import selfplay

# the computer players' games are half the transcripts: if they do not import, this fails
from engine.bots import Bot

N = int(sys.argv[1]) if len(sys.argv) > 1 else 4
buf = bytearray(16)


def out(s):
    print(s)


for seed in range(1, N + 1):
    print("== alleycat seed", seed)
    selfplay.transcript(AlleyCat(seed=seed, as_captured=(seed % 2 == 0)), Rng(seed), buf, False, out)
    print("== backalley seed", seed)
    selfplay.transcript(BackAlley(seed=seed, deals=5 if seed % 2 else 25,
                                  strict_trump_lead=(seed % 3 == 0)), Rng(seed), buf, True, out)
    print("== alleycat bots seed", seed)
    selfplay.transcript(AlleyCat(seed=seed), Rng(seed), buf, False, out,
                        bots=[Bot(seed % 3, seed), Bot(2, seed + 1)])
    print("== backalley bots seed", seed)
    selfplay.transcript(BackAlley(seed=seed, deals=3), Rng(seed), buf, True, out,
                        bots=[Bot(2, seed), Bot(1, seed + 1), Bot(2, seed + 2), Bot(0, seed + 3)])
