"""Title menu: Continue (naming the saved game and where it resumes), the two games,
Statistics, Settings, Rules. Starting a game over a saved one asks first."""
import gfx
from app import LEVEL_NAMES
from menus import Menu

GAME_NAMES = ("Alley Cat", "Back Alley")
STEP = 11


class TitleScreen(Menu):
    name = "title"
    H = STEP
    pre = 0  # the title's screens loaded ahead (update)

    def build(self):
        app = self.app
        items = []
        self.detail = ""
        if app.saved:
            items.append("Continue")
            # where it resumes: deal / round number kept in the save's spare byte
            ls = app.last_saved
            self.detail = GAME_NAMES[app.saved - 1]
            if ls[6]:
                self.detail += ", %s %d" % ("round" if app.saved == 1 else "deal", ls[6])
        items.append("Alley Cat")
        items.append("Back Alley")
        items.append("Statistics")
        items.append("Settings")
        items.append("Rules")
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
        Menu.draw_items(self)
        if self.detail:
            c = self.sel == 0
            if c:
                self.bar(self.item_y(0) + STEP - 1)
            gfx.text(8, 80, self.item_y(0) + STEP, self.detail,
                     gfx.T_YELLOW if c else gfx.T_CYAN, center=True)
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
