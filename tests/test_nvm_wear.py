"""Flash wear: whole headless games of both kinds (the player's moves from the hint) stay in
the erase budget of issue 7 (tools/nvm_wear.py prints the figures over many games)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import nvm_wear  # noqa: E402
import app as app_mod  # noqa: E402


def test_alleycat_to_44_within_6_erases():
    for seed, think, speed in ((1, 0, None), (2, 5000, 0)):
        erases, keys, minutes, a = nvm_wear.play_game(1, seed, think, speed)
        g = a.screen.g
        assert g.target == 44 and max(g.score(0), g.score(1)) >= 44  # a whole game
        assert a.saved == 0 and a.stat(1, 1, app_mod.ST_PLAYED) == 1
        assert 2 <= erases <= nvm_wear.BUDGET[1], (seed, think, erases)


def test_backalley_25_deals_within_30_erases():
    """Played slowly (slow computer, 5 s per move of the player: about 40 virtual minutes),
    so that the timed saves come in on top of the deal starts, up to their cap. (At the
    default pace a game costs its 26 forced writes: tools/nvm_wear.py.)"""
    erases, keys, minutes, a = nvm_wear.play_game(2, 4, 5000, 0)
    g = a.screen.g
    assert g.deals == 25 and g.deal_number == 24  # a whole 25-deal game
    assert minutes > 30
    # new game + 24 deal starts + game over, and some timed saves, within the budget
    assert 26 < erases <= nvm_wear.BUDGET[2], erases
