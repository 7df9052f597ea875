"""terminalio stand-in: FONT is CircuitPython's 6x12 built-in terminal font.

CircuitPython's Japanese, Korean and Russian builds for the SAMD51 boards have no
terminalio at all (no room for their fonts): ports/atmel-samd/boards/pybadge/
mpconfigboard.mk (and pygamer's) say
    ifneq (,$(filter $(TRANSLATION),ja ko ru))
    CIRCUITPY_TERMINALIO = 0
Set CIRCUITPY_TRANSLATION=ja (or ko, ru) in the environment to run on such a build:
`import terminalio` then fails as it does there.
"""
import os

if (os.getenv("CIRCUITPY_TRANSLATION") or "-") in "ja ko ru".split():
    raise ImportError("no module named 'terminalio'")

import displayio  # noqa: E402
import fontio  # noqa: E402

# The firmware's 6x12 font: one row of glyph tiles, printable ASCII from 0x20 (made here
# once, before any heap measurement: on a board it is in flash).
FONT = object.__new__(fontio.BuiltinFont)
FONT._w = 6
FONT._h = 12
FONT._bitmap = displayio.Bitmap(6 * 95, 12, 2)


class Terminal:
    def __init__(self, scroll_area, font, *, status_bar=None):
        self.scroll_area = scroll_area
        self.font = font

    def write(self, buf):
        return len(buf)
