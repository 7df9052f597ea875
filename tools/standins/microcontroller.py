"""microcontroller stand-in: nvm is 8 KB (SAMD51 PyBadge); flash-backed, not heap.

nvm is as strict as the firmware (CircuitPython shared-bindings/nvm/ByteArray.c): a slice
assignment needs step 1 and a bytes, bytearray, memoryview or byte array of exactly the
slice's length (no resize); an index takes an int 0..255; nothing can be deleted. And it
writes like the SAMD51 port (ports/atmel-samd/common-hal/nvm/ByteArray.c -> ASF4
_flash_write in hpl/nvmctrl/hpl_nvmctrl.c): every write, whatever its size, erases the 8 KB
block (counted: nvm.erases) and programs its 16 pages of 512 B again in order. arm(n, where)
makes the n-th write from now lose power (raises PowerCut) at where: -1 during the erase
(block all 0xFF), -2 during the erase (garbage), k after k pages, 100 + k while page k was
programmed (garbage). Writes change the buffer in place: the firmware's read-erase-program
buffer is on the C stack, not the heap.
"""
import array

_PAGE = 512


class PowerCut(BaseException):
    pass


class ByteArray:
    def __init__(self, size):
        self._b = bytearray(b"\xff" * size)
        self.erases = 0
        self._cut = 0
        self._where = 0

    def arm(self, n, where):
        self._cut = self.erases + n
        self._where = where

    def __len__(self):
        return len(self._b)

    def __bool__(self):
        return len(self._b) != 0

    def _bounds(self, s):
        start, stop, step = s.indices(len(self._b))
        if step != 1:
            raise NotImplementedError("only slices with step=1 (aka None) are supported")
        if stop < start:
            stop = start
        return start, stop

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop = self._bounds(i)
            return self._b[start:stop]  # the firmware allocates the copy too
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError("nvm indices must be integers")
        return self._b[i]

    def __setitem__(self, i, v):
        b = self._b
        if isinstance(i, slice):
            start, stop = self._bounds(i)
            if not isinstance(v, (bytes, bytearray, memoryview, array.array)):
                raise NotImplementedError("array/bytes required on right side")
            if len(v) != stop - start:
                raise ValueError("Slice and value different lengths.")
            if isinstance(v, array.array) and len(bytes(v)) != len(v):
                raise ValueError("Array values should be single bytes.")
            for k in range(stop - start):
                b[start + k] = v[k]
            self._written(start, stop)
            return
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError("nvm indices must be integers")
        if not -len(b) <= i < len(b):
            raise IndexError("ByteArray index out of range")
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 255:
            raise ValueError("Bytes must be 0-255.")
        b[i] = v
        self._written(i, i + 1)

    def __delitem__(self, i):
        raise TypeError("'ByteArray' object doesn't support item deletion")

    def _written(self, start, stop):
        self.erases += 1
        if self._cut != self.erases:
            return
        self._cut = 0
        b = self._b
        w = self._where
        first = 0  # first byte the cut leaves erased or garbage
        junk_end = 0
        if w >= 100:
            first = (w - 100) * _PAGE
            junk_end = first + _PAGE
        elif w >= 0:
            first = w * _PAGE
        elif w == -2:
            junk_end = len(b)
        x = 12345
        for k in range(first, len(b)):
            if k < junk_end:
                x = (x * 1103515245 + 12345) & 0x7FFFFFFF
                b[k] = (x >> 16) & 0xFF
            else:
                b[k] = 0xFF
        raise PowerCut("power cut in nvm write %d at %d" % (self.erases, w))


nvm = ByteArray(8192)


class _Processor:
    frequency = 120000000
    temperature = 25.0
    voltage = 3.3
    uid = b"\x00" * 16


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
