"""Title menu: Continue (naming the saved game and where it resumes), the two games,
Statistics, Settings, Rules. Starting a game over a saved one asks first."""
import gfx
from menus import Menu, T_MOVE, A, B, START, LEFT, RIGHT, UP, DOWN

GAME_NAMES = ("Alley Cat", "Back Alley")
STEP = 11


# (the question is not in menus.py, which a game keeps loaded for its pause; the settings'
# reset asks it too)
class AskMenu(Menu):
    ask_code = 0  # what a yes does (the subclass's confirmed(code))
    ask_back = None  # (items, sel) to restore

    def ask(self, lines, yes, code):
        """Ask lines (title first) with the answers No (selected) and yes; a yes calls
        self.confirmed(code)."""
        self.ask_back = (self.items, self.sel)
        self.ask_lines = lines
        self.ask_code = code
        self.items = ["No, go back", yes]
        self.sel = 0
        self.draw()

    def ask_key(self, k):
        if k & (UP | DOWN | LEFT | RIGHT):
            self.sel = 1 - self.sel
            self.app.fx.tone(T_MOVE)
            self.draw_answers()
        elif k & A:
            self.answer(self.sel == 1)
        elif k & (B | START):
            self.answer(False)

    def draw_ask(self):
        q = self.ask_lines
        # the question's panel (4, 4, 152, 120), replacing Menu.draw's clear (nothing is
        # filled before refresh())
        gfx.panel_screen(4)
        gfx.text(0, 80, 8, q[0], gfx.T_YELLOW, center=True)
        for i in range(1, len(q)):
            gfx.text(i, 80, 14 + 13 * i, q[i], gfx.T_WHITE, center=True)
        self.draw_answers()

    def draw_answers(self):
        self.app.dirty = True
        p = gfx.start(1)
        for i in range(2):
            y = 72 + 15 * i
            s = i == self.sel
            if s:  # (the other's place is the panel's colour: nothing to fill there)
                gfx.rect(14, y - 2, 132, 14, gfx.NAVY)
            gfx.text(6 + i, 80, y, self.items[i], gfx.T_YELLOW if s else gfx.T_WHITE,
                     center=True)
        gfx.text(10, 80, 106, "A: choose  B: no", gfx.T_CYAN, center=True)
        gfx.resume(p)

    def answer(self, yes):
        self.items, self.sel = self.ask_back
        self.ask_lines = None
        self.ask_back = None
        if yes:
            self.confirmed(self.ask_code)  # may leave this screen
        a = self.app
        # (not drawn when the yes asked App.step to leave: pending, 4 while in a key)
        if a.screen is self and self.ask_lines is None and a.pending in (0, 4):
            self.draw()

    def confirmed(self, code):
        pass


class TitleScreen(AskMenu):
    name = "title"
    H = STEP
    pre = 0  # the title's screens loaded ahead (update)

    def build(self):
        app = self.app
        items = []
        self.detail = ""
        if app.saved:
            items.append("Continue")
            # where it resumes: byte 6 of the save's header (appx.write)
            ls = app.last_saved
            self.detail = GAME_NAMES[app.saved - 1]
            if ls[6]:
                self.detail += ", %s %d" % ("round" if app.saved == 1 else "deal", ls[6])
        items.extend(("Alley Cat", "Back Alley", "Statistics", "Settings", "Rules"))
        self.note = app.notice
        app.notice = ""
        # back from Settings / Statistics / Rules: the same item stays selected
        back = getattr(app, "title_item", None)
        self.sel = items.index(back) if back in items else 0
        app.title_item = None
        return items

    def draw_header(self):
        gfx.card(0x15, 6, 6, 18, 26)  # the alley cat, 5 of diamonds
        gfx.card(0x42, 136, 6, 18, 26)  # Big Blooper
        gfx.text(0, 80, 6, "ALLEY CAT &", gfx.T_YELLOW, center=True)
        gfx.text(9, 80, 20, "BACK ALLEY", gfx.T_CYAN, center=True)

    def item_y(self, i):
        # Continue takes two rows: its name and where the saved game resumes
        return 36 + i * STEP + (STEP if self.detail and i > 0 else 0)

    def draw_items(self):
        p = gfx.start(1)
        AskMenu.draw_items(self)
        if self.detail:
            c = self.sel == 0
            if c:
                self.bar(self.item_y(0) + STEP - 1)
            gfx.text(8, 80, self.item_y(0) + STEP, self.detail, gfx.T_CYAN, center=True)
        gfx.resume(p)

    def choose(self, i):
        app = self.app
        it = self.items[i]
        if it == "Continue":
            app.pending = -1  # (app.step does it once this code returned, as below)
        elif it in GAME_NAMES:
            kind = 1 if it == "Alley Cat" else 2
            if app.saved:
                # replacing a saved game: ask (the abandoned game stays counted as lost)
                self.ask(("Start a new game?", "This ends your saved",
                          self.detail + ".", "It counts as a loss."),
                         "Start new game", kind)
            else:
                app.pending = kind
        else:
            app.title_item = it
            if it == "Statistics":
                app.goto(app.load("screen_settings", "StatsScreen"))
            elif it == "Settings":
                app.goto(app.load("screen_settings", "SettingsScreen"))
            else:
                app.show_rules(self, 0)

    def confirmed(self, kind):
        self.app.pending = kind

    def update(self, now):
        # from .mpy the code of Settings / Statistics and Rules loads ahead, one module a
        # step in which the title drew nothing (~25 board-ms each), so that opening them
        # imports nothing; they go with the title (app.leave_title). (Not what both tables
        # share: left among the title's holes when it goes, it needs 109 KB on mp32.)
        a = self.app
        if self.pre < 2 and not a.dirty and __file__[-3] == "m":
            a.need(("screen_settings", "rules")[self.pre], False)
            self.pre += 1
