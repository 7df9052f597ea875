"""A strong Back Alley reference player, for benchmarks only (CPython, never on the device).

    RefBot(seed).choose(game)        # behind the tournament's Bot interface ("S")

Bidding: every legal bid, board included, is scored in many sampled worlds (REF_MULT x the
worlds Hard samples for the same decision: 50x in 1- and 2-card deals, 135-250x Hard's CPU
time; REF_MULT_BIG = 12x in longer ones, ~35x its CPU time) consistent with the cards seen and
the bids made so far; in each world the rest of the bidding is completed by a model of the
later bidders, the whole hand is played out and the result (ours minus theirs) is scored by
the game-win table (engine/winprob_backalley.py). What "played out" means per hand size:
  1 card   the play is forced: the trick is played;
  2 cards  exactly: minimax over every legal card (double dummy) on the points difference;
  3+ cards Normal's policy at every seat with the world's cards seen (Hard's playout).
The other seats' bids: in 1-card deals the model is today's Hard (frozen at TODAY_COMMIT,
tools/ai/frozen_backalley.py), asked with the seat's card and the bids before it (cached); the
worlds are also kept only where today's Hard would have made the bids already made
(rejection). In longer deals the later bidders bid the linear fit of Hard's bids to the hand
(the one Hard's inference uses), or board with a hand of sure winners; the worlds are drawn to
fit the earlier bids as Hard draws them, with more draws per world kept.
Card play: the tree's Hard (engine/bot_backalley_play.py), unchanged.
`python tools/ai/ref_backalley.py --collect FILE --games 20 --sizes 1,2` pickles bid positions of
today's-Hard games with the reference's value of every bid (how Hard's small-hand bids were fitted;
`--tree`: the tree's Hard plays the games, `--deals 25 --sizes 5,6`: longer hands);
`--one-card-vs-hard`: 1-card positions as Hard meets them against the reference;
`--regret FILE..` prints Hard's board rate and regret per hand size on such positions.
"""
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import toolpaths  # noqa: E402,F401  (every tools/ folder on sys.path)

from engine.bot_backalley import BackAlleyBrain  # noqa: E402
from engine.bot_backalley_view import _cnt, _hi, _lo, _team_points  # noqa: E402
import frozen_backalley  # noqa: E402

PASS = 0x80
BOARD = 0xC0
REF_MULT = int(os.environ.get("REF_MULT", "50"))   # x Hard's worlds per bid, 1- and 2-card deals
REF_MULT_BIG = int(os.environ.get("REF_MULT_BIG", "12"))  # the same, 3+ cards (CPU is scarce)
REF_TRIES = 4        # draws per world kept, n >= 2 (Hard: 2)
REJECT_TRIES = 40    # 1-card deals: draws until the earlier bids fit today's Hard


