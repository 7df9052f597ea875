"""Back Alley: 4 players in two partnerships, bid-and-trick game with two jokers (the bloopers).

Rules: shared/RULES.md "Back Alley"; public names: shared/ENGINE_API.md. Allocation-free after
construction (every public method), all randomness from the game's own Rng.

Internal state (for the computer players, who copy a game and re-deal hidden cards):

  Core state (saved; everything else is derived from it by rebuild()):
    started        False until the first start()
    phase          PHASE_BID / PHASE_PLAY / PHASE_HAND_OVER / PHASE_GAME_OVER
    dealer         seat 0..3 (-1 before start)
    deal_number    0-based, all-pass redeals not counted
    redeals        all-pass hands so far this game (saturates at 0xFFFF)
    upcard         the turned card; discarded: the other joker if it was dealt and thrown away
    bids[4]        move code per seat (0 = not bid yet)
    hands[52]      seat p holds hands[13*p : 13*p + hand_n[p]], in dealt order (a replacement
                   card takes the discarded joker's slot); removing a card shifts the rest down
    hand_n[4]      cards held per seat
    table[4]       cards of the current trick in play order, trick_size of them; seat of
                   table[i] is (leader + i) & 3
    played[52]     completed tricks of this hand, 4 cards each in play order, played_n in all
    scores[2]      team_score per team; points[2]: hand_points (last finished hand)
  Derived (rebuild() recomputes them from the core state):
    cards_per_hand, trump (suit, or NO_TRUMP), levels[4] (board level per seat), n_bids,
    trick_leads[13] (who led each completed trick), won[4] (tricks per seat this hand),
    broken (a trump was played to a completed trick), trumped[4] (seat played a trump to a
    completed trick: the strict lead rule), leader, turn, last_leader / last_trick[4] /
    last_winner, winner, undealt[undealt_n] (cards nobody can see: not in a hand, on the table,
    played, the up-card or the discarded joker; in ascending card-code order).
  History (public: every card played this hand, in order): history_size = played_n +
    trick_size (kept up to date); history_card(i) / history_seat(i) read played[] then table[],
    the seat coming from trick_leads[] (completed tricks) or leader (the current trick).
  Re-dealing hidden cards in a copy: swap cards between hands[] slots of other seats and
  undealt[] (keep hand_n); nothing derived depends on which hidden card sits where.
  Scratch: seen[80] (the dealing order of a deal, or flags per card code).
"""
from engine.common import (
    const, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE, LOAD_BAD_DATA,
    put16, get16, seal, unseal, CardGame,
    NO_CARD, LITTLE_BLOOPER, BIG_BLOOPER, is_card, Rng,
)

PHASE_BID = const(0)
PHASE_PLAY = const(1)
PHASE_HAND_OVER = const(2)
PHASE_GAME_OVER = const(3)

BID_PASS = const(0x80)
BID_BOARD = const(0xC0)
NO_TRUMP = const(15)

_JOKER = const(4)
_HDR = const(35)          # bytes before the card lists in a save


# _HIGH[c]: rank of card c for comparing within a suit: 2..13, ace 14, Little Blooper 15,
# Big Blooper 16 (a table: cheaper than a function, in heap and in time).
_HIGH = (b"\x00\x0e\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x00\x0e\x02"
         b"\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x00\x0e\x02\x03\x04\x05"
         b"\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x00\x0e\x02\x03\x04\x05\x06\x07\x08"
         b"\x09\x0a\x0b\x0c\x0d\x0e\x0f\x0e\x0f\x10")


def _is_trump(c, trump):
    s = c >> 4
    return s == _JOKER or s == trump


def _trick_winner(buf, off, leader, trump):
    """Seat winning the 4 cards buf[off..off+3] led by `leader`: the highest trump, else the
    highest card of the suit led (any other card cannot win)."""
    s = buf[off] >> 4
    v = -1
    k = 0
    for i in range(4):
        c = buf[off + i]
        t = _HIGH[c] + (32 if _is_trump(c, trump) else (0 if c >> 4 == s else -64))
        if t > v:
            v = t
            k = i
    return (leader + k) & 3


