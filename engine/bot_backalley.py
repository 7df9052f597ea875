# Back Alley computer players: BackAlleyBrain(level) with .obs (a BackAlleyView),
# begin(seed) and think(work) (engine/bots.py's Bot.choose runs them to the end).
#
# The brain is split over small modules (the board compiles each on import; the compiler's
# transient heap grows with a module's size), as one class chain:
#   bot_backalley_view    the seat's view of the game, bit helpers, Normal's trick estimate
#   bot_backalley_know    what the seat knows, sampling worlds consistent with it
#   bot_backalley_bid     bidding at every level (expected game value, sampled worlds)
#   bot_backalley_play    begin() + think() (the search in slices), card play at
#                         every level, the reason of a move
#   bot_backalley (here)  the simulator and Normal's card policy (the hot loop: the most
#                         derived class, so its methods are found first)
#   winprob_backalley     game-win probability by score difference and what is left
#
# A move is a function of (seed, view): begin reseeds the brain's Rng from the seed mixed with a
# hash of the view on every call. Levels:
#   Easy   (0): counts aces and top trumps to bid; small hands (1-3 cards) from a few sampled
#               worlds; plays the lowest legal card unless it can take the trick cheaply.
#   Normal (1): bids from a sure-trick estimator (small hands from sampled worlds); plays with
#               card counting: second hand low, third hand high, never overtakes a winning
#               partner, cashes sure winners, draws trumps, ruffs cheaply, discards low.
#   Hard   (2): determinized playouts with Normal's policy in worlds consistent with the view,
#               every candidate card and bid scored by the chance of winning the game
#               (winprob_backalley), the work budget scaled by what a playout costs.
from engine.common import const
from engine.bot_backalley_view import _hi, _lo, _cnt, _team_points
from engine.bot_backalley_play import BackAlleyPlay
from engine.bot_backalley_know import BackAlleyKnow

_NT = const(15)
_BOARD = const(0xC0)
_NONE = const(255)
# 255 x exp(-d / 4): the chance to keep a sampled world that misfits the bids by d
_ACCEPT = (
    b'\xff\xc6\x9ax]I8,"\x1a\x14\x10\x0c\t\x07\x05'
    b'\x04\x03\x02\x02\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00')


