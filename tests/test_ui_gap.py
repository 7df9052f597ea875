"""Your card played leaves a gap in the hand: the card leaves its slot for the
trick and nothing else in the hand moves or changes until the trick is cleared; then the
hand closes up (centred again, with Alley Cat's card drawn). So a card played repaints
only its own slot, and the close-up goes with the trick cleared."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest  # noqa: E402

from test_ui_play import Driver, KEYS, gfx  # noqa: E402

GAP = 15  # GameScreen.hand[15]: your card played, drawn as a gap in its slot, else 0


def card_xy(scr, i):
    """Top-left of hand card i when not raised (Back Alley: as screen_backalley_draw.hand
    lays the hand out; the device keeps no function for it, to save its bytes)."""
    if scr.KIND == 1:
        return scr.card_xy(i)
    n = scr.n
    t = min(20, (156 - 17) // (n - 1)) if n > 1 else 0
    return (160 - (n - 1) * t - 17) // 2 + i * t, 103


def canvas_rows(y0, y1):
    c = gfx.canvas
    return [[c[x, y] for x in range(160)] for y in range(y0, y1)]


def to_my_card(d, game, moves):
    """Keys until it is your card to play, the cursor moved `moves` times to the right."""
    scr = d.screen
    for _ in range(60):
        g = scr.g
        if g.phase == scr.PHASE_PLAY and g.turn == 0 and scr.hold_until < 0 and scr.n > 2:
            break
        d.press("a")  # (a bid, the next deal, the end of a hold)
    assert scr.g.phase == scr.PHASE_PLAY and scr.g.turn == 0
    for _ in range(moves):
        d.press("right")
    for _ in range(scr.n):
        if scr.ok[scr.cur]:
            break
        d.press("right")  # (to a card you may play)


@pytest.mark.parametrize("game,seed,moves", [("Alley Cat", 3, 0), ("Alley Cat", 4, 2),
                                             ("Back Alley", 5, 1), ("Back Alley", 6, 3)])
def test_a_card_played_leaves_a_gap_until_the_trick_is_cleared(tmp_path, game, seed, moves):
    d = Driver(tmp_path / "save.bin", seed=seed)
    d.menu_to(game)
    scr = d.screen
    for trick in range(3):
        to_my_card(d, game, moves)
        i = scr.cur
        n = scr.n
        x, y = card_xy(scr, i)
        w = 22 if scr.KIND == 1 else 17
        top = y - 5  # (the selected card is raised 5 px)
        bottom = y + (30 if scr.KIND == 1 else 24)
        before = canvas_rows(top - 2, 128)
        played = scr.hand[i]
        d.hw.inject(KEYS["a"])
        d.app.step(d.hw.now_ms(), d.hw.poll())
        assert scr.g.turn != 0 or scr.hold_until >= 0, "the card was not played"
        assert scr.hand[GAP] == played and scr.n == n and scr.hand[i] == played

        after = canvas_rows(top - 2, 128)
        # every pixel of the hand's band outside the played card's slot is as it was
        moved = [(xx, yy + top - 2) for yy in range(len(after)) for xx in range(160)
                 if after[yy][xx] != before[yy][xx] and
                 not (x <= xx < x + w and top <= yy + top - 2 < bottom)]
        assert not moved, (game, trick, i, moved[:6])
        # the gap stays through the computers' cards and the trick's hold, then closes up
        held = False
        for _ in range(2000):
            if d.app.waiting_for_input():
                break
            d.hw.vclock += 20
            d.app.step(d.hw.now_ms(), 0)
            if scr.hold_until >= 0:
                held = True
                assert scr.hand[GAP] == played
        assert held
        if scr.g.phase != scr.PHASE_PLAY:
            break
        assert scr.hand[GAP] == 0 and scr.n == scr.g.hand_size(0)
        # closed up: the first card lies where a hand of n cards starts (its black or cyan edge)
        x0, y0 = card_xy(scr, 0)
        assert gfx.canvas[x0, y0 + 12] in (gfx.BLACK, 12, gfx.YELLOW), (game, trick, x0)
        assert gfx.canvas[x0 - 1, y0 + 12] == gfx.FELT, (game, trick, x0)
