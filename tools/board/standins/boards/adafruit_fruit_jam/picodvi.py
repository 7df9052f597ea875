"""picodvi for the RP2350 (stand-in): ports/raspberrypi/bindings/picodvi/Framebuffer.c and
common-hal/picodvi/Framebuffer_RP2350.c.

Framebuffer(width, height, *, clk_dp, clk_dn, red_dp, red_dn, green_dp, green_dn, blue_dp,
blue_dn, color_depth=8): width and height positional, the eight pins keyword-only and
required, each a free pin among GPIO 12-19 and no two the same (ValueError "Invalid
<name>"); color_depth one of 1 2 4 8 16 32 ("Invalid color_depth"); the size one the HSTX
output can show at that depth (640x480 and 720x400 at 1-8 bits, half and quarter sizes at
8-32; otherwise "Invalid width and height"); one Framebuffer at a time ("picodvi in use"
RuntimeError) and one display bus ("Too many display busses; ..."). The pixels live outside
the VM's heap (port_malloc): nothing is allocated here.
"""
import board

_active = []  # the Framebuffer the HSTX drives (active_picodvi)
_FULL = ((640, 480), (720, 400))
_HALF = ((320, 240), (160, 120), (360, 200), (180, 100))


def _preflight(w, h, depth):
    if (w, h) in _FULL:
        return depth in (1, 2, 4, 8)
    if (w, h) in _HALF:
        return depth in (8, 16, 32)
    return False


class Framebuffer:
    def __init__(self, width, height, *, clk_dp, clk_dn, red_dp, red_dn, green_dp, green_dn,
                 blue_dp, blue_dn, color_depth=8):
        if _active:
            raise RuntimeError("Too many display busses; forgot displayio.release_displays() ?")
        if width < 0 or height < 0:
            raise ValueError("width must be >= 0" if width < 0 else "height must be >= 0")
        if color_depth not in (1, 2, 4, 8, 16, 32):
            raise ValueError("Invalid color_depth")
        pins = (("clk_dp", clk_dp), ("clk_dn", clk_dn), ("red_dp", red_dp), ("red_dn", red_dn),
                ("green_dp", green_dp), ("green_dn", green_dn), ("blue_dp", blue_dp),
                ("blue_dn", blue_dn))
        for name, p in pins:  # validate_obj_is_free_pin, in argument order
            if not isinstance(p, board.Pin):
                raise TypeError("%s must be of type Pin" % name)
            if p in board._claimed:
                raise ValueError("%s in use" % name)
        if not _preflight(width, height, color_depth):
            raise ValueError("Invalid width and height")
        seen = []
        for name, p in pins:
            n = board._gpio[p.name]
            if not 12 <= n <= 19 or n in seen:
                raise ValueError("Invalid %s" % name)
            seen.append(n)
        for name, p in pins:
            board._claim(p, name)
        self._p = [p for name, p in pins]
        self._w = width
        self._h = height
        self._d = color_depth
        _active.append(self)

    @property
    def width(self):
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def color_depth(self):
        return self._d

    def deinit(self):
        for p in self._p:
            board._release(p)
        self._p = []
        if self in _active:
            _active.remove(self)

    def wait_for_vblank(self):
        pass