class BackAlleyBrain(BackAlleyPlay):
    # ------------------------------------------------------------------ inference

    def _know(self):
        """What the view tells (BackAlleyKnow), plus the cards each seat played and, for
        the others that bid a number or passed, the bid (eighths of a trick): Hard's
        sampled worlds are drawn to fit the bids."""
        BackAlleyKnow._know(self)
        v = self.obs
        pl = self.pl
        for i in range(16):
            pl[i] = 0
        for i in range(v.hist_n):
            x = self._code(v.hist_c[i])
            pl[v.hist_s[i] * 4 + (x >> 5)] |= 1 << (x & 31)
        k = 0
        for q in range(4):
            b = v.bids[q]
            if q == self.me or not b or b == _BOARD or v.n < 2:
                self.btarget[q] = _NONE
            else:
                self.btarget[q] = 8 * (b - 0x80)
                k += 1
        self.ninf = k
        self.tries = 0

    def _misfit(self):
        """How badly the world wm fits the bids: sum over the bidders of 2 r^2 / sigma^2,
        r = bid - _fit, sigma ~ 0.4 + 0.03 n tricks."""
        s2 = 12 + 2 * self.obs.n
        d = 0
        for q in range(4):
            tg = self.btarget[q]
            if tg == _NONE:
                continue
            r = self._fit(q) - tg
            if tg == 0 and r < 0:
                r = 0
            d += (2 * r * r) // s2
        return d

    def _fit(self, q):
        """Seat q's bid predicted from its hand (and cards played) in the world wm: a linear
        fit to Hard's bids in self-play, in eighths of a trick."""
        wm = self.wm
        pl = self.pl
        tr = self.tr
        e = 6 if tr < 0 else 0
        b = q * 4
        for s in range(4):
            m = wm[b + s] | pl[b + s]
            if s == tr:
                e += 4 * _cnt(m) + 5 * _cnt(m >> 14) + 2 * _cnt((m >> 12) & 3)
            elif not m:
                e += 1
            else:
                ln = _cnt(m)
                e += 5 * ((m >> 14) & 1)
                if ln >= 2:
                    e += 3 * ((m >> 13) & 1)
                    if ln >= 3:
                        e += (m >> 12) & 1
        return e - (5 * self.obs.n) // 16 - 1

    def _sample(self):
        """A world for the seat: dealt at random (_deal), kept with a chance that falls with
        its misfit to the bids; after self.tries draws, the best-fitting one."""
        if self.tries < 2 or not self.ninf:
            self._deal()
            return
        wm = self.wm
        bw = self.bwm
        best = 1 << 20
        for t in range(self.tries):
            self._deal()
            d = self._misfit()
            if d < 32 and ((self.rng.next30() >> 6) & 255) < _ACCEPT[d]:
                return
            if d < best:
                best = d
                for i in range(16):
                    bw[i] = wm[i]
        for i in range(16):
            wm[i] = bw[i]

    def _draws(self):
        """Work units of sampling a world (as the budgets count them): each draw is dealt,
        and checked against the bids (~6 units a bidder) when worlds are drawn to fit."""
        if self.tries < 2 or not self.ninf:
            return self.nuns // 4 + 4
        return self.tries * (self.nuns // 4 + 4 + 6 * self.ninf)

    # ------------------------------------------------------------------ simulator

    def _sim_start(self, leader):
        self.stn = 0
        self.sleader = leader
        self.sbroken = self.broken
        for q in range(4):
            self.strumped[q] = self.trumped[q]

    def _sim_play(self, p, x):
        """Seat p plays card x = (suit << 5) | power (must be in p's masks)."""
        s = x >> 5
        pw = x & 31
        bit = 1 << pw
        self.sm[p * 4 + s] &= ~bit
        self.srem[s] &= ~bit
        self.shn[p] -= 1
        tr = s == self.tr
        if tr:
            self.strumped[p] = 1
        stn = self.stn
        if stn == 0:
            self.sled = s
            self.sbest = pw
            self.sbest_tr = tr
            self.sbest_seat = p
            self.sbl = pw if tr and pw >= 15 else 0
        elif tr:
            if not self.sbest_tr or pw > self.sbest:
                self.sbest = pw
                self.sbest_tr = True
                self.sbest_seat = p
        elif not self.sbest_tr and s == self.sled and pw > self.sbest:
            self.sbest = pw
            self.sbest_seat = p
        if stn == 3:
            w = self.sbest_seat
            self.swon[w] += 1
            self.stn = 0
            self.sleader = w
            if self.sbest_tr or self.sled == self.tr:
                self.sbroken = True
        else:
            self.stn = stn + 1

    def _policy(self, p):
        """Normal's card for seat p in the simulator state: (suit << 5) | power."""
        sm = self.sm
        b = p * 4
        tr = self.tr
        mt = sm[b + tr] if tr >= 0 else 0
        if self.stn == 0:
            only_tr = mt and _cnt(mt) == self.shn[p]
            if mt:
                can = self.board[p] or only_tr
                if not can:
                    can = self.strumped[p] if self.obs.strict else self.sbroken
                if can:
                    top = _hi(mt)
                    o = (self.srem[tr] & ~mt) if self.perfect else self.uns[tr]
                    if only_tr or (o and top > _hi(o) and (mt & (mt - 1) or self.board[p])):
                        # draw trumps with the top one when we have more to follow
                        if only_tr and not (o and top > _hi(o)):
                            return (tr << 5) | _lo(mt)
                        return (tr << 5) | top
            for s in range(4):  # cash a sure winner
                if s == tr:
                    continue
                m = sm[b + s]
                if m:
                    top = _hi(m)
                    o = (self.srem[s] & ~m) if self.perfect else self.uns[s]
                    if not o or top > _hi(o):
                        return (s << 5) | top
            return self._lowest(sm, b, tr, mt)
        ls = self.sled
        m = sm[b + ls]
        if self.sbl and m:
            if self.sbl == 16:
                return (ls << 5) | _hi(m)
            return (ls << 5) | _lo(m)
        partner = (self.sbest_seat ^ p) == 2
        last = self.stn == 3
        if m:
            low = (ls << 5) | _lo(m)
            if partner or (self.sbest_tr and ls != tr):
                return low
            bv = self.sbest
            w = m >> (bv + 1)
            if not w:
                return low
            if last:
                return (ls << 5) | (bv + 1 + _lo(w))
            o = (self.srem[ls] & ~m) if self.perfect else self.uns[ls]
            ot = _hi(o) if o else 0
            if _hi(m) > ot:
                th = ot if ot > bv else bv
                return (ls << 5) | (th + 1 + _lo(m >> (th + 1)))
            if self.stn == 1:
                return low
            return (ls << 5) | _hi(m)
        # void in the suit led: ruff an opponent's trick, else throw the lowest card
        if mt and not partner:
            if self.sbest_tr:
                w = mt >> (self.sbest + 1)
                if w:
                    return (tr << 5) | (self.sbest + 1 + _lo(w))
            else:
                return (tr << 5) | _lo(mt)
        return self._lowest(sm, b, tr, mt)

    def _lowest(self, sm, b, tr, mt):
        """The lowest non-trump card of the hand at sm[b:b+4] (first suit on ties), else the
        lowest trump (mt: its trump mask)."""
        low_s = -1
        low_v = 99
        for s in range(4):
            if s == tr:
                continue
            m = sm[b + s]
            if m:
                v = _lo(m)
                if v < low_v:
                    low_v = v
                    low_s = s
        if low_s >= 0:
            return (low_s << 5) | low_v
        return (tr << 5) | _lo(mt)

    def _playout(self):
        """Finish the hand from the simulator state with the policy for every seat."""
        p = (self.sleader + self.stn) & 3
        k = 0
        while self.shn[p] or self.stn:
            self._sim_play(p, self._policy(p))
            k += 1
            if self.stn == 0:
                p = self.sleader
            else:
                p = (p + 1) & 3
        self.work += k

    def _load_world(self):
        wm = self.wm
        for i in range(16):
            self.sm[i] = wm[i]
        for s in range(4):
            self.srem[s] = wm[s] | wm[4 + s] | wm[8 + s] | wm[12 + s]
        for q in range(4):
            n = 0
            for s in range(4):
                n += _cnt(wm[q * 4 + s])
            self.shn[q] = n
            self.swon[q] = 0

    def _replay_table(self):
        """Put the current trick's cards on the simulator table (they are in no hand)."""
        v = self.obs
        self._sim_start(v.leader)
        for i in range(v.hist_n - v.tsize, v.hist_n):
            x = self._code(v.hist_c[i])
            q = v.hist_s[i]
            self.sm[q * 4 + (x >> 5)] |= 1 << (x & 31)
            self.srem[x >> 5] |= 1 << (x & 31)
            self.shn[q] += 1
            self._sim_play(q, x)


    def _score(self):
        """Hand result for the team to move (ours minus theirs), after a playout."""
        v = self.obs
        t = self.me & 1
        n = v.n
        a = v.won[t] + v.won[t + 2] + self.swon[t] + self.swon[t + 2]
        b = n - a
        return (_team_points(self.contract[t], self.blevel[t], a, n) -
                _team_points(self.contract[1 - t], self.blevel[1 - t], b, n))

