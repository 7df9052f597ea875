"""Back Alley bots: a decision in steps (begin, think), card play at every level (see engine/bot_backalley.py)."""
from engine.common import const
from engine.bot_backalley_view import _hi, _lo
from engine.bot_backalley_bid import BackAlleyBid

_BID = const(0)
_PENDING = const(-1)  # a search was started (bot_backalley_bid._PENDING)
_DONE = const(0)      # self.stage: the move is ready
_KNOW = const(1)      # read what the view tells, then decide or start a search
_BIDS = const(2)      # the sampled bid search (bot_backalley_bid)
_PLAYS = const(3)     # Hard's card search
_SLICE = const(30)    # work units per slice of thinking (a thinking poll: p95 ~14 board-ms,
# max ~30 without a collection, tools/board/board_time.py; 60 gave p95 26 and max 63 at Python x72)
_PWORLDS = const(0)   # self.ps: Hard's card search between steps
_PNC = const(1)
_PW = const(2)
_PC = const(3)
_PLAY_BUDGET = const(3800)   # work units (~ simulated card plays) per Hard card decision
_MAX_WORLDS = const(48)
_MAX_UNITS = const(6000)     # cap on a decision's work units
_NORMAL_BONUS = const(2)
_TRIES = const(4)          # Hard: worlds drawn per world kept (fit to the bids)     # Hard: points added to Normal's choice (per world; a tie-break)


