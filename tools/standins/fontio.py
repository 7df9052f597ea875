"""fontio stand-in: Glyph and BuiltinFont as terminalio.FONT uses them."""


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    """A fixed-width font whose glyph tiles sit side by side in one bitmap (in flash on a
    board, so everything here is made once, at import, before any measurement)."""

    def __init__(self, width=6, height=12, first=0x20, last=0x7E):
        import displayio

        self._w = width
        self._h = height
        self._first = first
        n = last - first + 1
        self.bitmap = displayio.Bitmap(width * n, height, 2)
        self._glyphs = [Glyph(self.bitmap, i, width, height, 0, 0, width, 0) for i in range(n)]

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        i = codepoint - self._first
        if 0 <= i < len(self._glyphs):
            return self._glyphs[i]
        return None
