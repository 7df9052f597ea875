"""Everything that draws: one 160x128 canvas bitmap (16 colours), a fixed pool of text
lines on top of it, and the card art (rank and suit glyphs blitted from one small sprite
sheet built once at start-up).

Text lines are our own tiny labels: one TileGrid per line over a glyph sheet copied once
from terminalio.FONT, with a 2-colour palette; changing the text rewrites tile numbers and
changing the colour rewrites one palette entry, so text changes allocate nothing beyond the
string itself (a text-label library would build a new bitmap per change, and costs heap).
Pixel writes use an int index (bitmap[y * W + x]) so no (x, y) tuple is built.
"""
import displayio
import terminalio

try:
    import bitmaptools
except ImportError:  # stand-in environments without bitmaptools
    bitmaptools = None

W = 160
H = 128
# 11 text lines of up to 27 characters (a 160-px line is 26.7 glyph cells)
FW = 6  # glyph cell of terminalio.FONT (read at start-up)
FH = 12

# palette indices (most are used only here and appear as numbers below: every name the
# compiler sees is interned for good on the device, so this module keeps few)
FELT = 0
WHITE = 1
BLACK = 2
YELLOW = 4
NAVY = 5
DARK = 7
SKY = 8
# 3 red, 6 grey, 9 green, 10 orange, 11 panel, 12 cyan, 13 purple

COLORS = (0x0B5D1E, 0xFFFFFF, 0x000000, 0xD01010, 0xFFD800, 0x1A237E, 0x8A8A8A,
          0x101828, 0x64B5F6, 0x30D050, 0xFF8C00, 0x203040, 0x40E0E0, 0xB060E0)
# text colours (RGB for labels)
T_WHITE = 0xFFFFFF
T_YELLOW = 0xFFD800
T_GREY = 0x9A9A9A
T_GREEN = 0x60FF60
T_RED = 0xFF6060
T_CYAN = 0x80E8FF

canvas = None
labels = None  # TileGrids, one per text line (their palettes: .pixel_shader)
shown = None  # bytearray 11 x 27: the tiles each line shows (to skip unchanged ones)
llen = None  # bytearray: text length per line
font_sheet = None
fmap = None  # bytearray: tile of each printable ASCII character (index = code - 32)
sheet = None  # sprite sheet: row 0 black ranks, row 1 red ranks, row 2 suits (8x8 cells)


def init(display):
    """Build the canvas, palette, text lines and sprite sheets once; show them."""
    global canvas, labels, shown, llen, sheet, font_sheet, fmap, FW, FH
    if sheet is None:
        # Glyphs: 5x7 ranks (10 is 7 wide), 7x7 suits; 7 rows per glyph, bit 6 = leftmost
        # pixel: ranks A..K (1..13), B and L for the bloopers (14, 15), then the suits
        # clubs, diamonds, hearts, spades and the joker star. Drawn once into the sprite
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
        )
        sheet = displayio.Bitmap(128, 24, 16)
        for k in range(20):
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
    if font_sheet is None:
        # The glyph tile sheet for the text lines. CircuitPython's built-in font already
        # is one (in flash): use it. Otherwise (Blinka: one bitmap per glyph) copy the
        # printable ASCII glyphs into a 1-bit sheet once.
        f = terminalio.FONT
        b = f.get_bounding_box()
        FW = b[0]
        FH = b[1]
        fmap = bytearray(95)
        a = f.get_glyph(65)
        g = f.get_glyph(66)
        s = getattr(f, "bitmap", None)
        if a is not None and g is not None and a.bitmap is s and g.bitmap is s \
                and a.width == FW and a.height == FH:
            for c in range(32, 127):
                g = f.get_glyph(c)
                fmap[c - 32] = g.tile_index if g is not None and g.tile_index < 256 else 0
            font_sheet = s
        else:
            for i in range(95):
                fmap[i] = i
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
    llen = bytearray(11)
    shown = bytearray([fmap[0]] * (11 * 27))
    for i in range(11):
        p = displayio.Palette(2)
        p.make_transparent(0)
        p[1] = T_WHITE
        t = displayio.TileGrid(font_sheet, pixel_shader=p, width=27, height=1,
                               tile_width=FW, tile_height=FH, default_tile=fmap[0])
        t.hidden = True
        labels.append(t)
        g.append(t)
    display.root_group = g


