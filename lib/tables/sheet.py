"""What both games' full-screen panels share (sheet_alleycat, sheet_backalley): imported
with the game from .py, with its first panel from .mpy (app._NEEDS), and kept while that
game is played."""
import gfx
from appx import note_result  # noqa: F401 (the sheets' import of it)

ROWS = 6  # rows a scrolling sheet shows at a time


def lines(title, rows, foot, color=gfx.T_YELLOW, rule=-1):
    """A full-screen text panel: title, up to 7 rows (rule: the first of the two rows of a
    breakdown whose rule lines are drawn in cyan), a footer line."""
    gfx.panel_screen(2)  # (2, 2, 156, 124)
    gfx.text(0, 80, 6, title, color, center=True)
    for i in range(len(rows)):
        gfx.text(1 + i, 6, 21 + 12 * i, rows[i],
                 gfx.T_CYAN if rule >= 0 and i in (rule + 1, rule + 3) else gfx.T_WHITE)
    gfx.text(9, 80, 111, foot, gfx.T_CYAN, center=True)


def scrolled(s, title, head, n, row, legend):
    """A sheet of n rows (row(i) is the text of row i; the last one, the totals, yellow),
    ROWS at a time from s.scroll, which it keeps in range (Up / Down move it)."""
    top = s.scroll
    if top > n - ROWS:
        top = n - ROWS
    if top < 0:
        top = 0
    s.scroll = top
    gfx.panel_screen(2)  # (2, 2, 156, 124)
    gfx.text(0, 80, 4, title, gfx.T_YELLOW, center=True)
    gfx.text(1, 6, 17, head, gfx.T_CYAN)
    gfx.rect(4, 29, 152, 1, gfx.SKY)
    for i in range(ROWS):
        j = top + i
        gfx.text(2 + i, 6, 31 + 11 * i, row(j) if j < n else "",
                 gfx.T_YELLOW if j == n - 1 else gfx.T_WHITE)
    gfx.text(9, 80, 100, legend, gfx.T_CYAN, center=True)
    up = top > 0
    down = top + ROWS < n
    gfx.text(10, 80, 112, ("Up/Down: more" if down else "Up: more") if up else
             ("Down: more" if down else "any key: back"), gfx.T_GREEN, center=True)


def choice(again):
    """Game over: Play again / Menu at the bottom, one of them selected."""
    for i in range(2):
        sel = again == (i == 0)
        x = 8 + 74 * i
        gfx.rect(x, 106, 70, 16, gfx.NAVY if sel else 11)
        gfx.frame(x, 106, 70, 16, gfx.YELLOW if sel else gfx.SKY)
        gfx.text(9 + i, x + 35, 108, "Play again" if i == 0 else "Menu",
                 gfx.T_YELLOW if sel else gfx.T_WHITE, center=True)


def last_trick(s):
    g = s.g
    lines("Last trick", (), "any key: back")
    if g.last_winner < 0:
        gfx.text(1, 80, 56, "No trick yet", center=True)
        return
    n = s.SEATS
    x = (160 - n * 32 + 10) // 2
    for i in range(n):
        p = (g.last_leader + i) % n
        gfx.card(g.last_trick_card(i), x, 36, 22, 30, sel=(p == g.last_winner))
        gfx.text(1 + i, x + 11, 22, s.seat_name(p), center=True)
        x += 32
    gfx.text(6, 80, 76, "won by " + s.seat_name(g.last_winner), gfx.T_GREEN, center=True)
