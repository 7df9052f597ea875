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
            # e is gfx.live: e[13 + k] = live[_TOP + k], where section k's ops start;
            # e[6 + k] = live[_KEEP + k], how many it keeps. Numbers here, not consts: this
            # module stays loaded, and importing const into it costs the .mpy guard 1 KB
            # (its globals grow at the heap's peak); tests/test_const_names.py checks them.
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


def draw(x, y, w, h, a, b=-1):
    """Fill x, y, w, h with colour a (b < 0), or blit there the sprite sheet's cell at
    (a, b) (0 is transparent); clipped to the rectangle being painted."""
    r = clip
    p = x if x > r[0] else r[0]
    q = y if y > r[1] else r[1]
    m = x + w if x + w < r[2] else r[2]
    n = y + h if y + h < r[3] else r[3]
    if m > p and n > q:
        if b < 0:
            bitmaptools.fill_region(canvas, p, q, m, n, a)
        else:
            bitmaptools.blit(canvas, sheet, p, q, x1=a + p - x, y1=b + q - y, x2=a + m - x,
                             y2=b + n - y, skip_source_index=0)


def op(k, x, y, w, h, a, b, c):
    """Op k (1 rect, 2 blit, 3 card, 4 back, 5 frame) as gfx.put recorded it."""
    if k == 1:
        draw(x, y, w, h, a)
    elif k == 2:
        draw(x, y, w, 7, a, b)
    elif k == 3:  # a card: rank top-left, suit under it, a second suit if it is big
        if b & 1:
            c = 4  # selected: a double yellow edge
        t = 1 if c == 2 else 2  # (a black edge is single, the others double)
        b = 6 if b & 2 else 1  # (dimmed: grey)
        s = a >> 4
        m = a & 15
        if s == 4:
            m = 14 if m == 2 else 15
        a = 8 if s == 1 or s == 2 else 0
        r = clip
        if x >= r[0] and y >= r[1] and x + w <= r[2] and y + h <= r[3]:
            # wholly inside (a hand laid out again): the firmware's calls, no clipping
            f = bitmaptools.fill_region
            f(canvas, x, y, x + w, y + h, c)
            f(canvas, x + t, y + t, x + w - t, y + h - t, b)
            f = bitmaptools.blit
            f(canvas, sheet, x + 2, y + 2, x1=m * 8, y1=a, x2=m * 8 + (7 if m == 10 else 5),
              y2=a + 7, skip_source_index=0)
            f(canvas, sheet, x + 2, y + 11, x1=s * 8, y1=16, x2=s * 8 + 7, y2=23,
              skip_source_index=0)
        else:
            draw(x, y, w, h, c)
            draw(x + t, y + t, w - t - t, h - t - t, b)
            draw(x + 2, y + 2, 7 if m == 10 else 5, 7, m * 8, a)
            draw(x + 2, y + 11, 7, 7, s * 8, 16)
        if w >= 20 and h >= 28:
            draw(x + w - 9, y + h - 9, 7, 7, s * 8, 16)
    elif k == 4:  # a card's back: white edge, navy, a sky-blue ring inside
        draw(x, y, w, h, 1)
        draw(x + 1, y + 1, w - 2, h - 2, 5)
        if w > 6 and h > 6:
            draw(x + 2, y + 2, w - 4, h - 4, 8)
            draw(x + 3, y + 3, w - 6, h - 6, 5)
    else:
        draw(x, y, w, 1, a)
        draw(x, y + h - 1, w, 1, a)
        draw(x, y, 1, h, a)
        draw(x + w - 1, y, 1, h, a)
