# gfx's painting: the recorded ops drawn onto the canvas within the rectangles that changed
# (gfx records and compares them; apart so that each module is small to compile on a board).
# An op is painted in as few C calls as its look allows: a card is its edge colour filled,
# its face filled inside, and its glyphs blitted (bitmaptools fills are C; each Python call
# here costs far more than the pixels it fills twice).
import bitmaptools

canvas = None  # (set by gfxinit, the same objects as gfx.canvas and gfx.sheet)
sheet = None
clip = bytearray(4)  # the rectangle being painted: x0, y0, x1, y1


def paint(o, e, d, n, hw):
    """Paint every op of buf o (sections as gfx.live e says) that meets one of the n
    rectangles of d (gfx.dirty), each sent to the display on its own but the last."""
    r = clip
    for j in range(0, 4 * n, 4):
        r[0] = d[j]
        r[1] = d[j + 1]
        r[2] = d[j + 2]
        r[3] = d[j + 3]
        a = d[j] + 32  # (the rectangle as the ops store x and y: +32; tests cheapest first)
        b = d[j + 1] + 32
        c = d[j + 2] + 32
        f = d[j + 3] + 32
        for k in range(3):
            for q in range(2 * e[13 + k], 2 * (e[13 + k] + e[6 + k]), 2):
                m = o[q]
                x = m & 255
                if x >= c:
                    continue
                y = (m >> 8) & 255
                if y >= f:
                    continue
                w = (m >> 16) & 255
                if x + w <= a:
                    continue
                v = o[q + 1]
                h = v & 255
                if y + h > b:
                    op(m >> 24, x - 32, y - 32, w, h, (v >> 8) & 255, (v >> 16) & 255, v >> 24)
        if j < 4 * n - 4 and hw is not None:
            hw.refresh()


def fill(x, y, m, n, c):
    """Fill x..m-1, y..n-1 with colour c, clipped."""
    r = clip
    if x < r[0]:
        x = r[0]
    if y < r[1]:
        y = r[1]
    if m > r[2]:
        m = r[2]
    if n > r[3]:
        n = r[3]
    if m > x and n > y:
        bitmaptools.fill_region(canvas, x, y, m, n, c)


def blit(a, b, x, y, w):
    """The w x 7 cell at (a, b) of the sprite sheet at (x, y), clipped (0 transparent)."""
    r = clip
    p = x if x > r[0] else r[0]
    q = y if y > r[1] else r[1]
    m = x + w if x + w < r[2] else r[2]
    n = y + 7 if y + 7 < r[3] else r[3]
    if m > p and n > q:
        bitmaptools.blit(canvas, sheet, p, q, x1=a + p - x, y1=b + q - y, x2=a + m - x,
                         y2=b + n - y, skip_source_index=0)


def op(k, x, y, w, h, a, b, c):
    """Op k (1 rect, 2 blit, 3 card, 4 back, 5 frame) as gfx.put recorded it."""
    if k == 1:
        fill(x, y, x + w, y + h, a)
    elif k == 2:
        blit(a, b, x, y, w)
    elif k == 3:  # a card: rank top-left, suit under it, a second suit if it is big
        if b & 1:
            c = 4  # selected: a double yellow edge
        fill(x, y, x + w, y + h, c)
        t = 1 if c == 2 else 2  # (a black edge is single, the others double)
        fill(x + t, y + t, x + w - t, y + h - t, 6 if b & 2 else 1)  # (dimmed: grey)
        s = a >> 4
        m = a & 15
        if s == 4:
            m = 14 if m == 2 else 15
        blit(m * 8, 8 if s == 1 or s == 2 else 0, x + 2, y + 2, 7 if m == 10 else 5)
        blit(s * 8, 16, x + 2, y + 11, 7)
        if w >= 20 and h >= 28:
            blit(s * 8, 16, x + w - 9, y + h - 9, 7)
    elif k == 4:  # a card's back: white edge, navy, a sky-blue ring inside
        fill(x, y, x + w, y + h, 1)
        fill(x + 1, y + 1, x + w - 1, y + h - 1, 5)
        if w > 6 and h > 6:
            fill(x + 2, y + 2, x + w - 2, y + h - 2, 8)
            fill(x + 3, y + 3, x + w - 3, y + h - 3, 5)
    else:
        fill(x, y, x + w, y + 1, a)
        fill(x, y + h - 1, x + w, y + h, a)
        fill(x, y + 1, x + 1, y + h - 1, a)
        fill(x + w - 1, y + 1, x + w, y + h - 1, a)
