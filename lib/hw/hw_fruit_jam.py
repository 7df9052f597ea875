# Adafruit Fruit Jam hardware layer (RP2350B + PSRAM, CircuitPython 10): code.py imports
# it on board_id adafruit_fruit_jam (hw_boards.py), and on no other board.
#
# display: the firmware's own DVI display, supervisor.runtime.display: a framebufferio
#          FramebufferDisplay over a picodvi Framebuffer that the firmware makes at power-on
#          when a monitor answers on the DVI port's I2C (640x480, or 720x400 when the
#          monitor's preferred mode is 1080p; 8-bit RGB332; CIRCUITPY_DISPLAY_WIDTH and
#          _HEIGHT in settings.toml choose another: ports/raspberrypi/common-hal/picodvi/
#          __init__.c). None (no monitor at power-on, or CIRCUITPY_PICODVI_ENABLE=never):
#          made here at 640x480, 8 bits, as the firmware would. The 160x128 table is one
#          Group scaled by the largest whole factor that fits (3 at 640x480 and 720x400) and
#          centred; refreshed by hand (auto_refresh off) after each change.
# keys   : a USB keyboard (the firmware feeds it to stdin: stdin_keys.py) and the three
#          buttons (keypad.Keys, pulled up, pressed low): 1 = Start, 2 = next (Right in a
#          game, Down in a menu), 3 = A. A USB gamepad is not read.
# lights : 5 NeoPixels on board.NEOPIXEL.
# sound  : none: the TLV320DAC3100 on the I2S pins needs its registers set over I2C by a
#          driver library the program does not ship (Settings says so: no_sound).
# storage: microcontroller.nvm (4 KB, one flash sector). clock: supervisor.ticks_ms().
import sys
import time

import board
import displayio
import keypad
import microcontroller
import neopixel
import supervisor

from buttons import A, START, RIGHT, DOWN
from stdin_keys import StdinKeys

# button n (board.BUTTON1..3) -> its bits
_BUTTONS = bytes((START, RIGHT | DOWN, A))


class _Screen:
    """What gfx sees as the display: its root_group is the table's group, which is shown
    inside one scaled, centred group on the monitor (gfx sets it again, through None, to
    send a full refresh: so does this)."""

    def __init__(self, d):
        self.d = d
        s = min(d.width // 160, d.height // 128)
        if s < 1:  # (a mode smaller than the table: its top-left corner)
            s = 1
        self.top = displayio.Group(scale=s, x=max(0, (d.width - 160 * s) // 2),
                                   y=max(0, (d.height - 128 * s) // 2))
        self.g = None

    @property
    def root_group(self):
        return self.g

    @root_group.setter
    def root_group(self, g):
        if g is None:
            self.d.root_group = None
            return
        if g is not self.g:
            if self.g is not None:
                self.top.remove(self.g)
            self.top.append(g)
            self.g = g
        self.d.root_group = self.top


def _monitor():
    d = supervisor.runtime.display
    if d is None:
        import framebufferio
        import picodvi

        displayio.release_displays()
        fb = picodvi.Framebuffer(640, 480, clk_dp=board.CKP, clk_dn=board.CKN,
                                 red_dp=board.D0P, red_dn=board.D0N, green_dp=board.D1P,
                                 green_dn=board.D1N, blue_dp=board.D2P, blue_dn=board.D2N,
                                 color_depth=8)
        d = framebufferio.FramebufferDisplay(fb, auto_refresh=False)
        supervisor.runtime.display = d  # kept for the console after the program ends
    d.auto_refresh = False
    return d


class Device:
    is_device = True
    no_sound = True

    def __init__(self):
        self.monitor = _monitor()
        self.display = _Screen(self.monitor)
        self.keys = keypad.Keys((board.BUTTON1, board.BUTTON2, board.BUTTON3),
                                value_when_pressed=False, pull=True)
        self.ev = keypad.Event()
        self._held = 0
        self.kb = StdinKeys(supervisor.runtime, sys.stdin)
        self.pix = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=0.1, auto_write=False)
        self.nvm = microcontroller.nvm

    # ---- clock ----------------------------------------------------------------------------
    def now_ms(self):
        return supervisor.ticks_ms() & 0x1FFFFFFF

    def new_seed(self):
        return time.monotonic_ns() & 0x3FFFFFFF

    # ---- keys -----------------------------------------------------------------------------
    def held(self):
        return self._held  # (the buttons only: a keyboard on stdin sends no key-ups)

    def poll(self):
        ev = self.ev
        while self.keys.events.get_into(ev):  # up to the first press: one key per poll
            bit = _BUTTONS[ev.key_number]
            if ev.pressed:
                self._held |= bit
                return bit
            self._held &= ~bit
        return self.kb.poll()

    # ---- lights ---------------------------------------------------------------------------
    def set_pixel(self, i, rgb):
        self.pix[i] = rgb

    def show_pixels(self):
        self.pix.show()

    def set_brightness(self, level):
        # (a DVI monitor's brightness is its own: FramebufferDisplay raises "Brightness not
        # adjustable" for a picodvi framebuffer; the NeoPixels follow the setting)
        self.pix.brightness = 0.1 * level

    # ---- sound ----------------------------------------------------------------------------
    def tone(self, freq, ms):
        pass

    def update(self, now):
        pass

    # ---- screen ---------------------------------------------------------------------------
    def refresh(self):
        self.monitor.refresh(target_frames_per_second=None)

    def run(self, app):
        app.start(self.now_ms())
        self.refresh()
        while True:
            now = self.now_ms()
            app.step(now, self.poll())
            if app.dirty:
                app.dirty = False
                self.refresh()
            time.sleep(0.01)
