"""Every text and every card face the program shows is readable and clear of everything else,
on every screen the harness reaches, judged on the composed frame: the RGB pixels the display
shows (displayio's rendering of canvas + text lines, RGB565 as on the ST7735R), not gfx's
palette indices or label colours.

Where things are comes from the drawing state (a text line's glyph cells; the cards given to
gfx.card since the last clear, and whether each glyph is still uncovered on the canvas);
every colour comes from the frame. For each visible text line:
- on screen: its character cells lie inside 160 x 128;
- contrast: every glyph pixel has a WCAG contrast >= 4.5:1 against the ground the line sits
  on (the commonest colour of the frame pixels in its glyph box grown by 1 px that are not
  text ink);
- clear: those pixels are one colour only (no card, border, icon or panel edge touches the
  text; gfx's inline suit chips are part of the text, their suits checked as glyphs below);
- apart: no two lines' glyph boxes intersect.
For each card glyph on screen (rank and suit): every ink pixel against the face pixels
beside it, >= 3:1 on a dimmed card (one that cannot be played now), >= 4.5:1 on any other;
each inline suit chip's ink against the chip >= 4.5:1.
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

import pygame  # noqa: E402
import pytest  # noqa: E402

from test_ui_play import Driver, app_mod, gfx, COLORS, KEYS  # noqa: E402
from engine import alleycat as AC  # noqa: E402
from engine import backalley as BA  # noqa: E402

MIN_CONTRAST = 4.5
MIN_CONTRAST_DIM = 3.0  # ink on a dimmed card face


def _lin(v):
    v /= 255.0
    return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4


def luminance(rgb):
    return 0.2126 * _lin((rgb >> 16) & 255) + 0.7152 * _lin((rgb >> 8) & 255) + \
        0.0722 * _lin(rgb & 255)


_lum = {}


def contrast(a, b):
    la = _lum.get(a)
    if la is None:
        la = _lum[a] = luminance(a)
    lb = _lum.get(b)
    if lb is None:
        lb = _lum[b] = luminance(b)
    if la < lb:
        la, lb = lb, la
    return (la + 0.05) / (lb + 0.05)


def rgb565(c):
    """c as the display shows it (5-6-5 bits, widened back as hw_desktop does)."""
    return ((((c >> 19) & 31) * 255 // 31) << 16) | ((((c >> 10) & 63) * 255 // 63) << 8) | \
        ((c >> 3) & 31) * 255 // 31


def colour_name(c):
    """A frame colour as its palette index when it is one (for messages), else hex."""
    for i, p in enumerate(COLORS):
        if rgb565(p) == c:
            return "%d" % i
    return "#%06x" % c


def _ckey(s):
    return (s[0] == "#", int(s) if s.isdigit() else 0, s)


def composed_frame(hw):
    """The frame the display shows, as a flat list of 0xRRGGBB (index y * 160 + x)."""
    hw.display.refresh()
    a = pygame.surfarray.array3d(hw.display.surface).astype("int32")  # [x][y][rgb]
    return ((a[:, :, 0] << 16) | (a[:, :, 1] << 8) | a[:, :, 2]).T.ravel().tolist()


class Cards:
    """The face-up cards drawn since the last clear: gfx.card's arguments, recorded around the
    public gfx.card / gfx.clear. Which of their glyphs are still on screen, uncovered, is read
    from the canvas (the glyph cell holds exactly the sprite's ink on the card's face); the
    colours are then read from the composed frame."""

    def __init__(self, monkeypatch):
        self.drawn = {}  # (x, y, w, h) -> (card, dim): the last card drawn there
        card, clear = gfx.card, gfx.clear

        def t_card(c, x, y, w=17, h=24, sel=False, dim=False, edge=gfx.BLACK):
            self.drawn[(x, y, w, h)] = (c, bool(dim))
            card(c, x, y, w, h, sel, dim, edge)

        def t_clear(color=gfx.FELT):
            self.drawn.clear()
            clear(color)

        monkeypatch.setattr(gfx, "card", t_card)
        monkeypatch.setattr(gfx, "clear", t_clear)
        self.checked = {False: 0, True: 0}  # glyph pixels checked on normal / dimmed faces
        self.red_dim = 0  # of those on dimmed faces: red ink
        self.chips = 0  # inline suit chips checked

    def glyphs(self, c, x, y, w, h):
        """The sprite cells gfx.card draws for card c: (sheet x, sheet y, x, y, width)."""
        s = c >> 4
        r = c & 15
        if s == 4:
            r = 14 if r == 2 else 15
        out = [(r * 8, 8 if s in (1, 2) else 0, x + 2, y + 2, 7 if r == 10 else 5),
               (s * 8, 16, x + 2, y + 11, 7)]
        if w >= 20 and h >= 28:
            out.append((s * 8, 16, x + w - 9, y + h - 9, 7))
        return out

    def problems(self, pix, where):
        """Every visible card glyph's ink against its own face, as readable strings."""
        out = []
        W = gfx.W
        cv = gfx.canvas
        sh = gfx.sheet
        red = rgb565(COLORS[3])
        for (x, y, w, h), (c, dim) in list(self.drawn.items()):
            face = 6 if dim else gfx.WHITE
            floor = MIN_CONTRAST_DIM if dim else MIN_CONTRAST
            for (a, b, gx, gy, gw) in self.glyphs(c, x, y, w, h):
                if gx < 0 or gy < 0 or gx + gw > W or gy + 7 > gfx.H:
                    continue
                ink = []
                shown = True
                for j in range(7):
                    for i in range(gw):
                        v = sh[(b + j) * 128 + a + i]
                        q = (gy + j) * W + gx + i
                        if cv[q] != (v or face):
                            shown = False  # covered (or gone): not on screen as drawn
                        if v:
                            ink.append((gx + i, gy + j))
                if not shown:
                    continue
                worst = 99.0
                n = 0
                inked = set(ink)
                for (i, j) in ink:
                    q = j * W + i
                    for (u, v) in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
                        if gx <= u < gx + gw and gy <= v < gy + 7 and (u, v) not in inked:
                            n += 1
                            r = contrast(pix[q], pix[v * W + u])
                            if r < worst:
                                worst = r
                            if dim and pix[q] == red:
                                self.red_dim += 1
                self.checked[dim] += n
                if worst < floor:
                    out.append("%s %s card %02x glyph at (%d,%d): contrast %.2f" % (
                        where, "dimmed" if dim else "face-up", c, gx, gy, worst))
        return out


