# Everything that draws: one 160x128 canvas bitmap (16 colours), a fixed pool of text
# lines on top of it, and the card art (glyphs blitted from one small sprite sheet).
#
# Only what changed is drawn. Canvas drawing (rect, frame, card, back; a blit is put(2..))
# is recorded as ops of two ints in three sections (0 the screen, 1 its message lines or
# menu items, 2 the hand) and compared, op by op, with what the same section drew before;
# refresh() (once per step) has gfxpaint repaint just the rectangles that changed, each
# sent on its own (hw.refresh), or half the screen and more as one full refresh. A screen
# redraws a section whole (clear() starts all three), so a full redraw and a partial one
# give the same picture. (State in bytearrays: every new name is interned for good on the
# board.)
#
# Text lines: one TileGrid per line over a glyph sheet copied from terminalio.FONT, a
# 2-colour palette; a new text rewrites the tiles that changed, a new colour one palette
# entry; the same text, colour and place touch nothing (setting `hidden` at all refreshes
# the line). The firmware refreshes and composites a line's whole 162-px box: its empty
# cells lie off screen on the side that leaves less of it there. Lines not drawn again
# after a clear() are hidden by refresh(), an empty text hides its line (the tiles stay,
# compared with its next text). A new text or place writes only the cells on screen: those
# off it may keep an earlier text's glyphs (a short text after a long one touches few).
# Nothing here allocates (a new text is copied into a bytearray: a str subscript would
# intern each character as a name on the board).
import struct
import gfxpaint
from buttons import const

# (const: each use is its number when compiled, not a look-up of a global, ~100
# instructions each on the board; the names stay readable from other modules)
W = const(160)
H = const(128)
# NL text lines of up to LW characters (a 160-px line is 26.7 glyph cells)
NL = const(11)
LW = const(27)
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
chip = None  # bytearray NL: 1 + cell of the line's inline suit chip, 0 if none
llen = None  # bytearray: text length per line, the cell each line's text starts at, its
# chip's suit + 1
lines = None  # the string each line shows (the same again: no tile compared)
tb = bytearray(2 * LW)  # a new text's bytes at its first cell (zeros around)
font_sheet = None
sheet = None  # sprites: row 0 black ranks, 1 red ranks, 2 suits and "D" (8x8 cells)
buf = None  # the ops: an array of ints, 2 per op (put)
# (all built once at start-up by gfxinit.init, a module dropped again after it ran)
hw = None  # the hardware layer: hw.refresh() sends what changed to the display (set by app)

# live: the recorder's state, a byte each (section k: 0 the screen, 1 its messages, 2 the hand).
# (Names the program already has: from .py each new name is interned for good, and a long
# session's names fill the 6th pool: one more opens a 7th, ~9 KB: tests/test_device_heap.py)
_LIVE = const(0)  # +k: 1 while section k is being redrawn, until refresh() (written e[k])
_NEXT = const(3)  # +k: section k's next op
_KEEP = const(6)  # +k: how many ops section k keeps
_SLOT = const(9)  # the section (0-2) ops go to
_SHOWN = const(10)  # 2 bytes: the text lines drawn since a clear(), a bit each
_RESET = const(12)  # 1 after a clear() (refresh() hides the lines not drawn since)
_TOP = const(13)  # +k: section k's first op (room for 20, 12 and 18 ops); +3: the end of all
_SAVED = const(17)  # section 0's next op, saved at again(0)
_DONE = const(18)  # 1 once the whole screen is to be repainted: want() is done until
# refresh() (ops are recorded, not compared)
live = bytearray(b"\0\0\0\0\0\0\0\0\0\0\0\0\0\x00\x14\x20\x32\0\0")
# dirty: up to 4 rectangles to repaint (x0, y0, x1, y1 from 4 * j) and how many
_N = const(16)  # dirty[_N]: how many
dirty = bytearray(_N + 1)
try:  # (the code here runs once: it is not kept)
    struct.pack_into("1s", dirty, 0, "")  # MicroPython: a str packs from its own buffer
    pack = struct.pack_into
except Exception:  # CPython: a str has no buffer (struct.error)
    def pack(f, b, i, s):
        struct.pack_into(f, b, i, s.encode() if isinstance(s, str) else s)


# ---- recording ---------------------------------------------------------------------------
def start(k):
    """Ops go to section k from now, which is redrawn whole (what it does not draw again
    before refresh() is painted over); returns the section they went to before (resume)."""
    e = live
    p = e[_SLOT]
    e[_SLOT] = k
    if not e[k]:
        e[k] = 1
        e[_NEXT + k] = e[_TOP + k]
    return p


def resume(k):
    """Ops go to section k again (as start() returned it; not started again)."""
    live[_SLOT] = k


def clear(color=FELT):
    """A new frame: every section is drawn again, the background is color, and text lines
    not drawn again before refresh() are hidden."""
    e = live
    for k in range(3):
        e[k] = 1
        e[_NEXT + k] = e[_TOP + k]
    e[_SLOT] = 0
    e[_SHOWN] = 0
    e[_SHOWN + 1] = 0
    e[_RESET] = 1
    put(1, 0, 0, W, H, color)


