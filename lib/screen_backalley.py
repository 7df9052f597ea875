"""Back Alley table: you are South (seat 0) with North (2) against West (1) and East (3).
This module holds the state, keys and events; screen_backalley_draw draws it (two modules
so that neither is big to compile on the board).

After the last bid a bidding summary stays ~2 s (any key skips it); when all four pass,
"All passed - redeal n" shows and the same hand size is dealt again by itself.
"""
import gfx
import table
from buttons import A, LEFT, RIGHT, UP
from fx import T_MOVE, T_BAD
from engine import backalley as BA
import screen_backalley_draw as D

LONG = ("You", "West", "North", "East")
SUMMARY_MS = 2000
# place of each suit (clubs, diamonds, hearts, spades) in the hand after the trumps, per
# trump (clubs .. spades, no trump): the colours alternate as far as the suits allow
ORDER = b"\x00\x02\x00\x01\x00\x00\x01\x02\x02\x01\x00\x00\x01\x02\x00\x00\x02\x03\x01\x00"


def bid_word(b):
    if b == BA.BID_PASS:
        return "pass"
    if b == BA.BID_BOARD:
        return "board"
    if b == 0:
        return "-"
    return "%d" % (b - 0x80)


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

    def new_game(self, seed, level, deals, strict):
        g = BA.BackAlley(seed, deals, strict)
        g.start()
        self.adopt(g, seed, level)
        self.say("New game: %d deals" % deals)

    def reset_view(self):
        table.GameScreen.reset_view(self)
        self.summary = False

    def enter(self):
        self.bsel = -1
        table.GameScreen.enter(self)

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
        m = __import__("sheet_backalley")  # rare: its text lives with the panels
        r = m.why_not(self.g, c)
        self.app.unload("sheet")
        return r

    def after_hold(self):
        self.summary = False
        g = self.g
        if g.phase == BA.PHASE_HAND_OVER and D.passed(g):
            # all passed: the same hand size again, no key needed
            self.next_round()
            self.say("Redeal: %s deals" % LONG[g.dealer])
            self.save_due = True
            self.cur = 0
            self.load_hand()

    # ---- bidding ---------------------------------------------------------------------
    def _load_bids(self):
        self.nb = self.g.legal_moves(self.bids)
        if self.bsel < 0 or self.bsel >= self.nb:
            self.bsel = 0

    def human_key(self, k):
        g = self.g
        if g.phase != BA.PHASE_BID:
            table.GameScreen.human_key(self, k)
            return
        self._load_bids()
        if k & LEFT:
            self.bsel = (self.bsel - 1) % self.nb
            self.app.fx.tone(T_MOVE)
            self.draw_all()
        elif k & RIGHT:
            self.bsel = (self.bsel + 1) % self.nb
            self.app.fx.tone(T_MOVE)
            self.draw_all()
        elif k & UP:
            m = self.hint()
            for i in range(self.nb):
                if self.bids[i] == m:
                    self.bsel = i
            self.msg3 = "Hint: " + ("pass" if m == BA.BID_PASS else "bid " + bid_word(m))
            self.draw_all()
        elif k & A:
            b = self.bids[self.bsel]
            if self.do_move(b, self.app.now):
                self.app.fx.tone(T_BAD)
                self.msg3 = "Bid not allowed"
                self.msg_bad = True
                self.draw_all()
            else:
                self.bsel = -1
                self.save()

    def bid_made(self, seat, move):
        g = self.g
        now = self.app.now
        if g.phase == BA.PHASE_HAND_OVER and D.passed(g):
            self.say("All passed - redeal %d" % g.redeals)
            self.hold_until = (now + SUMMARY_MS) & table.MASK
        elif g.phase == BA.PHASE_PLAY:
            self.summary = True
            self.say("You lead" if g.turn == 0 else "%s leads" % LONG[g.turn])
            self.hold_until = (now + SUMMARY_MS) & table.MASK
        elif seat == 0:
            self.say("You pass" if move == BA.BID_PASS else "You bid " + bid_word(move))
        else:
            self.say("%s %s" % (LONG[seat], "passes" if move == BA.BID_PASS else
                                "bids " + bid_word(move)))

    def card_played(self, seat, card):
        if seat != 0:
            self.say("%s plays %s" % (LONG[seat], gfx.card_text(card)))
        else:
            self.say("")

    def trick_done(self, seat, card):
        w = self.g.last_winner
        self.say("You win the trick" if w == 0 else "%s wins the trick" % LONG[w])
        return False

    def coach(self):
        """The coach's line for this moment of your turn ("" when it has nothing to say)."""
        if not self.coaching():
            return ""
        g = self.g
        if g.phase == BA.PHASE_BID:
            if self.nb and self.bids[self.bsel] == BA.BID_BOARD:
                n = g.cards_per_hand
                return "Board: win all %d (+-%d)" % (n, 10 * n)
            return "Team bid = tricks to take"
        if g.trick_size:
            a = g.trick_card(0) >> 4
            if a == 4 or a == g.trump:
                return "Trump led: play a trump"
            for i in range(self.n):
                if self.hand[i] >> 4 == a:
                    return "Follow the suit led"
            return "Can't follow: any card"
        for i in range(self.n):
            if not self.ok[i]:
                return "Trumps not broken yet"
        return ""

    # ---- drawing (screen_backalley_draw) ---------------------------------------------
    def draw_table(self):
        D.table(self)

    def draw_msgs(self):
        D.msgs(self)

    def draw_hand(self):
        D.hand(self)

    def card_xy(self, i):
        return D.card_xy(self, i)
