# Split from app.py only for memory (each module small to compile; imported at start-up
# and kept): the App's rare work -- reading the records at start-up, loading and writing the
# saved game, counting a game in the statistics, the one-line state of the desktop log.
# app imports appx, never the other way round: the layout numbers it shares with app are
# copied here as const() (tests/test_device_heap.py checks that they agree).
import records
from buttons import const

N_SETTINGS = const(11)  # app.N_SETTINGS
GAME_AC = const(1)  # app.GAME_AC, app.GAME_BA
GAME_BA = const(2)
_SAVE_META = const(8)  # app._SAVE_META
N_STATS = const(60)  # app.N_STATS, app.N_STAT_FIELDS, app.ST_*
N_STAT_FIELDS = const(5)
ST_PLAYED = const(0)
ST_WON = const(1)
ST_STREAK = const(2)
ST_BEST_STREAK = const(3)
ST_BEST_SCORE = const(4)
# The saved game's record: a header of _SAVE_META bytes (0 kind, 1 level, 2-5 the seed LE,
# 6 the deal / round it resumes, 7 score sheet rows), the engine's save, the score sheet.
# (Numbers, not names: from .py each new name is interned for good, see gfx's live.)


def init(a, fresh, limits):
    """Settings (each below its limits[i]), statistics and (unless fresh) the saved game
    from nvm into the App."""
    rec = a.rec
    b = a.buf
    n = rec.read(records.SETTINGS, b)
    ok = n >= 8  # an older, shorter record: the newer settings keep their defaults
    if n > N_SETTINGS:
        n = N_SETTINGS
    for i in range(n if ok else 0):
        if b[i] >= limits[i]:
            ok = False
    if ok:
        for i in range(n):
            a.settings[i] = b[i]
    elif rec.status[records.SETTINGS] == records.IGNORED or n >= 0:
        a.notice = "Bad settings ignored"
    n = rec.read(records.STATS, b)
    if n == N_STATS or n == 72:  # (N_STATS: a record before take-backs, none counted)
        for i in range(n):
            a.stats[i] = b[i]
    else:
        reset_stats(a)
        if rec.status[records.STATS] == records.IGNORED or n >= 0:
            a.notice = "Bad statistics ignored"
    if rec.status[records.GAME] == records.IGNORED:
        a.notice = "Bad save ignored"
    if not fresh:
        load_saved(a)


def load_saved(a, fresh=False):
    """The saved game from nvm into its game screen (a.saved = its kind, or 0; fresh: the
    heap was just collected)."""
    b = a.buf
    n = a.rec.read(records.GAME, b)
    if n <= 0:
        a.saved = 0
        return
    kind = b[0]
    level = b[1]
    seed = b[2] | (b[3] << 8) | (b[4] << 16) | ((b[5] & 0x3F) << 24)
    scr = a.game_screen(kind, fresh) if kind in (GAME_AC, GAME_BA) else None
    if scr is None or level > 2 or n <= _SAVE_META or \
            not scr.load_game(a.bufmv[_SAVE_META:n], level, seed):
        a.notice = "Bad saved game ignored"
        a.saved = 0
        return
    a.saved = kind
    scr.took = b[5] >> 7  # the game had a take-back (the seed's top byte has 6 bits)
    a.unsaved = False  # the game in play is the one in nvm
    # the score sheet rows after the engine's bytes (its length is byte 3 of its frame)
    h = b[7]
    k = _SAVE_META + b[_SAVE_META + 3]
    if h > 25 or k + 4 * h > n:
        h = 0
    for i in range(4 * h):
        a.hist[i] = b[k + i]
    a.hist_n = h
    a.hist_open = scr.g.phase < 2


def write(a, kind, level, seed, game):
    """App.save_game's write: the game's record into the image and nvm. True if written."""
    b = a.buf
    b[0] = kind
    b[1] = level
    b[2] = seed & 0xFF
    b[3] = (seed >> 8) & 0xFF
    b[4] = (seed >> 16) & 0xFF
    b[5] = ((seed >> 24) & 0x3F) | (0x80 if a.gs.took else 0)  # (marked: a take-back)
    # the deal / round it resumes (for the title's Continue), score sheet rows
    b[6] = game.deal_number + 1 if kind == GAME_BA else a.hist_n + (1 if a.hist_open else 0)
    b[7] = a.hist_n
    n = _SAVE_META + game.save(a.savemv)
    for i in range(4 * a.hist_n):
        b[n + i] = a.hist[i]
    n += 4 * a.hist_n
    rec = a.rec
    rec.put(records.GAME, b, n)
    a.saved = kind
    w = rec.commit()
    if w or not rec.dirty:  # written, or nvm held it already
        a.unsaved = False
    else:  # the write failed: play on, try again later
        a.since = a.now
    return w


