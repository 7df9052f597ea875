"""Save round trips against the original game, not against its own save bytes.

A state is built (every phase of both games, both scoring modes, short and long Back Alley
games, strict trump leads, all-pass redeals, a joker turned up), saved, loaded into a fresh game
made with other settings, and every public accessor of the copy is compared with the original
(tests/saveutil.py: public_state). Then both play on with the same moves to the end of the game,
new rounds and deals shuffled by the game's own RNG, and are compared after every step: a field
the save leaves out (settings, scores, the RNG, the stock's order, ...) shows up as a
difference, where comparing save -> load -> save with itself would pass.
"""
from engine.alleycat import AlleyCat, PHASE_ROUND_OVER, PHASE_GAME_OVER as AC_OVER
from engine.backalley import (BackAlley, BID_PASS, PHASE_BID, PHASE_PLAY, PHASE_HAND_OVER,
                              PHASE_GAME_OVER as BA_OVER)
from engine.cards import LITTLE_BLOOPER, BIG_BLOOPER
from engine.rng import Rng
from saveutil import public_state, diff

BA_ALL = [((s << 4) | r) for s in range(4) for r in range(1, 14)] + [LITTLE_BLOOPER, BIG_BLOOPER]


def load_fresh(g, fresh):
    buf = bytearray(256)
    n = g.save(buf)
    assert fresh.load(bytes(buf[:n])) == 0
    a, b = public_state(g), public_state(fresh)
    assert a == b, diff(a, b)
    return fresh


def step(g, rng, pass_rate=0):
    """One move (or the next round / deal) chosen from the state: the same on both copies."""
    if g.phase in (PHASE_ROUND_OVER, PHASE_HAND_OVER) and g.turn < 0:
        return "next"
    buf = bytearray(16)
    n = g.legal_moves(buf)
    m = buf[rng.below(n)]
    if g.GAME_ID == 2 and g.phase == PHASE_BID and rng.below(100) < pass_rate:
        m = BID_PASS
    return m


def apply(g, m):
    if m == "next":
        return g.next_round() if g.GAME_ID == 1 else g.next_deal()
    return g.play(m)


def play_on_together(g, h, rng, pass_rate=0):
    """g and h (loaded from g) make the same moves to the game's end and stay equal."""
    over = AC_OVER if g.GAME_ID == 1 else BA_OVER
    k = 0
    while g.phase != over:
        m = step(g, rng, pass_rate)
        assert apply(g, m) == 0
        assert apply(h, m) == 0
        a, b = public_state(g), public_state(h)
        assert a == b, (k, m, diff(a, b))
        k += 1
    return k


# ---- Alley Cat ---------------------------------------------------------------------------------
def ac_fresh(g, i):
    """A game with other settings than g's (and, every other time, one already under way)."""
    h = AlleyCat(seed=9000 + i, target=(44 if g.target != 44 else 17),
                 as_captured=not g.as_captured)
    if i % 2:
        h.start()
        h.play(_first_card(h))
    return h


def _first_card(g):
    buf = bytearray(16)
    g.legal_moves(buf)
    return buf[0]


def test_alleycat_round_trips_show_the_same_game_and_play_on_identically():
    seen = set()
    i = 0
    # not started yet: settings only
    for tg, capt in ((30, True), (44, False)):
        g = AlleyCat(seed=3, target=tg, as_captured=capt)
        load_fresh(g, ac_fresh(g, i))
        i += 1
    for s in range(10):
        g = AlleyCat(seed=100 + s, target=(22, 44, 66, 31, 255)[s % 5], as_captured=s % 2 == 1)
        assert g.start() == 0
        made = [100 + s, ()]
        rng = Rng(s + 1)
        k = 0
        while g.phase != AC_OVER and k < 400:
            if k % 5 == s % 5 or g.phase != 1:
                h = load_fresh(g, ac_fresh(g, i))
                seen.add((g.phase, g.trick_size, g.last_drawer))
                if i % 7 == 0:
                    play_on_together(replay(g, made), h, Rng(i))
                i += 1
            m = step(g, rng)
            assert apply(g, m) == 0
            made.append(m)
            k += 1
        # game over: the winner and the final scores travel too
        h = load_fresh(g, ac_fresh(g, i))
        seen.add((g.phase, 0, -1))
        i += 1
    # every phase, a card on the table and both drawers were among the states
    assert {p for p, _, _ in seen} == {1, 2, 3}
    assert {t for _, t, _ in seen} == {0, 1} and {d for _, _, d in seen} >= {-1, 0, 1}


