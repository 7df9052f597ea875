"""Alley Cat rules engine (2 players, 27 cards), allocation-free after construction.

Rules: shared/RULES.md "Alley Cat"; public names: shared/ENGINE_API.md.

Internal state (all created in __init__; the bot writer may edit a copy directly):
  hands      bytearray(12): seat p holds hands[6*p : 6*p + hand_n[p]] (a hand never exceeds 6),
             in dealt/drawn order; playing a card shifts the rest down.
  hand_n     bytearray(2): cards held per seat.
  stock      bytearray(15): the round's stock in draw order; the cards still there are
             stock[stock_top : 15], stock[stock_top] is the top (next drawn). Cards below
             stock_top were drawn already (history only, nothing reads them).
  stock_top  int 0..15.
  table      bytearray(2): the current trick in play order; trick_size 0..1 between calls
             (a trick resolves the moment its second card lands, then the table is cleared).
  gone       bytearray(27): cards of completed tricks this round in play order, pairs
             gone[2k], gone[2k+1] = trick k (its leader's card first); gone_n cards.
  _score, _round_pts  2-item int lists (game score, points taken this round).
  dealer, leader, turn, phase, winner, trick_size, last_leader, last_winner, last_points,
  last_drawer, last_drawn   plain ints (see ENGINE_API.md). leader and turn are -1 when
  nobody is to lead/move (not started, round over, game over).
  last_trick bytearray(2): last completed trick in play order (NO_CARD when none yet).
  target, as_captured, rng (engine.rng.Rng).
  lead_bits  int: bit k = seat that led completed trick k this round (14 tricks at most), so
             the gone pile plus the table tell who played every card (history accessors).
  history_size  int: gone_n + trick_size, kept up to date (public attribute).
  (scratch: engine.common.SCRATCH holds the deal order of a deck, or a save made by
  is_consistent() / copy_from().)
Every one of the 27 cards is in exactly one of: a hand, the stock (from stock_top), the table,
gone. Re-dealing hidden cards = permuting the opponent's hand slots together with
stock[stock_top:15]; keep hand_n unchanged. is_consistent() checks a state after such edits
(it also wants last_drawn, the card last_drawer drew, to still be in that seat's hand or on the
table as that seat's card).

Facts of these rules worth knowing (tests check them): after t tricks with a draw the hands
hold 12 - t cards, so a round has at most 10 draws and the stock never runs dry (>= 5 left);
the next follower is always the seat that just drew, so a round always ends with the leader
playing their last card. The engine still handles both cases generically.
Extras beyond the API: rank_index(c), is_consistent().
History (what a person at the table saw played this round; for the computer players):
  history_size        number of cards played this round: completed tricks and the table.
  history_card(i)     i-th card played this round in play order (NO_CARD past the end).
  history_seat(i)     seat that played it (-1 past the end).
Draws are not part of the history (the opponent's draws are hidden).

Save format v1 (framing: engine/common.py; everything else is re-derived on load by replaying
the gone pile):
  0-1 b'AC', 2 version 1, 3 n, 4 phase, 5 target, 6 flags (bit0 as_captured),
  7 dealer + 1, 8 table card (NO_CARD if the table is empty), 9-10 hand_n, 11 stock cards,
  12 gone_n, 13 last_drawn, 14-17 scores (int16 LE), 18-21 Rng,
  22.. hand 0, hand 1, stock (top first), gone (play order), then parity and checksum16.
"""
# OK / ERR_* are re-exported: the API promises them importable from this module.
from engine.common import (  # noqa: F401
    const, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE, LOAD_BAD_DATA,
    put16, get16, seal, unseal, SCRATCH, CardGame,
    NO_CARD, ALLEY_CAT, is_card, Rng,
)

PHASE_PLAY = const(1)  # 0: constructed, start() not called yet
PHASE_ROUND_OVER = const(2)
PHASE_GAME_OVER = const(3)

_HDR = const(22)  # first card byte in a save
_ALL = const(0x7FFFFFF)  # the 27-bit mask of the whole deck

# The 27 cards low -> high: A♠ A♣ 2♠ 2♣ ... 5♠ 5♣ 5♦ 6♠ ... K♠ K♣ (a card's value: its rank).
_DECK = b"1\x012\x023\x034\x045\x05\x156\x067\x078\x089\t:\n;\x0b<\x0c=\r"
# _IDX[c]: position of card c (< 64) in _DECK, 255 = not an Alley Cat card.
_IDX = (b"\xff\x01\x03\x05\x07\t\x0c\x0e\x10\x12\x14\x16\x18\x1a\xff\xff\xff\xff\xff\xff\xff\n"
        b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
        b"\xff\xff\xff\xff\xff\xff\xff\x00\x02\x04\x06\x08\x0b\r\x0f\x11\x13\x15\x17\x19\xff\xff")


