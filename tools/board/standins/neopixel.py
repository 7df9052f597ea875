"""neopixel stand-in (the adafruit-circuitpython-neopixel library): n * bpp bytes."""
RGB = "RGB"
GRB = "GRB"
RGBW = "RGBW"
GRBW = "GRBW"


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        if pixel_order is not None:
            bpp = len(pixel_order)
        import board

        board._claim(pin, "NeoPixel")  # the library drives it through a DigitalInOut
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.brightness = brightness
        self.auto_write = auto_write
        self.buf = bytearray(n * bpp)
        self.shows = 0

    def __len__(self):
        return self.n

    def __setitem__(self, i, value):
        if isinstance(i, slice):
            for j, v in zip(range(*i.indices(self.n)), value):
                self[j] = v
            return
        if i < 0:
            i += self.n
        o = i * self.bpp
        if isinstance(value, int):
            # (no tuple made: the firmware's pixelbuf is C and allocates nothing here, and
            # the program's flash sets pixels in polls that think: tools/board/board_time.py)
            self.buf[o] = (value >> 8) & 255  # GRB order
            self.buf[o + 1] = (value >> 16) & 255
            self.buf[o + 2] = value & 255
            if self.bpp == 4:
                self.buf[o + 3] = 0
        else:
            self.buf[o] = value[1]
            self.buf[o + 1] = value[0]
            self.buf[o + 2] = value[2]
            if self.bpp == 4:
                self.buf[o + 3] = value[3] if len(value) > 3 else 0
        if self.auto_write:
            self.show()

    def __getitem__(self, i):
        o = i * self.bpp
        return (self.buf[o + 1], self.buf[o], self.buf[o + 2])

    def fill(self, value):
        aw = self.auto_write
        self.auto_write = False
        for i in range(self.n):
            self[i] = value
        self.auto_write = aw
        if aw:
            self.show()

    def show(self):
        self.shows += 1

    def deinit(self):
        import board

        board._release(self.pin)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
