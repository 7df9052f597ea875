# Alley Cat computer player: AlleyCatBrain(level) with .obs (AlleyCatView), begin(seed)
# and think(work) (engine/bots.py's Bot.choose runs them to the end).
#
# Fair play by construction: AlleyCatView.read(game) is the only code that touches the game. It
# copies what the seat to move may know (own hand, every card played this round and by whom, hand
# and stock sizes, the card led, scores, round points, target, scoring mode, dealer) into the
# view's own buffers. A decision reads only the view; the brain keeps no reference to the game.
# Determinism: begin(seed) reseeds the brain's Rng from seed mixed with a hash of the view, so a
# move is a function of (seed, observation) alone.
#
# Cards inside the brain are rank indices 0..26 (A♠ A♣ 2♠ 2♣ ... 5♠ 5♣ 5♦ 6♠ ... K♣; the alley
# cat is index 10), so "a beats b" is a > b. Tables and the view: engine/bot_alleycat_tables.py.
# After a decision, brain.reason is a short constant phrase naming why (or "").
#
# Levels
#   Easy (0)   a beginner: a quarter of its moves are random; otherwise it follows with the card
#              that scores most on this trick alone (it sees the alley cat's sting only half of the
#              time) and leads a random card.
#   Normal (1) one-ply heuristic from precomputed tables. A trick (lead a, follow b) is worth
#              _FS[a, b] to the follower: point swing plus a tempo bonus for staying the follower
#              (the follower sees the lead; the leader's hand runs out first). The follower picks
#              the card with the best _FU = _FS minus the value of keeping that card. Following:
#              best _FU. Leading: for each card, the exact expectation over the unseen cards of
#              the follower's best reply (the opponent's hand is a uniform random subset of the
#              unseen cards: the j-th best reply is the chosen one with probability
#              C(N-j, m-1) / C(N, m)), minus the value of keeping the led card. Following the
#              round's last trick, or as captured near the target, it first maximises the chance
#              of winning the game (engine/winprob_alleycat.py) after the trick.
#   Hard (2)   determinized playouts scored by the chance of winning the game
#              (engine/bot_alleycat_hard.py, table engine/winprob_alleycat.py): far ahead it
#              keeps the points margin safe, far behind it takes the card that can catch up.
# A decision: begin(seed), then think(work) until True (.move): the search in slices (Hard).
# Everything in a decision is allocation-free (buffers preallocated here), ints stay small.
from engine.common import const
from engine.rng import Rng
from engine.bot_alleycat_tables import (  # noqa: F401  (AlleyCatView: part of this module's API)
    AlleyCatView, BINOM, CODE, FS, FU, ORDER, RET, VAL)
from engine.bot_alleycat_hard import hard_begin, hard_step
from engine.winprob_alleycat import win_prob

_N = const(27)
_CAT = const(10)      # rank index of the 5♦
_NONE = const(255)
_OFF = const(128)     # offset of the signed byte tables
_HIGH = const(23)     # rank index of the Q♠: leads from here up are hard to beat
_HARD_BUDGET = const(2300)  # simulated tricks per Hard decision
_EASY_RANDOM = const(4)  # Easy plays a random card one time in this many
_SLICE = const(40)    # simulated tricks per slice of thinking (a thinking poll: p95 ~14 board-ms)


