"""Back Alley engine: property tests over random legal play (hypothesis)."""
import random

from hypothesis import given, settings, strategies as st

from engine.backalley import (
    BackAlley, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE,
    PHASE_BID, PHASE_PLAY, PHASE_HAND_OVER, PHASE_GAME_OVER, BID_PASS,
)
from engine.cards import is_card, NO_CARD

ALL = sorted(c for c in range(0x43) if is_card(c))
ERRORS = (ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE)


def snapshot(g):
    buf = bytearray(256)
    return bytes(buf[:g.save(buf)])


def where_cards_are(g):
    """Every card the game knows of, from the public accessors and the documented buffers."""
    out = []
    buf = bytearray(16)
    for p in range(4):
        n = g.hand(p, buf)
        assert n == g.hand_size(p)
        out += list(buf[:n])
    out += [g.trick_card(i) for i in range(g.trick_size)]
    out += list(g.played[:g.played_n])
    out += list(g.undealt[:g.undealt_n])
    if g.upcard != NO_CARD:
        out.append(g.upcard)
    if g.discarded != NO_CARD:
        out.append(g.discarded)
    return sorted(out)


def check_invariants(g, finished_points):
    assert where_cards_are(g) == ALL
    assert sum(g.tricks(p) for p in range(4)) * 4 == g.played_n
    if g.turn == -1:
        assert g.phase in (PHASE_HAND_OVER, PHASE_GAME_OVER)
    else:
        assert g.phase in (PHASE_BID, PHASE_PLAY)
        assert g.legal_moves(bytearray(16)) > 0
    for t in range(2):
        assert g.team_score(t) == sum(p[t] for p in finished_points)
    if g.phase == PHASE_GAME_OVER:
        s0, s1 = g.team_score(0), g.team_score(1)
        assert g.winner == (0 if s0 > s1 else 1 if s1 > s0 else 2)
    else:
        assert g.winner == -1


def check_every_byte(g):
    """Any int 0..255 is accepted exactly when legal_moves lists it; refusals change nothing."""
    buf = bytearray(16)
    legal = set(buf[:g.legal_moves(buf)])
    before = snapshot(g)
    h = BackAlley()
    for m in range(256):
        h.copy_from(g)
        r = h.play(m)
        if m in legal:
            assert r == OK
        else:
            assert r in ERRORS
            assert snapshot(h) == before
    for m in (-1, -200, 256, 1000, 1 << 31):
        assert g.play(m) in ERRORS
    assert snapshot(g) == before


def run_game(seed, deals, strict, chooser_seed, pass_rate, probe_rate):
    rnd = random.Random(chooser_seed)
    g = BackAlley(seed=seed, deals=deals, strict_trump_lead=strict)
    assert where_cards_are(g) == ALL
    assert g.start() == OK
    h = BackAlley()
    finished = []
    buf = bytearray(16)
    steps = 0
    hand_moves = 0
    while g.phase != PHASE_GAME_OVER:
        steps += 1
        assert steps < 20000
        check_invariants(g, finished)
        if rnd.random() < probe_rate:
            s = snapshot(g)
            assert h.load(s) == OK
            assert snapshot(h) == s
            check_every_byte(g)
        if g.phase == PHASE_HAND_OVER:
            assert g.play(BID_PASS) == ERR_PHASE
            if not all(g.bid(p) == BID_PASS for p in range(4)):
                assert sum(g.tricks(p) for p in range(4)) == g.cards_per_hand
            size, dn = g.cards_per_hand, g.deal_number
            all_pass = all(g.bid(p) == BID_PASS for p in range(4))
            assert g.next_deal() == OK
            if all_pass:
                assert (g.cards_per_hand, g.deal_number) == (size, dn)
            else:
                assert g.deal_number == dn + 1
            continue
        n = g.legal_moves(buf)
        m = buf[rnd.randrange(n)]
        if g.phase == PHASE_BID and rnd.random() < pass_rate:
            m = BID_PASS
        phase = g.phase
        assert g.play(m) == OK
        if g.phase in (PHASE_HAND_OVER, PHASE_GAME_OVER) and phase != g.phase:
            finished.append((g.hand_points(0), g.hand_points(1)))
            if phase == PHASE_PLAY:
                assert sum(g.tricks(p) for p in range(4)) == g.cards_per_hand
            else:
                assert (g.hand_points(0), g.hand_points(1)) == (0, 0)
    check_invariants(g, finished)
    assert g.deal_number == g.deals - 1
    assert g.next_deal() == ERR_PHASE
    s = snapshot(g)
    assert h.load(s) == OK and snapshot(h) == s and h.winner == g.winner
    return g


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**30), deals=st.sampled_from([1, 3, 5, 7]), strict=st.booleans(),
       chooser=st.integers(0, 2**30), pass_rate=st.sampled_from([0.0, 0.5, 0.8]))
def test_random_short_games(seed, deals, strict, chooser, pass_rate):
    run_game(seed, deals, strict, chooser, pass_rate, probe_rate=0.1)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**30), strict=st.booleans(), chooser=st.integers(0, 2**30))
def test_random_full_games(seed, strict, chooser):
    g = run_game(seed, 25, strict, chooser, 0.5, probe_rate=0.01)
    assert g.cards_per_hand == 13


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**30), deals=st.sampled_from([3, 5, 7]),
       chooser=st.integers(0, 2**30), stop=st.integers(0, 200))
def test_save_load_midgame_continues_identically(seed, deals, chooser, stop):
    rnd = random.Random(chooser)
    g = BackAlley(seed=seed, deals=deals)
    g.start()
    buf = bytearray(16)
    for _ in range(stop):
        if g.phase == PHASE_GAME_OVER:
            break
        if g.phase == PHASE_HAND_OVER:
            g.next_deal()
            continue
        n = g.legal_moves(buf)
        g.play(buf[rnd.randrange(n)])
    h = BackAlley(seed=12345, deals=25, strict_trump_lead=True)
    assert h.load(snapshot(g)) == OK
    # The RNG travels with the save: the next shuffles and moves are the same.
    while g.phase != PHASE_GAME_OVER:
        assert snapshot(g) == snapshot(h)
        if g.phase == PHASE_HAND_OVER:
            assert g.next_deal() == OK and h.next_deal() == OK
            continue
        n = g.legal_moves(buf)
        m = buf[rnd.randrange(n)]
        assert g.play(m) == OK and h.play(m) == OK
    assert snapshot(g) == snapshot(h)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**30), deals=st.sampled_from([1, 3, 5]),
       chooser=st.integers(0, 2**30), stop=st.integers(0, 60),
       garbage=st.binary(min_size=0, max_size=120))
def test_load_of_garbage_never_raises_and_leaves_game(seed, deals, chooser, stop, garbage):
    rnd = random.Random(chooser)
    g = BackAlley(seed=seed, deals=deals)
    g.start()
    buf = bytearray(16)
    for _ in range(stop):
        if g.turn == -1:
            break
        g.play(buf[rnd.randrange(g.legal_moves(buf))])
    before = snapshot(g)
    for data in (garbage, b"BA\x01" + garbage, b"BA\x01" + bytes([len(garbage) + 4]) + garbage):
        r = g.load(data)
        assert r != OK or snapshot(g) == bytes(data[:data[3]])
        if r != OK:
            assert snapshot(g) == before