def _set(a, game, level, field, v):
    i = (game - 1) * 3 + level
    i = N_STATS + 2 * i if field == 5 else i * 2 * N_STAT_FIELDS + 2 * field  # (5: take-backs)
    a.stats[i] = v & 0xFF
    a.stats[i + 1] = (v >> 8) & 0xFF


def reset_stats(a, write=False):
    s = a.stats
    for i in range(72):  # every field 0, the best scores NO_SCORE (0x8000 LE); take-backs
        s[i] = 0x80 if i % 10 == 9 and i < N_STATS else 0
    if write:
        a.rec.put(records.STATS, a.stats, 72)
        a.commit()


def begin(a, game, level):
    """A game starts: counted as played (so a game never finished counts as lost in the
    win %); a saved game it replaces was given up: its streak ends. Into the nvm image only,
    written with the new game; True if a saved game was replaced (the App writes at once)."""
    n = a.stat(game, level, ST_PLAYED)
    _set(a, game, level, ST_PLAYED, n + 1 if n < 0xFFFF else n)
    b = a.buf
    old = a.rec.read(records.GAME, b) > 1 and b[0] in (GAME_AC, GAME_BA) and b[1] < 3
    if old:
        _set(a, b[0], b[1], ST_STREAK, 0)
    a.rec.put(records.STATS, a.stats, 72)
    return old


def finish(a, game, level, won, score):
    """Game over: won, streaks and best score counted; the saved game cleared (the App
    writes both at once). A game with a take-back counts as won or lost and among the
    take-backs, not for the best score; won, it neither extends nor ends the streak (lost,
    it ends it, as every loss does)."""
    took = a.gs.took
    v = 0
    if took:
        n = a.stat(game, level, 5)  # (5: take-backs)
        _set(a, game, level, 5, n + 1 if n < 0xFFFF else n)
        score = -32768
    if won:
        n = a.stat(game, level, ST_WON)
        _set(a, game, level, ST_WON, n + 1 if n < 0xFFFF else n)
        v = a.stat(game, level, ST_STREAK)
        if not took:
            v = v + 1 if v < 0xFFFF else v
        if v > a.stat(game, level, ST_BEST_STREAK):
            _set(a, game, level, ST_BEST_STREAK, v)
    _set(a, game, level, ST_STREAK, v)
    if score != -32768:  # NO_SCORE
        score = max(-32767, min(32767, score))
        if score > a.stat(game, level, ST_BEST_SCORE):
            _set(a, game, level, ST_BEST_SCORE, score)
    a.rec.put(records.STATS, a.stats, 72)
    a.rec.clear(records.GAME)


def state_line(a):
    s = a.screen
    f = getattr(s, "state", None)
    if f is not None:
        return "screen=%s %s" % (s.name, f())
    from engine.cards import card_name
    g = s.g
    if g is None:
        return "screen=%s nogame" % s.name
    t = "screen=%s phase=%d turn=%d hold=%d overlay=%d cur=%d hand=%s msg=%s|%s|%s" % (
        s.name, g.phase, g.turn, 1 if s.hold_until >= 0 else 0, s.overlay, s.cur,
        ",".join(card_name(s.hand[i]) for i in range(s.n)), s.msg1, s.msg2, s.msg3)
    if s.KIND == GAME_BA:
        t += " deal=%d/%d bsel=%d" % (g.deal_number + 1, g.deals, s.bsel)
    return t


def note_result(a, kind, g):
    """A finished deal / round into App a's score sheet (again for the same one: no-op);
    app.save_game and app.game_finished call it, the panels of sheet_* too."""
    h = a.hist
    if g.phase < 2:  # in play (both games' phase 2 = over, 3 = game over)
        a.hist_open = True
        return
    if kind == 2:  # Back Alley (app.GAME_BA; app is not imported here)
        i = g.deal_number
        if i >= 25 or g.bid(0) | g.bid(1) | g.bid(2) | g.bid(3) == 0x80:
            return  # all passed: redeal, nothing scored
        for t in (0, 1):
            c = g.board_level(t) | g.board_level(t + 2)
            if c:
                c = 0x80 | max(g.board_level(t), g.board_level(t + 2))
            else:
                for p in (t, t + 2):
                    if g.bid(p) > 0x80:
                        c += g.bid(p) - 0x80
            h[4 * i + 2 * t] = c
            h[4 * i + 2 * t + 1] = g.tricks(t) + g.tricks(t + 2)
        a.hist_n = i + 1
    elif a.hist_open and a.hist_n < 25:
        i = 4 * a.hist_n
        for p in (0, 1):
            v = g.round_points(p) & 0xFFFF
            h[i + 2 * p] = v & 0xFF
            h[i + 2 * p + 1] = v >> 8
        a.hist_n += 1
        a.hist_open = False
