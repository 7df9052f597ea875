# Back Alley bots: the seat's view of the game and the bit helpers every brain module shares.
#
# BackAlleyView.read(game) is the only code of the computer players that touches the game: it
# copies what the seat to move can know (own hand, hand sizes, the cards played this hand with
# who played them, bids, board levels, tricks, scores, up-card, dealer, options) into the view's
# own buffers; the brain reads only the view (fair play by construction).
#
# Cards inside the brain are (suit, power) pairs kept as bitmasks: suit 0..3 where both jokers
# belong to the trump suit, power 2..14 (ace 14), Little Blooper 15, Big Blooper 16.
from engine.common import NO_CARD  # (not engine.cards: a module less at Back Alley's start)

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
    # each byte from a smaller one (no bit-by-bit loop: Back Alley's start runs this)
    hb = bytearray(256)
    lb = bytearray(256)
    pc = bytearray(256)
    pc[1] = 1
    for m in range(2, 256):
        hb[m] = hb[m >> 1] + 1
        pc[m] = pc[m >> 1] + (m & 1)
        lb[m] = hb[m & -m]
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


# Normal's sure-trick estimate for its bids (a method of the brain: BackAlleyKnow binds it)
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


# ---- the 1-card deal's bidding (Normal, Hard), functions of the brain b. The bids
# tell a lot: a seat that passed holds no board card (a trump from the 4 up, a side ace: what
# Hard bid board with before; the reference, tools/ai/ref_backalley.py, infers the same), a board
# bidder (bid 0xC0) holds one, and (Hard) after our pass a later seat holding one bids board.
# (Literals: with const imported here the 64-bit device table measured 0.9 KB more.)


def deal(b):
    """A 1-card world: each other seat a random unseen card that fits its bid (the seats
    that bid, before us, first: a uniform deal given the bids)."""
    wm = b.wm
    me = b.me
    for i in range(16):
        wm[i] = 0
    for s in range(4):
        wm[me * 4 + s] = b.mine[s]
    for i in range(3, 0, -1):
        q = (me + i) & 3
        x = b.obs.bids[q]
        t = 0
        while True:
            # a slot of 4 suits x 17 powers: an unseen card not dealt yet, kept if it fits
            r = b.rng.next30() % 68
            s = r & 3
            r = 1 << (r >> 2)
            if b.uns[s] & r and not (wm[s] | wm[4 + s] | wm[8 + s] | wm[12 + s]) & r:
                t += 1
                k = 4 if s == b.tr else 14
                if not x or t > 40 or (x == 0xC0) == (r >> k > 0):
                    wm[q * 4 + s] = r
                    break


def passed(b):
    """1-card deal, no board yet, we pass: the first later seat with a board card bids it
    and leads. Our points minus theirs, + 20; 255: none does (a redeal)."""
    me = b.me
    q = me
    while q != b.obs.dealer:
        q = (q + 1) & 3
        for s in range(4):
            if b.wm[q * 4 + s] >> (4 if s == b.tr else 14):
                b._load_world()
                b._sim_start(q)
                b.board[q] = 1
                b._playout()
                b.board[q] = 0
                a = 1 if b.swon[me] + b.swon[me ^ 2] else 0
                if (q ^ me) & 1:
                    return 20 + a - _team_points(0, 1, 1 - a, 1)
                return 19 + a + _team_points(0, 1, a, 1)
    return 255


def doubled(b, a):
    """1-card deal, we bid board (a: our tricks if not doubled): the first later opponent
    with the ace of trumps or a blooper doubles it and leads, as the reference's model of
    him does (without it Hard boarded 18 points more often). 2 / 3: doubled, we fail / make."""
    me = b.me
    q = me
    while q != b.obs.dealer:
        q = (q + 1) & 3
        if (q ^ me) & 1 and b.tr >= 0 and b.wm[q * 4 + b.tr] >> 14:
            b._load_world()
            b._sim_start(q)
            b.board[q] = 1
            b._playout()
            b.board[q] = 0
            return 3 if b.swon[me] + b.swon[me ^ 2] else 2
    return a
