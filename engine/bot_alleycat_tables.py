# Alley Cat computer player, shared part: the lookup tables and the per-seat view.
#
# Cards inside the brain are rank indices 0..26 (A♠ A♣ 2♠ 2♣ ... 5♠ 5♣ 5♦ 6♠ ... K♣; the alley
# cat is index 10), so "a beats b" is a > b. Tables (built once at import, bytes):
#   CODE/IDX  rank index <-> card code;  VAL  card value for scoring;  RET  value of keeping a card
#   FS[a*27+b]  a trick (lead a, follow b) for the follower, quarter points + tempo, offset 128
#   FU          FS minus the value of keeping b;  ORDER[a*27+j]  the j-th best reply to a by FU
#   BINOM[n*7+k]  C(n, k);  LEAD[a]  playout lead value of a against a random 5-card hand
# AlleyCatView.read(game) is the only code of the brain that touches the game (fair play).
from engine.common import const

_N = const(27)
_CAT = const(10)      # rank index of the 5♦
_NONE = const(255)
_OFF = const(128)     # offset of the signed byte tables
_TEMPO4 = const(12)   # staying the follower is worth 3 points (quarter points)


def _build():
    code = bytearray(_N)   # rank index -> card code
    idx = bytearray(b"\xff" * 64)  # card code -> rank index
    val = bytearray(_N)
    i = 0
    for r in range(1, 14):
        for c in ((3 << 4) | r, r, 0x15):
            if c == 0x15 and r != 5:
                continue
            code[i] = c
            idx[c] = i
            val[i] = r
            i += 1
    # Keeping a card is worth something: high cards win tricks or dump cheaply later, and the
    # alley cat can be dumped on a high lead for the leader's loss.
    ret = bytearray(_N)
    for i in range(_N):
        ret[i] = val[i]  # quarter points: a king is worth 3.25 kept
    ret[_CAT] = 12
    fs = bytearray(_N * _N)
    fu = bytearray(_N * _N)
    order = bytearray(_N * _N)
    for a in range(_N):
        for b in range(_N):
            d = val[a] - val[b]
            if d < 0:
                d = -d
            cat = a == _CAT or b == _CAT
            fwin = b > a
            if cat:
                swing = -d if fwin else d
                stays = fwin          # the cat trick's winner draws, its loser leads
            else:
                swing = d if fwin else -d
                stays = not fwin      # the loser draws and follows again
            s = 4 * swing + (_TEMPO4 if stays else -_TEMPO4)
            fs[a * _N + b] = _OFF + s
            fu[a * _N + b] = _OFF + s - ret[b]
        # follower's replies to lead a, best first (ties: the lower card)
        row = list(range(_N))
        row.sort(key=lambda b: (-fu[a * _N + b], b))
        for j in range(_N):
            order[a * _N + j] = row[j]
    binom = []
    for n in range(_N + 1):
        for k in range(7):
            x = 1
            for t in range(k):
                x = x * (n - t) // (t + 1)
            binom.append(x if k <= n else 0)
    # Playout leads without card counting: the value of leading a against a random 5-card hand
    # from the other 26 cards (the Normal formula with nothing seen), minus keeping a.
    lead = bytearray(_N)
    m = 5
    for a in range(_N):
        e = 0
        j = 0
        for t in range(_N):
            b = order[a * _N + t]
            if b == a:
                continue
            e += (fs[a * _N + b] - _OFF) * binom[(_N - 2 - j) * 7 + m - 1]
            j += 1
        lead[a] = _OFF - (e // binom[(_N - 1) * 7 + m]) - ret[a]
    return (bytes(code), bytes(idx), bytes(val), bytes(ret), bytes(fs), bytes(fu), bytes(order),
            tuple(binom), bytes(lead))


CODE, IDX, VAL, RET, FS, FU, ORDER, BINOM, LEAD = _build()
del _build  # run once: let the board's heap have its bytecode back


class AlleyCatView:
    """What the seat to move knows; read(game) is the only access to the game."""

    def __init__(self):
        self.buf = bytearray(16)
        self.hand = bytearray(6)      # own cards, rank indices ascending
        self.hand_n = 0
        self.opp_n = 0
        self.stock_n = 0
        self.lead = _NONE             # rank index of the card led to me, _NONE if I lead
        self.hist = bytearray(_N)     # cards played this round (rank indices), play order
        self.hist_me = bytearray(_N)  # 1 if I played it
        self.hist_n = 0
        self.score_me = 0
        self.score_op = 0
        self.rp_me = 0
        self.rp_op = 0
        self.target = 44
        self.as_captured = False
        self.me_dealer = False

    def read(self, g):
        p = g.turn
        o = 1 - p
        n = g.hand(p, self.buf)
        h = self.hand
        for i in range(n):  # insertion sort by rank: the view does not depend on hand order
            c = IDX[self.buf[i]]
            j = i
            while j > 0 and h[j - 1] > c:
                h[j] = h[j - 1]
                j -= 1
            h[j] = c
        self.hand_n = n
        self.opp_n = g.hand_size(o)
        self.stock_n = g.stock_size()
        self.lead = IDX[g.trick_card(0)] if g.trick_size == 1 else _NONE
        hn = g.history_size
        for i in range(hn):
            self.hist[i] = IDX[g.history_card(i)]
            self.hist_me[i] = 1 if g.history_seat(i) == p else 0
        self.hist_n = hn
        self.score_me = g.score(p)
        self.score_op = g.score(o)
        self.rp_me = g.round_points(p)
        self.rp_op = g.round_points(o)
        self.target = g.target
        self.as_captured = g.as_captured
        self.me_dealer = g.dealer == p

    def digest(self):
        """24-bit hash of the whole observation."""
        h = 0x1234
        for i in range(self.hand_n):
            h = ((h * 33) ^ self.hand[i]) & 0xFFFFFF
        for i in range(self.hist_n):
            h = ((h * 33) ^ (self.hist[i] + 32 * self.hist_me[i])) & 0xFFFFFF
        h = ((h * 33) ^ self.lead) & 0xFFFFFF
        h = ((h * 33) ^ (self.opp_n + 8 * self.stock_n)) & 0xFFFFFF
        h = ((h * 33) ^ (self.score_me & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.score_op & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.rp_me & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.rp_op & 0x3FF)) & 0xFFFFFF
        h = ((h * 33) ^ (self.target + (256 if self.as_captured else 0)
                         + (512 if self.me_dealer else 0))) & 0xFFFFFF
        return h