def again(k=1):
    """k=1: a frame like clear()'s that keeps section 0's ops before again(0) and every text
    line (the caller hides what it no longer shows); sections 1 and 2 start when drawn.
    k=0 (in a full frame): marks that place. k=2 (after clear()): the hand's section keeps
    its ops."""
    e = live
    if k == 1:
        e[_LIVE] = 1
        e[_NEXT] = e[_SAVED]
        e[_SLOT] = 0
    elif k:
        e[_LIVE + 2] = 0
    else:
        e[_SAVED] = e[_NEXT]


def put(k, x, y, w, h, a=0, b=0, c=0):
    """Op k (1 rect, 2 blit, 3 card, 4 back, 5 frame) over x, y, w, h with arguments a, b,
    c: recorded, repainted (gfxpaint.op) if it differs from the section's op in its place."""
    e = live
    s = e[_SLOT]
    if not e[s]:  # (a section is started by start() or clear())
        start(s)
    p = e[_NEXT + s]
    if p >= e[(_TOP + 1) + s]:  # (section s's room ends where the next one's starts)
        return  # (no screen draws that much: tests/test_board_time.py checks)
    o = buf
    i = 2 * p
    v = (x + 32) | ((y + 32) << 8) | (w << 16) | (k << 24)
    u = h | (a << 8) | (b << 16) | (c << 24)
    e[_NEXT + s] = p + 1
    if p < e[_TOP + s] + e[_KEEP + s] and not e[_DONE]:
        if o[i] == v and o[i + 1] == u:
            return
        m = o[i]
        p = (m & 255) - 32
        q = ((m >> 8) & 255) - 32
        a = (m >> 16) & 255
        b = o[i + 1] & 255
        o[i] = v
        o[i + 1] = u
        # old and new place as one rectangle if that adds few pixels (a card moved a step)
        m = (x + w if x + w > p + a else p + a) - (x if x < p else p)
        n = (y + h if y + h > q + b else q + b) - (y if y < q else q)
        if m * n <= w * h + a * b + 300:
            want(x if x < p else p, y if y < q else q, m, n)
            return
        want(p, q, a, b)
    else:
        o[i] = v
        o[i + 1] = u
    want(x, y, w, h)


def want(x, y, w, h):
    """Repaint this rectangle at refresh() (joined to a nearby one when that costs few
    extra pixels; at most 4)."""
    if live[_DONE]:
        return
    m = x + w  # (no min() / max(): a builtin's call costs more than a test)
    n = y + h
    if m > W:
        m = W
    if n > H:
        n = H
    if x < 0:
        x = 0
    if y < 0:
        y = 0
    if m <= x or n <= y:
        return
    d = dirty
    best = -1
    e = 0
    a = (m - x) * (n - y)
    if a == W * H:
        live[_DONE] = 1  # (a new screen: clear() over another background)
    for j in range(0, 4 * d[_N], 4):
        p = d[j]
        q = d[j + 1]
        r = d[j + 2]
        s = d[j + 3]
        c = ((r if r > m else m) - (p if p < x else x)) * \
            ((s if s > n else n) - (q if q < y else y)) - a - (r - p) * (s - q)
        if best < 0 or c < e:
            best = j
            e = c
    if best < 0 or (d[_N] < 4 and e > 600):
        j = 4 * d[_N]
        d[_N] += 1
    else:
        j = best
        if x > d[j]:
            x = d[j]
        if y > d[j + 1]:
            y = d[j + 1]
        if m < d[j + 2]:
            m = d[j + 2]
        if n < d[j + 3]:
            n = d[j + 3]
    d[j] = x
    d[j + 1] = y
    d[j + 2] = m
    d[j + 3] = n


def refresh():
    """End of a step: what changed is repainted, each rectangle sent to the display on its
    own but the last (the main loop refreshes after the step)."""
    e = live
    o = buf
    for k in range(3):
        if e[k]:
            e[k] = 0
            for q in range(e[_NEXT + k], e[_TOP + k] + e[_KEEP + k]):  # ops not drawn again
                m = o[2 * q]
                want((m & 255) - 32, ((m >> 8) & 255) - 32, (m >> 16) & 255, o[2 * q + 1] & 255)
            e[_KEEP + k] = e[_NEXT + k] - e[_TOP + k]
    if e[_RESET]:
        e[_RESET] = 0
        for i in range(NL):
            if not (e[_SHOWN + (i >> 3)] >> (i & 7)) & 1:
                hide(i)
    e[_DONE] = 0
    d = dirty
    n = d[_N]
    d[_N] = 0
    m = 0
    for j in range(0, 4 * n, 4):
        m += (d[j + 2] - d[j]) * (d[j + 3] - d[j + 1])
    if m >= W * H // 2:
        # half the screen or more: repainted whole and sent as one area (the firmware sends
        # a full refresh after root_group changes; its areas would send text lines again)
        d[0] = 0
        d[1] = 0
        d[2] = W
        d[3] = H
        n = 1
        if hw is not None:
            m = hw.display
            v = m.root_group
            m.root_group = None
            m.root_group = v
    gfxpaint.paint(o, e, d, n, hw)


