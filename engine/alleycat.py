# Alley Cat rules engine (2 players, 27 cards), allocation-free after construction.
#
# Rules: docs/RULES.md "Alley Cat"; public names: docs/ENGINE_API.md.
#
# Internal state (all created in __init__; the bot writer may edit a copy directly):
#   hands      bytearray(12): seat p holds hands[6*p : 6*p + hand_n[p]] (a hand never exceeds 6),
#              in dealt/drawn order; playing a card shifts the rest down.
#   hand_n     bytearray(2): cards held per seat.
#   stock      bytearray(15): the round's stock in draw order; the cards still there are
#              stock[stock_top : 15], stock[stock_top] is the top (next drawn). Cards below
#              stock_top were drawn already (history only, nothing reads them).
#   stock_top  int 0..15.
#   table      bytearray(2): the current trick in play order; trick_size 0..1 between calls
#              (a trick resolves the moment its second card lands, then the table is cleared).
#   gone       bytearray(27): cards of completed tricks this round in play order, pairs
#              gone[2k], gone[2k+1] = trick k (its leader's card first); gone_n cards.
#   _score, _round_pts  2-item int lists (game score, points taken this round).
#   dealer, leader, turn, phase, winner, trick_size, last_leader, last_winner, last_points,
#   last_drawer, last_drawn   plain ints (see ENGINE_API.md). leader and turn are -1 when
#   nobody is to lead/move (not started, round over, game over).
#   last_trick bytearray(2): last completed trick in play order (NO_CARD when none yet).
#   target, as_captured, rng (engine.rng.Rng).
#   lead_bits  int: bit k = seat that led completed trick k this round (14 tricks at most), so
#              the gone pile plus the table tell who played every card (history accessors).
#   history_size  int: gone_n + trick_size, kept up to date (public attribute).
#   (scratch: engine.common.SCRATCH holds the deal order of a deck, or a save made by
#   is_consistent() / copy_from().)
# Every one of the 27 cards is in exactly one of: a hand, the stock (from stock_top), the table,
# gone. Re-dealing hidden cards = permuting the opponent's hand slots together with
# stock[stock_top:15]; keep hand_n unchanged. is_consistent() checks a state after such edits
# (it also wants last_drawn, the card last_drawer drew, to still be in that seat's hand or on the
# table as that seat's card).
#
# Facts of these rules worth knowing (tests check them): after t tricks with a draw the hands
# hold 12 - t cards, so a round has at most 10 draws and the stock never runs dry (>= 5 left);
# the next follower is always the seat that just drew, so a round always ends with the leader
# playing their last card. The engine still handles both cases generically.
# Extras beyond the API: rank_index(c), is_consistent().
# History (what a person at the table saw played this round; for the computer players):
#   history_size        number of cards played this round: completed tricks and the table.
#   history_card(i)     i-th card played this round in play order (NO_CARD past the end).
#   history_seat(i)     seat that played it (-1 past the end).
# Draws are not part of the history (the opponent's draws are hidden).
#
# save(), load() and is_consistent() live in engine/alleycat_save.py (with the save format).
# OK / ERR_* are re-exported: the API promises them importable from this module.
from engine.common import (  # noqa: F401
    const, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE, LOAD_BAD_DATA,
    SCRATCH, CardGame, NO_CARD, ALLEY_CAT, is_card, Rng,
)
from engine import alleycat_save as _s
from engine.alleycat_save import IDX, DECK, ALL, mask, decided

PHASE_IDLE = const(0)  # constructed, start() not called yet (the contract's name)
PHASE_PLAY = const(1)
PHASE_ROUND_OVER = const(2)
PHASE_GAME_OVER = const(3)


def rank_index(c):
    """0..26 position in the ranking (A♠ lowest), 255 for anything else."""
    return IDX[c] if 0 <= c < 64 else 255


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
        if deck is not None and (len(deck) != 27 or mask(deck, 0, 27) != ALL):
            return ERR_BAD_MOVE
        buf = SCRATCH
        if d < 0:
            # Cut: each seat takes a card from a shuffled deck, the lower card deals.
            for i in range(27):
                buf[i] = DECK[i]
            self.rng.shuffle(buf, 27)
            d = 0 if IDX[buf[0]] < IDX[buf[1]] else 1
        self.dealer = d
        for i in range(27):
            buf[i] = DECK[i] if deck is None else deck[i]
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
        k = j if IDX[i] > IDX[move] else 1 - j
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
            w = decided(score[0], score[1], self.target, self.as_captured)
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

    # ---- copy / save / load: engine/alleycat_save.py -----------------------------------
    save = _s.save
    load = _s.load
    is_consistent = _s.is_consistent
