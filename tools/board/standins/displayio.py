"""displayio stand-in that allocates like CircuitPython's and refuses what it refuses.

Bitmap(w, h, value_count) owns a bytearray of stride * h * 4 bytes, the stride being
(w * bits_per_value + 31) // 32 32-bit words, bits_per_value the smallest of
1, 2, 4, 8, 16, 24, 32 that holds value_count - 1 -- CircuitPython's packed storage.
Palette(n) owns n colour entries, TileGrid a tile index array when it has more than
one tile. Nothing is drawn.

The checks follow CircuitPython 9.x / 10.x shared-bindings/displayio/*.c:
  Bitmap.c   -- width/height 0-32767, value_count 1-65536; an index outside the bitmap is
                an IndexError, a value that needs more bits than bits_per_value a
                ValueError (also for fill()); there is no Bitmap.blit (removed in 9.0:
                the locals table has height, width, bits_per_value, fill, dirty, deinit;
                use bitmaptools.blit);
  TileGrid.c -- the bitmap must be a Bitmap or OnDiskBitmap and the pixel_shader a
                Palette or ColorConverter (TypeError); tile_width / tile_height must
                exactly divide the bitmap's width / height, width and height >= 1, and
                default_tile and every tile value must be a tile of the bitmap (ValueError);
                a tile index outside the grid is an IndexError; a new bitmap must have the
                old one's size;
  Group.c and shared-module/displayio/Group.c -- scale 1-32767; a layer (TileGrid or
                Group) can be in one group only ("Layer already in a group", ValueError;
                popping or removing it frees it); anything else is refused ("Layer must be
                a Group or TileGrid subclass"); bool(group) is len(group) != 0;
  Palette.c  -- an int colour outside 0x000000-0xFFFFFF is refused (TypeError "color must
                be between 0x000000 and 0xffffff" in the version of Palette.c checked); a
                buffer colour must be 3 or 4 bytes; indices as for a list (IndexError);
  x / y of a TileGrid or Group go through mp_obj_get_int: a float is a TypeError.
There is no displayio.Display in 10.x (busdisplay.BusDisplay; shared-bindings/displayio/
__init__.c: "Remove these in CircuitPython 10").
"""


def _bits_for(value_count):
    if not 1 <= value_count <= 65536:
        raise ValueError("value_count must be 1-65536")
    bits = 1
    while (value_count - 1) >> bits:
        if bits < 8:
            bits = bits << 1
        else:
            bits += 8
    return bits


def _int(v, name):
    """mp_obj_get_int: ints and bools only (no allocation for an int)."""
    if isinstance(v, int):
        return v
    raise TypeError("can't convert %s to int (%s)" % (type(v).__name__, name))


