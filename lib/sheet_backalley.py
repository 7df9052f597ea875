"""Back Alley full-screen panels: last trick, score sheet, deal over, game over (imported
with the game's modules, app._NEEDS; drawn by table.GameScreen.draw_all)."""
import gfx
from app import LEVEL_NAMES
from table import signed
from sheet import lines, last_trick
from engine import backalley as BA

SUIT_WORD = ("clubs", "diamonds", "hearts", "spades")


def team(g, t):
    """One team's bid and tricks taken this deal (team 0 = South + North)."""
    a = g.board_level(t)
    b = g.board_level(t + 2)
    if a or b:
        if b > a:
            a = b
        c = "board" if a <= 1 else "board x%d" % a
    else:
        n = 0
        for p in (t, t + 2):
            v = g.bid(p)
            if 0x80 < v < BA.BID_BOARD:
                n += v - 0x80
        c = "%d" % n if n else "pass"
    return "%s bid %s took %d" % ("Us:  " if t == 0 else "Them:", c, g.tricks(t) + g.tricks(t + 2))


def draw(s):
    g = s.g
    us = "Us %d   Them %d" % (g.team_score(0), g.team_score(1))
    if s.overlay == 1:
        last_trick(s)
    elif s.overlay == 2:
        t = "none" if g.trump == BA.NO_TRUMP else SUIT_WORD[g.trump]
        lines("Score sheet", [us, "Deal %d/%d, %d cards" % (g.deal_number + 1, g.deals,
                                                             g.cards_per_hand),
                              "Trump: " + t, team(g, 0), team(g, 1),
                              "Redeals so far: %d" % g.redeals], "any key: back")
    elif g.phase == BA.PHASE_GAME_OVER:
        w = g.winner
        lines("We win!" if w == 0 else ("They win" if w == 1 else "Drawn game"),
              [us, "", "%d deals, level %s" % (g.deals, LEVEL_NAMES[s.level])],
              "A: back to menu", gfx.T_GREEN if w == 0 else gfx.T_RED)
    elif g.bid(0) == BA.BID_PASS and g.bid(1) == BA.BID_PASS and \
            g.bid(2) == BA.BID_PASS and g.bid(3) == BA.BID_PASS:
        lines("All passed", ["Nobody bid.", "The same hand size", "is dealt again."],
              "A: redeal")
    else:
        lines("Deal %d/%d over" % (g.deal_number + 1, g.deals),
              [team(g, 0), "     points " + signed(g.hand_points(0)),
               team(g, 1), "     points " + signed(g.hand_points(1)), "", us],
              "A: next deal")


def why_not(g, c):
    """Why card c may not be played now (the engine refused it)."""
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
