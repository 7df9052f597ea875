# Everything that draws: one 160x128 canvas bitmap (16 colours), a fixed pool of text
# lines on top of it, and the card art (rank and suit glyphs blitted from one small sprite
# sheet built once at start-up).
#
# Only what changed is drawn. Canvas drawing (rect, frame, blit, card, back) is recorded as
# ops of two ints in three sections (0 the screen, 1 its message lines or menu items, 2
# the hand) and compared, op by op, with what the same section drew before; done() (once
# per step of the app) repaints from the ops just the rectangles that changed, each sent to
# the display on its own (flush). A screen redraws a section whole (clear() starts all
# three), so a full redraw and a partial one give the same picture.
#
# Text lines are our own tiny labels: one TileGrid per line over a glyph sheet copied once
# from terminalio.FONT, with a 2-colour palette; changing the text rewrites the tile
# numbers that changed, changing the colour one palette entry; a line drawn again with the
# same text, colour and place is not touched (no hide / show). Lines not drawn again after
# a clear() are hidden by done(). Nothing here allocates but the strings themselves.
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
ops = None  # array of ints, 2 per op (below)
last = None  # list: the text each line was given last; lx: its colour, x, y, flags
lx = None
# (all built once at start-up by gfxinit.init, a module dropped again after it ran)
flush = None  # the display's refresh (set by the app)

BASE = b"\x00\x30\x40\x58"  # first op of sections 0, 1, 2, and the end (48, 16, 24 ops)
cnt = bytearray(3)  # ops each section holds
wp = bytearray(3)  # next op of a section being redrawn
live = bytearray(3)  # 1 while a section is being redrawn (until done())
cur = 0  # the section ops go to
used = -1  # after a clear(): bit i = text line i drawn since; -1: no clear() pending
dirty = bytearray(16)  # up to 4 rectangles to repaint: x0, y0, x1, y1
nd = 0
cx0 = 0  # the clip of the drawing below (the rectangle being repainted)
cy0 = 0
cx1 = W
cy1 = H


# ---- recording ---------------------------------------------------------------------------
def section(k):
    """Ops go to section k from now (redrawn whole: what it does not draw again before
    done() is painted over); returns the section they went to before, for resume()."""
    global cur
    p = cur
    cur = k
    if not live[k]:
        live[k] = 1
        wp[k] = BASE[k]
    return p


def resume(k):
    """Ops go to section k again (as section() returned it: not started again)."""
    global cur
    cur = k


def clear(color=FELT):
    """A new frame: every section is drawn again, the background is color, and text lines
    not drawn again before done() are hidden."""
    global cur, used
    for s in range(3):
        live[s] = 1
        wp[s] = BASE[s]
    cur = 0
    used = 0
    _op(1, 0, 0, W, H, color)


def _op(k, x, y, w, h, a=0, b=0, c=0):
    # kind k (1 rect, 2 blit, 3 card, 4 back, 5 frame), rectangle x, y, w, h and three
    # arguments; the rectangle is repainted only when the op differs from the one the
    # section had in its place
    s = cur
    if not live[s]:  # (a section is started by section() or clear())
        section(s)
    p = wp[s]
    if p >= BASE[s + 1]:
        return  # (no screen draws that much: tests/test_board_time.py checks)
    o = ops
    i = 2 * p
    v = (x + 32) | ((y + 32) << 8) | (w << 16) | (k << 24)
    u = h | (a << 8) | (b << 16) | (c << 24)
    wp[s] = p + 1
    old = p < BASE[s] + cnt[s]
    if old and o[i] == v and o[i + 1] == u:
        return
    if old:
        _want_op(i)
    o[i] = v
    o[i + 1] = u
    want(x, y, w, h)


def _want_op(i):
    v = ops[i]
    want((v & 255) - 32, ((v >> 8) & 255) - 32, (v >> 16) & 255, ops[i + 1] & 255)