class Bitmap:
    def __init__(self, width, height, value_count):
        if not 0 <= width <= 32767:
            raise ValueError("width must be 0-32767")
        if not 0 <= height <= 32767:
            raise ValueError("height must be 0-32767")
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
            if not 0 <= key < self._w * self._h:
                raise IndexError("index must be 0-%d" % (self._w * self._h - 1))
            return self._get(key % self._w, key // self._w)
        return self._get(key[0], key[1])

    def __setitem__(self, key, value):
        if isinstance(key, int):
            if not 0 <= key < self._w * self._h:
                raise IndexError("index must be 0-%d" % (self._w * self._h - 1))
            self._set(key % self._w, key // self._w, value)
        else:
            self._set(key[0], key[1], value)

    def _get(self, x, y):
        if not 0 <= x < self._w:
            raise IndexError("x must be 0-%d" % (self._w - 1))
        if not 0 <= y < self._h:
            raise IndexError("y must be 0-%d" % (self._h - 1))
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
        if not 0 <= x < self._w:
            raise IndexError("x must be 0-%d" % (self._w - 1))
        if not 0 <= y < self._h:
            raise IndexError("y must be 0-%d" % (self._h - 1))
        bits = self._bits
        if value < 0 or value >> bits:
            raise ValueError("value must be 0-%d" % ((1 << bits) - 1))
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
        if value < 0 or value >> bits:
            raise ValueError("value must be 0-%d" % ((1 << bits) - 1))
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

    def __bool__(self):
        return True

    def _index(self, index):
        # mp_get_index: negative indices count from the end, as for a list
        index = _int(index, "index")
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("Palette index out of range")
        return index

    def __setitem__(self, index, value):
        index = self._index(index)
        if isinstance(value, int):
            if value < 0 or value > 0xFFFFFF:
                raise TypeError("color must be between 0x000000 and 0xffffff")
            v = value
        else:
            if isinstance(value, (tuple, list)):
                value = bytes(value)  # as the firmware does (ValueError for items > 255)
            try:
                b = memoryview(value)
            except TypeError:
                raise TypeError("color buffer must be a buffer, tuple, list, or int")
            if len(b) not in (3, 4):
                raise ValueError("color buffer must be 3 bytes (RGB) or 4 bytes (RGB + pad byte)")
            v = (b[0] << 16) | (b[1] << 8) | b[2]
        o = index * self._ENTRY
        c = self._colors
        c[o] = v & 255
        c[o + 1] = (v >> 8) & 255
        c[o + 2] = (v >> 16) & 255

    def __getitem__(self, index):
        index = self._index(index)
        o = index * self._ENTRY
        c = self._colors
        return c[o] | (c[o + 1] << 8) | (c[o + 2] << 16)

    def make_transparent(self, index):
        self._transparent |= 1 << self._index(index)

    def make_opaque(self, index):
        self._transparent &= ~(1 << self._index(index))

    def is_transparent(self, index):
        return bool(self._transparent & (1 << self._index(index)))


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


class OnDiskBitmap:
    """Reads nothing from disk: a 1x1 image (CircuitPython keeps no pixels in RAM either)."""

    def __init__(self, file):
        self.width = 1
        self.height = 1
        self.pixel_shader = ColorConverter()

    def __getitem__(self, i):
        return 0


class _Node:
    """Position / visibility / group membership shared by TileGrid and Group (private
    attributes, so that subclasses such as adafruit_display_text's LabelBase may define
    their own properties)."""

    def __init__(self, x, y):
        self._x = _int(x, "x")
        self._y = _int(y, "y")
        self._hidden = False
        self._in_group = False

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = _int(v, "x")

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, v):
        self._y = _int(v, "y")

    @property
    def hidden(self):
        return self._hidden

    @hidden.setter
    def hidden(self, v):
        self._hidden = bool(v)


class TileGrid(_Node):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        if not isinstance(bitmap, (Bitmap, OnDiskBitmap)):
            raise TypeError("unsupported bitmap type")
        if not isinstance(pixel_shader, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
        tile_width = tile_width or bitmap.width  # 0 or None: the whole bitmap
        tile_height = tile_height or bitmap.height
        if tile_width < 1:
            raise ValueError("tile_width must be >= 1")
        if tile_height < 1:
            raise ValueError("tile_height must be >= 1")
        if bitmap.width % tile_width:
            raise ValueError("Tile width must exactly divide bitmap width")
        if bitmap.height % tile_height:
            raise ValueError("Tile height must exactly divide bitmap height")
        if not 1 <= width <= 0xFFFF:
            raise ValueError("width must be 1-65535")
        if not 1 <= height <= 0xFFFF:
            raise ValueError("height must be 1-65535")
        n = (bitmap.width // tile_width) * (bitmap.height // tile_height)
        if n < 1:
            raise ValueError("bitmap length must be >= 1")
        if not 0 <= default_tile < n:
            raise ValueError("default_tile must be 0-%d" % (n - 1))
        _Node.__init__(self, x, y)
        self._bitmap = bitmap
        self._shader = pixel_shader
        self._tw = tile_width
        self._th = tile_height
        self._wt = width
        self._ht = height
        self._n = n  # tiles in the bitmap: the valid tile values are 0..n-1
        self._flags = 0
        # CircuitPython keeps a single tile index inline (and up to 4), a heap array
        # beyond (uint8_t while the bitmap has at most 256 tiles)
        self._tile0 = default_tile
        n = width * height
        self._tiles = None if n == 1 else (bytearray([default_tile] * n)
                                           if self._n <= 256 else [default_tile] * n)

    @property
    def bitmap(self):
        return self._bitmap

    @bitmap.setter
    def bitmap(self, b):
        if not isinstance(b, (Bitmap, OnDiskBitmap)):
            raise TypeError("unsupported bitmap type")
        if b.width != self._bitmap.width or b.height != self._bitmap.height:
            raise ValueError("New bitmap must be same size as old bitmap")
        self._bitmap = b

    @property
    def pixel_shader(self):
        return self._shader

    @pixel_shader.setter
    def pixel_shader(self, s):
        if not isinstance(s, (Palette, ColorConverter)):
            raise TypeError("unsupported pixel_shader type")
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

    def _pos(self, index):
        """The grid position of index (an int y * width + x, or an (x, y) pair)."""
        n = self._wt
        if isinstance(index, int):
            if index < 0 or index >= n * self._ht:
                raise IndexError("Tile index out of bounds")
            return index
        x = _int(index[0], "x")
        y = _int(index[1], "y")
        if not (0 <= x < n and 0 <= y < self._ht):
            raise IndexError("Tile index out of bounds")
        return y * n + x

    def __getitem__(self, index):
        i = self._pos(index)
        t = self._tiles
        return self._tile0 if t is None else t[i]

    def __setitem__(self, index, value):
        i = self._pos(index)
        value = _int(value, "the tile value")
        if not 0 <= value < self._n:
            raise ValueError("tile must be 0-%d" % (self._n - 1))
        t = self._tiles
        if t is None:
            self._tile0 = value
        else:
            t[i] = value

    def contains(self, touch_tuple):
        x, y = touch_tuple[0], touch_tuple[1]
        return (self._x <= x < self._x + self._wt * self._tw
                and self._y <= y < self._y + self._ht * self._th)


class Group(_Node):
    def __init__(self, *, scale=1, x=0, y=0):
        _Node.__init__(self, x, y)
        if not 1 <= scale <= 32767:
            raise ValueError("scale must be 1-32767")
        self._scale = scale
        self._items = []

    @property
    def scale(self):
        return self._scale

    @scale.setter
    def scale(self, v):
        v = _int(v, "scale")
        if not 1 <= v <= 32767:
            raise ValueError("scale must be 1-32767")
        self._scale = v

    # shared-module/displayio/Group.c _add_layer (_remove_layer sets in_group false again)
    @staticmethod
    def _add(layer):
        if not isinstance(layer, (TileGrid, Group)):
            raise ValueError("Layer must be a Group or TileGrid subclass")
        if layer._in_group:
            raise ValueError("Layer already in a group")
        layer._in_group = True

    def append(self, layer):
        self._add(layer)
        self._items.append(layer)

    def insert(self, index, layer):
        self._add(layer)
        self._items.insert(index, layer)

    def index(self, layer):
        try:
            return self._items.index(layer)
        except ValueError:
            raise ValueError("object not in sequence")

    def pop(self, i=-1):
        layer = self._items.pop(i)
        layer._in_group = False
        return layer

    def remove(self, layer):
        self.pop(self.index(layer))

    def sort(self, key=None, reverse=False):
        self._items.sort(key=key, reverse=reverse)

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return len(self._items) != 0

    def __getitem__(self, i):
        if not isinstance(i, int):
            raise NotImplementedError("Slices not supported")
        return self._items[i]

    def __setitem__(self, i, layer):
        if not isinstance(i, int):
            raise NotImplementedError("Slices not supported")
        o = self._items[i]  # IndexError before anything changes
        self._add(layer)
        o._in_group = False
        self._items[i] = layer

    def __delitem__(self, i):
        if not isinstance(i, int):
            raise NotImplementedError("Slices not supported")
        self.pop(i)

    def __contains__(self, layer):
        return layer in self._items

    def __iter__(self):
        return iter(self._items)


CIRCUITPYTHON_TERMINAL = Group()


def release_displays():
    pass
