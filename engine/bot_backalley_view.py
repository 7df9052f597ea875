# Back Alley bots: the seat's view of the game and the bit helpers every brain module shares.
#
# BackAlleyView.read(game) is the only code of the computer players that touches the game: it
# copies what the seat to move can know (own hand, hand sizes, the cards played this hand with
# who played them, bids, board levels, tricks, scores, up-card, dealer, options) into the view's
# own buffers; the brain reads only the view (fair play by construction).
#
# Cards inside the brain are (suit, power) pairs kept as bitmasks: suit 0..3 where both jokers
# belong to the trump suit, power 2..14 (ace 14), Little Blooper 15, Big Blooper 16.
from engine.common import const
from engine.cards import NO_CARD

class BackAlleyView:
    """Everything the seat to move can see, copied out of the game (nothing hidden)."""

    def __init__(self):
        self.seat = -1
        self.phase = 0
        self.n = 0            # cards per hand this deal
        self.deals = 25
        self.deal_number = 0
        self.strict = False
        self.dealer = 0
        self.upcard = NO_CARD
        self.trump = 15  # no trump
        self.hand = bytearray(16)
        self.hn = 0
        self.moves = bytearray(16)
        self.nmoves = 0
        self.hsz = bytearray(4)
        self.bids = bytearray(4)
        self.levels = bytearray(4)
        self.won = bytearray(4)
        self.scores = [0, 0]
        self.hist_c = bytearray(52)
        self.hist_s = bytearray(52)
        self.hist_n = 0
        self.tsize = 0        # cards of the current trick: the last tsize history entries
        self.leader = -1

    def read(self, game):
        p = game.turn
        self.seat = p
        self.phase = game.phase
        self.n = game.cards_per_hand
        self.deals = game.deals
        self.deal_number = game.deal_number
        self.strict = game.strict
        self.dealer = game.dealer
        self.upcard = game.upcard
        self.trump = game.trump
        self.hn = 0
        self.nmoves = 0
        if p < 0:
            return
        self.hn = game.hand(p, self.hand)
        self.nmoves = game.legal_moves(self.moves)
        for q in range(4):
            self.hsz[q] = game.hand_size(q)
            self.bids[q] = game.bid(q)
            self.levels[q] = game.board_level(q)
            self.won[q] = game.tricks(q)
        self.scores[0] = game.team_score(0)
        self.scores[1] = game.team_score(1)
        k = game.history_size
        self.hist_n = k
        for i in range(k):
            self.hist_c[i] = game.history_card(i)
            self.hist_s[i] = game.history_seat(i)
        self.tsize = game.trick_size
        self.leader = game.leader

    def digest(self):
        """A 24-bit hash of the whole view (for reseeding)."""
        h = self.seat * 7 + self.phase * 3 + self.n
        h = ((h * 33) ^ self.dealer) & 0xFFFFFF
        h = ((h * 33) ^ self.upcard) & 0xFFFFFF
        h = ((h * 33) ^ self.deal_number) & 0xFFFFFF
        for i in range(self.hn):
            h = ((h * 33) ^ self.hand[i]) & 0xFFFFFF
        for q in range(4):
            h = ((h * 33) ^ self.bids[q]) & 0xFFFFFF
        for i in range(self.hist_n):
            h = ((h * 33) ^ (self.hist_c[i] + (self.hist_s[i] << 7))) & 0xFFFFFF
        h = ((h * 33) ^ (self.scores[0] & 0xFFFF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.scores[1] & 0xFFFF)) & 0xFFFFFF
        return h


def _make_tables():
    hb = bytearray(256)
    lb = bytearray(256)
    pc = bytearray(256)
    for m in range(1, 256):
        i = 7
        while not (m >> i) & 1:
            i -= 1
        hb[m] = i
        i = 0
        while not (m >> i) & 1:
            i += 1
        lb[m] = i
        pc[m] = pc[m >> 1] + (m & 1)
    return hb, lb, pc


_HB, _LB, _PC = _make_tables()
del _make_tables  # (used once: its code need not stay on the heap)


def _hi(m):
    """Index of the highest set bit (m > 0, m < 2**17)."""
    if m >= 256:
        if m >= 65536:
            return 16
        return 8 + _HB[m >> 8]
    return _HB[m]


