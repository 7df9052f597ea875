"""Alley Cat full-screen panels: last trick, score sheet, round over, game over (imported
with the game's modules, app._NEEDS; drawn by table.GameScreen.draw_all)."""
import gfx
from app import LEVEL_NAMES
from table import signed
from sheet import lines, last_trick
from engine import alleycat as AC

NAMES = ("You", "CPU")


def draw(s):
    g = s.g
    if s.overlay == 1:
        last_trick(s)
        if g.last_winner >= 0:
            gfx.text(7, 80, 88, "points " + signed(g.last_points), gfx.T_WHITE, center=True)
    elif s.overlay == 2:
        lines("Score sheet", [
            "You  %d" % g.score(0), "CPU  %d" % g.score(1),
            "This round: %s / %s" % (signed(g.round_points(0)), signed(g.round_points(1))),
            "Target %d, %s" % (g.target, "as captured" if g.as_captured else "end of round"),
            "Stock %d, CPU holds %d" % (g.stock_size(), g.hand_size(1))], "any key: back")
    elif g.phase == AC.PHASE_GAME_OVER:
        w = g.winner == 0
        lines("You win!" if w else "CPU wins",
              ["You %d  CPU %d" % (g.score(0), g.score(1)), "",
               "Level: " + LEVEL_NAMES[s.level]],
              "A: back to menu", gfx.T_GREEN if w else gfx.T_RED)
    else:
        r = []
        for p in range(2):
            r.append("%s  %s  = %d" % (NAMES[p], signed(g.round_points(p)), g.score(p)))
        r.append("")
        r.append("Target: %d" % g.target)
        lines("Round over", r, "A: next round")
