#!/usr/bin/env python3
"""Back Alley bot tournament in duplicate format (CPython, seeded).

    /tmp/v/bin/python tools/ai/tournament_backalley.py [--games 200] [--deals 13] [--seed 1]
        [--pairs 2-1,1-0,2-R] [--jobs 2]

Players: 0 Easy, 1 Normal, 2 Hard, R uniformly random legal moves, L today's Hard frozen before
the score-aware rework (tools/ai/legacy_bots.py, read from git history; "2-L" measures the new Hard against it),
T the Hard of 2026-12-01 before the small-hand board bidding (the whole brain read from git at
tools/ai/frozen_backalley.py's TODAY_COMMIT; N: its Normal), S the strong bidding reference (tools/ai/ref_backalley.py:
50x Hard's worlds per bid in 1- and 2-card deals; slow, about 5 s of CPU a 7-deal game). Each pairing "A-B" plays
`games` deal sequences twice: once with A as South/North (seats 0, 2) and B as West/East, then
with the partnerships swapped, on the same decks and dealers (duplicate). Prints A's game win
rate (draws count half) with a 95 % Wilson interval, the duplicate-pair win rate, mean points,
per player how often its numeric contracts and its boards were made, and the all-pass
redeals per game (mean, max) of the pairing's games and, with --redeals, of games with the
same level at all four seats (e.g. --redeals 0,1,2 --pairs ""), and each player's bids per hand
size as pass / numbers / board percentages.

The default game is 25 deals (13 -> 1 -> 13); --deals 7 is the handheld's short game. Check
both, e.g. `--games 150 --deals 25 --seed 9 --pairs 2-1,1-0,2-R,2-2` (about 10 minutes on two
cores) and `--games 200 --deals 7 --pairs 2-1,1-0,2-R,2-2` (about 2 minutes).
"""
import argparse
import multiprocessing
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from engine.backalley import BackAlley, PHASE_GAME_OVER, BID_BOARD, BID_PASS  # noqa: E402
from engine.bots import Bot  # noqa: E402
from engine.rng import Rng  # noqa: E402
from tourney import RandomPlayer, wilson as interval  # noqa: E402
import legacy_bots  # noqa: E402

LegacyBrain = legacy_bots.load("bot_backalley").BackAlleyBrain


class LegacyBot:
    """Today's Hard (frozen copy) behind the Bot interface."""

    def __init__(self, seed):
        self.seed = seed & 0x3FFFFFFF
        self.brain = LegacyBrain(2)

    def choose(self, g):
        if g.turn < 0:
            return 0
        self.brain.obs.read(g)
        b = self.brain
        b.begin(self.seed)
        while not b.think(1 << 29):
            pass
        return b.move




def wilson(w, n):
    """(rate, low, high) with the 95 % Wilson interval."""
    lo, hi = interval(w, n)
    return (w / n if n else 0.0), lo, hi


class TodayBot(LegacyBot):
    """Today's Hard (or level): the whole brain chain frozen at frozen_backalley.TODAY_COMMIT."""

    def __init__(self, seed, level=2):
        import frozen_backalley
        self.seed = seed & 0x3FFFFFFF
        self.brain = frozen_backalley.brain()(level)

    def choose(self, g):
        if g.turn < 0:
            return 0
        self.brain.obs.read(g)
        return self.brain.decide(self.seed)  # (the frozen brain decides in one go)


def make(kind, seed):
    if kind == "R":
        return RandomPlayer(seed)
    if kind == "L":
        return LegacyBot(seed)
    if kind == "T":
        return TodayBot(seed)
    if kind == "N":
        return TodayBot(seed, 1)
    if kind == "S":
        import ref_backalley
        return ref_backalley.RefBot(seed)
    return Bot(int(kind), seed)


