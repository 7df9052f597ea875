"""audiobusio stand-in (shared-bindings/audiobusio/I2SOut.c): I2SOut(bit_clock, word_select,
data, *, main_clock=None, left_justified=False, external_clock=False) claims its pins;
play(sample, *, loop=False) takes an audiocore sample."""
import audiocore
import board


class I2SOut:
    def __init__(self, bit_clock, word_select, data, *, main_clock=None, left_justified=False,
                 external_clock=False):
        self._p = (board._claim(bit_clock, "bit_clock"), board._claim(word_select, "word_select"),
                   board._claim(data, "data"))
        self.playing = False
        self.paused = False
        self.sample = None

    def play(self, sample, *, loop=False):
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
        for p in self._p:
            board._release(p)
        self.playing = False
