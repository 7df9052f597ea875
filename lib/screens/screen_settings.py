"""Settings and statistics screens (loaded only while shown)."""
import gfx
from app import LEVEL_NAMES, S_SOUND
import menus
from title import AskMenu
from fx import T_MOVE
from buttons import A, B, START, LEFT, RIGHT

_SETTING_NAMES = ("Difficulty", "Alley Cat score", "Alley Cat target", "Back Alley deals",
                  "Strict trump lead", "Sound", "Brightness", "Speed", "Coach",
                  "Auto-play forced card")
_SETTING_VALUES = (LEVEL_NAMES, ("by round", "by trick"), ("22", "44", "66"),
                   ("25", "13", "7", "3", "1"), ("off", "on"), ("off", "on"),
                   ("25%", "50%", "75%", "100%"), ("slow", "normal", "fast"), ("off", "on"),
                   ("off", "on"))
_SHOWN = 9  # rows on screen; the list scrolls with the selection
_RESET = 1  # ask code: reset the statistics


def _row(i, v, hw):
    """One settings row: its name and value, 25 characters (the value right-aligned)."""
    name = _SETTING_NAMES[i]
    val = _SETTING_VALUES[i][v]
    if i == S_SOUND:  # a board without sound says so (hw.Sound: a Fruit Jam's text; the
        val = getattr(hw, name, val)  # name "Sound", not a new one: the PyBadge's pools)
    return name + " " * (25 - len(name) - len(val)) + val


class SettingsScreen(AskMenu):
    name = "settings"
    TITLE = "Settings"
    WRAP = False  # Up at the top must not land on Reset statistics

    def build(self):
        s = self.app.settings
        items = []
        for i in range(len(_SETTING_NAMES)):
            items.append(_row(i, s[i], self.app.hw))
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
        p = gfx.start(1)
        t = self.top()
        n = len(self.items)
        for k in range(_SHOWN):
            i = t + k
            y = 16 + k * 11
            if i == self.sel:  # (the bar marks it: a text colour would refresh the line too)
                gfx.rect(1, y - 1, 157, 11, gfx.NAVY)
                gfx.rect(1, y - 1, 2, 11, gfx.YELLOW)
                gfx.rect(156, y - 1, 2, 11, gfx.YELLOW)
            gfx.text(1 + k, 5, y - 1, self.items[i] if i < n else "", gfx.T_WHITE)
        # more rows above / below: small arrows at the right edge
        if t > 0:
            gfx.rect(158, 16, 2, 4, gfx.SKY)
        if t + _SHOWN < n:
            gfx.rect(158, 107, 2, 4, gfx.SKY)
        if self.note:
            gfx.text(10, 80, 115, self.note, gfx.T_GREEN, center=True)
        else:
            gfx.hide(10)
        gfx.resume(p)

    def side(self, i, d):
        app = self.app
        if i >= len(_SETTING_NAMES):
            return
        from app import LIMITS
        s = app.settings
        s[i] = (s[i] + d) % LIMITS[i]
        app.apply_settings()
        app.fx.tone(T_MOVE)
        self.items[i] = _row(i, s[i], self.app.hw)
        self.note = ""
        self.draw_items()

    def choose(self, i):
        if i < len(_SETTING_NAMES):
            self.side(i, 1)
        else:
            self.ask(("Reset statistics?", "Every game played and", "won is forgotten.",
                      "This cannot be undone."), "Reset", _RESET)

    def confirmed(self, code):
        self.app.reset_stats()
        self.note = "Statistics cleared"

    def back(self):
        self.app.save_settings()
        self.app.to_title()  # (this module stays while on the title: app.leave_title)

    def key(self, k):
        if k & START and not self.ask_lines:
            self.back()
            return
        AskMenu.key(self, k)


_PAGE_TITLES = ("< Alley Cat >", "< Back Alley >")
# (Take-backs: the games finished with one; they count as won or lost, not for the best
# score, and a win neither extends nor ends the streak: appx.finish. Its label has 11
# characters (a trailing space): a string of 10 or fewer would be a new name on the board)
_STAT_ROWS = ("Played", "Won", "Win %", "Streak", "Best streak", "Best score", "Take-backs ")


def _cell(v):
    """A column's value for "%5s": the number, or '-' (no score yet), capped to 4 digits."""
    return "-" if v is None else 9999 if v > 9999 else -999 if v < -999 else v


class StatsScreen(menus.Menu):
    """Statistics, one page per game (Left / Right): played, won, win %, current and best
    streak, best score, per level. Every line of both pages is built on entering, so
    turning pages only shows prebuilt text (no allocation)."""
    name = "stats"

    def build(self):
        from app import ST_PLAYED, ST_WON, ST_STREAK, ST_BEST_STREAK, ST_BEST_SCORE, NO_SCORE
        app = self.app
        self.page = 0
        self.lines = []
        head = "%11s %.4s %.4s %.4s" % (("",) + LEVEL_NAMES)
        c = [0, 0, 0]
        for game in (1, 2):
            rows = [head]
            for r in range(len(_STAT_ROWS)):
                for lv in range(3):
                    if r == 0:
                        v = app.stat(game, lv, ST_PLAYED)
                    elif r == 1:
                        v = app.stat(game, lv, ST_WON)
                    elif r == 2:
                        v = app.stat(game, lv, ST_PLAYED)
                        v = app.stat(game, lv, ST_WON) * 100 // v if v else None
                    elif r == 3:
                        v = app.stat(game, lv, ST_STREAK)
                    elif r == 4:
                        v = app.stat(game, lv, ST_BEST_STREAK)
                    elif r == 6:
                        v = app.stat(game, lv, 5)  # (take-backs)
                    else:
                        v = app.stat(game, lv, ST_BEST_SCORE)
                        if v == NO_SCORE:
                            v = None
                    c[lv] = _cell(v)
                rows.append("%-11s%5s%5s%5s" % (_STAT_ROWS[r], c[0], c[1], c[2]))
            self.lines.append(rows)
        return ["Back"]

    def draw(self):
        self.app.dirty = True
        gfx.clear(gfx.DARK)
        gfx.text(0, 80, 2, _PAGE_TITLES[self.page], gfx.T_YELLOW, center=True)
        rows = self.lines[self.page]
        y = 18
        for i in range(len(rows)):
            gfx.text(1 + i, 2, y, rows[i], gfx.T_CYAN if i == 0 else gfx.T_WHITE)
            y += 13 if i == 0 else 12
        gfx.text(10, 80, 116, "Left/Right: game  B: back", gfx.T_CYAN, center=True)

    def key(self, k):
        if k & (A | B | START):
            self.app.to_title()
        elif k & (LEFT | RIGHT):
            self.page ^= 1
            self.app.fx.tone(T_MOVE)
            self.draw()

    def state(self):
        from app import ST_PLAYED, ST_WON
        a = self.app
        n = [0, 0, 0, 0, 0, 0]
        for lv in range(3):
            n[0] += a.stat(1, lv, ST_WON)
            n[1] += a.stat(1, lv, ST_PLAYED)
            n[2] += a.stat(2, lv, ST_WON)
            n[3] += a.stat(2, lv, ST_PLAYED)
            n[4] += a.stat(1, lv, 5)  # (take-backs)
            n[5] += a.stat(2, lv, 5)
        return "ac=%d/%d ba=%d/%d page=%d takebacks=%d/%d" % tuple(n[:4] + [self.page] + n[4:])
