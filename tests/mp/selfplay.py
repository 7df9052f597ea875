"""Seeded random self-play shared by the MicroPython suite, the benchmark and the soak.

Runs unchanged on CPython and MicroPython. The play loops allocate nothing (preallocated
buffers, the engine's own Rng), so they can run under micropython.heap_lock().
"""
from engine.rng import Rng
from engine.cards import card_name

GAME_OVER = 3  # PHASE_GAME_OVER in both games
BETWEEN = 2    # PHASE_ROUND_OVER / PHASE_HAND_OVER


def is_back_alley(g):
    return hasattr(g, "next_deal")


def next_part(g, ba):
    if ba:
        return g.next_deal()
    return g.next_round()


def random_move(g, rng, buf):
    n = g.legal_moves(buf)
    if n == 0:
        return -1
    return buf[rng.below(n)]


def play_random_game(g, rng, buf, ba, max_moves):
    """Start and finish a game choosing uniformly among legal moves; returns moves played."""
    g.start()
    moves = 0
    while g.phase != GAME_OVER and moves < max_moves:
        if g.turn < 0:
            next_part(g, ba)
            continue
        g.play(random_move(g, rng, buf))
        moves += 1
    return moves


def move_name(m):
    if m >= 0x80:
        if m == 0xC0:
            return "board"
        if m == 0x80:
            return "pass"
        return "bid" + str(m - 0x80)
    return card_name(m)


def transcript(g, rng, buf, ba, out, bots=None, max_moves=5000):
    """Play one game and write a readable transcript line per event to out(str)."""
    g.start()
    if ba:
        out("deal %d dealer %d trump %d up %s" % (
            g.deal_number, g.dealer, g.trump, card_name(g.upcard)))
    else:
        out("dealer %d" % g.dealer)
    moves = 0
    while g.phase != GAME_OVER and moves < max_moves:
        if g.turn < 0:
            if ba:
                out("hand over: points %d %d scores %d %d" % (
                    g.hand_points(0), g.hand_points(1), g.team_score(0), g.team_score(1)))
            else:
                out("round over: scores %d %d" % (g.score(0), g.score(1)))
            next_part(g, ba)
            if ba:
                if g.phase == GAME_OVER:
                    break
                out("deal %d dealer %d trump %d up %s" % (
                    g.deal_number, g.dealer, g.trump, card_name(g.upcard)))
            continue
        p = g.turn
        if bots is not None:
            m = bots[p].choose(g)
        else:
            m = random_move(g, rng, buf)
        code = g.play(m)
        out("p%d %s -> %d" % (p, move_name(m), code))
        moves += 1
    if ba:
        out("game over: winner %d scores %d %d" % (g.winner, g.team_score(0), g.team_score(1)))
    else:
        out("game over: winner %d scores %d %d" % (g.winner, g.score(0), g.score(1)))
    return moves
