"""Settings and statistics screens (loaded only while shown)."""
import gfx
from app import LEVEL_NAMES
import menus
from fx import T_MOVE
from buttons import A, B, START

_SETTING_NAMES = ("Difficulty", "AC scoring", "AC target", "BA deals", "Strict lead",
                  "Sound", "Brightness", "Speed")
_SETTING_VALUES = (LEVEL_NAMES, ("round end", "captured"), ("22", "44", "66"),
                   ("25", "13", "7", "3", "1"), ("off", "on"), ("off", "on"),
                   ("25%", "50%", "75%", "100%"), ("slow", "normal", "fast"))


class SettingsScreen(menus.Menu):
    name = "settings"
    TITLE = "Settings"

    def build(self):
        s = self.app.settings
        items = []
        for i in range(len(_SETTING_NAMES)):
            name = _SETTING_NAMES[i]
            val = _SETTING_VALUES[i][s[i]]
            items.append(name + " " * (13 - len(name)) + val)
        items.append("Reset statistics")
        self.note = ""
        return items

    def item_y(self, i):
        return 18 + i * 11

    def draw_header(self):
        gfx.text(0, 80, 2, "Settings  (B: back)", gfx.T_YELLOW, center=True)

    def draw_items(self):
        self.app.dirty = True
        gfx.rect(0, 16, 160, 112, gfx.DARK)
        for i in range(len(self.items)):
            y = self.item_y(i)
            if i == self.sel:
                gfx.rect(2, y - 1, 156, 11, gfx.NAVY)
            gfx.text(1 + i, 6, y - 1, self.items[i],
                     gfx.T_YELLOW if i == self.sel else gfx.T_WHITE)
        if self.note:
            gfx.text(10, 80, 116, self.note, gfx.T_GREEN, center=True)
        else:
            gfx.hide(10)

    def side(self, i, d):
        app = self.app
        if i >= len(_SETTING_NAMES):
            return
        from app import LIMITS
        s = app.settings
        s[i] = (s[i] + d) % LIMITS[i]
        app.apply_settings()
        app.fx.tone(T_MOVE)
        name = _SETTING_NAMES[i]
        self.items[i] = name + " " * (13 - len(name)) + _SETTING_VALUES[i][s[i]]
        self.note = ""
        self.draw_items()

    def choose(self, i):
        if i < len(_SETTING_NAMES):
            self.side(i, 1)
        else:
            a = self.app
            for i in range(24):
                a.stats[i] = 0
            a.rec.write(1, a.stats, 24)  # records.STATS
            self.note = "Statistics cleared"
            self.draw_items()

    def back(self):
        self.app.save_settings()
        self.app.to_title()
        self.app.unload("screen_settings")

    def key(self, k):
        if k & START:
            self.back()
            return
        menus.Menu.key(self, k)


class StatsScreen(menus.Menu):
    name = "stats"

    def build(self):
        return ["Back"]

    def draw(self):
        app = self.app
        self.app.dirty = True
        gfx.clear(gfx.DARK)
        gfx.text(0, 80, 2, "Statistics", gfx.T_YELLOW, center=True)
        gfx.text(1, 158, 16, "won/played", gfx.T_GREY, right=True)
        li = 2
        y = 16
        for game in (1, 2):
            gfx.text(li, 4, y, "Alley Cat" if game == 1 else "Back Alley", gfx.T_CYAN)
            li += 1
            y += 12
            for lv in range(3):
                gfx.text(li, 16, y, "%-7s %4d/%d" % (LEVEL_NAMES[lv],
                                                     app.stat(game, lv, True),
                                                     app.stat(game, lv, False)))
                li += 1
                y += 12
            y += 4
        gfx.text(10, 80, 116, "B: back", gfx.T_CYAN, center=True)

    def key(self, k):
        if k & (A | B | START):
            self.app.to_title()
            self.app.unload("screen_settings")

    def state(self):
        a = self.app
        n = [0, 0, 0, 0]
        for lv in range(3):
            n[0] += a.stat(1, lv, True)
            n[1] += a.stat(1, lv, False)
            n[2] += a.stat(2, lv, True)
            n[3] += a.stat(2, lv, False)
        return "ac=%d/%d ba=%d/%d" % (n[0], n[1], n[2], n[3])
