"""Thinking without freezing: the computers think in slices, one per step of the
main loop, so keys stay live; your card is shown before anybody thinks; the hint is searched
in the background while it is your turn, so Up answers from the finished search; the bid box
starts on the hint's bid. Driven step by step on the headless hardware's virtual clock;
work is counted in the bots' own units (never timed)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest  # noqa: E402

from test_ui_play import Driver, app_mod, KEYS  # noqa: E402
from engine import backalley as BA  # noqa: E402
from engine.bots import Bot  # noqa: E402

CPU_THINKING = 1  # screen.th: table_keys._TH_CPU
HINT_READY = 2 | 4  # _TH_HINT | _TH_DONE
F_BOX = 4  # screen.flags: table_keys._F_BOX


class Stepper:
    """Runs the app one step at a time as the board does (a refresh after a step that drew),
    and counts the bots' calls per step."""

    def __init__(self, d, monkeypatch):
        self.d = d
        self.n = 0  # steps run
        self.active = False  # logging: only the steps run here (not the driver's settling)
        self.frames = 0  # refreshes (a step that drew ends with one)
        self.log = []  # (step, "begin" / "think", work asked, units done, bot.slice)
        bots = sys.modules["engine.bots"]  # the module the game's table imported
        begin, think = bots.Bot.begin, bots.Bot.think
        me = self

        def units(b):
            br = b.cur
            if br is None:
                return 0
            return br.steps if hasattr(br, "steps") else br.work

        def logged_begin(bot, g):
            if me.active:
                me.log.append((me.n, "begin", 0, 0, 0))
                if me.on_begin is not None:
                    me.on_begin(bot, g)
            return begin(bot, g)

        def logged_think(bot, work):
            u = units(bot)
            done = think(bot, work)
            if me.active:
                me.log.append((me.n, "think", work, units(bot) - u, bot.slice))
            return done
        self.on_begin = None
        monkeypatch.setattr(bots.Bot, "begin", logged_begin)
        monkeypatch.setattr(bots.Bot, "think", logged_think)

    def step(self, key=None):
        d = self.d
        self.n += 1
        d.hw.vclock += 20
        if key:
            d.hw.inject(KEYS[key])
        self.active = True
        d.app.step(d.hw.now_ms(), d.hw.poll())
        self.active = False
        if d.app.dirty:
            d.app.dirty = False
            d.hw.refresh()
            self.frames += 1

    def calls(self, kind, since=0):
        return [e for e in self.log if e[1] == kind and e[0] > since]


def start(tmp_path, game, level=2, seed=3, speed=1):
    d = Driver(tmp_path / ("s%d.bin" % seed), seed=seed)
    d.set_setting(app_mod.S_LEVEL, level)
    d.set_setting(app_mod.S_SPEED, speed)
    if game == "Back Alley":
        d.set_setting(app_mod.S_BA_LENGTH, 2)  # 7 deals
    d.menu_to(game)
    return d


def same_position(g):
    c = type(g)(1)
    c.copy_from(g)
    return c


def to_my_card_turn(d):
    """Bid (the box's bid) and settle until you are to play a card."""
    for _ in range(60):
        g = d.screen.g
        if g.phase == d.screen.PHASE_PLAY and g.turn == 0 and d.app.waiting_for_input():
            return
        d.press("a")
    raise AssertionError("never your card to play")


@pytest.mark.parametrize("game", ["Alley Cat", "Back Alley"])
def test_hard_thinks_a_slice_per_step_and_start_pauses_mid_think(tmp_path, monkeypatch, game):
    d = start(tmp_path, game)
    scr = d.screen
    st = Stepper(d, monkeypatch)
    seen = 0
    for _ in range(40):  # your cards; after each, the computers think step by step
        to_my_card_turn(d)
        g = scr.g
        st.step("a")  # your card
        first = st.n
        while scr.cpu_turn() or scr.hold_until >= 0:
            if scr.th == CPU_THINKING and not seen and len(st.calls("think", first)) >= 3:
                # Start while a computer thinks: the pause menu opens at once
                expect = Bot(2, (scr.seed + 7919) & 0x3FFFFFFF).choose(g)
                seat = g.turn
                h = g.history_size
                st.step("start")
                assert d.app.screen.name == "pause" and scr.th == CPU_THINKING
                k = len(st.log)
                for _ in range(5):
                    st.step()
                assert len(st.log) == k  # nobody thinks behind the pause menu
                st.step("a")  # Resume: the thinking goes on where it was
                assert d.app.screen is scr
                while g.history_size == h and g.phase == scr.PHASE_PLAY:
                    st.step()
                assert g.history_seat(h) == seat and g.history_card(h) == expect
                seen = 1
            st.step()
            assert st.n - first < 2000
        if seen and len(st.calls("think")) > 60:
            break
    assert seen
    thinks = st.calls("think")
    steps = [e[0] for e in thinks]
    assert len(steps) == len(set(steps)), "two slices in one step"
    over = 14 if game == "Alley Cat" else 2 * 52 + 16
    for e in thinks:
        # the bot's own slice asked for, half of it in the step that began the decision
        assert e[2] in (e[4], e[4] >> 1), e
        assert e[3] <= e[4] + over, e  # and about that much search done
    # a Hard decision takes many steps: the search really is sliced
    assert sum(1 for e in thinks if e[3] > 0) > 40


