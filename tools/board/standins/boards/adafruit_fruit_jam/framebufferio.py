"""framebufferio (stand-in): FramebufferDisplay as shared-bindings/framebufferio/
FramebufferDisplay.c and shared-module/displayio/display_core.c have it.

FramebufferDisplay(framebuffer, *, rotation=0, auto_refresh=True): rotation in steps of 90
("Display rotation must be in 90 degree increments"), one display at a time ("Too many
displays", CIRCUITPY_DISPLAY_LIMIT 1); width / height / rotation / framebuffer read-only;
root_group a Group or None, and not a group that is already in a group or shown ("Group
already used", ValueError); refresh(*, target_frames_per_second=None,
minimum_frames_per_second=0), keyword-only; brightness: a picodvi framebuffer has none, so
reading it is RuntimeError "Brightness not adjustable", and so is setting it (after the 0-1
check). Nothing is drawn: refreshes counts the refresh() calls, shown is the root group the
last one showed.
"""
import displayio

_active = []


class FramebufferDisplay:
    def __init__(self, framebuffer, *, rotation=0, auto_refresh=True):
        if rotation % 90:
            raise ValueError("Display rotation must be in 90 degree increments")
        if _active:
            raise RuntimeError("Too many displays")
        self._fb = framebuffer
        self._r = rotation % 360
        self._g = None
        self.auto_refresh = auto_refresh
        self.refreshes = 0
        self.shown = None
        _active.append(self)

    @property
    def framebuffer(self):
        return self._fb

    @property
    def rotation(self):
        return self._r

    @property
    def width(self):
        return self._fb.height if self._r in (90, 270) else self._fb.width

    @property
    def height(self):
        return self._fb.width if self._r in (90, 270) else self._fb.height

    @property
    def root_group(self):
        return self._g

    @root_group.setter
    def root_group(self, group):
        if group is not None and not isinstance(group, displayio.Group):
            raise TypeError("root_group must be of type Group, not %s" % type(group).__name__)
        if group is self._g:
            return
        if group is not None and group._in_group:
            raise ValueError("Group already used")
        if self._g is not None:
            self._g._in_group = False
        if group is not None:
            group._in_group = True
        self._g = group

    @property
    def brightness(self):
        raise RuntimeError("Brightness not adjustable")

    @brightness.setter
    def brightness(self, value):
        value = float(value)
        if value < 0 or value > 1.0:
            raise ValueError("brightness must be 0-1")
        raise RuntimeError("Brightness not adjustable")

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        self.shown = self._g
        return True

    def fill_row(self, y, buffer):
        return buffer

    def _release(self):
        if self in _active:
            _active.remove(self)
        self._fb.deinit()
