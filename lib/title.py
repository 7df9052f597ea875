"""Title menu: Continue, the two games, Statistics, Settings, Rules."""
import gfx
from menus import Menu, STEP


class TitleScreen(Menu):
    name = "title"

    def build(self):
        app = self.app
        items = []
        if app.saved:
            items.append("Continue")
        items.append("Alley Cat")
        items.append("Back Alley")
        items.append("Statistics")
        items.append("Settings")
        items.append("Rules")
        self.note = app.notice
        app.notice = ""
        return items

    def draw_header(self):
        gfx.card(0x15, 6, 6, 18, 26)  # the alley cat, 5 of diamonds
        gfx.card(0x42, 136, 6, 18, 26)  # Big Blooper
        gfx.text(0, 80, 6, "ALLEY CAT &", gfx.T_YELLOW, center=True)
        gfx.text(9, 80, 20, "BACK ALLEY", gfx.T_CYAN, center=True)

    def item_y(self, i):
        return 40 + i * STEP

    def choose(self, i):
        app = self.app
        it = self.items[i]
        if it == "Continue":
            app.resume()
        elif it == "Alley Cat":
            app.new_game(1)
        elif it == "Back Alley":
            app.new_game(2)
        elif it == "Statistics":
            app.goto(app.load("screen_settings", "StatsScreen"))
        elif it == "Settings":
            app.goto(app.load("screen_settings", "SettingsScreen"))
        elif it == "Rules":
            app.show_rules(self, 0)
