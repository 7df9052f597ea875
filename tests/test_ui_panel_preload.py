"""The code of the deal's / round's panel (sheet, sheet_<game>) is loaded while
the last trick shows, not in the step that opens the panel. From .py both come with the
game (app._NEEDS); from .mpy they do not, which this test stands in for by forgetting them
when the hold begins."""
import sys

from test_ui_play import Driver, AC, app_mod
from buttons import A


def test_the_panels_code_loads_while_the_last_trick_shows(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=3)
    d.set_setting(app_mod.S_AC_TARGET, 0)
    d.menu_to("Alley Cat")
    app = d.app
    hw = d.hw
    scr = d.screen
    held = 0
    for _ in range(20000):
        if scr.hold_until >= 0 and scr.g.phase >= AC.PHASE_ROUND_OVER:
            held += 1
            if held == 1:
                # as from .mpy: the panel's modules are not loaded yet
                for m in ("sheet_alleycat", "sheet"):
                    sys.modules.pop(m, None)
            elif held == 6:
                break
        elif app.waiting_for_input():
            hw.inject(A, 0)  # (the cursor is on a playable card)
        app.step(hw.now_ms(), hw.poll())
        hw.vclock += 20
    assert held == 6, "no round ended"
    assert scr.hold_until >= 0  # the last trick still shows (a few steps in)
    assert scr.overlay == 0
    assert "sheet" in sys.modules and "sheet_alleycat" in sys.modules