class BackAlleyPlay(BackAlleyBid):
    SLICE = _SLICE

    def __init__(self, level):
        BackAlleyBid.__init__(self, level)
        self.move = 0  # the decision (think() returned True)
        self.stage = _DONE
        # between steps, Hard's card search: worlds, candidates, the world and candidate
        # under way (-1: the world is to be sampled); the bid search's: bot_backalley_bid
        # (lists: the brain's member table stays as small as before)
        self.ps = [0, 0, 0, -1]
        self.bs = [0] * 13

    # ---- a decision in steps: begin(seed), then think(work) until True (self.move).
    # Every step is one piece of the one-go search (knowing the view, a sampled world, a
    # candidate's playout, a bid's value), done in the same order for any slicing.
    def begin(self, seed):
        v = self.obs
        self.move = 0
        self.stage = _DONE
        self.work = 0
        if v.nmoves == 0:
            return
        if v.nmoves == 1:
            self.reason = "the only legal move"
            self.move = v.moves[0]
            return
        self.rng.seed((seed ^ v.digest()) & 0x3FFFFFFF)
        self.stage = _KNOW

    def think(self, work):
        """About work units (~ simulated card plays) more; True when self.move is the move."""
        used = 0
        while self.stage != _DONE:
            if used >= work:
                return False
            used += self._step(work - used)
        return True

    def _step(self, left):
        """The next pieces of the decision, about left work units (at least one piece: the
        searches loop here, not in think, which costs less); returns their cost."""
        st = self.stage
        if st == _KNOW:
            self._know()
            if self.obs.phase == _BID:
                if self.level == 0:
                    m = self._bid_easy()
                elif self.level == 1:
                    m = self._bid_normal()
                else:
                    m = self._bid_hard()
                if m == _PENDING:
                    self.stage = _BIDS
                else:
                    self._done(m)
            elif self.level == 0:
                self._done(self._play_easy())
            elif self.level == 1:
                self._done(self._play_normal())
            else:
                m = self._play_hard()
                if m == _PENDING:
                    self.stage = _PLAYS
                else:
                    self._done(m)
            return 24
        if st == _BIDS:
            used = 0
            while used < left:
                c = self._bid_step()
                if c == 0:
                    self._done(self.move)
                    break
                used += c
            return used + 1
        # _PLAYS: Hard's card search
        ps = self.ps
        cscore = self.cscore
        nc = ps[_PNC]
        worlds = ps[_PWORLDS]
        w = ps[_PW]
        c = ps[_PC]
        used = 0
        while w < worlds and used < left:
            if c < 0:
                self._sample()
                c = 0
                used += self._draws()
                continue
            self._load_world()
            self._replay_table()
            self._sim_play(self.me, self.cand[c])
            k = self.work
            self._playout()
            cscore[c] += self.value(self._score())
            used += self.work - k + 4 + self.obs.tsize
            c += 1
            if c == nc:
                w += 1
                c = -1
        ps[_PW] = w
        ps[_PC] = c
        if w < worlds:
            return used
        best = 0
        for c in range(1, nc):
            if cscore[c] > cscore[best]:
                best = c
        self._done(self._card(self.cand[best]))
        return used + 24

    def _done(self, m):
        """The decision is m: a card's reason, and a legal move whatever happened."""
        v = self.obs
        self.stage = _DONE
        if v.phase != _BID:
            self._explain(m)
        for i in range(v.nmoves):
            if v.moves[i] == m:
                self.move = m
                return
        self.move = v.moves[0]

    def _explain(self, card):
        """self.reason: why this card, in a few words (for the hint and the coach)."""
        self.perfect = False
        self._load_view()
        self.perfect = True
        x = self._code(card)
        s = x >> 5
        pw = x & 31
        tr = self.tr
        above = self.uns[s] >> (pw + 1)  # unseen cards of the suit above ours
        if self.stn == 0:
            if s == tr:
                self.reason = "draws trumps" if not above else "leads a trump"
            elif not above:
                self.reason = "cashes a sure winner"
            else:
                self.reason = "leads low" if pw == _lo(self.mine[s]) else "leads"
            return
        beats = False
        if s == tr:
            beats = not self.sbest_tr or pw > self.sbest
        elif not self.sbest_tr and s == self.sled and pw > self.sbest:
            beats = True
        if (self.sbest_seat ^ self.me) == 2 and not beats:
            self.reason = "partner already winning"
        elif s != self.sled and s == tr and beats:
            self.reason = "ruffs"
        elif s != self.sled:
            self.reason = "discards"
        elif not beats:
            self.reason = "cannot win: plays low"
        elif not (self.mine[s] & ((1 << pw) - 1) & ~((1 << (self.sbest + 1)) - 1)):
            # no lower card of ours would also beat the trick
            self.reason = "cheapest winner" if self.stn == 3 or not above else "plays high"
        else:
            self.reason = "plays high"

    def _play_easy(self):
        v = self.obs
        moves = v.moves
        best = -1
        if v.tsize == 0:
            # an ace if it has one, else a random low card
            for i in range(v.nmoves):
                x = self._code(moves[i])
                if (x & 31) == 14 and (x >> 5) != self.tr:
                    return moves[i]
            lowc = moves[0]
            lowp = 99
            for i in range(v.nmoves):
                x = self._code(moves[i])
                if (x & 31) < lowp:
                    lowp = x & 31
                    lowc = moves[i]
            if self.rng.below(2) == 0:
                return moves[self.rng.below(v.nmoves)]
            return lowc
        self._load_view()
        # lowest card that takes the trick, when the trick is worth taking; else the lowest
        lowc = moves[0]
        lowv = 999
        winc = -1
        winv = 999
        for i in range(v.nmoves):
            x = self._code(moves[i])
            s = x >> 5
            pw = x & 31
            val = pw + (20 if s == self.tr else 0)
            if val < lowv:
                lowv = val
                lowc = moves[i]
            beats = False
            if s == self.tr:
                beats = not self.sbest_tr or pw > self.sbest
            elif not self.sbest_tr and s == self.sled and pw > self.sbest:
                beats = True
            if beats and val < winv:
                winv = val
                winc = moves[i]
        partner = (self.sbest_seat ^ self.me) == 2
        if winc >= 0 and not partner and v.tsize == 3:
            return winc
        best = lowc
        return best


    def _play_normal(self):
        self.perfect = False
        self._load_view()
        x = self._policy(self.me)
        self.perfect = True
        return self._card(x)

    # ---- Hard

    def _cands(self):
        """Distinct legal cards: of cards with no unseen card between them keep the lowest."""
        v = self.obs
        k = 0
        for i in range(v.nmoves):
            x = self._code(v.moves[i])
            s = x >> 5
            pw = x & 31
            below = self.mine[s] & ((1 << pw) - 1)
            redundant = False
            if below:
                q = _hi(below)
                if not (self.uns[s] >> (q + 1)) & ((1 << (pw - q - 1)) - 1):
                    # our next lower card, nothing unseen between: equivalent (if also legal)
                    c2 = self.card_of[s * 17 + q]
                    for j in range(v.nmoves):
                        if v.moves[j] == c2:
                            redundant = True
            if not redundant:
                self.cand[k] = x
                k += 1
        return k

    def _play_hard(self):
        v = self.obs
        nc = self._cands()
        if nc == 1:
            return self._card(self.cand[0])
        # Normal's choice: the tie-breaker
        self.perfect = False
        self._load_view()
        pref = self._policy(self.me)
        self.perfect = True
        # the budget counts what a decision costs on the MicroPython unix port, in simulated
        # card plays (~1.6 us each): sampling a world ~ nuns / 4 + 4, loading it for one
        # candidate ~ 4 + the cards on the table, then the playout's card plays
        steps = 4 * v.hn - v.tsize
        self.tries = _TRIES
        per_world = self.nuns // 4 + 4 + nc * (steps + 4 + v.tsize)
        if self.ninf:
            # each draw: dealing it, then ~6 units a bidder for its misfit
            per_world += (_TRIES - 1) * (self.nuns // 4 + 4) + _TRIES * 6 * self.ninf
        worlds = _PLAY_BUDGET // per_world
        if worlds < 2:
            # at least two worlds unless that alone would blow the worst-case budget
            worlds = 2 if 2 * per_world <= _MAX_UNITS else 1
        if worlds > _MAX_WORLDS:
            worlds = _MAX_WORLDS
        self._forbid(True)
        self.use_wp = True
        # the tie-break for Normal's choice: what _NORMAL_BONUS points are worth now
        bonus = self.value(_NORMAL_BONUS) - self.value(0)
        if bonus < _NORMAL_BONUS:
            bonus = _NORMAL_BONUS
        for c in range(nc):
            self.cscore[c] = bonus * worlds if self.cand[c] == pref else 0
        ps = self.ps
        ps[_PWORLDS] = worlds
        ps[_PNC] = nc
        ps[_PW] = 0
        ps[_PC] = -1  # -1: sample the next world
        return _PENDING  # the worlds are played out by _step

