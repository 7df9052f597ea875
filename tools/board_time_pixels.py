"""Pixel counts and the firmware's dirty areas, for tools/board_time.py (imported by its
driver, board_time_driver.py, under the MicroPython unix port; the heap tools run without
it). Patches the stand-ins of tools/standins/ in place.

What is counted, per display refresh (CircuitPython 10, shared-module/...):
  filled     pixels written by bitmaptools.fill_region / Bitmap.fill / bitmap[i] = v;
  blitted    source pixels bitmaptools.blit walks (bitmaptools/__init__.c: one get and
             one write per pixel);
  sent       pixels of every refresh area, each area on its own (busdisplay/BusDisplay.c
             _refresh_display: areas are not merged, an overlap goes out twice);
  composited for each area, the pixels of every visible layer that overlaps it
             (displayio/TileGrid.c displayio_tilegrid_fill_area walks its overlap).
After root_group is set to another group (None included) the next refresh is one area,
the whole display (display_core.c: full_refresh). Refresh areas follow displayio/TileGrid.c displayio_tilegrid_get_refresh_areas: a hidden
layer gives its previous area (once), a moved one previous + current, a palette change,
`hidden = False` (even when it was visible) or a new pixel_shader the whole layer, tile
writes their tiles, a full-bitmap layer its bitmap's dirty rectangle (one rectangle: the
union of every write, displayio/Bitmap.c displayio_bitmap_set_dirty_area), a tiled
layer over a changed bitmap the whole layer.

DRAW = False skips the per-pixel Python loops (C on a board; argument checks stay);
spent[0] is the time (us) spent inside the patched stand-in calls, which are C on a board;
with AL = [0, 0] (the driver's "alloc"), AL[0] counts the bytes they allocate and AL[1] is
set where gc.mem_alloc() fell inside one (a collection).
"""
import gc
import utime
import displayio
import bitmaptools
import busdisplay

DRAW = True
TRACE = None  # a list: each refresh's areas are appended (debugging)
n = [0, 0, 0, 0, 0]  # filled, blitted, composited, sent, refresh areas
spent = [0]
AL = None
_ma = gc.mem_alloc  # (walks the heap's table: only with AL)
_t = utime.ticks_us
_d = utime.ticks_diff
_B = displayio.Bitmap


def _a0():
    return _ma() if AL else 0


def _end(t, m):
    if AL:
        d = _ma() - m
        if d >= 0:
            AL[0] += d
        else:
            AL[1] = 1
    spent[0] += _d(_t(), t)

_T = displayio.TileGrid
_P = displayio.Palette
_G = displayio.Group


def _u(a, b):
    if a is None:
        return b
    return [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]


def _mark(bm, x1, y1, x2, y2):
    if x2 > x1 and y2 > y1:
        bm._dz = _u(getattr(bm, "_dz", None), [x1, y1, x2, y2])


_fill = bitmaptools.fill_region


def fill_region(dest, x1, y1, x2, y2, value):
    t = _t()
    m = _a0()
    if DRAW:
        _fill(dest, x1, y1, x2, y2, value)
    else:
        bitmaptools._value(dest, value)
        bitmaptools._coord(x1, 0, dest.width, "x1")
        bitmaptools._coord(x2, x1, dest.width, "x2")
        bitmaptools._coord(y1, 0, dest.height, "y1")
        bitmaptools._coord(y2, y1, dest.height, "y2")
    if x2 > x1 and y2 > y1:
        n[0] += (x2 - x1) * (y2 - y1)
        _mark(dest, x1, y1, x2, y2)
    _end(t, m)


_blit = bitmaptools.blit