def replay(g, made):
    """The original again, made by replaying its moves (copy_from goes through save/load: a
    field the save leaves out would be missing from both copies)."""
    if g.GAME_ID == 1:
        c = AlleyCat(seed=made[0], target=g.target, as_captured=g.as_captured)
    else:
        c = BackAlley(seed=made[0], deals=g.deals, strict_trump_lead=g.strict)
    assert c.start(*made[1]) == 0
    for m in made[2:]:
        assert apply(c, m) == 0
    a, b = public_state(g), public_state(c)
    assert a == b, diff(a, b)
    return c


# ---- Back Alley --------------------------------------------------------------------------------
def ba_fresh(g, i):
    h = BackAlley(seed=7000 + i, deals=(25 if g.deals != 25 else 3),
                  strict_trump_lead=not g.strict)
    if i % 2:
        h.start()
        h.play(BID_PASS)
    return h


def joker_up_deck(n, up):
    """A deck whose up-card (deck[4n]) is the joker `up`; the rest in a fixed order."""
    rest = [c for c in BA_ALL if c != up]
    return rest[:4 * n] + [up] + rest[4 * n:]


def test_backalley_round_trips_show_the_same_game_and_play_on_identically():
    seen = set()
    i = 0
    g = BackAlley(seed=4, deals=9, strict_trump_lead=True)  # not started: settings only
    load_fresh(g, ba_fresh(g, i))
    cases = [(s, (1, 3, 5, 7, 13, 25)[s % 6], s % 3 == 1, (0, 60, 95)[s % 3]) for s in range(9)]
    for s, deals, strict, pass_rate in cases:
        g = BackAlley(seed=200 + s, deals=deals, strict_trump_lead=strict)
        made = [200 + s, ()]
        if s in (2, 5):  # a joker turned up: no trump, the other joker discarded and replaced
            n = (deals + 1) // 2
            made[1] = (s % 4, joker_up_deck(n, (BIG_BLOOPER, LITTLE_BLOOPER)[s % 2]))
            assert g.start(*made[1]) == 0
            assert g.trump == 15
        else:
            assert g.start() == 0
        rng = Rng(s + 11)
        k = 0
        while g.phase != BA_OVER and k < 700:
            if k % 6 == s % 6 or g.phase == PHASE_HAND_OVER or g.redeals == 1:
                h = load_fresh(g, ba_fresh(g, i))
                seen.add((g.phase, g.trick_size, g.redeals > 0, g.trump == 15))
                if i % 9 == 0:
                    play_on_together(replay(g, made), h, Rng(i), pass_rate)
                i += 1
            m = step(g, rng, pass_rate)
            assert apply(g, m) == 0
            made.append(m)
            k += 1
        load_fresh(g, ba_fresh(g, i))
        seen.add((g.phase, 0, g.redeals > 0, g.trump == 15))
        i += 1
    assert {p for p, _, _, _ in seen} == {PHASE_BID, PHASE_PLAY, PHASE_HAND_OVER, BA_OVER}
    assert {t for _, t, _, _ in seen} == {0, 1, 2, 3}
    assert any(r for _, _, r, _ in seen) and any(nt for _, _, _, nt in seen)


def test_a_setting_left_at_its_default_is_still_compared():
    # the comparison itself must see each setting: a copy that differs only there is caught
    g = BackAlley(seed=1, deals=7, strict_trump_lead=True)
    g.start()
    h = BackAlley(seed=1, deals=7, strict_trump_lead=False)
    h.start()
    assert diff(public_state(g), public_state(h)) == {"strict": (True, False)}
    a = AlleyCat(seed=1, target=22, as_captured=True)
    b = AlleyCat(seed=1, target=23, as_captured=True)
    a.start()
    b.start()
    assert set(diff(public_state(a), public_state(b))) == {"target"}
