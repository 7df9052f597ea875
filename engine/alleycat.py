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
Every one of the 27 cards is in exactly one of: a hand, the stock (from stock_top), the table,
gone. Re-dealing hidden cards = permuting the opponent's hand slots together with
stock[stock_top:15]; keep hand_n unchanged. is_consistent() checks a state after such edits
(it also wants last_drawn, the card last_drawer drew, to still be in that seat's hand or on the
table as that seat's card).

Facts of these rules worth knowing (tests check them): after t tricks with a draw the hands
hold 12 - t cards, so a round has at most 10 draws and the stock never runs dry (>= 5 left);
the next follower is always the seat that just drew, so a round always ends with the leader
playing their last card. The engine still handles both cases generically.
Extras beyond the API: rank_index(c), card_value(c), gone_card(i), is_consistent().
History (what a person at the table saw played this round; for the computer players):
  history_size        number of cards played this round: completed tricks and the table.
  history_card(i)     i-th card played this round in play order (NO_CARD past the end).
  history_seat(i)     seat that played it (-1 past the end).
Draws are not part of the history (the opponent's draws are hidden).

Save format v1 (everything else is re-derived on load by replaying the gone pile):
  0-1 b'AC', 2 version 1, 3 n, 4 phase, 5 target, 6 flags (bit0 as_captured),
  7 dealer + 1, 8 table card (NO_CARD if the table is empty), 9-10 hand_n, 11 stock cards,
  12 gone_n, 13 last_drawn, 14-17 scores (int16 LE), 18-21 Rng,
  22.. hand 0, hand 1, stock (top first), gone (play order),
  n-3 XOR of bytes 0..n-4 (Fletcher-16 mod 255 cannot see a byte flip 0x00 <-> 0xFF),
  n-2..n-1 checksum16(buf, 0, n-2).
"""
# OK / ERR_* / LOAD_* are re-exported: the API promises them importable from this module.
from engine.common import (  # noqa: F401
    const, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE,
    LOAD_TOO_SHORT, LOAD_BAD_MAGIC, LOAD_BAD_VERSION, LOAD_BAD_CHECKSUM, LOAD_BAD_DATA,
    checksum16, put16, get16,
)
from engine.cards import NO_CARD, ALLEY_CAT, is_card
from engine.rng import Rng

PHASE_IDLE = const(0)  # constructed, start() not called yet
PHASE_PLAY = const(1)
PHASE_ROUND_OVER = const(2)
PHASE_GAME_OVER = const(3)

DECK_SIZE = const(27)
HAND_SIZE = const(6)
STOCK_SIZE = const(15)

_VERSION = const(1)
_HDR = const(22)  # first card byte in a save
_NONE = const(255)


def _build_tables():
    # The 27 cards low -> high: A♠ A♣ 2♠ 2♣ ... 5♠ 5♣ 5♦ 6♠ ... K♠ K♣.
    deck = bytearray(DECK_SIZE)
    idx = bytearray(b"\xff" * 64)
    val = bytearray(64)
    i = 0
    for r in range(1, 14):
        for c in ((3 << 4) | r, r, ALLEY_CAT):
            if c == ALLEY_CAT and r != 5:
                continue
            deck[i] = c
            idx[c] = i
            val[c] = r
            i += 1
    return bytes(deck), bytes(idx), bytes(val)


# _DECK: the deck in ranking order; _IDX[c]: position of card c in it (255 = not this deck's
# card, c < 64); _VAL[c]: scoring value.
_DECK, _IDX, _VAL = _build_tables()


def rank_index(c):
    """0..26 position in the ranking (A♠ lowest), 255 for anything else."""
    if c < 0 or c > 63:
        return _NONE
    return _IDX[c]


def card_value(c):
    """Scoring value: A=1 .. K=13, 5♦ = 5."""
    return _VAL[c] if 0 <= c <= 63 else 0


def _deck_ok(deck):
    """deck is a permutation of the 27 cards (list, tuple, bytes or bytearray)."""
    if len(deck) != DECK_SIZE:
        return False
    seen = 0  # 27-bit mask: stays a small int
    for i in range(DECK_SIZE):
        c = deck[i]
        if c < 0 or c > 63 or _IDX[c] == _NONE:
            return False
        bit = 1 << _IDX[c]
        if seen & bit:
            return False
        seen |= bit
    return True


class AlleyCat:
    def __init__(self, seed=0, target=44, as_captured=False):
        if target < 1 or target > 255:
            raise ValueError("target 1..255")
        self.target = target
        self.as_captured = bool(as_captured)
        self.rng = Rng(seed)
        self.hands = bytearray(2 * HAND_SIZE)
        self.hand_n = bytearray(2)
        self.stock = bytearray(STOCK_SIZE)
        self.stock_top = STOCK_SIZE
        self.table = bytearray(2)
        self.trick_size = 0
        self.gone = bytearray(DECK_SIZE)
        self.gone_n = 0
        self.lead_bits = 0
        self.history_size = 0
        self._score = [0, 0]
        self._round_pts = [0, 0]
        self.dealer = -1
        self.leader = -1
        self.turn = -1
        self.phase = PHASE_IDLE
        self.winner = -1
        self.last_trick = bytearray(2)
        self.last_leader = -1
        self.last_winner = -1
        self.last_points = 0
        self.last_drawer = -1
        self.last_drawn = NO_CARD
        self._deal_buf = bytearray(DECK_SIZE)
        self._scratch = bytearray(64)  # is_consistent() saves into it (a save is <= 52 bytes)
        # Results of _replay() (load validation), applied only once everything checked out.
        self._r_leader = -1
        self._r_turn = -1
        self._r_winner = -1
        self._r_rp0 = 0
        self._r_rp1 = 0
        self._r_last_leader = -1
        self._r_last_winner = -1
        self._r_last_points = 0
        self._r_last_drawer = -1
        self._r_h0 = 0
        self._r_h1 = 0
        self._r_sn = 0
        self._r_lead_bits = 0

    # ---- setting up -------------------------------------------------------------------
    def start(self, dealer=-1, deck=None):
        if dealer != -1 and dealer != 0 and dealer != 1:
            return ERR_BAD_MOVE
        if deck is not None and not _deck_ok(deck):
            return ERR_BAD_MOVE
        if dealer == -1:
            # Cut: each seat takes a card from a shuffled deck, the lower card deals.
            buf = self._deal_buf
            for i in range(DECK_SIZE):
                buf[i] = _DECK[i]
            self.rng.shuffle(buf, DECK_SIZE)
            dealer = 0 if _IDX[buf[0]] < _IDX[buf[1]] else 1
        self._score[0] = 0
        self._score[1] = 0
        self.winner = -1
        self.dealer = dealer
        self._deal(deck)
        return OK

    def next_round(self, deck=None):
        if self.phase != PHASE_ROUND_OVER:
            return ERR_PHASE
        if deck is not None and not _deck_ok(deck):
            return ERR_BAD_MOVE
        self.dealer = 1 - self.dealer
        self._deal(deck)
        return OK

    def _deal(self, deck):
        buf = self._deal_buf
        for i in range(DECK_SIZE):
            buf[i] = _DECK[i] if deck is None else deck[i]
        if deck is None:
            self.rng.shuffle(buf, DECK_SIZE)
        first = 1 - self.dealer
        for i in range(2 * HAND_SIZE):
            seat = first if (i & 1) == 0 else self.dealer
            self.hands[seat * HAND_SIZE + (i >> 1)] = buf[i]
        self.hand_n[0] = HAND_SIZE
        self.hand_n[1] = HAND_SIZE
        for i in range(STOCK_SIZE):
            self.stock[i] = buf[2 * HAND_SIZE + i]
        self.stock_top = 0
        self.table[0] = NO_CARD
        self.table[1] = NO_CARD
        self.trick_size = 0
        for i in range(DECK_SIZE):
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
        self.leader = first
        self.turn = first
        self.phase = PHASE_PLAY

    # ---- moves ------------------------------------------------------------------------
    def legal_moves(self, buf):
        if self.phase != PHASE_PLAY or self.turn < 0:
            return 0
        return self.hand(self.turn, buf)

    def _find(self, p, card):
        base = p * HAND_SIZE
        for i in range(self.hand_n[p]):
            if self.hands[base + i] == card:
                return i
        return -1

    def play(self, move):
        if self.phase != PHASE_PLAY:
            return ERR_PHASE
        if type(move) is not int or move < 0 or move > 255 or not is_card(move):
            return ERR_BAD_MOVE
        p = self.turn
        j = self._find(p, move)  # a card of another deck (5♥, bloopers) is never held
        if j < 0:
            return ERR_NOT_IN_HAND
        base = p * HAND_SIZE
        n = self.hand_n[p] - 1
        for i in range(j, n):
            self.hands[base + i] = self.hands[base + i + 1]
        self.hands[base + n] = NO_CARD
        self.hand_n[p] = n
        self.table[self.trick_size] = move
        self.trick_size += 1
        self.history_size += 1
        if self.trick_size == 1:
            self.turn = 1 - p
            return OK
        self._finish_trick()
        return OK

    def _finish_trick(self):
        lead = self.table[0]
        follow = self.table[1]
        ldr = self.leader
        win = ldr if _IDX[lead] > _IDX[follow] else 1 - ldr
        cat = lead == ALLEY_CAT or follow == ALLEY_CAT
        pts = _VAL[lead] - _VAL[follow]
        if pts < 0:
            pts = -pts
        if cat:
            pts = -pts
        self.last_trick[0] = lead
        self.last_trick[1] = follow
        self.last_leader = ldr
        self.last_winner = win
        self.last_points = pts
        self.last_drawer = -1
        self.last_drawn = NO_CARD
        if ldr:
            self.lead_bits |= 1 << (self.gone_n >> 1)
        self.gone[self.gone_n] = lead
        self.gone[self.gone_n + 1] = follow
        self.gone_n += 2
        self.table[0] = NO_CARD
        self.table[1] = NO_CARD
        self.trick_size = 0
        self._round_pts[win] += pts
        if self.as_captured:
            self._score[win] += pts
            if self._score[win] >= self.target:
                self._game_over(win)
                return
        if self.hand_n[0] == 0 or self.hand_n[1] == 0:
            self._end_round()
            return
        if self.stock_top < STOCK_SIZE:
            drawer = win if cat else 1 - win
            c = self.stock[self.stock_top]
            self.stock_top += 1
            self.hands[drawer * HAND_SIZE + self.hand_n[drawer]] = c
            self.hand_n[drawer] += 1
            self.last_drawer = drawer
            self.last_drawn = c
        nxt = 1 - win if cat else win
        self.leader = nxt
        self.turn = nxt

    def _end_round(self):
        if not self.as_captured:
            self._score[0] += self._round_pts[0]
            self._score[1] += self._round_pts[1]
        w = _decided(self._score[0], self._score[1], self.target, self.as_captured)
        if w >= 0:
            self._game_over(w)
            return
        self.phase = PHASE_ROUND_OVER
        self.leader = -1
        self.turn = -1

    def _game_over(self, w):
        self.winner = w
        self.phase = PHASE_GAME_OVER
        self.leader = -1
        self.turn = -1

    # ---- read accessors ---------------------------------------------------------------
    def hand(self, p, buf):
        if p != 0 and p != 1:
            return 0
        base = p * HAND_SIZE
        n = self.hand_n[p]
        for i in range(n):
            buf[i] = self.hands[base + i]
        return n

    def hand_size(self, p):
        if p != 0 and p != 1:
            return 0
        return self.hand_n[p]

    def stock_size(self):
        return STOCK_SIZE - self.stock_top

    def trick_card(self, i):
        if 0 <= i < self.trick_size:
            return self.table[i]
        return NO_CARD

    def last_trick_card(self, i):
        if i == 0 or i == 1:
            return self.last_trick[i]
        return NO_CARD

    def score(self, p):
        if p != 0 and p != 1:
            return 0
        return self._score[p]

    def round_points(self, p):
        if p != 0 and p != 1:
            return 0
        return self._round_pts[p]

    def gone_card(self, i):
        """Card i (play order) of the completed tricks this round, NO_CARD past the end."""
        if 0 <= i < self.gone_n:
            return self.gone[i]
        return NO_CARD

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
            ldr = (self.lead_bits >> (i >> 1)) & 1
            return ldr if (i & 1) == 0 else 1 - ldr
        if i == self.gone_n and self.trick_size:
            return self.leader
        return -1

    # ---- copy / save / load -----------------------------------------------------------
    def copy_from(self, o):
        self.target = o.target
        self.as_captured = o.as_captured
        self.rng.hi = o.rng.hi
        self.rng.lo = o.rng.lo
        for i in range(2 * HAND_SIZE):
            self.hands[i] = o.hands[i]
        self.hand_n[0] = o.hand_n[0]
        self.hand_n[1] = o.hand_n[1]
        for i in range(STOCK_SIZE):
            self.stock[i] = o.stock[i]
        self.stock_top = o.stock_top
        self.table[0] = o.table[0]
        self.table[1] = o.table[1]
        self.trick_size = o.trick_size
        for i in range(DECK_SIZE):
            self.gone[i] = o.gone[i]
        self.gone_n = o.gone_n
        self.lead_bits = o.lead_bits
        self.history_size = o.history_size
        self._score[0] = o._score[0]
        self._score[1] = o._score[1]
        self._round_pts[0] = o._round_pts[0]
        self._round_pts[1] = o._round_pts[1]
        self.dealer = o.dealer
        self.leader = o.leader
        self.turn = o.turn
        self.phase = o.phase
        self.winner = o.winner
        self.last_trick[0] = o.last_trick[0]
        self.last_trick[1] = o.last_trick[1]
        self.last_leader = o.last_leader
        self.last_winner = o.last_winner
        self.last_points = o.last_points
        self.last_drawer = o.last_drawer
        self.last_drawn = o.last_drawn

    def save(self, buf):
        h0 = self.hand_n[0]
        h1 = self.hand_n[1]
        sn = STOCK_SIZE - self.stock_top
        gn = self.gone_n
        n = _HDR + h0 + h1 + sn + gn + 3
        buf[0] = 0x41  # 'A'
        buf[1] = 0x43  # 'C'
        buf[2] = _VERSION
        buf[3] = n
        buf[4] = self.phase
        buf[5] = self.target
        buf[6] = 1 if self.as_captured else 0
        buf[7] = self.dealer + 1
        buf[8] = self.table[0] if self.trick_size else NO_CARD
        buf[9] = h0
        buf[10] = h1
        buf[11] = sn
        buf[12] = gn
        buf[13] = self.last_drawn
        put16(buf, 14, self._score[0])
        put16(buf, 16, self._score[1])
        self.rng.save(buf, 18)
        k = _HDR
        for i in range(h0):
            buf[k] = self.hands[i]
            k += 1
        for i in range(h1):
            buf[k] = self.hands[HAND_SIZE + i]
            k += 1
        for i in range(self.stock_top, STOCK_SIZE):
            buf[k] = self.stock[i]
            k += 1
        for i in range(gn):
            buf[k] = self.gone[i]
            k += 1
        x = 0
        for i in range(k):
            x ^= buf[i]
        buf[k] = x
        put16(buf, n - 2, checksum16(buf, 0, n - 2))
        return n

    def load(self, buf):
        code = self._check(buf)
        if code:
            return code
        self._apply(buf)
        return OK

    def is_consistent(self):
        """True if the live state is one load() would accept and re-derive unchanged
        (for the bots after editing a copy, and for tests)."""
        s = self._scratch
        self.save(s)
        if self._check(s):
            return False
        return (self._r_leader == self.leader and self._r_turn == self.turn
                and self._r_winner == self.winner and self._r_rp0 == self._round_pts[0]
                and self._r_rp1 == self._round_pts[1]
                and self._r_last_leader == self.last_leader
                and self._r_last_winner == self.last_winner
                and self._r_last_points == self.last_points
                and self._r_last_drawer == self.last_drawer
                and self._r_lead_bits == self.lead_bits
                and self.history_size == self.gone_n + self.trick_size
                and self.trick_size == (1 if self.table[0] else 0) and self.table[1] == 0)

    def _check(self, buf):
        """0 if buf holds a valid save, else a LOAD_* code. Leaves its findings in _r_*."""
        size = len(buf)
        if size < 4:
            return LOAD_TOO_SHORT
        if buf[0] != 0x41 or buf[1] != 0x43:
            return LOAD_BAD_MAGIC
        if buf[2] != _VERSION:
            return LOAD_BAD_VERSION
        n = buf[3]
        if n < _HDR + 3 or n > size:
            return LOAD_TOO_SHORT
        if (buf[n - 2] | (buf[n - 1] << 8)) != checksum16(buf, 0, n - 2):
            return LOAD_BAD_CHECKSUM
        x = 0
        for i in range(n - 2):
            x ^= buf[i]
        if x:
            return LOAD_BAD_CHECKSUM
        phase = buf[4]
        target = buf[5]
        capt = buf[6]
        dealer = buf[7] - 1
        tcard = buf[8]
        h0 = buf[9]
        h1 = buf[10]
        sn = buf[11]
        gn = buf[12]
        drawn = buf[13]
        s0 = get16(buf, 14)
        s1 = get16(buf, 16)
        if phase > PHASE_GAME_OVER or target < 1 or capt > 1 or dealer > 1:
            return LOAD_BAD_DATA
        if h0 > HAND_SIZE or h1 > HAND_SIZE or sn > STOCK_SIZE or gn > DECK_SIZE or gn & 1:
            return LOAD_BAD_DATA
        if n != _HDR + h0 + h1 + sn + gn + 3:
            return LOAD_BAD_DATA
        if not self.rng.valid_state(buf, 18):
            return LOAD_BAD_DATA
        if phase == PHASE_IDLE:
            if (dealer != -1 or tcard or h0 or h1 or sn or gn or drawn or s0 or s1):
                return LOAD_BAD_DATA
            self._r_leader = -1
            self._r_turn = -1
            self._r_winner = -1
            self._r_rp0 = 0
            self._r_rp1 = 0
            self._r_last_leader = -1
            self._r_last_winner = -1
            self._r_last_points = 0
            self._r_last_drawer = -1
            self._r_lead_bits = 0
            return OK
        if dealer < 0:
            return LOAD_BAD_DATA
        if tcard and phase != PHASE_PLAY:
            return LOAD_BAD_DATA
        # Every card exactly once across hands, stock, table and gone.
        seen = 0
        for i in range(_HDR, n - 3):
            seen = _mark(seen, buf[i])
        if tcard:
            seen = _mark(seen, tcard)
        if seen != (1 << DECK_SIZE) - 1:
            return LOAD_BAD_DATA
        if capt and s0 >= target and s1 >= target:
            return LOAD_BAD_DATA
        w = _decided(s0, s1, target, capt)
        if (phase == PHASE_GAME_OVER) != (w >= 0):
            return LOAD_BAD_DATA
        if not self._replay(buf, _HDR + h0 + h1 + sn, gn, dealer, phase, capt, tcard):
            return LOAD_BAD_DATA
        if self._r_h0 != h0 or self._r_h1 != h1 or self._r_sn != sn:
            return LOAD_BAD_DATA
        if capt and phase == PHASE_GAME_OVER and self._r_last_winner != w:
            return LOAD_BAD_DATA
        # last_drawn: the card last_drawer took, still in that hand or on the table from it.
        d = self._r_last_drawer
        if d < 0:
            if drawn != NO_CARD:
                return LOAD_BAD_DATA
        else:
            found = tcard == drawn and drawn != NO_CARD and self._r_leader == d
            base = _HDR + (h0 if d else 0)
            for i in range(h1 if d else h0):
                if buf[base + i] == drawn:
                    found = True
            if not found:
                return LOAD_BAD_DATA
        self._r_winner = w
        return OK

    def _replay(self, buf, g0, gn, dealer, phase, capt, tcard):
        """Re-derive leaders, winners, draws and points from the gone pile (pairs in play
        order). False if the sequence cannot have happened."""
        h0 = HAND_SIZE
        h1 = HAND_SIZE
        stock = STOCK_SIZE
        leader = 1 - dealer
        rp0 = 0
        rp1 = 0
        win = -1
        pts = 0
        ldr = -1
        drawer = -1
        lead_bits = 0
        tricks = gn >> 1
        for k in range(tricks):
            a = buf[g0 + 2 * k]
            b = buf[g0 + 2 * k + 1]
            if h0 < 1 or h1 < 1:
                return False
            h0 -= 1
            h1 -= 1
            ldr = leader
            if ldr:
                lead_bits |= 1 << k
            win = leader if _IDX[a] > _IDX[b] else 1 - leader
            cat = a == ALLEY_CAT or b == ALLEY_CAT
            pts = _VAL[a] - _VAL[b]
            if pts < 0:
                pts = -pts
            if cat:
                pts = -pts
            if win:
                rp1 += pts
            else:
                rp0 += pts
            ended = h0 == 0 or h1 == 0
            drawer = -1
            if k == tricks - 1 and phase != PHASE_PLAY:
                # The round- or game-ending trick: nobody draws after it.
                if not ended and not (capt and phase == PHASE_GAME_OVER):
                    return False
            elif ended:
                return False
            elif stock > 0:
                drawer = win if cat else 1 - win
                stock -= 1
                if drawer:
                    h1 += 1
                else:
                    h0 += 1
            leader = 1 - win if cat else win
        if phase == PHASE_PLAY:
            turn = leader
            if tcard:
                if leader:
                    h1 -= 1
                else:
                    h0 -= 1
                turn = 1 - leader
        else:
            if tricks == 0:
                return False
            leader = -1
            turn = -1
        self._r_h0 = h0
        self._r_h1 = h1
        self._r_sn = stock
        self._r_leader = leader
        self._r_turn = turn
        self._r_rp0 = rp0
        self._r_rp1 = rp1
        self._r_last_leader = ldr
        self._r_last_winner = win
        self._r_last_points = pts
        self._r_last_drawer = drawer
        self._r_lead_bits = lead_bits
        return True

    def _apply(self, buf):
        """Install a save that _check() accepted (its _r_* results are still current)."""
        h0 = buf[9]
        h1 = buf[10]
        sn = buf[11]
        gn = buf[12]
        self.phase = buf[4]
        self.target = buf[5]
        self.as_captured = buf[6] == 1
        self.dealer = buf[7] - 1
        tcard = buf[8]
        self.table[0] = tcard
        self.table[1] = NO_CARD
        self.trick_size = 1 if tcard else 0
        self.last_drawn = buf[13]
        self._score[0] = get16(buf, 14)
        self._score[1] = get16(buf, 16)
        self.rng.load(buf, 18)
        k = _HDR
        for p in range(2):
            hn = h1 if p else h0
            for i in range(HAND_SIZE):
                self.hands[p * HAND_SIZE + i] = buf[k + i] if i < hn else NO_CARD
            self.hand_n[p] = hn
            k += hn
        # Stock sits at the bottom of its buffer; the drawn-history part is left zero.
        self.stock_top = STOCK_SIZE - sn
        for i in range(STOCK_SIZE):
            self.stock[i] = buf[k + i - self.stock_top] if i >= self.stock_top else NO_CARD
        k += sn
        for i in range(DECK_SIZE):
            self.gone[i] = buf[k + i] if i < gn else NO_CARD
        self.gone_n = gn
        self.lead_bits = self._r_lead_bits
        self.history_size = gn + self.trick_size
        if gn:
            self.last_trick[0] = self.gone[gn - 2]
            self.last_trick[1] = self.gone[gn - 1]
        else:
            self.last_trick[0] = NO_CARD
            self.last_trick[1] = NO_CARD
        self.leader = self._r_leader
        self.turn = self._r_turn
        self.winner = self._r_winner
        self._round_pts[0] = self._r_rp0
        self._round_pts[1] = self._r_rp1
        self.last_leader = self._r_last_leader
        self.last_winner = self._r_last_winner
        self.last_points = self._r_last_points
        self.last_drawer = self._r_last_drawer


def _mark(seen, c):
    """Add card c to a 27-bit mask of cards met; -1 (sticky) for a stranger or a repeat."""
    if seen < 0 or c > 63 or _IDX[c] == _NONE:
        return -1
    bit = 1 << _IDX[c]
    if seen & bit:
        return -1
    return seen | bit


def _decided(s0, s1, target, as_captured):
    """Seat that has won with these scores, or -1. As captured: the first to reach the target
    (only one seat scores per trick, so at most one is there). End of round: the higher total
    once someone has the target; equal totals play on."""
    if as_captured:
        if s0 >= target:
            return 0
        if s1 >= target:
            return 1
        return -1
    if s0 < target and s1 < target:
        return -1
    if s0 > s1:
        return 0
    if s1 > s0:
        return 1
    return -1
