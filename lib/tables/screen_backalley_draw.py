# Drawing of the Back Alley table (screen_backalley.BackAlleyScreen is `s`).
#
# Layout (160x128):
#   y 1   scores "Us 12  Them -30"                      trump "Trump <suit>" / "No trump"
#   y 13  "Us 2/5  Them 1/board" (tricks / contract)    deal "3/13"
#   y 25+ the trick as a cross (N top, W left, E right, you bottom), the seat labels beside
#         it: name, bid / tricks, a "D" chip at the dealer; the seat to move has its label in
#         yellow (you: green, with "Your lead" / "Your turn" right of your card) and its empty
#         card place outlined; in the trick the card led is framed cyan, the winning card
#         yellow
#   y 74  message line; y 85 the tip line (the hint's reason or the coach)
#   y 103 your hand (the selected card raised 5 px; cards you cannot play now are dimmed)
# While you bid, a box over the cross, and after the last bid the bidding summary:
# screen_backalley_bid (which imports nothing of this module or the screen's: no circle).
import gfx
from buttons import const
from engine import backalley as BA
from screen_backalley_bid import contract, passed, panel, coach

SEAT = ("You", "W", "N", "E")
XY = b"\x48\x31\x33\x25\x48\x19\x5d\x25"  # x, y of each seat's card in the trick
_CW = const(17)  # (underscore consts take no room on the board)
_CH = const(24)
HAND_Y = 103
_MSG_Y = const(74)
_TIP_Y = const(85)
_F_KEEP = const(8)  # (table)
_F_LIGHT = const(16)


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
    # light (gfx.again): mid-trick the top rows and labels are kept; at a trick's end (a
    # hold) only the scores, the tricks and two labels can change
    f = s.flags & _F_LIGHT
    if not f or hold:  # the top rows: scores, trump, deal, tricks / contracts
        gfx.text(0, 1, 1, "Us %d  Them %d" % (g.team_score(0), g.team_score(1)))
        if not f:  # (a trick's end keeps them: the trump's chip is an op before again(0))
            if g.trump == BA.NO_TRUMP:
                gfx.text(2, 159, 1, "No trump", gfx.T_CYAN, True)
            else:
                gfx.text(2, 159, 1, "Trump " + chr(g.trump + 1) + " ", gfx.T_CYAN, True)
            gfx.text(1, 159, 13, "%d/%d" % (g.deal_number + 1, g.deals), gfx.T_GREY, True)
        if g.phase == BA.PHASE_PLAY or (g.phase > BA.PHASE_PLAY and not passed(g)):
            t = "Us %d/%s  Them %d/%s" % (g.tricks(0) + g.tricks(2), contract(g, 0),
                                          g.tricks(1) + g.tricks(3), contract(g, 1))
            if len(t) > 20:  # two boards: "all" (as on the labels) leaves room for the deal
                t = t.replace("board", "all")
            gfx.text(8, 1, 13, t, gfx.T_WHITE)
    s.bid_tip = ""
    if bidding or s.summary:  # the bid box / summary
        gfx.again(0)
        panel(s)
    else:
        seats(s, hold, f)
        cards(s, hold)
    msgs(s)
    if not s.flags & _F_KEEP:  # (kept: table.do_move)
        hand(s)


