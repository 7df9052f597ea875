# Back Alley's bidding: contracts, your bid's keys, the bid messages, the bid box and the
# bidding summary (over the trick's cross, on the seat labels' text lines, hidden meanwhile),
# and the coach's line while you play. After the last bid the summary stays 2 s; when all
# four pass, "All passed - redeal n" stays 2 s and the same hand size is dealt again by
# itself (screen_backalley.after_hold). It imports neither screen_backalley_draw nor
# screen_backalley (both import it): no import circle.
import gfx
from buttons import A, LEFT, RIGHT, UP
from fx import T_MOVE, T_BAD
from engine import backalley as BA
from buttons import const

_F_BOX = const(4)  # (table_keys)

LONG = ("You", "West", "North", "East")


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


def panel(s):
    """Your bid (choice, partner's bid and team total, the other side's bids), or the
    bidding summary once bidding is over (on the seat labels' text lines: hidden here)."""
    g = s.g
    gfx.panel(8, 25, 144, 48)
    if s.summary:
        gfx.text(3, 80, 26, "Bidding over", gfx.T_YELLOW, center=True)
        gfx.text(4, 80, 37, "You %s  North %s" % (word(g.bid(0)), word(g.bid(2))), center=True)
        gfx.text(5, 80, 48, "West %s  East %s" % (word(g.bid(1)), word(g.bid(3))),
                 center=True)
        gfx.text(6, 80, 59, "Us %s  Them %s" % (contract(g, 0), contract(g, 1)),
                 gfx.T_CYAN, center=True)
        return
    load_bids(s)
    n = g.cards_per_hand
    gfx.text(3, 80, 26, "Your bid (%d card%s)" % (n, "" if n == 1 else "s"), gfx.T_GREEN,
             center=True)
    choice(s)
    gfx.text(6, 80, 59, "West %s  East %s" % (word(g.bid(1)), word(g.bid(3))), gfx.T_GREY,
             center=True)


def choice(s):
    """The bid box's lines that follow the choice (Left / Right redraws only these)."""
    g = s.g
    n = g.cards_per_hand
    b = s.bids[s.bsel]
    # the coach says what the choice means, else the keys
    if not s.coaching():
        s.bid_tip = "A: bid  Up: hint"
    elif b == BA.BID_BOARD:
        s.bid_tip = "Board: win all %d (+-%d)" % (n, 10 * n)
    else:
        s.bid_tip = "Team bid = tricks to take"
    gfx.text(4, 80, 37, "<  %s  >" % word(b), gfx.T_YELLOW, center=True)
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
    gfx.text(5, 80, 48, t, center=True)


def coach(s):
    """The coach's line for your card to play ("" when it has nothing to say; while you
    bid the bid box has its own)."""
    g = s.g
    if g.trick_size:
        a = g.trick_card(0) >> 4
        if a == 4 or a == g.trump:
            return "Trump led: play a trump"
        for i in range(s.n):
            if s.hand[i] >> 4 == a:
                return "Follow the suit led"
        return "Can't follow: any card"
    for i in range(s.n):
        if not s.ok[i]:
            return "Trumps not broken yet"
    return ""


def load_bids(s):
    s.nb = s.g.legal_moves(s.bids)
    if s.bsel < 0 or s.bsel >= s.nb:
        s.bsel = 0


def bid_key(s, k):
    load_bids(s)
    if k & (LEFT | RIGHT):
        s.bsel = (s.bsel + (1 if k & RIGHT else -1)) % s.nb
        s.flags |= _F_BOX  # yours now: the hint's bid no longer moves it
        s.app.fx.tone(T_MOVE)
        choice(s)  # only the box's lines and the tip change
        s.draw_msgs()
    elif k & UP:
        s.ask_hint()
    elif k & A:
        b = s.bids[s.bsel]
        if s.do_move(b, s.app.now):
            s.app.fx.tone(T_BAD)
            s.msg3 = "Bid not allowed"
            s.msg_bad = True
            s.draw_all()
        else:
            s.bsel = -1
            s.save()


def place(s):
    """The box on the hint's bid (its search is done: s.bot.move)."""
    load_bids(s)
    m = s.bot.move
    for i in range(s.nb):
        if s.bids[i] == m:
            s.bsel = i
    s.flags |= _F_BOX
    s.draw_all()


def show_hint(s):
    m = s.bot.move
    s.tip = s.bot.reason
    s.msg3 = "Hint: " + ("pass" if m == BA.BID_PASS else "bid " + word(m))
    place(s)


def bid_made(s, seat, move):
    g = s.g
    now = s.app.now
    if g.phase == BA.PHASE_HAND_OVER and passed(g):
        s.say("All passed - redeal %d" % g.redeals)
        s.hold_until = (now + 2000) & 0x1FFFFFFF
    elif g.phase == BA.PHASE_PLAY:
        s.summary = True
        s.say("You lead" if g.turn == 0 else "%s leads" % LONG[g.turn])
        s.hold_until = (now + 2000) & 0x1FFFFFFF
    elif seat == 0:
        s.say("You pass" if move == BA.BID_PASS else "You bid " + word(move))
    else:
        s.say("%s %s" % (LONG[seat], "passes" if move == BA.BID_PASS else
                         "bids " + word(move)))
