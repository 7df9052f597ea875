"""Drawing only what changed gives the same picture as drawing everything.

gfx records the canvas drawing as ops, compares them with the previous frame's and repaints
only the rectangles that changed; a text line given the same text, colour and place is not
touched. After every step that drew, through whole sessions of random keys (both games,
hints, refusals, panels, pause, menus, settings, rules), the frame reached that way is
compared with a full redraw of the same state from scratch: gfx's memory of earlier frames
forgotten, the canvas scribbled over first (a pixel the full redraw does not paint would
show), every text line written afresh. The canvas pixels and the visible text lines (place,
colour, glyph tiles) must be equal."""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest  # noqa: E402

from test_ui_play import Driver, gfx  # noqa: E402

KEYS = ("left", "right", "a", "a", "a", "a", "up", "select", "down", "b", "start", "right",
        "left", "a")


def snapshot():
    labs = []
    for i, t in enumerate(gfx.labels):
        n = gfx.llen[i]
        if t.hidden or not n:
            labs.append(None)
        else:
            # every cell with a pixel on screen: the text's and the blank ones around it (a
            # glyph of an earlier text may be left only off screen: gfx.text)
            cells = [k for k in range(gfx.LW) if t.x + (k + 1) * gfx.FW > 0 and
                     t.x + k * gfx.FW < gfx.W]
            labs.append((t.x, t.y, t.pixel_shader[1], bytes(t[k] for k in cells)))
    return bytes(gfx.canvas._data), labs


def full_redraw(app):
    scr = app.screen
    for s in range(3):
        gfx.live[gfx._KEEP + s] = 0  # no op drawn before: all of them are new
    for i in range(gfx.NL):
        for k in range(gfx.LW):
            gfx.labels[i][k] = 94  # ("~" in every cell: each tile written again,
        gfx.llen[i] = gfx.LW  # the next text of the line compared over all of its cells)
        gfx.llen[gfx.NL + i] = 0
    for i in range(gfx.NL):
        gfx.lines[i] = None  # (no line's text known: each is compared tile by tile)
    gfx.canvas.fill(15)  # (index 15 is no colour the program uses)
    if getattr(scr, "msg_bad", None) is False and not gfx.labels[7].hidden and \
            gfx.labels[7].pixel_shader[1] == gfx.T_RED:
        scr.msg_bad = True  # the refusal's line is red for the frame it first shows in
    (getattr(scr, "draw_all", None) or scr.draw)()
    gfx.refresh()


class Checked(Driver):
    """The driver, comparing each step that drew with a full redraw."""

    def __init__(self, save, seed):
        Driver.__init__(self, save, fresh=True, seed=seed)
        self.checked = 0
        self.drew = 0
        step = self.app.step

        def checked_step(now, pressed):
            step(now, pressed)
            if self.app.dirty:
                self.drew += 1
                if self.drew % 2 or pressed:  # (a full redraw is slow on the desktop)
                    self.compare()

        self.app.step = checked_step

    def compare(self):
        a = snapshot()
        full_redraw(self.app)
        b = snapshot()
        self.checked += 1
        if a != b:
            diff = [i for i in range(len(a[0])) if a[0][i] != b[0][i]][:8]
            lines = [(i, x, y) for i, (x, y) in enumerate(zip(a[1], b[1])) if x != y]
            raise AssertionError("step %d on %s (%s): canvas bytes differ at %s; lines %s"
                                 % (self.checked, self.app.screen.name,
                                    self.app.state_line(), diff, lines))


@pytest.mark.parametrize("game,seed", [("Alley Cat", 3), ("Back Alley", 4), ("Back Alley", 5)])
def test_partial_frames_equal_full_redraws(tmp_path, game, seed):
    d = Checked(tmp_path / "save.bin", seed)
    d.press("down", "up", "down")
    d.menu_to(game)
    rnd = random.Random(seed)
    for _ in range(50):
        if d.name == "title":
            d.menu_to(game if rnd.random() < 0.8 else rnd.choice(d.title_items()))
            continue
        d.press(rnd.choice(KEYS))
    assert d.checked > 40, d.checked


