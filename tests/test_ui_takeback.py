"""Take-back: at Easy and Normal, B at the table takes back your last card or bid (and the
computers' moves after it) until the next trick begins; the game is then exactly as it was
(its engine save bytes and score-sheet rows equal). A game with a take-back is marked (the
mark is saved) and counted apart in the statistics: played and won or lost, among the
take-backs, never the best score; a win neither extends nor ends the streak. Hard: none."""
import types

from test_ui_play import Driver, AC, BA, app_mod, KEYS
import appx
import records

TAKEBACKS = 5  # App.stat's field: the games finished with a take-back


def game_bytes(scr):
    buf = bytearray(256)
    n = scr.g.save(buf)
    return bytes(buf[:n])


def started(tmp_path, name, level=1, seed=5, **settings):
    d = Driver(tmp_path / "s.bin", seed=seed)
    d.set_setting(app_mod.S_SPEED, 2)
    if level != 1:
        d.set_setting(app_mod.S_LEVEL, level)
    for k, v in settings.items():
        d.set_setting(getattr(app_mod, k), v)
    d.menu_to(name)
    return d


def key_now(d, name):
    """One key in one step (no settling: a computer's move or a trick on show stays)."""
    d.hw.inject(KEYS[name])
    d.app.step(d.hw.now_ms(), d.hw.poll())
    d.hw.vclock += 20


def step_until(d, done):
    """Idle steps (no key) until done() holds, at most 400 (the caller asserts what it
    waited for)."""
    for _ in range(400):
        if done():
            return
        d.app.step(d.hw.now_ms(), 0)
        d.hw.vclock += 20


def take_back_once(d):
    """Your card, then B while its trick is on show (a take-back is always possible then)."""
    scr = d.screen
    key_now(d, "a")
    step_until(d, lambda: scr.hold_until >= 0)
    assert scr.can()
    key_now(d, "b")
    assert scr.took == 1
    d.hw.settle(d.app)


