# The program: screen state machine, settings, statistics, save/resume, pacing.
#
# The hardware object (hw_device.Device or hw_desktop.Desktop) drives it:
#     app.start(now_ms); then forever: app.step(now_ms, pressed_mask); refresh if app.dirty
# waiting_for_input() is True when the person has to act and nothing is pending (no computer
# move and no finished trick on show); the headless desktop runs its virtual clock until then.
import gc
import sys

import gfx
import records
import fx

GAME_AC = 1
GAME_BA = 2

# settings bytes
S_LEVEL = 0
S_AC_SCORING = 1
S_AC_TARGET = 2
S_BA_LENGTH = 3
S_STRICT = 4
S_SOUND = 5
S_BRIGHT = 6
S_SPEED = 7
S_COACH = 8  # the coach's line at the tables (on until the first game is finished)
S_AUTOPLAY = 9  # play a forced card (the only playable one) by itself
S_TAUGHT = 10  # not shown: 1 once a game was finished (the coach then turns itself off)
N_SETTINGS = 11
DEFAULTS = (1, 0, 1, 0, 0, 1, 3, 1, 1, 0, 0)
LIMITS = (3, 2, 3, 5, 2, 2, 4, 3, 2, 2, 2)  # number of choices of each setting

LEVEL_NAMES = ("Easy", "Normal", "Hard")
TARGETS = (22, 44, 66)
LENGTHS = (25, 13, 7, 3, 1)
BRIGHTNESS = (0.25, 0.5, 0.75, 1.0)
# computer move delay, finished-trick hold (ms) per speed setting
CPU_MS = (1300, 750, 300)
HOLD_MS = (2200, 1300, 600)
_free = getattr(gc, "mem_free", lambda: -1)  # (CPython has no such figure)

# What a game needs, imported together when the game is chosen (biggest first; after the
# collections game_screen makes) and kept while it is played: no module is
# dropped and loaded again for a pause, a hint or a panel. They go when the game is left for
# the title (app.drop_game), so that the next game finds room for its own. The panels'
# modules (sheet_*): from .py they compile with the game (the compiler needs room that a
# built game does not leave), from .mpy they load with the first panel (app.need: only the
# room they keep; not at the game's start, the peak of the short plan).
# (A new module-level name is interned for good on the board: these use literals.)
_NEEDS = (
    None,
    ("engine.bot_alleycat", "engine.alleycat", "table", "screen_alleycat")
    + (() if __file__[-3] == "m" else ("sheet_alleycat",)),  # (it imports sheet)
    ("engine.bot_backalley", "engine.backalley", "table", "screen_backalley_bid",
     "screen_backalley_draw", "screen_backalley")
    + (() if __file__[-3] == "m" else ("sheet_backalley",)),
)
# kind, level, seed (4 bytes LE), the deal / round it resumes, score sheet rows; then the
# engine's save, then the score sheet (4 bytes per row)
_SAVE_META = 8
# Each write erases the nvm flash block (records.py): the game is written at a pause, game
# over, a new game ending a saved one, and when its play not in nvm reaches SAVE_WITHIN_MS
# (5 min a cut may lose, less 5 s for a slow frame; tools/board/nvm_wear.py)
SAVE_WITHIN_MS = 295000
# statistics: per game and level 5 u16 LE fields (appx.begin / finish count them)
ST_PLAYED = 0
ST_WON = 1
ST_STREAK = 2
ST_BEST_STREAK = 3
ST_BEST_SCORE = 4  # signed; NO_SCORE = none yet
N_STAT_FIELDS = 5
N_STATS = 60
# then, from byte N_STATS, per game and level one u16: the games finished with a take-back,
# field 5 of stat() (72 bytes in all; a record of N_STATS bytes, before take-backs, is still
# read). (Numbers, not names: every new name costs room on the board.)
NO_SCORE = -32768


