"""The App's rare work, apart from app.py to keep each module small to compile (imported at
start-up and kept): reading the records at start-up, loading a saved game, counting a game
in the statistics, and the one-line state text of the desktop log and the tests."""
import records
from app import N_SETTINGS, LIMITS, GAME_AC, GAME_BA, _SAVE_META


def init(a, fresh):
    """Settings, statistics and (unless fresh) the saved game from nvm into the App."""
    rec = a.rec
    b = a.buf
    n = rec.read(records.SETTINGS, b)
    ok = n >= 8  # an older, shorter record: the newer settings keep their defaults
    if n > N_SETTINGS:
        n = N_SETTINGS
    for i in range(n if ok else 0):
        if b[i] >= LIMITS[i]:
            ok = False
    if ok:
        for i in range(n):
            a.settings[i] = b[i]
    elif rec.status[records.SETTINGS] == records.IGNORED or n >= 0:
        a.notice = "Bad settings ignored"
    n = rec.read(records.STATS, b)
    if n == 24:
        for i in range(24):
            a.stats[i] = b[i]
    elif rec.status[records.STATS] == records.IGNORED or n >= 0:
        a.notice = "Bad statistics ignored"
    if rec.status[records.GAME] == records.IGNORED:
        a.notice = "Bad save ignored"
    if not fresh:
        load_saved(a)


def load_saved(a):
    """The saved game from nvm into its game screen (a.saved = its kind, or 0)."""
    b = a.buf
    n = a.rec.read(records.GAME, b)
    if n <= 0:
        a.saved = 0
        return
    kind = b[0]
    level = b[1]
    seed = b[2] | (b[3] << 8) | (b[4] << 16) | ((b[5] & 0x3F) << 24)
    scr = a.game_screen(kind) if kind in (GAME_AC, GAME_BA) else None
    if scr is None or level > 2 or n <= _SAVE_META or \
            not scr.load_game(a.bufmv[_SAVE_META:n], level, seed):
        a.notice = "Bad saved game ignored"
        a.saved = 0
        return
    a.saved = kind
    # the score sheet rows after the engine's bytes (its length is byte 3 of its frame)
    h = b[7]
    k = _SAVE_META + b[_SAVE_META + 3]
    if h > 25 or k + 4 * h > n:
        h = 0
    for i in range(4 * h):
        a.hist[i] = b[k + i]
    a.hist_n = h
    a.hist_open = scr.g.phase < 2
    for i in range(n):
        a.last_saved[i] = b[i]
    a.last_saved_n = n


def bump(a, game, level, won):
    """Count a game started (won False) or won in the statistics, and write them."""
    s = a.stats
    i = ((game - 1) * 3 + level) * 4 + (2 if won else 0)
    v = (s[i] | (s[i + 1] << 8)) + 1
    if v > 0xFFFF:
        v = 0xFFFF
    s[i] = v & 0xFF
    s[i + 1] = v >> 8
    a.rec.write(records.STATS, s, 24)


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
