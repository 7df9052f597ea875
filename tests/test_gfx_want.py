"""gfx.want, which collects the rectangles refresh() repaints, joins them by its rule: a
new rectangle (clipped to the screen; empty ones dropped) goes into the one whose join adds
the fewest pixels, or gets a place of its own while there are fewer than 4 and the best
join would add more than 600 pixels. want() is written with tests instead of min() / max()
(a builtin's call costs more on the board than a test); here it is held to the rule written
plainly, over random sequences of rectangles like a table's (cards, lines, panels, ones
partly off the screen, ones inside others). Once the whole screen is wanted (a new screen's
clear()), the next rectangles change nothing until refresh(): all of it is repainted."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from test_ui_play import gfx  # noqa: E402


def rule(rects, x, y, w, h):
    m = min(x + w, 160)
    n = min(y + h, 128)
    x = max(x, 0)
    y = max(y, 0)
    if m <= x or n <= y:
        return False
    whole = (m - x) * (n - y) == 160 * 128
    best = None
    for j, (p, q, r, s) in enumerate(rects):
        c = (max(m, r) - min(x, p)) * (max(n, s) - min(y, q)) - (m - x) * (n - y) - \
            (r - p) * (s - q)
        if best is None or c < best[1]:
            best = (j, c)
    if best is None or (len(rects) < 4 and best[1] > 600):
        rects.append((x, y, m, n))
    else:
        p, q, r, s = rects[best[0]]
        rects[best[0]] = (min(x, p), min(y, q), max(m, r), max(n, s))
    return whole


def one(rnd):
    k = rnd.randrange(6)
    if k == 0:  # a hand card, raised or not
        return (rnd.randrange(0, 150), rnd.choice((98, 103)), 17, 24)
    if k == 1:  # a text line's chip, a frame's side
        return (rnd.randrange(-4, 160), rnd.randrange(-4, 128), rnd.randrange(0, 10),
                rnd.randrange(0, 10))
    if k == 2:  # a band across the screen
        return (0, rnd.randrange(0, 120), 160, rnd.randrange(1, 40))
    if k == 3:  # anything, partly off the screen
        return (rnd.randrange(-40, 170), rnd.randrange(-40, 140), rnd.randrange(0, 200),
                rnd.randrange(0, 160))
    if k == 4 and rnd.randrange(8) == 0:  # a new screen (clear())
        return (0, 0, 160, 128)
    return (72, 49, 17, 24)  # the same place again


def test_want_joins_by_its_rule():
    rnd = random.Random(15)
    d = gfx.dirty
    joined = kept = wholes = 0
    for _ in range(3000):
        d[gfx._N] = 0
        gfx.live[gfx._DONE] = 0  # (refresh() does both)
        rects = []
        whole = False
        for _ in range(rnd.randrange(1, 16)):
            r = one(rnd)
            gfx.want(*r)
            if not whole:
                whole = rule(rects, *r)
                wholes += whole
            got = [tuple(d[j:j + 4]) for j in range(0, 4 * d[gfx._N], 4)]
            assert got == rects, (r, got, rects)
        joined += len(rects) == 4
        kept += len(rects) == 1
    d[gfx._N] = 0
    gfx.live[gfx._DONE] = 0
    # (each way of the rule was met)
    assert joined > 100 and kept > 100 and wholes > 100, (joined, kept, wholes)
