"""Back Alley full-screen panels: last trick, score sheet (every deal so far), deal over and
game over with the score breakdown (imported with the game's modules, app._NEEDS; drawn by
table.GameScreen.draw_all)."""
import gfx
from app import LEVEL_NAMES, GAME_BA
from table import signed
from sheet import lines, last_trick, scrolled, choice, note_result
from engine import backalley as BA

SUIT_WORD = ("clubs", "diamonds", "hearts", "spades")
TEAM = ("Us", "Them")


def size(g, i):
    # Cards per hand in deal i (0-based) of g (as the engine deals them).
    m = (g.deals + 1) // 2
    return m - i if i < m else i - m + 2


def score(c, took, n):
    # (points, how) for a team contract c (sheet.note_result's code: 0 both passed, k
    # tricks, 0x80 | level for a board) that took `took` of n tricks: RULES.md scoring.
    if c & 0x80:
        lv = c & 0x7F
        p = 10 * n * lv
        if took < n:
            p = -p
        m = "made" if p > 0 else "set"
        if lv > 1:
            t = "%s x%d: %s10x%dx%d = %d" % (m, lv, "" if p > 0 else "-", n, lv, p)
        else:
            t = "board %s: %s10 x %d = %d" % (m, "" if p > 0 else "-", n, p)
    elif c == 0:
        p = took
        t = "no bid: +1 x %d = %d" % (took, took)
    elif took < c:
        p = -5 * c
        t = "set: -5 x %d = %d" % (c, p)
    elif took == c:
        p = 5 * c
        t = "made: 5 x %d = %d" % (c, p)
    else:
        p = 5 * c + took - c
        t = "made: 5x%d=%d, +%d over=%d" % (c, 5 * c, took - c, p)
    if len(t) > 25:  # a row holds 25 characters
        t = t.replace(" x ", "x")
    return p, t


def contract_text(c):
    if c & 0x80:
        return "board" if c == 0x81 else "board x%d" % (c & 0x7F)
    return "bid %d" % c if c else "passed"


def breakdown(s, i):
    # Four rows (two per team) explaining deal i's points from the score sheet.
    a = s.app
    h = a.hist
    n = size(s.g, i)
    r = []
    for t in (0, 1):
        c = h[4 * i + 2 * t]
        took = h[4 * i + 2 * t + 1]
        r.append("%s: %s, took %d" % (TEAM[t], contract_text(c), took))
        r.append(score(c, took, n)[1])
    return r


def mark(c, took):
    # Score sheet cell: contract/tricks (P pass, B board, B2 double board...).
    if c & 0x80:
        b = "B" if c == 0x81 else "B%d" % (c & 0x7F)
    else:
        b = "%d" % c if c else "P"
    return "%s/%d" % (b, took)


def live(g, t):
    # Team t's contract in the deal in play (sheet.note_result's code).
    c = g.board_level(t) | g.board_level(t + 2)
    if c:
        return 0x80 | max(g.board_level(t), g.board_level(t + 2))
    for p in (t, t + 2):
        if g.bid(p) > 0x80:
            c += g.bid(p) - 0x80
    return c


def draw(s):
    g = s.g
    a = s.app
    note_result(a, GAME_BA, g)  # the deal just finished is on the sheet (once)
    us = "Us %d   Them %d" % (g.team_score(0), g.team_score(1))
    if s.overlay == 1:
        last_trick(s)
    elif s.overlay == 2:
        h = a.hist
        nh = a.hist_n
        now = g.phase < BA.PHASE_HAND_OVER and g.deal_number >= nh

        def row(j):
            if j < nh:
                return "%3d %5s %4d %5s %4d" % (
                    j + 1, mark(h[4 * j], h[4 * j + 1]), score(h[4 * j], h[4 * j + 1],
                                                               size(g, j))[0],
                    mark(h[4 * j + 2], h[4 * j + 3]), score(h[4 * j + 2], h[4 * j + 3],
                                                            size(g, j))[0])
            if now and j == nh:
                if g.phase == BA.PHASE_BID:
                    return "%3d  bidding (%d cards)" % (j + 1, g.cards_per_hand)
                return "%3d %5s  ... %5s  ..." % (
                    j + 1, mark(live(g, 0), g.tricks(0) + g.tricks(2)),
                    mark(live(g, 1), g.tricks(1) + g.tricks(3)))
            return "total     %4d       %4d" % (g.team_score(0), g.team_score(1))
        scrolled(s, "Score sheet  %d deals" % g.deals, "  #    Us  pts  Them  pts",
                 nh + (2 if now else 1), row, "bid/took: P pass, B board")
    elif g.phase == BA.PHASE_GAME_OVER:
        w = g.winner
        k = size(g, a.hist_n - 1)
        r = ["Last deal (%d card%s):" % (k, "s" if k > 1 else "")] + \
            breakdown(s, a.hist_n - 1) + ["Final: " + us]
        lines("We win!" if w == 0 else ("They win" if w == 1 else "Drawn game"),
              r, "", gfx.T_GREEN if w == 0 else gfx.T_RED, 1)
        choice(s.again)
    elif g.bid(0) == BA.BID_PASS and g.bid(1) == BA.BID_PASS and \
            g.bid(2) == BA.BID_PASS and g.bid(3) == BA.BID_PASS:
        lines("All passed", ["Nobody bid.", "The same hand size", "is dealt again."],
              "A: redeal")
    else:
        i = g.deal_number
        lines("Deal %d/%d over (%d card%s)" % (i + 1, g.deals, g.cards_per_hand,
                                                 "s" if g.cards_per_hand > 1 else ""),
              breakdown(s, i) + ["", "Score: " + us], "A: next deal", gfx.T_YELLOW, 0)


def why_not(g, c):
    # Why card c may not be played now (the engine refused it).
    t = g.trump
    if g.phase != BA.PHASE_PLAY:
        return "Not now"
    if g.trick_size > 0:
        a = g.trick_card(0)
        if a == 0x42:
            return "Must play highest trump"
        if a == 0x41:
            return "Must play lowest trump"
        if (a >> 4) == 4 or ((a >> 4) == t and t != BA.NO_TRUMP):
            return "Must follow trump"
        return "Must follow " + SUIT_WORD[a >> 4]
    if (c >> 4) == 4 or ((c >> 4) == t and t != BA.NO_TRUMP):
        if g.strict:
            return "Trump lead: not yet (you)"
        return "Trumps not broken yet"
    return "Not allowed now"
