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
    put16, get16, seal, unseal,
)
from engine.cards import is_card, NO_CARD, LITTLE_BLOOPER, BIG_BLOOPER
from engine.rng import Rng

PHASE_BID = const(0)
PHASE_PLAY = const(1)
PHASE_HAND_OVER = const(2)
PHASE_GAME_OVER = const(3)

BID_PASS = const(0x80)
BID_BOARD = const(0xC0)
NO_TRUMP = const(15)

_JOKER = const(4)
_HDR = const(35)          # bytes before the card lists in a save
_SCORE_LIMIT = const(14000)   # > 25 hands * 520, the largest possible hand result
_POINTS_LIMIT = const(520)    # 10 * 13 tricks * quadruple board


def _high(c):
    """Rank for comparing within a suit: 2..13, ace 14, Little Blooper 15, Big Blooper 16."""
    r = c & 15
    if c >> 4 == _JOKER:
        return 14 + r
    return 14 if r == 1 else r


def _is_trump(c, trump):
    s = c >> 4
    return s == _JOKER or s == trump


def _trick_winner(buf, off, leader, trump):
    """Seat winning the 4 cards buf[off..off+3] led by `leader`."""
    best = buf[off]
    bi = 0
    best_trump = _is_trump(best, trump)
    led = best >> 4
    for i in range(1, 4):
        c = buf[off + i]
        if _is_trump(c, trump):
            if not best_trump or _high(c) > _high(best):
                best = c
                bi = i
                best_trump = True
        elif not best_trump and c >> 4 == led and _high(c) > _high(best):
            best = c
            bi = i
    return (leader + bi) & 3


def _first_leader(bids, off, dealer):
    """Highest bid leads: the latest board beats any number; equal numbers: first bidder."""
    best = -1
    bestv = -1
    for i in range(4):
        s = (dealer + 1 + i) & 3
        b = bids[off + s]
        if b == BID_BOARD:
            best = s
            bestv = 99
        elif b - 0x80 > bestv:
            best = s
            bestv = b - 0x80
    return best


def _board_level(bids, off, dealer, p):
    """Ordinal of p's board among the boards in bidding order (0 = p did not bid board)."""
    if bids[off + p] != BID_BOARD:
        return 0
    lvl = 0
    for i in range(4):
        s = (dealer + 1 + i) & 3
        if bids[off + s] == BID_BOARD:
            lvl += 1
        if s == p:
            break
    return lvl


def _team_points(b1, l1, b2, l2, tricks, n):
    """Score of one partnership for a hand: bids b1/b2 (move codes), board levels l1/l2."""
    if b1 == BID_BOARD or b2 == BID_BOARD:
        lvl = l1 if l1 > l2 else l2
        return 10 * n * lvl if tricks == n else -10 * n * lvl
    want = (b1 - 0x80) + (b2 - 0x80)
    if tricks >= want:
        return 5 * want + tricks - want
    return -5 * want


def _size(deals, dn):
    """Cards per hand in deal number dn: (deals + 1) // 2 down to 1 and back up."""
    m = (deals + 1) // 2
    return m - dn if dn < m else dn - m + 2


