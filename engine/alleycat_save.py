# Alley Cat's card order and save format: save(), load() and the checks behind load() and
# is_consistent() (engine/alleycat.py makes them AlleyCat's methods; apart so that neither module is
# big to compile on a board).
#
# Save format v1 (framing: engine/common.py; everything else is re-derived on load by replaying
# the gone pile):
#   0-1 b'AC', 2 version 1, 3 n, 4 phase, 5 target, 6 flags (bit0 as_captured),
#   7 dealer + 1, 8 table card (NO_CARD if the table is empty), 9-10 hand_n, 11 stock cards,
#   12 gone_n, 13 last_drawn, 14-17 scores (int16 LE), 18-21 Rng,
#   22.. hand 0, hand 1, stock (top first), gone (play order), then parity and checksum16.
from engine.common import (
    const, OK, LOAD_BAD_DATA, put16, get16, seal, unseal, SCRATCH, NO_CARD, ALLEY_CAT,
)

# the phases (engine/alleycat.py's PHASE_*; const() names are private to each module)
_PLAY = const(1)
_GAME_OVER = const(3)
_HDR = const(22)  # first card byte in a save
ALL = const(0x7FFFFFF)  # the 27-bit mask of the whole deck

# The 27 cards low -> high: A♠ A♣ 2♠ 2♣ ... 5♠ 5♣ 5♦ 6♠ ... K♠ K♣ (a card's value: its rank).
DECK = b"1\x012\x023\x034\x045\x05\x156\x067\x078\x089\t:\n;\x0b<\x0c=\r"
# IDX[c]: position of card c (< 64) in DECK, 255 = not an Alley Cat card.
IDX = (b"\xff\x01\x03\x05\x07\t\x0c\x0e\x10\x12\x14\x16\x18\x1a\xff\xff\xff\xff\xff\xff\xff\n"
       b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
       b"\xff\xff\xff\xff\xff\xff\xff\x00\x02\x04\x06\x08\x0b\r\x0f\x11\x13\x15\x17\x19\xff\xff")


def mask(n, i, j):
    """Bit mask of the cards seq[i:j] (bit = ranking position); -1 if one of them is not an
    Alley Cat card or comes twice."""
    m = 0
    for k in range(i, j):
        c = n[k]
        if type(c) is not int or c < 0 or c > 63 or IDX[c] > 26 or m & (1 << IDX[c]):
            return -1
        m |= 1 << IDX[c]
    return m


def decided(c, i, target, as_captured):
    """Seat that has won with these scores, or -1. As captured: the first to reach the target
    (only one seat scores per trick, so at most one is there). End of round: the higher total
    once someone has the target; equal totals play on."""
    if as_captured:
        if c >= target:
            return 0
        return 1 if i >= target else -1
    if (c < target and i < target) or c == i:
        return -1
    return 0 if c > i else 1


def save(self, buf):
    buf[4] = self.phase
    buf[5] = self.target
    buf[6] = 1 if self.as_captured else 0
    buf[7] = self.dealer + 1
    buf[8] = self.table[0] if self.trick_size else NO_CARD
    buf[9] = self.hand_n[0]
    buf[10] = self.hand_n[1]
    buf[11] = 15 - self.stock_top
    buf[12] = self.gone_n
    buf[13] = self.last_drawn
    put16(buf, 14, self._score[0])
    put16(buf, 16, self._score[1])
    self.rng.save(buf, 18)
    k = _HDR
    for p in range(2):
        for i in range(self.hand_n[p]):
            buf[k] = self.hands[p * 6 + i]
            k += 1
    for i in range(self.stock_top, 15):
        buf[k] = self.stock[i]
        k += 1
    for i in range(self.gone_n):
        buf[k] = self.gone[i]
        k += 1
    return seal(buf, 0x4143, k)

def load(self, buf):
    n = unseal(buf, 0x4143, _HDR + 3)
    if n < _HDR:
        return n  # a LOAD_* code
    # check validates everything, then (mode 1) installs it.
    return OK if check(self, buf, n, 1) else LOAD_BAD_DATA

def is_consistent(self):
    """True if the live state is one load() would accept and re-derive unchanged
    (for the bots after editing a copy, and for tests)."""
    s = SCRATCH
    return (check(self, s, self.save(s), 2)
            and self.history_size == self.gone_n + self.trick_size
            and self.trick_size == (1 if self.table[0] else 0) and self.table[1] == 0)

