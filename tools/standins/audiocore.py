class RawSample:
    """Keeps a reference to the caller's buffer (CircuitPython copies nothing)."""

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        self.buffer = buffer
        self.sample_rate = sample_rate

    def deinit(self):
        pass


class WaveFile:
    def __init__(self, file, buffer=None):
        self.file = file
        self.sample_rate = 8000
        self.buffer = buffer if buffer is not None else bytearray(512)

    def deinit(self):
        pass