def chip_problems(pix, chips, where):
    """An inline suit chip: its suit's ink against the chip (the colour of its corner)."""
    out = []
    W = gfx.W
    for (cx, cy, a, b) in chips:
        ground = pix[cy * W + cx]
        worst = 99.0
        for j in range(cy + 1, cy + b - 1):
            for i in range(cx + 1, cx + a - 1):
                f = pix[j * W + i]
                if f != ground:
                    worst = min(worst, contrast(f, ground))
        if worst == 99.0 or worst < MIN_CONTRAST:  # (no ink at all: the suit is invisible)
            out.append("%s chip at (%d,%d): contrast %.2f" % (
                where, cx, cy, 1.0 if worst == 99.0 else worst))
    return out

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
    """Where the visible text lines are: (line, text cells box, glyph pixels, chip boxes)."""
    out = []
    for i, t in enumerate(gfx.labels):
        n = gfx.llen[i]
        if t.hidden or n == 0:
            continue
        ink = []
        r = gfx.llen[gfx.NL + i]  # the cell the text starts at (the rest is off screen)
        x = t.x + r * gfx.FW
        for k in range(n):
            tile = t[r + k]
            for dx, dy in glyph_ink(tile):
                ink.append((x + k * gfx.FW + dx, t.y + dy))
        chips = []
        if gfx.chip[i]:  # gfx.text's inline suit chip: 9x9 in cells chip-1 and chip
            chips.append((x + (gfx.chip[i] - 1) * gfx.FW + 1, t.y + 2, 9, 9))
        if not ink and not chips:
            continue
        out.append((i, (x, t.y, n * gfx.FW, gfx.FH), ink, chips))
    return out


