#!/usr/bin/env python3
"""Alley Cat tournament between the computer player levels (and a uniformly random player).

    .venv/bin/python tools/ai/tournament_alleycat.py [--games 1000] [--jobs 2] [--seed 0]
        [--match hard-normal ...]

Every match plays `games` seeded games in pairs: the same game seed twice with the seats swapped
(so both players get the same first deal and the same cut), half of the pairs with end-of-round
scoring and half with as-captured scoring, target 44 (--targets 22 44 66 spreads the pairs over
those targets instead). Prints each match's win rate for the first player with a 95 % Wilson
interval. Strength targets: Hard beats Normal and Normal beats Easy (lower bound > 50 %),
Hard wins >= 85 % against random play. "legacy" is Hard before score awareness (the
score-aware Hard should win >= 58 % against it), "oldnormal" Normal before it (not in the
default list: --match normal-oldnormal oldnormal-easy).
"""
import argparse
import os
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from engine.alleycat import AlleyCat, PHASE_GAME_OVER  # noqa: E402
from engine.bots import Bot  # noqa: E402
from tourney import RandomPlayer, wilson  # noqa: E402

LEVELS = {"easy": 0, "normal": 1, "hard": 2, "random": -1, "legacy": -2, "oldnormal": -3}
MATCHES = ("hard-legacy", "hard-normal", "normal-easy", "hard-easy", "hard-random",
           "normal-random", "easy-random")


class LegacyBot:
    """A level as it was before score awareness (tools/ai/legacy_bots.py: from git history)."""

    def __init__(self, level, seed):
        import legacy_bots
        self.brain = legacy_bots.load("bot_alleycat").AlleyCatBrain(level)
        self.seed = seed & 0x3FFFFFFF

    def choose(self, g):
        if g.turn < 0:
            return 0
        self.brain.obs.read(g)
        b = self.brain
        b.begin(self.seed)
        while not b.think(1 << 29):
            pass
        return b.move


def player(level, seed):
    if level <= -2:
        return LegacyBot(2 if level == -2 else 1, seed)
    return RandomPlayer(seed) if level < 0 else Bot(level, seed)


def play_game(job):
    """job = (level_a, level_b, game index, base seed, targets) -> (1 if A won, rounds)"""
    la, lb, i, base, targets = job
    pair = i // 2
    a_seat = i % 2  # the pair's second game swaps the seats
    seed = base * 100003 + pair
    capt = pair % 2 == 1
    target = targets[(pair // 2) % len(targets)]
    g = AlleyCat(seed=seed, target=target, as_captured=capt)
    players = [None, None]
    players[a_seat] = player(la, seed * 2 + 1)
    players[1 - a_seat] = player(lb, seed * 2 + 2)
    g.start()
    rounds = 1
    while g.phase != PHASE_GAME_OVER:
        if g.turn < 0:
            g.next_round()
            rounds += 1
            continue
        assert g.play(players[g.turn].choose(g)) == 0
    return (1 if g.winner == a_seat else 0), rounds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000, help="games per match (even)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--match", nargs="*", default=list(MATCHES))
    ap.add_argument("--targets", type=int, nargs="*", default=[44])
    a = ap.parse_args()
    games = a.games + (a.games & 1)
    print("Alley Cat tournament: %d games per match (seat-swapped pairs, half as-captured), "
          "target %s, seed %d" % (games, "/".join(str(t) for t in a.targets), a.seed))
    print("%-15s %6s %6s %8s %17s %7s" % ("match (A-B)", "games", "A won", "A rate", "95% CI",
                                          "rounds"))
    with Pool(a.jobs) as pool:
        for m in a.match:
            na, nb = m.split("-")
            jobs = [(LEVELS[na], LEVELS[nb], i, a.seed, tuple(a.targets)) for i in range(games)]
            res = pool.map(play_game, jobs, chunksize=8)
            k = sum(r[0] for r in res)
            rounds = sum(r[1] for r in res) / games
            lo, hi = wilson(k, games)
            print("%-15s %6d %6d %7.1f%% [%5.1f%%, %5.1f%%] %7.2f" % (
                m, games, k, 100.0 * k / games, 100 * lo, 100 * hi, rounds), flush=True)


if __name__ == "__main__":
    main()