def want(x, y, w, h):
    """Repaint this rectangle at done() (joined to a nearby one when that costs few
    extra pixels; at most 4)."""
    global nd
    x1 = min(x + w, W)
    y1 = min(y + h, H)
    if x < 0:
        x = 0
    if y < 0:
        y = 0
    if x1 <= x or y1 <= y:
        return
    d = dirty
    best = -1
    bc = 0
    for j in range(0, 4 * nd, 4):
        e = (max(x1, d[j + 2]) - min(x, d[j])) * (max(y1, d[j + 3]) - min(y, d[j + 1])) - \
            (x1 - x) * (y1 - y) - (d[j + 2] - d[j]) * (d[j + 3] - d[j + 1])
        if best < 0 or e < bc:
            best = j
            bc = e
    if best < 0 or (nd < 4 and bc > 600):
        j = 4 * nd
        nd += 1
    else:
        j = best
        x = min(x, d[j])
        y = min(y, d[j + 1])
        x1 = max(x1, d[j + 2])
        y1 = max(y1, d[j + 3])
    d[j] = x
    d[j + 1] = y
    d[j + 2] = x1
    d[j + 3] = y1


def done():
    """End of a step: what changed is repainted, each rectangle sent to the display on its
    own but the last (the main loop refreshes after the step)."""
    global used, nd, cx0, cy0, cx1, cy1
    for s in range(3):
        if live[s]:
            live[s] = 0
            p = wp[s]
            for q in range(p, BASE[s] + cnt[s]):  # ops not drawn again
                _want_op(2 * q)
            cnt[s] = p - BASE[s]
    if used >= 0:
        for i in range(NL):
            if not (used >> i) & 1:
                hide(i)
        used = -1
    d = dirty
    n = nd
    nd = 0
    o = ops
    for j in range(0, 4 * n, 4):
        cx0 = d[j]
        cy0 = d[j + 1]
        cx1 = d[j + 2]
        cy1 = d[j + 3]
        for s in range(3):
            for q in range(2 * BASE[s], 2 * (BASE[s] + cnt[s]), 2):
                v = o[q]
                u = o[q + 1]
                x = (v & 255) - 32
                y = ((v >> 8) & 255) - 32
                w = (v >> 16) & 255
                if x < cx1 and y < cy1 and x + w > cx0 and y + (u & 255) > cy0:
                    _draw(v >> 24, x, y, w, u & 255, (u >> 8) & 255, (u >> 16) & 255, u >> 24)
        if j < 4 * n - 4 and flush is not None:
            flush()
    cx0 = 0
    cy0 = 0
    cx1 = W
    cy1 = H


def _draw(k, x, y, w, h, a, b, c):
    if k == 1:
        _fill(x, y, w, h, a)
    elif k == 2:
        _blit(a, b, x, y, w)
    elif k == 3:
        _card(a, x, y, w, h, b & 1, b & 2, c)
    elif k == 4:
        _back(x, y, w, h)
    else:
        _frame(x, y, w, h, a)


# ---- the ops -------------------------------------------------------------------------------
def rect(x, y, w, h, color):
    if w > 0 and h > 0:
        _op(1, x, y, w, h, color)


def frame(x, y, w, h, color):
    _op(5, x, y, w, h, color)


def panel(x, y, w, h):
    rect(x, y, w, h, 11)
    frame(x, y, w, h, SKY)


def blit(a, b, x, y, w):
    """Copy the w x 7 cell at (a, b) of the sprite sheet to (x, y) (0 is transparent)."""
    _op(2, x, y, w, 7, a, b)


def card(c, x, y, w=17, h=24, sel=False, dim=False, edge=BLACK):
    """A face-up card: rank top-left, suit icon under it, a second suit icon bottom-right
    when the card is wide enough to show it. sel: a double yellow frame; dim: a grey face
    (cannot be played now); edge: the frame's colour otherwise (a colour other than black
    is drawn double: the card led, a card just drawn)."""
    _op(3, x, y, w, h, c, (1 if sel else 0) | (2 if dim else 0), edge)


def back(x, y, w=17, h=24):
    _op(4, x, y, w, h)


def empty_slot(x, y, w=17, h=24):
    frame(x, y, w, h, 9)


# ---- drawing, clipped to (cx0, cy0) - (cx1, cy1) -------------------------------------------
def _fill(x, y, w, h, color):
    x0 = max(x, cx0)
    y0 = max(y, cy0)
    x1 = min(x + w, cx1)
    y1 = min(y + h, cy1)
    if x1 <= x0 or y1 <= y0:
        return
    if bitmaptools is not None:
        bitmaptools.fill_region(canvas, x0, y0, x1, y1, color)
        return
    for j in range(y0, y1):
        for i in range(x0, x1):
            canvas[j * W + i] = color


