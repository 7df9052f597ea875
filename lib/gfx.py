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
NLABELS = 11
MAXCH = 27  # characters per text line
FW = 6  # glyph cell of terminalio.FONT (read at start-up)
FH = 12

# palette indices
FELT = 0
WHITE = 1
BLACK = 2
RED = 3
YELLOW = 4
NAVY = 5
GREY = 6
DARK = 7
SKY = 8
GREEN = 9
ORANGE = 10
PANEL = 11
CYAN = 12
PURPLE = 13

COLORS = (0x0B5D1E, 0xFFFFFF, 0x000000, 0xD01010, 0xFFD800, 0x1A237E, 0x8A8A8A,
          0x101828, 0x64B5F6, 0x30D050, 0xFF8C00, 0x203040, 0x40E0E0, 0xB060E0)
# text colours (RGB for labels)
T_WHITE = 0xFFFFFF
T_YELLOW = 0xFFD800
T_GREY = 0x9A9A9A
T_GREEN = 0x60FF60
T_RED = 0xFF6060
T_CYAN = 0x80E8FF

# ---- glyphs: 5x7 ranks (10 is 7 wide), 7x7 suits -------------------------------------
# 7 rows per glyph, bit 6 = leftmost pixel: ranks A..K (1..13), B and L for the bloopers
# (14, 15), then the suits clubs, diamonds, hearts, spades and the joker star.
_GLYPHS = (
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

canvas = None
palette = None
labels = None  # TileGrids, one per text line
lpals = None  # their palettes
ltiles = None  # bytearray per line: the tiles shown (to skip unchanged ones)
llen = None  # bytearray: text length per line
font_sheet = None
fmap = None  # bytearray: tile of each printable ASCII character (index = code - 32)
group = None
sheet = None  # sprite sheet: row 0 black ranks, row 1 red ranks, row 2 suits (8x8 cells)


def _build_sheet():
    """Draw every glyph once into the sprite sheet (8x8 cells), then forget the bit data."""
    global sheet, _GLYPHS
    sheet = displayio.Bitmap(16 * 8, 3 * 8, 16)
    sw = 16 * 8
    g = _GLYPHS
    for k in range(20):
        if k < 15:
            cx = (k + 1) * 8
            cols = ((0, BLACK), (8, RED))
        else:
            s = k - 15
            cx = s * 8
            cols = ((16, RED if s in (1, 2) else (PURPLE if s == 4 else BLACK)),)
        for y in range(7):
            row = g[k * 7 + y]
            for x in range(7):
                if row & (64 >> x):
                    for cy, col in cols:
                        sheet[(cy + y) * sw + cx + x] = col
    _GLYPHS = None


def _build_font():
    """The glyph tile sheet for the text lines. CircuitPython's built-in font already is
    one (in flash): use it. Otherwise (Blinka: one bitmap per glyph) copy the printable
    ASCII glyphs into a 1-bit sheet once."""
    global font_sheet, fmap, FW, FH
    font = terminalio.FONT
    bb = font.get_bounding_box()
    FW = bb[0]
    FH = bb[1]
    fmap = bytearray(95)
    ga = font.get_glyph(65)
    gb = font.get_glyph(66)
    sheet_ = getattr(font, "bitmap", None)
    if ga is not None and gb is not None and ga.bitmap is sheet_ and gb.bitmap is sheet_ \
            and ga.width == FW and ga.height == FH:
        for c in range(32, 127):
            g = font.get_glyph(c)
            fmap[c - 32] = g.tile_index if g is not None and g.tile_index < 256 else 0
        font_sheet = sheet_
        return
    for i in range(95):
        fmap[i] = i
    yoff = bb[3] if len(bb) > 3 else 0
    font_sheet = displayio.Bitmap(95 * FW, FH, 2)
    fsw = 95 * FW
    for c in range(33, 127):
        try:
            g = font.get_glyph(c)
        except (AttributeError, TypeError, ValueError):
            g = None
        if g is None:
            continue
        bm = g.bitmap
        gw = g.width
        gh = g.height
        tpr = bm.width // gw if gw else 1
        sx = (g.tile_index % tpr) * gw
        sy = (g.tile_index // tpr) * gh
        ox = (c - 32) * FW + g.dx
        oy = (FH + yoff) - (gh + g.dy)
        if oy + gh > FH:  # the bounding box did not say where the baseline is
            oy = FH - gh
        if oy < 0:
            oy = 0
        bw = bm.width
        for y in range(gh):
            ty = oy + y
            if ty < 0 or ty >= FH:
                continue
            for x in range(gw):
                tx = ox + x
                if 0 <= tx < fsw and bm[(sy + y) * bw + sx + x]:
                    font_sheet[ty * fsw + tx] = 1


def init(display):
    """Build the canvas, palette, text lines and sprite sheets once; show them."""
    global canvas, palette, labels, lpals, ltiles, llen, group
    if sheet is None:
        _build_sheet()
    if font_sheet is None:
        _build_font()
    canvas = displayio.Bitmap(W, H, 16)
    palette = displayio.Palette(16)
    for i in range(len(COLORS)):
        palette[i] = COLORS[i]
    group = displayio.Group()
    group.append(displayio.TileGrid(canvas, pixel_shader=palette))
    labels = []
    lpals = []
    ltiles = []
    llen = bytearray(NLABELS)
    for i in range(NLABELS):
        p = displayio.Palette(2)
        p.make_transparent(0)
        p[1] = T_WHITE
        tg = displayio.TileGrid(font_sheet, pixel_shader=p, width=MAXCH, height=1,
                                tile_width=FW, tile_height=FH, default_tile=fmap[0])
        tg.hidden = True
        lpals.append(p)
        labels.append(tg)
        tiles = bytearray(MAXCH)
        for k in range(MAXCH):
            tiles[k] = fmap[0]
        ltiles.append(tiles)
        group.append(tg)
    display.root_group = group


def clear(color=FELT):
    canvas.fill(color)
    for tg in labels:
        tg.hidden = True


def text(i, x, y, s, color=T_WHITE, right=False, center=False):
    """Text line i shows s with its top-left at (x, y) (or its top-right / top-centre)."""
    tg = labels[i]
    tiles = ltiles[i]
    n = len(s)
    if n > MAXCH:
        n = MAXCH
    old = llen[i]
    fm = fmap
    for k in range(n if n > old else old):
        t = fm[0]
        if k < n:
            c = ord(s[k]) - 32
            if 0 <= c <= 94:
                t = fm[c]
        if tiles[k] != t:
            tiles[k] = t
            tg[k] = t
    llen[i] = n
    p = lpals[i]
    if p[1] != color:
        p[1] = color
    if right:
        x -= n * FW
    elif center:
        x -= (n * FW) // 2
    if tg.x != x:
        tg.x = x
    if tg.y != y:
        tg.y = y
    tg.hidden = n == 0


def hide(i):
    labels[i].hidden = True


def rect(x, y, w, h, color):
    if w <= 0 or h <= 0:
        return
    if bitmaptools is not None:
        x2 = x + w
        y2 = y + h
        bitmaptools.fill_region(canvas, max(x, 0), max(y, 0), min(x2, W), min(y2, H), color)
        return
    for yy in range(max(y, 0), min(y + h, H)):
        base = yy * W
        for xx in range(max(x, 0), min(x + w, W)):
            canvas[base + xx] = color


def frame(x, y, w, h, color):
    rect(x, y, w, 1, color)
    rect(x, y + h - 1, w, 1, color)
    rect(x, y, 1, h, color)
    rect(x + w - 1, y, 1, h, color)


def panel(x, y, w, h, color=PANEL, border=SKY):
    rect(x, y, w, h, color)
    frame(x, y, w, h, border)


def _blit(cell_x, cell_y, x, y, w):
    if bitmaptools is not None:
        bitmaptools.blit(canvas, sheet, x, y, x1=cell_x, y1=cell_y, x2=cell_x + w,
                         y2=cell_y + 7, skip_source_index=0)
        return
    sw = sheet.width
    for yy in range(7):
        if 0 <= y + yy < H:
            for xx in range(w):
                v = sheet[(cell_y + yy) * sw + cell_x + xx]
                if v and 0 <= x + xx < W:
                    canvas[(y + yy) * W + x + xx] = v


def suit_icon(suit, x, y):
    _blit(suit * 8, 16, x, y, 7)


def rank_glyph(card, x, y):
    s = card >> 4
    r = card & 15
    if s == 4:
        r = 14 if r == 2 else 15
    _blit(r * 8, 8 if s in (1, 2) else 0, x, y, 7 if r == 10 else 5)


def card(c, x, y, w=17, h=24, sel=False, dim=False):
    """A face-up card: rank top-left, suit icon under it, a second suit icon bottom-right
    when the card is wide enough to show it."""
    rect(x + 1, y + 1, w - 2, h - 2, GREY if dim else WHITE)
    frame(x, y, w, h, YELLOW if sel else BLACK)
    if sel:
        frame(x + 1, y + 1, w - 2, h - 2, YELLOW)
    rank_glyph(c, x + 2, y + 2)
    suit_icon(c >> 4, x + 2, y + 11)
    if w >= 20 and h >= 28:
        suit_icon(c >> 4, x + w - 9, y + h - 9)


def back(x, y, w=17, h=24):
    rect(x + 1, y + 1, w - 2, h - 2, NAVY)
    frame(x, y, w, h, WHITE)
    if w > 6 and h > 6:
        frame(x + 2, y + 2, w - 4, h - 4, SKY)


def empty_slot(x, y, w=17, h=24):
    frame(x, y, w, h, GREEN)