def decks_for(seed, count):
    rng = Rng(seed)
    out = []
    for _ in range(count):
        d = bytearray(54)
        for i in range(52):
            d[i] = ((i // 13) << 4) | (i % 13 + 1)
        d[52] = 0x41
        d[53] = 0x42
        rng.shuffle(d, 54)
        out.append(bytes(d))
    return out


def play(players, deals, decks, dealer, stats):
    """players[seat]: (kind, object). stats[kind] = [contracts, made, boards, boards made]."""
    g = BackAlley(seed=1, deals=deals)
    k = 0
    g.start(dealer, decks[k])
    while g.phase != PHASE_GAME_OVER:
        if g.turn < 0:
            k += 1
            if k >= len(decks):
                g.next_deal()
            else:
                g.next_deal(decks[k])
            continue
        m = players[g.turn][1].choose(g)
        if g.phase == 0:
            # bidding profile: stats["bids", kind][n] = [pass, numbers, board]
            pr = stats.setdefault(("bids", players[g.turn][0]), {})
            row = pr.setdefault(g.cards_per_hand, [0, 0, 0])
            row[0 if m == BID_PASS else 2 if m == BID_BOARD else 1] += 1
        assert g.play(m) == 0
        if g.turn < 0 and g.bid(0) and not all(g.bid(p) == BID_PASS for p in range(4)):
            n = g.cards_per_hand
            for t in range(2):
                kind = players[t][0]
                # points per hand played, by hand size: stats["pts", kind][n] = [sum, hands]
                pt = stats.setdefault(("pts", kind), {}).setdefault(n, [0, 0, 0])
                pt[0] += g.hand_points(t)
                pt[1] += 1
                st = stats.setdefault(kind, [0, 0, 0, 0])
                tricks = g.tricks(t) + g.tricks(t + 2)
                if g.bid(t) == BID_BOARD or g.bid(t + 2) == BID_BOARD:
                    st[2] += 1
                    st[3] += tricks == n
                else:
                    want = (g.bid(t) - 0x80) + (g.bid(t + 2) - 0x80)
                    if want > 0:
                        st[0] += 1
                        st[1] += tricks >= want
    return g.team_score(0), g.team_score(1), g.redeals


def one(args):
    a, b, gi, deals, seed = args
    gseed = seed * 100003 + gi
    decks = decks_for(gseed, 60)
    dealer = gseed % 4
    stats = {}
    pa = [(a, make(a, gseed * 8 + i)) if i % 2 == 0 else (b, make(b, gseed * 8 + i))
          for i in range(4)]
    s0, s1, r1 = play(pa, deals, decks, dealer, stats)
    pb = [(b, make(b, gseed * 8 + 4 + i)) if i % 2 == 0 else (a, make(a, gseed * 8 + 4 + i))
          for i in range(4)]
    t0, t1, r2 = play(pb, deals, decks, dealer, stats)
    return (s0 - s1), (t1 - t0), stats, (r1, r2)


def same_level(args):
    """Redeals of one game with level `kind` at all four seats."""
    kind, gi, deals, seed = args
    gseed = seed * 100003 + gi
    decks = decks_for(gseed, 80)
    players = [(kind, make(kind, gseed * 8 + i)) for i in range(4)]
    return play(players, deals, decks, gseed % 4, {})[2]


def name(k):
    return {"0": "Easy", "1": "Normal", "2": "Hard", "R": "Random", "L": "Legacy",
            "T": "Today", "N": "NormT", "S": "Strong"}[k]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--deals", type=int, default=13)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pairs", default="2-1,1-0,2-R")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--redeals", default="", help="levels to play at all four seats, e.g. 0,1,2")
    args = ap.parse_args()
    total = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for kind in [k for k in args.redeals.split(",") if k]:
            work = [(kind, gi, args.deals, args.seed) for gi in range(args.games)]
            reds = list(pool.imap_unordered(same_level, work, chunksize=2))
            print("%-6s at all seats deals=%d games=%d: redeals per game mean %.2f max %d"
                  % (name(kind), args.deals, len(reds), sum(reds) / len(reds), max(reds)),
                  flush=True)
        for pair in [p for p in args.pairs.split(",") if p]:
            a, b = pair.split("-")
            work = [(a, b, gi, args.deals, args.seed) for gi in range(args.games)]
            wins = 0.0
            pair_wins = 0.0
            margin = 0
            here = {}
            reds = []
            for m1, m2, st, rr in pool.imap_unordered(one, work, chunksize=2):
                reds += rr
                for x in (m1, m2):
                    wins += 1.0 if x > 0 else 0.5 if x == 0 else 0.0
                d = m1 + m2
                pair_wins += 1.0 if d > 0 else 0.5 if d == 0 else 0.0
                margin += d
                for k, v in st.items():
                    if k[0] in ("bids", "pts"):
                        for d in (total, here):
                            pr = d.setdefault(k, {})
                            for n, row in v.items():
                                r = pr.setdefault(n, [0, 0, 0])
                                for i in range(3):
                                    r[i] += row[i]
                        continue
                    for d in (total, here):
                        t = d.setdefault(k, [0, 0, 0, 0])
                        for i in range(4):
                            t[i] += v[i]
            n = 2 * args.games
            p, lo, hi = wilson(wins, n)
            pp, plo, phi = wilson(pair_wins, args.games)
            print("%-6s vs %-6s deals=%d games=%d: game wins %.1f%% [%.1f, %.1f]  "
                  "duplicate pairs %.1f%% [%.1f, %.1f]  mean margin/game %+.1f"
                  % (name(a), name(b), args.deals, n, 100 * p, 100 * lo, 100 * hi,
                     100 * pp, 100 * plo, 100 * phi, margin / n), flush=True)
            print("   redeals per game mean %.2f max %d" % (sum(reds) / len(reds), max(reds)))
            report(here, "   ")
    print("all pairings:")
    report(total, "   ")


def report(stats, indent):
    for k in sorted(x for x in stats if isinstance(x, str)):
        c, m, bd, bm = stats[k]
        p, lo, hi = wilson(m, c)
        print("%s%-6s numeric contracts %5d made %.1f%% [%.1f, %.1f]   boards %4d made %d (%.0f%%)"
              % (indent, name(k), c, 100 * p, 100 * lo, 100 * hi, bd, bm,
                 100.0 * bm / bd if bd else 0), flush=True)
    pts = sorted(x for x in stats if x[0] == "pts")
    if len(pts) == 2:
        (a, pa), (b, pb) = [(k[1], stats[k]) for k in pts]
        row = "%s%s minus %s, points per hand by hand size:" % (indent, name(a), name(b))
        for n in sorted(pa):
            if n in pb and pa[n][1] and pb[n][1]:
                row += "  %d: %+.2f" % (n, pa[n][0] / pa[n][1] - pb[n][0] / pb[n][1])
        print(row, flush=True)
    for k in sorted(x for x in stats if x[0] == "bids"):
        pr = stats[k]
        row = "%s%-6s bids pass/numbers/board %%:" % (indent, name(k[1]))
        for n in sorted(pr):
            a, b, c = pr[n]
            t = a + b + c
            row += "  %d: %.0f/%.0f/%.0f (%d)" % (n, 100.0 * a / t, 100.0 * b / t, 100.0 * c / t, t)
        print(row, flush=True)


if __name__ == "__main__":
    main()
