# Back Alley bots: the 1-card deal's bidding helpers (Normal, Hard; bot_backalley_bid uses them).
#
# With one card each the bids tell a lot: a seat that passed holds no card it would bid board
# with, a seat that bid board holds one (a trump from _ONE_TR up, a side ace: what Hard bid
# board with before issue 17, and the reference of tools/ref_backalley.py infers the same),
# and (Hard) after our pass a later seat holding one bids board rather than see a redeal.
from engine.common import const
from engine.bot_backalley_view import _hi, _cnt, _team_points
from engine.bot_backalley_know import BackAlleyKnow

_BOARD = const(0xC0)
_ONE_TR = const(4)         # a trump from this power (or a side ace) bids board


class BackAlleyOne(BackAlleyKnow):
    def _strong1(self, q):
        """In the world wm, seat q's one card is a board in a 1-card deal (a trump from
        _ONE_TR, a side ace)."""
        wm = self.wm
        for s in range(4):
            m = wm[q * 4 + s]
            if m:
                if s == self.tr:
                    return _hi(m) >= _ONE_TR
                return _hi(m) == 14
        return False

    def _one_forbid(self):
        """1-card deal: the seats that bid hold a card that fits the bid (pass: no trump
        from _ONE_TR, no side ace; board: one of those), as forbidden cards for the deal."""
        tr = self.tr
        for q in range(4):
            b = self.obs.bids[q]
            if q == self.me or not b:
                continue
            for s in range(4):
                if b == _BOARD:
                    f = 0x1FFFF if s != tr else (1 << _ONE_TR) - 1
                    if s != tr:
                        f &= ~(1 << 14)
                elif s == tr:
                    f = 0x1FFFF & ~((1 << _ONE_TR) - 1)
                else:
                    f = 1 << 14
                self.forb[q * 4 + s] = f
                self.fany[s] |= f

    def _deal1(self):
        """A 1-card world: each other seat gets a random card it may hold (forb: the bids
        made), the seats that bid board first (the fewest cards fit)."""
        wm = self.wm
        me = self.me
        for i in range(16):
            wm[i] = 0
        for s in range(4):
            wm[me * 4 + s] = self.mine[s]
        for ps in range(2):
            for i in range(1, 4):
                q = (me + i) & 3
                if (self.obs.bids[q] == _BOARD) != (ps == 0):
                    continue
                for try_forb in range(2):
                    k = 0
                    for s in range(4):
                        m = self.uns[s] & ~(wm[s] | wm[4 + s] | wm[8 + s] | wm[12 + s])
                        if try_forb == 0:
                            m &= ~self.forb[q * 4 + s]
                        k += _cnt(m)
                    if k:
                        break
                r = self.rng.below(k)
                for s in range(4):
                    m = self.uns[s] & ~(wm[s] | wm[4 + s] | wm[8 + s] | wm[12 + s])
                    if try_forb == 0:
                        m &= ~self.forb[q * 4 + s]
                    c = _cnt(m)
                    if r < c:
                        while r:
                            m &= m - 1
                            r -= 1
                        wm[q * 4 + s] = m & -m
                        break
                    r -= c

    def _one_pass(self, x, redeal):
        """The value of our pass in a world where _one_later gave x (redeal: a redeal's)."""
        if x == 255 or self.level != 2:
            return redeal
        a = x & 1
        if x & 2:
            return self.value(_team_points(0, 1, a, 1) - (1 - a))
        return self.value(a - _team_points(0, 1, 1 - a, 1))

    def _one_later(self):
        """1-card deal, nobody has bid board: the first seat after us with a board card
        bids it (and leads). 255: none (all pass: a redeal), else 2 if it is our side,
        + 1 if our side takes the trick."""
        me = self.me
        last = (self.obs.dealer + 4) & 3
        q = me
        while q != last:
            q = (q + 1) & 3
            if self._strong1(q):
                self._load_world()
                self._sim_start(q)
                self.board[q] = 1
                self._playout()
                self.board[q] = 0
                a = 1 if self.swon[me] + self.swon[me ^ 2] else 0
                return (2 if (q ^ me) & 1 == 0 else 0) | a
        return 255
