# Back Alley bots: Normal's sure-trick estimator for its bids (see engine/bot_backalley.py for
# the chain; apart from bot_backalley_bid so that each module stays small to compile).
from engine.bot_backalley_view import _hi, _cnt
from engine.bot_backalley_know import BackAlleyKnow


class BackAlleyCount(BackAlleyKnow):
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
