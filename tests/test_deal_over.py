"""Leaving the deal-over panel (issue 15: open or leave a screen <= 100 board-ms): the step
that deals the next hand draws it and does nothing more (no thinking slice on top of the
full redraw: the next seat thinks from the next step); Back Alley's next deal is shuffled
while the panel is read, bit-identical to the deal made on the key, the game and its save
untouched until A; your hand is sorted with one sort_key call a card. Work is counted, never
timed."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest  # noqa: E402

from test_ui_play import Driver, app_mod  # noqa: E402
from test_ui_thinking import Stepper, start  # noqa: E402
from engine import backalley as BA  # noqa: E402


def to_panel(d):
    """Keys (A: the selected card, the box's bid) until the deal-over panel shows."""
    scr = d.screen
    for _ in range(600):
        g = scr.g
        if g.phase >= scr.PHASE_OVER and scr.hold_until < 0:
            return
        d.press("a")
    raise AssertionError("never the deal-over panel")


@pytest.mark.parametrize("game", ["Alley Cat", "Back Alley"])
def test_the_step_that_leaves_the_panel_only_deals_and_draws(tmp_path, monkeypatch, game):
    d = start(tmp_path, game, level=1)
    scr = d.screen
    for _ in range(2):  # two deals / rounds
        to_panel(d)
        assert scr.g.phase == scr.PHASE_OVER
        st = Stepper(d, monkeypatch)
        for _ in range(3):
            st.step()  # the panel is read
        st.step("a")
        key = st.n
        assert scr.g.phase < scr.PHASE_OVER and st.frames == 1  # dealt, drawn
        assert not st.calls("begin") and not st.calls("think")  # nobody thought
        for _ in range(3):
            st.step()
        assert st.calls("begin", key)  # from the next step on the thinking goes
        monkeypatch.undo()
        d.hw.settle(d.app)


def test_play_again_thinks_from_the_next_step(tmp_path, monkeypatch):
    d = Driver(tmp_path / "s.bin", seed=3)
    d.set_setting(app_mod.S_LEVEL, 1)
    d.set_setting(app_mod.S_BA_LENGTH, 4)  # one deal
    d.menu_to("Back Alley")
    scr = d.screen
    assert scr.g.deals == 1
    to_panel(d)
    assert scr.g.phase == scr.PHASE_GAME_OVER and scr.again
    st = Stepper(d, monkeypatch)
    st.step("a")  # Play again
    old = st.n
    assert scr.g.phase == BA.PHASE_BID and scr.g.n_bids == 0 and st.frames == 1
    assert not st.calls("begin") and not st.calls("think")
    for _ in range(3):
        st.step()
    assert st.calls("begin", old)


def _play_to_over(g, rnd, buf):
    while g.phase not in (BA.PHASE_HAND_OVER, BA.PHASE_GAME_OVER):
        n = g.legal_moves(buf)
        assert g.play(buf[rnd.randrange(n)]) == 0


@pytest.mark.parametrize("seed", range(6))
def test_back_alley_deal_made_ahead_is_the_deal_made_on_the_key(seed):
    rnd = random.Random(seed)
    buf = bytearray(64)
    g = BA.BackAlley(seed, 9)
    g.start()
    s0 = bytearray(256)
    s1 = bytearray(256)
    while True:
        _play_to_over(g, rnd, buf)
        if g.phase == BA.PHASE_GAME_OVER:
            break
        a = BA.BackAlley(1, 9)  # (fresh: their rng's shuffle is wrapped below)
        b = BA.BackAlley(1, 9)
        a.copy_from(g)
        b.copy_from(g)
        n0 = a.save(s0)
        a._ahead()
        a._ahead()  # (once: the second call finds it made)
        assert a.seen[79] == 1
        n1 = a.save(s1)
        assert s1[:n1] == s0[:n0]  # the finished deal is what a save writes meanwhile
        shuffles = []
        sh = BA.Rng.shuffle
        a.rng.shuffle = lambda d, n: shuffles.append(n) or sh(a.rng, d, n)
        assert a.next_deal() == 0 and b.next_deal() == 0
        assert shuffles == []  # the deck shuffled ahead was dealt
        assert a.save(s0) == b.save(s1) and s0 == s1
        assert a.hands == b.hands and a.undealt == b.undealt and a.seen[79] == 0
        # the rng moved on since (a load, another deal): the shuffle is made again
        c = BA.BackAlley(1, 9)
        c.copy_from(g)
        c._ahead()
        c.rng.next30()
        c.rng.shuffle = lambda d, n: shuffles.append(n) or sh(c.rng, d, n)
        c.next_deal()
        assert shuffles == [54]
        g.next_deal()


def test_a_save_on_the_panel_resumes_to_the_panel_and_the_same_next_deal(tmp_path):
    hands = []
    for resume in (False, True):
        d = start(tmp_path / str(resume), "Back Alley", level=1)
        scr = d.screen
        to_panel(d)
        for _ in range(3):
            d.hw.vclock += 20
            d.app.step(d.hw.now_ms(), 0)
        assert scr.g.seen[79] == 1  # shuffled while the panel is read
        if resume:
            g0 = scr.g
            d.press("start")
            d.menu_to("Quit to menu")  # written, the game dropped
            assert d.name == "title"
            d.menu_to("Continue")
            scr = d.screen
            assert scr.g is not g0 and scr.g.phase == BA.PHASE_HAND_OVER  # loaded: the panel
        d.press("a")
        g = scr.g
        hands.append(bytes(g.hands) + bytes([g.dealer, g.upcard, g.deal_number]))
    assert hands[0] == hands[1]


@pytest.mark.parametrize("game", ["Alley Cat", "Back Alley"])
def test_the_hand_is_sorted_with_one_key_a_card(tmp_path, game):
    d = start(tmp_path, game, level=0)
    scr = d.screen
    key = scr.sort_key
    calls = []
    scr.sort_key = lambda c: calls.append(c) or key(c)
    scr.load_hand()
    n = scr.n
    assert n >= 4 and len(calls) == n
    h = list(scr.hand[:n])
    assert h == sorted(h, key=key)
