"""busdisplay stand-in: board.DISPLAY of a PyBadge (a 160x128 ST7735R) as CircuitPython 10
has it. Holds no framebuffer.

What the firmware refuses and this refuses too:
  * there is no show(): removed in 9.0, root_group is the only way to show a Group
    (adafruit/circuitpython#8499 upstream: dir(display) has no 'show');
  * displayio.Display was an alias of busdisplay.BusDisplay in 9.x only
    (shared-bindings/displayio/__init__.c: "Remove these in CircuitPython 10");
  * brightness outside 0-1.0 is a ValueError (shared-bindings/displayio/Display.c,
    the code BusDisplay was moved from: "Brightness must be 0-1.0");
  * root_group must be a displayio.Group or None.
"""


class BusDisplay:
    def __init__(self, width, height):
        self._w = width
        self._h = height
        self._g = None  # root_group
        self._b = 1.0  # brightness
        self.auto_refresh = True
        self.rotation = 0
        self.refreshes = 0

    @property
    def width(self):
        return self._w

    @property
    def height(self):
        return self._h

    @property
    def root_group(self):
        return self._g

    @root_group.setter
    def root_group(self, group):
        import displayio

        if group is not None and not isinstance(group, displayio.Group):
            raise TypeError("root_group must be of type Group, not %s" % type(group).__name__)
        self._g = group

    @property
    def brightness(self):
        return self._b

    @brightness.setter
    def brightness(self, value):
        value = float(value)
        if value < 0 or value > 1.0:
            raise ValueError("Brightness must be 0-1.0")
        self._b = value

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