def rank_index(c):
    """0..26 position in the ranking (A♠ lowest), 255 for anything else."""
    return _IDX[c] if 0 <= c < 64 else 255


def _mask(n, i, j):
    """Bit mask of the cards seq[i:j] (bit = ranking position); -1 if one of them is not an
    Alley Cat card or comes twice."""
    m = 0
    for k in range(i, j):
        c = n[k]
        if type(c) is not int or c < 0 or c > 63 or _IDX[c] > 26 or m & (1 << _IDX[c]):
            return -1
        m |= 1 << _IDX[c]
    return m


def _decided(c, i, target, as_captured):
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


class AlleyCat(CardGame):
    GAME_ID = 1  # what Bot(level, seed, game) dispatches on
    def __init__(self, seed=0, target=44, as_captured=False):
        if target < 1 or target > 255:
            raise ValueError("target 1..255")
        self.target = target
        self.as_captured = bool(as_captured)
        self.rng = Rng(seed)
        self.hands = bytearray(12)
        self.hand_n = bytearray(2)
        self.stock = bytearray(15)
        self.stock_top = 15
        self.table = bytearray(2)
        self.trick_size = 0
        self.gone = bytearray(27)
        self.gone_n = 0
        self.lead_bits = 0
        self.history_size = 0
        self._score = [0, 0]
        self._round_pts = [0, 0]
        self.dealer = -1
        self.leader = -1
        self.turn = -1
        self.phase = 0
        self.winner = -1
        self.last_trick = bytearray(2)
        self.last_leader = -1
        self.last_winner = -1
        self.last_points = 0
        self.last_drawer = -1
        self.last_drawn = NO_CARD

    # ---- setting up -------------------------------------------------------------------
    def start(self, dealer=-1, deck=None):
        if dealer != -1 and dealer != 0 and dealer != 1:
            return ERR_BAD_MOVE
        r = self._deal(dealer, deck)
        if r == OK:
            self._score[0] = 0
            self._score[1] = 0
            self.winner = -1
        return r

    def next_round(self, deck=None):
        if self.phase != PHASE_ROUND_OVER:
            return ERR_PHASE
        return self._deal(1 - self.dealer, deck)

    def _deal(self, d, deck):
        """Deal a round with dealer d (-1: cut for it) from deck (None: shuffle); a deck that
        is not a permutation of the 27 cards changes nothing (ERR_BAD_MOVE)."""
        if deck is not None and (len(deck) != 27 or _mask(deck, 0, 27) != _ALL):
            return ERR_BAD_MOVE
        buf = SCRATCH
        for i in range(27):
            buf[i] = _DECK[i]
        if d < 0:
            # Cut: each seat takes a card from a shuffled deck, the lower card deals.
            self.rng.shuffle(buf, 27)
            d = 0 if _IDX[buf[0]] < _IDX[buf[1]] else 1
        self.dealer = d
        for i in range(27):
            buf[i] = _DECK[i] if deck is None else deck[i]
        if deck is None:
            self.rng.shuffle(buf, 27)
        c = 1 - self.dealer
        for i in range(12):
            self.hands[(c if (i & 1) == 0 else self.dealer) * 6 + (i >> 1)] = buf[i]
        self.hand_n[0] = 6
        self.hand_n[1] = 6
        for i in range(15):
            self.stock[i] = buf[12 + i]
        self.stock_top = 0
        self.table[0] = NO_CARD
        self.table[1] = NO_CARD
        self.trick_size = 0
        for i in range(27):
            self.gone[i] = NO_CARD
        self.gone_n = 0
        self.lead_bits = 0
        self.history_size = 0
        self._round_pts[0] = 0
        self._round_pts[1] = 0
        self.last_trick[0] = NO_CARD
        self.last_trick[1] = NO_CARD
        self.last_leader = -1
        self.last_winner = -1
        self.last_points = 0
        self.last_drawer = -1
        self.last_drawn = NO_CARD
        self.leader = c
        self.turn = c
        self.phase = PHASE_PLAY
        return OK

    # ---- moves ------------------------------------------------------------------------
    def legal_moves(self, buf):
        if self.phase != PHASE_PLAY or self.turn < 0:
            return 0
        return self.hand(self.turn, buf)

    def play(self, move):
        if self.phase != PHASE_PLAY:
            return ERR_PHASE
        if type(move) is not int or not is_card(move):
            return ERR_BAD_MOVE
        p = self.turn
        if not self._take(p, move, 1):  # a card of another deck is never held
            return ERR_NOT_IN_HAND
        hand_n = self.hand_n
        self.table[self.trick_size] = move
        self.trick_size += 1
        self.history_size += 1
        if self.trick_size == 1:
            self.turn = 1 - p
            return OK
        # The trick is complete: resolve it, score it, draw, and clear the table.
        i = self.table[0]
        j = self.leader
        k = j if _IDX[i] > _IDX[move] else 1 - j
        n = i == ALLEY_CAT or move == ALLEY_CAT
        s = abs((i & 15) - (move & 15))
        if n:
            s = -s
        self.last_trick[0] = i
        self.last_trick[1] = move
        self.last_leader = j
        self.last_winner = k
        self.last_points = s
        self.last_drawer = -1
        self.last_drawn = NO_CARD
        if j:
            self.lead_bits |= 1 << (self.gone_n >> 1)
        self.gone[self.gone_n] = i
        self.gone[self.gone_n + 1] = move
        self.gone_n += 2
        self.table[0] = NO_CARD
        self.table[1] = NO_CARD
        self.trick_size = 0
        score = self._score
        t = self._round_pts
        t[k] += s
        v = hand_n[0] == 0 or hand_n[1] == 0
        if self.as_captured:
            score[k] += s
        elif v:
            score[0] += t[0]
            score[1] += t[1]
        w = -1
        if self.as_captured or v:
            w = _decided(score[0], score[1], self.target, self.as_captured)
        if w >= 0 or v:
            self.winner = w
            self.phase = PHASE_GAME_OVER if w >= 0 else PHASE_ROUND_OVER
            self.leader = -1
            self.turn = -1
            return OK
        if self.stock_top < 15:
            d = k if n else 1 - k
            c = self.stock[self.stock_top]
            self.stock_top += 1
            self.hands[d * 6 + hand_n[d]] = c
            hand_n[d] += 1
            self.last_drawer = d
            self.last_drawn = c
        self.leader = 1 - k if n else k
        self.turn = self.leader
        return OK

    # ---- read accessors ---------------------------------------------------------------
    def stock_size(self):
        return 15 - self.stock_top

    def score(self, p):
        return self._score[p] if p == 0 or p == 1 else 0

    def round_points(self, p):
        return self._round_pts[p] if p == 0 or p == 1 else 0

    def history_card(self, i):
        """Card i (play order, from 0) played this round, the table included."""
        if 0 <= i < self.gone_n:
            return self.gone[i]
        if i == self.gone_n and self.trick_size:
            return self.table[0]
        return NO_CARD

    def history_seat(self, i):
        """Seat that played history_card(i), -1 past the end."""
        if 0 <= i < self.gone_n:
            return ((self.lead_bits >> (i >> 1)) ^ i) & 1  # the leader, or for i odd the other
        if i == self.gone_n and self.trick_size:
            return self.leader
        return -1

    # ---- copy / save / load -----------------------------------------------------------
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
        # _check validates everything, then (mode 1) installs it.
        return OK if self._check(buf, n, 1) else LOAD_BAD_DATA

    def is_consistent(self):
        """True if the live state is one load() would accept and re-derive unchanged
        (for the bots after editing a copy, and for tests)."""
        s = SCRATCH
        return (self._check(s, self.save(s), 2)
                and self.history_size == self.gone_n + self.trick_size
                and self.trick_size == (1 if self.table[0] else 0) and self.table[1] == 0)

    def _check(self, buf, n, mode):
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
        if (phase > PHASE_GAME_OVER or target < 1 or e > 1 or dealer > 1 or x > 6 or y > 6
                or s > 15 or g > 27 or g & 1 or n != _HDR + x + y + s + g + 3
                or not (buf[18] | buf[19] | buf[20] | buf[21])):  # xorshift's dead state
            return False
        if phase == 0:  # not started: nothing dealt, nothing scored
            if dealer >= 0 or c | x | y | s | g | d | u | v:
                return False
        else:
            if dealer < 0 or (c and phase != PHASE_PLAY):
                return False
            # Every card exactly once across hands, stock, gone and the table.
            m = _mask(buf, _HDR, n - 3)
            t = _mask(buf, 8, 9) if c else 0
            if m < 0 or t < 0 or m & t or m | t != _ALL:
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
                r = j if _IDX[a] > _IDX[b] else 1 - j
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
                if k == tricks - 1 and phase != PHASE_PLAY:
                    # The round- or game-ending trick: nobody draws after it.
                    if not stop and not (e and phase == PHASE_GAME_OVER):
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
            if phase == PHASE_PLAY:
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
            w = _decided(u, v, target, e)
            if (phase == PHASE_GAME_OVER) != (w >= 0) or (e and w >= 0 and r != w):
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
