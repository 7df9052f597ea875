"""Leaving the deal-over panel (a screen opens or closes within 100 board-ms): the step
that deals the next hand draws it and does nothing more (no thinking slice on top of the
full redraw: the next seat thinks from the next step); your hand is sorted with one
sort_key call a card. Work is counted, never timed."""
import os
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
