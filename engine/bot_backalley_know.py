"""Back Alley bots, base layer: what the seat knows (own cards, unseen cards, shown voids,
blooper trump bounds, contracts) and the uniform sampling of worlds consistent with it.

Fair play: everything here is computed from self.obs (a BackAlleyView) only. A sampled world
deals the unseen cards to the other seats at random within the shown constraints.
"""
from engine.common import const
# (from engine.common, not engine.cards / engine.rng: two modules less at the start)
from engine.common import NO_CARD, LITTLE_BLOOPER, BIG_BLOOPER, Rng
from engine.bot_backalley_view import BackAlleyView, _lo, _cnt, _estimate
from engine.winprob_backalley import volatility, win_row

_PASS = const(0x80)
_BOARD = const(0xC0)
_MAX_WORLDS = const(64)


class BackAlleyKnow:
    _estimate = _estimate  # (bot_backalley_view: the module holding it stays small)

    def __init__(self, level):
        self.level = level
        self.obs = BackAlleyView()
        self.rng = Rng(0)
        self.tr = -1            # trump suit 0..3, -1 none
        self.me = 0
        # what the seat knows
        self.mine = [0, 0, 0, 0]     # own cards per suit
        self.uns = [0, 0, 0, 0]      # cards that may be in another hand (or undealt)
        self.void = bytearray(4)     # per seat: bit s = shown void in suit s
        self.tmax = bytearray(4)     # per seat: holds no trump of power above this
        self.tmin = bytearray(4)     # per seat: holds no trump of power below this
        self.broken = False
        self.trumped = bytearray(4)
        self.board = bytearray(4)    # seat bid board (may lead trumps)
        self.contract = [0, 0]
        self.blevel = [0, 0]
        # simulator
        self.sm = [0] * 16           # seat * 4 + suit -> mask
        self.srem = [0, 0, 0, 0]     # union of all hands per suit (cards still in play)
        self.shn = bytearray(4)
        self.swon = bytearray(4)
        self.strumped = bytearray(4)
        self.sbroken = False
        self.stn = 0
        self.sled = 0
        self.sbl = 0
        self.sbest = 0
        self.sbest_tr = False
        self.sbest_seat = 0
        self.sleader = 0
        self.perfect = True          # policy sees the other hands (world) or only the view
        # worlds and candidates
        self.wm = [0] * 16           # the sampled world: seat * 4 + suit -> mask
        self.forb = [0] * 16          # seat * 4 + suit -> powers that seat cannot hold
        self.fany = [0, 0, 0, 0]
        self.nuns = 0                # unseen cards (other hands + undealt)
        self.cand = bytearray(16)
        self.cscore = [0] * 16
        self.tricks = bytearray(_MAX_WORLDS)  # per sampled world: own tricks
        self.team = bytearray(_MAX_WORLDS)    # team tricks
        self.alltk = bytearray(_MAX_WORLDS)   # team tricks when we lead (a board)
        # score awareness: our lead in the game, the win-chance table row after this hand
        self.lead0 = 0
        self.wrow = 0
        self.wvol = 0
        self.use_wp = False
        self.reason = ""
        self.work = 0  # simulated card plays of the decision (the budget counts them)
        self.card_of = bytearray(68)
        # inference from the bids (bot_backalley): cards each seat played, bid targets
        self.pl = [0] * 16
        self.bwm = [0] * 16
        self.btarget = bytearray(4)
        self.ninf = 0
        self.tries = 0

    # ------------------------------------------------------------------ knowledge

    def _code(self, c):
        """(suit << 5) | power of a card code under this hand's trump."""
        s = c >> 4
        r = c & 15
        if s == 4:
            return (self.tr << 5) | (14 + r)
        if r == 1:
            r = 14
        return (s << 5) | r

    def _know(self):
        """Own masks, unseen masks, voids and trump bounds from the view."""
        v = self.obs
        self.me = v.seat
        self.lead0 = v.scores[v.seat & 1] - v.scores[1 - (v.seat & 1)]
        self.wvol = volatility(v.deals, v.deal_number)
        self.wrow = win_row(self.wvol)
        t = v.trump
        self.tr = t if t < 4 else -1
        tr = self.tr
        full = 0x7FFC  # powers 2..14
        for s in range(4):
            self.mine[s] = 0
            self.uns[s] = full
            self.board[s] = 1 if v.bids[s] == _BOARD else 0
            self.void[s] = 0
            self.tmax[s] = 16
            self.tmin[s] = 2
            self.trumped[s] = 0
        if tr >= 0:
            self.uns[tr] = full | 0x18000
        cb = self.card_of
        for s in range(4):
            for r in range(1, 14):
                cb[s * 17 + (14 if r == 1 else r)] = (s << 4) | r
        if tr >= 0:
            cb[tr * 17 + 15] = LITTLE_BLOOPER
            cb[tr * 17 + 16] = BIG_BLOOPER
        up = v.upcard
        if up != NO_CARD and up >> 4 != 4:
            x = self._code(up)
            self.uns[x >> 5] &= ~(1 << (x & 31))
        for i in range(v.hn):
            x = self._code(v.hand[i])
            s = x >> 5
            self.mine[s] |= 1 << (x & 31)
            self.uns[s] &= ~(1 << (x & 31))
        self.broken = False
        hn = v.hist_n
        i = 0
        while i < hn:
            # one trick (maybe the current, incomplete one)
            lead = self._code(v.hist_c[i])
            ls = lead >> 5
            lp = lead & 31
            q = v.hist_s[i]
            self.uns[ls] &= ~(1 << lp)
            if ls == tr and tr >= 0:
                if not self.board[q] and not (self.trumped[q] if v.strict else self.broken):
                    # led a trump unbroken: held nothing else
                    self.void[q] |= 15 & ~(1 << tr)
            end = i + 4
            if end > hn:
                end = hn
            for j in range(i + 1, end):
                x = self._code(v.hist_c[j])
                s = x >> 5
                pw = x & 31
                q = v.hist_s[j]
                self.uns[s] &= ~(1 << pw)
                if s != ls:
                    self.void[q] |= 1 << ls
                elif ls == tr and lp >= 15:
                    if lp == 16:
                        if pw < self.tmax[q]:
                            self.tmax[q] = pw
                    elif pw > self.tmin[q]:
                        self.tmin[q] = pw
            if end - i == 4:
                for j in range(i, end):
                    if (self._code(v.hist_c[j]) >> 5) == tr and tr >= 0:
                        self.broken = True
                        self.trumped[v.hist_s[j]] = 1
            i = end
        self.nuns = _cnt(self.uns[0]) + _cnt(self.uns[1]) + _cnt(self.uns[2]) + _cnt(self.uns[3])
        for t in range(2):
            a = v.bids[t]
            b = v.bids[t + 2]
            na = a - 0x80 if a and a != _BOARD else 0
            nb = b - 0x80 if b and b != _BOARD else 0
            self.contract[t] = na + nb
            la = v.levels[t]
            lb = v.levels[t + 2]
            self.blevel[t] = la if la > lb else lb

    # ------------------------------------------------------------------ sampling

    def _forbid(self, constrained):
        """forb[q * 4 + s]: powers of suit s that seat q cannot hold (shown voids, blooper
        bounds); fany[s]: their union over the other seats."""
        tr = self.tr
        for s in range(4):
            self.fany[s] = 0
        for q in range(4):
            for s in range(4):
                f = 0
                if constrained and q != self.me:
                    if (self.void[q] >> s) & 1:
                        f = 0x1FFFF
                    elif s == tr:
                        # above tmax or below tmin
                        f = (0x1FFFF >> (self.tmax[q] + 1)) << (self.tmax[q] + 1)
                        f |= (1 << self.tmin[q]) - 1
                        f &= 0x1FFFF
                self.forb[q * 4 + s] = f
                self.fany[s] |= f

    def _deal(self):
        """Deal the unseen cards at random to the three other seats (the world wm), the rest to
        the undealt deck. Dealing card by card with odds proportional to the room left is a
        uniform deal; cards some seat cannot hold go first so the constraints can be met."""
        me = self.me
        v = self.obs
        wm = self.wm
        forb = self.forb
        for i in range(16):
            wm[i] = 0
        for s in range(4):
            wm[me * 4 + s] = self.mine[s]
        qa = (me + 1) & 3
        qb = (me + 2) & 3
        qc = (me + 3) & 3
        ca = v.hsz[qa]
        cb = v.hsz[qb]
        cc = v.hsz[qc]
        spare = self.nuns - ca - cb - cc
        if spare < 0:
            spare = 0
        x = self.rng.next30() & 0xFFFFFF
        for ps in range(2):
            for s in range(4):
                m = self.uns[s]
                if ps == 0:
                    m &= self.fany[s]
                else:
                    m &= ~self.fany[s]
                fa = forb[qa * 4 + s]
                fb = forb[qb * 4 + s]
                fc = forb[qc * 4 + s]
                while m:
                    pw = _lo(m)
                    bit = 1 << pw
                    m ^= bit
                    ea = 0 if fa & bit else ca
                    eb = 0 if fb & bit else cb
                    ec = 0 if fc & bit else cc
                    room = spare + ea + eb + ec
                    if room == 0:
                        # the constraints cannot all be met: ignore them for this card
                        ea = ca
                        eb = cb
                        ec = cc
                        room = ca + cb + cc
                        if room == 0:
                            continue
                    # 24-bit LCG (a = 61 keeps x * a below 2**30), high bits used
                    x = (x * 61 + 1) & 0xFFFFFF
                    r = (x >> 8) % room
                    if r < ea:
                        wm[qa * 4 + s] |= bit
                        ca -= 1
                    elif r < ea + eb:
                        wm[qb * 4 + s] |= bit
                        cb -= 1
                    elif r < ea + eb + ec:
                        wm[qc * 4 + s] |= bit
                        cc -= 1
                    else:
                        spare -= 1


    def _load_view(self):
        """Simulator state = the view (only own cards known): for Normal's policy."""
        me = self.me
        for i in range(16):
            self.sm[i] = 0
        n = 0
        for s in range(4):
            self.sm[me * 4 + s] = self.mine[s]
            self.srem[s] = self.mine[s] | self.uns[s]
            n += _cnt(self.mine[s])
        for q in range(4):
            self.shn[q] = 0
            self.swon[q] = 0
        self.shn[me] = n
        self._replay_table()


    def _card(self, x):
        return self.card_of[(x >> 5) * 17 + (x & 31)]

