#!/usr/bin/env python3
"""Generate engine/winprob_backalley.py's TABLE by seeded self-play (reproducible).

    nice .venv/bin/python tools/gen/gen_winprob_backalley.py [--games 3000] [--seed 1] [--jobs 2]
        [--level 1] [--play-table COMMIT] [--cache FILE] [--write]

The committed table (Hard self-play; ~10 minutes on one core):

    nice .venv/bin/python tools/gen/gen_winprob_backalley.py --level 2 --play-table df97f90 \
        --games 300 --seed 7 --jobs 1 --write

Plays `games` games each of 25 and 13 deals (and a few of 7 and 5) with bots of `level`
(1 Normal, 2 Hard) at every seat. The bots score by points (the table's win chance taken as
flat), or with --play-table by the table of that commit, read from git history, so the result
never depends on the table in the working tree (Hard plays for the game: its bids and boards,
and so the swings of its deals, are those of the real Hard; commit df97f90 holds the table
fitted to Normal self-play). After every hand but the last it records
(the deal, team 0's lead, team 0's final result: 1 win, 1/2 draw, 0 loss), mirrored for
team 1. From the score changes deal to deal it fits ONE_CARD (the 1-card deal's variance in
units of an ordinary deal's), then bins the records by table row (wp.volatility).
--cache FILE keeps the records (json) so a refit skips the games.
Per table row it fits P(win) = Phi(lead / sigma) by maximum likelihood (a grid over sigma);
sigma is made nondecreasing with the row (more left to play, more uncertainty) and rows
without data get sigma scaled from the nearest fitted row (sigma ~ sqrt(V) ~ row). Prints the fitted sigmas
and the TABLE literal; --write replaces the generated block in engine/winprob_backalley.py.
"""
import argparse
import json
import math
import multiprocessing
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from engine.backalley import BackAlley, PHASE_GAME_OVER  # noqa: E402
from engine.bots import Bot  # noqa: E402
import engine.winprob_backalley as wp  # noqa: E402
import engine.bot_backalley_bid as bidsim  # noqa: E402

# the bots score by the table being made: by points here (or, --play-table, by a committed
# table), so the result does not depend on the table in the working tree (reproducible)
_table_win_prob = bidsim.win_prob
bidsim.win_prob = lambda row, lead: 0
_played_table = [None]


def play_with_table(commit):
    """The self-play bots score by the table of engine/winprob_backalley.py at `commit` (read
    from git history, so the fit does not depend on the table in the working tree)."""
    if _played_table[0] == commit:
        return
    src = subprocess.run(["git", "-C", ROOT, "show", "%s:engine/winprob_backalley.py" % commit],
                         capture_output=True, text=True, check=True).stdout
    ns = {}
    exec(compile(src, "<git %s>" % commit[:7], "exec"), ns)
    # win_prob / volatility / win_row read these module globals on every call
    wp.TABLE = ns["TABLE"]
    wp.ONE_CARD = ns["ONE_CARD"]
    bidsim.win_prob = _table_win_prob
    _played_table[0] = commit


def one_game(args):
    deals, seed, level, table = args
    if table:
        play_with_table(table)
    g = BackAlley(seed=seed, deals=deals)
    g.start()
    bots = [Bot(level, seed * 4 + i) for i in range(4)]
    recs = []
    while g.phase != PHASE_GAME_OVER:
        if g.turn < 0:
            recs.append((g.deal_number, g.team_score(0) - g.team_score(1)))
            g.next_deal()
            continue
        assert g.play(bots[g.turn].choose(g)) == 0
    d = g.team_score(0) - g.team_score(1)
    res = 1.0 if d > 0 else 0.5 if d == 0 else 0.0
    # (deals, deal number, team 0's lead after it, result); an all-pass hand repeats the number
    return [(deals, k, x, res) for k, x in recs if k < deals - 1]


def vol(deals, k, one_card):
    """wp.volatility() with the 1-card weight being fitted."""
    top = (deals + 1) // 2
    return sum(one_card if i == top - 1 else 1 for i in range(k + 1, deals))


def row_of(v):
    r = 0
    while (r + 1) * (r + 1) <= 4 * v and r < wp.ROWS:
        r += 1
    return min(r, wp.ROWS - 1)