def test_alleycat_card_taken_back_with_the_computers_answer(tmp_path):
    # every move of a round at Normal: each time, the state before it comes back with B
    # while the next trick has not begun (then B changes nothing)
    d = started(tmp_path, "Alley Cat", seed=11)
    scr = d.screen
    g = scr.g
    backs = refused = 0
    for _ in range(40):
        if g.phase != AC.PHASE_PLAY:
            break
        assert g.turn == 0 and d.app.waiting_for_input(), d.app.state_line()
        before = game_bytes(scr)
        hist = (d.app.hist_n, d.app.hist_open)
        h0 = g.history_size
        d.press("a")  # your card; the computer answers or leads on until your turn
        after = game_bytes(scr)
        assert after != before
        open_trick = g.history_size <= (h0 // 2 + 1) * 2 and g.phase != AC.PHASE_GAME_OVER
        d.press("b")
        if open_trick:
            assert game_bytes(scr) == before, "take-back did not restore the game"
            assert (d.app.hist_n, d.app.hist_open) == hist
            assert scr.took == 1 and scr.msg1 == "Move taken back"
            assert g.history_size == h0  # the computer's card after yours went too
            backs += 1
            d.press("a")  # the same card again: the same answer (the bots are seeded)
            assert game_bytes(scr) == after
        else:
            assert game_bytes(scr) == after  # the next trick has begun: B does nothing
            refused += 1
        # B again right away: your move is taken back once only
        if open_trick:
            d.press("b")
            assert game_bytes(scr) == before
            d.press("a")
    assert backs >= 3 and refused >= 1, (backs, refused)


def test_backalley_bid_and_card_taken_back(tmp_path):
    d = started(tmp_path, "Back Alley", seed=23, S_BA_LENGTH=1)
    scr = d.screen
    g = scr.g
    assert g.phase == BA.PHASE_BID and g.turn == 0
    before = game_bytes(scr)
    d.press("right", "a")  # your bid; the others bid on, the summary shows
    assert game_bytes(scr) != before
    assert scr.can()
    d.press("b")
    assert game_bytes(scr) == before and g.phase == BA.PHASE_BID and g.turn == 0
    assert scr.bsel >= 0 and not scr.summary
    d.press("a")
    # cards: through the deal, each of yours taken back once, with the computers' cards
    # played after it (B in the middle of the trick), and played again
    n = 0
    for _ in range(60):
        if g.phase != BA.PHASE_PLAY:
            break
        if g.turn != 0:
            d.press("a")
            continue
        before = game_bytes(scr)
        h0 = g.history_size
        d.press("up")
        key_now(d, "a")
        # until a computer's card follows yours, or the trick ends
        step_until(d, lambda: g.history_size >= h0 + 2 or scr.hold_until >= 0 or
                   g.phase != BA.PHASE_PLAY)
        assert g.history_size > h0
        key_now(d, "b")
        assert game_bytes(scr) == before and g.turn == 0 and scr.hold_until < 0
        n += 1
        d.hw.settle(d.app)
        d.press("up", "a")
    assert n >= 7, n  # (13 deals: the first of 7 cards)
    assert scr.took == 1


def test_b_during_a_trick_on_show_takes_back_else_ends_the_hold(tmp_path):
    d = started(tmp_path, "Alley Cat", seed=11)
    scr = d.screen
    g = scr.g
    before = game_bytes(scr)
    key_now(d, "a")
    step_until(d, lambda: scr.hold_until >= 0)  # the trick on show
    assert scr.hold_until >= 0
    key_now(d, "b")
    assert game_bytes(scr) == before and scr.hold_until < 0 and g.turn == 0
    # at Hard there is none: B on a trick on show ends the hold, as before
    d2 = started(tmp_path, "Alley Cat", level=2, seed=11)
    s2 = d2.screen
    key_now(d2, "a")
    step_until(d2, lambda: s2.hold_until >= 0)
    assert s2.hold_until >= 0
    held = game_bytes(s2)
    key_now(d2, "b")
    assert s2.hold_until < 0 and game_bytes(s2) == held and s2.took == 0


def test_hard_allows_no_take_back(tmp_path):
    d = started(tmp_path, "Back Alley", level=2, seed=23, S_BA_LENGTH=1)
    scr = d.screen
    d.press("right", "a")
    after = game_bytes(scr)
    assert not scr.can()
    d.press("b")
    assert game_bytes(scr) == after and scr.took == 0


def test_the_coach_says_once_that_b_takes_back(tmp_path):
    d = started(tmp_path, "Alley Cat", seed=11)
    scr = d.screen
    assert d.app.settings[app_mod.S_COACH]
    seen = []
    for _ in range(12):
        if scr.g.phase != AC.PHASE_PLAY:
            break
        seen.append(scr.coach() == "B takes back your move")
        d.press("a")
    assert seen.count(True) == 1, seen  # said once, at a turn where B would take back
    i = seen.index(True)
    assert i > 0


def test_the_mark_is_saved_and_an_old_save_has_none(tmp_path):
    d = started(tmp_path, "Alley Cat", seed=11)
    take_back_once(d)
    d.press("start")  # written
    d2 = Driver(tmp_path / "s.bin", seed=11)
    assert d2.title_items()[0] == "Continue"
    d2.menu_to("Continue")
    assert d2.screen.took == 1
    # the same record with the mark's bit clear (a save made before take-backs) loads
    # unmarked, and the same game
    rec = records.Records(d2.hw.nvm)
    buf = bytearray(400)
    n = rec.read(records.GAME, buf)
    assert buf[5] & 0x80
    buf[5] &= 0x7F
    rec.put(records.GAME, buf, n)
    rec.commit()
    d3 = Driver(tmp_path / "s.bin", seed=11)
    d3.menu_to("Continue")
    assert d3.screen.took == 0 and game_bytes(d3.screen) == game_bytes(d2.screen)


def fake_app(took, stats=None):
    a = types.SimpleNamespace()
    a.stats = bytearray(72) if stats is None else stats
    a.rec = types.SimpleNamespace(put=lambda *x: None, clear=lambda *x: None)
    a.gs = types.SimpleNamespace(took=took)
    a.stat = lambda game, level, field: app_mod.App.stat(a, game, level, field)
    if stats is None:
        appx.reset_stats(a)
    return a


def test_statistics_of_a_game_with_a_take_back():
    for took, won in ((0, True), (1, True), (1, False), (0, False)):
        a = fake_app(took)
        appx._set(a, 2, 1, app_mod.ST_STREAK, 3)
        appx._set(a, 2, 1, app_mod.ST_BEST_STREAK, 3)
        appx._set(a, 2, 1, app_mod.ST_WON, 3)
        appx.finish(a, 2, 1, won, 40)
        st = lambda f: a.stat(2, 1, f)  # noqa: E731
        assert st(app_mod.ST_WON) == 3 + won
        assert st(TAKEBACKS) == took
        if took:
            assert st(app_mod.ST_BEST_SCORE) == app_mod.NO_SCORE  # not a best score
            assert st(app_mod.ST_STREAK) == (3 if won else 0)  # a win: the streak stays
            assert st(app_mod.ST_BEST_STREAK) == 3
        else:
            assert st(app_mod.ST_BEST_SCORE) == 40
            assert st(app_mod.ST_STREAK) == (4 if won else 0)
            assert st(app_mod.ST_BEST_STREAK) == (4 if won else 3)
        # the other game and levels are untouched
        assert a.stat(1, 1, TAKEBACKS) == a.stat(2, 0, TAKEBACKS) == 0


def test_a_whole_game_with_a_take_back_is_counted_apart(tmp_path):
    d = started(tmp_path, "Alley Cat", seed=11, S_AC_TARGET=0)
    scr = d.screen
    take_back_once(d)
    for _ in range(600):
        g = scr.g
        if g.phase == AC.PHASE_GAME_OVER:
            break
        d.press("a")
    assert g.phase == AC.PHASE_GAME_OVER
    won = g.winner == 0
    assert d.app.stat(1, 1, app_mod.ST_PLAYED) == 1
    assert d.app.stat(1, 1, app_mod.ST_WON) == won
    assert d.app.stat(1, 1, TAKEBACKS) == 1
    assert d.app.stat(1, 1, app_mod.ST_BEST_SCORE) == app_mod.NO_SCORE
    assert d.app.stat(1, 1, app_mod.ST_STREAK) == 0
    # written: the next power-on reads the 72-byte record, and Statistics say so
    d.press("b")
    d2 = Driver(tmp_path / "s.bin")
    assert d2.app.stat(1, 1, TAKEBACKS) == 1
    d2.menu_to("Statistics")
    assert d2.screen.state().endswith("takebacks=1/0")
    assert "Take-backs" in d2.screen.lines[0][-1]


def test_statistics_of_before_take_backs_still_load(tmp_path):
    d = Driver(tmp_path / "s.bin")
    old = bytearray(app_mod.N_STATS)
    for i in range(0, app_mod.N_STATS, 2):
        old[i] = i // 2 + 1  # every field a different small number
    d.app.rec.put(records.STATS, old, app_mod.N_STATS)
    d.app.commit()
    d2 = Driver(tmp_path / "s.bin")
    assert d2.app.notice == ""
    assert bytes(d2.app.stats[:app_mod.N_STATS]) == bytes(old)
    assert d2.app.stat(2, 2, TAKEBACKS) == 0
    assert d2.app.stat(1, 0, app_mod.ST_PLAYED) == 1


def test_the_buffer_holds_a_13_card_deals_saves(tmp_path):
    # the take-back's buffer is sized for the engine's largest saves (Back Alley's 13-card
    # hands): a whole first deal of 25, each of your moves kept; every save the engine
    # makes on the way fits
    d = started(tmp_path, "Back Alley", seed=23)
    scr = d.screen
    g = scr.g
    assert g.cards_per_hand == 13
    most = 0
    for _ in range(200):
        if g.phase != BA.PHASE_BID and g.phase != BA.PHASE_PLAY:
            break
        most = max(most, len(game_bytes(scr)))
        d.press("up", "a") if g.phase == BA.PHASE_PLAY else d.press("a")
    assert g.phase == BA.PHASE_HAND_OVER and scr.old is not None
    assert most <= len(scr.old) - 3, (most, len(scr.old))
    assert len(game_bytes(scr)) <= len(scr.old) - 3
