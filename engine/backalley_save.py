"""Back Alley's save format: save() and load() with its checks (engine/backalley.py makes them
BackAlley's methods). A save holds the core state; load() checks it all, installs it and lets
rebuild() derive the rest.
"""
from engine.common import const, OK, LOAD_BAD_DATA, put16, get16, seal, unseal, is_card
from engine.backalley_rules import (
    PHASE_BID, PHASE_PLAY, PHASE_HAND_OVER, PHASE_GAME_OVER, BID_PASS, BID_BOARD, NO_TRUMP,
    _trick_winner, _first_leader, _team_points, _size,
)

_JOKER = const(4)
_HDR = const(35)          # bytes before the card lists in a save


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

def valid(self, buf, n):
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