def blit(dest, src, x, y, *, x1=0, y1=0, x2=None, y2=None, skip_source_index=None,
         skip_dest_index=None):
    t = _t()
    m = _a0()
    if x2 is None:
        x2 = src.width
    if y2 is None:
        y2 = src.height
    if DRAW:
        _blit(dest, src, x, y, x1=x1, y1=y1, x2=x2, y2=y2,
              skip_source_index=skip_source_index, skip_dest_index=skip_dest_index)
    else:
        bitmaptools._coord(x, 0, dest.width, "x")
        bitmaptools._coord(y, 0, dest.height, "y")
        bitmaptools._coord(x1, 0, src.width, "x1")
        bitmaptools._coord(x2, x1, src.width, "x2")
        bitmaptools._coord(y1, 0, src.height, "y1")
        bitmaptools._coord(y2, y1, src.height, "y2")
    w = min(x2 - x1, dest.width - x)
    h = min(y2 - y1, dest.height - y)
    if w > 0 and h > 0:
        n[1] += w * h
        _mark(dest, x, y, x + w, y + h)
    _end(t, m)


bitmaptools.fill_region = fill_region
bitmaptools.blit = blit

_bfill = _B.fill
_bset = _B.__setitem__


def _bitmap_fill(self, value):
    t = _t()
    m = _a0()
    if DRAW:
        _bfill(self, value)
    n[0] += self._w * self._h
    _mark(self, 0, 0, self._w, self._h)
    _end(t, m)


def _bitmap_set(self, key, value):
    t = _t()
    m = _a0()
    _bset(self, key, value)
    if isinstance(key, int):
        x = key % self._w
        y = key // self._w
    else:
        x = key[0]
        y = key[1]
    n[0] += 1
    _mark(self, x, y, x + 1, y + 1)
    _end(t, m)


_B.fill = _bitmap_fill
_B.__setitem__ = _bitmap_set

_tset = _T.__setitem__


