"""Back Alley bots: bids chosen by playing the hand out in sampled worlds (Hard at every hand
size, Easy and Normal in hands of 1-3 cards). See engine/bot_backalley.py for the chain.

Each candidate bid is scored in every world by what it does to the game: the hand's points
for us minus an estimate of theirs, turned into the chance of winning the game
(winprob_backalley) when the level plays for the game (value()).
"""
from engine.common import const
from engine.bot_backalley_view import _team_points
from engine.bot_backalley_know import BackAlleyKnow
from engine.winprob_backalley import win_prob

_PASS = const(0x80)
_BOARD = const(0xC0)
_BID_BUDGET = const(900)    # work units (~ simulated card plays) per Hard bid
_MAX_WORLDS = const(48)
_WP_WEIGHT = const(8)       # value(): win chance (0..1270) x 8, plus the points as tie-break


class BackAlleyBidSim(BackAlleyKnow):
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
        return 4 * tt

    def _bid_hard(self):
        n = self.obs.n
        # work units as for card play: sampling a world ~ nuns / 4 + 4 card plays, loading it
        # ~ 4, then the playout (twice in a 1-card deal: a board is played with us leading)
        worlds = _BID_BUDGET // ((2 if n == 1 else 1) * (4 * n + 4) + self.nuns // 4 + 4)
        return self._bid_sampled(worlds, True)

    def _bid_sampled(self, worlds, use_wp):
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
        # an opponent's or the partner's board (we would lead)
        try_board = n == 1 or (n <= 6 and not opp_board and pb != _BOARD)
        saved_board = self.board[me]
        self.board[me] = 1  # as if we bid board: may lead trumps (only matters if we lead)
        allm = 0
        self._forbid(False)
        for w in range(worlds):
            self._sample()
            self._load_world()
            self._sim_start(lead)
            self._playout()
            self.tricks[w] = self.swon[me]
            self.team[w] = self.swon[me] + self.swon[me ^ 2]
            if try_board:
                if lead != me and n == 1:
                    # (longer hands keep the first bidder's lead, as before: playing them
                    # out with us leading made boards that failed one time in four)
                    self._load_world()
                    self._sim_start(me)
                    self._playout()
                a = self.swon[me] + self.swon[me ^ 2]
                self.alltk[w] = a
                if a == n:
                    allm += 1
        self.board[me] = saved_board
        # numeric bids (pass = 0): partner's part counted as made; unknown yet: 0. The
        # sampled own-trick count is used unshaded: it is close to the tricks really taken
        part = 0
        if pb and pb != _BOARD:
            part = pb - 0x80
        t = me & 1
        bestb = _PASS
        bestev = 0
        # no board yet in a 1-card deal: passing redeals (or leaves it to the others); the
        # redeal is valued as no change (the table's rows with the 1-card deal to come are
        # fitted on whole games and would overstate its swing)
        redeal = self.value(0)
        top = 1 if pb == _BOARD or opp_board else n
        for k in range(0, top):
            ev = 0
            for w in range(worlds):
                tt = self.team[w]
                if pb == _BOARD:
                    ours = _team_points(0, self.blevel[t], tt, n)
                elif boards == 0 and n == 1:
                    ev += redeal
                    continue
                elif opp_board:
                    ours = _team_points(part, 0, tt, n)
                else:
                    ours = _team_points(part + k, 0, part + self.tricks[w], n)
                ev += self.value(ours - self._theirs(n - tt))
            if k == 0 or ev > bestev:
                bestev = ev
                bestb = 0x80 + k
        self.reason = "expected tricks" if bestb != _PASS else "too weak to bid"
        # the sample plays double dummy and ignores what the bids before ours tell: a board
        # in a longer hand, or over another board (a double: the board bidder holds a
        # strong card), needs a clear margin, and in a longer hand one made world in four
        # is counted failed
        if not try_board or ((n > 1 or boards) and allm * 10 < worlds * 9):
            return bestb
        lvl = boards + 1
        ev = 0
        made = 0
        for w in range(worlds):
            a = self.alltk[w]
            if a == n:
                made += 1
                if n > 1 and made % 4 == 0:
                    a = n - 1
            ours = 10 * n * lvl if a == n else -10 * n * lvl
            ev += self.value(ours - self._theirs(n - a))
        if ev > bestev:
            self.reason = "good chance of every trick: board"
            return _BOARD
        return bestb
