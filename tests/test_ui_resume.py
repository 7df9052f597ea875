"""Save and resume: power cuts between steps and in the middle of nvm writes, corrupt and
foreign records. Each Driver is one power-on of the program on the same save file.

The game is written when paused, when a new game ends a saved one, and once its play not in
nvm nears 5 minutes (app.SAVE_WITHIN_MS: every nvm write erases the flash block; the bound
at every step: test_nvm_wear.py): a power cut resumes at the last of those, never at a
state the player did not reach, or (before the game's first write) finds no saved game."""
import random

from test_ui_play import Driver, AC, BA, app_mod, hw_desktop
import records


def game_bytes(d):
    scr = d.screen
    buf = bytearray(256)
    n = scr.g.save(buf)
    return bytes(buf[:n])


def saved_game(save):
    """The running game as written in the nvm file (meta + engine bytes), or None."""
    r = records.Records(hw_desktop.FileNvm(str(save)))
    buf = bytearray(400)
    n = r.read(records.GAME, buf)
    return bytes(buf[:n]) if n > 0 else None


def random_step(d, rng):
    """One key press a player might make in a game screen."""
    scr = d.screen
    g = scr.g
    if g.phase in (AC.PHASE_ROUND_OVER, AC.PHASE_GAME_OVER) and scr.KIND == 1:
        d.press("a")
        return
    if scr.KIND == 2 and g.phase in (BA.PHASE_HAND_OVER, BA.PHASE_GAME_OVER):
        d.press("a")
        return
    r = rng.random()
    if r < 0.25:
        d.press(rng.choice(["left", "right"]))
    elif r < 0.35 and scr.KIND == 2:
        d.press("up")
    elif scr.KIND == 2 and g.phase == BA.PHASE_PLAY:
        d.press("up")
        d.press("a")
    else:
        d.press("a")


def resume_check(tmp_path, kind, seed, cuts):
    save = tmp_path / ("k%d.bin" % kind)
    rng = random.Random(seed)
    d = Driver(save, seed=seed)
    d.set_setting(app_mod.S_SPEED, 2)
    if kind == 2:
        d.set_setting(app_mod.S_BA_LENGTH, 2)  # 7 deals
    name = "Alley Cat" if kind == 1 else "Back Alley"
    d.menu_to(name)
    exact = 0
    lost = 0
    for c in range(cuts):
        for _ in range(rng.randrange(1, 12)):
            if d.screen.name == "title" or d.screen.g is None or \
                    d.screen.g.phase == d.screen.PHASE_GAME_OVER:
                return exact, lost
            random_step(d, rng)
        assert d.app.waiting_for_input()
        if d.screen.g.phase == d.screen.PHASE_GAME_OVER:
            assert "Continue" not in Driver(save, seed=seed).title_items()
            return exact, lost
        paused = c % 2 == 1
        if paused:  # Start: the game is written as it is
            d.press("start")
            assert d.name == "pause"
            d.press("b")
        now = game_bytes(d)
        want = saved_game(save)
        # power cut here: throw the program away, power on again on the same save
        d = Driver(save, seed=seed + 1000)
        assert d.name == "title"
        if want is None:  # cut before the new game's first write (minutes of play): gone
            assert not paused and "Continue" not in d.title_items()
            lost += 1
            d.menu_to(name)
            continue
        assert want[0] == kind
        assert d.title_items()[0] == "Continue"
        d.app.resume()  # what Continue does (no step yet: no computer move after the load)
        assert d.name == ("alleycat" if kind == 1 else "backalley")
        got = game_bytes(d)
        d.hw.settle(d.app)
        # exactly the last written game (its engine bytes; the score sheet rows follow)
        assert got == want[8:8 + len(got)]
        if paused:
            assert got == now  # paused: exactly where the player was
        exact += got == now
        assert d.screen.level == 1
    return exact, lost


def test_resume_alleycat_random_moments(tmp_path):
    got = [resume_check(tmp_path, 1, seed, 6) for seed in (1, 2, 3)]
    assert sum(e for e, _ in got) >= 1 and sum(n for _, n in got) >= 1


def test_resume_backalley_random_moments(tmp_path):
    got = [resume_check(tmp_path, 2, seed, 6) for seed in (4, 5)]
    assert sum(e for e, _ in got) >= 1 and sum(n for _, n in got) >= 1


def test_cut_before_a_new_game_is_written_keeps_the_finished_games(tmp_path):
    """A new game is written at its first save (a pause, or within 5 minutes); a cut before
    that loses only its first minutes: the statistics of the games finished before, and
    the settings, are as they were written."""
    save = tmp_path / "n.bin"
    d = Driver(save, seed=6)
    d.set_setting(app_mod.S_SPEED, 2)
    d.menu_to("Alley Cat")
    d.app.game_finished(1, 1, True, 30)  # as if won: written at once
    d.app.to_title()
    stats = list(d.app.stats)
    e = d.hw.nvm.erases
    d.menu_to("Back Alley")
    for _ in range(4):
        d.press("up")
        d.press("a")
    assert d.hw.nvm.erases == e and d.app.stat(2, 1, app_mod.ST_PLAYED) == 1
    d = Driver(save, seed=7)  # power cut
    assert "Continue" not in d.title_items() and d.screen.note == ""
    assert list(d.app.stats) == stats and d.app.stat(1, 1, app_mod.ST_WON) == 1
    assert d.app.settings[app_mod.S_SPEED] == 2


