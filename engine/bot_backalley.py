"""Back Alley computer players: BackAlleyBrain(level) with .obs (a BackAlleyView) and .decide(seed).

The brain is split over small modules (the board compiles each on import; the compiler's
transient heap grows with a module's size), as one class chain:
  bot_backalley_view    the seat's view of the game, bit helpers
  bot_backalley_know    what the seat knows, sampling worlds consistent with it
  bot_backalley_bid     bidding at every level (expected game value, sampled worlds)
  bot_backalley_play    decide(), card play at every level, the reason of a move
  bot_backalley (here)  the simulator and Normal's card policy (the hot loop: the most
                        derived class, so its methods are found first)
  winprob_backalley     game-win probability by score difference and what is left

A move is a function of (seed, view): decide reseeds the brain's Rng from the seed mixed with a
hash of the view on every call. Levels:
  Easy   (0): counts aces and top trumps to bid; small hands (1-3 cards) from a few sampled
              worlds; plays the lowest legal card unless it can take the trick cheaply.
  Normal (1): bids from a sure-trick estimator (small hands from sampled worlds); plays with
              card counting: second hand low, third hand high, never overtakes a winning
              partner, cashes sure winners, draws trumps, ruffs cheaply, discards low.
  Hard   (2): determinized playouts with Normal's policy in worlds consistent with the view,
              every candidate card and bid scored by the chance of winning the game
              (winprob_backalley), the work budget scaled by what a playout costs.
"""
from engine.common import const
from engine.bot_backalley_view import _hi, _lo, _cnt, _team_points
from engine.bot_backalley_play import BackAlleyPlay

_NT = const(15)


class BackAlleyBrain(BackAlleyPlay):
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

