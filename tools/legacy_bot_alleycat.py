"""FROZEN copy of engine/bot_alleycat.py as of main 6826eb6 (before score awareness), kept
only as the "legacy" opponent of tools/tournament_alleycat.py and the self-play player of
tools/gen_winprob_alleycat.py. Never deployed (tools/); do not edit.

Alley Cat computer player: AlleyCatBrain(level) with .obs (AlleyCatView) and .decide(seed).

Fair play by construction: AlleyCatView.read(game) is the only code that touches the game. It
copies what the seat to move may know (own hand, every card played this round and by whom, hand
and stock sizes, the card led, scores, round points, target, scoring mode, dealer) into the
view's own buffers. decide() reads only the view; the brain keeps no reference to the game.
Determinism: decide(seed) reseeds the brain's Rng from seed mixed with a hash of the view, so a
move is a function of (seed, observation) alone.

Cards inside the brain are rank indices 0..26 (A♠ A♣ 2♠ 2♣ ... 5♠ 5♣ 5♦ 6♠ ... K♣; the alley
cat is index 10), so "a beats b" is a > b.

Levels
  Easy (0)   a beginner: a quarter of its moves are random; otherwise it follows with the card
             that scores most on this trick alone (it sees the alley cat's sting only half of the
             time) and leads a random card.
  Normal (1) one-ply heuristic from precomputed tables. A trick (lead a, follow b) is worth
             _FS[a, b] to the follower: point swing plus a tempo bonus for staying the follower
             (the follower sees the lead; the leader's hand runs out first). The follower picks
             the card with the best _FU = _FS minus the value of keeping that card. Following:
             best _FU. Leading: for each card, the exact expectation over the unseen cards of
             the follower's best reply (the opponent's hand is a uniform random subset of the
             unseen cards: the j-th best reply is the chosen one with probability
             C(N-j, m-1) / C(N, m)), minus the value of keeping the led card.
  Hard (2)   determinized playouts (perfect-information Monte Carlo): deal the unseen cards into
             the opponent's hand and the stock order at random, play every candidate card in
             that same world to the end of the round with a fast policy on a compact simulator
             (leader: best static _LEAD value, i.e. the Normal lead formula against a random
             5-card hand, so playouts do not let the leader peek; follower: best _FU; both
             O(hand) per trick), and score the round-point difference (+-_WIN when the round decides the
             game; with as-captured scoring the game stops mid-round at the target). Fixed
             work budget: worlds are drawn until _HARD_BUDGET simulated tricks are used up.
Everything in decide() is allocation-free (buffers preallocated here), ints stay small.
"""
from engine.common import const
from engine.rng import Rng

_N = const(27)
_CAT = const(10)      # rank index of the 5♦
_NONE = const(255)
_OFF = const(128)     # offset of the signed byte tables
_WIN = const(100)     # playout value of deciding the game (round points are ~ +-30)
_HARD_BUDGET = const(1500)  # simulated tricks per Hard decision
_MAX_WORLDS = const(48)
_EASY_RANDOM = const(4)  # Easy plays a random card one time in this many

# Heuristic weights, in quarter points.
_TEMPO4 = const(12)   # staying the follower is worth 3 points


