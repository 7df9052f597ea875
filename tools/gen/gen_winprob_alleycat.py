#!/usr/bin/env python3
"""Generate engine/winprob_alleycat.py: Alley Cat game-win probability by self-play.

    nice .venv/bin/python tools/gen/gen_winprob_alleycat.py [--rounds 6000] [--seed 1] [--jobs 2]
        [--out engine/winprob_alleycat.py] [--report]

1. Self-play: `rounds` single rounds, today's Hard (tools/ai/legacy_bots.py: main 6826eb6 read
   from git, so the table is reproducible) at both seats, each round a fresh deal from Rng(seed)-derived game
   seeds, alternating dealers. Each round is recorded trick by trick: the stock size before the
   trick, and the points credited to the non-dealer (x) and the dealer (y).
2. Game values by dynamic programming over that bank of rounds (numpy, exact for the bank): for
   each scoring mode, target (22/44/66), scores (a, b) at the end of a round and who leads the
   next round, P(win) = the mean over the bank's rounds of the game result (end of round: the
   higher total once someone has the target; as captured: the first to reach it, mid-round)
   or the value of the next round's start. Value iteration until it moves < 1e-6 (scores can
   go down: the alley cat's trick subtracts). Mid-round values (the "left" buckets, as
   captured only) average the same over the bank's round suffixes (one per round) that start
   at a stock size in the bucket.
3. The table: P quantised to 0..90 (one printable byte each, see engine/winprob_alleycat.py),
   at the even score differences -24..24, averaged over the scores in each leader's-need
   bucket and over who leads next, made non-decreasing in the difference. Then the round-over
   rows once more per who leads the next round (both modes and targets), appended: Hard's
   playouts know the next dealer.

Same seed and rounds -> the same bytes (the self-play is deterministic, the DP exact).
"""
import argparse
import os
import sys
from multiprocessing import Pool

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import toolpaths  # noqa: E402,F401  (every tools/ folder on sys.path)

TARGETS = (22, 44, 66)
LO = -24          # lowest score in the DP grid (lower scores are clamped: they are rare)
# Table layout (must match engine/winprob_alleycat.py)
DB = 25           # difference samples: me - opponent = -24, -22, .., +24 (odd: interpolated)
NB = 10           # leader's need (target - the higher score) buckets, NEED_EDGES below
LB = 3            # what is left: 0 round over, 1 stock 0 .. 11 (late), 2 stock 12 .. 15 (early)
NEED_EDGES = (1, 2, 3, 4, 6, 9, 13, 19, 27, 40)
NEED_MAX = 40  # bucket k holds needs NEED_EDGES[k] .. next-1
LEVELS = 90


def need_bucket(n):
    k = 0
    while k + 1 < NB and n >= NEED_EDGES[k + 1]:
        k += 1
    return k


def diff_sample(d):
    """Sample index of difference d, or None: the table holds the even differences -24..24."""
    if d & 1 or d < -24 or d > 24:
        return None
    return (d + 24) >> 1


def left_bucket(stock):
    return 1 if stock <= 11 else 2  # rounds last ~9 tricks: the first 4 are "early"


def play_round(job):
    """One self-play round -> list of (stock before, x for the non-dealer, y for the dealer)."""
    import legacy_bots
    leg = legacy_bots.load("bot_alleycat")
    from engine.alleycat import AlleyCat
    seed, dealer = job
    g = AlleyCat(seed=seed, target=255)
    g.start(dealer)
    brains = [leg.AlleyCatBrain(2), leg.AlleyCatBrain(2)]
    nd = 1 - dealer
    tricks = []
    stock = g.stock_size()
    while g.turn >= 0:
        b = brains[g.turn]
        b.obs.read(g)
        if g.trick_size == 0:
            stock = g.stock_size()
        b.begin(seed * 7 + 3)
        while not b.think(1 << 29):
            pass
        assert g.play(b.move) == 0
        if g.trick_size == 0:
            p = g.last_points
            w = g.last_winner
            tricks.append((stock, p if w == nd else 0, p if w != nd else 0))
    return tricks


def self_play(rounds, seed, jobs):
    from engine.rng import Rng
    rng = Rng(seed)
    job = [(rng.below(1 << 29), i & 1) for i in range(rounds)]
    with Pool(jobs) as pool:
        return pool.map(play_round, job, chunksize=16)


