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
#          centred (hw_frame); refreshed by hand (auto_refresh off) after each change. A
#          monitor's brightness is its own (picodvi has none: "Brightness not adjustable",
#          which hw_device.Device.set_brightness passes over): the setting dims the NeoPixels.
# keys   : a USB keyboard (the firmware feeds it to stdin: hw_stdin_keys.py) and the
#          three buttons (keypad.Keys, pulled up, pressed low): 1 = Start, 2 = next (Right
#          in a game, Down in a menu), 3 = A. A USB gamepad is not read (see docs).
# lights : 5 NeoPixels on board.NEOPIXEL.
# sound  : none: the TLV320DAC3100 on the I2S pins needs its registers set over I2C by a
#          driver library the program does not ship (Settings says so: Sound).
# storage: microcontroller.nvm (4 KB, one flash sector). clock: supervisor.ticks_ms().
import sys

import board
import keypad
import microcontroller
import neopixel
import supervisor

import hw_device
import hw_frame
from buttons import A, START, RIGHT, DOWN
from hw_stdin_keys import StdinKeys

# button n (board.BUTTON1..3) -> its bits
_BUTTONS = bytes((START, RIGHT | DOWN, A))


def _monitor():
    d = supervisor.runtime.display
    if d is None:
        import displayio
        import framebufferio
        import picodvi

        displayio.release_displays()
        fb = picodvi.Framebuffer(640, 480, clk_dp=board.CKP, clk_dn=board.CKN,
                                 red_dp=board.D0P, red_dn=board.D0N, green_dp=board.D1P,
                                 green_dn=board.D1N, blue_dp=board.D2P, blue_dn=board.D2N,
                                 color_depth=8)
        d = framebufferio.FramebufferDisplay(fb, auto_refresh=False)
        supervisor.runtime.display = d  # kept for the console after the program ends
    return d


class Device(hw_device.Device):
    Sound = "none on this board"  # what Settings' Sound row says (screen_settings._row)

    def __init__(self):
        d = _monitor()
        s = min(d.width // 160, d.height // 128)
        self.display = hw_frame.Frame(d, s if s > 1 else 1)
        self.keys = keypad.Keys((board.BUTTON1, board.BUTTON2, board.BUTTON3),
                                value_when_pressed=False, pull=True)
        self.ev = keypad.Event()
        self._held = 0
        self.kb = StdinKeys(supervisor.runtime, sys.stdin)
        self.pix = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=0.1, auto_write=False)
        self.nvm = microcontroller.nvm
        self._pwm = None  # (no tone: hw_device.Device.tone returns at once)
        self._audio = None
        self._tone_end = -1
        self._spk_en = None

    def _open_speaker(self):
        pass  # none (see the top): hw_device.Device.tone then returns at once

    def poll(self):
        ev = self.ev
        while self.keys.events.get_into(ev):  # up to the first press: one key per poll
            bit = _BUTTONS[ev.key_number]
            if ev.pressed:
                self._held |= bit
                return bit
            self._held &= ~bit
        return self.kb.poll()  # (held: the buttons only; a keyboard on stdin sends no key-ups)
