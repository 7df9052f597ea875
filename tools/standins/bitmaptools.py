"""bitmaptools stand-in: the few functions a card game draws with (no allocation)."""


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    if x1 > x2:
        x1, x2 = x2, x1
    if y1 > y2:
        y1, y2 = y2, y1
    x1 = max(x1, 0)
    y1 = max(y1, 0)
    x2 = min(x2, dest_bitmap.width)
    y2 = min(y2, dest_bitmap.height)
    for y in range(y1, y2):
        for x in range(x1, x2):
            dest_bitmap._set(x, y, value)


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    if x2 is None:
        x2 = source_bitmap.width
    if y2 is None:
        y2 = source_bitmap.height
    dw = dest_bitmap.width
    dh = dest_bitmap.height
    for sy in range(y1, y2):
        dy = y + sy - y1
        if not 0 <= dy < dh:
            continue
        for sx in range(x1, x2):
            dx = x + sx - x1
            if not 0 <= dx < dw:
                continue
            v = source_bitmap._get(sx, sy)
            if skip_source_index is not None and v == skip_source_index:
                continue
            if skip_dest_index is not None and dest_bitmap._get(dx, dy) == skip_dest_index:
                continue
            dest_bitmap._set(dx, dy, v)


def draw_line(dest_bitmap, x1, y1, x2, y2, value):
    dx = abs(x2 - x1)
    dy = -abs(y2 - y1)
    sx = 1 if x1 < x2 else -1
    sy = 1 if y1 < y2 else -1
    err = dx + dy
    while True:
        if 0 <= x1 < dest_bitmap.width and 0 <= y1 < dest_bitmap.height:
            dest_bitmap._set(x1, y1, value)
        if x1 == x2 and y1 == y2:
            return
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x1 += sx
        if e2 <= dx:
            err += dx
            y1 += sy
