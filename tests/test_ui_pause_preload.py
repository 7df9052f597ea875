"""From .mpy the pause loads the code of the title and the rules in steps that draw
nothing (where the heap has room to spare), so that Quit to menu and Rules import nothing
in the key's step; both go again when play resumes. (The desktop runs .py: menus' __file__
and gc.mem_free are stood in for here.)"""
import sys
import types

from test_ui_play import Driver
import menus


def idle(d, n):
    for _ in range(n):
        d.app.dirty = False
        d.app.step(d.hw.now_ms(), 0)
        d.hw.vclock += 20


def as_mpy(monkeypatch, free):
    monkeypatch.setattr(menus, "__file__", "lib/screens/menus.mpy")
    monkeypatch.setattr(menus, "gc", types.SimpleNamespace(mem_free=lambda: free, collect=lambda: None), raising=False)


def imports_in_key(d, monkeypatch, key):
    """The modules App.need imported while key was handled."""
    got = []
    need = d.app.need

    def spy(name, collect=None):
        if name not in sys.modules:
            got.append(name)
        return need(name, collect)

    monkeypatch.setattr(d.app, "need", spy)
    d.press(key)
    monkeypatch.setattr(d.app, "need", need)
    return got


def paused(tmp_path, monkeypatch, free):
    d = Driver(tmp_path / "s.bin", seed=3)
    d.menu_to("Alley Cat")
    d.press("a")
    as_mpy(monkeypatch, free)
    d.press("start")
    assert d.name == "pause"
    for m in ("title", "rules"):
        assert m not in sys.modules  # (not kept in play)
    return d


def test_the_pause_loads_title_and_rules_ahead(tmp_path, monkeypatch):
    d = paused(tmp_path, monkeypatch, 30000)
    idle(d, 2)
    assert "title" in sys.modules and "rules" in sys.modules
    while d.screen.items[d.screen.sel] != "Rules":
        d.press("down")
    assert imports_in_key(d, monkeypatch, "a") == [] and d.name == "rules"
    d.press("b")
    assert d.name == "pause"
    idle(d, 2)  # (the rules went when they were left in a game: loaded again)
    while d.screen.items[d.screen.sel] != "Quit to menu":
        d.press("down")
    assert imports_in_key(d, monkeypatch, "a") == [] and d.name == "title"


def test_what_the_pause_loaded_goes_when_play_resumes(tmp_path, monkeypatch):
    d = paused(tmp_path, monkeypatch, 30000)
    idle(d, 2)
    assert "title" in sys.modules and "rules" in sys.modules
    d.press("start")
    assert d.name == "alleycat"
    assert "title" not in sys.modules and "rules" not in sys.modules


def test_nothing_loads_ahead_without_room(tmp_path, monkeypatch):
    # (a guard of the heap's figures: passes on the code before the preload as well)
    d = paused(tmp_path, monkeypatch, 19000)
    idle(d, 3)
    assert "title" not in sys.modules and "rules" not in sys.modules
    while d.screen.items[d.screen.sel] != "Quit to menu":
        d.press("down")
    assert imports_in_key(d, monkeypatch, "a") == ["title"] and d.name == "title"
