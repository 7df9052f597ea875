"""fontio stand-in: Glyph and BuiltinFont as terminalio.FONT uses them.

As in the firmware (shared-bindings/fontio/Glyph.c, BuiltinFont.c and
shared-module/fontio/BuiltinFont.c):
  * Glyph is a namedtuple (bitmap, tile_index, width, height, dx, dy, shift_x, shift_y);
  * BuiltinFont has no constructor ("cannot create 'BuiltinFont' instances", TypeError):
    the only one is terminalio.FONT, built into the firmware;
  * get_glyph() makes a new Glyph at each call (on the heap), None for a character the
    font lacks; printable ASCII c is tile c - 0x20 of one row of tiles in .bitmap;
  * get_bounding_box() is (width, height).
"""
from collections import namedtuple

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy",
                             "shift_x", "shift_y"))


class BuiltinFont:
    def __init__(self, *args, **kwargs):
        raise TypeError("cannot create 'BuiltinFont' instances")

    # terminalio makes the one instance with object.__new__ (it is in flash on a board)
    @property
    def bitmap(self):
        return self._bitmap

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        if not isinstance(codepoint, int):
            raise TypeError("codepoint must be of type int")
        if 0x20 <= codepoint <= 0x7E:
            return Glyph(self._bitmap, codepoint - 0x20, self._w, self._h, 0, 0, self._w, 0)
        return None
