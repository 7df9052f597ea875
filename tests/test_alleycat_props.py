"""Alley Cat engine: property tests over random seeded games with random legal moves."""
from hypothesis import given, settings, strategies as st

from engine.alleycat import (
    AlleyCat, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_BAD_MOVE,
    PHASE_PLAY, PHASE_ROUND_OVER, PHASE_GAME_OVER,
)
from engine.cards import NO_CARD, is_card
from engine.rng import Rng
from saveutil import reseal, public_state, diff

DECK = sorted([(3 << 4) | r for r in range(1, 14)] + list(range(1, 14)) + [0x15])
MAX_MOVES = 20000  # far beyond any real game; a runaway loop fails the test instead of hanging

PROFILE = settings(max_examples=100, deadline=None)


def snap(g):
    buf = bytearray(256)
    return bytes(buf[:g.save(buf)])


def cards_everywhere(g):
    buf = bytearray(16)
    out = []
    for p in (0, 1):
        n = g.hand(p, buf)
        out += list(buf[:n])
    out += [g.stock[i] for i in range(g.stock_top, 15)]
    out += [g.trick_card(i) for i in range(g.trick_size)]
    out += [g.gone[i] for i in range(g.gone_n)]
    return sorted(out)


def run_game(seed, pick_seed, target, captured, on_move):
    """Play one whole game with random legal moves; call on_move(g) after every step."""
    g = AlleyCat(seed, target=target, as_captured=captured)
    assert g.start() == OK
    pick = Rng(pick_seed)
    buf = bytearray(16)
    steps = 0
    while g.phase != PHASE_GAME_OVER:
        steps += 1
        assert steps < MAX_MOVES
        if g.phase == PHASE_ROUND_OVER:
            assert g.next_round() == OK
        else:
            n = g.legal_moves(buf)
            assert 1 <= n <= 6
            assert g.play(buf[pick.below(n)]) == OK
        on_move(g)
    return g, steps


games = given(seed=st.integers(0, 2 ** 31), pick=st.integers(0, 2 ** 16),
              target=st.sampled_from([1, 22, 44, 66, 255]), captured=st.booleans())


@PROFILE
@games
def test_cards_conserved_and_invariants(seed, pick, target, captured):
    def check(g):
        assert cards_everywhere(g) == DECK
        assert g.is_consistent()
        # The stock never runs dry (at most 10 draws a round) and hands never exceed six.
        assert g.stock_size() >= 5
        assert g.hand_size(0) <= 6 and g.hand_size(1) <= 6
        if g.phase == PHASE_PLAY:
            assert g.winner == -1 and g.turn in (0, 1)
            assert g.turn == (g.leader if g.trick_size == 0 else 1 - g.leader)
            if g.trick_size == 0:
                # The next follower is the seat that just drew: it holds two cards or more.
                assert g.hand_size(1 - g.leader) >= 2 or g.gone_n == 0
        else:
            assert g.turn == -1 and g.trick_size == 0
        if g.phase == PHASE_ROUND_OVER:
            assert min(g.hand_size(0), g.hand_size(1)) == 0
            assert g.last_drawer == -1
    g, _ = run_game(seed, pick, target, captured, check)
    assert g.winner in (0, 1)
    w = g.winner
    assert g.score(w) >= target
    if not captured:
        assert g.score(w) > g.score(1 - w)
    else:
        assert g.score(1 - w) < target


@PROFILE
@games
def test_score_is_sum_of_credited_points(seed, pick, target, captured):
    total = [0, 0]
    banked = [0, 0]  # scores at the start of the round (end-of-round scoring)
    state = {"tricks": 0}

    def check(g):
        if g.phase == PHASE_PLAY and g.gone_n == 0 and g.trick_size == 0:
            # fresh round: round points reset, last trick cleared
            assert g.round_points(0) == 0 and g.round_points(1) == 0
            assert g.last_winner == -1 and g.last_trick_card(0) == NO_CARD
            banked[0], banked[1] = g.score(0), g.score(1)
            state["tricks"] = 0
            return
        if g.gone_n // 2 != state["tricks"]:
            state["tricks"] = g.gone_n // 2
            total[g.last_winner] += g.last_points
            assert -12 <= g.last_points <= 12
        if captured:
            assert g.score(0) == total[0] and g.score(1) == total[1]
        elif g.phase == PHASE_PLAY:
            assert g.score(0) == banked[0] and g.score(1) == banked[1]
        else:
            assert g.score(0) == total[0] and g.score(1) == total[1]
        if captured or g.phase != PHASE_PLAY:
            for p in (0, 1):
                assert g.score(p) - banked[p] == g.round_points(p)

    run_game(seed, pick, target, captured, check)


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2 ** 31), pick=st.integers(0, 2 ** 16), captured=st.booleans())
def test_game_ends_in_bounded_moves(seed, pick, captured):
    # A round is at most 11 tricks (22 plays); a game with target 44 takes a handful of rounds.
    _, steps = run_game(seed, pick, 44, captured, lambda g: None)
    assert steps <= 60 * 23


