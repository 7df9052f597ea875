# The records in non-volatile memory (microcontroller.nvm: 8 KB, one flash block on SAMD51).
#
# Why one image written whole: on the SAMD51 every write to microcontroller.nvm, however small,
# reads the whole 8 KB block, erases it and programs its 16 pages of 512 B again in order
# (CircuitPython ports/atmel-samd/common-hal/nvm/ByteArray.c calls ASF4 flash_write, whose
# _flash_write in hpl/nvmctrl/hpl_nvmctrl.c does exactly that). So a write costs one block
# erase whatever its size (the block is good for ~10,000), and a power cut during it loses
# whatever was not programmed again yet -- old copies in the same block included, so double
# buffering inside the block cannot help. Hence: all records live in one 512-byte image in RAM
# (the block's first page, programmed first, right after the erase), changed with put() and
# written with one slice assignment by commit(), only when a byte changed.
#
# Order inside the image (the most valuable first): statistics, settings, the running game.
# Each region holds one record or is blank (0xFF):
#
#     magic 0xA7 0xC9 | kind | length (u16 LE) | payload | Fletcher-16 (LE)
#
# A blank region (all 0xFF, or all 0x00) is empty; anything else that does not check out is
# reported IGNORED (and blanked in the image, so that the next write clears it), never raised.

SETTINGS = 0
STATS = 1
GAME = 2

IMAGE = 512  # one flash page: written first after the erase
PAGE = 512
# region of each kind (offset, size), by kind number: statistics first, then the settings
OFFSET = (96, 0, 128)
SIZE = (32, 96, 384)
_HDR = 5
GAME_PAYLOAD = OFFSET[GAME] + _HDR  # where the game's payload starts in the image

EMPTY = 0
OK = 1
IGNORED = 2  # something was there but it was corrupt or foreign


# Same Fletcher-16 as engine.common.checksum16, kept here on purpose: records are read at
# power-on, before any game, and the app drops every engine module between games to free
# their memory; importing engine.common here would pin a second copy of it across games.
def fletcher(buf, start, end):
    # the sums reduced once at the end (the same value: a record of <= 384 bytes keeps b
    # under 2**26, a small int on the board): two additions a byte instead of two modulos
    a = 0
    b = 0
    for i in range(start, end):
        a += buf[i]
        b += a
    return ((b % 255) << 8) | (a % 255)


class Records:
    def __init__(self, nvm):
        self.nvm = nvm
        if len(nvm) < IMAGE:
            raise ValueError("nvm too small")
        img = self.img = bytearray(IMAGE)
        for i in range(IMAGE):  # byte by byte: an nvm slice read allocates a copy
            img[i] = nvm[i]
        self.dirty = False
        self.writes = 0  # commits that wrote (each one block erase on the board)
        self.status = bytearray(3)
        for k in range(3):
            n = self._check(k)
            if n == -2:
                self.status[k] = IGNORED
                self._blank(k)
            else:
                self.status[k] = OK if n >= 0 else EMPTY

    def _blank(self, kind):
        img = self.img
        off = OFFSET[kind]
        for i in range(off, off + SIZE[kind]):
            if img[i] != 0xFF:
                img[i] = 0xFF
                self.dirty = True

    def _check(self, kind):
        """Length of the valid payload of kind in the image, -1 blank, -2 invalid."""
        img = self.img
        off = OFFSET[kind]
        b0 = img[off]
        blank = b0 == 0xFF or b0 == 0  # erased flash, or a zeroed stand-in (hw_device)
        for i in range(off, off + SIZE[kind]):
            if img[i] != b0:
                blank = False
                break
        if blank:
            return -1
        if img[off] != 0xA7 or img[off + 1] != 0xC9 or img[off + 2] != kind:
            return -2
        n = img[off + 3] | (img[off + 4] << 8)
        if _HDR + n + 2 > SIZE[kind]:
            return -2
        end = off + _HDR + n
        c = fletcher(img, off, end)
        if img[end] != (c & 0xFF) or img[end + 1] != (c >> 8):
            return -2
        return n

    def read(self, kind, out):
        """Copy the payload of kind into out; its length, or -1 if there is none."""
        n = self._check(kind)
        if n < 0:
            return -1
        img = self.img
        off = OFFSET[kind] + _HDR
        for i in range(n):
            out[i] = img[off + i]
        return n

    def put(self, kind, payload, n):
        """Make payload[0:n] the record of kind in the image (written by commit())."""
        img = self.img
        off = OFFSET[kind]
        if _HDR + n + 2 > SIZE[kind]:
            raise ValueError("record too long")
        d = self.dirty
        if img[off] != 0xA7 or img[off + 1] != 0xC9 or img[off + 2] != kind or \
                img[off + 3] != n & 0xFF or img[off + 4] != n >> 8:
            img[off] = 0xA7
            img[off + 1] = 0xC9
            img[off + 2] = kind
            img[off + 3] = n & 0xFF
            img[off + 4] = n >> 8
            d = True
        o = off + _HDR
        for i in range(n):
            v = payload[i]
            if img[o + i] != v:
                img[o + i] = v
                d = True
        if d:
            end = o + n
            c = fletcher(img, off, end)
            img[end] = c & 0xFF
            img[end + 1] = c >> 8
            for i in range(end + 2, off + SIZE[kind]):  # the rest of the region stays blank
                img[i] = 0xFF
            self.dirty = True
        self.status[kind] = OK

    def clear(self, kind):
        """No record of kind any more (written by commit())."""
        self._blank(kind)
        self.status[kind] = EMPTY

    def commit(self):
        """Write the image if it changed: one slice assignment, i.e. one block erase on the
        board. True if it wrote."""
        if not self.dirty:
            return False
        try:
            self.nvm[0:IMAGE] = self.img
        except RuntimeError:  # the firmware's "Unable to write to nvm.": play on unsaved
            return False
        self.dirty = False
        self.writes += 1
        return True