def clear(color=FELT):
    canvas.fill(color)
    for t in labels:
        t.hidden = True


def text(i, x, y, s, color=T_WHITE, right=False, center=False):
    """Text line i shows s with its top-left at (x, y) (or its top-right / top-centre)."""
    g = labels[i]
    b = shown
    o = i * 27
    n = len(s)
    if n > 27:
        n = 27
    m = fmap
    for k in range(n if n > llen[i] else llen[i]):
        t = m[0]
        if k < n:
            c = ord(s[k]) - 32
            if 0 <= c <= 94:
                t = m[c]
        if b[o + k] != t:
            b[o + k] = t
            g[k] = t
    llen[i] = n
    p = g.pixel_shader
    if p[1] != color:
        p[1] = color
    if right:
        x -= n * FW
    elif center:
        x -= (n * FW) // 2
    if g.x != x:
        g.x = x
    if g.y != y:
        g.y = y
    g.hidden = n == 0


def hide(i):
    labels[i].hidden = True


def rect(x, y, w, h, color):
    if w <= 0 or h <= 0:
        return
    if bitmaptools is not None:
        bitmaptools.fill_region(canvas, max(x, 0), max(y, 0), min(x + w, W), min(y + h, H),
                                color)
        return
    for j in range(max(y, 0), min(y + h, H)):
        for i in range(max(x, 0), min(x + w, W)):
            canvas[j * W + i] = color


def frame(x, y, w, h, color):
    rect(x, y, w, 1, color)
    rect(x, y + h - 1, w, 1, color)
    rect(x, y, 1, h, color)
    rect(x + w - 1, y, 1, h, color)


def panel(x, y, w, h):
    rect(x, y, w, h, 11)
    frame(x, y, w, h, SKY)


def blit(a, b, x, y, w):
    """Copy the w x 7 cell at (a, b) of the sprite sheet to (x, y) (0 is transparent)."""
    if bitmaptools is not None:
        bitmaptools.blit(canvas, sheet, x, y, x1=a, y1=b, x2=a + w, y2=b + 7,
                         skip_source_index=0)
        return
    for j in range(7):
        if 0 <= y + j < H:
            for i in range(w):
                v = sheet[(b + j) * 128 + a + i]
                if v and 0 <= x + i < W:
                    canvas[(y + j) * W + x + i] = v


def card(c, x, y, w=17, h=24, sel=False, dim=False):
    """A face-up card: rank top-left, suit icon under it, a second suit icon bottom-right
    when the card is wide enough to show it."""
    rect(x + 1, y + 1, w - 2, h - 2, 6 if dim else WHITE)
    frame(x, y, w, h, YELLOW if sel else BLACK)
    if sel:
        frame(x + 1, y + 1, w - 2, h - 2, YELLOW)
    s = c >> 4
    r = c & 15
    if s == 4:
        r = 14 if r == 2 else 15
    blit(r * 8, 8 if s in (1, 2) else 0, x + 2, y + 2, 7 if r == 10 else 5)
    blit(s * 8, 16, x + 2, y + 11, 7)
    if w >= 20 and h >= 28:
        blit(s * 8, 16, x + w - 9, y + h - 9, 7)


def back(x, y, w=17, h=24):
    rect(x + 1, y + 1, w - 2, h - 2, NAVY)
    frame(x, y, w, h, WHITE)
    if w > 6 and h > 6:
        frame(x + 2, y + 2, w - 4, h - 4, SKY)


def empty_slot(x, y, w=17, h=24):
    frame(x, y, w, h, 9)
