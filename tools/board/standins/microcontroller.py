"""microcontroller stand-in: nvm is 8 KB (SAMD51 PyBadge); flash-backed, not heap.

nvm is as strict as the firmware (CircuitPython shared-bindings/nvm/ByteArray.c): a slice
assignment needs step 1 and a bytes, bytearray, memoryview or byte array of exactly the
slice's length (no resize); an index takes an int 0..255. And it writes like the SAMD51 port
(ports/atmel-samd/common-hal/nvm/ByteArray.c -> ASF4 _flash_write in hpl/nvmctrl/
hpl_nvmctrl.c): every write, whatever its size, erases the 8 KB block (counted: nvm.erases)
and programs its 16 pages of 512 B again in order; _nvm_cut.arm(nvm, n, where) cuts the
power in the n-th write from now. Writes change the buffer in place: the firmware's
read-erase-program buffer is on the C stack, not the heap.
"""
import array


class ByteArray:
    def __init__(self, size):
        b = self._b = bytearray(size)
        for i in range(size):
            b[i] = 0xFF  # erased flash
        self.erases = 0
        self._cut = 0
        self._where = 0

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
            return self._b[start:stop]  # the firmware allocates the copy too
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
            for k in range(stop - start):
                b[start + k] = v[k]
        else:
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 255:
                raise ValueError("Bytes must be 0-255.")
            b[i] = v
        self.erases += 1
        if _keep:
            with open(_keep, "wb") as f:
                f.write(b)
        if self._cut == self.erases:
            self._cut = 0
            __import__("_nvm_cut").cut(b, self._where, self.erases)


# STANDIN_NVM=path: the nvm kept in that file from run to run (a power cycle between two)
_keep = __import__("os").getenv("STANDIN_NVM")
nvm = ByteArray(getattr(__import__("board"), "_nvm_size", 8192))  # 8 KB: SAMD51, ESP32-S3


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


if _keep:
    try:
        with open(_keep, "rb") as _f:
            _f.readinto(nvm._b)
        _f = None
    except OSError:
        pass
