"""Rules pages for both games (8 lines of at most 25 characters per page)."""
import gfx
from buttons import A, B, START, LEFT, RIGHT, UP, DOWN

# (game title, pages); a page is one string, lines split on "\n"
AC_PAGES = (
    "2 players, 27 cards:\nA-K of spades and clubs\nplus the 5 of diamonds,\n"
    "the ALLEY CAT.\nLow to high: A 2 3 .. K;\nat equal rank clubs beat\n"
    "spades; the 5 of diamonds\nbeats both other 5s.",
    "Six cards each, the rest\nis the stock. Non-dealer\nleads; the other plays\n"
    "any card (no need to\nfollow). Higher card\nwins. The loser draws\n"
    "from the stock; the\nwinner leads next.",
    "A trick with the alley\ncat: the WINNER draws,\nthe LOSER leads next, and\n"
    "the winner SUBTRACTS the\ntrick's value. Value =\ndifference of the cards\n"
    "(A=1..K=13, cat=5).\nKing + alley cat: -8.",
    "The round ends when a\nplayer plays their last\ncard. Scores count at\n"
    "round end (or as taken:\nsetting). First to 44\n(setting 22/44/66) wins;\n"
    "higher total wins, a tie\nplays on.",
)
BA_PAGES = (
    "4 players: you (South)\nand North vs West and\nEast. 52 cards + Big and\n"
    "Little Blooper (jokers,\nalways trump).\nDeals 13,12..1..12,13\n"
    "cards (25 deals; short\ngames: setting).",
    "After the deal a card is\nturned up: its suit is\ntrump (a joker: no trump\n"
    "this hand). Bid once\neach: pass, 1..cards-1\nor BOARD (all tricks).\n"
    "All pass: redeal.\nTeam contract = sum.",
    "Follow suit if you can;\nelse play anything.\nBig Blooper led: play\n"
    "your highest trump;\nLittle Blooper led: your\nlowest trump. Highest\n"
    "trump wins, else highest\ncard of the suit led.",
    "Trump may be led once\ntrumps are broken, by a\nboard bidder, or with\n"
    "only trumps in hand.\n(Strict lead setting:\nonly after you played a\n"
    "trump yourself.)\nHighest bid leads first.",
    "Made: 5 x bid + 1 per\nextra trick. Set:\n-5 x bid. Board: +/-10\n"
    "x tricks x level\n(double, triple..).\nBoth passed: +1 a trick.\n"
    "Most points after the\nlast deal wins.",
    "On the table: Us = you\nand North, Them = West\nand East (W, N, E).\n"
    "Seat labels: bid/tricks\n(P pass, B board, B2\ndouble board...).\n"
    "Cards B and L: the Big\nand Little Blooper.",
)
KEYS_PAGE = (
    "Left/Right: pick a card\nA: play/OK  Start: pause\nB: back; take back a move\n"
    "Select: last trick\nUp: hint (hard bot)\nMenus: Up/Down + A\n"
    "Settings: Left/Right\nThe game saves itself.")


class RulesScreen:
    name = "rules"

    def __init__(self, app):
        self.app = app
        self.back_to = None
        self.page = 0

    def open(self, back_to, game):
        self.back_to = back_to
        self.page = 0 if game == 0 else len(AC_PAGES)
        self.app.goto(self)

    def _page(self, i):
        na = len(AC_PAGES)
        nb = len(BA_PAGES)
        if i < na:
            return "Alley Cat %d/%d" % (i + 1, na), AC_PAGES[i]
        if i < na + nb:
            return "Back Alley %d/%d" % (i - na + 1, nb), BA_PAGES[i - na]
        return "Buttons", KEYS_PAGE

    def count(self):
        return len(AC_PAGES) + len(BA_PAGES) + 1

    def enter(self):
        self.draw()

    def draw(self):
        self.app.dirty = True
        gfx.clear(gfx.DARK)
        title, body = self._page(self.page)
        gfx.text(0, 80, 1, title, gfx.T_YELLOW, center=True)
        gfx.rect(0, 13, 160, 1, gfx.SKY)
        lines = body.split("\n")
        for i in range(8):
            gfx.text(1 + i, 3, 15 + 12 * i, lines[i] if i < len(lines) else "")
        gfx.text(9, 80, 115, "<  >: page   B: back", gfx.T_CYAN, center=True)

    def key(self, k):
        n = self.count()
        if k & (RIGHT | DOWN | A):
            self.page = (self.page + 1) % n
            self.draw()
        elif k & (LEFT | UP):
            self.page = (self.page - 1) % n
            self.draw()
        elif k & (B | START):
            app = self.app
            app.goto(self.back_to)
            if app.gs is not None:  # in a game (its peak): the code goes, collected later
                app.unload("rules", False)

    def update(self, now):
        pass

    def waiting(self):
        return True

    def state(self):
        return "page=%d" % self.page
