"""Back Alley engine: property tests over random legal play (hypothesis)."""
import random

from hypothesis import given, settings, strategies as st

from engine.backalley import (
    BackAlley, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE,
    PHASE_BID, PHASE_PLAY, PHASE_HAND_OVER, PHASE_GAME_OVER, BID_PASS,
)
from engine.cards import is_card, NO_CARD, LITTLE_BLOOPER, BIG_BLOOPER
from saveutil import public_state, diff

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


def rules_legal(g):
    """The moves the rules allow now, worked out from docs/RULES.md ("Back Alley") and
    the public accessors alone, not from the engine's legal_moves or its own checks."""
    p = g.turn
    if p < 0:
        return set()
    n = g.cards_per_hand
    if g.phase == PHASE_BID:
        # rule 4: pass, a number from 1 to (hand size - 1), or board; need not go up
        return {BID_PASS, 0xC0} | {0x80 + k for k in range(1, n)}
    buf = bytearray(16)
    hand = list(buf[:g.hand(p, buf)])

    def trump(c):  # the jokers always belong to the trump suit (no joker in a no-trump hand)
        return c >> 4 == 4 or (g.trump != 15 and c >> 4 == g.trump)

    def high(c):  # trump ranking: Big Blooper, Little Blooper, A K Q ... 2
        return {BIG_BLOOPER: 100, LITTLE_BLOOPER: 99}.get(c, 14 if c & 15 == 1 else c & 15)

    if g.trick_size == 0:
        # rule 8: a trump is led only once trumps are broken (a trump played to an earlier
        # trick of this hand; strict: by this player), by a board bidder, or from a hand of
        # nothing but trumps
        earlier = [(g.history_card(i), g.history_seat(i)) for i in range(g.history_size)]
        if g.strict:
            broken = any(trump(c) and q == p for c, q in earlier)
        else:
            broken = any(trump(c) for c, _ in earlier)
        if broken or g.bid(p) == 0xC0 or all(trump(c) for c in hand):
            return set(hand)
        return {c for c in hand if not trump(c)}
    led = g.trick_card(0)
    mine = [c for c in hand if trump(c)]
    if led in (BIG_BLOOPER, LITTLE_BLOOPER) and mine:
        # rule 9: the highest trump to the Big Blooper, the lowest to the Little one
        pick = max if led == BIG_BLOOPER else min
        return {pick(mine, key=high)}
    same = [c for c in hand if (trump(c) if trump(led) else c >> 4 == led >> 4 and not trump(c))]
    return set(same) if same else set(hand)


def check_every_byte(g):
    """Any int 0..255 is accepted exactly when the rules allow it (rules_legal, an oracle
    independent of the engine), legal_moves lists exactly those, refusals change nothing."""
    buf = bytearray(16)
    want = rules_legal(g)
    assert set(buf[:g.legal_moves(buf)]) == want
    before = snapshot(g)
    seen = public_state(g)
    h = BackAlley()
    for m in range(256):
        h.copy_from(g)
        r = h.play(m)
        if m in want:
            assert r == OK
        else:
            assert r in ERRORS
            assert snapshot(h) == before
    for m in (-1, -200, 256, 1000, 1 << 31):
        assert g.play(m) in ERRORS
    assert snapshot(g) == before and public_state(g) == seen


def run_game(seed, deals, strict, chooser_seed, pass_rate, probe_rate):
    rnd = random.Random(chooser_seed)
    g = BackAlley(seed=seed, deals=deals, strict_trump_lead=strict)
    assert where_cards_are(g) == ALL
    assert g.start() == OK
    finished = []
    buf = bytearray(16)
    steps = 0
    hand_moves = 0
    while g.phase != PHASE_GAME_OVER:
        steps += 1
        assert steps < 20000
        check_invariants(g, finished)
        if rnd.random() < probe_rate:
            # loaded into a game made with other settings: the same game by every accessor
            h = BackAlley(seed=seed + 1, deals=25 if deals != 25 else 3,
                          strict_trump_lead=not strict)
            assert h.load(snapshot(g)) == OK
            a, b = public_state(g), public_state(h)
            assert a == b, diff(a, b)
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
    h = BackAlley(seed=seed + 1, deals=25 if deals != 25 else 3, strict_trump_lead=not strict)
    assert h.load(snapshot(g)) == OK
    a, b = public_state(g), public_state(h)
    assert a == b, diff(a, b)
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
    h = BackAlley(seed=12345, deals=25 if deals != 25 else 3, strict_trump_lead=True)
    assert h.load(snapshot(g)) == OK
    # The RNG travels with the save: the next shuffles and moves are the same.
    while g.phase != PHASE_GAME_OVER:
        a, b = public_state(g), public_state(h)
        assert a == b, diff(a, b)
        if g.phase == PHASE_HAND_OVER:
            assert g.next_deal() == OK and h.next_deal() == OK
            continue
        n = g.legal_moves(buf)
        m = buf[rnd.randrange(n)]
        assert g.play(m) == OK and h.play(m) == OK
    assert public_state(g) == public_state(h)


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


def test_every_position_of_seeded_games_allows_exactly_what_the_rules_allow():
    # deterministic companion of check_every_byte: every position of seeded games, each card
    # in the hand of the seat to move tried, and the rules' cases each met
    rnd = random.Random(5)
    cases = {"big led": 0, "little led": 0, "trump lead refused": 0, "follow": 0, "bid": 0}
    h = BackAlley()
    buf = bytearray(16)
    for s in range(12):
        g = BackAlley(seed=s, deals=(7, 13)[s % 2], strict_trump_lead=s % 4 >= 2)
        g.start()
        while g.phase != PHASE_GAME_OVER:
            if g.phase == PHASE_HAND_OVER:
                g.next_deal()
                continue
            want = rules_legal(g)
            assert set(buf[:g.legal_moves(buf)]) == want
            if g.phase == PHASE_BID:
                cases["bid"] += 1
                tries = range(0x80, 0xC1)
            else:
                tries = buf[:g.hand(g.turn, buf)]
                if g.trick_size:
                    led = g.trick_card(0)
                    key = {BIG_BLOOPER: "big led", LITTLE_BLOOPER: "little led"}.get(led, "follow")
                    cases[key] += len(want) < len(tries)
                else:
                    cases["trump lead refused"] += len(want) < len(tries)
            for m in list(tries):
                h.copy_from(g)
                assert (h.play(m) == OK) == (m in want), (s, hex(m))
            g.play(sorted(want)[rnd.randrange(len(want))])
    assert min(cases.values()) >= 3, cases
