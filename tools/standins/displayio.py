"""displayio stand-in that allocates like CircuitPython's.

Bitmap(w, h, value_count) owns a bytearray of stride * h * 4 bytes, the stride being
(w * bits_per_value + 31) // 32 32-bit words, bits_per_value the smallest of
1, 2, 4, 8, 16, 24, 32 that holds value_count - 1 -- CircuitPython's packed storage.
Palette(n) owns n colour entries, TileGrid a tile index array when it has more than
one tile. Nothing is drawn.
"""


def _bits_for(value_count):
    if not 1 <= value_count <= 65536:
        raise ValueError("value_count must be in the range of 1-65536")
    bits = 1
    while (value_count - 1) >> bits:
        if bits < 8:
            bits = bits << 1
        else:
            bits += 8
    return bits


class Bitmap:
    def __init__(self, width, height, value_count):
        self._w = width
        self._h = height
        self._bits = _bits_for(value_count)
        self._stride = (width * self._bits + 31) // 32  # in 32-bit words
        self._data = bytearray(self._stride * height * 4)

    @property
    def width(self):
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def bits_per_value(self):
        return self._bits

    # Pixel access: the firmware does it in C without touching the heap, so these paths must
    # not allocate either (no (x, y) tuple is built here): bitmaptools calls _get/_set.
    def __getitem__(self, key):
        if isinstance(key, int):
            return self._get(key % self._w, key // self._w)
        return self._get(key[0], key[1])

    def __setitem__(self, key, value):
        if isinstance(key, int):
            self._set(key % self._w, key // self._w, value)
        else:
            self._set(key[0], key[1], value)

    def _get(self, x, y):
        if not (0 <= x < self._w and 0 <= y < self._h):
            raise IndexError("pixel index out of range")
        bits = self._bits
        if bits >= 8:
            n = bits >> 3
            off = y * self._stride * 4 + x * n
            v = 0
            for i in range(n):
                v |= self._data[off + i] << (8 * i)
            return v
        bit = x * bits
        off = y * self._stride * 4 + (bit >> 3)
        shift = 8 - bits - (bit & 7)
        return (self._data[off] >> shift) & ((1 << bits) - 1)

    def _set(self, x, y, value):
        if not (0 <= x < self._w and 0 <= y < self._h):
            raise IndexError("pixel index out of range")
        bits = self._bits
        if value < 0 or value >> bits:
            raise ValueError("value out of range for bitmap")
        if bits >= 8:
            n = bits >> 3
            off = y * self._stride * 4 + x * n
            for i in range(n):
                self._data[off + i] = (value >> (8 * i)) & 255
            return
        bit = x * bits
        off = y * self._stride * 4 + (bit >> 3)
        shift = 8 - bits - (bit & 7)
        mask = ((1 << bits) - 1) << shift
        self._data[off] = (self._data[off] & ~mask & 255) | (value << shift)

    def fill(self, value):
        bits = self._bits
        if bits >= 8:
            for y in range(self._h):
                for x in range(self._w):
                    self._set(x, y, value)
            return
        b = 0
        for i in range(8 // bits):
            b = (b << bits) | value
        d = self._data
        for i in range(len(d)):
            d[i] = b

    def blit(self, x, y, source, *, x1=0, y1=0, x2=None, y2=None, skip_index=None):
        import bitmaptools

        bitmaptools.blit(self, source, x, y, x1=x1, y1=y1, x2=x2, y2=y2, skip_source_index=skip_index)

    def dirty(self, x1=0, y1=0, x2=-1, y2=-1):
        pass

    def deinit(self):
        self._data = None


class Palette:
    _ENTRY = 12  # bytes per colour entry in CircuitPython (_displayio_color_t)

    def __init__(self, color_count, *, dither=False):
        self._n = color_count
        self._colors = bytearray(color_count * self._ENTRY)
        self._transparent = 0  # bit mask, fine for the small palettes used here
        self.dither = dither

    def __len__(self):
        return self._n

    def __setitem__(self, index, value):
        if not 0 <= index < self._n:
            raise IndexError("palette index out of range")
        if isinstance(value, int):
            v = value
        else:
            v = (value[0] << 16) | (value[1] << 8) | value[2]
        o = index * self._ENTRY
        c = self._colors
        c[o] = v & 255
        c[o + 1] = (v >> 8) & 255
        c[o + 2] = (v >> 16) & 255

    def __getitem__(self, index):
        if not 0 <= index < self._n:
            raise IndexError("palette index out of range")
        o = index * self._ENTRY
        c = self._colors
        return c[o] | (c[o + 1] << 8) | (c[o + 2] << 16)

    def make_transparent(self, index):
        self._transparent |= 1 << index

    def make_opaque(self, index):
        self._transparent &= ~(1 << index)

    def is_transparent(self, index):
        return bool(self._transparent & (1 << index))


class ColorConverter:
    def __init__(self, *, input_colorspace=None, dither=False):
        self.dither = dither

    def convert(self, color):
        return color

    def make_transparent(self, color):
        pass

    def make_opaque(self, color):
        pass


class Colorspace:
    RGB888 = 0
    RGB565 = 1
    RGB565_SWAPPED = 2
    RGB555 = 3
    RGB555_SWAPPED = 4
    L8 = 5


class _Node:
    """Position / visibility shared by TileGrid and Group (private attributes, so that
    subclasses such as adafruit_display_text's LabelBase may define their own properties)."""

    def __init__(self, x, y):
        self._x = x
        self._y = y
        self._hidden = False

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._y = v

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, v):
        self._hidden = bool(v)


class TileGrid(_Node):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        _Node.__init__(self, x, y)
        self._bitmap = bitmap
        self._shader = pixel_shader
        self._tw = bitmap.width if tile_width is None else tile_width
        self._th = bitmap.height if tile_height is None else tile_height
        self._wt = width
        self._ht = height
        self._flags = 0
        if width * height > 1:
            # CircuitPython keeps up to 4 tile indices inline, a heap array beyond that
            self._tiles = bytearray([default_tile] * (width * height)) if width * height > 4 else None
        else:
            self._tiles = None
        self._tile0 = default_tile

    @property
    def bitmap(self):
        return self._bitmap

    @bitmap.setter
    def bitmap(self, b):
        self._bitmap = b

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, s):
        self._shader = s

    @property
    def width(self):
        return self._wt

    @property
    def height(self):
        return self._ht

    @property
    def tile_width(self):
        return self._tw

    @property
    def tile_height(self):
        return self._th

    def _flag(self, bit):
        return bool(self._flags & bit)

    def _set_flag(self, bit, v):
        self._flags = (self._flags | bit) if v else (self._flags & ~bit)

    @property
    def flip_x(self):
        return self._flag(1)

    @flip_x.setter
    def flip_x(self, v):
        self._set_flag(1, v)

    @property
    def flip_y(self):
        return self._flag(2)

    @flip_y.setter
    def flip_y(self, v):
        self._set_flag(2, v)

    @property
    def transpose_xy(self):
        return self._flag(4)

    @transpose_xy.setter
    def transpose_xy(self, v):
        self._set_flag(4, v)

    def __getitem__(self, index):
        if not isinstance(index, int):
            index = index[1] * self._wt + index[0]
        if self._tiles is None:
            return self._tile0
        return self._tiles[index]

    def __setitem__(self, index, value):
        if not isinstance(index, int):
            index = index[1] * self._wt + index[0]
        if not 0 <= index < self._wt * self._ht:
            raise IndexError("tile index out of range")
        if self._tiles is None:
            self._tile0 = value
        else:
            self._tiles[index] = value

    def contains(self, touch_tuple):
        x, y = touch_tuple[0], touch_tuple[1]
        return (self._x <= x < self._x + self._wt * self._tw
                and self._y <= y < self._y + self._ht * self._th)


class Group(_Node):
    def __init__(self, *, scale=1, x=0, y=0):
        _Node.__init__(self, x, y)
        self._scale = scale
        self._items = []

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        if v < 1:
            raise ValueError("scale must be >= 1")
        self._scale = v

    def append(self, layer):
        self._items.append(layer)

    def insert(self, index, layer):
        self._items.insert(index, layer)

    def index(self, layer):
        return self._items.index(layer)

    def pop(self, i=-1):
        return self._items.pop(i)

    def remove(self, layer):
        self._items.remove(layer)

    def sort(self, key=None, reverse=False):
        self._items.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return True

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, layer):
        self._items[i] = layer

    def __delitem__(self, i):
        del self._items[i]

    def __contains__(self, layer):
        return layer in self._items

    def __iter__(self):
        return iter(self._items)


class OnDiskBitmap:
    """Reads nothing from disk: a 1x1 image (CircuitPython keeps no pixels in RAM either)."""

    def __init__(self, file):
        self.width = 1
        self.height = 1
        self.pixel_shader = ColorConverter()

    def __getitem__(self, i):
        return 0


class Display:
    """board.DISPLAY of a PyBadge: a 160x128 ST7735R. Holds no framebuffer."""

    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.rotation = 0
        self.refreshes = 0

    def show(self, group):
        self.root_group = group

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


CIRCUITPYTHON_TERMINAL = Group()


def release_displays():
    pass
