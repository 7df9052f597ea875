# The SAMD51 boards' hardware layer (CircuitPython): hw_pybadge's Device as is, hw_pygamer's
# base. code.py picks the board's module by board.board_id (lib/hw/hw_boards.py).
#
# display: board.DISPLAY (160x128), refreshed by hand (auto_refresh off) after each change.
# buttons: keypad.ShiftRegisterKeys (key n = buttons.py's bit n), read into one preallocated
#          keypad.Event; keys: how many (a PyGamer has 4 and a stick: hw_pygamer).
# lights : 5 NeoPixels on board.NEOPIXEL.
# sound  : short square-wave tones through audioio on board.SPEAKER (the SAMD51's DAC on
#          PA02, which has no PWM timer and the port has no audiopwmio), the amplifier
#          switched by board.SPEAKER_ENABLE; pwmio only on boards without audioio.
# storage: microcontroller.nvm (8 KB).  clock: supervisor.ticks_ms().
import time

import board
import keypad
import microcontroller
import neopixel

try:
    from supervisor import ticks_ms as _ticks
except ImportError:  # not CircuitPython: a millisecond count from time.monotonic()
    def _ticks():
        return int(time.monotonic() * 1000)


class Device:
    def __init__(self, keys=8):
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=keys, value_when_pressed=True)
        self.ev = keypad.Event()
        self._held = 0
        self.pix = neopixel.NeoPixel(board.NEOPIXEL, 5, brightness=0.1, auto_write=False)
        self.nvm = microcontroller.nvm
        if self.nvm is None:  # a board without nvm: play on, nothing survives power-off
            self.nvm = bytearray(1312)
        self._pwm = None
        self._audio = None
        self._sample = None  # one looped square wave: a tone sets its sample_rate
        self._tone_end = -1
        self._spk_en = None
        try:
            import digitalio
            self._spk_en = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            self._spk_en.switch_to_output(value=False)
        except (AttributeError, ImportError, ValueError):
            self._spk_en = None
        # opened now, while the heap is empty: made mid-game, the speaker's few objects
        # were strewn over the holes the next game's modules need
        try:
            self._open_speaker()
        except (ValueError, RuntimeError, OSError, ImportError):
            pass

    # ---- clock ----------------------------------------------------------------------------
    def now_ms(self):
        return _ticks() & 0x1FFFFFFF

    def new_seed(self):
        return time.monotonic_ns() & 0x3FFFFFFF

    # ---- buttons --------------------------------------------------------------------------
    def held(self):
        return self._held

    def poll(self):
        pressed = 0
        ev = self.ev
        while self.keys.events.get_into(ev):  # up to the first press: one key per poll
            bit = 1 << ev.key_number
            if ev.pressed:
                pressed = bit
                self._held |= bit
                break
            self._held &= ~bit
        return pressed

    # ---- lights ---------------------------------------------------------------------------
    def set_pixel(self, i, rgb):
        self.pix[i] = rgb

    def show_pixels(self):
        self.pix.show()

    def set_brightness(self, level):
        try:
            self.display.brightness = level
        except RuntimeError:  # "Brightness not adjustable" on some displays
            pass
        self.pix.brightness = 0.1 * level

    # ---- sound ----------------------------------------------------------------------------
    def tone(self, freq, ms):
        now = self.now_ms()
        if self._pwm is None and self._audio is None:
            return
        try:
            if self._spk_en is not None:
                self._spk_en.value = True
            if self._pwm is not None:
                self._pwm.frequency = freq
                self._pwm.duty_cycle = 0x8000
            else:
                s = self._sample
                s.sample_rate = freq << 4  # (read by play(): the pitch of this tone)
                self._audio.play(s, loop=True)
            self._tone_end = (now + ms) & 0x1FFFFFFF
        except (ValueError, RuntimeError, OSError, ImportError):
            self._tone_end = -1

    def _open_speaker(self):
        try:
            import audioio
        except ImportError:  # no DAC audio on this board: a PWM pin, if the speaker has one
            import pwmio
            self._pwm = pwmio.PWMOut(board.SPEAKER, duty_cycle=0, frequency=440,
                                     variable_frequency=True)
            return
        # loop one period of a square wave, 16 samples, at freq * 16 samples a second
        import array
        import audiocore
        self._wave = array.array("H", [0xC000 if i < 8 else 0x4000 for i in range(16)])
        self._sample = audiocore.RawSample(self._wave, sample_rate=440 << 4)
        self._audio = audioio.AudioOut(board.SPEAKER)

    def update(self, now):
        if self._tone_end >= 0 and ((now - self._tone_end) & 0x1FFFFFFF) < 0x10000000:
            self._tone_end = -1
            if self._pwm is not None:
                self._pwm.duty_cycle = 0
            if self._audio is not None:
                self._audio.stop()
            if self._spk_en is not None:
                self._spk_en.value = False

    # ---- screen ---------------------------------------------------------------------------
    def refresh(self):
        # at once: with the default target_frames_per_second=60 the firmware skips a
        # refresh asked for more than a frame after the last call (busdisplay/BusDisplay.c)
        self.display.refresh(target_frames_per_second=None)

    def run(self, app):
        app.start(self.now_ms())
        self.refresh()
        while True:
            now = self.now_ms()
            app.step(now, self.poll())
            self.update(now)
            if app.dirty:
                app.dirty = False
                self.refresh()
            time.sleep(0.01)
