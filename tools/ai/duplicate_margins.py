#!/usr/bin/env python3
"""Points margin of one bot level over another in duplicate deals (not run in CI).

    .venv/bin/python tools/ai/duplicate_margins.py ac 2-1 [--pairs 400] [--block 80]
    .venv/bin/python tools/ai/duplicate_margins.py ba 2-1 [--pairs 160] [--block 40] [--deals 25]
        [--other-seeds]

The strength guards in tests/test_bots_alleycat.py and tests/test_bots_backalley.py play the
first pairs of exactly these deals; this prints the mean and sd of the margin a pair, the sums
over blocks of --block pairs (what a test of that size sees), and the expected sum and its sd.

Alley Cat: a shuffled deck is played as one round twice, the levels swapping seats (same deal,
same dealer), from 0 - 0, target 44, odd pairs as captured; the margin is A's round points
minus B's. Back Alley: a shuffled deck is dealt as the first deal of a `--deals` game twice,
the partnerships swapping seats; the margin is A's hand points minus B's. A seat's bot keeps its
seed in both halves, so equal levels score exactly 0; --other-seeds gives B's bots other seeds
(the noise of the measure between equal players).
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from engine.alleycat import AlleyCat  # noqa: E402
from engine.backalley import BackAlley, PHASE_BID, PHASE_PLAY  # noqa: E402
from engine.bots import Bot  # noqa: E402
from engine.rng import Rng  # noqa: E402

AC_CARDS = [(s << 4) | r for s in (0, 3) for r in range(1, 14)] + [0x15]
BA_CARDS = [(s << 4) | r for s in range(4) for r in range(1, 14)] + [0x41, 0x42]


def shuffled(cards, seed):
    rng = Rng(seed)
    d = list(cards)
    for i in range(len(d) - 1, 0, -1):
        j = rng.below(i + 1)
        d[i], d[j] = d[j], d[i]
    return d


def ac_pair(la, lb, k, other_seeds=False):
    deck = shuffled(AC_CARDS, 1000 + k)
    total = 0
    for a_seat in (0, 1):
        g = AlleyCat(seed=k, target=44, as_captured=k % 2 == 1)
        g.start((k >> 1) % 2, deck)
        bots = [None, None]
        bots[a_seat] = Bot(la, 3 * k + 1, AlleyCat)
        bots[1 - a_seat] = Bot(lb, 3 * k + 2, AlleyCat)  # (Alley Cat: always other seeds)
        while g.phase == 1:
            g.play(bots[g.turn].choose(g))
        total += g.round_points(a_seat) - g.round_points(1 - a_seat)
    return total


def ba_pair(la, lb, k, other_seeds=False, deals=25):
    deck = shuffled(BA_CARDS, 2000 + k)
    total = 0
    for a_team in (0, 1):
        g = BackAlley(seed=k, deals=deals)
        g.start(k % 4, deck)
        bots = [Bot(la, 4 * k + p, BackAlley) if (p & 1) == a_team else
                Bot(lb, 4 * k + p + (5000 if other_seeds else 0), BackAlley) for p in range(4)]
        while g.phase in (PHASE_BID, PHASE_PLAY):
            g.play(bots[g.turn].choose(g))
        total += g.hand_points(a_team) - g.hand_points(1 - a_team)
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("game", choices=("ac", "ba"))
    ap.add_argument("levels", help="A-B, e.g. 2-1 (0 easy, 1 normal, 2 hard)")
    ap.add_argument("--pairs", type=int, default=160)
    ap.add_argument("--block", type=int, default=40)
    ap.add_argument("--deals", type=int, default=25)
    ap.add_argument("--other-seeds", action="store_true")
    a = ap.parse_args()
    la, lb = (int(x) for x in a.levels.split("-"))
    ms = []
    for k in range(a.pairs):
        if a.game == "ac":
            ms.append(ac_pair(la, lb, k, a.other_seeds))
        else:
            ms.append(ba_pair(la, lb, k, a.other_seeds, a.deals))
    mean = statistics.mean(ms)
    sd = statistics.pstdev(ms)
    blocks = [sum(ms[i:i + a.block]) for i in range(0, len(ms) - a.block + 1, a.block)]
    print("%s %d-%d: %d pairs, margin a pair %+.2f (sd %.2f)" % (a.game, la, lb, a.pairs, mean, sd))
    print("blocks of %d: %s; expected %+.0f, sd %.0f" % (a.block, " ".join(map(str, blocks)),
                                                         mean * a.block, sd * a.block ** 0.5))


if __name__ == "__main__":
    main()
