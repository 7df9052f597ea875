"""What both card tables share: the hand and its cursor, pacing of computer moves and of
finished tricks, hints, Select = last trick, Start = pause, save at safe points, summary
panels. screen_alleycat / screen_backalley fill in the game-specific parts.
"""
import gfx
from fx import due, T_PLAY, T_TRICK, T_CAT, T_WIN, T_LOSE
from engine.bots import Bot
from table_keys import TableKeys
from buttons import const

_TH_CPU = const(1)  # (table_keys)
_TH_HINT = const(2)
_TH_DONE = const(4)
_F_ASKED = const(1)
_F_MOVED = const(2)
_F_KEEP = const(8)  # the next draw_all keeps the hand's ops: they cannot have changed
_F_LIGHT = const(16)  # ... and the table's part before gfx.again(0) (mid-trick: gfx.again())
# hand[15]: your card played, shown as a gap in its slot until the trick is cleared, else 0

_S_COACH = const(8)  # app.S_COACH, app.S_AUTOPLAY (settings bytes; app itself is not imported)
_S_AUTOPLAY = const(9)
_OV_NONE = const(0)  # (table_keys)

_MASK = const(0x1FFFFFFF)


def signed(n):
    return ("+%d" % n) if n > 0 else ("%d" % n)


class GameScreen(TableKeys):
    name = "table"
    KIND = 0
    SEATS = 2
    PHASE_PLAY = 1
    PHASE_OVER = 2  # round / hand over
    PHASE_GAME_OVER = 3
    GAME = None  # the engine class (AlleyCat / BackAlley)
    summary = False  # (Back Alley: its bidding summary on show; a take-back clears it)

    def __init__(self, app):
        self.app = app
        # one bot: plays the computer seats and searches your hint. Built first, before the
        # screen's and the game's objects (the heap is least fragmented right after the
        # game's modules) and kept across games until the modules go (App.drop_game)
        self.bot = Bot(2, 0, self.GAME)
        self.g = None
        self.th = 0  # the bot's decision (in slices): _TH_CPU / _TH_HINT, | _TH_DONE once made
        self.flags = 0  # F_ASKED, F_MOVED, F_BOX (table_keys)
        self.seed = 0
        self.level = 0
        self.hand = bytearray(16)
        self.n = 0
        self.cur = 0
        self.moves = bytearray(16)
        self.ok = bytearray(16)  # 1 where hand[i] may be played now (dimmed when 0)
        self.forced = 0  # the only playable card, else 0 (auto-play)
        self.tip = ""  # the hint's reason, else the coach's line (until the next move)
        self.cpu_at = -1
        self.hold_until = -1
        self.overlay = _OV_NONE
        self.msg1 = ""
        self.msg2 = ""
        self.msg3 = ""  # hint / why a card is not allowed (until the next move)
        self.msg_bad = False
        self.save_due = False
        # Take-back (Easy, Normal; table_keys.mark, made at your first move and kept like
        # the bot): the game as it was before your last move (its engine save: 146 bytes at
        # most in Back Alley, 79 in Alley Cat, ENGINE_API.md), then old[-3]: the history
        # size up to which it may be taken back (the next trick not begun; 255 none);
        # old[-2]: App's score-sheet rows then (hist_n | 128 if hist_open); old[-1]: the
        # coach said B takes back (1 shown, 2 done). (Bytes, not attributes: every new name
        # costs room on the board)
        self.old = None
        self.took = 0  # 1: this game had a take-back (saved: appx.write; statistics)
        self.scroll = 0  # first row shown by the score sheet (it clamps it)
        self.again = True  # game over: Play again (else Menu) selected

    # ---- game objects --------------------------------------------------------------------
    def drop(self):
        self.g = None
        self.forget()

    def adopt(self, g, seed, level):
        """Play g (just started or loaded) with the screen's bot."""
        self.g = g
        self.seed = seed
        self.level = level
        if self.old:
            self.old[-3] = 255
            self.old[-1] = 0
        self.took = 0
        self.reset_view()

    def load_game(self, buf, level, seed):
        g = self.GAME(seed)
        if g.load(buf):
            return False
        self.adopt(g, seed, level)
        self.say("Game resumed")
        return True

    def ponder(self):
        """One slice of thinking (bot.slice work units, ~30 ms on the board) for who acts
        next: the computer's move, or your hint. False when this step did none: nothing
        to think about, or it is done (bot.move; a hint is then shown if it is awaited)."""
        if self.cpu_turn():
            want = _TH_CPU
        elif self.my_turn():
            want = _TH_HINT
        else:
            return False
        if self.th == want | _TH_DONE:
            if want == _TH_HINT:
                self.hint_ready()
            return False
        b = self.bot
        if self.th != want:
            # one bot plays every computer seat (a bot only sees the seat to move) and
            # searches your hint (Hard): never at the same time. A move is a function of its
            # level, seed and what it sees
            lv = 2
            s = self.seed + 7919
            if want == _TH_CPU:
                lv = self.level
            elif self.level != 2:  # Hard's hint: at Hard the computers' own seed, else another
                s = self.seed ^ 0x2545F49
            s &= 0x3FFFFFFF
            b.level = lv
            b.seed = s
            b.begin(self.g)
            self.th = want
            w = b.slice >> 1  # (begin() took its share of this step; any slicing is exact)
        else:
            w = b.slice
        if b.think(w):
            self.th = want | _TH_DONE
        return True

    def forget(self):
        """The position changed: what the bot thought or was thinking no longer holds (a
        move or key drawn in this step still keeps thinking for the next: _F_MOVED)."""
        self.th = 0
        self.flags &= _F_MOVED

    def coaching(self):
        return self.app.settings[_S_COACH] and self.my_turn() and self.hold_until < 0

    def reset_view(self):
        self.forget()
        self.cpu_at = -1
        self.hold_until = -1
        self.overlay = _OV_NONE
        self.msg1 = ""
        self.msg2 = ""
        self.msg3 = ""
        self.msg_bad = False
        self.tip = ""
        self.cur = 0

    def save(self, force=False):
        """A safe point: the game is written if it changed and the play not in nvm nears
        5 minutes (every write erases the nvm flash block: app.SAVE_WITHIN_MS)."""
        g = self.g
        if g is not None and g.phase != self.PHASE_GAME_OVER:
            self.app.save_game(self.KIND, self.level, self.seed, g, force)

    def checkpoint(self):
        """Write the game now if it changed: a pause, a new game ending a saved one."""
        self.save(True)

    # ---- state ---------------------------------------------------------------------------
    def cpu_turn(self):
        g = self.g
        return g is not None and g.turn > 0 and g.phase < self.PHASE_OVER

    def my_turn(self):
        g = self.g
        return g is not None and g.turn == 0 and g.phase < self.PHASE_OVER

    def waiting(self):  # (then: a forced card about to be played for you, auto-play; Up's hint)
        return self.hold_until < 0 and not self.cpu_turn() and not self.save_due and \
            not (self.forced and self.app.settings[_S_AUTOPLAY] and self.my_turn()) and \
            not self.flags & _F_ASKED and not self.box_pending()

    def box_pending(self):
        return False  # (Back Alley: the bid box waits for the hint's bid)

    # ---- hand ----------------------------------------------------------------------------
    def load_hand(self, s=1):
        g = self.g
        n = self.n
        h = self.hand
        if s:  # (s=0: a computer moved, no trick ended: your cards are as they were)
            h[15] = 0  # (a gap closes up)
            n = g.hand(0, h)
            self.n = n
            k = self.sort_key
            o = self.ok  # (here each sorted card's key: one sort_key call a card; ok is set below)
            for i in range(n):  # insertion sort, no allocation
                c = h[i]
                kc = k(c)
                j = i - 1
                while j >= 0 and o[j] > kc:
                    h[j + 1] = h[j]
                    o[j + 1] = o[j]
                    j -= 1
                h[j + 1] = c
                o[j + 1] = kc
        if self.cur >= n:
            self.cur = n - 1 if n > 0 else 0
        # which cards may be played now (all of them when it is not your card to play)
        ok = self.ok
        mv = self.moves
        m = g.legal_moves(mv) if g.turn == 0 and g.phase == self.PHASE_PLAY else 0
        self.forced = mv[0] if m == 1 else 0
        for i in range(n):
            v = 1 if m == 0 else 0
            for j in range(m):
                if mv[j] == h[i]:
                    v = 1
            ok[i] = v
        if m and not ok[self.cur]:  # your turn: the cursor goes to the first playable card
            for i in range(n - 1, -1, -1):
                if ok[i]:
                    self.cur = i

    # ---- loop ----------------------------------------------------------------------------
    def enter(self):
        self.cpu_at = -1
        self.load_hand()
        self.draw_all()

    def update(self, now):
        if self.flags & _F_MOVED:
            # what this step drew (a move, a key's answer) reaches the screen first: no
            # thinking slice on top of it
            self.flags &= ~_F_MOVED
            return
        if self.hold_until >= 0:
            if due(now, self.hold_until):
                self.end_hold()
            elif self.g.phase >= self.PHASE_OVER:  # the panel's code loads meanwhile
                self.app.need("sheet_" + self.name)
            else:
                self.ponder()  # the next seat may think meanwhile
            return
        g = self.g
        if self.forced and self.app.settings[_S_AUTOPLAY] and self.my_turn():
            # auto-play: your only playable card goes after the computer's delay
            if self.cpu_at < 0:
                self.cpu_at = (now + self.app.cpu_ms()) & _MASK
            elif due(now, self.cpu_at):
                self.cpu_at = -1
                self.do_move(self.forced, now)
        elif self.cpu_turn():
            # one slice of thinking per step, inside the move delay: the move shows when
            # both are over
            if self.cpu_at < 0:
                self.app.fx.turn(self.KIND, g.turn)
                self.cpu_at = (now + self.app.cpu_ms()) & _MASK
            if not self.ponder() and due(now, self.cpu_at):
                self.cpu_at = -1
                self.do_move(self.bot.move, now)
        if self.save_due and self.hold_until < 0 and not self.cpu_turn():
            # a safe point: the person is to act (or the round is over): save, show turn
            self.save_due = False
            self.save()
            self.app.fx.turn(self.KIND, g.turn if g.phase < self.PHASE_OVER else -1)
        elif self.my_turn() and not self.flags & _F_MOVED:
            self.ponder()  # your hint, in the background

    def end_hold(self):
        self.hold_until = -1
        self.app.fx.stop_flash()
        k = self.hand[15]
        if k:
            self.load_hand()  # the trick is cleared: your hand closes up (with a card drawn)
        self.after_hold()
        g = self.g
        if g.phase == self.PHASE_PLAY and g.history_size:
            # the hold's frame showed the trick's end (the tricks, scores, stock): the trick,
            # the turn and the messages change, and your hand if it closed or is yours to play
            self.flags |= _F_LIGHT | (_F_KEEP if g.turn and not k else 0)
        self.draw_all()

    def after_hold(self):
        pass

    def do_move(self, move, now):
        g = self.g
        seat = g.turn
        phase = g.phase
        before = g.trick_size
        if not seat and self.level < 2:
            self.mark(move)  # (table_keys: for a take-back)
        r = g.play(move)
        if r:
            return r
        self.forget()
        self.flags = _F_MOVED
        self.app.changed()  # the play not in nvm is timed from here
        self.save_due = True
        fx = self.app.fx
        if phase == self.PHASE_PLAY:
            fx.tone(T_PLAY)
            if not seat:
                # your card leaves a gap in its slot until the trick is cleared (end_hold):
                # nothing else in the hand moves or changes now (it is fetched again then)
                self.hand[15] = move
            if g.trick_size == 0 and before > 0:
                cat = self.trick_done(seat, move)
                self.hold_until = (now + self.app.hold_ms()) & _MASK
                fx.flash(self.KIND, g.last_winner, now, self.app.hold_ms(), cat)
                if g.phase == self.PHASE_GAME_OVER:
                    won = self.human_won()
                    fx.tone(T_WIN if won else T_LOSE)
                    self.app.game_finished(self.KIND, self.level, won,
                                           g.team_score(0) if self.KIND == 2 else g.score(0))
                else:
                    fx.tone(T_CAT if cat else T_TRICK)
            else:
                self.card_played(seat, move)
        else:
            self.bid_made(seat, move)  # (a game ends only on a card: engine.backalley.play)
        self.msg3 = ""
        self.tip = ""
        if not self.hand[15]:
            self.load_hand(0 if seat and self.hold_until < 0 else 1)
        if g.trick_size and phase == self.PHASE_PLAY:
            # mid-trick: what the move cannot have changed is kept (draw_all): the table's
            # part before gfx.again(0); if a computer moved and another is next, your hand
            # (no cursor, no dimmed card, no card drawn)
            self.flags |= _F_LIGHT | (_F_KEEP if seat and g.turn else 0)
        self.draw_all()
        return 0

    def say(self, m1, m2=""):
        self.msg1 = m1
        self.msg2 = m2

    def show(self, ov):
        self.overlay = ov
        self.draw_all()

    # ---- drawing -------------------------------------------------------------------------
    def draw_all(self):
        self.app.dirty = True
        g = self.g
        p = self.overlay or (self.hold_until < 0 and g.phase >= self.PHASE_OVER)
        # what the move could not change is kept, not recorded again (draw_table skips it)
        f = 0 if p else self.flags
        if f & _F_LIGHT:
            gfx.again()
        else:
            gfx.clear()
            if f & _F_KEEP:
                gfx.again(2)
        if self.hold_until < 0:  # NeoPixels: whose turn (a finished trick flashes instead)
            self.app.fx.turn(self.KIND, g.turn if g.phase < self.PHASE_OVER else -1)
        if p:
            # a full-screen panel (its module came with the game: app._NEEDS)
            self.app.need("sheet_" + self.name).draw(self)
        else:
            self.draw_table()
        self.flags &= ~(_F_KEEP | _F_LIGHT)