def _lo(m):
    """Index of the lowest set bit (m > 0)."""
    if m & 255:
        return _LB[m & 255]
    if m & 0xFF00:
        return 8 + _LB[(m >> 8) & 255]
    return 16


def _cnt(m):
    return _PC[m & 255] + _PC[(m >> 8) & 255] + (m >> 16)


def _team_points(contract, board, tricks, n):
    """contract: numeric team contract; board: team board level (0 none)."""
    if board:
        if tricks == n:
            return 10 * n * board
        return -10 * n * board
    if tricks >= contract:
        return 4 * contract + tricks
    return -5 * contract

# ---- the 1-card deal's bidding (Normal, Hard; issue 17), functions of the brain b ----------
# With one card each the bids tell a lot: a seat that passed holds no card it would bid board
# with, a seat that bid board holds one (a trump from _ONE_TR up, a side ace: what Hard bid
# board with before issue 17; the reference of tools/ref_backalley.py infers the same), and
# (Hard) after our pass a later seat holding one bids board rather than see a redeal.
_ONE_TR = const(4)
_BOARD = const(0xC0)


def _one_forbid(b):
    """1-card deal: the seats that bid hold a card that fits the bid (pass: no trump
    from _ONE_TR, no side ace; board: one of those), as forbidden cards for the deal."""
    tr = b.tr
    for q in range(4):
        x = b.obs.bids[q]
        if q == b.me or not x:
            continue
        for s in range(4):
            if x == _BOARD:
                f = 0x1FFFF if s != tr else (1 << _ONE_TR) - 1
                if s != tr:
                    f &= ~(1 << 14)
            elif s == tr:
                f = 0x1FFFF & ~((1 << _ONE_TR) - 1)
            else:
                f = 1 << 14
            b.forb[q * 4 + s] = f
            b.fany[s] |= f


def _deal1(b):
    """A 1-card world: each other seat gets a random card it may hold (forb: the bids
    made), the seats that bid board first (the fewest cards fit)."""
    wm = b.wm
    me = b.me
    for i in range(16):
        wm[i] = 0
    for s in range(4):
        wm[me * 4 + s] = b.mine[s]
    for ps in range(2):
        for i in range(1, 4):
            q = (me + i) & 3
            if (b.obs.bids[q] == _BOARD) != (ps == 0):
                continue
            for try_forb in range(2):
                k = 0
                for s in range(4):
                    m = b.uns[s] & ~(wm[s] | wm[4 + s] | wm[8 + s] | wm[12 + s])
                    if try_forb == 0:
                        m &= ~b.forb[q * 4 + s]
                    k += _cnt(m)
                if k:
                    break
            r = b.rng.below(k)
            for s in range(4):
                m = b.uns[s] & ~(wm[s] | wm[4 + s] | wm[8 + s] | wm[12 + s])
                if try_forb == 0:
                    m &= ~b.forb[q * 4 + s]
                c = _cnt(m)
                if r < c:
                    while r:
                        m &= m - 1
                        r -= 1
                    wm[q * 4 + s] = m & -m
                    break
                r -= c


def _one_pass(b, x, redeal):
    """The value of our pass in a world where _one_later gave x (redeal: a redeal's)."""
    if x == 255 or b.level != 2:
        return redeal
    a = x & 1
    if x & 2:
        return b.value(_team_points(0, 1, a, 1) - (1 - a))
    return b.value(a - _team_points(0, 1, 1 - a, 1))


def _one_later(b):
    """1-card deal, nobody has bid board: the first seat after us with a board card
    bids it (and leads). 255: none (all pass: a redeal), else 2 if it is our side,
    + 1 if our side takes the trick."""
    me = b.me
    wm = b.wm
    last = (b.obs.dealer + 4) & 3
    q = me
    while q != last:
        q = (q + 1) & 3
        x = 0
        for s in range(4):
            # a board card: a trump from _ONE_TR, a side ace
            m = wm[q * 4 + s]
            if m:
                x = _hi(m) >= _ONE_TR if s == b.tr else _hi(m) == 14
        if x:
            b._load_world()
            b._sim_start(q)
            b.board[q] = 1
            b._playout()
            b.board[q] = 0
            a = 1 if b.swon[me] + b.swon[me ^ 2] else 0
            return (2 if (q ^ me) & 1 == 0 else 0) | a
    return 255
