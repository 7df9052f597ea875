"""gfx's start-up: builds the canvas, palette, text lines and sprite sheets once and
stores them in gfx (run by app.App, then dropped: its code is not needed afterwards)."""
import displayio
from array import array

try:
    import terminalio
except ImportError:
    # CircuitPython's Japanese, Korean and Russian builds for these boards leave terminalio
    # out (no room for its font): say what to do instead of a bare traceback, and stop.
    print("Alley Cat & Back Alley needs CircuitPython's terminalio font, which the "
          "Japanese, Korean and Russian (ja/ko/ru) builds leave out. Install the English "
          "(en_US) CircuitPython build for this board from circuitpython.org, then reset.")
    raise SystemExit(1)

import gfx
import gfxpaint
from gfx import W, H, BLACK, T_WHITE
from buttons import const

_TOP = const(13)  # gfx.live's offset: +3, the end of the ops (the same number as gfx's)

# Card ink (3 red, 13 purple) >= 4.5:1 on a white face and >= 3:1 on the dimmed face (6)
# as the display shows them (tests/test_ui_contrast.py).
COLORS = (0x0B5D1E, 0xFFFFFF, 0x000000, 0xB00000, 0xFFD800, 0x1A237E, 0xB0B0B0,
          0x101828, 0x64B5F6, 0x30D050, 0xFF8C00, 0x203040, 0x40E0E0, 0x8030B0)


def init(display):
    """Build the canvas, palette, text lines and sprite sheets once; show them."""
    sheet = gfx.sheet
    if sheet is None:
        # Glyphs: 5x7 ranks (10 is 7 wide), 7x7 suits; 7 rows per glyph, bit 6 = leftmost
        # pixel: ranks A..K (1..13), B and L for the bloopers (14, 15), then the suits
        # clubs, diamonds, hearts, spades, the joker star and the dealer's "D" (5 wide, 6
        # high). Drawn once into the sprite
        # sheet (8x8 cells); the bytes are not kept.
        g = (
            b"\x38\x44\x44\x7c\x44\x44\x44\x38\x44\x04\x18\x20\x40\x7c"
            b"\x78\x04\x04\x38\x04\x04\x78\x08\x18\x28\x48\x7c\x08\x08"
            b"\x7c\x40\x78\x04\x04\x44\x38\x38\x40\x40\x78\x44\x44\x38"
            b"\x7c\x04\x08\x10\x20\x20\x20\x38\x44\x44\x38\x44\x44\x38"
            b"\x38\x44\x44\x3c\x04\x04\x38\x26\x69\x29\x29\x29\x29\x76"
            b"\x1c\x08\x08\x08\x08\x48\x30\x38\x44\x44\x44\x54\x48\x34"
            b"\x44\x48\x50\x60\x50\x48\x44\x78\x44\x44\x78\x44\x44\x78"
            b"\x40\x40\x40\x40\x40\x40\x7c\x1c\x1c\x6b\x7f\x6b\x08\x1c"
            b"\x08\x1c\x3e\x7f\x3e\x1c\x08\x36\x7f\x7f\x7f\x3e\x1c\x08"
            b"\x08\x1c\x3e\x7f\x7f\x08\x1c\x08\x08\x7f\x3e\x1c\x36\x22"
            b"\x78\x44\x44\x44\x44\x78\x00"
        )
        sheet = displayio.Bitmap(128, 24, 16)
        for k in range(21):
            if k < 15:
                x = (k + 1) * 8
                c = ((0, BLACK), (8, 3))
            else:
                s = k - 15
                x = s * 8
                c = ((16, 3 if s in (1, 2) else (13 if s == 4 else BLACK)),)
            for y in range(7):
                r = g[k * 7 + y]
                for i in range(7):
                    if r & (64 >> i):
                        for d, p in c:
                            sheet[(d + y) * 128 + x + i] = p
    font_sheet = gfx.font_sheet
    FW = gfx.FW
    FH = gfx.FH
    if font_sheet is None:
        # The glyph tile sheet for the text lines: printable ASCII in order, character c
        # tile c - 32 (gfx.text relies on it). CircuitPython's built-in font already is
        # one (in flash; shared-module/fontio/BuiltinFont.c): use it. Otherwise (Blinka:
        # one bitmap per glyph) copy those glyphs into a 1-bit sheet once.
        f = terminalio.FONT
        b = f.get_bounding_box()
        FW = b[0]
        FH = b[1]
        s = getattr(f, "bitmap", None)
        a = f.get_glyph(65)
        ok = a is not None and a.bitmap is s and a.width == FW and a.height == FH
        for c in range(32, 127):
            g = f.get_glyph(c) if ok else None
            ok = g is not None and g.bitmap is s and g.tile_index == c - 32
        if ok:
            font_sheet = s
        else:
            d = b[3] if len(b) > 3 else 0
            font_sheet = displayio.Bitmap(95 * FW, FH, 2)
            w = 95 * FW
            for c in range(33, 127):
                try:
                    g = f.get_glyph(c)
                except (AttributeError, TypeError, ValueError):
                    g = None
                if g is None:
                    continue
                m = g.bitmap
                a = g.width
                h = g.height
                p = m.width // a if a else 1
                x = (g.tile_index % p) * a
                s = (g.tile_index // p) * h
                o = (c - 32) * FW + g.dx
                k = (FH + d) - (h + g.dy)
                if k + h > FH:  # the bounding box did not say where the baseline is
                    k = FH - h
                if k < 0:
                    k = 0
                for y in range(h):
                    if 0 <= k + y < FH:
                        for i in range(a):
                            if 0 <= o + i < w and m[(s + y) * m.width + x + i]:
                                font_sheet[(k + y) * w + o + i] = 1
    canvas = displayio.Bitmap(W, H, 16)
    p = displayio.Palette(16)
    for i in range(len(COLORS)):
        p[i] = COLORS[i]
    g = displayio.Group()
    g.append(displayio.TileGrid(canvas, pixel_shader=p))
    labels = []
    llen = bytearray(3 * gfx.NL)
    for i in range(gfx.NL):
        p = displayio.Palette(2)
        p.make_transparent(0)
        p[1] = T_WHITE
        t = displayio.TileGrid(font_sheet, pixel_shader=p, width=gfx.LW, height=1,
                               tile_width=FW, tile_height=FH)
        t.hidden = True
        labels.append(t)
        g.append(t)
    display.root_group = g
    gfx.canvas = canvas
    gfx.labels = labels
    gfx.llen = llen
    gfx.chip = bytearray(gfx.NL)
    gfx.lines = [""] * gfx.NL
    gfx.buf = array("i", bytes(8 * gfx.live[_TOP + 3]))
    gfx.sheet = sheet
    gfxpaint.canvas = canvas
    gfxpaint.sheet = sheet
    gfx.font_sheet = font_sheet
    gfx.FW = FW
    gfx.FH = FH