def _build():
    code = bytearray(_N)   # rank index -> card code
    idx = bytearray(b"\xff" * 64)  # card code -> rank index
    val = bytearray(_N)
    i = 0
    for r in range(1, 14):
        for c in ((3 << 4) | r, r, 0x15):
            if c == 0x15 and r != 5:
                continue
            code[i] = c
            idx[c] = i
            val[i] = r
            i += 1
    # Keeping a card is worth something: high cards win tricks or dump cheaply later, and the
    # alley cat can be dumped on a high lead for the leader's loss.
    ret = bytearray(_N)
    for i in range(_N):
        ret[i] = val[i]  # quarter points: a king is worth 3.25 kept
    ret[_CAT] = 12
    fs = bytearray(_N * _N)
    fu = bytearray(_N * _N)
    order = bytearray(_N * _N)
    for a in range(_N):
        for b in range(_N):
            d = val[a] - val[b]
            if d < 0:
                d = -d
            cat = a == _CAT or b == _CAT
            fwin = b > a
            if cat:
                swing = -d if fwin else d
                stays = fwin          # the cat trick's winner draws, its loser leads
            else:
                swing = d if fwin else -d
                stays = not fwin      # the loser draws and follows again
            s = 4 * swing + (_TEMPO4 if stays else -_TEMPO4)
            fs[a * _N + b] = _OFF + s
            fu[a * _N + b] = _OFF + s - ret[b]
        # follower's replies to lead a, best first (ties: the lower card)
        row = list(range(_N))
        row.sort(key=lambda b: (-fu[a * _N + b], b))
        for j in range(_N):
            order[a * _N + j] = row[j]
    binom = []
    for n in range(_N + 1):
        for k in range(7):
            x = 1
            for t in range(k):
                x = x * (n - t) // (t + 1)
            binom.append(x if k <= n else 0)
    # Playout leads without card counting: the value of leading a against a random 5-card hand
    # from the other 26 cards (the Normal formula with nothing seen), minus keeping a.
    lead = bytearray(_N)
    m = 5
    for a in range(_N):
        e = 0
        j = 0
        for t in range(_N):
            b = order[a * _N + t]
            if b == a:
                continue
            e += (fs[a * _N + b] - _OFF) * binom[(_N - 2 - j) * 7 + m - 1]
            j += 1
        lead[a] = _OFF - (e // binom[(_N - 1) * 7 + m]) - ret[a]
    return (bytes(code), bytes(idx), bytes(val), bytes(ret), bytes(fs), bytes(fu), bytes(order),
            tuple(binom), bytes(lead))


_CODE, _IDX, _VAL, _RET, _FS, _FU, _ORDER, _BINOM, _LEAD = _build()


class AlleyCatView:
    """What the seat to move knows; read(game) is the only access to the game."""

    def __init__(self):
        self.buf = bytearray(16)
        self.hand = bytearray(6)      # own cards, rank indices ascending
        self.hand_n = 0
        self.opp_n = 0
        self.stock_n = 0
        self.lead = _NONE             # rank index of the card led to me, _NONE if I lead
        self.hist = bytearray(_N)     # cards played this round (rank indices), play order
        self.hist_me = bytearray(_N)  # 1 if I played it
        self.hist_n = 0
        self.score_me = 0
        self.score_op = 0
        self.rp_me = 0
        self.rp_op = 0
        self.target = 44
        self.as_captured = False
        self.me_dealer = False

    def read(self, g):
        p = g.turn
        o = 1 - p
        n = g.hand(p, self.buf)
        h = self.hand
        for i in range(n):  # insertion sort by rank: the view does not depend on hand order
            c = _IDX[self.buf[i]]
            j = i
            while j > 0 and h[j - 1] > c:
                h[j] = h[j - 1]
                j -= 1
            h[j] = c
        self.hand_n = n
        self.opp_n = g.hand_size(o)
        self.stock_n = g.stock_size()
        self.lead = _IDX[g.trick_card(0)] if g.trick_size == 1 else _NONE
        hn = g.history_size
        for i in range(hn):
            self.hist[i] = _IDX[g.history_card(i)]
            self.hist_me[i] = 1 if g.history_seat(i) == p else 0
        self.hist_n = hn
        self.score_me = g.score(p)
        self.score_op = g.score(o)
        self.rp_me = g.round_points(p)
        self.rp_op = g.round_points(o)
        self.target = g.target
        self.as_captured = g.as_captured
        self.me_dealer = g.dealer == p

    def digest(self):
        """24-bit hash of the whole observation."""
        h = 0x1234
        for i in range(self.hand_n):
            h = ((h * 33) ^ self.hand[i]) & 0xFFFFFF
        for i in range(self.hist_n):
            h = ((h * 33) ^ (self.hist[i] + 32 * self.hist_me[i])) & 0xFFFFFF
        h = ((h * 33) ^ self.lead) & 0xFFFFFF
        h = ((h * 33) ^ (self.opp_n + 8 * self.stock_n)) & 0xFFFFFF
        h = ((h * 33) ^ (self.score_me & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.score_op & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.rp_me & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.rp_op & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.target + (256 if self.as_captured else 0)
                         + (512 if self.me_dealer else 0))) & 0xFFFFFF
        return h


class AlleyCatBrain:
    def __init__(self, level):
        self.level = level
        self.obs = AlleyCatView()
        self.rng = Rng(0)
        self.unseen = bytearray(_N)   # rank indices nobody has shown me
        self.unseen_n = 0
        self.seen = bytearray(_N)     # flag per rank index: in my hand or played
        # Hard: one sampled world (seat 0 = me, 1 = opponent), and the simulator's copy of it
        self.wh = bytearray(12)       # hands, 6 slots per seat
        self.ws = bytearray(15)       # stock, draw order
        self.sh = bytearray(12)
        self.totals = [0, 0, 0, 0, 0, 0]
        self.tricks = 0               # tricks the last playout simulated
        self.budget = _HARD_BUDGET    # Hard: simulated tricks per decision (tests may lower it)

    # ---- entry point ---------------------------------------------------------------------
    def decide(self, seed):
        v = self.obs
        n = v.hand_n
        if n == 0:
            return 0
        self.rng.seed((seed ^ (v.digest() << 6)) & 0x3FFFFFFF)
        if n == 1:
            return _CODE[v.hand[0]]
        if self.level <= 0:
            i = self._easy()
        elif self.level == 1:
            i = self._normal()
        else:
            i = self._hard()
        return _CODE[v.hand[i]]

    def _find_unseen(self):
        v = self.obs
        seen = self.seen
        for i in range(_N):
            seen[i] = 0
        for i in range(v.hand_n):
            seen[v.hand[i]] = 1
        for i in range(v.hist_n):
            seen[v.hist[i]] = 1
        k = 0
        for i in range(_N):
            if not seen[i]:
                self.unseen[k] = i
                k += 1
        self.unseen_n = k

    # ---- Easy --------------------------------------------------------------------------------
    def _easy(self):
        v = self.obs
        n = v.hand_n
        rng = self.rng
        if v.lead == _NONE or rng.below(_EASY_RANDOM) == 0:
            return rng.below(n)
        a = v.lead
        aware = rng.below(2) == 0  # sees the alley cat's sting half of the time
        best = -99
        bi = 0
        for i in range(n):
            b = v.hand[i]
            d = _VAL[a] - _VAL[b]
            if d < 0:
                d = -d
            s = d if b > a else -d
            if aware and (a == _CAT or b == _CAT):
                s = -s
            if s > best:
                best = s
                bi = i
        return bi

    # ---- Normal ------------------------------------------------------------------------------
    def _normal(self):
        v = self.obs
        n = v.hand_n
        if v.lead != _NONE:
            row = v.lead * _N
            best = -1
            bi = 0
            for i in range(n):
                u = _FU[row + v.hand[i]]
                if u > best:
                    best = u
                    bi = i
            return bi
        self._find_unseen()
        seen = self.seen
        nu = self.unseen_n
        m = v.opp_n
        if m > 6:
            m = 6
        if m < 1 or nu < m:
            m = 1 if nu else 0
        total = _BINOM[nu * 7 + m] if m else 1
        best = -0x3FFFFFFF
        bi = 0
        for i in range(n):
            a = v.hand[i]
            row = a * _N
            # E[follower's _FS] * C(N, m): walk replies best first over the unseen cards
            e = 0
            j = 0
            if m:
                for t in range(_N):
                    b = _ORDER[row + t]
                    if seen[b]:
                        continue
                    e += (_FS[row + b] - _OFF) * _BINOM[(nu - 1 - j) * 7 + m - 1]
                    j += 1
                    if nu - 1 - j < m - 1:
                        break
            val = -e - _RET[a] * total
            if val > best:
                best = val
                bi = i
        return bi

    # ---- Hard --------------------------------------------------------------------------------
    def _hard(self):
        v = self.obs
        n = v.hand_n
        rng = self.rng
        self._find_unseen()
        un = self.unseen
        nu = self.unseen_n
        m = v.opp_n
        tot = self.totals
        for i in range(6):
            tot[i] = 0
        wh = self.wh
        ws = self.ws
        for i in range(n):
            wh[i] = v.hand[i]
        steps = 0
        worlds = 0
        while worlds < _MAX_WORLDS and (worlds == 0 or steps < self.budget):
            rng.shuffle(un, nu)
            for j in range(m):
                wh[6 + j] = un[j]
            for j in range(m, nu):
                ws[j - m] = un[j]
            for i in range(n):
                r = self._rollout(i)
                tot[i] += r
                steps += self.tricks
            worlds += 1
        best = tot[0]
        bi = 0
        for i in range(1, n):
            if tot[i] > best:
                best = tot[i]
                bi = i
        return bi

    def _rollout(self, first):
        """Play the sampled world to the end of the round with my card hand[first] now.
        Returns the value for me; leaves the number of tricks simulated in self.tricks."""
        v = self.obs
        H = self.sh
        W = self.wh
        for i in range(12):
            H[i] = W[i]
        FU = _FU
        LEAD = _LEAD
        VAL = _VAL
        S = self.ws
        n0 = v.hand_n
        n1 = v.opp_n
        top = 0
        sn = v.stock_n
        capt = v.as_captured
        target = v.target
        g0 = v.score_me + (0 if capt else v.rp_me)
        g1 = v.score_op + (0 if capt else v.rp_op)
        p0 = 0  # points taken in the playout
        p1 = 0
        tricks = 0
        # the first trick: my card, and the lead if I am following
        n0 -= 1
        mine = H[first]
        H[first] = H[n0]
        if v.lead != _NONE:
            ldr = 1
            a = v.lead
            b = mine
        else:
            ldr = 0
            a = mine
            row = a * _N
            bu = -1
            bj = 0
            for j in range(n1):
                u = FU[row + H[6 + j]]
                if u > bu:
                    bu = u
                    bj = j
            b = H[6 + bj]
            n1 -= 1
            H[6 + bj] = H[6 + n1]
        while True:
            tricks += 1
            # resolve trick: a led by ldr, b followed
            d = VAL[a] - VAL[b]
            if d < 0:
                d = -d
            fol = 1 - ldr
            win = fol if b > a else ldr
            if a == _CAT or b == _CAT:
                d = -d
                drawer = win
                ldr = 1 - win
            else:
                drawer = 1 - win
                ldr = win
            if win:
                p1 += d
                if capt and g1 + p1 >= target:
                    self.tricks = tricks
                    return p0 - p1 - _WIN
            else:
                p0 += d
                if capt and g0 + p0 >= target:
                    self.tricks = tricks
                    return p0 - p1 + _WIN
            if n0 == 0 or n1 == 0:
                break
            if top < sn:
                if drawer:
                    H[6 + n1] = S[top]
                    n1 += 1
                else:
                    H[n0] = S[top]
                    n0 += 1
                top += 1
            # next trick: the leader leads by the static table (no peeking at the follower's
            # hand, so the playouts do not flatter the leader), the follower replies best _FU
            if ldr:
                lb = 6
                ln = n1
                fb = 0
                fn = n0
            else:
                lb = 0
                ln = n0
                fb = 6
                fn = n1
            best = -1
            bi = 0
            for i in range(ln):
                u = LEAD[H[lb + i]]
                if u > best:
                    best = u
                    bi = i
            a = H[lb + bi]
            row = a * _N
            best = -1
            bj = 0
            for j in range(fn):
                u = FU[row + H[fb + j]]
                if u > best:
                    best = u
                    bj = j
            b = H[fb + bj]
            ln -= 1
            H[lb + bi] = H[lb + ln]
            fn -= 1
            H[fb + bj] = H[fb + fn]
            if ldr:
                n1 = ln
                n0 = fn
            else:
                n0 = ln
                n1 = fn
        self.tricks = tricks
        t0 = g0 + p0
        t1 = g1 + p1
        if not capt and (t0 >= target or t1 >= target) and t0 != t1:
            return p0 - p1 + (_WIN if t0 > t1 else -_WIN)
        return p0 - p1
