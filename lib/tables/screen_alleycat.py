# Alley Cat table: you (seat 0) against the computer (seat 1).
#
# Layout (160x128): top row = computer's score, its hand as card backs (x 82..109), stock
# count; the stock pile and the trick in the middle (computer's card left, yours right);
# three message lines (what happened, what you drew / the hint's reason / the coach, whose
# turn or why not); your hand at the bottom (selected card raised, yellow; the card you just
# drew framed cyan); your score and the target.
import gfx
import table
from engine import alleycat as AC
from engine.cards import ALLEY_CAT
from buttons import const

_F_KEEP = const(8)  # (table)
_F_LIGHT = const(16)

NAMES = ("You", "CPU")
CW = 22  # hand card size
CH = 30  # hand: y 84..114, raised 79
HAND_Y = 84
TW = 20  # trick card size
TH = 28


class AlleyCatScreen(table.GameScreen):
    name = "alleycat"
    KIND = 1
    SEATS = 2
    PHASE_PLAY = AC.PHASE_PLAY
    PHASE_OVER = AC.PHASE_ROUND_OVER
    PHASE_GAME_OVER = AC.PHASE_GAME_OVER
    GAME = AC.AlleyCat

    def __init__(self, app):
        table.GameScreen.__init__(self, app)
        self.cards2 = bytearray(2)

    def new_game(self, seed, level, target, as_captured):
        g = AC.AlleyCat(seed, target, as_captured)
        g.start()
        self.adopt(g, seed, level)
        self.first_msg()

    def first_msg(self):
        g = self.g
        self.say("New round", "You lead" if g.turn == 0 else "CPU leads")

    def sort_key(self, c):
        return AC.rank_index(c)

    def seat_name(self, p):
        return NAMES[p]

    def human_won(self):
        return self.g.winner == 0

    def next_round(self):
        self.g.next_round()
        self.first_msg()

    def why_not(self, c):
        return "Not now"  # any card may be played in Alley Cat

    # ---- events ----------------------------------------------------------------------
    def card_played(self, seat, card):
        pass  # the card shows on the table

    def bid_made(self, seat, move):
        pass

    def trick_done(self, seat, card):
        # the trick's frame redraws what follows gfx.again(0) only: the labels and the
        # target cannot change in a round
        self.flags |= _F_LIGHT
        g = self.g
        cat = g.last_trick_card(0) == ALLEY_CAT or g.last_trick_card(1) == ALLEY_CAT
        w = g.last_winner
        pts = g.last_points
        sp = table.signed(pts)
        if cat:
            m1 = "Alley Cat! %s %s" % (NAMES[w], sp)
        else:
            m1 = ("You take %s" if w == 0 else "CPU takes %s") % sp
        if g.last_drawer == 0:
            m2 = "You draw " + gfx.card_text(g.last_drawn)
        elif g.last_drawer == 1:
            m2 = "CPU draws a card"
        elif g.phase != AC.PHASE_PLAY:
            m2 = "Round over" if g.phase == AC.PHASE_ROUND_OVER else "Game over"
        else:
            m2 = "Stock is empty"
        self.say(m1, m2)
        return cat

    def coach(self):
        """The coach's line at your turn: when the alley cat (5 of diamonds) is about."""
        if not self.coaching():
            return ""
        u = self.can(True)
        if u:
            return u
        g = self.g
        if g.trick_size and g.trick_card(0) == ALLEY_CAT:
            return "Taking the 5\x02 costs points"
        for i in range(self.n):
            if self.hand[i] == ALLEY_CAT:
                return "5\x02 : its taker loses"
        if g.history_size < 2:
            return "Higher card wins the trick"
        return ""

    # ---- drawing ---------------------------------------------------------------------
    def _score_text(self, p):
        g = self.g
        s = "%s %d" % (NAMES[p], g.score(p))
        if not g.as_captured:
            rp = g.round_points(p)
            if rp:
                s += " (" + table.signed(rp) + ")"
        return s

    def draw_table(self):
        g = self.g
        hold = self.hold_until >= 0
        f = self.flags & _F_LIGHT
        if not f:  # the trick's labels, the target (kept by gfx.again)
            gfx.text(3, 61, 19, "CPU", gfx.T_GREY, True)
            gfx.text(4, 118, 19, "You", gfx.T_GREY)
            gfx.text(9, 159, 116, "to %d" % g.target, gfx.T_GREY, True)
            gfx.again(0)
        ss = g.stock_size()
        if f and not hold:
            # mid-trick: the scores and the stock count are as shown (kept lines)
            a = gfx.lines[0]
            b = gfx.lines[8]
        else:  # (a trick's end is light too: trick_done)
            gfx.text(1, 159, 1, "Stock %d" % ss, gfx.T_GREY, True)
            a = self._score_text(1)
            b = self._score_text(0)
        if ss > 0:  # the stock pile
            gfx.back(6, 17, TW, TH)
            if ss > 1:
                gfx.back(9, 15, TW, TH)
        else:
            gfx.frame(6, 17, TW, TH, 9)  # (an empty place)
        # top row: computer's score, its hand as backs (the stock count is right of them)
        gfx.text(0, 1, 1, a, gfx.T_YELLOW if g.turn == 1 else gfx.T_WHITE)
        k = g.hand_size(1)
        for i in range(k):  # between the score (<= 13 characters) and the stock count
            gfx.back(82 + i * 4, 1, 7, 10)
        # trick: computer left (x 64), you right (x 96)
        cards = self.cards2
        cards[0] = 0
        cards[1] = 0
        if hold:
            for i in range(2):
                cards[(g.last_leader + i) & 1] = g.last_trick_card(i)
        else:
            for i in range(g.trick_size):
                cards[(g.leader + i) & 1] = g.trick_card(i)
        for p in range(2):
            x = 64 if p == 1 else 96
            if cards[p]:
                gfx.card(cards[p], x, 15, TW, TH, hold and g.last_winner == p)
            else:
                gfx.frame(x, 15, TW, TH, 9)
        self.draw_msgs()
        # bottom row: your score
        gfx.text(8, 1, 116, b, gfx.T_GREEN if g.turn == 0 else gfx.T_WHITE)
        if not self.flags & _F_KEEP:  # (kept: table.do_move)
            self.draw_hand()

    def draw_msgs(self):
        self.app.dirty = True
        p = gfx.start(1)
        g = self.g
        m3 = self.msg3
        if not m3:
            if self.hold_until >= 0 or g.phase != AC.PHASE_PLAY:
                m3 = ""
            elif g.turn == 0:
                m3 = "Your lead" if g.trick_size == 0 else "Your turn"
            else:
                m3 = "CPU to play"
        gfx.rect(0, 44, 160, 34, gfx.FELT)  # behind inline suit chips
        gfx.text(5, 80, 44, self.msg1, gfx.T_YELLOW, center=True)
        t = self.tip or self.coach()
        gfx.text(6, 80, 55, t or self.msg2, gfx.T_CYAN if t else gfx.T_WHITE, center=True)
        gfx.text(7, 80, 66, m3, gfx.T_RED if self.msg_bad else
                 (gfx.T_GREEN if g.turn == 0 else gfx.T_CYAN), center=True)
        self.msg_bad = False
        gfx.resume(p)

    def draw_hand(self):
        self.app.dirty = True
        g = self.g
        mine = g.turn == 0 and self.hold_until < 0 and g.phase == AC.PHASE_PLAY
        new = g.last_drawn if g.last_drawer == 0 else -1
        p = gfx.start(2)
        gfx.rect(0, HAND_Y - 6, 160, CH + 6, gfx.FELT)
        n = self.n
        step = CW + 3
        x = (160 - (n - 1) * step - CW) // 2
        h = self.hand
        ok = self.ok
        c = self.cur if mine else -1
        card = gfx.card
        e = h[15]  # your card played: a gap (table.do_move), which keeps the dimmed cards
        d = mine or e
        for i in range(n):
            # the selected card raised 5 px; dimmed: not playable now; the card just drawn
            # framed cyan (12) (positional: no keyword arguments); the gap: an empty op
            # (the cards after it keep their ops: not repainted)
            if h[i] != e:
                card(h[i], x, HAND_Y - (5 if i == c else 0), CW, CH, i == c, d and not ok[i],
                     12 if h[i] == new else 2)
            else:
                gfx.put(1, x, HAND_Y, 0, 0)
            x += step
        gfx.resume(p)

    def card_xy(self, i):
        """Top-left of hand card i when not raised (tests)."""
        step = CW + 3
        return ((160 - (self.n - 1) * step - CW) // 2 + i * step, HAND_Y)
