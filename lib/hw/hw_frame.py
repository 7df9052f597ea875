# A board's screen bigger than the program's 160x128: the program's group is shown centred
# (scaled by scale) inside one Group of this module's, the rest of the screen black: black
# masks over the margins cut what the program draws past its 160x128 (its text lines run
# a little past the right and bottom edges, which a PyBadge's screen cuts). The program
# sets root_group / refresh / brightness as on a PyBadge's own display.
import displayio


class Frame:
    def __init__(self, display, scale=1):
        self.lcd = display
        display.auto_refresh = False
        self.auto_refresh = False
        self.width = 160
        self.height = 128
        self._shown = None
        w = display.width
        h = display.height
        x = (w - 160 * scale) // 2
        y = (h - 128 * scale) // 2
        self._outer = displayio.Group(x=x, y=y, scale=scale)
        self._masks = displayio.Group()
        black = displayio.Palette(1)
        black[0] = 0
        for mx, my, mw, mh in ((0, 0, x, h), (x + 160 * scale, 0, w - x - 160 * scale, h),
                               (x, 0, 160 * scale, y), (x, y + 128 * scale, 160 * scale,
                                                        h - y - 128 * scale)):
            if mw > 0 and mh > 0:
                self._masks.append(displayio.TileGrid(displayio.Bitmap(mw, mh, 1),
                                                      pixel_shader=black, x=mx, y=my))
        self._root = displayio.Group()
        self._root.append(self._outer)
        self._root.append(self._masks)

    @property
    def root_group(self):
        return self._shown

    @root_group.setter
    def root_group(self, group):
        # None then the same group again is how gfx asks for a full refresh: the group
        # stays in the frame, and the frame is shown again (the firmware repaints it all)
        o = self._outer
        if group is None:
            self.lcd.root_group = None
            return
        if group is not self._shown:
            if len(o):
                o.pop()
            o.append(group)
            self._shown = group
        self.lcd.root_group = self._root

    @property
    def brightness(self):
        return self.lcd.brightness

    @brightness.setter
    def brightness(self, level):
        self.lcd.brightness = level

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        return self.lcd.refresh(target_frames_per_second=target_frames_per_second,
                                minimum_frames_per_second=minimum_frames_per_second)
