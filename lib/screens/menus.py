"""The list-screen base (Menu) and the pause menu; title.py (with the yes / no question,
AskMenu) and screen_settings.py build on it. (The title menu and the question live there so
that a game keeps only this module loaded, for its pause.)"""
import gc
import sys

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
    ask_lines = None  # a question on screen (title.AskMenu): its lines, else None

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
        if self.ask_lines:
            self.draw_ask()
            return
        self.draw_header()
        self.draw_items()

    # ---- items ---------------------------------------------------------------------------
    def item_y(self, i):
        return ITEM_Y + i * STEP

    def draw_items(self):
        self.app.dirty = True
        p = gfx.start(1)
        n = len(self.items)
        # the bar alone marks the selection (a new text colour would refresh the row's whole
        # 162-px line box as well); the rows lie on the frame's DARK (no background to fill)
        self.bar(self.item_y(self.sel) - 1)
        for i in range(n):
            gfx.text(1 + i, 80, self.item_y(i), self.items[i], gfx.T_WHITE, center=True)
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
            self.ask_key(k)
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
    pre = 0  # modules loaded ahead (update), | 4 once it collected

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
            self.back()
        elif i == 3:
            app.show_rules(self, 0 if g.KIND == 1 else 1)
        else:
            g.save()
            app.to_title()

    def back(self):
        a = self.app
        a.goto(self.game)
        if self.pre:  # what update loaded ahead, not kept in play (collected later)
            m = sys.modules
            m.pop("title", None)
            m.pop("rules", None)

    def key(self, k):
        if k & START:
            self.back()
            return
        Menu.key(self, k)

    def enter(self):
        self.pre = 0  # (back from the rules, which went)
        Menu.enter(self)

    def update(self, now):
        # from .mpy the code its items open loads ahead, one module a step in which nothing
        # was drawn (title ~17, rules ~29 board-ms), so that choosing one imports nothing:
        # the title, then the rules (both gone again when play resumes). Only where the heap
        # has room to spare (a board has ~30 KB then, after a collection in such a step at
        # most): where it has not, they load when chosen.
        a = self.app
        p = self.pre & 3
        if p < 2 and not a.dirty and __file__[-3] == "m":
            if gc.mem_free() > 20000:
                a.need(("title", "rules")[p], False)
                self.pre += 1
            elif not self.pre & 4:  # garbage may hold the room: one collection (4) first
                self.pre |= 4
                gc.collect()
