"""Alley Cat full-screen panels: last trick, score sheet (every round so far), round over
and game over with the points of each trick and why the round ended (imported with the
game's modules, app._NEEDS; drawn by table.GameScreen.draw_all)."""
import gfx
from app import GAME_AC
from table import signed
from sheet import lines, last_trick, scrolled, choice, note_result
from engine import alleycat as AC
from engine.cards import ALLEY_CAT

NAMES = ("You", "CPU")


def tricks(g, p):
    """Player p's tricks this round: (values of the tricks without the alley cat, value of
    the alley-cat trick or -1); see both()."""
    v, c = both(g)
    return v[p], c[p]


def both(g):
    """Both players' tricks this round from the engine's history, in one pass: (the values
    of each one's tricks without the alley cat, the value of each one's alley-cat trick or
    -1). Rules: a trick is worth the difference of the card values (A=1 .. K=13, 5D=5),
    the higher-ranked card takes it, and its taker subtracts it when the 5D is in it."""
    vals = ([], [])
    cat = [-1, -1]
    for k in range(0, g.history_size - 1, 2):
        a = g.history_card(k)
        b = g.history_card(k + 1)
        w = g.history_seat(k) if AC.rank_index(a) > AC.rank_index(b) else g.history_seat(k + 1)
        v = (a & 15) - (b & 15)
        if v < 0:
            v = -v
        if a == ALLEY_CAT or b == ALLEY_CAT:
            cat[w] = v
        else:
            vals[w].append(v)
    return vals, cat


def breakdown(g):
    """Two rows per player: the points of each trick taken, the alley cat, the round."""
    r = []
    vs, cs = both(g)
    for p in (0, 1):
        vals = vs[p]
        cat = cs[p]
        t = sum(vals)
        a = "%s: %s = %d" % (NAMES[p], "+".join(["%d" % v for v in vals]), t)
        if len(a) > 25:
            a = "%s: %d tricks = %d" % (NAMES[p], len(vals), t)
        if not vals:
            a = NAMES[p] + ": no tricks"
        r.append(a)
        rp = signed(g.round_points(p))
        r.append("alley cat -%d, round %s" % (cat, rp) if cat >= 0 else "round " + rp)
    return r


def why(g):
    """Why the round (or the game, mid-round) ended."""
    e0 = g.hand_size(0) == 0
    e1 = g.hand_size(1) == 0
    if g.phase == AC.PHASE_GAME_OVER and not (e0 or e1):
        return "%s reached %d" % (NAMES[g.winner], g.target)
    if e0 and e1:
        return "Both hands played out"
    return "Your hand is played out" if e0 else "CPU's hand is played out"


def draw(s):
    g = s.g
    a = s.app
    note_result(a, GAME_AC, g)  # the round just finished is on the sheet (once)
    score = "You %d, CPU %d" % (g.score(0), g.score(1))
    if s.overlay == 1:
        last_trick(s)
        if g.last_winner >= 0:
            gfx.text(7, 80, 88, "points " + signed(g.last_points), gfx.T_WHITE, center=True)
    elif s.overlay == 2:
        h = a.hist
        nh = a.hist_n
        now = a.hist_open and g.phase == AC.PHASE_PLAY

        def pts(j, p):
            v = h[4 * j + 2 * p] | (h[4 * j + 2 * p + 1] << 8)
            return signed(v - 0x10000 if v & 0x8000 else v)

        def row(j):
            if j < nh:
                return "%5d %6s %6s" % (j + 1, pts(j, 0), pts(j, 1))
            if now and j == nh:
                return "%4d* %6s %6s" % (j + 1, signed(g.round_points(0)),
                                         signed(g.round_points(1)))
            return "score %6d %6d" % (g.score(0), g.score(1))
        scrolled(s, "Score sheet", "round    You    CPU", nh + (2 if now else 1), row,
                 "*: in play; target %d" % g.target)
    elif g.phase == AC.PHASE_GAME_OVER:
        w = g.winner == 0
        lines("You win!" if w else "CPU wins", [why(g)] + breakdown(g) + ["Final: " + score],
              "", gfx.T_GREEN if w else gfx.T_RED, 1)
        choice(s.again)
    else:
        lines("Round %d over" % a.hist_n,
              [why(g)] + breakdown(g) + ["", score + ", to %d" % g.target], "A: next round",
              gfx.T_YELLOW, 1)