@PROFILE
@given(seed=st.integers(0, 2 ** 31), pick=st.integers(0, 2 ** 16),
       captured=st.booleans(), every=st.integers(1, 7))
def test_save_load_save_identical(seed, pick, captured, every):
    count = [0]

    def check(g):
        count[0] += 1
        if count[0] % every:
            return
        s = snap(g)
        h = AlleyCat(seed + 1, target=7, as_captured=not captured)
        assert h.load(memoryview(s)) == 0
        assert snap(h) == s
        # the copy is the same game by every public accessor (not only by its own bytes)
        a, b = public_state(g), public_state(h)
        assert a == b, diff(a, b)
    run_game(seed, pick, 44, captured, check)


@PROFILE
@given(seed=st.integers(0, 2 ** 31), pick=st.integers(0, 2 ** 16), captured=st.booleans(),
       stop=st.integers(0, 60), moves=st.lists(st.integers(-300, 600), min_size=1, max_size=40))
def test_any_int_is_ok_or_error_and_refusals_change_nothing(seed, pick, captured, stop, moves):
    g = AlleyCat(seed, as_captured=captured)
    g.start()
    r = Rng(pick)
    buf = bytearray(16)
    for _ in range(stop):  # get somewhere into the game first
        if g.phase == PHASE_ROUND_OVER:
            g.next_round()
        elif g.phase == PHASE_PLAY:
            g.play(buf[r.below(g.legal_moves(buf))])
    for m in moves + list(range(256)):
        before = snap(g)
        seen = public_state(g)
        # the rules (RULES.md, Alley Cat 3): the seat to move may play any card it holds,
        # no need to follow suit; nothing is playable outside PHASE_PLAY
        mine = g.phase == PHASE_PLAY and m in list(buf[:g.hand(g.turn, buf)])
        assert (m in list(buf[:g.legal_moves(buf)])) == mine
        code = g.play(m)
        if code == OK:
            assert mine
            continue
        assert not mine
        assert snap(g) == before and public_state(g) == seen
        if g.phase != PHASE_PLAY:
            assert code == ERR_PHASE
        elif 0 <= m <= 255 and is_card(m):
            assert code == ERR_NOT_IN_HAND and not mine
        else:
            assert code == ERR_BAD_MOVE


@PROFILE
@given(seed=st.integers(0, 2 ** 31), steps=st.integers(0, 40), captured=st.booleans(),
       edits=st.lists(st.tuples(st.integers(4, 80), st.integers(0, 255)), min_size=1,
                      max_size=3))
def test_resealed_random_edits_never_raise(seed, steps, captured, edits):
    g = AlleyCat(seed, as_captured=captured)
    g.start()
    r = Rng(seed)
    buf = bytearray(16)
    for _ in range(steps):
        if g.phase == PHASE_ROUND_OVER:
            g.next_round()
        elif g.phase == PHASE_PLAY:
            g.play(buf[r.below(g.legal_moves(buf))])
    s = bytearray(snap(g))
    n = s[3]
    for i, v in edits:
        if i < n - 3:
            s[i] = v
    data = bytes(reseal(s))
    h = AlleyCat(1)
    h.start()
    before = snap(h)
    code = h.load(data)
    if code:
        assert snap(h) == before
    else:
        # Whatever was accepted is a state the engine itself stands behind.
        assert snap(h) == data
        assert h.is_consistent()
        assert sorted(cards_everywhere(h)) == DECK
