"""Menus: destructive choices are confirmed, Continue names the game
and where it resumes, Settings does not wrap onto Reset, the title keeps its position, no
unexplained abbreviations on the menus and rules."""
from test_ui_play import Driver, AC, BA, app_mod, gfx, COLORS, rgb_close, hexrgb
from test_ui_sheets import texts
import records


def saved_bytes(d):
    b = bytearray(288)
    n = d.app.rec.read(records.GAME, b)
    return bytes(b[:max(n, 0)])


def quit_to_title(d):
    d.press("start")
    d.menu_to("Quit to menu")
    assert d.name == "title"


def test_new_game_over_a_saved_game_asks_first(tmp_path):
    save = tmp_path / "s.bin"
    d = Driver(save, seed=4)
    d.menu_to("Alley Cat")
    d.press("a")  # one card played: the game is saved
    quit_to_title(d)
    assert d.title_items()[0] == "Continue"
    assert d.screen.detail == "Alley Cat, round 1"
    keep = saved_bytes(d)
    for other in ("Back Alley", "Alley Cat"):  # the other kind and the same kind
        d.menu_to(other)
        assert d.name == "title" and d.screen.ask_lines is not None
        t = texts()
        assert "Start a new game?" in t and "It counts as a loss." in t
        assert "Alley Cat, round 1." in t
        assert d.screen.items == ["No, go back", "Start new game"] and d.screen.sel == 0
        # the selected answer has the navy bar; B (or A on No) keeps the saved game
        assert rgb_close(d.hw.frame_pixel(20, 75), hexrgb(COLORS[gfx.NAVY]))
        d.press("b")
        assert d.name == "title" and d.screen.ask_lines is None
        assert d.title_items()[0] == "Continue" and d.app.saved == 1
        assert saved_bytes(d) == keep
        d.menu_to(other)
        d.press("a")  # No, go back
        assert d.screen.ask_lines is None and saved_bytes(d) == keep
    assert d.app.stat(1, 1, False) == 1 and d.app.stat(2, 1, False) == 0
    d.menu_to("Back Alley")
    d.press("down")
    assert rgb_close(d.hw.frame_pixel(20, 90), hexrgb(COLORS[gfx.NAVY]))
    d.press("a")  # Start new game
    assert d.name == "backalley" and d.app.saved == 2
    # the abandoned Alley Cat game stays counted as played and not won: a loss
    assert d.app.stat(1, 1, False) == 1 and d.app.stat(1, 1, True) == 0
    assert d.app.stat(2, 1, False) == 1


def test_no_question_without_a_saved_game(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=4)
    assert "Continue" not in d.title_items()
    d.menu_to("Back Alley")
    assert d.name == "backalley"


def test_continue_names_game_and_deal(tmp_path):
    save = tmp_path / "s.bin"
    d = Driver(save, seed=9)
    d.set_setting(app_mod.S_SPEED, 2)
    d.set_setting(app_mod.S_BA_LENGTH, 2)  # 7 deals
    d.menu_to("Back Alley")
    for _ in range(2000):
        g = d.screen.g
        if g.deal_number == 3 and g.phase == BA.PHASE_PLAY:
            break
        if g.phase == BA.PHASE_HAND_OVER:
            d.press("a")
            continue
        d.press("up")
        d.press("a")
    quit_to_title(d)
    assert d.screen.detail == "Back Alley, deal 4"
    # power off and on: read from the save; drawn under Continue (two rows, both selected)
    d = Driver(save, seed=10)
    assert d.title_items()[0] == "Continue" and d.screen.sel == 0
    assert d.screen.detail == "Back Alley, deal 4"
    lab = [t for t in __import__("test_ui_sheets").screen_texts() if t[0] == d.screen.detail]
    assert lab and 0 <= lab[0][1] and lab[0][1] + 6 * len(lab[0][0]) <= 160
    assert rgb_close(d.hw.frame_pixel(20, lab[0][2] + 1), hexrgb(COLORS[gfx.NAVY]))
    d.press("a")
    assert d.name == "backalley" and d.screen.g.deal_number == 3


def test_reset_statistics_asks_and_settings_do_not_wrap(tmp_path):
    save = tmp_path / "s.bin"
    d = Driver(save, seed=5)
    d.menu_to("Alley Cat")
    quit_to_title(d)
    assert d.app.stat(1, 1, False) == 1
    d.menu_to("Settings")
    assert d.name == "settings" and d.screen.sel == 0
    d.press("up")  # the top: no wrap onto Reset statistics
    assert d.screen.sel == 0
    n = len(d.screen.items)
    assert d.screen.items[-1] == "Reset statistics"
    for _ in range(n + 3):
        d.press("down")
    assert d.screen.sel == n - 1  # the bottom: no wrap either
    assert "Reset statistics" in texts()  # the list scrolled to it
    d.press("a")
    assert d.screen.ask_lines is not None and "Reset statistics?" in texts()
    d.press("a")  # No (selected first)
    assert d.app.stat(1, 1, False) == 1 and d.screen.ask_lines is None
    d.press("a")
    d.press("b")  # B: no
    assert d.app.stat(1, 1, False) == 1
    d.press("a")
    d.press("up")  # to Reset
    d.press("a")
    assert d.app.stat(1, 1, False) == 0
    assert "Statistics cleared" in texts()
    assert d.name == "settings"
    d.press("b")
    assert Driver(save, seed=6).app.stat(1, 1, False) == 0  # written to nvm


