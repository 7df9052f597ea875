"""bitmaptools stand-in: the few functions a card game draws with (no allocation), with
the firmware's argument checks (shared-bindings/bitmaptools/__init__.c):

fill_region(dest, x1, y1, x2, y2, value)
    bitmaptools_validate_coord_range_pair: 0 <= x1 <= width and x1 <= x2 <= width (y the
    same), else ValueError -- the corners are NOT swapped and NOT clipped; value must fit
    bits_per_value ("out of range of target").
blit(dest, source, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
     skip_dest_index=None)
    0 <= x <= dest.width and 0 <= y <= dest.height (a negative x or y is a ValueError);
    the source rectangle must lie in the source (0 <= x1 <= x2 <= source.width, ...);
    dest.bits_per_value >= source.bits_per_value ("source palette too large"). What runs
    past the destination's right or bottom edge is not drawn
    (shared-module/bitmaptools/__init__.c common_hal_bitmaptools_blit).
draw_line(dest, x1, y1, x2, y2, value)
    value must fit bits_per_value; the line is clipped to the bitmap.
"""


def _coord(v, a, b, name):
    # mp_arg_validate_type_int + mp_arg_validate_int_range(v, a, b)
    if not isinstance(v, int):
        raise TypeError("%s must be of type int, not %s" % (name, type(v).__name__))
    if v < a or v > b:
        raise ValueError("%s must be %d-%d" % (name, a, b))
    return v


def _value(dest_bitmap, value):
    if value < 0 or value >= (1 << dest_bitmap.bits_per_value):
        raise ValueError("out of range of target")


def fill_region(dest_bitmap, x1, y1, x2, y2, value):
    _value(dest_bitmap, value)
    dw = dest_bitmap.width
    dh = dest_bitmap.height
    _coord(x1, 0, dw, "x1")
    _coord(x2, x1, dw, "x2")
    _coord(y1, 0, dh, "y1")
    _coord(y2, y1, dh, "y2")
    for y in range(y1, y2):
        for x in range(x1, x2):
            dest_bitmap._set(x, y, value)


def blit(dest_bitmap, source_bitmap, x, y, *, x1=0, y1=0, x2=None, y2=None,
         skip_source_index=None, skip_dest_index=None):
    dw = dest_bitmap.width
    dh = dest_bitmap.height
    _coord(x, 0, dw, "x")
    _coord(y, 0, dh, "y")
    _coord(x1, 0, source_bitmap.width, "x1")
    x2 = source_bitmap.width if x2 is None else _coord(x2, x1, source_bitmap.width, "x2")
    _coord(y1, 0, source_bitmap.height, "y1")
    y2 = source_bitmap.height if y2 is None else _coord(y2, y1, source_bitmap.height, "y2")
    if dest_bitmap.bits_per_value < source_bitmap.bits_per_value:
        raise ValueError("source palette too large")
    for sy in range(y1, y2):
        dy = y + sy - y1
        if dy >= dh:
            break
        for sx in range(x1, x2):
            dx = x + sx - x1
            if dx >= dw:
                break
            v = source_bitmap._get(sx, sy)
            if skip_source_index is not None and v == skip_source_index:
                continue
            if skip_dest_index is not None and dest_bitmap._get(dx, dy) == skip_dest_index:
                continue
            dest_bitmap._set(dx, dy, v)


def draw_line(dest_bitmap, x1, y1, x2, y2, value):
    _value(dest_bitmap, value)
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
