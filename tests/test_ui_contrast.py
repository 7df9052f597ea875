"""Every text the program shows is readable and clear of everything else, on every screen
the harness reaches: computed from gfx's text lines (position, length, colour, the glyph
tiles they show) and the canvas under them, not judged by eye.

For each visible text line:
- on screen: its character cells lie inside 160 x 128;
- contrast: every glyph pixel has a WCAG contrast >= 4.5:1 against the canvas pixel under it;
- clear: the glyphs' bounding box grown by 1 px covers one canvas colour only (no card,
  border, icon or panel edge touches the text; gfx's inline suit chips are part of the text);
- apart: no two lines' glyph boxes intersect.
The screens: title, settings, statistics, rules pages, pause, both tables through whole
games (bidding, play, refusals, hints, finished tricks, summaries, redeals), the panels
(last trick, score sheet, round / deal over, game over).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import re

import pytest  # noqa: E402

from test_ui_play import Driver, app_mod, gfx, COLORS, KEYS  # noqa: E402
from engine import alleycat as AC  # noqa: E402
from engine import backalley as BA  # noqa: E402

MIN_CONTRAST = 4.5


def _lin(v):
    v /= 255.0
    return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    return 0.2126 * _lin((rgb >> 16) & 255) + 0.7152 * _lin((rgb >> 8) & 255) + \
        0.0722 * _lin(rgb & 255)


def contrast(a, b):
    la = luminance(a)
    lb = luminance(b)
    if la < lb:
        la, lb = lb, la
    return (la + 0.05) / (lb + 0.05)


_ink_cache = {}


def glyph_ink(tile):
    """(dx, dy) of the set pixels of one glyph tile of gfx's font sheet."""
    r = _ink_cache.get(tile)
    if r is None:
        fs = gfx.font_sheet
        w = gfx.FW
        per_row = fs.width // w
        ox = (tile % per_row) * w
        oy = (tile // per_row) * gfx.FH
        r = [(x, y) for y in range(gfx.FH) for x in range(w) if fs[ox + x, oy + y]]
        _ink_cache[tile] = r
    return r


def text_boxes():
    """The visible text lines: (line, text cells box, glyph pixels, colour, chip boxes)."""
    out = []
    for i, t in enumerate(gfx.labels):
        n = gfx.llen[i]
        if t.hidden or n == 0:
            continue
        ink = []
        for k in range(n):
            tile = gfx.shown[i * gfx.LW + k]
            for dx, dy in glyph_ink(tile):
                ink.append((t.x + k * gfx.FW + dx, t.y + dy))
        chips = []
        if gfx.chip[i]:  # gfx.text's inline suit chip: 9x9 in cells chip-1 and chip
            chips.append((t.x + (gfx.chip[i] - 1) * gfx.FW + 1, t.y + 2, 9, 9))
        if not ink and not chips:
            continue
        out.append((i, (t.x, t.y, n * gfx.FW, gfx.FH), ink, t.pixel_shader[1], chips))
    return out


def problems(where=""):
    """Every rule broken on the current screen, as readable strings."""
    cw = gfx.W
    cv = gfx.canvas
    pix = [cv[j] for j in range(gfx.W * gfx.H)]
    out = []
    boxes = []
    for (i, (x, y, w, h), ink, col, chips) in text_boxes():
        name = "%s line %d at (%d,%d) %r" % (where, i, x, y, line_text(i))
        if x < 0 or y < 0 or x + w > gfx.W or y + h > gfx.H:
            out.append(name + ": leaves the screen")
            continue
        pts = list(ink)
        for (cx, cy, cw2, ch) in chips:
            pts.append((cx, cy))
            pts.append((cx + cw2 - 1, cy + ch - 1))
        x0 = min(p[0] for p in pts)
        x1 = max(p[0] for p in pts)
        y0 = min(p[1] for p in pts)
        y1 = max(p[1] for p in pts)
        worst = 99.0
        for (px, py) in ink:
            c = contrast(col, COLORS[pix[py * cw + px]])
            if c < worst:
                worst = c
        if worst < MIN_CONTRAST:
            out.append(name + ": contrast %.2f" % worst)
        seen = set()
        for py in range(max(y0 - 1, 0), min(y1 + 2, gfx.H)):
            for px in range(max(x0 - 1, 0), min(x1 + 2, gfx.W)):
                if any(cx <= px < cx + a and cy <= py < cy + b for (cx, cy, a, b) in chips):
                    continue
                seen.add(pix[py * cw + px])
        if len(seen) > 1:
            out.append(name + ": touches another element (colours %s)" % sorted(seen))
        boxes.append((name, x0, y0, x1, y1))
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            p = boxes[a]
            q = boxes[b]
            if p[1] <= q[3] and q[1] <= p[3] and p[2] <= q[4] and q[2] <= p[4]:
                out.append(p[0] + " overlaps " + q[0])
    return out


def line_text(i):
    """The characters line i shows (for messages)."""
    inv = {}
    for c in range(95):
        inv.setdefault(gfx.fmap[c], chr(32 + c))
    o = i * gfx.LW
    return "".join(inv.get(gfx.shown[o + k], "?") for k in range(gfx.llen[i]))


# Known and left for a follow-up (issue 8 closing note): the list menus' 11-px row pitch
# leaves no 1-px ring between a line's ink and the selection bar; the rules title sits 1 px
# over its underline; the score sheet's header row touches its rule. Contrast and overlaps
# are not excused: only these "touches" on these screens.
KNOWN_TOUCHES = re.compile(
    r"^((title|settings) line \d+ .*touches another element \(colours \[5, 7\]\)"
    r"|rules p\d+ line 0 .*touches another element \(colours \[7, 8\]\)"
    r"|score sheet line 1 .*touches another element \(colours \[8, 11\]\))$")


class Checker:
    """Collects problems over many screens (each distinct problem once)."""

    def __init__(self):
        self.found = {}  # on the tables
        self.panels = {}  # on the menus and full-screen panels (sheets)
        self.screens = 0

    def __call__(self, d, tag=""):
        self.screens += 1
        where = tag or d.name
        scr = d.screen
        g = getattr(scr, "g", None)
        table = g is not None and not scr.overlay and \
            (scr.hold_until >= 0 or g.phase < scr.PHASE_OVER)
        for p in problems(where):
            key = p.split(" at ")[0] + p.split(")", 1)[-1]
            (self.found if table else self.panels).setdefault(key, p)

    def report(self, panels=False):
        return "\n".join(sorted((self.panels if panels else self.found).values()))

    def verdict(self):
        """Every screen must be clean: the tables and the menus / full-screen panels, but for
        the known 1-px touches in KNOWN_TOUCHES (any other finding fails)."""
        assert not self.found, self.report()
        left = [p for p in self.panels.values() if not KNOWN_TOUCHES.match(p)]
        assert not left, "menus / panels:\n" + "\n".join(sorted(left))


def step_clock(d, ms, check, every=100):
    """Run the virtual clock ms without keys, checking the screen every `every` ms."""
    t = 0
    while t < ms:
        d.hw.vclock += 20
        d.app.step(d.hw.now_ms(), 0)
        t += 20
        if t % every == 0 and d.app.dirty:
            d.app.dirty = False
            check(d, d.name + "@clock")


def menus_walk(d, check):
    check(d, "title")
    for item in ("Statistics", "Settings"):
        d.menu_to(item)
        check(d)
        for _ in range(12):
            d.press("down")
            check(d)
            d.press("right")
            check(d)
        d.press("b")
    d.menu_to("Rules")
    for _ in range(d.screen.count()):
        check(d, "rules p%d" % d.screen.page)
        d.press("right")
    d.press("b")


def play_backalley(d, check, max_keys=900, refuse=True):
    """Bids, plays, hints, refusals, panels, pause and the clock's moments in between."""
    buf = bytearray(16)
    keys = 0
    k = 0
    while keys < max_keys:
        scr = d.screen
        g = scr.g
        check(d)
        keys += 1
        k += 1
        if g.phase == BA.PHASE_GAME_OVER:
            return True
        if g.phase == BA.PHASE_HAND_OVER:
            d.press("select")
            check(d, "last trick")
            d.press("a")
            d.press("a")
            continue
        if g.phase == BA.PHASE_BID:
            for _ in range(k % 4):
                d.press("right")
                check(d, "bidding")
            if k % 5 == 0:
                d.press("up")
                check(d, "bid hint")
            d.hw.inject(KEYS["a"])
            d.app.step(d.hw.now_ms(), d.hw.poll())
            step_clock(d, 2600, check, 200)
            d.hw.settle(d.app)
            continue
        n = g.legal_moves(buf)
        legal = set(buf[:n])
        bad = [i for i in range(scr.n) if scr.hand[i] not in legal]
        if refuse and bad and k % 3 == 0:
            while scr.cur != bad[0]:
                d.press("right")
            d.press("a")
            check(d, "refused")
        if k % 4 == 0:
            d.press("up")
            check(d, "hint")
        if k % 7 == 0:
            d.press("start")
            check(d, "pause")
            d.press("down")
            d.press("down")
            d.press("a")  # score sheet
            check(d, "score sheet")
            d.press("b")
        if scr.hand[scr.cur] not in legal:
            d.press("up")
        d.hw.inject(KEYS["a"])
        d.app.step(d.hw.now_ms(), d.hw.poll())
        step_clock(d, 3000, check, 300)
        d.hw.settle(d.app)
    return False


def play_alleycat(d, check, max_keys=600):
    k = 0
    while k < max_keys:
        k += 1
        g = d.screen.g
        check(d)
        if g.phase == AC.PHASE_GAME_OVER:
            return True
        if g.phase == AC.PHASE_ROUND_OVER:
            d.press("a")
            continue
        if k % 4 == 0:
            d.press("up")
            check(d, "hint")
        if k % 9 == 0:
            d.press("select")
            check(d, "last trick")
            d.press("b")
            d.press("start")
            d.press("down")
            d.press("down")
            d.press("a")
            check(d, "score sheet")
            d.press("b")
        if k % 3 == 0:
            d.press("right")
        d.hw.inject(KEYS["a"])
        d.app.step(d.hw.now_ms(), d.hw.poll())
        step_clock(d, 2500, check, 250)
        d.hw.settle(d.app)
    return False


def test_contrast_menus(tmp_path):
    check = Checker()
    d = Driver(tmp_path / "s.bin", seed=3)
    menus_walk(d, check)
    assert check.screens > 40
    check.verdict()


@pytest.mark.parametrize("seed,length", [(23, 1), (7, 2), (8, 4)])
def test_contrast_backalley(tmp_path, seed, length):
    check = Checker()
    d = Driver(tmp_path / "s.bin", seed=seed)
    d.set_setting(app_mod.S_SPEED, 2)
    d.set_setting(app_mod.S_BA_LENGTH, length)
    d.menu_to("Back Alley")
    check(d, "first bid")
    finished = play_backalley(d, check, max_keys=260 if length == 1 else 900)
    if finished:
        check(d, "game over")
        d.press("a")
        check(d, "title after game")
    assert check.screens > (10 if length == 4 else 100)
    check.verdict()


@pytest.mark.parametrize("seed,captured", [(7, 0), (12, 1)])
def test_contrast_alleycat(tmp_path, seed, captured):
    check = Checker()
    d = Driver(tmp_path / "s.bin", seed=seed)
    d.set_setting(app_mod.S_SPEED, 2)
    d.set_setting(app_mod.S_AC_TARGET, 0)
    d.set_setting(app_mod.S_AC_SCORING, captured)
    d.menu_to("Alley Cat")
    assert play_alleycat(d, check)
    check(d, "game over")
    d.press("a")
    assert check.screens > 10
    check.verdict()
