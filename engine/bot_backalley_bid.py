# Back Alley bots, bidding at every level (see engine/bot_backalley.py for the chain).
#
# Easy and Normal bid from hand counts; in small hands (Easy 1-6 cards, Normal 1-3) and always
# for Hard, by playing the hand out in sampled worlds: each bid is scored in every world by our
# points minus an estimate of theirs, as a game-win chance (value()). 1 card: bot_backalley_view.
from engine.common import const
from engine.bot_backalley_view import _hi, _lo, _cnt, _team_points, deal, passed, doubled
from engine.bot_backalley_know import BackAlleyKnow
from engine.winprob_backalley import win_prob

_PASS = const(0x80)
_BOARD = const(0xC0)
_BID_BUDGET = const(2100)    # work units (~ simulated card plays) per Hard bid
_MAX_WORLDS = const(64)
_WP_WEIGHT = const(8)       # value(): win chance (0..1270) x 8, plus the points as tie-break
_EASY_WORLDS = const(4)     # sampled worlds for Easy's small-hand bids (few: noisy, as Easy is)
_NORMAL_WORLDS = const(12)
_TRIES = const(2)          # Hard: worlds drawn per world kept (fit to bids)
_PENDING = const(-1)       # _bid_sampled started a search: _bid_step until it is done
# the search's state between steps: self.bs[...] (the brain's member table stays small)
_SAVED = const(0)
_WORLDS = const(1)
_W = const(2)
_K = const(3)
_LEAD = const(4)
_BOARDS = const(5)
_TRY = const(6)
_ALLM = const(7)
_BEST = const(9)
_EV = const(10)
_REDEAL = const(11)
_TOP = const(12)


