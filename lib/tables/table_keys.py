"""The card tables' keys (a base of table.GameScreen, apart to keep each module small to
compile on the board): Start = pause, Select = last trick, the panels, game over's
Play again / Menu, the next deal or round, and choosing, hinting and playing a card."""
import gfx
from fx import T_BAD, T_MOVE
from buttons import A, B, START, SELECT, LEFT, RIGHT, UP, DOWN, const

_OV_NONE = const(0)  # GameScreen.overlay: none, the last trick, the score sheet
_OV_LAST = const(1)
_OV_SCORES = const(2)
# GameScreen.th, the bot's decision: whose, | _TH_DONE once made (bot.move); GameScreen.flags
# (one field each: the screens' member tables stay as small as before). Underscore consts:
# no room taken on the board; the same values in table_keys, table, screen_backalley(_bid)
_TH_CPU = const(1)  # the computer's move for the seat to play
_TH_HINT = const(2)  # your hint (the Hard bot's move for you), searched while you look
_TH_DONE = const(4)
_F_ASKED = const(1)  # Up while the hint is searched: shown when it is ready
_F_MOVED = const(2)  # a move was drawn in this step: thinking waits for the next
_F_BOX = const(4)  # Back Alley: the bid box is placed (on the hint's bid, or moved by you)


class TableKeys:
    def key(self, k):
        g = self.g
        self.flags |= _F_MOVED  # a key's answer reaches the screen before any thinking
        if k & B and not self.overlay and self.can():
            self.take_back()  # (else B: back from a panel, Menu at game over, as before)
            return
        if self.hold_until >= 0:
            self.end_hold()
            if not (k & START):
                return
        if k & START:
            self.overlay = _OV_NONE
            self.app.open_pause(self)
            return
        if self.overlay:
            if self.overlay == _OV_SCORES and k & (UP | DOWN):
                self.scroll += 1 if k & DOWN else -1  # the score sheet scrolls
            else:
                self.overlay = _OV_NONE
            self.draw_all()
            return
        if g.phase == self.PHASE_GAME_OVER:
            if k & (A | B):
                again = self.again and k & A
                self.drop()
                if again:
                    self.app.new_game(self.KIND)
                else:
                    self.app.to_title()
            elif k & (LEFT | RIGHT | UP | DOWN):
                self.again = not self.again
                self.draw_all()
            return
        if k & SELECT:
            self.show(_OV_LAST)
            return
        if g.phase == self.PHASE_OVER:
            if k & A:
                self.msg1 = ""
                self.msg2 = ""
                self.msg3 = ""
                self.tip = ""
                self.next_round()
                self.forget()
                self.app.changed()  # a new deal or round: written within app.SAVE_WITHIN_MS
                self.save()
                self.cur = 0
                self.load_hand()
                self.draw_all()
            return
        if g.turn == 0:
            self.human_key(k)

    # ---- take-back (Easy, Normal): B at the table (key) ----
    def mark(self, move):
        # before your move: the game as it is (self.old, table.py), if the move is legal
        # (a refused one keeps the take-back of your move before)
        g = self.g
        o = self.old
        if o is None:  # (the engine's save, 146 / 79 bytes at most, then 3 bytes: table.py)
            o = self.old = bytearray(149 if self.SEATS == 4 else 82)
        m = self.moves  # (load_hand fills it again after the move)
        for i in range(g.legal_moves(m)):
            if m[i] == move:
                g.save(o)
                a = self.app
                o[-2] = a.hist_n | (128 if a.hist_open else 0)
                n = self.SEATS
                o[-3] = (g.history_size // n + 1) * n if g.phase == self.PHASE_PLAY else 0
                if o[-1] == 1:  # (the coach's word about it was seen)
                    o[-1] = 2

    def take_back(self):
        # The game as it was before your last move (self.old, made by mark), the computers'
        # moves after it gone too; the game is marked (statistics: not for the best score, a
        # win keeps the streak as it was: appx.finish). (Here, not in a module of its own:
        # an import on a key costs a collection on the board.)
        a = self.app
        o = self.old
        self.g.load(o)
        a.hist_n = o[-2] & 127
        a.hist_open = o[-2] > 127
        o[-3] = 255  # (one take-back: the move before is not kept)
        self.took = 1
        a.changed()
        # no thinking, no move delay, no trick or panel on show
        self.hand[15] = 0
        self.summary = False
        a.fx.stop_flash()
        self.reset_view()
        self.say("Move taken back")
        self.enter()  # (Back Alley: the bid box placed again)

    def can(self, tip=False):
        # True when a take-back can be made now (the next trick not begun, the game not
        # over); tip: the coach's line that says so, once a game, else ""
        o = self.old
        g = self.g
        k = o is not None and g.history_size <= o[-3] < 255 and \
            g.phase != self.PHASE_GAME_OVER
        if not tip:
            return k
        if k and o[-1] < 2:
            o[-1] = 1
            return "B takes back your move"
        return ""

    def human_key(self, k):
        """Choosing and playing a card (Back Alley overrides this while bidding)."""
        n = self.n
        if k & (LEFT | RIGHT) and n > 1:  # wraps around, like the menus
            self.cur = (self.cur + (1 if k & RIGHT else n - 1)) % n
            self.app.fx.tone(T_MOVE)
            self.draw_hand()
        elif k & UP:
            self.ask_hint()
        elif k & A and self.n > 0:
            c = self.hand[self.cur]
            r = self.do_move(c, self.app.now)
            if r:
                self.msg_bad = True
                self.msg3 = self.why_not(c)
                self.app.fx.tone(T_BAD)
                self.draw_msgs()

    # ---- the hint: searched in the background while it is your turn (table.ponder) ----
    def ask_hint(self):
        """Up: the hint at once when its search is done, else "thinking..." until it is."""
        if self.th == _TH_HINT | _TH_DONE:
            self.show_hint()
        else:
            self.flags |= _F_ASKED
            self.msg3 = "Hint: thinking..."
            self.draw_msgs()

    def hint_ready(self):
        """The hint's search is done (called at each step of your turn from then on)."""
        if self.flags & _F_ASKED:
            self.flags &= ~_F_ASKED
            self.show_hint()

    def show_hint(self):
        """The Hard bot's card selected and named, its reason on the tip line."""
        b = self.bot
        m = b.move
        self.tip = b.reason
        for i in range(self.n):
            if self.hand[i] == m:
                self.cur = i
        self.msg3 = "Hint: play " + gfx.card_text(m)
        self.draw_hand()
        self.draw_msgs()