def one_card_weight(allrecs):
    """Variance of the score change of the 1-card deal over the mean of the other deals'."""
    by_one, by_other = [], []
    for recs in allrecs:
        prev = None
        for deals, k, x, res in recs:
            if prev is not None and k == prev[0] + 1:
                top = (deals + 1) // 2
                (by_one if k == top - 1 else by_other).append(x - prev[1])
            prev = (k, x)

    def var(xs):
        m = sum(xs) / len(xs)
        return sum((x - m) ** 2 for x in xs) / len(xs)
    return var(by_one) / var(by_other), len(by_one), len(by_other)


def phi(z):
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


def fit(samples):
    """sigma maximising the likelihood of the results; samples: {(lead, result): count}.
    The log-likelihood is unimodal in sigma: golden-section search on log(sigma)."""
    def ll(s):
        t = 0.0
        for (x, r), k in samples.items():
            p = min(max(phi(x / s), 1e-9), 1 - 1e-9)
            t += k * (r * math.log(p) + (1 - r) * math.log(1 - p))
        return t
    a, b = math.log(1.0), math.log(2000.0)
    g = (math.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = ll(math.exp(c)), ll(math.exp(d))
    for _ in range(60):
        if fc > fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = ll(math.exp(c))
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = ll(math.exp(d))
    return math.exp((a + b) / 2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--cache", default="")
    ap.add_argument("--level", type=int, default=1, help="self-play level (1 Normal, 2 Hard)")
    ap.add_argument("--play-table", default="", metavar="COMMIT",
                    help="the self-play bots score by the table of this commit (Hard plays "
                         "for the game by it; default: by points)")
    args = ap.parse_args()
    work = []
    for i in range(args.games):
        base = args.seed * 1000003 + i * 8
        how = (args.level, args.play_table)
        work += [(25, base) + how, (13, base + 1) + how]
        if i % 4 == 0:
            work += [(7, base + 2) + how, (5, base + 3) + how]
    rows = [{} for _ in range(wp.ROWS)]
    count = [0] * wp.ROWS
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            allrecs = json.load(f)
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            allrecs = list(pool.imap(one_game, work, chunksize=8))
        if args.cache:
            with open(args.cache, "w") as f:
                json.dump(allrecs, f)
    ratio, n1, n2 = one_card_weight(allrecs)
    one_card = max(1, int(round(ratio)))
    print("1-card deal: score-change variance %.1f x that of the other deals (%d / %d deals)"
          " -> ONE_CARD = %d" % (ratio, n1, n2, one_card))
    if True:
        for recs in allrecs:
            for deals, k, x, res in recs:
                r = row_of(vol(deals, k, one_card))
                for key in ((x, res), (-x, 1.0 - res)):
                    rows[r][key] = rows[r].get(key, 0) + 1
                count[r] += 1
    sig = [0.0] * wp.ROWS
    for r in range(1, wp.ROWS):
        if count[r] >= 200:
            sig[r] = fit(rows[r])
    # rows without enough data: scale from the nearest fitted row by the row (~ sqrt(cards left))
    fitted = [r for r in range(1, wp.ROWS) if sig[r]]
    for r in range(1, wp.ROWS):
        if not sig[r]:
            near = min(fitted, key=lambda q: abs(q - r))
            sig[r] = sig[near] * r / near
    for r in range(2, wp.ROWS):
        sig[r] = max(sig[r], sig[r - 1])
    table = bytearray()
    for r in range(wp.ROWS):
        for c in range(wp.COLS):
            lead = c * wp.STEP
            if r == 0:
                v = 127 if lead == 0 else 254
            else:
                v = int(round(254 * phi(lead / sig[r])))
            table.append(v)
    for r in range(wp.ROWS):
        print("row %2d  samples %6d  sigma %6.1f" % (r, count[r], sig[r]))
    lit = ("ONE_CARD = const(%d)\nTABLE = (\n" % one_card) + "".join(
        '    b"' + "".join("\\x%02x" % b for b in table[i:i + 20]) + '"\n'
        for i in range(0, len(table), 20)) + ")\n"
    print(lit)
    if args.write:
        fn = os.path.join(ROOT, "engine", "winprob_backalley.py")
        src = open(fn).read()
        a = src.index("# -- generated by")
        a = src.index("\n", a) + 1
        b = src.index("# -- end generated --")
        open(fn, "w").write(src[:a] + lit + src[b:])
        print("wrote", fn)


if __name__ == "__main__":
    main()
