# Back Alley: 4 players in two partnerships, bid-and-trick game with two jokers (the bloopers).
#
# Rules: docs/RULES.md "Back Alley"; public names: docs/ENGINE_API.md. Allocation-free after
# construction (every public method), all randomness from the game's own Rng.
#
# The internal state (core, derived, history) is described in engine/backalley_rules.py, which
# holds the rules tables and rebuild(); save() / load() are in engine/backalley_save.py (three
# modules: none is big to compile on a board).
from engine.common import (  # noqa: F401 (OK / ERR_* are re-exported: the API promises them here)
    const, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE, LOAD_BAD_DATA,
    CardGame, NO_CARD, LITTLE_BLOOPER, BIG_BLOOPER, is_card, Rng,
)
from engine import backalley_rules as _r, backalley_save as _s
from engine.backalley_rules import _HIGH, _is_trump, _first_leader, _team_points, _size, _DECK

PHASE_BID = const(0)
PHASE_PLAY = const(1)
PHASE_HAND_OVER = const(2)
PHASE_GAME_OVER = const(3)

BID_PASS = const(0x80)
BID_BOARD = const(0xC0)
NO_TRUMP = const(15)

_JOKER = const(4)


class BackAlley(CardGame):
    GAME_ID = 2  # what Bot(level, seed, game) dispatches on
    _SLOT = 13
    _SEATS = 4

    def __init__(self, seed=0, deals=25, strict_trump_lead=False):
        if not isinstance(deals, int):
            deals = 25
        if deals < 1:
            deals = 1
        if deals > 25:
            deals = 25
        self.deals = deals | 1  # an even count: round up to the next odd one (24 -> 25)
        self.strict = bool(strict_trump_lead)
        self.started = False
        self.phase = PHASE_BID
        self.dealer = -1
        self.deal_number = 0
        self.upcard = NO_CARD
        self.discarded = NO_CARD
        self.redeals = 0
        self.trick_size = 0
        self.played_n = 0
        # the derived ints (rebuild() sets them): with these the instance's attribute table
        # has its final size before the buffers below are allocated (it grows into a block
        # of ~300 bytes once: found before the buffers take the small holes it would need)
        self.cards_per_hand = self.trump = self.n_bids = self.leader = self.turn = 0
        self.winner = self.last_leader = self.last_winner = self.history_size = 0
        self.undealt_n = 0
        self.broken = False
        self.rng = Rng(seed)
        self.hands = bytearray(52)
        self.hand_n = bytearray(4)
        self.table = bytearray(4)
        self.played = bytearray(52)
        self.trick_leads = bytearray(13)
        self.undealt = bytearray(54)
        self.seen = bytearray(80)  # scratch: a deal's card order, or per card-code flags
        self.bids = bytearray(4)
        self.levels = bytearray(4)
        self.won = bytearray(4)
        self.scores = [0, 0]
        self.points = [0, 0]
        self.trumped = bytearray(4)
        self.last_trick = bytearray(4)
        # rebuild() creates the derived ints: cards_per_hand, trump, n_bids, broken, leader,
        # turn, winner, last_leader, last_winner, history_size, undealt_n.
        self.rebuild()

    # ----------------------------------------------------------------- game flow

    def start(self, dealer=-1, deck=None):
        if dealer < -1 or dealer > 3:
            return ERR_BAD_MOVE
        return self._deal(dealer, deck, -1)

    def next_deal(self, deck=None):
        if not self.started or self.phase != PHASE_HAND_OVER:
            return ERR_PHASE
        b = self.bids
        # Not an all-pass hand: the next size.
        return self._deal((self.dealer + 1) & 3, deck,
                          self.deal_number + (b[0] | b[1] | b[2] | b[3] != BID_PASS))

    def _deal(self, dealer, deck, s):
        """Deal deal number s (-1: the first of a new game; dealer -1: a random one): the core state of a new hand, then
        rebuild() derives the rest (p: the up-card, j: the other joker). A deck that is not a permutation of the 54 cards changes
        nothing (ERR_BAD_MOVE)."""
        d = self.seen
        if deck is not None:
            if len(deck) != 54:
                return ERR_BAD_MOVE
            for i in range(80):
                d[i] = 0
            for i in range(54):
                c = deck[i]
                if not isinstance(c, int) or not is_card(c) or d[c]:
                    return ERR_BAD_MOVE
                d[c] = 1
        if s < 0:  # a new game
            s = 0
            self.redeals = 0
            self.scores[0] = self.scores[1] = self.points[0] = self.points[1] = 0
        if dealer < 0:
            dealer = self.rng.below(4)
        self.started = True
        self.dealer = dealer
        self.deal_number = s
        for k in range(54):  # the unshuffled deck, or the one given
            d[k] = _DECK[k] if deck is None else deck[k]
        if deck is None:
            self.rng.shuffle(d, 54)
        n = _size(self.deals, s)
        for i in range(4):
            self.hand_n[i] = n
            self.bids[i] = 0
        h = self.hands
        for i in range(4 * n):
            h[13 * ((dealer + 1 + i) & 3) + (i >> 2)] = d[i]
        p = d[4 * n]
        self.upcard = p
        self.discarded = NO_CARD
        if p >> 4 == _JOKER:
            # The other joker, if dealt, is thrown away and replaced from the top of the stock.
            j = LITTLE_BLOOPER if p == BIG_BLOOPER else BIG_BLOOPER
            for i in range(52):
                if h[i] == j and i % 13 < n:
                    h[i] = d[4 * n + 1]
                    self.discarded = j
        self.trick_size = 0
        self.played_n = 0
        self.phase = PHASE_BID
        self.rebuild()
        return OK

    # ----------------------------------------------------------------- moves

    def play(self, move):
        p = self.turn
        if p < 0:
            return ERR_PHASE
        if not isinstance(move, int):
            return ERR_BAD_MOVE
        if is_card(move):
            if not self._take(p, move, 0):
                return ERR_NOT_IN_HAND
            if self.phase != PHASE_PLAY or not self._card_legal(p, move):
                return ERR_ILLEGAL
            self._take(p, move, 1)
            if self.trick_size == 0:
                self.leader = p
            self.table[self.trick_size] = move
            self.trick_size += 1
            self.history_size += 1
            if self.trick_size < 4:
                self.turn = (p + 1) & 3
                return OK
            # The trick is complete: it moves to the history, the winner leads next.
            for i in range(4):
                self.played[self.played_n + i] = self.table[i]
                self.table[i] = NO_CARD
            self.trick_size = 0
            self._account_trick()
            if self.played_n < 4 * self.cards_per_hand:
                self.turn = self.leader
                return OK
            # The hand is over: score it.
            for t in range(2):
                pts = _team_points(self.bids[t], self.levels[t], self.bids[t + 2],
                                   self.levels[t + 2], self.won[t] + self.won[t + 2],
                                   self.cards_per_hand)
                self.points[t] = pts
                self.scores[t] += pts
            self.turn = -1
            self.phase = PHASE_HAND_OVER
            if self.deal_number + 1 >= self.deals:
                self.phase = PHASE_GAME_OVER
                self.rebuild()  # sets the winner
            return OK
        if (move < 0x80 or move > 0x8D) and move != BID_BOARD:
            return ERR_BAD_MOVE
        if self.phase != PHASE_BID or (move != BID_PASS and move != BID_BOARD
                                       and move - 0x80 >= self.cards_per_hand):
            return ERR_ILLEGAL
        self.bids[p] = move
        self.n_bids += 1
        self.turn = (p + 1) & 3
        b = self.bids
        if move == BID_BOARD:
            self.rebuild()  # the board levels (boards are rare)
        if self.n_bids < 4:
            return OK
        if b[0] | b[1] | b[2] | b[3] == BID_PASS:
            # Nobody wants it: the hand is over at once and the next dealer redeals this size.
            self.points[0] = 0
            self.points[1] = 0
            if self.redeals < 0xFFFF:
                self.redeals += 1
            self.phase = PHASE_HAND_OVER
            self.turn = -1
            return OK
        self.leader = _first_leader(b, 0, self.dealer)
        self.phase = PHASE_PLAY
        self.turn = self.leader
        return OK

    def _card_legal(self, p, c):
        trump = self.trump
        v = 13 * p
        n = self.hand_n[p]
        hands = self.hands
        if self.trick_size == 0:
            if (not _is_trump(c, trump) or self.bids[p] == BID_BOARD
                    or (self.trumped[p] if self.strict else self.broken)):
                return True
            for i in range(n):  # a trump lead: only from a hand of nothing but trumps
                if not _is_trump(hands[v + i], trump):
                    return False
            return True
        k = self.table[0]
        if k >> 4 == _JOKER:
            # A blooper led: p must play their highest (Big) or lowest (Little) trump.
            j = NO_CARD
            for i in range(n):
                x = hands[v + i]
                if _is_trump(x, trump) and (
                        j == NO_CARD or (_HIGH[x] > _HIGH[j]) == (k == BIG_BLOOPER)):
                    j = x
            return j == NO_CARD or c == j
        # Follow the suit led; a trump led (the suit or a blooper played as a plain trump) asks
        # for a trump.
        t = _is_trump(k, trump)
        s = k >> 4
        if _is_trump(c, trump) if t else c >> 4 == s:
            return True
        for i in range(n):
            x = hands[v + i]
            if _is_trump(x, trump) if t else x >> 4 == s:
                return False
        return True

    def legal_moves(self, buf):
        p = self.turn
        if p < 0:
            return 0
        k = 0
        if self.phase == PHASE_BID:
            buf[0] = BID_PASS
            for k in range(1, self.cards_per_hand):
                buf[k] = 0x80 + k
            buf[k + 1] = BID_BOARD
            return k + 2
        j = 13 * p
        for i in range(self.hand_n[p]):
            c = self.hands[j + i]
            if self._card_legal(p, c):
                buf[k] = c
                k += 1
        return k

    # ----------------------------------------------------------------- accessors

    def bid(self, p):
        return self.bids[p] if 0 <= p < 4 else 0

    def board_level(self, p):
        return self.levels[p] if 0 <= p < 4 else 0

    def tricks(self, p):
        return self.won[p] if 0 <= p < 4 else 0

    def team_score(self, t):
        return self.scores[t] if 0 <= t < 2 else 0

    def hand_points(self, t):
        return self.points[t] if 0 <= t < 2 else 0

    def history_card(self, i):
        """The i-th card played this hand (completed tricks, then the current one)."""
        if i < 0 or i >= self.played_n + self.trick_size:
            return NO_CARD
        if i < self.played_n:
            return self.played[i]
        return self.table[i - self.played_n]

    def history_seat(self, i):
        """Who played history_card(i); -1 out of range."""
        if i < 0 or i >= self.played_n + self.trick_size:
            return -1
        if i < self.played_n:
            return (self.trick_leads[i >> 2] + i) & 3
        return (self.leader + i - self.played_n) & 3

    # ---- derived state: engine/backalley_rules.py; copy / save / load: engine/backalley_save.py
    rebuild = _r.rebuild
    _account_trick = _r.account_trick
    save = _s.save
    load = _s.load
    _valid = _s.valid