class BackAlley:
    GAME_ID = 2  # what Bot(level, seed, game) dispatches on
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
        self.turn = -1
        self.dealer = -1
        self.leader = -1
        self.deal_number = 0
        self.cards_per_hand = 0
        self.upcard = NO_CARD
        self.trump = NO_TRUMP
        self.discarded = NO_CARD
        self.redeals = 0
        self.winner = -1
        self.hands = bytearray(52)
        self.hand_n = bytearray(4)
        self.table = bytearray(4)
        self.trick_size = 0
        self.played = bytearray(52)
        self.played_n = 0
        self.history_size = 0
        self.trick_leads = bytearray(13)
        self.undealt = bytearray(54)
        self.undealt_n = 0
        self.seen = bytearray(80)  # scratch: a deal's card order, or per card-code flags
        self.bids = bytearray(4)
        self.levels = bytearray(4)
        self.n_bids = 0
        self.won = bytearray(4)
        self.scores = [0, 0]
        self.points = [0, 0]
        self.broken = False
        self.trumped = bytearray(4)
        self.last_leader = -1
        self.last_winner = -1
        self.last_trick = bytearray(4)
        self.rebuild()

    # ----------------------------------------------------------------- game flow

    def start(self, dealer=-1, deck=None):
        if dealer < -1 or dealer > 3 or not self._deck_ok(deck):
            return ERR_BAD_MOVE
        if dealer == -1:
            dealer = self.rng.below(4)
        self.started = True
        self.dealer = dealer
        self.deal_number = 0
        self.redeals = 0
        for t in range(2):
            self.scores[t] = 0
            self.points[t] = 0
        self._deal(deck)
        return OK

    def next_deal(self, deck=None):
        if not self.started or self.phase != PHASE_HAND_OVER:
            return ERR_PHASE
        if not self._deck_ok(deck):
            return ERR_BAD_MOVE
        b = self.bids
        if b[0] | b[1] | b[2] | b[3] != BID_PASS:  # not an all-pass hand: the next size
            self.deal_number += 1
        self.dealer = (self.dealer + 1) & 3
        self._deal(deck)
        return OK

    def _deck_ok(self, deck):
        """No deck, or a permutation of the 54 cards."""
        if deck is None:
            return True
        if len(deck) != 54:
            return False
        seen = self.seen
        for i in range(80):
            seen[i] = 0
        for i in range(54):
            c = deck[i]
            if not isinstance(c, int) or not is_card(c) or seen[c]:
                return False
            seen[c] = 1
        return True

    def _deal(self, deck):
        """Deal the core state of a new hand; rebuild() derives the rest."""
        d = self.seen
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
        up = d[4 * n]
        self.upcard = up
        self.discarded = NO_CARD
        if up >> 4 == _JOKER:
            # The other joker, if dealt, is thrown away and replaced from the top of the stock.
            other = LITTLE_BLOOPER if up == BIG_BLOOPER else BIG_BLOOPER
            for i in range(52):
                if self.hands[i] == other and i % 13 < n:
                    self.hands[i] = d[4 * n + 1]
                    self.discarded = other
        self.trick_size = 0
        self.played_n = 0
        self.phase = PHASE_BID
        self.rebuild()

    # ----------------------------------------------------------------- moves

    def play(self, move):
        p = self.turn
        if p < 0:
            return ERR_PHASE
        if not isinstance(move, int):
            return ERR_BAD_MOVE
        if is_card(move):
            hands = self.hands
            base = 13 * p
            n = self.hand_n[p] - 1
            j = n
            while j >= 0 and hands[base + j] != move:
                j -= 1
            if j < 0:
                return ERR_NOT_IN_HAND
            if self.phase != PHASE_PLAY or not self._card_legal(p, move):
                return ERR_ILLEGAL
            for i in range(j, n):
                hands[base + i] = hands[base + i + 1]
            hands[base + n] = NO_CARD
            self.hand_n[p] = n
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
                self._set_winner()
            return OK
        if (move < 0x80 or move > 0x8D) and move != BID_BOARD:
            return ERR_BAD_MOVE
        if self.phase != PHASE_BID or (move != BID_PASS and move != BID_BOARD
                                       and move - 0x80 >= self.cards_per_hand):
            return ERR_ILLEGAL
        self.bids[p] = move
        if move == BID_BOARD:
            lvl = 1
            for s in range(4):
                if self.levels[s] >= lvl:
                    lvl = self.levels[s] + 1
            self.levels[p] = lvl
        self.n_bids += 1
        self.turn = (p + 1) & 3
        if self.n_bids < 4:
            return OK
        b = self.bids
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
        base = 13 * p
        n = self.hand_n[p]
        hands = self.hands
        if self.trick_size == 0:
            if (not _is_trump(c, trump) or self.bids[p] == BID_BOARD
                    or (self.trumped[p] if self.strict else self.broken)):
                return True
            for i in range(n):  # a trump lead: only from a hand of nothing but trumps
                if not _is_trump(hands[base + i], trump):
                    return False
            return True
        led = self.table[0]
        if led >> 4 == _JOKER:
            # A blooper led: p must play their highest (Big) or lowest (Little) trump.
            best = NO_CARD
            for i in range(n):
                x = hands[base + i]
                if _is_trump(x, trump) and (
                        best == NO_CARD or (_high(x) > _high(best)) == (led == BIG_BLOOPER)):
                    best = x
            return best == NO_CARD or c == best
        if _is_trump(led, trump):
            if _is_trump(c, trump):
                return True
            for i in range(n):
                if _is_trump(hands[base + i], trump):
                    return False
            return True
        s = led >> 4
        if c >> 4 == s:
            return True
        for i in range(n):
            if hands[base + i] >> 4 == s:
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

    def _set_winner(self):
        s = self.scores
        self.winner = 0 if s[0] > s[1] else (1 if s[1] > s[0] else 2)

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
        base = 13 * p
        for i in range(self.hand_n[p]):
            c = self.hands[base + i]
            if self._card_legal(p, c):
                buf[k] = c
                k += 1
        return k

    # ----------------------------------------------------------------- accessors

    def trick_card(self, i):
        return self.table[i] if 0 <= i < self.trick_size else NO_CARD

    def last_trick_card(self, i):
        return self.last_trick[i] if 0 <= i < 4 else NO_CARD

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

    def hand_size(self, p):
        return self.hand_n[p] if 0 <= p < 4 else 0

    def hand(self, p, buf):
        if p < 0 or p > 3:
            return 0
        n = self.hand_n[p]
        for i in range(n):
            buf[i] = self.hands[13 * p + i]
        return n

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
        up = self.upcard
        self.trump = NO_TRUMP if up == NO_CARD or up >> 4 == _JOKER else up >> 4
        b = self.bids
        self.n_bids = 0
        for p in range(4):
            if b[p]:
                self.n_bids += 1
            self.levels[p] = _board_level(b, 0, self.dealer, p)
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
        done = self.played_n
        self.played_n = 0
        while self.played_n < done:
            self._account_trick()
        self.history_size = self.played_n + self.trick_size
        self.winner = -1
        self.turn = -1
        if self.started and self.phase == PHASE_BID:
            self.turn = (self.dealer + 1 + self.n_bids) & 3
        elif self.started and self.phase == PHASE_PLAY:
            self.turn = (self.leader + self.trick_size) & 3
        elif self.phase == PHASE_GAME_OVER:
            self._set_winner()
        # Undealt: every card not visible anywhere else, in ascending card-code order.
        seen = self.seen
        for i in range(80):
            seen[i] = 0
        seen[up] = 1
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

    def copy_from(self, other):
        self.deals = other.deals
        self.strict = other.strict
        self.rng.hi = other.rng.hi
        self.rng.lo = other.rng.lo
        self.started = other.started
        self.phase = other.phase
        self.turn = other.turn
        self.dealer = other.dealer
        self.leader = other.leader
        self.deal_number = other.deal_number
        self.cards_per_hand = other.cards_per_hand
        self.upcard = other.upcard
        self.trump = other.trump
        self.discarded = other.discarded
        self.redeals = other.redeals
        self.winner = other.winner
        self.trick_size = other.trick_size
        self.played_n = other.played_n
        self.history_size = other.history_size
        self.undealt_n = other.undealt_n
        self.n_bids = other.n_bids
        self.broken = other.broken
        self.last_leader = other.last_leader
        self.last_winner = other.last_winner
        for i in range(54):
            self.undealt[i] = other.undealt[i]
            if i < 52:
                self.hands[i] = other.hands[i]
                self.played[i] = other.played[i]
            if i < 13:
                self.trick_leads[i] = other.trick_leads[i]
            if i < 4:
                self.hand_n[i] = other.hand_n[i]
                self.table[i] = other.table[i]
                self.bids[i] = other.bids[i]
                self.levels[i] = other.levels[i]
                self.won[i] = other.won[i]
                self.trumped[i] = other.trumped[i]
                self.last_trick[i] = other.last_trick[i]
            if i < 2:
                self.scores[i] = other.scores[i]
                self.points[i] = other.points[i]

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
        """Semantic check of a save whose framing and checksums are already right."""
        deals = buf[4]
        phase = buf[10]
        dealer = buf[11]
        dn = buf[12]
        up = buf[15]
        disc = buf[16]
        held = buf[29] + buf[30] + buf[31] + buf[32]
        ts = buf[33]
        pn = buf[34]
        if (deals < 1 or deals > 25 or deals & 1 == 0 or buf[5] > 3
                or n != _HDR + held + ts + pn + 3
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
        if phase > PHASE_GAME_OVER or dealer > 3 or dn >= deals or not is_card(up):
            return False
        size = _size(deals, dn)
        if disc and (up >> 4 != _JOKER or disc >> 4 != _JOKER or disc == up):
            return False
        for i in range(21, 29, 2):
            v = get16(buf, i)
            lim = _SCORE_LIMIT if i < 25 else _POINTS_LIMIT
            if v > lim or v < -lim:
                return False
        # Every card at most once; none of them the up-card or the discarded joker; with a joker
        # turned up no joker is in play.
        seen = self.seen
        for i in range(80):
            seen[i] = 0
        seen[up] = 1
        seen[disc] = 1
        for i in range(_HDR, n - 3):
            c = buf[i]
            if not is_card(c) or seen[c] or (up >> 4 == _JOKER and c >> 4 == _JOKER):
                return False
            seen[c] = 1
        if held + ts + pn != 4 * size or ts > 3 or pn & 3:
            return False
        # Bids: a prefix of the bidding order, each in range for this hand size.
        nb = 0
        passes = 0
        for i in range(4):
            b = buf[17 + ((dealer + 1 + i) & 3)]
            if b == 0:
                continue
            if nb != i:
                return False
            nb += 1
            if b == BID_PASS:
                passes += 1
            elif b != BID_BOARD and (b < 0x81 or b - 0x80 >= size):
                return False
        if phase == PHASE_BID or passes == 4:
            # Bidding, or the all-pass hand (over at once): every hand full, nothing played,
            # nothing scored for this hand.
            if (nb == 4) != (passes == 4) or held != 4 * size or (passes == 4 and (
                    phase != PHASE_HAND_OVER or buf[25] | buf[26] | buf[27] | buf[28])):
                return False
            for p in range(4):
                if buf[29 + p] != size:
                    return False
            return True
        if nb != 4:
            return False
        trump = NO_TRUMP if up >> 4 == _JOKER else up >> 4
        # Replay the completed tricks to learn who holds how many cards and who won what.
        for i in range(8):
            seen[i] = 0  # seen[p] = cards seat p has played, seen[4 + p] = tricks won
        leader = _first_leader(buf, 17, dealer)
        off = _HDR + held + ts
        for t in range(pn >> 2):
            for i in range(4):
                seen[(leader + i) & 3] += 1
            leader = _trick_winner(buf, off + 4 * t, leader, trump)
            seen[4 + leader] += 1
        for i in range(ts):
            seen[(leader + i) & 3] += 1
        for p in range(4):
            if buf[29 + p] + seen[p] != size:
                return False
        if phase == PHASE_PLAY:
            return held > 0
        if held or ts or (phase == PHASE_GAME_OVER) != (dn == deals - 1):
            return False
        for t in range(2):
            if get16(buf, 25 + 2 * t) != _team_points(
                    buf[17 + t], _board_level(buf, 17, dealer, t), buf[19 + t],
                    _board_level(buf, 17, dealer, t + 2), seen[4 + t] + seen[6 + t], size):
                return False
        return True
