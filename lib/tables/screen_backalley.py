"""Back Alley table: you are South (seat 0) with North (2) against West (1) and East (3).
This module holds the state, keys and events; screen_backalley_draw draws it (two modules
so that neither is big to compile on the board).

After the last bid a bidding summary stays ~2 s (any key skips it); when all four pass,
"All passed - redeal n" shows and the same hand size is dealt again by itself.
"""
import gfx
import table
from engine import backalley as BA
import screen_backalley_draw as D
from screen_backalley_bid import LONG
from buttons import const

_F_BOX = const(4)  # (table_keys)
_F_MOVED = const(2)
_F_LIGHT = const(16)  # (table)

# place of each suit (clubs, diamonds, hearts, spades) in the hand after the trumps, per
# trump (clubs .. spades, no trump): the colours alternate as far as the suits allow
ORDER = b"\x00\x02\x00\x01\x00\x00\x01\x02\x02\x01\x00\x00\x01\x02\x00\x00\x02\x03\x01\x00"


class BackAlleyScreen(table.GameScreen):
    name = "backalley"
    KIND = 2
    SEATS = 4
    PHASE_PLAY = BA.PHASE_PLAY
    PHASE_OVER = BA.PHASE_HAND_OVER
    PHASE_GAME_OVER = BA.PHASE_GAME_OVER
    GAME = BA.BackAlley

    def __init__(self, app):
        table.GameScreen.__init__(self, app)
        self.bids = bytearray(16)
        self.nb = 0
        self.bsel = 0
        self.summary = False  # the bidding summary is on show (a hold)
        self.bid_tip = ""  # the bid box's tip line (screen_backalley_draw.choice)

    def new_game(self, seed, level, deals, strict):
        g = BA.BackAlley(seed, deals, strict)
        g.start()
        self.adopt(g, seed, level)
        self.say("New game: %d deals" % deals)

    def enter(self):
        self.bsel = -1
        self.flags &= ~_F_BOX
        table.GameScreen.enter(self)
        # the whole table was drawn (a game's start, back from a screen): it reaches the
        # screen before any thinking (table_keys: as a key's answer does)
        self.flags |= _F_MOVED

    def sort_key(self, c):
        """Trumps (bloopers first) at the left, then the other suits alternating colours:
        spades, hearts, clubs, diamonds (a missing suit is simply skipped)."""
        s = c >> 4
        r = c & 15
        v = 14 if r == 1 else r
        tr = self.g.trump
        if s == 4:
            return 2 - r
        if s == tr:
            return 16 + 15 - v
        return 32 + 16 * ORDER[(tr if tr < 4 else 4) * 4 + s] + 15 - v

    def seat_name(self, p):
        return LONG[p]

    def human_won(self):
        return self.g.winner == 0

    def next_round(self):
        g = self.g
        g.next_deal()
        self.bsel = -1
        self.say("%s deals" % LONG[g.dealer])

    def why_not(self, c):
        return self.app.need("sheet_backalley").why_not(self.g, c)  # its text lives with the panels

    def after_hold(self):
        self.summary = False
        g = self.g
        if g.phase == BA.PHASE_HAND_OVER and D.passed(g):
            # all passed: the same hand size again, no key needed
            self.next_round()
            self.forget()
            self.app.changed()
            self.say("Redeal: %s deals" % LONG[g.dealer])
            self.save_due = True
            self.cur = 0
            self.load_hand()

    # ---- bidding (screen_backalley_bid, imported with the game: app._NEEDS) ------------
    def human_key(self, k):
        if self.g.phase != BA.PHASE_BID:
            table.GameScreen.human_key(self, k)
            return
        __import__("screen_backalley_bid").bid_key(self, k)

    def bid_made(self, seat, move):
        __import__("screen_backalley_bid").bid_made(self, seat, move)

    # the bid box starts on the hint's bid: its search runs from the start of your turn
    def box_pending(self):
        return self.g.phase == BA.PHASE_BID and self.my_turn() and not self.flags & _F_BOX

    def hint_ready(self):
        if self.g.phase == BA.PHASE_BID and not self.flags & _F_BOX:
            __import__("screen_backalley_bid").place(self)
        table.GameScreen.hint_ready(self)

    def show_hint(self):
        if self.g.phase != BA.PHASE_BID:
            table.GameScreen.show_hint(self)
        else:
            __import__("screen_backalley_bid").show_hint(self)

    def card_played(self, seat, card):
        if seat != 0:
            self.say("%s plays %s" % (LONG[seat], gfx.card_text(card)))
        else:
            self.say("")

    def trick_done(self, seat, card):
        self.flags |= _F_LIGHT  # (the frame redraws what changed: screen_backalley_draw)
        w = self.g.last_winner
        self.say("You win the trick" if w == 0 else "%s wins the trick" % LONG[w])
        return False

    # ---- drawing: screen_backalley_draw's functions, taking the screen as self --------
    draw_table = D.table
    draw_msgs = D.msgs
    draw_hand = D.hand