def test_new_game_over_a_saved_one_is_written_at_once(tmp_path):
    """Starting a new game ends the saved one, counted as a loss (the question says so):
    written at once, like a game over, so that a cut cannot bring the given-up game back."""
    save = tmp_path / "r.bin"
    d = Driver(save, seed=8)
    d.menu_to("Alley Cat")
    d.press("a")
    d.press("start")
    d.menu_to("Quit to menu")
    assert d.title_items()[0] == "Continue" and d.app.stat(1, 1, app_mod.ST_PLAYED) == 1
    e = d.hw.nvm.erases
    d.menu_to("Back Alley")
    d.press("down")
    d.press("a")  # Start new game
    assert d.name == "backalley" and d.hw.nvm.erases == e + 1
    want = saved_game(save)  # the new game as it started
    assert want[0] == 2
    d = Driver(save, seed=9)  # power cut
    assert d.title_items()[0] == "Continue" and d.screen.detail == "Back Alley, deal 1"
    assert d.app.stat(2, 1, app_mod.ST_PLAYED) == 1
    assert d.app.stat(1, 1, app_mod.ST_PLAYED) == 1 and d.app.stat(1, 1, app_mod.ST_WON) == 0
    d.app.resume()
    got = game_bytes(d)
    assert got == want[8:8 + len(got)] and d.screen.g.deal_number == 0


def test_quit_to_menu_then_continue_is_exact(tmp_path):
    save = tmp_path / "q.bin"
    d = Driver(save, seed=8)
    d.menu_to("Back Alley")
    for _ in range(5):
        d.press("up")
        d.press("a")
    now = game_bytes(d)
    erases = d.hw.nvm.erases
    d.press("start")
    d.menu_to("Quit to menu")
    assert d.name == "title"
    assert d.hw.nvm.erases == erases + 1  # written once, at the pause
    d.menu_to("Continue")
    assert game_bytes(d) == now
    # and after switching off at the title too
    d = Driver(save, seed=9)
    d.menu_to("Continue")
    assert game_bytes(d) == now


def test_power_cut_inside_nvm_writes(tmp_path):
    """Cut the power inside a write (during the erase, after some pages, or while a page is
    programmed); the next power-on must start cleanly, and what it resumes is either the
    game just written (its page was programmed) or nothing."""
    rng = random.Random(77)
    wheres = [hw_desktop.CUT_ERASE_FF, hw_desktop.CUT_ERASE_JUNK, 0, 1, 2, 16,
              hw_desktop.CUT_TORN, hw_desktop.CUT_TORN + 1]
    cuts = 0
    for trial in range(8):
        save = tmp_path / ("torn%d.bin" % trial)
        d = Driver(save, seed=trial)
        d.set_setting(app_mod.S_SPEED, 2)
        kind = 1 + (trial & 1)
        d.menu_to("Alley Cat" if kind == 1 else "Back Alley")
        for _ in range(rng.randrange(2, 10)):
            random_step(d, rng)
        d.press("start")  # paused: written
        # a new power-on with a cut armed in its next write (a pause writes the game)
        d2 = Driver(save, seed=trial)
        where = wheres[trial % len(wheres)]
        d2.hw.nvm.arm(1, where, seed=trial)
        try:
            d2.press("a")  # Continue
            for _ in range(40):
                random_step(d2, rng)
            d2.press("start")
            continue  # nothing was written (game over first)
        except hw_desktop.PowerCut:
            cuts += 1
        intended = bytes(d2.app.rec.img)  # what the interrupted write was writing
        d3 = Driver(save, seed=trial)
        assert d3.name == "title"
        items = d3.title_items()
        if where in (hw_desktop.CUT_ERASE_JUNK, hw_desktop.CUT_TORN):
            assert "Continue" not in items and d3.screen.note == "Bad save ignored"
        elif where in (hw_desktop.CUT_ERASE_FF, 0):
            assert "Continue" not in items and d3.screen.note == ""
        else:  # page 0 was programmed: everything written survives
            assert bytes(d3.app.rec.img) == intended
            if intended[records.OFFSET[records.GAME]] == 0xA7:
                assert items[0] == "Continue"
                d3.press("a")
                assert d3.screen.name == ("alleycat", "backalley")[kind - 1]
    assert cuts >= 6


def test_corrupt_and_foreign_records_are_ignored(tmp_path):
    save = tmp_path / "c.bin"
    d = Driver(save, seed=9)
    d.menu_to("Alley Cat")
    d.press("a")
    d.press("start")
    assert d.app.saved == 1
    # flip a byte inside the game record: checksum fails -> ignored with a message
    raw = bytearray(save.read_bytes())
    raw[records.OFFSET[records.GAME] + 20] ^= 0x5A
    save.write_bytes(bytes(raw))
    d = Driver(save, seed=9)
    assert d.name == "title"
    assert "Continue" not in d.title_items()
    assert d.screen.note == "Bad save ignored"
    assert d.app.stat(1, 1, app_mod.ST_PLAYED) == 1  # the statistics are unharmed
    # the bad record is cleared by the next write, so the notice shows only once
    d.menu_to("Alley Cat")
    d.press("start")
    d = Driver(save, seed=9)
    assert d.title_items()[0] == "Continue" and d.screen.note == ""
    # foreign data everywhere (another program's nvm)
    rng = random.Random(3)
    save.write_bytes(bytes(rng.randrange(256) for _ in range(8192)))
    d = Driver(save, seed=9)
    assert d.name == "title" and "Continue" not in d.title_items()
    assert "ignored" in d.screen.note
    assert list(d.app.settings) == list(app_mod.DEFAULTS)
    d.menu_to("Alley Cat")  # and the program still works, writing fresh records
    assert d.name == "alleycat"
    # a record that checks out but holds a foreign game is ignored too
    r = records.Records(hw_desktop.FileNvm(str(save)))
    junk = bytearray(40)
    junk[0] = 1
    r.put(records.GAME, junk, 40)
    r.commit()
    d = Driver(save, seed=9)
    assert "Continue" not in d.title_items()
    assert "ignored" in d.screen.note
