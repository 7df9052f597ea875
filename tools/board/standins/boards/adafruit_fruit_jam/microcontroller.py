"""microcontroller on an Adafruit Fruit Jam (stand-in): nvm is 4 KB (RP2350,
CIRCUITPY_INTERNAL_NVM_SIZE), one 4 KB flash sector, not heap.

nvm is as strict as the firmware (shared-bindings/nvm/ByteArray.c): a slice assignment
needs step 1 and a bytes-like value of exactly the slice's length; an index takes an int
0..255 and must be inside the 4 KB (IndexError). It writes like the RP2350 port
(ports/raspberrypi/common-hal/nvm/ByteArray.c): when every byte to be written is still
erased (0xFF) the 256-byte pages are programmed as they are (no erase); otherwise the whole
sector is read, erased (counted: nvm.erases) and programmed again. $STANDIN_NVM names a
file that keeps the 4 KB between runs (a power cycle): read at import, written after each
write.
"""
import array
import os

_PATH = os.getenv("STANDIN_NVM")


class ByteArray:
    def __init__(self, size):
        b = self._b = bytearray(size)
        for i in range(size):
            b[i] = 0xFF  # erased flash
        if _PATH:
            try:
                with open(_PATH, "rb") as f:
                    d = f.read()
                b[0:len(d)] = d[0:size]
            except OSError:
                pass
        self.erases = 0
        self.writes = 0

    def __len__(self):
        return len(self._b)

    def _span(self, s):
        start, stop, step = s.indices(len(self._b))
        if step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        return start, max(start, stop)

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop = self._span(i)
            return self._b[start:stop]
        return self._b[i]

    def __setitem__(self, i, v):
        b = self._b
        if isinstance(i, slice):
            start, stop = self._span(i)
            if not isinstance(v, (bytes, bytearray, memoryview, array.array)):
                raise NotImplementedError("array/bytes required on right side")
            if len(v) != stop - start:
                raise ValueError("Slice and value different lengths.")
            if isinstance(v, array.array) and len(bytes(v)) != len(v):
                raise ValueError("Array values should be single bytes.")
        else:
            if not -len(b) <= i < len(b):
                raise IndexError("ByteArray index out of range")
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 255:
                raise ValueError("Bytes must be 0-255.")
            start = i % len(b)
            stop = start + 1
            v = bytes((v,))
        blank = True
        for k in range(start, stop):
            if b[k] != 0xFF:
                blank = False
                break
        if not blank:
            self.erases += 1
        for k in range(stop - start):
            b[start + k] = v[k]
        self.writes += 1
        if _PATH:
            with open(_PATH, "wb") as f:
                f.write(b)


nvm = ByteArray(4096)


class _Processor:
    frequency = 150000000
    temperature = 25.0
    voltage = 3.3
    uid = b"\x00" * 8


cpu = _Processor()


class RunMode:
    NORMAL = 0
    SAFE_MODE = 1
    BOOTLOADER = 2
    UF2 = 3


class Pin:
    pass


def reset():
    raise SystemExit("microcontroller.reset()")


def on_next_reset(run_mode):
    pass


def delay_us(us):
    pass


def disable_interrupts():
    pass


def enable_interrupts():
    pass
