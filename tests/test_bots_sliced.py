"""Sliced thinking (so that keys stay live while a computer thinks): Bot.begin(game), then Bot.think(work) until True, makes the
same move (and gives the same reason) as one uninterrupted choose() with the same seed, for
both games, every level and any slice size; each slice does a bounded amount of search."""
import pytest

from engine.alleycat import AlleyCat
from engine.backalley import BackAlley
from engine.bots import Bot
from engine.rng import Rng

SLICES = (1, 3, 40, 0, 1 << 20)  # 0: the bot's own slice (bot.slice)


def positions(kind, games, seed0):
    """(game, copy) at every decision of seeded games driven by random legal moves; the copy
    is the same position for a second bot (a copy made through save/load)."""
    rng = Rng(seed0 + 1)
    buf = bytearray(16)
    for s in range(seed0, seed0 + games):
        if kind == 1:
            g = AlleyCat(seed=s, target=22 if s % 3 == 0 else 44, as_captured=s % 2 == 1)
        else:
            g = BackAlley(seed=s, deals=7 if s % 2 else 25)
        g.start()
        while g.phase != 3:
            if g.turn < 0:
                if kind == 1:
                    g.next_round()
                else:
                    g.next_deal()
                continue
            yield g
            n = g.legal_moves(buf)
            assert g.play(buf[rng.below(n)]) == 0


def sliced(bot, g, work):
    """The move and reason by begin + think(work) until done, and the number of slices."""
    bot.begin(g)
    k = 1
    while not bot.think(work or bot.slice):
        k += 1
        assert k < 200000
    return bot.move, bot.reason, k


@pytest.mark.parametrize("kind,games", [(1, 6), (2, 2)])
def test_sliced_thinking_makes_the_same_move_as_choose(kind, games):
    whole = [Bot(lv, 500 + lv) for lv in range(3)]
    parts = [Bot(lv, 500 + lv) for lv in range(3)]
    checked = [0, 0, 0]
    many = 0  # Hard decisions that took several slices of the bot's own size
    for i, g in enumerate(positions(kind, games, 40)):
        for lv in range(3):
            m = whole[lv].choose(g)
            why = whole[lv].reason
            # every slice size on a share of the positions (Hard is slow under CPython)
            for work in (SLICES if lv < 2 or i % 4 == 0 else SLICES[i % 3::3]):
                got, reason, k = sliced(parts[lv], g, work)
                assert (got, reason) == (m, why), (kind, lv, work, i)
                if lv == 2 and work == 0 and k >= 5:
                    many += 1
                checked[lv] += 1
    assert min(checked) >= 150, checked
    assert many >= 20  # the Hard search really was cut into slices


def test_a_slice_does_a_bounded_amount_of_search():
    # Alley Cat: simulated tricks (brain.steps); Back Alley: simulated card plays (brain.work).
    # A slice stops at the first piece boundary past its work: at most one playout beyond.
    for kind in (1, 2):
        bot = Bot(2, 3)
        brain = bot.ac if kind == 1 else bot.ba
        over = 14 if kind == 1 else 2 * 52 + 16
        slices = 0
        for i, g in enumerate(positions(kind, 1, 70)):
            if i % 3:
                continue
            bot.begin(g)
            while True:
                before = brain.steps if kind == 1 else brain.work
                done = bot.think(bot.slice)
                after = brain.steps if kind == 1 else brain.work
                assert after - before <= bot.slice + over, (kind, i, after - before)
                slices += 1
                if done:
                    break
        assert slices > 100, slices


def test_the_view_is_read_at_begin():
    # begin() copies what the seat sees: the game may move on while the bot thinks
    for kind in (1, 2):
        bot = Bot(2, 9)
        for i, g in enumerate(positions(kind, 1, 90)):
            if i % 5 or i > 60:
                continue
            c = (AlleyCat if kind == 1 else BackAlley)(seed=1)
            c.copy_from(g)
            bot.begin(g)
            bot.think(1)
            buf = bytearray(16)
            g.play(buf[g.legal_moves(buf) - 1])  # the position changes under the thinking bot
            while not bot.think(5):
                pass
            assert bot.move == Bot(2, 9).choose(c), (kind, i)
            g.copy_from(c)


def test_level_and_seed_may_change_between_decisions():
    # the front end's one bot plays the computers at their level and searches the hint (Hard)
    one = Bot(0, 1)
    for kind in (1, 2):
        for i, g in enumerate(positions(kind, 1, 120)):
            if i % 7:
                continue
            for lv, seed in ((2, 77), (0, 5), (1, 6), (2, 78)):
                one.level = lv
                one.seed = seed
                fresh = Bot(lv, seed)
                assert sliced(one, g, 0)[:2] == (fresh.choose(g), fresh.reason)


def test_nobody_to_move_and_the_other_games_bot():
    g = AlleyCat(seed=1)
    g.start()
    b = Bot(2, 1, BackAlley)  # a bot made for the other game
    b.begin(g)
    assert b.think(1) and b.move == 0
    h = BackAlley(seed=1)  # not started: nobody to move
    b.begin(h)
    assert b.think(1) and b.move == 0
