"""Settings and statistics screens (loaded only while shown)."""
import gfx
from app import LEVEL_NAMES
import menus
from fx import T_MOVE
from buttons import A, B, START

_SETTING_NAMES = ("Difficulty", "Alley Cat score", "Alley Cat target", "Back Alley deals",
                  "Strict trump lead", "Sound", "Brightness", "Speed", "Coach",
                  "Auto-play forced card")
_SETTING_VALUES = (LEVEL_NAMES, ("by round", "by trick"), ("22", "44", "66"),
                   ("25", "13", "7", "3", "1"), ("off", "on"), ("off", "on"),
                   ("25%", "50%", "75%", "100%"), ("slow", "normal", "fast"), ("off", "on"),
                   ("off", "on"))
_SHOWN = 9  # rows on screen; the list scrolls with the selection
_RESET = 1  # ask code: reset the statistics


def _row(i, v):
    """One settings row: its name and value, 25 characters (the value right-aligned)."""
    name = _SETTING_NAMES[i]
    val = _SETTING_VALUES[i][v]
    return name + " " * (25 - len(name) - len(val)) + val


class SettingsScreen(menus.Menu):
    name = "settings"
    TITLE = "Settings"
    WRAP = False  # Up at the top must not land on Reset statistics

    def build(self):
        s = self.app.settings
        items = []
        for i in range(len(_SETTING_NAMES)):
            items.append(_row(i, s[i]))
        items.append("Reset statistics")
        self.note = ""
        return items

    def top(self):
        t = self.sel - _SHOWN + 1
        if t < 0:
            t = 0
        return t

    def item_y(self, i):
        return 16 + (i - self.top()) * 11

    def draw_header(self):
        gfx.text(0, 80, 2, "Settings  (B: back)", gfx.T_YELLOW, center=True)

    def draw_items(self):
        self.app.dirty = True
        gfx.rect(0, 14, 160, 114, gfx.DARK)
        t = self.top()
        n = len(self.items)
        for k in range(_SHOWN):
            i = t + k
            y = 16 + k * 11
            if i == self.sel:
                gfx.rect(1, y - 1, 157, 11, gfx.NAVY)
            gfx.text(1 + k, 5, y - 1, self.items[i] if i < n else "",
                     gfx.T_YELLOW if i == self.sel else gfx.T_WHITE)
        # more rows above / below: small arrows at the right edge
        if t > 0:
            gfx.rect(158, 16, 2, 4, gfx.SKY)
        if t + _SHOWN < n:
            gfx.rect(158, 107, 2, 4, gfx.SKY)
        if self.note:
            gfx.text(10, 80, 115, self.note, gfx.T_GREEN, center=True)
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
        self.items[i] = _row(i, s[i])
        self.note = ""
        self.draw_items()

    def choose(self, i):
        if i < len(_SETTING_NAMES):
            self.side(i, 1)
        else:
            self.ask(("Reset statistics?", "Every game played and", "won is forgotten.",
                      "This cannot be undone."), "Reset", _RESET)

    def confirmed(self, code):
        a = self.app
        for i in range(24):
            a.stats[i] = 0
        a.rec.write(1, a.stats, 24)  # records.STATS
        self.note = "Statistics cleared"

    def back(self):
        self.app.save_settings()
        self.app.to_title()
        self.app.unload("screen_settings")

    def key(self, k):
        if k & START and not self.ask_lines:
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
