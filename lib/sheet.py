"""What both games' full-screen panels share (sheet_alleycat, sheet_backalley): imported
with a game's modules (app._NEEDS) and kept while that game is played."""
import gfx


def lines(title, rows, foot, color=gfx.T_YELLOW):
    """A full-screen text panel: title, up to 7 rows, a footer line."""
    gfx.clear(gfx.DARK)
    gfx.panel(2, 2, 156, 124)
    gfx.text(0, 80, 6, title, color, center=True)
    for i in range(len(rows)):
        gfx.text(1 + i, 8, 22 + 13 * i, rows[i])
    gfx.text(9, 80, 110, foot, gfx.T_CYAN, center=True)


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