def _first_leader(bids, off, dealer):
    """Highest bid leads: the latest board beats any number; equal numbers: first bidder.
    (c: the best bidder so far, j: their bid's value.)"""
    c = -1
    j = -1
    for i in range(4):
        s = (dealer + 1 + i) & 3
        b = bids[off + s]
        if b == BID_BOARD:
            c = s
            j = 99
        elif b - 0x80 > j:
            c = s
            j = b - 0x80
    return c


def _team_points(c, i, j, k, tricks, n):
    """Score of one partnership for a hand of n cards: bids c/j (move codes) with board levels
    i/k, tricks taken together. (s: the board level counted, p: tricks bid together.)"""
    if c == BID_BOARD or j == BID_BOARD:
        s = i if i > k else k
        return 10 * n * s if tricks == n else -10 * n * s
    p = (c - 0x80) + (j - 0x80)
    if tricks >= p:
        return 5 * p + tricks - p
    return -5 * p


def _size(deals, c):
    """Cards per hand in deal number c: (deals + 1) // 2 down to 1 and back up."""
    m = (deals + 1) // 2
    return m - c if c < m else c - m + 2


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
        self.rng = Rng(seed)
        self.started = False
        self.phase = PHASE_BID
        self.dealer = -1
        self.deal_number = 0
        self.upcard = NO_CARD
        self.discarded = NO_CARD
        self.redeals = 0
        self.hands = bytearray(52)
        self.hand_n = bytearray(4)
        self.table = bytearray(4)
        self.trick_size = 0
        self.played = bytearray(52)
        self.played_n = 0
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
        k = 0
        for c in range(0x43):  # the unshuffled deck: every card code in ascending order
            if is_card(c):
                d[k] = c if deck is None else deck[k]
                k += 1
        if deck is None:
            self.rng.shuffle(d, 54)
        n = _size(self.deals, self.deal_number)
        for i in range(4):
            self.hand_n[i] = n
            self.bids[i] = 0
        for i in range(4 * n):
            self.hands[13 * ((self.dealer + 1 + i) & 3) + (i >> 2)] = d[i]
        p = d[4 * n]
        self.upcard = p
        self.discarded = NO_CARD
        if p >> 4 == _JOKER:
            # The other joker, if dealt, is thrown away and replaced from the top of the stock.
            j = LITTLE_BLOOPER if p == BIG_BLOOPER else BIG_BLOOPER
            for i in range(52):
                if self.hands[i] == j and i % 13 < n:
                    self.hands[i] = d[4 * n + 1]
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

    def _account_trick(self):
        """Credit the trick at played[played_n..+3] (led by self.leader) and advance past it."""
        leader = self.leader
        off = self.played_n
        w = _trick_winner(self.played, off, leader, self.trump)
        self.trick_leads[off >> 2] = leader
        for i in range(4):
            c = self.played[off + i]
            self.last_trick[i] = c
            if _is_trump(c, self.trump):
                self.broken = True
                self.trumped[(leader + i) & 3] = 1
        self.played_n = off + 4
        self.won[w] += 1
        self.last_leader = leader
        self.last_winner = w
        self.leader = w

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

    # ----------------------------------------------------------------- derived state

    def rebuild(self):
        """Recompute every derived field from the core state (see the module docstring)."""
        self.cards_per_hand = _size(self.deals, self.deal_number)
        n = self.upcard
        self.trump = NO_TRUMP if n == NO_CARD or n >> 4 == _JOKER else n >> 4
        b = self.bids
        self.n_bids = 0
        k = 0  # boards so far, in bidding order: a board's level is its ordinal
        for i in range(4):
            p = (self.dealer + 1 + i) & 3
            self.levels[p] = 0
            if b[p] == BID_BOARD:
                k += 1
                self.levels[p] = k
        for p in range(4):
            if b[p]:
                self.n_bids += 1
            self.won[p] = 0
            self.trumped[p] = 0
            self.last_trick[p] = NO_CARD
            if p >= self.trick_size:
                self.table[p] = NO_CARD
            for i in range(self.hand_n[p], 13):
                self.hands[13 * p + i] = NO_CARD
        for i in range(self.played_n, 52):
            self.played[i] = NO_CARD
        for i in range(13):
            self.trick_leads[i] = 0
        self.broken = False
        self.last_leader = -1
        self.last_winner = -1
        self.leader = -1
        if self.n_bids == 4 and b[0] | b[1] | b[2] | b[3] != BID_PASS:
            self.leader = _first_leader(b, 0, self.dealer)
        j = self.played_n
        self.played_n = 0
        while self.played_n < j:
            self._account_trick()
        self.history_size = self.played_n + self.trick_size
        self.winner = -1
        self.turn = -1
        if self.started and self.phase == PHASE_BID:
            self.turn = (self.dealer + 1 + self.n_bids) & 3
        elif self.started and self.phase == PHASE_PLAY:
            self.turn = (self.leader + self.trick_size) & 3
        elif self.phase == PHASE_GAME_OVER:
            s = self.scores
            self.winner = 0 if s[0] > s[1] else (1 if s[1] > s[0] else 2)
        # Undealt: every card not visible anywhere else, in ascending card-code order.
        seen = self.seen
        for i in range(80):
            seen[i] = 0
        seen[n] = 1
        seen[self.discarded] = 1
        for i in range(52):  # the unused slots hold NO_CARD, which is no card
            seen[self.hands[i]] = 1
            seen[self.played[i]] = 1
            if i < 4:
                seen[self.table[i]] = 1
        k = 0
        for c in range(0x43):
            if is_card(c) and not seen[c]:
                self.undealt[k] = c
                k += 1
        self.undealt_n = k

    # ----------------------------------------------------------------- copy / save / load

    def save(self, buf):
        buf[4] = self.deals
        buf[5] = (1 if self.strict else 0) | (2 if self.started else 0)
        self.rng.save(buf, 6)
        buf[10] = self.phase
        buf[11] = self.dealer & 0xFF
        buf[12] = self.deal_number
        put16(buf, 13, self.redeals)
        buf[15] = self.upcard
        buf[16] = self.discarded
        for p in range(4):
            buf[17 + p] = self.bids[p]
            buf[29 + p] = self.hand_n[p]
        for t in range(2):
            put16(buf, 21 + 2 * t, self.scores[t])
            put16(buf, 25 + 2 * t, self.points[t])
        buf[33] = self.trick_size
        buf[34] = self.played_n
        k = _HDR
        for p in range(4):
            for i in range(self.hand_n[p]):
                buf[k] = self.hands[13 * p + i]
                k += 1
        for i in range(self.trick_size):
            buf[k] = self.table[i]
            k += 1
        for i in range(self.played_n):
            buf[k] = self.played[i]
            k += 1
        return seal(buf, 0x4241, k)

    def load(self, buf):
        n = unseal(buf, 0x4241, _HDR + 3)
        if n < _HDR:
            return n  # a LOAD_* code
        if not self._valid(buf, n):
            return LOAD_BAD_DATA
        # Everything checked: install the core state, derive the rest.
        self.deals = buf[4]
        self.strict = buf[5] & 1 == 1
        self.started = buf[5] & 2 == 2
        self.rng.load(buf, 6)
        self.phase = buf[10]
        self.dealer = buf[11] if self.started else -1
        self.deal_number = buf[12]
        self.redeals = buf[13] | (buf[14] << 8)
        self.upcard = buf[15]
        self.discarded = buf[16]
        for p in range(4):
            self.bids[p] = buf[17 + p]
            self.hand_n[p] = buf[29 + p]
        for t in range(2):
            self.scores[t] = get16(buf, 21 + 2 * t)
            self.points[t] = get16(buf, 25 + 2 * t)
        self.trick_size = buf[33]
        self.played_n = buf[34]
        k = _HDR
        for p in range(4):
            for i in range(self.hand_n[p]):
                self.hands[13 * p + i] = buf[k]
                k += 1
        for i in range(self.trick_size):
            self.table[i] = buf[k]
            k += 1
        for i in range(self.played_n):
            self.played[i] = buf[k]
            k += 1
        self.rebuild()
        return OK

    def _valid(self, buf, n):
        """Semantic check of a save whose framing and checksums are already right.
        Short local names (each distinct name costs heap on MicroPython): h deal number,
        f up-card, j discarded joker, k cards held, v trick_size, a played_n, d passes,
        e bids made, s a seat."""
        deals = buf[4]
        phase = buf[10]
        dealer = buf[11]
        h = buf[12]
        f = buf[15]
        j = buf[16]
        k = buf[29] + buf[30] + buf[31] + buf[32]
        v = buf[33]
        a = buf[34]
        if (deals < 1 or deals > 25 or deals & 1 == 0 or buf[5] > 3
                or n != _HDR + k + v + a + 3
                or not (buf[6] | buf[7] | buf[8] | buf[9])):  # xorshift's dead state
            return False
        if buf[5] & 2 == 0:
            # Never started: nothing dealt, nothing scored.
            if phase != PHASE_BID or dealer != 0xFF or n != _HDR + 3:
                return False
            for i in range(12, 29):
                if buf[i]:
                    return False
            return True
        if phase > PHASE_GAME_OVER or dealer > 3 or h >= deals or not is_card(f):
            return False
        size = _size(deals, h)
        if j and (f >> 4 != _JOKER or j >> 4 != _JOKER or j == f):
            return False
        for i in range(21, 29, 2):  # scores: > 25 hands * 520; hand points: 10 * 13 * 4
            if abs(get16(buf, i)) > (14000 if i < 25 else 520):
                return False
        # Every card at most once; none of them the up-card or the discarded joker; with a joker
        # turned up no joker is in play.
        seen = self.seen
        for i in range(80):
            seen[i] = 0
        seen[f] = 1
        seen[j] = 1
        for i in range(_HDR, n - 3):
            c = buf[i]
            if not is_card(c) or seen[c] or (f >> 4 == _JOKER and c >> 4 == _JOKER):
                return False
            seen[c] = 1
        if k + v + a != 4 * size or v > 3 or a & 3:
            return False
        # Bids: a prefix of the bidding order, each in range for this hand size.
        e = 0
        d = 0
        seen[74] = 0  # boards so far (seen[70 + p]: p's board level; no card has these codes)
        for i in range(4):
            s = (dealer + 1 + i) & 3
            b = buf[17 + s]
            seen[70 + s] = 0
            if b == 0:
                continue
            if e != i:
                return False
            e += 1
            if b == BID_PASS:
                d += 1
            elif b == BID_BOARD:
                seen[74] += 1
                seen[70 + s] = seen[74]
            elif b < 0x81 or b - 0x80 >= size:
                return False
        if phase == PHASE_BID or d == 4:
            # Bidding, or the all-pass hand (over at once): every hand full, nothing played,
            # nothing scored for this hand.
            if (e == 4) != (d == 4) or k != 4 * size or (d == 4 and (
                    phase != PHASE_HAND_OVER or buf[25] | buf[26] | buf[27] | buf[28])):
                return False
            for p in range(4):
                if buf[29 + p] != size:
                    return False
            return True
        if e != 4:
            return False
        trump = NO_TRUMP if f >> 4 == _JOKER else f >> 4
        # Replay the completed tricks to learn who holds how many cards and who won what.
        for i in range(8):
            seen[i] = 0  # seen[p] = cards seat p has played, seen[4 + p] = tricks won
        leader = _first_leader(buf, 17, dealer)
        off = _HDR + k + v
        for t in range(a >> 2):
            for i in range(4):
                seen[(leader + i) & 3] += 1
            leader = _trick_winner(buf, off + 4 * t, leader, trump)
            seen[4 + leader] += 1
        for i in range(v):
            seen[(leader + i) & 3] += 1
        for p in range(4):
            if buf[29 + p] + seen[p] != size:
                return False
        if phase == PHASE_PLAY:
            return k > 0
        if k or v or (phase == PHASE_GAME_OVER) != (h == deals - 1):
            return False
        for t in range(2):
            if get16(buf, 25 + 2 * t) != _team_points(
                    buf[17 + t], seen[70 + t], buf[19 + t], seen[72 + t],
                    seen[4 + t] + seen[6 + t], size):
                return False
        return True