class App:
    def __init__(self, hw, fresh=False):
        self.hw = hw
        self.dirty = True
        self.now = 0
        # App.idle: idle steps in a row, the free heap then, the most allocated between rows
        self.gc = [0, 0, 0]
        m = __import__("gfxinit")
        gc.collect()  # the canvas and the text lines into the lowest holes compiling left
        m.init(hw.display)
        m = None
        self.unload("gfxinit")
        gfx.hw = hw  # (gfx.refresh sends a change in several places a piece at a time)
        self.rec = records.Records(hw.nvm)
        self.buf = bytearray(288)
        self.bufmv = memoryview(self.buf)
        self.savemv = self.bufmv[_SAVE_META:]
        self.notice = ""  # shown once on the title screen (ignored records)
        self.settings = bytearray(DEFAULTS)
        self.stats = bytearray(72)  # [game 0..1][level 0..2][field] u16 LE, then the
        # take-backs [game][level]
        self.unsaved = False  # the running game changed since it was in nvm, first at:
        self.since = 0
        # the saved game's record as written (the title names the deal / round it resumes)
        self.last_saved = memoryview(self.rec.img)[records.GAME_PAYLOAD:]
        self.fx = fx.Fx(hw, self)
        self.gs = None  # the game screen (only one game's modules are loaded at a time)
        self.saved = 0  # GAME_AC / GAME_BA when a resumable game is loaded in its screen
        # the score sheet: 4 bytes per finished deal (each team's contract and tricks) or
        # round (each player's points, 16-bit); saved after the engine's bytes
        self.hist = bytearray(100)
        self.hist_n = 0
        self.hist_open = True  # Alley Cat: the round in play is not in hist yet
        __import__("appx").init(self, fresh, LIMITS)  # appx and the menus stay: imported once
        self.screen = None
        # what a screen's key asked for, done by App.step once its code returned: a game
        # kind, -1 Continue, 3 the title (4 while the key is handled)
        self.pending = 0
        self.apply_settings()

    # ---- settings / stats / saves ------------------------------------------------------
    def apply_settings(self):
        self.hw.set_brightness(BRIGHTNESS[self.settings[S_BRIGHT]])

    def save_settings(self):
        """Write the settings if they changed (one block erase; the defaults need none)."""
        if self.rec.status[records.SETTINGS] != records.OK and \
                tuple(self.settings) == DEFAULTS:
            return
        self.rec.put(records.SETTINGS, self.settings, N_SETTINGS)
        self.commit()

    def commit(self):
        self.rec.commit()

    def changed(self):
        """The running game changed: unless older play is unsaved, SAVE_WITHIN_MS runs."""
        if not self.unsaved:
            self.unsaved = True
            self.since = self.now

    def cpu_ms(self):
        return CPU_MS[self.settings[S_SPEED]]

    def hold_ms(self):
        return HOLD_MS[self.settings[S_SPEED]]

    def stat(self, game, level, field):
        """Statistic field (ST_*; False / True = played / won; 5: take-backs) of game 1..2 at
        level 0..2."""
        i = (game - 1) * 3 + level
        i = N_STATS + 2 * i if field == 5 else i * 2 * N_STAT_FIELDS + 2 * field
        v = self.stats[i] | (self.stats[i + 1] << 8)
        if field == ST_BEST_SCORE and v >= 0x8000:
            v -= 0x10000
        return v

    def game_finished(self, game, level, won, score=NO_SCORE):
        """Game over: the statistics counted and the saved game cleared, in one write."""
        __import__("appx").note_result(self, game, self.gs.g)
        s = self.settings
        if not s[S_TAUGHT]:  # the first game finished: the coach steps back
            s[S_TAUGHT] = 1
            s[S_COACH] = 0
            self.rec.put(records.SETTINGS, s, N_SETTINGS)  # in the same write as the rest
        __import__("appx").finish(self, game, level, won, score)
        self.saved = 0
        self.unsaved = False
        self.commit()

    def reset_stats(self):
        __import__("appx").reset_stats(self, True)

    def save_due(self):
        return self.unsaved and fx.due(self.now, (self.since + SAVE_WITHIN_MS) & 0x1FFFFFFF)

    def save_game(self, kind, level, seed, game, force=False):
        """The running game (at any point of it): written (one block erase) if force or
        save_due(), and only if a byte changed. True if written."""
        __import__("appx").note_result(self, kind, game)
        return (force or self.save_due()) and __import__("appx").write(self, kind, level,
                                                                       seed, game)

    def clear_game(self):
        """Forget the saved game (written with the next write)."""
        self.rec.clear(records.GAME)
        self.saved = 0

    # ---- screens -------------------------------------------------------------------------
    def need(self, modname, collect=None):
        """The module, imported now if it is not yet and kept; after a collection if
        collect (default: from .py, compiling needs room; not from .mpy)."""
        mod = sys.modules.get(modname)
        if mod is None:
            if collect or collect is None and __file__[-3] != "m":
                gc.collect()
            mod = __import__(modname)
            self.gc[1] = 0  # (App.idle: not what an action allocates)
            for part in modname.split(".")[1:]:
                mod = getattr(mod, part)
        return mod

    def load(self, modname, clsname):
        """Import a screen module on demand and make its screen."""
        return getattr(self.need(modname), clsname)(self)

    def show_rules(self, back_to, game):
        self.load("rules", "RulesScreen").open(back_to, game)

    def drop_game(self, collect=True):
        """Forget the game screen and every game module (the tables, the engine, the bots),
        to make room for the other game's (one collection if collect and anything went).
        The game itself is safe in nvm."""
        if self.gs is not None:
            self.gs.drop()
            self.gs = None
        return self.unload(("engine", "table", "screen_", "sheet"), collect)

    def unload(self, m, collect=True):
        """Forget every module whose name starts with m (a prefix or a tuple of them:
        sys.modules, and the engine package, which holds its submodules) so that its code
        can be collected (now, unless not collect); it is imported again when needed. True
        if a module went."""
        e = sys.modules.get("engine")
        d = False
        for name in list(sys.modules.keys()):
            if name.startswith(m):
                d = True
                del sys.modules[name]
                if e is not None and name.startswith("engine."):
                    try:
                        delattr(e, name[7:])
                    except AttributeError:
                        pass
        if d and collect:  # (nothing dropped: nothing to collect)
            gc.collect()
        return d

    def game_screen(self, kind, fresh=False):
        """The screen of game kind, loading its modules (and dropping the other game's)."""
        gs = self.gs
        if gs is not None and gs.KIND == kind:
            return gs
        # one collection before the first import (none when the title's or the other
        # game's modules just went with one)
        c = not self.drop_game() and not fresh
        m = __file__[-3] == "m"
        for name in _NEEDS[kind]:
            self.need(name, c)
            # from .py each import after a collection (compiling needs room); from .mpy
            # (~35 board-ms each) only the two that hold Back Alley's start, the short
            # plan's peak, at 108 KB on mp32 (either dropped: 109+): after its bot's import
            # and before its screen's (the bot's buffers are built with the screen)
            c = not m or name in ("engine.bot_backalley", "screen_backalley_draw")
        if kind == GAME_AC:
            self.gs = self.load("screen_alleycat", "AlleyCatScreen")
        else:
            self.gs = self.load("screen_backalley", "BackAlleyScreen")
        return self.gs

    def goto(self, screen):
        # (no collection: a screen allocates little; imports collect before they load)
        self.screen = screen
        self.fx.lights_off()
        gfx.clear()
        screen.enter()
        self.dirty = True

    def play_screen(self, scr):
        """Show a game screen (the title's code went before its modules loaded)."""
        self.goto(scr)

    def to_title(self):
        """The title; asked for by a screen's key (self.pending is 4 meanwhile), done by
        App.step once that code has returned, so that the game it held is really gone when
        the title loads."""
        if self.pending:
            self.pending = 3
            return
        # the game's modules go (one collection from .py: the next game finds room for its
        # own; from .mpy none: the one when the title goes makes that room)
        m = __file__[-3] == "m"
        c = not self.drop_game(not m) and not m
        self.goto(getattr(self.need("title", c), "TitleScreen")(self))

    def leave_title(self):
        """Do what a screen's key asked for (self.pending), once its code has returned:
        start (GAME_AC / GAME_BA) or continue (-1) the title's game, its screen and code (and
        the settings' and rules', kept while on the title) gone first, so that the game's
        modules load into the room they leave; or show the title (3)."""
        k = self.pending
        self.pending = 0
        self.screen = None
        if k == 3:
            self.to_title()
            return
        # (the settings' and rules' modules stay while on the title)
        d = self.unload(("title", "screen_settings", "rules"))
        if k < 0:
            self.resume(d)
        else:
            self.new_game(k, d)

    def open_pause(self, game):
        game.checkpoint()  # the player may switch off now: the game is written as it is
        self.load("menus", "PauseScreen").open(game)

    def new_game(self, kind, fresh=False):
        seed = self.hw.new_seed()
        s = self.settings
        level = s[S_LEVEL]
        scr = self.game_screen(kind, fresh)
        if scr.g is not None:  # Play again: the old game goes before the new one is built
            scr.drop()
            gc.collect()
        # (no collection before Back Alley's game, the short plan's peak, built after its bot:
        # engine.backalley sizes the game's attribute table before its buffers, mp32 106 KB)
        self.hist_n = 0
        self.hist_open = True
        if kind == GAME_AC:
            scr.new_game(seed, level, TARGETS[s[S_AC_TARGET]], s[S_AC_SCORING] == 1)
        else:
            scr.new_game(seed, level, LENGTHS[s[S_BA_LENGTH]], s[S_STRICT] == 1)
        self.unsaved = False
        self.changed()  # the new game and its statistics: written with its first save
        if __import__("appx").begin(self, kind, level):
            scr.checkpoint()  # the saved game it ends counts as lost: written now
        self.play_screen(scr)

    def resume(self, fresh=False):
        """Continue: load the saved game again from nvm and carry on exactly there."""
        if self.gs is None or self.gs.g is None:
            __import__("appx").load_saved(self, fresh)
        if self.saved and self.gs is not None and self.gs.g is not None:
            self.play_screen(self.gs)
        else:
            self.to_title()

    # ---- main-loop hooks -----------------------------------------------------------------
    def start(self, now):
        self.now = now
        self.to_title()
        gfx.refresh()

    def step(self, now, pressed):
        self.now = now
        # a table's thinking (table.py's _TH_*: 5, 6 done). (Not getattr(screen, "th", 0):
        # on the title, the missed look-up left pointers that kept its code through a game's
        # start, +1.6 KB; nor a local holding the screen, which would keep it as well.)
        th = self.gs.th if self.screen is self.gs else 0
        if pressed:
            self.pending = 4  # in a key: to_title waits (a choice replaces the 4)
            self.screen.key(pressed)
            if self.pending == 4:
                self.pending = 0
            if self.pending:
                self.leave_title()
        self.screen.update(now)
        if pressed or self.dirty or 0 < th < 4 or \
                (self.gs.th if self.screen is self.gs else 0) != th:
            self.gc[0] = 0
        else:
            self.idle()
        if self.save_due():  # on any screen
            gs = self.gs
            if gs is None or gs.g is None:
                self.unsaved = False  # the game is gone (written when it was left)
            else:
                gs.save()
        self.fx.update(now)
        if self.dirty:
            gfx.refresh()  # what the step drew, repainted where it changed

    def idle(self):
        """A step that did nothing (no key, nothing drawn, no thinking). The second of a row
        collects the garbage if the free heap is below the most allocated between two rows
        lately, so that an action rarely meets the VM's own collection (~40 board-ms); not
        the first, which often begins a computer's move delay."""
        c = self.gc
        c[0] += 1
        if c[0] != 2:
            return
        f = _free()
        if f < 0:  # (CPython)
            return
        # allocated since the last row (none collected); a rare big span is forgotten
        c[2] = max(c[1] - f, c[2] - (c[2] >> 3))
        if f < c[2]:
            gc.collect()
            f = _free()
        c[1] = f

    def waiting_for_input(self):
        return self.screen.waiting()

    def state_line(self):
        """One line of text for the desktop log and the tests (appx stays loaded)."""
        return __import__("appx").state_line(self)


def main(hw):
    """Device entry point (code.py): build the app and hand it to the hardware loop."""
    hw.run(App(hw))