def round_outcomes(bank, target, capt, lead, start_at=None):
    """For scores (a, b) on the grid (me, opponent) and a bank of rounds where I am the
    non-dealer if lead else the dealer: (win_count, groups) where win_count[a, b] counts the
    rounds (or suffixes) that decide the game for me minus those that decide it for the
    opponent, and groups maps (dx, dy) -> count array of the undecided ones ending with that
    shift. start_at: None (whole rounds) or a left bucket (suffixes starting there)."""
    size = target - LO
    A = np.arange(LO, target)[:, None] + np.zeros((1, size), dtype=np.int64)
    B = np.arange(LO, target)[None, :] + np.zeros((size, 1), dtype=np.int64)
    wins = np.zeros((size, size))
    groups = {}
    n = 0
    for tr in bank:
        starts = [0] if start_at is None else [
            i for i in range(len(tr)) if left_bucket(tr[i][0]) == start_at]
        if len(starts) > 1:  # one suffix per round (cost), picked without a second RNG
            starts = [starts[len(tr) % len(starts)]]
        for s in starts:
            n += 1
            a = A.copy()
            b = B.copy()
            done = np.zeros((size, size), dtype=bool)
            res = np.zeros((size, size))
            for _stock, x, y in tr[s:]:
                mx, my = (x, y) if lead else (y, x)
                a += mx
                b += my
                if capt:
                    hit = ~done & (a >= target)
                    res[hit] = 1
                    done |= hit
                    hit = ~done & (b >= target)
                    res[hit] = -1
                    done |= hit
            if not capt:
                over = ((a >= target) | (b >= target)) & (a != b)
                res[over] = np.where(a[over] > b[over], 1, -1)
                done |= over
                # equal totals at or above the target play on: treat as an even game
                tie = (a == b) & (a >= target)
                res[tie] = 0  # decided with result 0: counted as half a win
                done |= tie
            wins += res
            dx = sum((x if lead else y) for _s, x, y in tr[s:])
            dy = sum((y if lead else x) for _s, x, y in tr[s:])
            cont = (~done).astype(np.float64)
            key = (dx, dy)
            if key in groups:
                groups[key] += cont
            else:
                groups[key] = cont
    return wins, groups, n


def shifted(W, dx, dy):
    """W evaluated at (a + dx, b + dy), scores clamped to the grid (undecided: < target)."""
    size = W.shape[0]
    ia = np.clip(np.arange(size) + dx, 0, size - 1)
    ib = np.clip(np.arange(size) + dy, 0, size - 1)
    return W[np.ix_(ia, ib)]


def solve(bank, target, capt):
    """W[lead][a, b]: P(I win) at the start of a round with scores a (me), b, where lead says
    whether I am the non-dealer (I lead its first trick). Also the mid-round tables."""
    outs = [round_outcomes(bank, target, capt, lead) for lead in (0, 1)]
    size = target - LO
    W = [np.full((size, size), 0.5), np.full((size, size), 0.5)]
    for it in range(400):
        new = []
        for lead in (0, 1):
            wins, groups, n = outs[lead]
            tot = np.zeros((size, size))
            for (dx, dy), cont in groups.items():
                tot += cont * shifted(W[1 - lead], dx, dy)  # the deal alternates
            # decided: wins = (#won - #lost), a tie at the target counts half
            decided = n - sum(groups.values())
            new.append(((decided + wins) / 2.0 + tot) / n)
        delta = max(np.abs(new[0] - W[0]).max(), np.abs(new[1] - W[1]).max())
        W = new
        if delta < 1e-6:
            break
    return W


def mid_values(bank, target, capt, W, lb):
    """P(I win) from the middle of a round (stock in bucket lb), current totals (a, b), by who
    leads the next round."""
    res = []
    for lead in (0, 1):  # lead: I am the non-dealer of this round
        wins, groups, n = round_outcomes(bank, target, capt, lead, start_at=lb)
        size = target - LO
        tot = np.zeros((size, size))
        for (dx, dy), cont in groups.items():
            tot += cont * shifted(W[1 - lead], dx, dy)
        undecided = sum(groups.values())
        res.append(((n - undecided + wins) / 2.0 + tot) / n)
    return res


