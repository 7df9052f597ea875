"""Flash wear against what a power cut loses: whole headless games of both kinds
(the player's moves from the hint) stay in the erase budget, and at every step of them a
power cut would lose at most 5 minutes of play, measured apart from the program's own
bookkeeping (nvm_wear.CutLoss: what nvm would restore against the live game). The
tools/board/nvm_wear.py command prints the figures over many games."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import nvm_wear  # noqa: E402
import app as app_mod  # noqa: E402
import buttons as B  # noqa: E402

MIN5 = 5 * 60000


def test_alleycat_to_44_within_2_erases():
    for seed, think, speed in ((1, 0, None), (2, 5000, 0)):
        erases, keys, minutes, a, w = nvm_wear.play_game(1, seed, think, speed)
        g = a.screen.g
        assert g.target == 44 and max(g.score(0), g.score(1)) >= 44  # a whole game
        assert a.saved == 0 and a.stat(1, 1, app_mod.ST_PLAYED) == 1
        assert 1 <= erases <= nvm_wear.BUDGET[1], (seed, think, erases)
        assert w.worst <= MIN5, (seed, w.worst)


def test_backalley_25_deals_slow_player_within_8_erases():
    """Played slowly (slow computer, 5 s per move of the player: about 38 virtual minutes):
    timed saves every 5 minutes of play and the game over, no more."""
    erases, keys, minutes, a, w = nvm_wear.play_game(2, 4, 5000, 0)
    g = a.screen.g
    assert g.deals == 25 and g.deal_number == 24  # a whole 25-deal game
    assert minutes > 30
    assert 7 <= erases <= nvm_wear.BUDGET[2], erases
    assert w.worst <= MIN5, w.worst
    assert w.worst > MIN5 - 20000  # the saves come late: no erase spent early
    assert any(not waiting for t, waiting in w.written)  # some while the computer plays


def erratic(rng):
    """A player's pace: mostly quick, sometimes a long think (the program keeps polling)."""
    r = rng.random()
    if r < 0.04:
        return rng.randrange(200000, 480000)  # away for 3 to 8 minutes mid-deal
    if r < 0.2:
        return rng.randrange(20000, 90000)
    return rng.randrange(0, 8000)


def test_power_cut_loses_at_most_5_minutes_at_every_step():
    """A scripted whole game of each kind on a virtual clock (20 ms steps, long and short
    thinks): just before every step, the play a cut would lose (now minus the first change
    of the live game after the state nvm would restore) is at most 5 minutes. Each game
    runs long enough for several timed saves, some of them while the player thinks."""
    for kind, seed, setting in ((2, 11, (app_mod.S_BA_LENGTH, 1)),  # 13 deals
                                (1, 14, (app_mod.S_AC_TARGET, 2))):  # to 66
        erases, keys, minutes, a, w = nvm_wear.play_game(kind, seed, think=erratic,
                                                         settings=(setting,))
        g = a.screen.g
        assert g.phase == a.screen.PHASE_GAME_OVER
        assert minutes > 20 and erases >= 4, (kind, minutes, erases)
        assert w.worst <= MIN5, (kind, w.worst)
        assert len(w.written) == erases
        assert sum(1 for t, waiting in w.written if waiting) >= 3  # while the player thinks
        # a game over loses nothing: the statistics are in nvm, no saved game
        assert w.nvm_game is None and w.nvm_stats == bytes(a.stats)


def test_idle_on_menus_and_paused_writes_nothing(tmp_path):
    """An hour on each menu, paused, or at the table with nothing new: no erase. Only a
    change is written: the pause after a move, and one timed save for play left unsaved."""
    hw, a, w = nvm_wear.fresh_program(str(tmp_path / "idle.bin"), 3)
    HOUR = 3600000

    def idle():
        e = hw.nvm.erases
        w.wait(HOUR, 500)
        assert hw.nvm.erases == e, a.state_line()

    def menu_to(item):
        while a.screen.items[a.screen.sel] != item:
            w.press(B.DOWN)
        w.press(B.A)

    idle()  # the title
    for item in ("Settings", "Statistics", "Rules"):
        menu_to(item)
        assert a.screen.name != "title"
        idle()
        w.press(B.B)  # left unchanged: nothing written
        assert a.screen.name == "title"
    idle()
    assert hw.nvm.erases == 0
    menu_to("Back Alley")
    w.press(B.START)  # the new game (and its statistics): written at the pause
    assert a.screen.name == "pause" and hw.nvm.erases == 1
    idle()
    w.press(B.B)
    idle()  # at the table, nothing changed since the pause
    w.press(B.START)  # nor at this pause
    idle()
    assert hw.nvm.erases == 1
    w.press(B.B)
    w.press(B.UP)
    t0 = hw.vclock
    w.press(B.A)  # a bid: the game changed
    e = hw.nvm.erases
    w.wait(t0 + app_mod.SAVE_WITHIN_MS - 1000 - hw.vclock)
    assert hw.nvm.erases == e  # not yet
    w.wait(HOUR, 500)  # then written once, within the 5 minutes, and never again
    assert hw.nvm.erases == e + 1 and w.worst <= MIN5
    w.press(B.START)
    w.press(B.UP)  # Quit to menu (the last item): written already
    w.press(B.A)
    assert a.screen.name == "title" and hw.nvm.erases == e + 1
    idle()