class AlleyCatBrain:
    SLICE = _SLICE

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
        self.totals = [0, 0, 0, 0, 0, 0]   # per candidate: summed playout values
        self.points = [0, 0, 0, 0, 0, 0]   # per candidate: summed round point margins
        self.alive = bytearray(6)     # per candidate: still sampled (successive halving)
        self.tricks = 0               # tricks the last playout simulated
        self.margin = 0               # point margin of the last playout
        self.worlds = 0               # worlds the last Hard decision sampled
        self.steps = 0                # tricks the last Hard decision simulated
        self.differs = False          # Hard: the game chance overruled the raw points
        self.budget = _HARD_BUDGET    # Hard: simulated tricks per decision (tests may lower it)
        self.hs = [0, 0, 0, -1, 0]    # Hard: the search between slices (bot_alleycat_hard)
        self.reason = ""
        self.move = 0                 # the decision (think() returned True)
        self.ready = True

    # ---- entry point ---------------------------------------------------------------------
    def begin(self, seed):
        """Start a decision on the view (think() makes it, in slices)."""
        v = self.obs
        n = v.hand_n
        self.ready = True
        self.move = 0
        if n == 0:
            return
        self.rng.seed((seed ^ (v.digest() << 6)) & 0x3FFFFFFF)
        if n == 1:
            self.reason = "last card"
            self.move = CODE[v.hand[0]]
            return
        self.ready = False
        if self.level >= 2:
            self.differs = False
            hard_begin(self)

    def think(self, work):
        """About work units (simulated tricks) more of the decision; True when self.move is
        it. Easy and Normal decide in one call."""
        if self.ready:
            return True
        v = self.obs
        if self.level <= 0:
            i = self._easy()
            self.reason = ""  # a beginner does not explain itself
        elif self.level == 1:
            i = self._normal()
            self._explain(v.hand[i])
        else:
            if not hard_step(self, work):
                return False
            i = self.hs[4]  # (bot_alleycat_hard._BEST)
            self._explain(v.hand[i])
            if self.differs:
                # the game chance chose another card than the round's points would have
                me = v.score_me + (0 if v.as_captured else v.rp_me)
                op = v.score_op + (0 if v.as_captured else v.rp_op)
                self.reason = "plays safe with the lead" if me > op else "takes a risk to catch up"
        self.move = CODE[v.hand[i]]
        self.ready = True
        return True

    def _explain(self, c):
        """reason for playing rank index c (string constants: nothing allocated)"""
        v = self.obs
        a = v.lead
        if a == _NONE:
            if c == _CAT:
                self.reason = "leads the alley cat"
            elif c >= _HIGH:
                self.reason = "leads high: hard to beat"
            else:
                self.reason = "leads low: cheap to lose"
        elif a == _CAT:
            self.reason = "keeps the alley cat away" if c < a else "takes the alley cat cheaply"
        elif c == _CAT:
            self.reason = "dumps the alley cat" if c < a else "takes the trick with the alley cat"
        elif c < a:
            self.reason = "loses cheaply and draws"
        else:
            self.reason = "cheapest winner"
            for i in range(v.hand_n):
                x = v.hand[i]
                if a < x < c and x != _CAT:
                    self.reason = "takes a fat trick"
                    break

    def find_unseen(self):
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
            d = VAL[a] - VAL[b]
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
            a = v.lead
            row = a * _N
            # Score aware where this trick settles the game: the round's last trick (the leader
            # has no card left) or, as captured, a trick that can reach the target: the game
            # chance of the totals it leaves first, the heuristic value second.
            capt = v.as_captured
            last = v.opp_n == 0
            g0 = v.score_me + (0 if capt else v.rp_me)
            g1 = v.score_op + (0 if capt else v.rp_op)
            aware = last or (capt and (g0 + 13 >= v.target or g1 + 13 >= v.target))
            left = 0 if last else (1 if v.stock_n <= 11 else 2)
            best = -1
            bi = 0
            for i in range(n):
                c = v.hand[i]
                u = FU[row + c]
                if aware:
                    d = VAL[a] - VAL[c]
                    if d < 0:
                        d = -d
                    if a == _CAT or c == _CAT:
                        d = -d
                    if c > a:
                        u += 256 * win_prob(capt, v.target, g0 + d, g1, left)
                    else:
                        u += 256 * win_prob(capt, v.target, g0, g1 + d, left)
                if u > best:
                    best = u
                    bi = i
            return bi
        self.find_unseen()
        seen = self.seen
        nu = self.unseen_n
        m = v.opp_n
        if m > 6:
            m = 6
        if m < 1 or nu < m:
            m = 1 if nu else 0
        total = BINOM[nu * 7 + m] if m else 1
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
                    b = ORDER[row + t]
                    if seen[b]:
                        continue
                    e += (FS[row + b] - _OFF) * BINOM[(nu - 1 - j) * 7 + m - 1]
                    j += 1
                    if nu - 1 - j < m - 1:
                        break
            val = -e - RET[a] * total
            if val > best:
                best = val
                bi = i
        return bi