@pytest.mark.parametrize("game", ["Alley Cat", "Back Alley"])
def test_your_card_is_on_screen_before_the_next_seat_thinks(tmp_path, monkeypatch, game):
    d = start(tmp_path, game)
    scr = d.screen
    st = Stepper(d, monkeypatch)
    checked = 0
    for _ in range(30):
        to_my_card_turn(d)
        g = scr.g
        frames = []

        def on_begin(bot, game_):
            if len(frames) == 1:
                frames.append((st.n, st.frames, d.hw.frame_pixel(*spot)))
        st.on_begin = on_begin
        x, y, w, h = my_trick_place(scr)
        spot = (x + w // 2, y + h - 4)
        before = d.hw.frame_pixel(*spot)
        frames.append((st.n, st.frames, before))
        st.step("a")  # your card: drawn in this step
        played = st.n
        while (scr.cpu_turn() or scr.hold_until >= 0) and len(frames) < 2:
            st.step()
        st.on_begin = None
        if len(frames) == 2:
            n, f, px = frames[1]
            assert n > played  # no thinking in the step that played your card
            assert f > frames[0][1]  # the frame was refreshed in between
            assert px != before  # and it shows your card in your place
            checked += 1
        while scr.cpu_turn() or scr.hold_until >= 0:
            st.step()
        if checked >= 4:
            break
    assert checked >= 4


def my_trick_place(scr):
    """x, y, w, h of your card's place in the trick."""
    if scr.KIND == 1:
        return 96, 15, 20, 28  # screen_alleycat.draw_table
    import screen_backalley_draw as D
    return D.XY[0], D.XY[1], 17, 24


@pytest.mark.parametrize("game", ["Alley Cat", "Back Alley"])
def test_up_answers_from_the_search_done_while_you_looked(tmp_path, monkeypatch, game):
    d = start(tmp_path, game, level=1)  # the hint is Hard's (another seed) at every level
    scr = d.screen
    st = Stepper(d, monkeypatch)
    answered = asked_early = 0
    for _ in range(20):
        to_my_card_turn(d)
        g = scr.g
        hs = (scr.seed ^ 0x2545F49) & 0x3FFFFFFF
        want = Bot(2, hs).choose(g)
        if answered <= asked_early:
            # look at the hand: the hint is searched in the background, a slice a step (from
            # the finished trick's hold on when you lead the next one)
            k = 0
            while scr.th != HINT_READY:
                st.step()
                k += 1
                assert k < 500
            n = len(st.log)
            st.step("up")
            assert len(st.log) == n, st.log[n:]  # no search at all: the answer was ready
            answered += 1
        else:
            # Up at once: "thinking..." on screen, and the answer the step it is ready
            st.step("up")
            if scr.th != HINT_READY:
                assert scr.msg3 == "Hint: thinking..."
                assert not d.app.waiting_for_input()  # (the headless driver waits for it)
                while scr.th != HINT_READY:
                    st.step()
                st.step()
            asked_early += 1
        assert scr.msg3.startswith("Hint: play")
        assert scr.hand[scr.cur] == want
        st.step("a")
        if answered >= 3 and asked_early >= 3:
            break
    assert answered >= 3 and asked_early >= 3


def test_bid_box_starts_on_the_hints_bid(tmp_path):
    non_pass = 0
    for seed in range(1, 7):
        d = start(tmp_path, "Back Alley", level=seed % 3, seed=seed)
        scr = d.screen
        for _ in range(6):
            g = scr.g
            if g.phase == BA.PHASE_BID and g.turn == 0:
                s = scr.seed + 7919 if scr.level == 2 else scr.seed ^ 0x2545F49
                want = Bot(2, s & 0x3FFFFFFF).choose(g)
                assert scr.bids[scr.bsel] == want, (seed, want)
                non_pass += want != BA.BID_PASS
                if want != BA.BID_PASS:
                    assert "<  pass  >" not in screen_texts()
            if g.phase == BA.PHASE_GAME_OVER:
                break
            d.press("a")
    assert non_pass >= 3  # (a box that starts on pass would fail here)


def test_a_box_you_moved_stays_where_you_put_it(tmp_path):
    d = start(tmp_path, "Back Alley", seed=4)
    scr = d.screen
    g = scr.g
    while not (g.phase == BA.PHASE_BID and g.turn == 0):
        d.press("a")
    assert scr.flags & F_BOX and scr.th == HINT_READY  # the driver settled: the box is on the hint
    scr.forget()  # as at the start of the turn: the search starts again
    d.hw.inject(KEYS["right"])  # you move the box before the search is done
    d.app.step(d.hw.now_ms(), d.hw.poll())
    assert scr.th != HINT_READY
    mine = scr.bids[scr.bsel]
    assert d.app.waiting_for_input()  # the box is yours: nothing to wait for
    for _ in range(500):  # the search goes on in the background until it is done
        d.hw.vclock += 20
        d.app.step(d.hw.now_ms(), 0)
        if scr.th == HINT_READY:
            break
    assert scr.th == HINT_READY and scr.bids[scr.bsel] == mine


def screen_texts():
    from test_ui_contrast import line_text
    import gfx
    return [line_text(i) for i in range(gfx.NL) if not gfx.labels[i].hidden and gfx.llen[i]]