def problems(hw, cards, where=""):
    """Every rule broken on the current screen, as readable strings."""
    cw = gfx.W
    pix = composed_frame(hw)
    out = []
    boxes = []
    lines = text_boxes()
    text_ink = set()  # every line's ink: the rings below look for anything else
    for line in lines:
        text_ink.update(line[2])
    for (i, (x, y, w, h), ink, chips) in lines:
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
        fg = set(pix[py * cw + px] for (px, py) in ink)
        bg = {}
        for py in range(max(y0 - 1, 0), min(y1 + 2, gfx.H)):
            for px in range(max(x0 - 1, 0), min(x1 + 2, gfx.W)):
                if (px, py) in text_ink or \
                        any(cx <= px < cx + a and cy <= py < cy + b for (cx, cy, a, b) in chips):
                    continue
                c = pix[py * cw + px]
                bg[c] = bg.get(c, 0) + 1
        if not bg:
            continue
        ground = max(bg, key=bg.get)  # what the line sits on
        worst = min([contrast(f, ground) for f in fg] or [99.0])
        if worst < MIN_CONTRAST:
            out.append(name + ": contrast %.2f" % worst)
        out += chip_problems(pix, chips, name)
        cards.chips += len(chips)
        if len(bg) > 1:
            out.append("%s: touches another element (colours [%s])" % (
                name, ", ".join(sorted((colour_name(c) for c in bg), key=_ckey))))
        boxes.append((name, x0, y0, x1, y1))
    for a in range(len(boxes)):
        for b in range(a + 1, len(boxes)):
            p = boxes[a]
            q = boxes[b]
            if p[1] <= q[3] and q[1] <= p[3] and p[2] <= q[4] and q[2] <= p[4]:
                out.append(p[0] + " overlaps " + q[0])
    return out + cards.problems(pix, where)


def line_text(i):
    """The characters line i shows (for messages)."""
    inv = {c: chr(32 + c) for c in range(95)}  # (tile c is character c + 32: gfxinit)
    o = gfx.llen[gfx.NL + i]
    return "".join(inv.get(gfx.labels[i][o + k], "?") for k in range(gfx.llen[i]))


# Known and left for a follow-up: the list menus' 11-px row pitch
# leaves no 1-px ring between a line's ink and the selection bar; the rules title sits 1 px
# over its underline; the score sheet's header row touches its rule. Contrast and overlaps
# are not excused: only these "touches" on these screens.
KNOWN_TOUCHES = re.compile(
    r"^((title|settings) line \d+ .*touches another element \(colours \[5, 7\]\)"
    r"|rules p\d+ line 0 .*touches another element \(colours \[7, 8\]\)"
    r"|score sheet line 1 .*touches another element \(colours \[8, 11\]\))$")


class Checker:
    """Collects problems over many screens (each distinct problem once)."""

    def __init__(self, monkeypatch):
        self.cards = Cards(monkeypatch)
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
        for p in problems(d.hw, self.cards, where):
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


def test_contrast_menus(tmp_path, monkeypatch):
    check = Checker(monkeypatch)
    d = Driver(tmp_path / "s.bin", seed=3)
    menus_walk(d, check)
    assert check.screens > 40
    check.verdict()


@pytest.mark.parametrize("seed,length", [(23, 1), (7, 2), (8, 4)])
def test_contrast_backalley(tmp_path, monkeypatch, seed, length):
    check = Checker(monkeypatch)
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
    if length != 4:  # the faces were looked at, dimmed ones with red ink among them
        assert check.cards.checked[False] > 1000 and check.cards.red_dim > 100 and \
            check.cards.chips > 10, (check.cards.checked, check.cards.red_dim, check.cards.chips)


@pytest.mark.parametrize("seed,captured", [(7, 0), (12, 1)])
def test_contrast_alleycat(tmp_path, monkeypatch, seed, captured):
    check = Checker(monkeypatch)
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
    assert check.cards.checked[False] > 1000, check.cards.checked  # (nothing dims here)