def _tile_set(self, index, value):
    t = _t()
    m = _a0()
    _tset(self, index, value)
    i = self._pos(index)
    x = (i % self._wt) * self._tw
    y = (i // self._wt) * self._th
    self._pd = _u(getattr(self, "_pd", None), [x, y, x + self._tw, y + self._th])
    _end(t, m)


_T.__setitem__ = _tile_set


def _get_hidden(self):  # (C on a board: timed like the setters)
    t = _t()
    m = _a0()
    v = self._hidden
    _end(t, m)
    return v


def _set_hidden(self, v):
    t = _t()
    m = _a0()
    self._hidden = bool(v)
    if not v:  # TileGrid.c set_hidden: full_change whenever it is (still) shown
        self._fc = True
    _end(t, m)


def _get_x(self):  # (C on a board: timed like the setters)
    t = _t()
    m = _a0()
    v = self._x
    _end(t, m)
    return v


def _set_x(self, v):
    t = _t()
    m = _a0()
    v = displayio._int(v, "x")
    if v != self._x:
        self._x = v
        self._mv = True
    _end(t, m)


def _get_y(self):  # (C on a board: timed like the setters)
    t = _t()
    m = _a0()
    v = self._y
    _end(t, m)
    return v


def _set_y(self, v):
    t = _t()
    m = _a0()
    v = displayio._int(v, "y")
    if v != self._y:
        self._y = v
        self._mv = True
    _end(t, m)


def _get_shader(self):
    t = _t()
    m = _a0()
    v = self._shader
    _end(t, m)
    return v


def _set_shader(self, v):  # (the program never sets it after start-up)
    self._shader = v
    self._fc = True


_T.pixel_shader = property(_get_shader, _set_shader)

for _c in (_T, _G):
    _c.hidden = property(_get_hidden, _set_hidden)
    _c.x = property(_get_x, _set_x)
    _c.y = property(_get_y, _set_y)

_pset = _P.__setitem__
_pget = _P.__getitem__


def _pal_set(self, i, v):
    t = _t()
    m = _a0()
    old = _pget(self, i)
    _pset(self, i, v)
    if _pget(self, i) != old:
        self._ch = True
    _end(t, m)


def _pal_get(self, i):
    t = _t()
    m = _a0()
    v = _pget(self, i)
    _end(t, m)
    return v


_P.__setitem__ = _pal_set
_P.__getitem__ = _pal_get


def _size(a):
    return (a[2] - a[0]) * (a[3] - a[1])


def _layers(g, ox, oy, out):
    """(tilegrid, x, y) of every tile grid under group g, bottom first."""
    for ly in g._items:
        if isinstance(ly, _G):
            if not ly._hidden:
                _layers(ly, ox + ly._x, oy + ly._y, out)
        else:
            out.append((ly, ox, oy))


def _cur(ly, ox, oy):
    x = ox + ly._x
    y = oy + ly._y
    return [x, y, x + ly._wt * ly._tw, y + ly._ht * ly._th]


def areas(root):
    """The refresh areas of root (a Group) now, and every layer's state moved on as
    finish_refresh does."""
    out = []
    lays = []
    _layers(root, 0, 0, lays)
    for ly, ox, oy in reversed(lays):  # the firmware walks the top layer first
        cur = _cur(ly, ox, oy)
        pa = getattr(ly, "_pa", None)
        bm = ly._bitmap
        sh = ly._shader
        if ly._hidden:
            if pa is not None:
                out.append(pa)
        elif getattr(ly, "_mv", False) and pa is not None:
            u = _u(pa, cur)
            if _size(u) <= 2 * _size(cur):
                out.append(u)
            else:
                out.append(cur)
                out.append(pa)
        else:
            full = getattr(ly, "_fc", False) or getattr(sh, "_ch", False) or pa is None
            part = getattr(ly, "_pd", None)
            bd = getattr(bm, "_dz", None)
            if bd is not None:
                if ly._n == 1:
                    part = bd
                else:
                    full = True
            if full:
                out.append(cur)
            elif part is not None:
                out.append([cur[0] + part[0], cur[1] + part[1], cur[0] + part[2],
                            cur[1] + part[3]])
    for ly, ox, oy in lays:  # finish_refresh
        ly._pa = None if ly._hidden else _cur(ly, ox, oy)
        ly._mv = False
        ly._fc = False
        ly._pd = None
        ly._shader._ch = False
        ly._bitmap._dz = None
    return out, lays


def _clip(a, w, h):
    return [max(a[0], 0), max(a[1], 0), min(a[2], w), min(a[3], h)]


def _get_root(self):
    return self._g


def _set_root(self, group):
    # display_core.c displayio_display_core_set_root_group: another group (None included)
    # means full_refresh: the next refresh is one area, the whole display
    t = _t()
    m = _a0()
    if group is not self._g:
        self._full = True
    self._g = group
    _end(t, m)


busdisplay.BusDisplay.root_group = property(_get_root, _set_root)


def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
    self.refreshes += 1
    if self._g is None:
        return True
    t = _t()
    m = _a0()
    got, lays = areas(self._g)
    if getattr(self, "_full", False):
        self._full = False
        got = [[0, 0, self._w, self._h]]
    vis = [_cur(ly, ox, oy) for ly, ox, oy in lays if not ly._hidden]
    if TRACE is not None:
        TRACE.append(got)
    for a in got:
        a = _clip(a, self._w, self._h)
        if a[2] <= a[0] or a[3] <= a[1]:
            continue
        n[4] += 1
        n[3] += _size(a)
        for c in vis:
            o = [max(a[0], c[0]), max(a[1], c[1]), min(a[2], c[2]), min(a[3], c[3])]
            if o[2] > o[0] and o[3] > o[1]:
                n[2] += _size(o)
    _end(t, m)
    return True


busdisplay.BusDisplay.refresh = refresh


def trace(root):
    """(debugging) the refresh areas root would give now, without moving any state on."""
    out = []
    lays = []
    _layers(root, 0, 0, lays)
    for ly, ox, oy in lays:
        out.append((getattr(ly, "_hidden", None), getattr(ly, "_mv", 0), getattr(ly, "_fc", 0),
                    getattr(ly, "_pd", None), getattr(ly._bitmap, "_dz", None),
                    getattr(ly._shader, "_ch", 0)))
    return out
