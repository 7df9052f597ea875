"""Drawing of the Back Alley table (screen_backalley.BackAlleyScreen is `s`).

Layout (160x128):
  y 1   scores "Us 12  Them -30"                      trump "Trump <suit>" / "No trump"
  y 13  "Us 2/5  Them 1/board" (tricks / contract)    deal "3/13"
  y 25+ the trick as a cross (N top, W left, E right, you bottom), the seat labels beside
        it: name, bid / tricks, a "D" chip at the dealer; the seat to move has its label in
        yellow (you: green, with "Your lead" / "Your turn" right of your card) and its empty
        card place outlined; in the trick the card led is framed cyan, the winning card
        yellow
  y 74  message line; y 85 the tip line (the hint's reason or the coach)
  y 103 your hand (the selected card raised 5 px; cards you cannot play now are dimmed)
While you bid, a panel over the cross: "Your bid (n cards)", the choice, your partner's bid
and the team total, the other side's bids; after the last bid, the bidding summary.
"""
import gfx
from engine import backalley as BA

SEAT = ("You", "W", "N", "E")
LONG = ("You", "West", "North", "East")
TRICK_XY = ((72, 49), (51, 37), (72, 25), (93, 37))
CW = 17
CH = 24
HAND_Y = 103
MSG_Y = 74
TIP_Y = 85


def bid_text(b, play):
    """A seat's bid: while bidding "-" (not yet), "pass", "board" or n; in play the
    tricks it counts for: a pass bids 0, a board "all"."""
    if b == 0:
        return "-"
    if b == BA.BID_PASS:
        return "0" if play else "pass"
    if b == BA.BID_BOARD:
        return "all" if play else "board"
    return "%d" % (b - 0x80)


def word(b):
    if b == BA.BID_PASS:
        return "pass"
    if b == BA.BID_BOARD:
        return "board"
    if b == 0:
        return "-"
    return "%d" % (b - 0x80)


def contract(g, t):
    """Team t's contract: tricks bid together, or "board"."""
    n = 0
    for p in (t, t + 2):
        b = g.bid(p)
        if b == BA.BID_BOARD:
            return "board"
        if 0x80 < b < BA.BID_BOARD:
            n += b - 0x80
    return "%d" % n


def passed(g):
    """All four passed (the hand is dealt again)."""
    for p in range(4):
        if g.bid(p) != BA.BID_PASS:
            return False
    return True


def seat_label(g, p):
    play = g.phase == BA.PHASE_PLAY or (g.phase > BA.PHASE_PLAY and not passed(g))
    s = SEAT[p] + " " + bid_text(g.bid(p), play)
    if play:
        s += "/%d" % g.tricks(p)
    return s


def dealer_chip(x, y):
    """A white 'D' button (9x10) with its top-left at (x, y)."""
    gfx.rect(x, y, 9, 10, gfx.WHITE)
    gfx.rect(x + 2, y + 2, 1, 6, gfx.BLACK)
    gfx.rect(x + 2, y + 2, 4, 1, gfx.BLACK)
    gfx.rect(x + 2, y + 7, 4, 1, gfx.BLACK)
    gfx.rect(x + 6, y + 3, 1, 4, gfx.BLACK)


def trick_winner(g):
    """Seat winning the cards on the table so far (-1 when none)."""
    n = g.trick_size
    if n == 0:
        return -1
    h = BA._HIGH
    s = g.trick_card(0) >> 4
    v = -1
    k = 0
    for i in range(n):
        c = g.trick_card(i)
        t = h[c] + (32 if (c >> 4) == 4 or (c >> 4) == g.trump else
                    (0 if c >> 4 == s else -64))
        if t > v:
            v = t
            k = i
    return (g.leader + k) & 3


def table(s):
    g = s.g
    hold = s.hold_until >= 0
    bidding = g.phase == BA.PHASE_BID and g.turn == 0 and not hold
    gfx.text(0, 1, 1, "Us %d  Them %d" % (g.team_score(0), g.team_score(1)))
    if g.trump == BA.NO_TRUMP:
        gfx.text(2, 159, 1, "No trump", gfx.T_CYAN, right=True)
    else:
        gfx.text(2, 159, 1, "Trump " + chr(g.trump + 1) + " ", gfx.T_CYAN, right=True)
    gfx.text(1, 159, 13, "%d/%d" % (g.deal_number + 1, g.deals), gfx.T_GREY, right=True)
    if g.phase == BA.PHASE_PLAY or (g.phase > BA.PHASE_PLAY and not passed(g)):
        gfx.text(8, 1, 13, "Us %d/%s  Them %d/%s" % (
            g.tricks(0) + g.tricks(2), contract(g, 0), g.tricks(1) + g.tricks(3),
            contract(g, 1)), gfx.T_WHITE)
    if bidding or s.summary:
        panel(s)
    else:
        seats(s, hold)
        cards(s, hold)
    msgs(s)
    hand(s)


