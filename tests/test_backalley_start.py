"""Starting Back Alley (a game's start within 500 board-ms from .mpy): what the start
poll does, counted (never timed): the modules the bot's import loads, the work of building
and dealing a game, and no thinking in the poll that draws the whole table."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from test_ui_play import Driver, KEYS  # noqa: E402


def test_the_back_alley_bot_and_game_load_no_card_names_or_rng_module():
    # engine.cards and engine.rng re-export what engine.common holds: loading either with the
    # bot costs the start a module (file, qstr table, module dict) for nothing
    code = ("import sys; import engine.bot_backalley, engine.backalley, engine.bots; "
            "print(sorted(m for m in sys.modules if m.startswith('engine.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    assert "engine.cards" not in out and "engine.rng" not in out, out


def test_a_new_back_alley_game_deals_without_testing_every_card_code(monkeypatch):
    # _deal and rebuild walk the 54-card deck constant, not the 67 codes through is_card()
    from engine import backalley, backalley_rules
    calls = [0]
    real = backalley_rules.__dict__.get("is_card") or backalley.is_card

    def counted(c):
        calls[0] += 1
        return real(c)
    for m in (backalley, backalley_rules):
        monkeypatch.setattr(m, "is_card", counted, raising=False)
    g = backalley.BackAlley(7, 25, False)
    assert g.start() == 0
    assert calls[0] == 0
    assert g.undealt_n == 54 - 4 * g.cards_per_hand - 1 - (g.discarded != 0)
    assert sorted(list(g.hands[13 * p + i] for p in range(4) for i in range(g.hand_n[p]))
                  + [g.upcard] + list(g.undealt[:g.undealt_n])
                  + ([g.discarded] if g.discarded else [])) == list(backalley_rules._DECK)


def _step(d, key=None):
    d.hw.vclock += 20
    if key:
        d.hw.inject(KEYS[key])
    d.app.step(d.hw.now_ms(), d.hw.poll())
    drew = d.app.dirty
    if drew:
        d.app.dirty = False
        d.hw.refresh()
    return drew


def test_the_poll_that_starts_back_alley_draws_and_does_not_think(tmp_path):
    # the whole table reaches the screen first (as a key's answer does): the bot begins
    # (a computer's bid, or your hint's search) in the next poll
    d = Driver(tmp_path / "s.bin", seed=5)
    items = d.screen.items
    while d.screen.sel != items.index("Back Alley"):
        d.press("down")
    assert _step(d, "a")  # the start: modules, bot, game, the whole table drawn
    s = d.screen
    assert d.name == "backalley"
    assert s.th == 0 and s.bot.cur is None
    _step(d)
    assert s.th != 0  # thinking from the next poll on
