"""docs/ENGINE_API.md names only what the engine has: every `NAME = value` constant it gives
exists with that value in a game module (or engine/common.py for the load codes), every
`g.name` is an attribute of a started game of the kind(s) the page documents it for, and
every phase name of the original contract exists."""
import os
import re

from engine import alleycat, backalley, cards, common
from engine.bots import Bot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "docs", "ENGINE_API.md"), encoding="utf-8") as f:
    PAGE = f.read()
SPANS = re.findall(r"`([^`\n]+)`", PAGE)


def games():
    a = alleycat.AlleyCat(5)
    a.start()
    b = backalley.BackAlley(5)
    b.start()
    return a, b


def test_constants_have_the_values_the_page_gives():
    seen = 0
    for span in SPANS:
        m = re.fullmatch(r"([A-Z][A-Z_]+) = (0x[0-9A-Fa-f]+|\d+)", span)
        if not m:
            continue
        name, value = m.group(1), int(m.group(2), 0)
        homes = [mod for mod in (alleycat, backalley, cards, common) if hasattr(mod, name)]
        assert homes, "%s is not in the engine" % name
        assert all(getattr(mod, name) == value for mod in homes), span
        seen += 1
    assert seen >= 15, seen


def test_game_attributes_exist():
    a, b = games()
    names = set(re.findall(r"\bg\.([a-z_]+)", PAGE))
    assert len(names) >= 20, names
    for n in sorted(names):
        assert hasattr(a, n) or hasattr(b, n), "g.%s is in neither game" % n
    # the per-game ones, where the page says whose they are
    for n in ("target", "as_captured", "stock_size", "score", "round_points", "last_points",
              "last_drawer", "last_drawn", "is_consistent"):
        assert hasattr(a, n), n
    for n in ("deals", "strict", "discarded", "rebuild", "deal_number", "cards_per_hand",
              "upcard", "trump", "redeals", "bid", "board_level", "tricks", "team_score",
              "hand_points"):
        assert hasattr(b, n), n


def test_what_the_page_says_about_the_contract():
    assert "`PHASE_IDLE = 0`" in PAGE
    assert alleycat.AlleyCat(1).phase == alleycat.PHASE_IDLE == 0  # "(before `start`)"
    assert "GAME_ID" in vars(alleycat.AlleyCat) and "GAME_ID" in vars(backalley.BackAlley)
    assert (alleycat.AlleyCat.GAME_ID, backalley.BackAlley.GAME_ID) == (1, 2)
    b = backalley.BackAlley(1)
    assert (b.phase, b.turn, b.started) == (backalley.PHASE_BID, -1, False)
    assert [backalley.BackAlley(0, deals=d).deals for d in (24, 2, 0, 99)] == [25, 3, 1, 25]
    bot = Bot(2, 0, alleycat.AlleyCat)
    a, g = games()
    assert bot.choose(g) == 0 and bot.choose(a) != 0  # the other game's brain is not built
    assert alleycat.rank_index(0x31) == 0 and alleycat.rank_index(0x0D) == 26
    assert alleycat.rank_index(0x25) == 255