def seats(s, hold):
    g = s.g
    turn = g.turn if not hold and g.phase < BA.PHASE_HAND_OVER else -1
    for p in range(4):
        t = seat_label(g, p)
        n = len(t) * 6
        col = gfx.T_WHITE
        if p == turn:
            col = gfx.T_GREEN if p == 0 else gfx.T_YELLOW
        if p == 0:  # left of your card, below West's
            x = 1
            y = 62
        elif p == 1:
            x = 1
            y = 43
        elif p == 2:  # left of North's card
            x = 70 - n
            y = 24
        else:
            x = 159 - n
            y = 43
        gfx.text((6, 4, 3, 5)[p], x, y, t, col)
        if p == g.dealer:  # the dealer's button: above West / East, else before the name
            if p & 1:
                dealer_chip(1 if p == 1 else 150, 31)
            else:
                dealer_chip(x - 11 if p == 2 else x + n + 2, y + 1)
    if turn >= 0 and g.phase == BA.PHASE_PLAY:
        # the seat to move: its card place outlined
        x, y = TRICK_XY[turn]
        gfx.frame(x, y, CW, CH, gfx.YELLOW if turn else 9)
    if turn == 0:
        gfx.text(9, 92, 62, "Your bid" if g.phase == BA.PHASE_BID else
                 ("Your lead" if g.trick_size == 0 else "Your turn"), gfx.T_GREEN)


def cards(s, hold):
    g = s.g
    if hold and g.last_winner >= 0:
        for i in range(4):
            p = (g.last_leader + i) & 3
            x, y = TRICK_XY[p]
            gfx.card(g.last_trick_card(i), x, y, CW, CH, sel=(p == g.last_winner),
                     edge=12 if i == 0 else gfx.BLACK)
    elif g.phase == BA.PHASE_PLAY:
        w = trick_winner(g)
        for i in range(g.trick_size):
            p = (g.leader + i) & 3
            x, y = TRICK_XY[p]
            gfx.card(g.trick_card(i), x, y, CW, CH, sel=(p == w),
                     edge=12 if i == 0 else gfx.BLACK)


def panel(s):
    """Your bid (choice, partner's bid and team total, the other side's bids), or the
    bidding summary once bidding is over."""
    g = s.g
    gfx.panel(8, 25, 144, 48)
    if s.summary:
        gfx.text(8, 80, 26, "Bidding over", gfx.T_YELLOW, center=True)
        gfx.text(9, 80, 37, "You %s  North %s" % (word(g.bid(0)), word(g.bid(2))), center=True)
        gfx.text(11, 80, 48, "West %s  East %s" % (word(g.bid(1)), word(g.bid(3))),
                 center=True)
        gfx.text(12, 80, 59, "Us %s  Them %s" % (contract(g, 0), contract(g, 1)),
                 gfx.T_CYAN, center=True)
        return
    s._load_bids()
    n = g.cards_per_hand
    gfx.text(8, 80, 26, "Your bid (%d card%s)" % (n, "" if n == 1 else "s"), gfx.T_GREEN,
             center=True)
    b = s.bids[s.bsel]
    gfx.text(9, 80, 37, "<  %s  >" % word(b), gfx.T_YELLOW, center=True)
    pb = g.bid(2)
    if pb == 0:
        t = "North bids after you"
    elif pb == BA.BID_BOARD:
        t = "North bid board"
    elif b == BA.BID_BOARD:
        t = "Team: board"
    else:  # the team's contract if you choose this
        m = (pb - 0x80 if pb != BA.BID_PASS else 0) + (b - 0x80 if b != BA.BID_PASS else 0)
        t = "North %s, team %d" % ("passed" if pb == BA.BID_PASS else word(pb), m)
    gfx.text(11, 80, 48, t, center=True)
    gfx.text(12, 80, 59, "West %s  East %s" % (word(g.bid(1)), word(g.bid(3))), gfx.T_GREY,
             center=True)


def msgs(s):
    s.app.dirty = True
    g = s.g
    gfx.rect(0, MSG_Y, 160, TIP_Y + 12 - MSG_Y, gfx.FELT)  # behind inline suit chips
    m = s.msg3 or s.msg1
    gfx.text(7, 80, MSG_Y, m, gfx.T_RED if s.msg_bad else gfx.T_YELLOW, center=True)
    s.msg_bad = False
    t = s.tip or s.coach()
    if not t and g.phase == BA.PHASE_BID and g.turn == 0 and s.hold_until < 0:
        t = "A: bid  Up: hint"
    gfx.text(10, 80, TIP_Y, t, gfx.T_CYAN, center=True)


def step(s):
    n = s.n
    if n <= 1:
        return 0
    t = (156 - CW) // (n - 1)
    return 20 if t > 20 else t


def card_xy(s, i):
    st = step(s)
    return ((160 - (s.n - 1) * st - CW) // 2 + i * st, HAND_Y)


def hand(s):
    s.app.dirty = True
    gfx.rect(0, HAND_Y - 5, 160, CH + 5, gfx.FELT)
    g = s.g
    mine = g.turn == 0 and g.phase == BA.PHASE_PLAY and s.hold_until < 0
    st = step(s)
    x = (160 - (s.n - 1) * st - CW) // 2  # (no tuples: the cursor moves allocate nothing)
    for i in range(s.n):
        sel = mine and i == s.cur
        gfx.card(s.hand[i], x, HAND_Y - (5 if sel else 0), CW, CH, sel=sel,
                 dim=mine and not s.ok[i])
        x += st