# ---- the ops -------------------------------------------------------------------------------
def rect(x, y, w, h, color):
    if w > 0 and h > 0:
        put(1, x, y, w, h, color)


def frame(x, y, w, h, color):
    put(5, x, y, w, h, color)


def panel(x, y, w, h):
    rect(x, y, w, h, 11)
    frame(x, y, w, h, SKY)


def panel_screen(m):
    """A new frame: a panel with an m-px DARK margin, each pixel filled once (a panel over
    a cleared screen fills most of it twice: ~5 board-ms)."""
    clear(11)
    rect(0, 0, W, m, DARK)
    rect(0, H - m, W, m, DARK)
    rect(0, m, m, H - m - m, DARK)
    rect(W - m, m, m, H - m - m, DARK)
    frame(m, m, W - m - m, H - m - m, SKY)


def card(c, x, y, w=17, h=24, sel=False, dim=False, edge=BLACK):
    """A face-up card: rank top-left, suit under it, a second suit bottom-right if it is
    big enough. sel: a double yellow frame; dim: a grey face (not playable now); edge: the
    frame's colour otherwise (not black: drawn double: the card led, a card just drawn)."""
    put(3, x, y, w, h, c, (1 if sel else 0) | (2 if dim else 0), edge)


def back(x, y, w, h):
    put(4, x, y, w, h)


# ---- text lines ----------------------------------------------------------------------------
def text(i, x, y, s, color=T_WHITE, right=False, center=False):
    """Text line i shows s with its top-left at (x, y) (or its top-right / top-centre).
    A character "\x01".."\x05" (clubs, diamonds, hearts, spades, joker: suit + 1) is drawn
    as a small suit chip on the canvas over two cells (the text is written "10\x03 " for
    10 of hearts)."""
    e = live
    if e[_RESET]:
        e[_SHOWN + (i >> 3)] |= 1 << (i & 7)
    g = labels[i]
    n = len(s)
    if not n:  # hidden: its tiles stay (the line's next text is compared with them)
        return hide(i)
    if n > LW:
        n = LW
    f = FW
    if right:
        x -= n * f
    elif center:
        x -= (n * f) // 2
    # cells r.. hold the text, the empty ones lie off screen (the header says why)
    r = LW - n if x + n * f < W - x else 0
    x -= r * f  # (the line's x)
    L = llen
    a = L[NL + i]
    if lines[i] != s or a != r or g.x != x:  # (a string compare is C: most lines keep theirs)
        v = tb
        pack("27s", v, 0, b"")  # (zeros: the empty cells before the text)
        pack("27s", v, r, s)  # (at cell r; a str's buffer, no allocation)
        # only the cells with a pixel on screen (p..c-1) are written: the others may keep
        # an earlier text's glyphs (a short text after a long one touches few cells)
        p = (-x) // f
        c = (W - x + f - 1) // f
        if p < 0:
            p = 0
        if c > LW:
            c = LW
        q = 0
        for k in range(p, c):
            t = v[k] - 32  # (the glyph sheet holds printable ASCII in order: gfxinit)
            if t < 0:  # an empty cell (0) or a suit chip (1-5): blank
                if t > -32:
                    q = k - r + 1
                    L[2 * NL + i] = t + 32  # (the chip's suit + 1)
                t = 0
            if g[k] != t:  # (a tile written is refreshed even when it is the same)
                g[k] = t
        lines[i] = s
        L[i] = n
        L[NL + i] = r
        chip[i] = q
        if g.x != x:
            g.x = x
    p = g.pixel_shader
    if p[1] != color:
        p[1] = color
    if g.y != y:
        g.y = y
    if g.hidden:  # (setting it at all refreshes the whole line)
        g.hidden = False
    q = chip[i]
    if q:  # a white chip with the suit, in cells q-1 and q (ops like the others)
        x += (r + q - 1) * f + 1
        rect(x, y + 2, 9, 9, WHITE)  # (rows 2..10: clear of the lines above and below)
        put(2, x + 2, y + 3, 7, 7, (L[2 * NL + i] - 1) * 8, 16)  # (its suit: a blit)


def hide(i):
    if not labels[i].hidden:
        labels[i].hidden = True


def card_text(c):
    """A card for a text line: rank + inline suit chip ("10\x03 " = 10 of hearts; gfx.text
    draws the chip), the bloopers spelled out."""
    if c == 0x42:
        return "Big Blooper"
    if c == 0x41:
        return "Little Blooper"
    r = c & 15
    return "%s%s " % ("A23456789?JQK"[r - 1] if r != 10 else "10", chr((c >> 4) + 1))