def test_settings_rows_fit_and_are_spelled_out(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=5)
    d.menu_to("Settings")
    items = d.screen.items
    assert "Coach" in items[app_mod.S_COACH] and "Auto-play forced card" in \
        items[app_mod.S_AUTOPLAY]
    for i in range(len(items)):
        assert len(items[i]) <= 25
        for abbr in ("AC ", "BA ", "BB", "LB"):
            assert abbr not in items[i]
    # Right changes the value shown in the row of Coach and Auto-play
    for idx in (app_mod.S_COACH, app_mod.S_AUTOPLAY):
        while d.screen.sel < idx:
            d.press("down")
        before = d.app.settings[idx]
        d.press("right")
        assert d.app.settings[idx] == 1 - before
        assert d.screen.items[idx].endswith("on" if before == 0 else "off")
        assert d.screen.items[idx] in texts()
    d.press("b")
    d2 = Driver(tmp_path / "s.bin", seed=5)
    assert d2.app.settings[app_mod.S_COACH] == 1 - app_mod.DEFAULTS[app_mod.S_COACH]


def test_old_short_settings_record_is_kept(tmp_path):
    """A settings record from before Coach / Auto-play (8 bytes) still loads."""
    save = tmp_path / "s.bin"
    d = Driver(save, seed=5)
    d.app.settings[app_mod.S_LEVEL] = 2
    d.app.rec.put(records.SETTINGS, d.app.settings, 8)
    d.app.rec.commit()
    d2 = Driver(save, seed=5)
    assert d2.app.settings[app_mod.S_LEVEL] == 2
    assert d2.app.settings[app_mod.S_COACH] == app_mod.DEFAULTS[app_mod.S_COACH]
    assert d2.app.notice == "" or "settings" not in d2.app.notice


def test_title_keeps_its_position(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=5)
    for item in ("Settings", "Statistics", "Rules"):
        d.menu_to(item)
        assert d.name != "title"
        d.press("b")
        assert d.name == "title"
        assert d.screen.items[d.screen.sel] == item
    # with a saved game (Continue first) too
    d.menu_to("Alley Cat")
    quit_to_title(d)
    assert d.screen.sel == 0
    d.menu_to("Statistics")
    d.press("b")
    assert d.screen.items[d.screen.sel] == "Statistics"


def test_rules_spell_out_abbreviations():
    import rules
    text = "\n".join(rules.AC_PAGES + rules.BA_PAGES + (rules.KEYS_PAGE,))
    for abbr in (" BB", " LB", " AC", " BA", "5D", "AS "):
        assert abbr not in text.replace("\n", " "), abbr
    assert "Big Blooper" in text and "Little Blooper" in text
    assert "B and L" in text and "P pass, B board" in text


def test_a_yes_that_starts_a_game_does_not_redraw_the_menu_it_leaves(tmp_path):
    # starting a game over a saved one is not charged a redraw of the title first;
    # "No, go back" still redraws it
    d = Driver(tmp_path / "s.bin", seed=4)
    d.menu_to("Alley Cat")
    d.press("a")
    quit_to_title(d)
    drawn = []
    for yes in (False, True):
        d.menu_to("Back Alley")
        t = d.screen
        assert t.ask_lines is not None
        if yes:
            d.press("down")
        t.draw = lambda y=yes: drawn.append(y)
        d.press("a")
        del t.draw
        assert d.name == ("backalley" if yes else "title")
    assert drawn == [False]


def test_title_loads_ahead_from_mpy_only_in_steps_that_drew_nothing(tmp_path, monkeypatch):
    # from .mpy the title's screens load one module a step while the title waits
    # (opening them then imports nothing); from .py (compiling needs room) nothing loads
    # ahead
    import sys
    d = Driver(tmp_path / "s.bin", seed=4)
    t = d.screen
    assert d.name == "title"
    calls = []
    monkeypatch.setattr(d.app, "need", lambda m, c=None: calls.append((m, c)))
    d.app.dirty = False
    t.update(0)
    assert calls == []  # from .py
    monkeypatch.setattr(sys.modules["title"], "__file__", "lib/title.mpy")
    d.app.dirty = True  # this step drew: nothing more in it
    t.update(0)
    assert calls == []
    d.app.dirty = False
    for i in range(4):
        t.update(0)
        assert len(calls) == min(i + 1, 2)
    assert [m for m, c in calls] == ["screen_settings", "rules"]
    assert not any(c for m, c in calls)  # no collection: a .mpy loads into what it keeps