def bucketize(Ws, target):
    """Average the P grids (a list, e.g. both leads) into the DB x NB table of 0..90 levels."""
    acc = np.zeros((DB, NB))
    cnt = np.zeros((DB, NB))
    for W in Ws:
        for ia in range(W.shape[0]):
            a = ia + LO
            for ib in range(W.shape[1]):
                b = ib + LO
                if a < 0 and b < 0:
                    continue  # both below zero: hardly ever happens, do not let it skew a bucket
                d = diff_sample(a - b)
                if d is None:
                    continue
                k = need_bucket(target - max(a, b))
                acc[d, k] += W[ia, ib]
                cnt[d, k] += 1
    out = bytearray(DB * NB)
    for d in range(DB):
        for k in range(NB):
            if cnt[d, k]:
                p = acc[d, k] / cnt[d, k]
            else:  # unreachable bucket (e.g. a lead larger than the target allows): nearest
                p = None
            out[d * NB + k] = 255 if p is None else int(round(p * LEVELS))
    # fill unreachable buckets from the nearest filled one in the same need column
    for k in range(NB):
        for d in range(DB):
            if out[d * NB + k] == 255:
                best = None
                for e in range(DB):
                    if out[e * NB + k] != 255 and cnt[e, k] and (
                            best is None or abs(e - d) < abs(best - d)):
                        best = e
                out[d * NB + k] = out[best * NB + k] if best is not None else LEVELS // 2
    return out


def monotone(t):
    """Make each need column non-decreasing in the difference (a bigger lead never hurts;
    sampling noise in the bank could otherwise flip neighbours)."""
    for k in range(NB):
        for d in range(1, DB):
            if t[d * NB + k] < t[(d - 1) * NB + k]:
                t[d * NB + k] = t[(d - 1) * NB + k]
    return t


def encode(t):
    """0..90 -> printable ASCII: 35 + v, skipping the backslash (92)."""
    return "".join(chr(35 + v + (1 if 35 + v >= 92 else 0)) for v in t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(ROOT, "engine", "winprob_alleycat.py"))
    ap.add_argument("--report", action="store_true", help="print lead effects and a few values")
    a = ap.parse_args()
    bank = self_play(a.rounds, a.seed, a.jobs)
    xs = np.array([sum(t[1] for t in tr) for tr in bank])
    ys = np.array([sum(t[2] for t in tr) for tr in bank])
    print("bank: %d rounds, mean points non-dealer %.2f dealer %.2f (sd %.1f %.1f), tricks %.1f"
          % (len(bank), xs.mean(), ys.mean(), xs.std(), ys.std(),
             np.mean([len(tr) for tr in bank])))
    table = bytearray()
    by_lead = bytearray()
    for capt in (0, 1):
        for target in TARGETS:
            W = solve(bank, target, capt)
            if a.report:
                i0 = -LO
                print("mode %d target %d: P(0-0) leading %.3f dealing %.3f" % (
                    capt, target, W[1][i0, i0], W[0][i0, i0]))
            parts = [monotone(bucketize(W, target))]
            # mid-round rows only as captured: with end-of-round scoring only the totals at
            # the round's end matter (the engine looks mid-round totals up as round-end ones)
            for lb in ((1, 2) if capt else ()):
                parts.append(monotone(bucketize(mid_values(bank, target, capt, W, lb), target)))
            for p in parts:
                table += p
            # round over, by who leads the next round (the dealer's opponent: the deal
            # alternates, and the first trick's follower gains ~2.6 points a round)
            for lead in (0, 1):
                by_lead += monotone(bucketize([W[lead]], target))
    assert len(table) == len(TARGETS) * (1 + LB) * DB * NB
    table += by_lead
    write_module(a.out, encode(table), a)
    print("wrote %s (%d table bytes)" % (a.out, len(table)))


CHUNK = 1500  # = engine/winprob_alleycat.py's _CHUNK: six blocks of 250 cells


def write_module(path, text, a):
    # chunks of CHUNK cells (whole blocks), each its own literal: compiling a .py on the
    # board builds a literal in one growing buffer, and the object needs one free block of
    # its size; a 6 KB table failed there in a fragmented heap (tools/board/device_heap.py)
    lines = []
    width = 88
    for c in range(0, len(text), CHUNK):
        part = text[c:c + CHUNK]
        for i in range(0, len(part), width):
            lines.append('    b"%s"' % part[i:i + width])
        lines[-1] += ","
    with open(path) as f:
        src = f.read()
    head, sep, _tail = src.partition("_TABLE = (\n")
    assert sep, "engine/winprob_alleycat.py lacks the _TABLE = ( marker"
    stamp = "# generated by tools/gen/gen_winprob_alleycat.py --rounds %d --seed %d\n" % (
        a.rounds, a.seed)
    head = head.rsplit("# generated by", 1)[0]
    with open(path, "w") as f:
        f.write(head + stamp + sep + "\n".join(lines) + "\n)\n")


if __name__ == "__main__":
    main()
