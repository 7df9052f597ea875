# PyGamer: the PyBadge's screen, speaker, lights and nvm (hw_device), 4 shift-register keys
# (B, A, Start, Select: buttons.py's bits 0-3) and an analog stick (board.JOYSTICK_X / _Y,
# 0-65535) read as Left / Right / Up / Down.
#
# The stick presses a direction once when it leaves the dead zone, as a D-pad key does
# (keypad gives one press per push, no auto-repeat): pushed past _ON from the centre it is
# pressed, and it is let go only back inside _OFF, so a stick resting near the edge of the
# dead zone cannot chatter into a row of presses.
import analogio
import board

import hw_device
from buttons import LEFT, RIGHT, UP, DOWN

try:
    from micropython import const
except ImportError:
    def const(x):
        return x

_ON = const(16384)  # of 32768 from the centre: a push
_OFF = const(8192)  # back within this: let go


def _axis(v, held, low, high):
    """The direction bit of one axis at reading v (0-65535), held: its bit until now."""
    d = v - 32768
    if d <= -_ON or (held == low and d < -_OFF):
        return low
    if d >= _ON or (held == high and d > _OFF):
        return high
    return 0


class Device(hw_device.Device):
    def __init__(self):
        hw_device.Device.__init__(self, 4)
        self.joy_x = analogio.AnalogIn(board.JOYSTICK_X)
        self.joy_y = analogio.AnalogIn(board.JOYSTICK_Y)
        self._joy = 0

    def held(self):
        return self._held | self._joy

    def poll(self):
        pressed = hw_device.Device.poll(self)
        if pressed:  # one key per poll: the stick is read again next poll
            return pressed
        j = self._joy
        n = _axis(self.joy_x.value, j & (LEFT | RIGHT), LEFT, RIGHT) | \
            _axis(self.joy_y.value, j & (UP | DOWN), UP, DOWN)
        new = n & ~j
        if new & (LEFT | RIGHT) and new & (UP | DOWN):
            # one key per poll, as the keys give: a diagonal push gives its horizontal
            # first, its vertical at the next poll
            new &= LEFT | RIGHT
            n &= j | LEFT | RIGHT
        self._joy = n
        return new
