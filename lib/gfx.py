# Everything that draws: one 160x128 canvas bitmap (16 colours), a fixed pool of text
# lines on top of it, and the card art (rank and suit glyphs blitted from one small sprite
# sheet built once at start-up).
#
# Text lines are our own tiny labels: one TileGrid per line over a glyph sheet copied once
# from terminalio.FONT, with a 2-colour palette; changing the text rewrites tile numbers and
# changing the colour rewrites one palette entry, so text changes allocate nothing beyond the
# string itself (a text-label library would build a new bitmap per change, and costs heap).
# Pixel writes use an int index (bitmap[y * W + x]) so no (x, y) tuple is built.
try:
    import bitmaptools
except ImportError:  # stand-in environments without bitmaptools
    bitmaptools = None

W = 160
H = 128
# NL text lines of up to LW characters (a 160-px line is 26.7 glyph cells)
NL = 11
LW = 27
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

# text colours (RGB for labels)
# (each >= 4.5:1 against the felt and the panels; tests/test_ui_contrast.py computes it)
T_WHITE = 0xFFFFFF
T_YELLOW = 0xFFD800
T_GREY = 0xD0D0D0
T_GREEN = 0x60FF60
T_RED = 0xFFB4B4  # refusals: a light red (pure reds are 2.6:1 on the green felt)
T_CYAN = 0x80E8FF

canvas = None
labels = None  # TileGrids, one per text line (their palettes: .pixel_shader)
shown = None  # bytearray NL x LW: the tiles each line shows (to skip unchanged ones)
chip = None  # bytearray NL: 1 + cell of the line's inline suit chip, 0 if none
llen = None  # bytearray: text length per line
font_sheet = None
fmap = None  # bytearray: tile of each printable ASCII character (index = code - 32)
sheet = None  # sprite sheet: row 0 black ranks, row 1 red ranks, row 2 suits (8x8 cells)
# (all built once at start-up by gfxinit.init, a module dropped again after it ran)


def clear(color=FELT):
    canvas.fill(color)
    for i in range(NL):
        labels[i].hidden = True
        chip[i] = 0


def text(i, x, y, s, color=T_WHITE, right=False, center=False):
    """Text line i shows s with its top-left at (x, y) (or its top-right / top-centre).
    A character "\x01".."\x05" (clubs, diamonds, hearts, spades, joker: suit + 1) is drawn
    as a small suit chip on the canvas over two cells (the text is written "10\x03 " for
    10 of hearts); the caller repaints the canvas behind a line that had one."""
    g = labels[i]
    b = shown
    o = i * LW
    n = len(s)
    if n > LW:
        n = LW
    m = fmap
    q = 0
    for k in range(n if n > llen[i] else llen[i]):
        t = m[0]
        if k < n:
            c = ord(s[k]) - 32
            if 0 <= c <= 94:
                t = m[c]
            elif -32 < c <= -27:
                q = k + 1
                u = c + 31
        if b[o + k] != t:
            b[o + k] = t
            g[k] = t
    llen[i] = n
    chip[i] = q
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
    if q:  # a white chip with the suit, in cells q-1 and q
        x += (q - 1) * FW + 1
        rect(x, y + 2, 9, 9, WHITE)  # (rows 2..10: clear of the lines above and below)
        blit(u * 8, 16, x + 2, y + 3, 7)



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


def card(c, x, y, w=17, h=24, sel=False, dim=False, edge=BLACK):
    """A face-up card: rank top-left, suit icon under it, a second suit icon bottom-right
    when the card is wide enough to show it. sel: a double yellow frame; dim: a grey face
    (cannot be played now); edge: the frame's colour otherwise (a colour other than black
    is drawn double: the card led, a card just drawn)."""
    rect(x + 1, y + 1, w - 2, h - 2, 6 if dim else WHITE)
    if sel:
        edge = YELLOW
    frame(x, y, w, h, edge)
    if edge != BLACK:
        frame(x + 1, y + 1, w - 2, h - 2, edge)
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


def card_text(c):
    """A card for a text line: rank + inline suit chip ("10\x03 " = 10 of hearts; gfx.text
    draws the chip), the bloopers spelled out."""
    if c == 0x42:
        return "Big Blooper"
    if c == 0x41:
        return "Little Blooper"
    r = c & 15
    return "%s%s " % ("A23456789?JQK"[r - 1] if r != 10 else "10", chr((c >> 4) + 1))
