"""audioio stand-in for a SAMD51 board: AudioOut plays through a DAC pin (PA02 =
SPEAKER / A0, PA05 = A1); any other pin is ValueError("Invalid pin"). There is no
audiopwmio on the atmel-samd port (its mpconfigport.mk never sets CIRCUITPY_AUDIOPWMIO,
which py/circuitpy_mpconfig.mk leaves off; the PWM-audio ports -- nrf, raspberrypi,
stm -- set it), so this is the only way to make a sound on a PyBadge / PyGamer.
play() takes an audiocore sample (TypeError otherwise); .sample is the last one played."""
import audiocore
import board


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        if left_channel is not board.SPEAKER and left_channel is not board.A1:
            raise ValueError("Invalid pin")
        self.playing = False
        self.paused = False
        self.sample = None

    def play(self, sample, *, loop=False):
        # (no tuple of types built here: play() runs in the heap-locked steady loop)
        if not (isinstance(sample, audiocore.RawSample)
                or isinstance(sample, audiocore.WaveFile)):
            raise TypeError("sample must be an audiocore sample")
        self.sample = sample
        self.playing = True

    def stop(self):
        self.playing = False

    def pause(self):
        self.paused = True

    def resume(self):
        self.paused = False

    def deinit(self):
        self.playing = False

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
