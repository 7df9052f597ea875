"""Pixel counts and the firmware's dirty areas, for tools/board/board_time.py (imported by its
driver, board_time_driver.py, under the MicroPython unix port; the heap tools run without
it). Patches the stand-ins of tools/board/standins/ in place.

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
calls[0] counts those calls: the Python frame of each (its call and return, outside the
timed part) is left in the program's time, and calibrate() says how much more that is
than a C call of the VM costs, so that board_time can take the difference off;
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
calls = [0]
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
    calls[0] += 1

_T = displayio.TileGrid
_P = displayio.Palette
_G = displayio.Group


# Dirty rectangles live in 4-int lists made once per bitmap / layer and updated in place
# (x2 <= x1: none), so that the stand-ins allocate nothing per poll: the unix port's
# collections are then the program's own, as on a board, whose displayio is C.
def _grow(r, x1, y1, x2, y2):
    if r[2] <= r[0]:
        r[0] = x1
        r[1] = y1
        r[2] = x2
        r[3] = y2
        return
    if x1 < r[0]:
        r[0] = x1
    if y1 < r[1]:
        r[1] = y1
    if x2 > r[2]:
        r[2] = x2
    if y2 > r[3]:
        r[3] = y2


def _rect(o, name):
    r = getattr(o, name, None)
    if r is None:
        r = [0, 0, 0, 0]  # (once per bitmap / layer)
        setattr(o, name, r)
    return r


def _mark(bm, x1, y1, x2, y2):
    if x2 > x1 and y2 > y1:
        _grow(_rect(bm, "_dz"), x1, y1, x2, y2)


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
    w = x2 - x1
    if dest._w - x < w:
        w = dest._w - x
    h = y2 - y1
    if dest._h - y < h:
        h = dest._h - y
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
    _grow(_rect(self, "_pd"), x, y, x + self._tw, y + self._th)
    _end(t, m)


_T.__setitem__ = _tile_set


def _timed_get(get):
    """get (a stand-in's __getitem__) timed as C, like the setters (made once per class)."""
    def timed(self, i):
        t = _t()
        m = _a0()
        v = get(self, i)
        _end(t, m)
        return v
    return timed


_T.__getitem__ = _timed_get(_T.__getitem__)


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


_P.__setitem__ = _pal_set
_P.__getitem__ = _timed_get(_pget)


# The layers of the last refresh (bottom first) and their offsets, and its areas (4 ints
# each): lists grown only to a new most, so that a refresh allocates nothing.
_LY = []
_OX = []
_OY = []
_AR = []
_k = [0, 0]  # layers, areas


def _layers(g, ox, oy):
    """Every tile grid under group g, bottom first, into _LY / _OX / _OY."""
    for ly in g._items:
        if isinstance(ly, _G):
            if not ly._hidden:
                _layers(ly, ox + ly._x, oy + ly._y)
        else:
            k = _k[0]
            if k == len(_LY):
                _LY.append(None)
                _OX.append(0)
                _OY.append(0)
            _LY[k] = ly
            _OX[k] = ox
            _OY[k] = oy
            _k[0] = k + 1


def _add(x1, y1, x2, y2):
    i = _k[1] * 4
    if i == len(_AR):
        _AR.extend((0, 0, 0, 0))
    _AR[i] = x1
    _AR[i + 1] = y1
    _AR[i + 2] = x2
    _AR[i + 3] = y2
    _k[1] += 1


def areas(root):
    """The refresh areas of root (a Group) now into _AR (_k[1] of them), its layers into
    _LY (_k[0]), and every layer's state moved on as finish_refresh does."""
    _k[0] = 0
    _k[1] = 0
    _layers(root, 0, 0)
    i = _k[0]
    while i > 0:  # the firmware walks the top layer first
        i -= 1
        ly = _LY[i]
        x = _OX[i] + ly._x
        y = _OY[i] + ly._y
        x2 = x + ly._wt * ly._tw
        y2 = y + ly._ht * ly._th
        pa = getattr(ly, "_pa", None)
        if pa is not None and pa[2] <= pa[0]:
            pa = None  # (hidden at the last refresh)
        if ly._hidden:
            if pa is not None:
                _add(pa[0], pa[1], pa[2], pa[3])
        elif getattr(ly, "_mv", False) and pa is not None:
            ux1 = pa[0] if pa[0] < x else x
            uy1 = pa[1] if pa[1] < y else y
            ux2 = pa[2] if pa[2] > x2 else x2
            uy2 = pa[3] if pa[3] > y2 else y2
            if (ux2 - ux1) * (uy2 - uy1) <= 2 * (x2 - x) * (y2 - y):
                _add(ux1, uy1, ux2, uy2)
            else:
                _add(x, y, x2, y2)
                _add(pa[0], pa[1], pa[2], pa[3])
        else:
            full = getattr(ly, "_fc", False) or getattr(ly._shader, "_ch", False) or pa is None
            part = getattr(ly, "_pd", None)
            if part is not None and part[2] <= part[0]:
                part = None
            bd = getattr(ly._bitmap, "_dz", None)
            if bd is not None and bd[2] > bd[0]:
                if ly._n == 1:
                    part = bd
                else:
                    full = True
            if full:
                _add(x, y, x2, y2)
            elif part is not None:
                _add(x + part[0], y + part[1], x + part[2], y + part[3])
    for i in range(_k[0]):  # finish_refresh
        ly = _LY[i]
        pa = _rect(ly, "_pa")
        if ly._hidden:
            pa[0] = pa[2] = 0
        else:
            pa[0] = _OX[i] + ly._x
            pa[1] = _OY[i] + ly._y
            pa[2] = pa[0] + ly._wt * ly._tw
            pa[3] = pa[1] + ly._ht * ly._th
        ly._mv = False
        ly._fc = False
        r = getattr(ly, "_pd", None)
        if r is not None:
            r[0] = r[2] = 0
        ly._shader._ch = False
        r = getattr(ly._bitmap, "_dz", None)
        if r is not None:
            r[0] = r[2] = 0


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
    areas(self._g)
    if getattr(self, "_full", False):
        self._full = False
        _k[1] = 0
        _add(0, 0, self._w, self._h)
    if TRACE is not None:
        TRACE.append([_AR[4 * j:4 * j + 4] for j in range(_k[1])])
    w = self._w
    h = self._h
    for q in range(_k[1]):
        j = 4 * q  # (a range loop's variable is its counter in MicroPython: not changed)
        ax1 = _AR[j] if _AR[j] > 0 else 0  # clipped to the display
        ay1 = _AR[j + 1] if _AR[j + 1] > 0 else 0
        ax2 = _AR[j + 2] if _AR[j + 2] < w else w
        ay2 = _AR[j + 3] if _AR[j + 3] < h else h
        if ax2 <= ax1 or ay2 <= ay1:
            continue
        n[4] += 1
        n[3] += (ax2 - ax1) * (ay2 - ay1)
        for i in range(_k[0]):  # every visible layer over it
            ly = _LY[i]
            if ly._hidden:
                continue
            x = _OX[i] + ly._x
            y = _OY[i] + ly._y
            x2 = x + ly._wt * ly._tw
            y2 = y + ly._ht * ly._th
            ox1 = ax1 if ax1 > x else x
            oy1 = ay1 if ay1 > y else y
            ox2 = ax2 if ax2 < x2 else x2
            oy2 = ay2 if ay2 < y2 else y2
            if ox2 > ox1 and oy2 > oy1:
                n[2] += (ox2 - ox1) * (oy2 - oy1)
    _end(t, m)
    return True


busdisplay.BusDisplay.refresh = refresh


def trace(root):
    """(debugging) the state of every layer under root, without moving any on."""
    out = []
    _k[0] = 0
    _layers(root, 0, 0)
    for i in range(_k[0]):
        ly = _LY[i]
        out.append((getattr(ly, "_hidden", None), getattr(ly, "_mv", 0), getattr(ly, "_fc", 0),
                    getattr(ly, "_pd", None), getattr(ly._bitmap, "_dz", None),
                    getattr(ly._shader, "_ch", 0)))
    return out


def calibrate(n=2000, tries=15):
    """Nanoseconds a patched stand-in call leaves in the program's time beyond what a C call
    of this VM costs there (on a board these calls are C): the least over a tile read, a
    position read and a palette read, each against a bytearray subscript (a C call without
    a Python frame), each the fastest of tries (the machine is shared). A few hundred ns on
    the unix port, the same in every poll; 0 if the stand-ins cost no more."""
    g = _T(_B(12, 12, 2), pixel_shader=_P(2), width=2, height=1, tile_width=6,
           tile_height=12)
    p = g.pixel_shader
    b = bytearray(2)
    best = [10 ** 9] * 4
    for _ in range(tries):
        for k in range(4):
            s = spent[0]
            t = _t()
            if k == 0:
                for i in range(n):
                    v = b[1]
            elif k == 1:
                for i in range(n):
                    v = g[1]
            elif k == 2:
                for i in range(n):
                    v = g.x
            else:
                for i in range(n):
                    v = p[1]
            d = _d(_t(), t) - (spent[0] - s)
            if d < best[k]:
                best[k] = d
    spent[0] = 0
    calls[0] = 0
    e = min(best[1], best[2], best[3]) - best[0]
    return max(0, e * 1000 // n)
