# Back Alley's bidding: your bid's keys, the box placed on the hint's bid, the bid messages.
# After the last bid the summary stays 2 s; when all four pass, "All passed - redeal n" stays
# 2 s and the same hand size is dealt again by itself (screen_backalley.after_hold). It
# draws through screen_backalley_draw (which imports nothing of it: no import circle).
from buttons import A, LEFT, RIGHT, UP
from fx import T_MOVE, T_BAD
from engine import backalley as BA
from screen_backalley_draw import passed, choice, load_bids, word, LONG
from buttons import const

_F_BOX = const(4)  # (table_keys)


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
