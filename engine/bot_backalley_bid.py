"""Back Alley bots, bidding at every level (see engine/bot_backalley.py for the whole chain)."""
from engine.common import const
from engine.bot_backalley_view import _hi, _lo, _cnt, _team_points
from engine.bot_backalley_bidsim import BackAlleyBidSim

_PASS = const(0x80)
_BOARD = const(0xC0)
_EASY_WORLDS = const(4)    # sampled worlds for Easy's small-hand bids (few: noisy, as Easy is)
_NORMAL_WORLDS = const(12)


class BackAlleyBid(BackAlleyBidSim):
    def _bid_easy(self):
        v = self.obs
        tr = self.tr
        k = 0
        for s in range(4):
            m = self.mine[s]
            if (m >> 14) & 1:
                k += 1
            if s == tr:
                k += (m >> 15) & 1
                k += (m >> 16) & 1
                if (m >> 13) & 1 and _cnt(m) >= 2:
                    k += 1
        if v.n <= 6:
            # small hands: a few sampled worlds, scored by the hand's points
            return self._bid_sampled(_EASY_WORLDS, False)
        if k >= v.n:
            k = v.n - 1
        if k == 0 or self.rng.below(3) == 0:
            self.reason = "too weak to bid"
            return _PASS
        self.reason = "counts aces and top trumps"
        return 0x80 + k

    def _estimate(self):
        """Expected tricks of the seat's own hand, in quarter tricks."""
        v = self.obs
        n = v.n
        tr = self.tr
        q = 0
        mt = self.mine[tr] if tr >= 0 else 0
        tl = _cnt(mt)
        counted = 0
        # trumps from the top: a trump with h unseen higher ones wins if guarded h times
        if mt:
            m = mt
            while m:
                pw = _hi(m)
                m &= ~(1 << pw)
                h = _cnt(self.uns[tr] >> (pw + 1))
                if h == 0:
                    q += 4
                    counted += 1
                elif tl - counted > h:
                    q += 4 - 2 * h if h < 2 else 1
                    counted += 1
            # long trumps: beyond the share the others hold they make tricks
            ut = _cnt(self.uns[tr])
            left = tl - counted
            if left > 0 and tl * 3 >= ut:
                q += 3 * left
                left = 0
            spare = left
        else:
            spare = 0
        for s in range(4):
            if s == tr:
                continue
            m = self.mine[s]
            ln = _cnt(m)
            if ln == 0 or ln == 1:
                if spare > 0 and n >= 3:
                    r = 2 - ln
                    if r > spare:
                        r = spare
                    q += 3 * r
                    spare -= r
            k = 0
            while m and k < 3:
                pw = _hi(m)
                m &= ~(1 << pw)
                h = _cnt(self.uns[s] >> (pw + 1))
                if h == 0:
                    q += 4 if ln <= 3 or n < 6 else 3
                elif h == 1 and ln >= 2:
                    q += 2
                elif h == 2 and ln >= 3:
                    q += 1
                else:
                    break
                k += 1
        return q

    def _sure_board(self):
        """Every card a sure winner and no trump left to ruff after drawing them."""
        tr = self.tr
        mt = self.mine[tr] if tr >= 0 else 0
        ut = self.uns[tr] if tr >= 0 else 0
        side = 0
        for s in range(4):
            m = self.mine[s]
            if not m:
                continue
            # from the top, every card of ours must be above every unseen card
            o = self.uns[s]
            if o and _lo(m) < _hi(o):
                return False
            if s != tr:
                side += 1
        if side and ut and _cnt(mt) < _cnt(ut) + 1:
            return False
        if side and not mt and tr >= 0 and self.obs.n > 1:
            return False
        if self.obs.n == 1 and side and tr >= 0:
            return False
        return True

    def _bid_normal(self):
        v = self.obs
        me = self.me
        pb = v.bids[me ^ 2]
        ob1 = v.bids[(me + 1) & 3]
        ob3 = v.bids[(me + 3) & 3]
        if self._sure_board():
            if pb != _BOARD or v.n <= 3:
                self.reason = "sure winners: board"
                return _BOARD
        if v.n <= 3:
            # small hands: the estimator is coarse; sampled worlds scored by the game
            return self._bid_sampled(_NORMAL_WORLDS, True)
        if pb == _BOARD or ob1 == _BOARD or ob3 == _BOARD:
            self.reason = "a board was bid"
            return _PASS
        # the estimate runs high by about a trick in two past the first (measured in
        # Normal-vs-Normal games), and a set costs far more than an overtrick gains
        k = self._estimate() // 4
        k = (k + 1) // 2
        if k >= v.n:
            k = v.n - 1
        if k <= 0:
            self.reason = "too weak to bid"
            return _PASS
        self.reason = "counts sure tricks"
        return 0x80 + k
