"""Back Alley table: you are South (seat 0) with North (2) against West (1) and East (3).

Layout (160x128): top row = team scores and deal k/N, up-card (trump) top right; seat
labels show bid/tricks (P pass, B board, B2 double board...), the seat to move in yellow;
the trick in a cross in the middle; one message line; your hand at the bottom (up to 13
overlapping cards, the selected one raised). While you bid, a panel in the middle shows
the choice (< pass / 1..n / board >) and the others' bids stay on their seat labels.
"""
import gfx
import table
from buttons import A, LEFT, RIGHT, UP
from fx import T_MOVE, T_BAD
from engine import backalley as BA
from engine.cards import card_name

SEAT = ("You", "W", "N", "E")
LONG = ("You", "West", "North", "East")
TRICK_XY = ((71, 54), (48, 40), (71, 26), (94, 40))
CW = 17
CH = 24
HAND_Y = 102


def bid_text(b, level):
    if b == 0:
        return "-"
    if b == BA.BID_PASS:
        return "P"
    if b == BA.BID_BOARD:
        return "B" if level <= 1 else "B%d" % level
    return "%d" % (b - 0x80)


def bid_word(b):
    if b == BA.BID_PASS:
        return "pass"
    if b == BA.BID_BOARD:
        return "board"
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

    def new_game(self, seed, level, deals, strict):
        g = BA.BackAlley(seed, deals, strict)
        g.start()
        self.adopt(g, seed, level)
        self.say("New game: %d deals" % deals)

    def enter(self):
        self.bsel = -1
        table.GameScreen.enter(self)

    def sort_key(self, c):
        s = c >> 4
        r = c & 15
        v = 14 if r == 1 else r
        tr = self.g.trump
        if s == 4:
            return 2 - r
        if s == tr:
            return 16 + 15 - v
        # alternate colours: spades, hearts, clubs, diamonds (trump moved to the front)
        order = (2, 3, 1, 0)[s]
        return 32 + 16 * order + 15 - v

    def seat_name(self, p):
        return LONG[p]

    def human_won(self):
        return self.g.winner == 0

    def next_round(self):
        g = self.g
        g.next_deal()
        self.bsel = -1
        self.say("Deal %d/%d" % (g.deal_number + 1, g.deals))

    def why_not(self, c):
        return self.app.need("sheet_backalley").why_not(self.g, c)  # its text lives with the panels

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
            self.msg3 = "Hint: bid " + bid_word(m)
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
        if g.phase == BA.PHASE_HAND_OVER:
            self.say("All passed: redeal")
        elif g.phase == BA.PHASE_PLAY:
            self.say("%s leads" % LONG[g.turn])
        else:
            self.say("%s bid %s" % (LONG[seat], bid_word(move)))

    def card_played(self, seat, card):
        if seat != 0:
            self.say("%s plays %s" % (LONG[seat], card_name(card)))
        else:
            self.say("")

    def trick_done(self, seat, card):
        g = self.g
        w = g.last_winner
        if w == 0:
            self.say("You win the trick")
        else:
            self.say("%s wins the trick" % LONG[w])
        return False

    # ---- drawing ---------------------------------------------------------------------
    def seat_label(self, p):
        g = self.g
        s = SEAT[p] + " " + bid_text(g.bid(p), g.board_level(p))
        if g.phase != BA.PHASE_BID:
            s += "/%d" % g.tricks(p)
        return s

    def draw_table(self):
        g = self.g
        hold = self.hold_until >= 0
        gfx.text(0, 1, 1, "Us %d Them %d" % (g.team_score(0), g.team_score(1)))
        gfx.text(1, 159, 1, "%d/%d" % (g.deal_number + 1, g.deals), gfx.T_GREY, right=True)
        # up-card / trump
        if g.upcard:
            gfx.card(g.upcard, 141, 14, CW, CH)
        gfx.text(2, 160, 39, "trump" if g.trump != BA.NO_TRUMP else "no trump", gfx.T_GREY,
                 right=True)
        # seats
        for p in range(4):
            col = gfx.T_WHITE
            if g.turn == p and not hold and g.phase < BA.PHASE_HAND_OVER:
                col = gfx.T_GREEN if p == 0 else gfx.T_YELLOW
            if p == 0:
                gfx.text(6, 2, 68, self.seat_label(0), col)
            elif p == 1:
                gfx.text(4, 1, 54, self.seat_label(1), col)
            elif p == 2:
                gfx.text(3, 80, 13, self.seat_label(2), col, center=True)
            else:
                gfx.text(5, 160, 54, self.seat_label(3), col, right=True)
        # the trick
        if hold:
            for i in range(4):
                p = (g.last_leader + i) & 3
                x, y = TRICK_XY[p]
                gfx.card(g.last_trick_card(i), x, y, CW, CH, sel=(p == g.last_winner))
        elif g.phase == BA.PHASE_PLAY:
            for i in range(g.trick_size):
                p = (g.leader + i) & 3
                x, y = TRICK_XY[p]
                gfx.card(g.trick_card(i), x, y, CW, CH)
        if g.phase == BA.PHASE_BID and g.turn == 0 and not hold:
            self.draw_bid_panel()
        self.draw_msgs()
        self.draw_hand()

    def draw_bid_panel(self):
        g = self.g
        self._load_bids()
        gfx.panel(28, 27, 100, 39)
        gfx.text(8, 78, 28, "Bid (%d cards)" % g.cards_per_hand, gfx.T_WHITE, center=True)
        gfx.text(9, 78, 40, "<  %s  >" % bid_word(self.bids[self.bsel]), gfx.T_YELLOW,
                 center=True)
        gfx.text(10, 78, 52, "A:bid Up:hint", gfx.T_GREY, center=True)

    def draw_msgs(self):
        self.app.dirty = True
        g = self.g
        m = self.msg3 or self.msg1
        if not m and self.hold_until < 0:
            if g.turn == 0:
                if g.phase == BA.PHASE_BID:
                    m = "Your bid"
                else:
                    m = "Your lead" if g.trick_size == 0 else "Your turn"
            elif g.turn > 0:
                m = LONG[g.turn] + (" to bid" if g.phase == BA.PHASE_BID else " to play")
        gfx.text(7, 80, 81, m, gfx.T_RED if self.msg_bad else gfx.T_YELLOW, center=True)
        self.msg_bad = False

    def _step(self):
        n = self.n
        if n <= 1:
            return 0
        s = (156 - CW) // (n - 1)
        return 20 if s > 20 else s

    def card_xy(self, i):
        st = self._step()
        return ((160 - (self.n - 1) * st - CW) // 2 + i * st, HAND_Y)

    def draw_hand(self):
        self.app.dirty = True
        gfx.rect(0, HAND_Y - 6, 160, CH + 6, gfx.FELT)
        g = self.g
        mine = g.turn == 0 and g.phase == BA.PHASE_PLAY and self.hold_until < 0
        for i in range(self.n):
            x, y = self.card_xy(i)
            sel = mine and i == self.cur
            gfx.card(self.hand[i], x, y - (5 if sel else 0), CW, CH, sel=sel)