def check(self, buf, n, mode):
    """True if buf (a save of length n, framing checked) holds a state this game can be in.
    Replays the gone pile to re-derive who led, won, scored and drew; then mode 0 leaves
    the game alone, mode 1 (load) installs the state and those derived fields, mode 2
    (is_consistent) answers whether the live ones equal them."""
    # Short names (interned once, shared): e as_captured, c table card, x/y hand sizes,
    # s stock size, g gone_n, d last_drawn, u/v scores; derived: j last_leader, r last_winner,
    # q last_drawer, p/z round points, f last_points, h lead_bits, t "the Alley Cat is in it".
    phase = buf[4]
    target = buf[5]
    e = buf[6]
    dealer = buf[7] - 1
    c = buf[8]
    x = buf[9]
    y = buf[10]
    s = buf[11]
    g = buf[12]
    d = buf[13]
    u = get16(buf, 14)
    v = get16(buf, 16)
    leader = turn = w = j = r = q = -1
    p = z = f = h = 0
    if (phase > _GAME_OVER or target < 1 or e > 1 or dealer > 1 or x > 6 or y > 6
            or s > 15 or g > 27 or g & 1 or n != _HDR + x + y + s + g + 3
            or not (buf[18] | buf[19] | buf[20] | buf[21])):  # xorshift's dead state
        return False
    if phase == 0:  # not started: nothing dealt, nothing scored
        if dealer >= 0 or c | x | y | s | g | d | u | v:
            return False
    else:
        if dealer < 0 or (c and phase != _PLAY):
            return False
        # Every card exactly once across hands, stock, gone and the table.
        m = mask(buf, _HDR, n - 3)
        t = mask(buf, 8, 9) if c else 0
        if m < 0 or t < 0 or m & t or m | t != ALL:
            return False
        # Replay the completed tricks (pairs in play order) from the deal.
        c0 = c1 = 6  # cards held by seat 0 and 1, and left in the stock
        stock = 15
        leader = 1 - dealer
        tricks = g >> 1
        off = n - 3 - g
        for k in range(tricks):
            a = buf[off + 2 * k]
            b = buf[off + 2 * k + 1]
            c0 -= 1
            c1 -= 1
            j = leader
            if j:
                h |= 1 << k
            r = j if IDX[a] > IDX[b] else 1 - j
            t = a == ALLEY_CAT or b == ALLEY_CAT
            f = abs((a & 15) - (b & 15))
            if t:
                f = -f
            if r:
                z += f
            else:
                p += f
            stop = c0 == 0 or c1 == 0
            q = -1
            if k == tricks - 1 and phase != _PLAY:
                # The round- or game-ending trick: nobody draws after it.
                if not stop and not (e and phase == _GAME_OVER):
                    return False
            elif stop:  # a round goes on after its last trick
                return False
            elif stock:
                q = r if t else 1 - r
                stock -= 1
                if q:
                    c1 += 1
                else:
                    c0 += 1
            leader = 1 - r if t else r
        if phase == _PLAY:
            turn = leader
            if c:
                if leader:
                    c1 -= 1
                else:
                    c0 -= 1
                turn = 1 - leader
        else:
            if not tricks:
                return False
            leader = -1
            turn = -1
        if c0 != x or c1 != y or stock != s or (e and u >= target and v >= target):
            return False
        w = decided(u, v, target, e)
        if (phase == _GAME_OVER) != (w >= 0) or (e and w >= 0 and r != w):
            return False
        # last_drawn: the card last_drawer took, still in that hand or on the table from it.
        if q < 0:
            if d:
                return False
        else:
            m = d and c == d and leader == q
            off = _HDR + (x if q else 0)
            for i in range(y if q else x):
                if buf[off + i] == d:
                    m = True
            if not m:
                return False
    if mode == 2:
        return (leader == self.leader and turn == self.turn and w == self.winner
                and j == self.last_leader and r == self.last_winner
                and q == self.last_drawer and p == self._round_pts[0]
                and z == self._round_pts[1] and f == self.last_points
                and h == self.lead_bits)
    if mode:
        self.leader = leader
        self.turn = turn
        self.winner = w
        self.last_leader = j
        self.last_winner = r
        self.last_drawer = q
        self._round_pts[0] = p
        self._round_pts[1] = z
        self.last_points = f
        self.lead_bits = h
        # Everything checked: install the saved state.
        self.phase = phase
        self.target = target
        self.as_captured = e == 1
        self.dealer = dealer
        self.table[0] = c
        self.table[1] = NO_CARD
        self.trick_size = 1 if c else 0
        self.last_drawn = d
        self._score[0] = u
        self._score[1] = v
        self.rng.load(buf, 18)
        self.hand_n[0] = x
        self.hand_n[1] = y
        for i in range(12):
            self.hands[i] = NO_CARD
        for i in range(x):
            self.hands[i] = buf[_HDR + i]
        for i in range(y):
            self.hands[6 + i] = buf[_HDR + x + i]
        k = _HDR + x + y
        # The stock sits at the bottom of its buffer; the drawn-history part is left zero.
        self.stock_top = 15 - s
        for i in range(15):
            self.stock[i] = buf[k + i - 15 + s] if i >= 15 - s else NO_CARD
        k += s
        for i in range(27):
            self.gone[i] = buf[k + i] if i < g else NO_CARD
        self.gone_n = g
        self.history_size = g + self.trick_size
        self.last_trick[0] = buf[k + g - 2] if g else NO_CARD
        self.last_trick[1] = buf[k + g - 1] if g else NO_CARD
    return True
