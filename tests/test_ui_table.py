"""The tables as a card player expects them: playable cards, whose turn, team
contracts, the bidding summary, redeals, suit symbols, the coach and auto-play. Driven by
keys through the headless harness; checked on the game state, gfx's text lines and pixels."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest  # noqa: E402

from test_ui_play import Driver, app_mod, gfx, COLORS, KEYS, rgb_close, hexrgb  # noqa: E402
from test_ui_contrast import line_text  # noqa: E402
from test_ui_gap import card_xy  # noqa: E402
from engine import alleycat as AC  # noqa: E402
from engine import backalley as BA  # noqa: E402
import table  # noqa: E402

GREY = hexrgb(COLORS[6])
WHITE = hexrgb(COLORS[gfx.WHITE])
YELLOW = hexrgb(COLORS[gfx.YELLOW])
CYAN = hexrgb(COLORS[12])


def texts():
    return [line_text(i) for i in range(gfx.NL)
            if not gfx.labels[i].hidden and gfx.llen[i]]


def legal_set(g):
    buf = bytearray(16)
    n = g.legal_moves(buf)
    return set(buf[:n])


def start_ba(tmp_path, seed, length, **settings):
    d = Driver(tmp_path / ("s%d.bin" % seed), seed=seed)  # a new save: no question first
    d.set_setting(app_mod.S_SPEED, 2)
    d.set_setting(app_mod.S_BA_LENGTH, length)
    for k, v in settings.items():  # (not on the Settings screen of this branch yet)
        d.app.settings[getattr(app_mod, k)] = v
    d.menu_to("Back Alley")
    return d


def tick(d, ms):
    """Run the virtual clock ms without keys."""
    for _ in range(ms // 20):
        d.hw.vclock += 20
        d.app.step(d.hw.now_ms(), 0)


def key_now(d, name):
    """Press one key and do not let the clock run afterwards."""
    d.hw.inject(KEYS[name])
    d.app.step(d.hw.now_ms(), d.hw.poll())


# ---- 1. playable cards ----------------------------------------------------------------
@pytest.mark.parametrize("seed", [7, 11, 23, 40])
def test_cursor_starts_on_a_playable_card_and_unplayable_are_dimmed(tmp_path, seed):
    d = start_ba(tmp_path, seed, 2)  # 7 deals: 4 3 2 1 2 3 4 cards
    rnd = random.Random(seed)
    turns = on_bad = dim_checked = 0
    for _ in range(400):
        scr = d.screen
        g = scr.g
        if g.phase == BA.PHASE_GAME_OVER:
            break
        assert g.phase != BA.PHASE_HAND_OVER or d.app.waiting_for_input()
        if g.phase == BA.PHASE_HAND_OVER:
            d.press("a")
            continue
        if g.phase == BA.PHASE_BID:
            d.press("a")
            continue
        legal = legal_set(g)
        turns += 1
        if scr.hand[scr.cur] not in legal:
            on_bad += 1
        # pixels: a playable card's face is white, an unplayable one's grey
        for i in range(scr.n):
            x, y = card_xy(scr, i)
            if i == scr.cur:
                y -= 5
            face = d.hw.frame_pixel(x + 12, y + 20)
            assert rgb_close(face, WHITE if scr.hand[i] in legal else GREY), (i, face)
            dim_checked += scr.hand[i] not in legal
        # move a little (wrapping) and play: a refused card keeps the turn
        for _ in range(rnd.randrange(3)):
            d.press(rnd.choice(("left", "right")))
        d.press("a")
        if scr.g.turn == 0 and scr.g.phase == BA.PHASE_PLAY and \
                scr.msg3.startswith(("Must", "Trump")):
            d.press("up")
            d.press("a")
    assert turns >= 10
    assert on_bad == 0, "cursor on an unplayable card at %d of %d turns" % (on_bad, turns)
    assert dim_checked > 0


def test_left_right_wrap(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=5)
    d.menu_to("Alley Cat")
    scr = d.screen
    assert scr.g.turn == 0 and scr.cur == 0 and scr.n == 6
    d.press("left")
    assert scr.cur == 5
    d.press("right")
    assert scr.cur == 0


# ---- 2. whose turn ------------------------------------------------------------------
def test_backalley_always_shows_whose_turn(tmp_path):
    d = start_ba(tmp_path, 8, 2)
    seen = set()
    for _ in range(120):
        scr = d.screen
        g = scr.g
        if g.phase >= BA.PHASE_HAND_OVER:
            if g.phase == BA.PHASE_GAME_OVER:
                break
            d.press("a")
            continue
        t = texts()
        if g.phase == BA.PHASE_BID:
            assert any(s.startswith("Your bid (") for s in t), t
            seen.add("bid")
            key_now(d, "a")
        else:
            want = "Your lead" if g.trick_size == 0 else "Your turn"
            assert want in t, t
            seen.add(want)
            key_now(d, "a")
        # the computers' turns: the seat to move is yellow and its card place outlined
        for _ in range(200):
            g = d.screen.g
            if d.app.waiting_for_input():
                break
            if g.phase == BA.PHASE_PLAY and g.turn > 0 and d.screen.hold_until < 0 \
                    and not d.screen.summary:
                from screen_backalley_draw import XY
                x, y = XY[2 * g.turn], XY[2 * g.turn + 1]
                d.hw.refresh()
                assert rgb_close(d.hw.frame_pixel(x, y + 10), YELLOW)
                lab = gfx.labels[(6, 4, 3, 5)[g.turn]]
                assert lab.pixel_shader[1] == gfx.T_YELLOW
                seen.add("cpu")
            tick(d, 20)
        d.hw.settle(d.app)
    assert {"bid", "Your lead", "Your turn", "cpu"} <= seen, seen


# ---- 3. header: contracts, dealer, led and winning cards --------------------------------
def test_header_contracts_dealer_and_trick_marks(tmp_path):
    d = start_ba(tmp_path, 23, 2)
    scr = d.screen
    g = scr.g
    # dealer chip: a white button beside the dealer's seat label
    import screen_backalley_draw as D
    while g.phase == BA.PHASE_BID:
        d.press("a")
    assert g.phase == BA.PHASE_PLAY
    for _ in range(30):
        t = texts()
        want = "Us %d/%s  Them %d/%s" % (g.tricks(0) + g.tricks(2), D.contract(g, 0),
                                        g.tricks(1) + g.tricks(3), D.contract(g, 1))
        if len(want) > 20:
            want = want.replace("board", "all")
        assert want in t, (want, t)
        if g.trick_size >= 2 and g.turn == 0:
            break
        d.press("up")
        d.press("a")
        if g.phase != BA.PHASE_PLAY:
            d.press("a")
            while g.phase == BA.PHASE_BID:
                d.press("a")
    assert g.trick_size >= 2 and g.turn == 0
    d.hw.refresh()
    w = D.trick_winner(g)
    for i in range(g.trick_size):
        p = (g.leader + i) & 3
        x, y = D.XY[2 * p], D.XY[2 * p + 1]
        edge = d.hw.frame_pixel(x, y + 12)
        if p == w:
            assert rgb_close(edge, YELLOW)
        elif i == 0:
            assert rgb_close(edge, CYAN)
        else:
            assert rgb_close(edge, hexrgb(COLORS[gfx.BLACK]))
    # the dealer's button
    lab = gfx.labels[(6, 4, 3, 5)[g.dealer]]
    lx = lab.x + gfx.llen[gfx.NL + (6, 4, 3, 5)[g.dealer]] * gfx.FW  # where its text starts
    if g.dealer & 1:
        cx = 1 if g.dealer == 1 else 150
        cy = 31
    elif g.dealer == 2:
        cx, cy = lx - 11, lab.y + 1
    else:
        cx, cy = lx + gfx.llen[6] * gfx.FW + 2, lab.y + 1
    assert rgb_close(d.hw.frame_pixel(cx, cy), WHITE)
    assert rgb_close(d.hw.frame_pixel(cx + 2, cy + 4), hexrgb(COLORS[gfx.BLACK]))


def test_contract_text_for_a_board():
    import screen_backalley_draw as D
    g = BA.BackAlley(5, 7)
    g.start(dealer=3)
    # bidding starts left of the dealer: you (0), West, North, East
    assert g.play(BA.BID_PASS) == 0
    assert g.play(BA.BID_BOARD) == 0
    assert g.play(0x82) == 0
    assert g.play(BA.BID_PASS) == 0
    assert D.contract(g, 0) == "2" and D.contract(g, 1) == "board"


# ---- 4. bid box and bidding summary --------------------------------------------------
def test_bid_box_and_summary(tmp_path):
    d = start_ba(tmp_path, 23, 4)  # one deal of one card
    scr = d.screen
    g = scr.g
    assert g.phase == BA.PHASE_BID and g.turn == 0
    t = texts()
    assert "Your bid (1 card)" in t, t
    pb = g.bid(2)
    if pb == 0:
        assert "North bids after you" in t
    else:
        assert any(s.startswith("North ") for s in t)
    # one card: pass or board (the box starts on the hint's bid: test_bid_box_starts_...)
    if scr.bids[scr.bsel] != BA.BID_BOARD:
        d.press("right")
    assert scr.bids[scr.bsel] == BA.BID_BOARD
    assert "Board: win all 1 (+-10)" in texts()  # the coach says what a board means
    d.press("left")  # pass
    assert scr.bids[scr.bsel] == BA.BID_PASS
    key_now(d, "a")
    assert scr.msg1 in ("You pass", "All passed - redeal 1") or g.phase != BA.PHASE_BID
    # run the bots' bids; when bidding ends the summary stays ~2 s
    for _ in range(400):
        if scr.summary or (g.phase == BA.PHASE_HAND_OVER):
            break
        tick(d, 20)
    if scr.summary:
        t = texts()
        assert "Bidding over" in t
        assert any(s.startswith("You pass  North ") for s in t), t
        assert scr.msg1 in ("You lead",) or scr.msg1.endswith(" leads")
        tick(d, 1800)
        assert scr.summary  # still there after 1.8 s
        tick(d, 400)
        assert not scr.summary
    else:  # everybody passed: the redeal message instead (test_redeal_moves_on)
        assert scr.msg1.startswith("All passed - redeal")


def test_summary_skipped_by_a_key(tmp_path):
    for seed in range(30, 60):
        d = start_ba(tmp_path, seed, 2)
        scr = d.screen
        g = scr.g
        d.press("right")
        key_now(d, "a")
        for _ in range(300):
            if scr.summary or g.phase != BA.PHASE_BID:
                break
            tick(d, 20)
        if scr.summary:
            key_now(d, "b")
            assert not scr.summary and scr.hold_until < 0
            return
    raise AssertionError("no bidding summary reached")


# ---- 5. redeals -----------------------------------------------------------------------
def test_redeal_shown_and_moves_on(tmp_path):
    # Easy bots: they pass a 1-card deal most often (Normal and Hard bid board in most 1-card
    # deals, and an all-pass deal is rare with them)
    for seed in range(1, 80):
        d = start_ba(tmp_path, seed, 4, S_LEVEL=0)
        scr = d.screen
        g = scr.g
        if g.turn != 0 or g.phase != BA.PHASE_BID:
            continue
        if scr.bids[scr.bsel] != BA.BID_PASS:  # the box starts on the hint's bid
            key_now(d, "left")
        assert scr.bids[scr.bsel] == BA.BID_PASS
        key_now(d, "a")  # pass
        for _ in range(300):
            if g.phase != BA.PHASE_BID:
                break
            tick(d, 20)
        if g.phase != BA.PHASE_HAND_OVER:
            continue
        assert scr.msg1 == "All passed - redeal 1"
        assert "All passed - redeal 1" in texts()
        assert g.redeals == 1
        # no key: the same hand size is dealt again by itself
        tick(d, 2200)
        assert g.phase in (BA.PHASE_BID, BA.PHASE_PLAY) and g.cards_per_hand == 1
        assert g.deal_number == 0
        return
    raise AssertionError("no all-pass hand found")


# ---- 9. smaller ones ---------------------------------------------------------------------
def test_select_at_start_of_deal_says_no_trick_yet(tmp_path):
    d = start_ba(tmp_path, 7, 3)  # 3 deals
    g = d.screen.g
    done_first = False
    for _ in range(200):
        if g.phase == BA.PHASE_GAME_OVER:
            break
        if g.phase == BA.PHASE_HAND_OVER:
            d.press("a")
            done_first = True
            continue
        if done_first and g.phase == BA.PHASE_BID and g.turn == 0:
            d.press("select")
            assert "No trick yet" in texts(), texts()
            d.press("b")
            return
        if g.phase == BA.PHASE_BID:
            d.press("a")
        else:
            d.press("up")
            d.press("a")
    raise AssertionError("second deal not reached")


def test_hand_alternates_colours_trumps_at_one_end(tmp_path):
    d = start_ba(tmp_path, 3, 0)  # 25 deals: 13 cards
    scr = d.screen
    g = scr.g
    h = [scr.hand[i] for i in range(scr.n)]
    tr = g.trump

    def trump(c):
        return c >> 4 == 4 or c >> 4 == tr
    k = 0
    while k < len(h) and trump(h[k]):
        k += 1
    assert not any(trump(c) for c in h[k:])  # trumps all at the left end
    suits = []
    for c in h[k:]:
        if not suits or suits[-1] != c >> 4:
            suits.append(c >> 4)
    assert len(suits) == len(set(suits))  # each suit together
    red = [s in (1, 2) for s in suits]
    # the colours alternate as far as the suits present allow
    best = min(red.count(True), red.count(False))
    changes = sum(1 for a, b in zip(red, red[1:]) if a != b)
    assert changes >= min(2 * best, len(suits) - 1)


def test_messages_show_suit_symbols(tmp_path):
    d = start_ba(tmp_path, 23, 2)
    g = d.screen.g
    import re
    chips = 0
    for _ in range(60):
        if g.phase == BA.PHASE_GAME_OVER:
            break
        for s in texts():
            assert not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", s), s
            assert not re.search(r"\b(BB|LB)\b", s), s
        chips += sum(1 for i in range(gfx.NL) if gfx.chip[i] and not gfx.labels[i].hidden)
        if g.phase == BA.PHASE_HAND_OVER:
            d.press("a")
        elif g.phase == BA.PHASE_BID:
            d.press("a")
        else:
            d.press("up")
            d.press("a")
    assert chips > 0
    assert gfx.card_text(0x42) == "Big Blooper" and gfx.card_text(0x41) == "Little Blooper"
    assert gfx.card_text(0x2A) == "10\x03 "


def test_alleycat_marks_the_card_you_drew(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=7)
    d.menu_to("Alley Cat")
    scr = d.screen
    for _ in range(40):
        g = scr.g
        if g.phase != AC.PHASE_PLAY:
            d.press("a")
            continue
        if g.last_drawer == 0 and g.turn == 0:
            i = [scr.hand[k] for k in range(scr.n)].index(g.last_drawn)
            if i == scr.cur:  # the selected card is framed yellow: look at it unselected
                d.press("right")
            x, y = scr.card_xy(i)
            assert rgb_close(d.hw.frame_pixel(x + 10, y), CYAN)
            assert rgb_close(d.hw.frame_pixel(x + 10, y + 1), CYAN)
            x, y = scr.card_xy([k for k in range(scr.n) if k not in (i, scr.cur)][0])
            assert rgb_close(d.hw.frame_pixel(x + 10, y), hexrgb(COLORS[gfx.BLACK]))
            assert scr.msg2.startswith("You draw ")
            return
        d.press("a")
    raise AssertionError("never drew a card")


# ---- beyond: coach, hint reason, auto-play ---------------------------------------------
def test_coach_lines_and_off_switch(tmp_path):
    d = start_ba(tmp_path, 23, 2)
    scr = d.screen
    g = scr.g
    assert d.app.settings[app_mod.S_COACH] == 1  # on for a newcomer
    said = set()
    for _ in range(80):
        if g.phase == BA.PHASE_GAME_OVER:
            break
        if g.phase == BA.PHASE_HAND_OVER:
            d.press("a")
            continue
        if g.turn == 0 and g.phase == BA.PHASE_PLAY and not scr.tip:
            import screen_backalley_bid
            c = screen_backalley_bid.coach(scr)
            if c:
                said.add(c)
                if scr.old is not None and scr.old[-1] == 1 and scr.can():
                    # once a game the coach says that B takes back instead (table_keys.can)
                    assert "B takes back your move" in texts()
                else:
                    assert c in texts()
        if g.phase == BA.PHASE_BID:
            d.press("a")
        else:
            d.press("up")
            d.press("a")
    assert said & {"Follow the suit led", "Can't follow: any card", "Trump led: play a trump",
                   "Trumps not broken yet"}, said
    # off: no coach line
    d.app.settings[app_mod.S_COACH] = 0
    scr.draw_all()
    assert not (set(texts()) & said)


def test_coach_turns_itself_off_after_the_first_game(tmp_path):
    d = start_ba(tmp_path, 8, 4)
    g = d.screen.g
    for _ in range(60):
        if g.phase == BA.PHASE_GAME_OVER:
            break
        d.press("up")
        d.press("a")
    assert g.phase == BA.PHASE_GAME_OVER
    assert d.app.settings[app_mod.S_COACH] == 0
    assert d.app.settings[app_mod.S_TAUGHT] == 1
    d2 = Driver(tmp_path / "s8.bin", seed=8)  # kept across power-off
    assert d2.app.settings[app_mod.S_COACH] == 0


def test_hint_names_the_bots_reason(tmp_path, monkeypatch):
    d = Driver(tmp_path / "s.bin", seed=5)
    d.menu_to("Alley Cat")
    # the game's modules are imported when the game starts: patch the bot class in use
    bot_class = sys.modules["table"].Bot
    real = bot_class.think

    def think(self, work):
        done = real(self, work)
        if done:
            self.reason = "cheapest winner"
        return done
    monkeypatch.setattr(bot_class, "think", think)
    d.press("up")
    assert d.screen.msg3.startswith("Hint: play ")
    assert "cheapest winner" in texts()


@pytest.mark.parametrize("auto", [0, 1])
def test_autoplay_plays_a_forced_card(tmp_path, auto):
    d = start_ba(tmp_path, 23, 4, S_AUTOPLAY=auto)  # one card each: always forced
    g = d.screen.g
    waited_at_play = 0
    for _ in range(60):
        if g.phase == BA.PHASE_GAME_OVER:
            break
        if g.phase == BA.PHASE_PLAY:
            assert g.turn == 0 and d.app.waiting_for_input()
            waited_at_play += 1
            d.press("a")
        else:
            d.press("right")  # board: the hand is played, not passed out
            d.press("a")
    assert g.phase == BA.PHASE_GAME_OVER
    assert sum(1 for i in range(g.history_size) if g.history_seat(i) == 0) == 1
    assert waited_at_play == (0 if auto else 1)


# ---- the computer thinks inside its move delay (in slices) -----------------------------
def test_computer_thinks_inside_its_move_delay(tmp_path, monkeypatch):
    """The computer starts thinking when its turn starts and its move is shown when the
    delay ends (or its thinking, if later): the thinking time is not added to the delay."""
    d = start_ba(tmp_path, 5, 2)  # 7 deals
    # the game's modules are imported when the game starts (app._NEEDS): patch those
    bots = sys.modules["engine.bots"]
    tab = sys.modules["table"]
    log = []
    begin = bots.Bot.begin
    think = bots.Bot.think

    def timed_begin(self, g):
        log.append(("begin", d.hw.now_ms(), g.turn, self.level))
        return begin(self, g)

    def timed_think(self, work):
        done = think(self, work)
        if done:
            log.append(("done", d.hw.now_ms(), self.move))
        return done

    do_move = tab.GameScreen.do_move

    def timed_do_move(self, move, now):
        if self.g.turn != 0:
            log.append(("play", now, self.g.turn, move))
        return do_move(self, move, now)

    delay = d.app.cpu_ms()

    def cpu_ms():  # asked when the computer's turn (its move delay) starts
        log.append(("delay", d.hw.now_ms()))
        return delay

    monkeypatch.setattr(bots.Bot, "begin", timed_begin)
    monkeypatch.setattr(bots.Bot, "think", timed_think)
    monkeypatch.setattr(tab.GameScreen, "do_move", timed_do_move)
    monkeypatch.setattr(d.app, "cpu_ms", cpu_ms)
    for _ in range(12):  # your bids and cards (A), the computer's turns in between
        tick(d, 5000)
        key_now(d, "a")
    pairs = 0
    for i, e in enumerate(log):
        if e[0] != "play":
            continue
        j = max(k for k in range(i) if log[k][0] == "begin")
        b = log[j]
        done = [x for x in log[j:i] if x[0] == "done"][0]
        t = [x for x in log[:i] if x[0] == "delay"][-1][1]
        assert b[2] == e[2] and b[3] == d.screen.level  # this seat's own decision
        assert done[2] == e[3]  # the move played is the one chosen
        # thinking began with the delay at the latest (during a finished trick's hold if
        # this seat leads the next one), and the move shows when both are over
        assert b[1] <= t and e[1] - t >= delay - 20, (b, t, e)
        assert e[1] <= max(t + delay, done[1]) + 40, (b, t, done, e)
        pairs += 1
    assert pairs >= 3, log