def test_menus_settings_rules_stats(tmp_path):
    d = Checked(tmp_path / "save.bin", 9)
    for item, keys in (("Settings", ["down"] * 12 + ["right", "up", "left", "down", "a", "a",
                                                      "b"]),
                       ("Statistics", ["right", "left", "right", "b"]),
                       ("Rules", ["right"] * 9 + ["left", "b"])):
        d.menu_to(item)
        d.press(*keys)
        assert d.name == "title", d.name
    d.press("down", "down", "up")
    assert d.checked > 30, d.checked


class EveryStep(Checked):
    """Every step that drew is compared (not every other one), and the frames that kept a
    part of the last one (gfx.again(): mid-trick; gfx.again(2): the hand) are counted."""

    def __init__(self, save, seed, monkeypatch):
        self.kept = {"again": 0, "hand": 0}
        frame = [False]
        again = gfx.again
        clear = gfx.clear
        refresh = gfx.refresh

        def counted_again(k=1):
            if k == 1:
                self.kept["again"] += 1
                frame[0] = True
            again(k)

        def counted_clear(color=gfx.FELT):
            frame[0] = True
            clear(color)

        def counted_refresh():
            if frame[0] and not gfx.live[gfx._LIVE + 2]:  # a new frame that left the hand's ops alone
                self.kept["hand"] += 1
            frame[0] = False
            refresh()

        monkeypatch.setattr(gfx, "again", counted_again)
        monkeypatch.setattr(gfx, "clear", counted_clear)
        monkeypatch.setattr(gfx, "refresh", counted_refresh)
        self.seen = 0
        Checked.__init__(self, save, seed)

    def compare(self):
        self.drew = 0  # (Checked compares when the count of steps that drew is odd)
        n = self.kept["again"] + self.kept["hand"]
        if n != self.seen:  # (only these frames: a full redraw is slow on the desktop)
            self.seen = n
            Checked.compare(self)


@pytest.mark.parametrize("game,seed", [("Alley Cat", 11), ("Back Alley", 12)])
def test_frames_that_keep_parts_equal_full_redraws(tmp_path, game, seed, monkeypatch):
    """Mid-trick a move keeps the table's top part and the labels (gfx.again), and after a
    computer's move with another computer next your hand (a short step): each such frame
    equals a full redraw of the same state."""
    d = EveryStep(tmp_path / "save.bin", seed, monkeypatch)
    d.menu_to(game)
    for _ in range(40):
        scr = d.screen
        g = scr.g
        if d.name != game.replace(" ", "").lower() or g.phase == scr.PHASE_GAME_OVER:
            break
        if g.phase == scr.PHASE_OVER or g.turn == 0:
            d.press("right" if _ % 3 == 0 else "a")
        else:
            d.press("a")  # (ends a trick's hold; refused while a computer is to play)
    assert d.kept["again"] >= 20, d.kept
    if game == "Back Alley":
        # (Alley Cat has no frame that keeps the hand since your card leaves a gap: every
        # trick ends with the hand closing up, and no computer plays after another)
        assert d.kept["hand"] >= 4, d.kept
    assert d.checked >= 20, d.checked


def test_a_card_painted_whole_equals_one_painted_in_clipped_parts(tmp_path):
    """gfxpaint paints a card wholly inside the repainted rectangle with the firmware's calls
    directly (no clipping, no Python call per part: fewer board-ms); each part must land where the
    clipped path puts it: every rank and suit, selected, dimmed, a coloured edge, every size
    the tables use, painted whole and in two halves (left and right of a cut through it)."""
    import gfxpaint
    Driver(tmp_path / "save.bin", seed=1, fresh=True)  # (builds the canvas and the sprites)
    c = gfx.canvas
    r = gfxpaint.clip
    cards = [s << 4 | k for s in range(4) for k in range(1, 14)] + [0x41, 0x42]
    n = 0
    for w, h in ((17, 24), (20, 28), (22, 30)):
        for card in cards:
            for b, edge in ((0, 2), (1, 2), (2, 2), (0, 12), (2, 12)):
                pics = []
                for cut in (None, 7, 12):
                    c.fill(15)
                    parts = [(0, 160)] if cut is None else [(0, 30 + cut), (30 + cut, 160)]
                    for x0, x1 in parts:
                        r[0], r[1], r[2], r[3] = x0, 0, x1, 128
                        gfxpaint.op(3, 30, 40, w, h, card, b, edge)
                    pics.append(bytes(c._data))
                assert pics[0] == pics[1] == pics[2], (w, h, hex(card), b, edge)
                n += 1
    assert n == 3 * 54 * 5
