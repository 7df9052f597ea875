class RawSample:
    """Keeps a reference to the caller's buffer (CircuitPython copies nothing); the buffer
    must support the buffer protocol (an array of b/B/h/H samples on a board)."""

    def __init__(self, buffer, *, channel_count=1, sample_rate=8000, single_buffer=True):
        memoryview(buffer)  # TypeError when it is not a buffer
        if channel_count < 1:
            raise ValueError("channel_count must be >= 1")
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