class RefBrain(BackAlleyBrain):
    def __init__(self):
        BackAlleyBrain.__init__(self, 2)
        self.model = frozen_backalley.brain()(2)
        self.model.reason = ""
        self.cache = {}
        self.cache_deal = None
        self.profile = {}

    def decide(self, seed):
        """The move for the view read (the tree's brain thinks in slices: begin, think)."""
        self.begin(seed)
        while not self.think(1 << 29):
            pass
        return self.move

    # ------------------------------------------------------------------ worlds

    def _hard_worlds(self):
        """The worlds today's Hard samples for this bid (bot_backalley_bid._bid_hard)."""
        n = self.obs.n
        per = (2 if n == 1 else 1) * (4 * n + 4) + self.nuns // 4 + 4
        if self.ninf:
            per += (2 - 1) * (self.nuns // 4 + 4) + 2 * 6 * self.ninf
        w = 2100 // per
        return max(4, min(64, w))

    def _hand_codes(self, q):
        wm = self.wm
        out = []
        for s in range(4):
            m = wm[q * 4 + s]
            while m:
                pw = _lo(m)
                m &= m - 1
                out.append((s << 5) | pw)
        return out

    # ------------------------------------------------------------------ the others' bids

    def _model_bid(self, q, bids):
        """Seat q's bid with its world hand, after the bids `bids` (0 = not yet bid)."""
        v = self.obs
        if v.n == 1:
            x = self.w1[q]
            key = (q, x, tuple(bids))
            b = self.cache.get(key)
            if b is None:
                b = self._ask_today(q, [self._card(x)], bids)
                self.cache[key] = b
            return b
        if self._world_sure_board(q):
            return BOARD
        # Hard's bids fitted to the hand (the engine's own fit, BackAlleyBrain._fit, in
        # eighths of a trick; no card is played yet while bidding, so the fit sees the hand)
        n = v.n
        k = (self._fit(q) + 4) // 8
        if k < 0:
            k = 0
        if k > n - 1:
            k = n - 1
        return PASS + k

    def _world_sure_board(self, q):
        """Seat q's hand in the world: every card above every card it cannot see (the
        world-hand twin of bot_backalley_bid._sure_board, which reads the seat's own hand
        and the unseen cards; here a seat cannot see the others' world cards either)."""
        wm = self.wm
        tr = self.tr
        v = self.obs
        side = 0
        mt = wm[q * 4 + tr] if tr >= 0 else 0
        ut = 0
        for s in range(4):
            m = wm[q * 4 + s]
            o = (self.uns[s] | self.mine[s]) & ~m
            if s == tr:
                ut = o
            if not m:
                continue
            if o and _lo(m) < _hi(o):
                return False
            if s != tr:
                side += 1
        if side and ut and _cnt(mt) < _cnt(ut) + 1:
            return False
        if side and not mt and tr >= 0 and v.n > 1:
            return False
        return True

    def _ask_today(self, q, cards, bids):
        """Today's Hard's bid for seat q holding `cards` after `bids` (the same deal)."""
        v = self.obs
        m = self.model
        o = m.obs
        o.seat = q
        o.phase = 0
        o.n = v.n
        o.deals = v.deals
        o.deal_number = v.deal_number
        o.strict = v.strict
        o.dealer = v.dealer
        o.upcard = v.upcard
        o.trump = v.trump
        o.hn = len(cards)
        for i, c in enumerate(cards):
            o.hand[i] = c
        o.moves[0] = PASS
        for k in range(1, v.n):
            o.moves[k] = PASS + k
        o.moves[v.n] = BOARD
        o.nmoves = v.n + 1
        lvl = 0
        for i in range(4):
            p = (v.dealer + 1 + i) & 3
            o.bids[p] = bids[p]
            o.levels[p] = 0
            if bids[p] == BOARD:
                lvl += 1
                o.levels[p] = lvl
            o.hsz[p] = v.n
            o.won[p] = 0
        o.scores[0] = v.scores[0]
        o.scores[1] = v.scores[1]
        o.hist_n = 0
        o.tsize = 0
        o.leader = -1
        return m.decide(self._seed)

    # ------------------------------------------------------------------ the hand played out

    def _outcome(self, bids):
        """Our points minus theirs in the world wm with the bids complete (not all pass)."""
        v = self.obs
        n = v.n
        me = self.me
        lead = -1
        best = -1
        lvl = 0
        levels = [0, 0, 0, 0]
        for i in range(4):
            q = (v.dealer + 1 + i) & 3
            b = bids[q]
            if b == BOARD:
                lead = q
                best = 99
                lvl += 1
                levels[q] = lvl
            elif b - PASS > best:
                best = b - PASS
                lead = q
        contract = [0, 0]
        blevel = [0, 0]
        for t in range(2):
            for q in (t, t + 2):
                if bids[q] == BOARD:
                    blevel[t] = max(blevel[t], levels[q])
                else:
                    contract[t] += bids[q] - PASS
        t = me & 1
        saved = bytes(self.board)
        for q in range(4):
            self.board[q] = 1 if bids[q] == BOARD else 0
        if n <= 2:
            # the points difference rises with our tricks: the minimax of the tricks is the
            # minimax of the points (one search per leader and board flags, per world)
            mk = (lead, bytes(self.board))
            k = self.mm_cache.get(mk)
            if k is None:
                if n == 1:
                    w = (lead + self._winner([self.w1[(lead + i) & 3] for i in range(4)])) & 3
                    k = 1 if (w & 1) == t else 0
                else:
                    k = self._minimax(lead, t)
                self.mm_cache[mk] = k
            x = (_team_points(contract[t], blevel[t], k, n)
                 - _team_points(contract[1 - t], blevel[1 - t], n - k, n))
        else:
            self._load_world()
            self._sim_start(lead)
            self._playout()
            k = self.swon[t] + self.swon[t + 2]
            x = (_team_points(contract[t], blevel[t], k, n)
                 - _team_points(contract[1 - t], blevel[1 - t], n - k, n))
        for q in range(4):
            self.board[q] = saved[q]
        return x

    def _minimax(self, lead, t):
        """Our team's tricks in a 2-card deal, both teams playing best with every card seen
        (double dummy), `lead` leading the first trick."""
        hands = [self._hand_codes(q) for q in range(4)]
        s = [(lead + i) & 3 for i in range(4)]
        us = [(q & 1) == t for q in s]
        best0 = None
        for x0 in self._legal(hands[s[0]], s[0], None):
            best1 = None
            for x1 in self._legal(hands[s[1]], s[1], x0):
                best2 = None
                for x2 in self._legal(hands[s[2]], s[2], x0):
                    best3 = None
                    for x3 in self._legal(hands[s[3]], s[3], x0):
                        trick = (x0, x1, x2, x3)
                        w = self._winner(trick)
                        # the second trick: one card each, led by the winner
                        rest = [0, 0, 0, 0]
                        for i in range(4):
                            h = hands[s[i]]
                            rest[i] = h[1] if h[0] == trick[i] else h[0]
                        t2 = tuple(rest[(w + i) & 3] for i in range(4))
                        w2 = (w + self._winner(t2)) & 3
                        k = us[w] + us[w2]
                        if best3 is None or (k > best3 if us[3] else k < best3):
                            best3 = k
                    if best2 is None or (best3 > best2 if us[2] else best3 < best2):
                        best2 = best3
                if best1 is None or (best2 > best1 if us[1] else best2 < best1):
                    best1 = best2
            if best0 is None or (best1 > best0 if us[0] else best1 < best0):
                best0 = best1
        return best0

    def _legal(self, hand, p, led):
        """Seat p's legal cards from `hand` (2 cards) on the first trick, `led` the card led."""
        tr = self.tr
        if led is None:
            if tr < 0 or self.board[p] or (self.trumped[p] if self.obs.strict else self.broken):
                return hand
            side = [x for x in hand if x >> 5 != tr]
            return side if side else hand
        ls = led >> 5
        if ls == tr and (led & 31) >= 15:
            trs = [x for x in hand if x >> 5 == tr]
            if not trs:
                return hand
            return [max(trs) if (led & 31) == 16 else min(trs)]
        fol = [x for x in hand if x >> 5 == ls]
        return fol if fol else hand

    def _winner(self, trick):
        """Index in `trick` (cards in playing order) of the card that wins it."""
        tr = self.tr
        ls = trick[0] >> 5
        bi = 0
        bv = -1
        for i in range(4):
            x = trick[i]
            sx = x >> 5
            v = (100 + (x & 31)) if sx == tr else ((x & 31) if sx == ls else -1)
            if v > bv:
                bv = v
                bi = i
        return bi

    # ------------------------------------------------------------------ the bid

    def _fits_today(self, order, pos):
        """Would today's Hard have bid what the earlier bidders bid, with the world's cards?"""
        v = self.obs
        bids = [0, 0, 0, 0]
        for i in range(pos):
            q = order[i]
            if self._model_bid(q, bids) != v.bids[q]:
                return False
            bids[q] = v.bids[q]
        return True

    def _bid_hard(self):
        v = self.obs
        n = v.n
        me = self.me
        key = (v.dealer, v.upcard, v.deal_number, v.scores[0], v.scores[1], v.n)
        if key != self.cache_deal:
            self.cache = {}
            self.cache_deal = key
        self._seed = self.rng.next30()
        worlds = REF_MULT * self._hard_worlds()
        cands = [v.moves[i] for i in range(v.nmoves)]
        order = [(v.dealer + 1 + i) & 3 for i in range(4)]
        pos = order.index(me)
        later = order[pos + 1:]
        self.use_wp = True
        self._forbid(False)
        self.tries = REF_TRIES
        total = [0] * len(cands)
        redeal = self.value(0)
        if n == 1:
            unseen = []
            for s in range(4):
                m = self.uns[s]
                while m:
                    unseen.append((s << 5) | _lo(m))
                    m &= m - 1
            others = [q for q in range(4) if q != me]
            self.w1 = [0, 0, 0, 0]
            for s in range(4):
                if self.mine[s]:
                    self.w1[me] = (s << 5) | _lo(self.mine[s])
            r = random.Random(self._seed)
        else:
            worlds = REF_MULT_BIG * self._hard_worlds() if n > 2 else worlds
        for w in range(worlds):
            self.mm_cache = {}
            if n == 1:
                for k in range(REJECT_TRIES):
                    a, b, c = r.sample(unseen, 3)
                    self.w1[others[0]] = a
                    self.w1[others[1]] = b
                    self.w1[others[2]] = c
                    if self._fits_today(order, pos):
                        break
            else:
                self._sample()
            for ci, b in enumerate(cands):
                bids = [v.bids[q] for q in range(4)]
                bids[me] = b
                for q in later:
                    bids[q] = self._model_bid(q, bids)
                if bids[0] == PASS and bids[1] == PASS and bids[2] == PASS and bids[3] == PASS:
                    total[ci] += redeal
                else:
                    total[ci] += self.value(self._outcome(bids))
        best = 0
        for ci in range(1, len(cands)):
            if total[ci] > total[best]:
                best = ci
        # per bid: the mean value (win chance x 8 x 1270 + points) over the worlds
        self.last = dict((cands[ci], total[ci] / worlds) for ci in range(len(cands)))
        b = cands[best]
        kind = "pass" if b == PASS else "board" if b == BOARD else "number"
        self.reason = "reference: " + kind
        return b


class RefBot:
    """The reference behind the Bot interface (tools/ai/tournament_backalley.py kind "S")."""

    def __init__(self, seed):
        self.seed = seed & 0x3FFFFFFF
        self.brain = RefBrain()

    def choose(self, g):
        if g.turn < 0:
            return 0
        self.brain.obs.read(g)
        return self.brain.decide(self.seed)


def collect(games, deals, seed, out, sizes, tree=False):
    """Bid positions from today's-Hard games (all four seats; tree: the tree's Hard), each
    with the reference's value of every bid: pickled to `out` for tuning Hard's bidding."""
    import copy
    import pickle
    from engine.backalley import BackAlley
    from engine.bots import Bot
    drivers = [frozen_backalley.brain()(2) for _ in range(4)]
    bots = [Bot(2, seed * 100 + q) for q in range(4)] if tree else None
    ref = RefBrain()
    rows = []
    for gi in range(games):
        g = BackAlley(seed=seed * 1000 + gi, deals=deals)
        g.start()
        while g.phase != 3:
            if g.turn < 0:
                g.next_deal()
                continue
            if g.phase == 0 and g.cards_per_hand in sizes:
                ref.obs.read(g)
                b = ref.decide(seed * 7 + gi)
                rows.append((copy.deepcopy(g), b, dict(ref.last)))
            if bots:
                g.play(bots[g.turn].choose(g))
                continue
            d = drivers[g.turn]
            d.obs.read(g)
            g.play(d.decide(gi * 4 + g.turn))
        print("game %d: %d positions" % (gi, len(rows)), flush=True)
        with open(out, "wb") as f:
            pickle.dump(rows, f)


def collect_one(games, seed, out):
    """1-card bid positions as Hard meets them against the reference (7-deal games: the
    deals before by Hard at every seat, the 1-card deal's bids by Hard's team and the
    reference's, both ways round), each with the reference's value of every bid."""
    import copy
    import pickle
    from engine.backalley import BackAlley
    from engine.bots import Bot
    import tournament_backalley as tb
    rows = []
    for gi in range(games):
        gseed = seed * 100003 + gi
        decks = tb.decks_for(gseed, 60)
        for hard_team in (0, 1):
            hard = [Bot(2, gseed * 8 + i) for i in range(4)]
            ref = RefBot(gseed * 8 + 4)
            g = BackAlley(seed=1, deals=7)
            k = 0
            g.start(gseed % 4, decks[k])
            while g.phase != 3:
                if g.turn < 0:
                    if g.cards_per_hand == 1 and any(g.bid(p) != PASS for p in range(4)):
                        break
                    k += 1
                    g.next_deal(decks[k])
                    continue
                if g.cards_per_hand == 1 and g.phase == 0:
                    b = ref.choose(g)
                    if (g.turn & 1) == hard_team:
                        rows.append((copy.deepcopy(g), b, dict(ref.brain.last)))
                        b = hard[g.turn].choose(g)
                    g.play(b)
                    continue
                g.play(hard[g.turn].choose(g))
        print("game %d: %d positions" % (gi, len(rows)), flush=True)
        with open(out, "wb") as f:
            pickle.dump(rows, f)


def regret(files, off=0):
    """Hard's bids on pickled positions (collect()): per hand size, its board rate next to
    the reference's and its mean regret (the reference's value of its best bid minus that
    of Hard's bid; 1 % of game wins = 102). `off` shifts Hard's seeds (its own noise)."""
    import pickle
    from engine.bots import Bot
    rows = []
    for f in files:
        with open(f, "rb") as fh:
            rows += pickle.load(fh)
    st = {}
    for i, (g, bref, vals) in enumerate(rows):
        b = Bot(2, 1000 + i + off).choose(g)
        s = st.setdefault(g.cards_per_hand, [0, 0, 0, 0.0])
        s[0] += 1
        s[1] += b == BOARD
        s[2] += bref == BOARD
        s[3] += vals[bref] - vals[b]
    for n in sorted(st):
        c, hb, rb, r = st[n]
        print("%2d cards: %4d positions, boards Hard %5.1f %% reference %5.1f %%, regret %6.1f"
              % (n, c, 100.0 * hb / c, 100.0 * rb / c, r / c))


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--collect", default="/tmp/ref_positions.pkl")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--deals", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sizes", default="1,2")
    ap.add_argument("--tree", action="store_true", help="the tree's Hard plays (not today's)")
    ap.add_argument("--one-card-vs-hard", action="store_true",
                    help="collect 1-card positions of Hard against the reference")
    ap.add_argument("--regret", nargs="*", help="pickled positions: Hard's regret on them")
    ap.add_argument("--off", type=int, default=0, help="--regret: Hard's seed offset")
    a = ap.parse_args()
    if a.one_card_vs_hard:
        collect_one(a.games, a.seed, a.collect)
        sys.exit(0)
    if a.regret:
        regret(a.regret, a.off)
        sys.exit(0)
    collect(a.games, a.deals, a.seed, a.collect, [int(x) for x in a.sizes.split(",")], a.tree)