def seats(s, hold, f):
    g = s.g
    turn = g.turn if not hold and g.phase < BA.PHASE_HAND_OVER else -1
    play = g.phase == BA.PHASE_PLAY or (g.phase > BA.PHASE_PLAY and not passed(g))
    d = g.dealer
    m = f and not hold  # (a trick's end draws the labels again: the winner's tricks)
    for p in range(4):
        # mid-trick only the colours of the seat that played and the next change
        if m and p != turn and p != (turn - 1) & 3:
            continue
        k = b"\x06\x04\x03\x05"[p]
        if m:
            t = gfx.lines[k]  # (the same text: nothing formatted, nothing compared)
        else:
            # name, bid ("-" not yet; in play a pass counts 0 tricks, a board "all"),
            # tricks
            b = g.bid(p)
            if b == 0:
                t = "-"
            elif b == BA.BID_PASS:
                t = "0" if play else "pass"
            elif b == BA.BID_BOARD:
                t = "all" if play else "board"
            else:
                t = "%d" % (b - 0x80)
            t = ("%s %s/%d" % (SEAT[p], t, g.tricks(p))) if play else SEAT[p] + " " + t
        n = len(t) * 6
        col = gfx.T_WHITE
        if p == turn:
            col = gfx.T_GREEN if p == 0 else gfx.T_YELLOW
        # you: left of your card, below West; North: left of North's card
        x = 1 if p < 2 else (70 if p == 2 else 159) - n  # (no tuple built per label)
        y = b"\x3e\x2b\x18\x2b"[p]
        gfx.text(k, x, y, t, col)
        if p == d and not f:  # the dealer's button, a white "D": above West / East,
            if p & 1:      # else beside the name
                x = 1 if p == 1 else 150
                y = 31
            else:
                x = x - 11 if p == 2 else x + n + 2
                y += 1
            gfx.rect(x, y, 9, 10, gfx.WHITE)
            gfx.put(2, x + 2, y + 2, 5, 7, 40, 16)  # (a blit: the sprite sheet's "D")
    if not f:
        gfx.again(0)  # (what again() keeps ends here: the labels do not move mid-trick)
    if turn >= 0 and g.phase == BA.PHASE_PLAY:
        # the seat to move: its card place outlined
        x = XY[2 * turn]
        y = XY[2 * turn + 1]
        gfx.frame(x, y, _CW, _CH, gfx.YELLOW if turn else 9)
    if turn == 0:
        gfx.text(9, 92, 62, "Your bid" if g.phase == BA.PHASE_BID else
                 ("Your lead" if g.trick_size == 0 else "Your turn"), gfx.T_GREEN)
    else:
        gfx.text(9, 92, 62, "")  # (empty: hidden; after gfx.again no line is hidden for us)


def cards(s, hold):
    g = s.g
    # the winning card selected, the card led with a cyan (12) edge
    card = gfx.card
    if hold and g.last_winner >= 0:
        w = g.last_winner
        for i in range(4):
            p = (g.last_leader + i) & 3
            card(g.last_trick_card(i), XY[2 * p], XY[2 * p + 1], _CW, _CH, p == w, False,
                 12 if i == 0 else 2)
    elif g.phase == BA.PHASE_PLAY:
        w = trick_winner(g)
        for i in range(g.trick_size):
            p = (g.leader + i) & 3
            card(g.trick_card(i), XY[2 * p], XY[2 * p + 1], _CW, _CH, p == w, False,
                 12 if i == 0 else 2)


def msgs(s):
    s.app.dirty = True
    p = gfx.start(1)
    g = s.g
    gfx.rect(0, _MSG_Y, 160, _TIP_Y + 12 - _MSG_Y, gfx.FELT)  # behind inline suit chips
    m = s.msg3 or s.msg1
    gfx.text(7, 80, _MSG_Y, m, gfx.T_RED if s.msg_bad else gfx.T_YELLOW, center=True)
    s.msg_bad = False
    t = s.tip or s.bid_tip
    if not t and s.coaching() and g.phase == BA.PHASE_PLAY:
        t = s.can(True) or coach(s)
    gfx.text(10, 80, _TIP_Y, t, gfx.T_CYAN, center=True)
    gfx.resume(p)


def hand(s):
    s.app.dirty = True
    g = s.g
    mine = g.turn == 0 and g.phase == BA.PHASE_PLAY and s.hold_until < 0
    p = gfx.start(2)
    gfx.rect(0, HAND_Y - 5, 160, _CH + 5, gfx.FELT)
    n = s.n
    st = (156 - _CW) // (n - 1) if n > 1 else 0  # (tests: card_xy)
    if st > 20:
        st = 20
    x = (160 - (n - 1) * st - _CW) // 2  # (no tuples: the cursor moves allocate nothing)
    h = s.hand
    ok = s.ok
    c = s.cur if mine else -1
    card = gfx.card
    e = h[15]  # your card played: a gap (table.do_move), which keeps the dimmed cards
    d = mine or e
    for i in range(n):
        # the selected card raised 5 px; dimmed: not playable now (positional: no keywords);
        # the gap: an empty op (the cards after it keep theirs: not repainted)
        if h[i] != e:
            card(h[i], x, HAND_Y - (5 if i == c else 0), _CW, _CH, i == c, d and not ok[i], 2)
        else:
            gfx.put(1, x, HAND_Y, 0, 0)
        x += st
    gfx.resume(p)
