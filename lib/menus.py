"""The list-screen base (Menu) and the pause menu; title.py, screen_settings.py build on it.
(The title menu lives in its own module so that pausing a game loads only this one.)"""
import gfx
from fx import T_MOVE
from buttons import A, B, START, LEFT, RIGHT, UP, DOWN

ITEM_Y = 44
STEP = 12


class Menu:
    name = "menu"
    TITLE = ""

    def __init__(self, app):
        self.app = app
        self.sel = 0
        self.items = []
        self.note = ""

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
        self.draw_header()
        self.draw_items()

    def item_y(self, i):
        return ITEM_Y + i * STEP

    def draw_items(self):
        self.app.dirty = True
        n = len(self.items)
        y0 = self.item_y(0)
        gfx.rect(0, y0 - 1, 160, self.item_y(n) - y0 + 1, gfx.DARK)
        for i in range(n):
            y = self.item_y(i)
            if i == self.sel:
                gfx.rect(14, y - 1, 132, STEP, gfx.NAVY)
                gfx.rect(14, y - 1, 2, STEP, gfx.YELLOW)
                gfx.rect(144, y - 1, 2, STEP, gfx.YELLOW)
            gfx.text(1 + i, 80, y, self.items[i], gfx.T_YELLOW if i == self.sel else gfx.T_WHITE,
                     center=True)
        gfx.text(10, 80, 116, self.note, gfx.T_RED, center=True)

    def key(self, k):
        n = len(self.items)
        if k & UP:
            self.sel = (self.sel - 1) % n
            self.app.fx.tone(T_MOVE)
            self.draw_items()
        elif k & DOWN:
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
        gfx.text(9, 80, 22, "game is saved", gfx.T_GREY, center=True)

    def choose(self, i):
        app = self.app
        g = self.game
        if i == 0:
            app.goto(g)
        elif i == 1:
            app.goto(g)
            g.show(1)
        elif i == 2:
            app.goto(g)
            g.show(2)
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
