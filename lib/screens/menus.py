"""The list-screen base (Menu, with a yes/no question for destructive choices) and the pause
menu; title.py, screen_settings.py build on it. (The title menu lives in its own module so
that pausing a game loads only this one.)"""
import gfx
from fx import T_MOVE
from buttons import A, B, START, LEFT, RIGHT, UP, DOWN

ITEM_Y = 44
STEP = 12


class Menu:
    name = "menu"
    TITLE = ""
    WRAP = True  # Up at the top goes to the bottom (Settings: no, Reset is there)
    H = STEP  # row height

    def __init__(self, app):
        self.app = app
        self.sel = 0
        self.items = []
        self.note = ""
        self.ask_lines = None  # a question on screen: its lines, else None
        self.ask_code = 0  # what a yes does (the subclass's confirmed(code))
        self.ask_back = None  # (items, sel) to restore

    def build(self):
        return []

    def enter(self):
        self.items = self.build()
        if self.sel >= len(self.items):
            self.sel = 0
        self.draw()

    def draw_header(self):
        gfx.text(0, 80, 8, self.TITLE, gfx.T_YELLOW, center=True)

    def draw(self):
        self.app.dirty = True
        gfx.clear(gfx.DARK)
        if self.ask_lines:
            self.draw_ask()
            return
        self.draw_header()
        self.draw_items()

    # ---- a question before a destructive choice ------------------------------------------
    def ask(self, lines, yes, code):
        """Ask lines (title first) with the answers No (selected) and yes; a yes calls
        self.confirmed(code)."""
        self.ask_back = (self.items, self.sel)
        self.ask_lines = lines
        self.ask_code = code
        self.items = ["No, go back", yes]
        self.sel = 0
        self.draw()

    def draw_ask(self):
        q = self.ask_lines
        gfx.panel(4, 4, 152, 120)
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
            gfx.rect(14, y - 2, 132, 14, gfx.NAVY if s else 11)
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

    # ---- items ---------------------------------------------------------------------------
    def item_y(self, i):
        return ITEM_Y + i * STEP

    def draw_items(self):
        self.app.dirty = True
        p = gfx.start(1)
        n = len(self.items)
        for i in range(n):  # (on the frame's DARK: no background of their own to fill)
            y = self.item_y(i)
            if i == self.sel:
                self.bar(y - 1)
            gfx.text(1 + i, 80, y, self.items[i], gfx.T_YELLOW if i == self.sel else gfx.T_WHITE,
                     center=True)
        gfx.text(10, 80, 116, self.note, gfx.T_RED, center=True)
        gfx.resume(p)

    def bar(self, y):
        h = self.H
        gfx.rect(14, y, 132, h, gfx.NAVY)
        gfx.rect(14, y, 2, h, gfx.YELLOW)
        gfx.rect(144, y, 2, h, gfx.YELLOW)

    def key(self, k):
        n = len(self.items)
        if self.ask_lines:
            if k & (UP | DOWN | LEFT | RIGHT):
                self.sel = 1 - self.sel
                self.app.fx.tone(T_MOVE)
                self.draw_answers()
            elif k & A:
                self.answer(self.sel == 1)
            elif k & (B | START):
                self.answer(False)
            return
        if k & UP:
            if self.sel > 0 or self.WRAP:
                self.sel = (self.sel - 1) % n
                self.app.fx.tone(T_MOVE)
                self.draw_items()
        elif k & DOWN:
            if self.sel < n - 1 or self.WRAP:
                self.sel = (self.sel + 1) % n
                self.app.fx.tone(T_MOVE)
                self.draw_items()
        elif k & A:
            self.choose(self.sel)
        elif k & B:
            self.back()
        elif k & (LEFT | RIGHT):
            self.side(self.sel, 1 if k & RIGHT else -1)

    def choose(self, i):
        pass

    def back(self):
        pass

    def side(self, i, d):
        pass

    def update(self, now):
        pass

    def waiting(self):
        return True

    def state(self):
        return "sel=%d item=%s" % (self.sel, self.items[self.sel] if self.items else "")


class PauseScreen(Menu):
    name = "pause"
    TITLE = "Paused"

    def open(self, game):
        self.game = game
        self.sel = 0
        self.app.goto(self)

    def build(self):
        return ["Resume", "Last trick", "Score sheet", "Rules", "Quit to menu"]

    def draw_header(self):
        gfx.text(0, 80, 8, self.TITLE, gfx.T_YELLOW, center=True)
        gfx.text(9, 80, 22, "game is saved", gfx.T_WHITE, center=True)

    def choose(self, i):
        app = self.app
        g = self.game
        if i < 3:  # (1, 2: the last trick or the score sheet, the table not drawn first)
            g.overlay = i
            g.scroll = 255  # the sheet shows its latest rows first
            app.goto(g)
        elif i == 3:
            app.show_rules(self, 0 if g.KIND == 1 else 1)
        else:
            g.save()
            app.to_title()

    def back(self):
        self.app.goto(self.game)

    def key(self, k):
        if k & START:
            self.back()
            return
        Menu.key(self, k)
