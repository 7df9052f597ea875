"""Test helper shared by the engine test files: re-seal an edited save."""


def reseal(b):
    """Recompute the parity byte (n-3) and the Fletcher-16 checksum (n-2, n-1) of the save in
    bytearray b in place (written out here, independently of the engine's own code), so that
    an edited save passes both integrity checks and only load's semantic validation is left.
    Returns b."""
    n = b[3]
    x = 0
    for i in range(n - 3):
        x ^= b[i]
    b[n - 3] = x
    lo = hi = 0
    for i in range(n - 2):
        lo = (lo + b[i]) % 255
        hi = (hi + lo) % 255
    b[n - 2] = lo
    b[n - 1] = hi
    return b


def public_state(g):
    """Everything the public accessors of g (either game) show, as a dict: what a state
    loaded from g's save must show too (ENGINE_API.md's read accessors, the constructor's
    settings the front end reads back, and the legal moves)."""
    buf = bytearray(16)
    n_moves = g.legal_moves(buf)
    seats = 4 if g.GAME_ID == 2 else 2
    s = {
        "phase": g.phase, "turn": g.turn, "dealer": g.dealer, "leader": g.leader,
        "winner": g.winner, "legal_moves": bytes(buf[:n_moves]),
        "trick": [g.trick_card(i) for i in range(g.trick_size)],
        "last_leader": g.last_leader, "last_winner": g.last_winner,
        "last_trick": [g.last_trick_card(i) for i in range(seats)],
        "history": [(g.history_card(i), g.history_seat(i)) for i in range(g.history_size)],
    }
    for p in range(seats):
        n = g.hand(p, buf)
        s["hand%d" % p] = list(buf[:n])
        s["hand_size%d" % p] = g.hand_size(p)
    if g.GAME_ID == 1:
        s.update(target=g.target, as_captured=g.as_captured, stock_size=g.stock_size(),
                 last_points=g.last_points, last_drawer=g.last_drawer, last_drawn=g.last_drawn,
                 score=(g.score(0), g.score(1)), round_points=(g.round_points(0),
                                                               g.round_points(1)))
    else:
        s.update(deals=g.deals, strict=g.strict, deal_number=g.deal_number,
                 redeals=g.redeals, upcard=g.upcard, trump=g.trump,
                 cards_per_hand=g.cards_per_hand,
                 bids=[g.bid(p) for p in range(4)],
                 board_levels=[g.board_level(p) for p in range(4)],
                 tricks=[g.tricks(p) for p in range(4)],
                 team_score=(g.team_score(0), g.team_score(1)),
                 hand_points=(g.hand_points(0), g.hand_points(1)))
    return s


def diff(a, b):
    """The keys where two public_state dicts differ (for assertion messages)."""
    return {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}