class BackAlleyBid(BackAlleyKnow):
    def value(self, x):
        """Worth of a hand that changes our lead by x points: the game-win chance it leaves
        (x 8), plus x itself (a tie-break where the chance is flat); x alone without wp."""
        if self.use_wp:
            return _WP_WEIGHT * win_prob(self.wrow, self.lead0 + x) + x
        return x

    def _theirs(self, tt):
        """The opponents' points when they take tt of the n tricks (an estimate while one of
        them has not bid: about four points a trick, what a made contract pays)."""
        n = self.obs.n
        t = 1 - (self.me & 1)
        if self.blevel[t]:
            return _team_points(0, self.blevel[t], tt, n)
        if self.obs.bids[t] and self.obs.bids[t + 2]:
            return _team_points(self.contract[t], 0, tt, n)
        if n == 1 and self.level:
            return tt  # they pass (passed())
        return 4 * tt

    def _bid_hard(self):
        n = self.obs.n
        # work units (card plays): sampling a world ~ nuns / 4 + 4, loading it ~ 4, then the
        # playouts (one more with us leading a board up to 3 cards; 1 card: a later board)
        self.tries = _TRIES
        per = (3 if n == 1 else 2 if n <= 3 else 1) * (4 * n + 4) + self.nuns // 4 + 4
        if self.ninf:
            per += (_TRIES - 1) * (self.nuns // 4 + 4) + _TRIES * 6 * self.ninf
        if 1 < n <= 4 and not self.obs.bids[self.me ^ 2]:
            per += 6  # the partner's bid fitted to his hand
        worlds = _BID_BUDGET // per
        return self._bid_sampled(worlds, True)

    # ---- the sampled search in steps (thinking sliced between key polls): _bid_sampled
    # starts it, _bid_step plays a world or values a bid per step, _bid_end decides

    def _bid_sampled(self, worlds, use_wp):
        # the bid when no search is needed (a sure board), else _PENDING
        v = self.obs
        me = self.me
        n = v.n
        self.use_wp = use_wp
        if worlds < 4:
            worlds = 4
        if worlds > _MAX_WORLDS:
            worlds = _MAX_WORLDS
        pb = v.bids[me ^ 2]
        opp_board = v.bids[(me + 1) & 3] == _BOARD or v.bids[(me + 3) & 3] == _BOARD
        # who leads: the highest bid so far (the latest board), else the first bidder
        lead = (v.dealer + 1) & 3
        best = -1
        boards = 0
        for i in range(4):
            q = (v.dealer + 1 + i) & 3
            b = v.bids[q]
            if b == _BOARD:
                lead = q
                best = 99
                boards += 1
            elif b and b - 0x80 > best:
                best = b - 0x80
                lead = q
        if self._sure_board() and (pb != _BOARD or n <= 3):
            self.reason = "sure winners: board"
            return _BOARD
        # a board is tried in short hands; in a 1-card deal (pass or board only) also over
        # an opponent's board (we would lead), over the partner's (Hard: a double stake)
        bs = self.bs
        bs[_SAVED] = self.board[me]
        self.board[me] = 1  # as if we bid board: may lead trumps (only matters if we lead)
        self._forbid(False)
        bs[_WORLDS] = worlds
        bs[_W] = 0
        bs[_K] = 0
        bs[_LEAD] = lead
        bs[_BOARDS] = boards
        bs[_TRY] = n == 1 or (n <= 6 and not opp_board and (pb != _BOARD or self.level == 2))
        bs[_ALLM] = 0
        bs[_BEST] = _PASS
        bs[_EV] = 0
        # 1 card, no board yet: a pass redeals unless a later seat boards, valued as no change
        bs[_REDEAL] = self.value(0)
        bs[_TOP] = 1 if pb == _BOARD or opp_board else n
        return _PENDING

    def _bid_step(self):
        # one step: its cost in work units, 0 when self.move is the bid
        bs = self.bs
        v = self.obs
        me = self.me
        n = v.n
        w = bs[_W]
        if w < bs[_WORLDS]:
            k = self.work
            if n == 1 and self.level:
                deal(self)
            else:
                self._sample()
            self._load_world()
            self._sim_start(bs[_LEAD])
            self._playout()
            self.tricks[w] = self.swon[me]
            self.team[w] = self.swon[me] + self.swon[me ^ 2]
            if bs[_TOP] > 1 and self.level == 2 and not v.bids[me ^ 2] and n <= 4:
                # partner bids after us: his fitted bid (as the reference models him); the
                # team fails on the sum (up to 4 cards: 25-deal games lost above)
                f = (self._fit(me ^ 2) + 4) >> 3
                self.tricks[w] = 0 if f < 0 else n - 1 if f >= n else f
            if bs[_TRY]:
                if bs[_LEAD] != me and n <= (3 if self.level == 2 else 1):
                    # we lead a board up to 3 cards (Hard; else 1); longer: the first bidder's
                    self._load_world()
                    self._sim_start(me)
                    self._playout()
                a = self.swon[me] + self.swon[me ^ 2]
                if a == n:
                    bs[_ALLM] += 1
                if n == 1 and self.level == 2:
                    a = doubled(self, a)
                self.alltk[w] = a
            if n == 1 and not bs[_BOARDS]:
                self.tricks[w] = passed(self) if self.level == 2 else 255
            bs[_W] = w + 1
            return self.work - k + 4 + self._draws()
        k = bs[_K]
        if k < bs[_TOP]:
            # bid k (0 = pass) over the worlds; the best so far: bs[_BEST]
            pb = v.bids[me ^ 2]
            part = pb & 0x3F  # the partner's number (pass, board, not yet: 0), counted made
            ev = 0
            for w in range(bs[_WORLDS]):
                tt = self.team[w]
                if pb == _BOARD:
                    ours = _team_points(0, self.blevel[me & 1], tt, n)
                elif bs[_BOARDS] == 0 and n == 1:
                    x = self.tricks[w]
                    ev += bs[_REDEAL] if x == 255 else self.value(x - 20)
                    continue
                elif bs[_TOP] > 1 and not pb and self.level == 2 and n <= 4:
                    ours = _team_points(k + self.tricks[w], 0, tt, n)
                else:
                    # Hard up to 4 cards: team tricks; else the partner's number made plus ours
                    x = self.tricks[w]
                    ours = _team_points(part + k, 0, tt if self.level == 2 and n <= 4 or
                                        bs[_TOP] == 1 else part + x, n)
                    if not pb and self.level == 2 and bs[_TOP] > 1:
                        ours += 4 * (tt - x)  # his tricks earn what theirs do (_theirs)
                ev += self.value(ours - self._theirs(n - tt))
            if k == 0 or ev > bs[_EV]:
                bs[_EV] = ev
                bs[_BEST] = 0x80 + k
            bs[_K] = k + 1
            return 2 * bs[_WORLDS]
        self.move = self._bid_end()
        return 0

    def _bid_end(self):
        bs = self.bs
        self.board[self.me] = bs[_SAVED]
        n = self.obs.n
        worlds = bs[_WORLDS]
        bestb = bs[_BEST]
        allm = bs[_ALLM]
        boards = bs[_BOARDS]
        self.reason = "expected tricks" if bestb != _PASS else "too weak to bid"
        # the playouts flatter a board (double dummy): % made worlds it needs (Hard none: the
        # game-win value decides; Normal 90 %, over a board 70 %); above k cards 1 in 4 fails
        k = 3 if self.level == 2 else 1
        need = 0 if self.level == 2 or n == 1 and not boards else 70 if boards and self.level \
            else 90
        if not bs[_TRY] or allm * 100 < worlds * need:
            return bestb
        lvl = boards + 1
        ev = 0
        made = 0
        for w in range(worlds):
            a = self.alltk[w]
            if a >= 2 and n == 1:  # an opponent doubled (bot_backalley_view.doubled)
                ev += self.value(20 * lvl + 10 if a == 3 else -20 * lvl - 10)
                continue
            if a == n:
                made += 1
                if n > k and made % 4 == 0:
                    a = n - 1
            ours = 10 * n * lvl if a == n else -10 * n * lvl
            ev += self.value(ours - self._theirs(n - a))
        if ev > bs[_EV]:
            self.reason = "likely all tricks: board"
            return _BOARD
        return bestb

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
        if v.n <= 3:
            # small hands: the estimator is coarse; sampled worlds scored by the game (a
            # sure board first)
            return self._bid_sampled(_NORMAL_WORLDS, True)
        if pb != _BOARD and self._sure_board():
            self.reason = "sure winners: board"
            return _BOARD
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
