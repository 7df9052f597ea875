# Back Alley's rules tables and derived state (engine/backalley.py makes rebuild() and
# _account_trick() BackAlley's methods).
#
# Internal state (for the computer players, who copy a game and re-deal hidden cards):
#
#   Core state (saved; everything else is derived from it by rebuild()):
#     started        False until the first start()
#     phase          PHASE_BID / PHASE_PLAY / PHASE_HAND_OVER / PHASE_GAME_OVER
#     dealer         seat 0..3 (-1 before start)
#     deal_number    0-based, all-pass redeals not counted
#     redeals        all-pass hands so far this game (saturates at 0xFFFF)
#     upcard         the turned card; discarded: the other joker if it was dealt and thrown away
#     bids[4]        move code per seat (0 = not bid yet)
#     hands[52]      seat p holds hands[13*p : 13*p + hand_n[p]], in dealt order (a replacement
#                    card takes the discarded joker's slot); removing a card shifts the rest down
#     hand_n[4]      cards held per seat
#     table[4]       cards of the current trick in play order, trick_size of them; seat of
#                    table[i] is (leader + i) & 3
#     played[52]     completed tricks of this hand, 4 cards each in play order, played_n in all
#     scores[2]      team_score per team; points[2]: hand_points (last finished hand)
#   Derived (rebuild() recomputes them from the core state):
#     cards_per_hand, trump (suit, or NO_TRUMP), levels[4] (board level per seat), n_bids,
#     trick_leads[13] (who led each completed trick), won[4] (tricks per seat this hand),
#     broken (a trump was played to a completed trick), trumped[4] (seat played a trump to a
#     completed trick: the strict lead rule), leader, turn, last_leader / last_trick[4] /
#     last_winner, winner, undealt[undealt_n] (cards nobody can see: not in a hand, on the table,
#     played, the up-card or the discarded joker; in ascending card-code order).
#   History (public: every card played this hand, in order): history_size = played_n +
#     trick_size (kept up to date); history_card(i) / history_seat(i) read played[] then table[],
#     the seat coming from trick_leads[] (completed tricks) or leader (the current trick).
#   Re-dealing hidden cards in a copy: swap cards between hands[] slots of other seats and
#   undealt[] (keep hand_n); nothing derived depends on which hidden card sits where.
#   Scratch: seen[80] (the dealing order of a deal, or flags per card code).
from engine.common import const, NO_CARD

# The same values as engine/backalley.py's (const() inlines them where they are declared).
PHASE_BID = const(0)
PHASE_PLAY = const(1)
PHASE_HAND_OVER = const(2)
PHASE_GAME_OVER = const(3)

BID_PASS = const(0x80)
BID_BOARD = const(0xC0)
NO_TRUMP = const(15)

_JOKER = const(4)


# _HIGH[c]: rank of card c for comparing within a suit: 2..13, ace 14, Little Blooper 15,
# Big Blooper 16 (a table: cheaper than a function, in heap and in time).
_HIGH = (b"\x00\x0e\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x00\x0e\x02"
         b"\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x00\x0e\x02\x03\x04\x05"
         b"\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x00\x0e\x02\x03\x04\x05\x06\x07\x08"
         b"\x09\x0a\x0b\x0c\x0d\x0e\x0f\x0e\x0f\x10")

# every card code in ascending order (the unshuffled deck; undealt[]'s order)
_DECK = (b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x11\x12\x13\x14\x15"
         b"\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x21\x22\x23\x24\x25\x26\x27\x28\x29\x2a"
         b"\x2b\x2c\x2d\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b\x3c\x3d\x41\x42")


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


def rebuild(self):
    """Recompute every derived field from the core state (see the module docstring)."""
    self.cards_per_hand = _size(self.deals, self.deal_number)
    n = self.upcard
    self.trump = NO_TRUMP if n == NO_CARD or n >> 4 == _JOKER else n >> 4
    b = self.bids
    h = self.hands
    q = self.played
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
            h[13 * p + i] = NO_CARD
    for i in range(self.played_n, 52):
        q[i] = NO_CARD
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
        seen[h[i]] = 1
        seen[q[i]] = 1
        if i < 4:
            seen[self.table[i]] = 1
    k = 0
    for c in _DECK:
        if not seen[c]:
            self.undealt[k] = c
            k += 1
    self.undealt_n = k


def account_trick(self):
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