def _frame(x, y, w, h, color):
    _fill(x, y, w, 1, color)
    _fill(x, y + h - 1, w, 1, color)
    _fill(x, y, 1, h, color)
    _fill(x + w - 1, y, 1, h, color)


def _blit(a, b, x, y, w):
    x0 = max(x, cx0)
    y0 = max(y, cy0)
    x1 = min(x + w, cx1)
    y1 = min(y + 7, cy1)
    if x1 <= x0 or y1 <= y0:
        return
    if bitmaptools is not None:
        bitmaptools.blit(canvas, sheet, x0, y0, x1=a + x0 - x, y1=b + y0 - y,
                         x2=a + x1 - x, y2=b + y1 - y, skip_source_index=0)
        return
    for j in range(y0, y1):
        for i in range(x0, x1):
            v = sheet[(b + j - y) * 128 + a + i - x]
            if v:
                canvas[j * W + i] = v


def _card(c, x, y, w, h, sel, dim, edge):
    _fill(x + 1, y + 1, w - 2, h - 2, 6 if dim else WHITE)
    if sel:
        edge = YELLOW
    _frame(x, y, w, h, edge)
    if edge != BLACK:
        _frame(x + 1, y + 1, w - 2, h - 2, edge)
    s = c >> 4
    r = c & 15
    if s == 4:
        r = 14 if r == 2 else 15
    _blit(r * 8, 8 if s in (1, 2) else 0, x + 2, y + 2, 7 if r == 10 else 5)
    _blit(s * 8, 16, x + 2, y + 11, 7)
    if w >= 20 and h >= 28:
        _blit(s * 8, 16, x + w - 9, y + h - 9, 7)


def _back(x, y, w, h):
    _fill(x + 1, y + 1, w - 2, h - 2, NAVY)
    _frame(x, y, w, h, WHITE)
    if w > 6 and h > 6:
        _frame(x + 2, y + 2, w - 4, h - 4, SKY)


# ---- text lines ----------------------------------------------------------------------------
def text(i, x, y, s, color=T_WHITE, right=False, center=False):
    """Text line i shows s with its top-left at (x, y) (or its top-right / top-centre).
    A character "\x01".."\x05" (clubs, diamonds, hearts, spades, joker: suit + 1) is drawn
    as a small suit chip on the canvas over two cells (the text is written "10\x03 " for
    10 of hearts)."""
    global used
    if used >= 0:
        used |= 1 << i
    g = labels[i]
    f = 1 if right else (2 if center else 0)
    o = 4 * i
    if last[i] == s and lx[o] == color and lx[o + 1] == x and lx[o + 2] == y and \
            lx[o + 3] & 3 == f:
        if llen[i] and g.hidden:  # unchanged, hidden meanwhile: shown again
            g.hidden = False
    else:
        last[i] = s
        lx[o] = color
        lx[o + 1] = x
        lx[o + 2] = y
        b = shown
        o = i * LW
        n = len(s)
        if n > LW:
            n = LW
        m = fmap
        q = 0
        u = 0
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
        lx[4 * i + 3] = f | (u << 2) | (q << 5)
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
        if g.hidden != (n == 0):
            g.hidden = n == 0
    f = lx[4 * i + 3]
    q = f >> 5
    chip[i] = q
    if q:  # a white chip with the suit, in cells q-1 and q (an op like the others)
        x = g.x + (q - 1) * FW + 1
        y = g.y
        rect(x, y + 2, 9, 9, WHITE)  # (rows 2..10: clear of the lines above and below)
        blit(((f >> 2) & 7) * 8, 16, x + 2, y + 3, 7)


def hide(i):
    if not labels[i].hidden:
        labels[i].hidden = True
    chip[i] = 0


def card_text(c):
    """A card for a text line: rank + inline suit chip ("10\x03 " = 10 of hearts; gfx.text
    draws the chip), the bloopers spelled out."""
    if c == 0x42:
        return "Big Blooper"
    if c == 0x41:
        return "Little Blooper"
    r = c & 15
    return "%s%s " % ("A23456789?JQK"[r - 1] if r != 10 else "10", chr((c >> 4) + 1))
