"""Double-buffered records in non-volatile memory (microcontroller.nvm: 8 KB on SAMD51).

Each kind of record (settings, statistics, running game) owns two fixed slots. A record is

    magic 0xA7 0xC8 | kind | seq (u16 LE) | length (u16 LE) | payload | Fletcher-16 (LE)

Writing always goes to the slot that does NOT hold the newest valid record, with seq + 1, so
a power cut during a write leaves the previous record intact. Reading takes the valid slot
with the newer seq (compared modulo 2**16). A slot that is blank (all 0x00 or all 0xFF) is
simply empty; anything else that does not check out is reported as ignored, never raised.
"""

SETTINGS = 0
STATS = 1
GAME = 2

_OFFS = ((0, 64), (128, 256), (512, 1024))
_SIZES = (64, 128, 288)
_HDR = 7

EMPTY = 0
OK = 1
IGNORED = 2  # something was there but it was corrupt or foreign


# Same Fletcher-16 as engine.common.checksum16, kept here on purpose: records are read at
# power-on, before any game, and the app drops every engine module between games to free
# their memory; importing engine.common here would pin a second copy of it across games.
def fletcher(buf, start, end):
    a = 0
    b = 0
    for i in range(start, end):
        a = (a + buf[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a


class Records:
    def __init__(self, nvm):
        self.nvm = nvm
        self.buf = bytearray(288)
        self.mv = memoryview(self.buf)
        self.slot = [-1, -1, -1]  # slot holding the newest valid record per kind
        self.seq = [0, 0, 0]
        self.status = [EMPTY, EMPTY, EMPTY]
        if len(nvm) < 1024 + 288:
            raise ValueError("nvm too small")
        for k in range(3):
            self._scan(k)

    def _check(self, kind, off):
        """Length of the valid payload at off, -1 blank, -2 invalid."""
        nvm = self.nvm
        size = _SIZES[kind]
        b0 = nvm[off]
        if b0 in (0, 0xFF):
            blank = True
            for i in range(off, off + _HDR):
                if nvm[i] != b0:
                    blank = False
                    break
            if blank:
                return -1
        if nvm[off] != 0xA7 or nvm[off + 1] != 0xC8 or nvm[off + 2] != kind:
            return -2
        n = nvm[off + 5] | (nvm[off + 6] << 8)
        if _HDR + n + 2 > size:
            return -2
        buf = self.buf
        for i in range(_HDR + n + 2):
            buf[i] = nvm[off + i]
        c = fletcher(buf, 0, _HDR + n)
        if buf[_HDR + n] != (c & 0xFF) or buf[_HDR + n + 1] != (c >> 8):
            return -2
        return n

    def _scan(self, kind):
        best = -1
        bseq = 0
        bad = False
        for s in range(2):
            off = _OFFS[kind][s]
            n = self._check(kind, off)
            if n == -2:
                bad = True
            if n < 0:
                continue
            seq = self.nvm[off + 3] | (self.nvm[off + 4] << 8)
            if best < 0 or ((seq - bseq) & 0xFFFF) < 0x8000:
                best = s
                bseq = seq
        self.slot[kind] = best
        self.seq[kind] = bseq
        if best >= 0:
            self.status[kind] = OK
        else:
            self.status[kind] = IGNORED if bad else EMPTY

    def read(self, kind, out):
        """Copy the newest valid payload of kind into out; its length, or -1 if none."""
        s = self.slot[kind]
        if s < 0:
            return -1
        off = _OFFS[kind][s]
        n = self._check(kind, off)
        if n < 0:  # changed under us: rescan once
            self._scan(kind)
            s = self.slot[kind]
            if s < 0:
                return -1
            off = _OFFS[kind][s]
            n = self._check(kind, off)
            if n < 0:
                return -1
        nvm = self.nvm
        for i in range(n):
            out[i] = nvm[off + _HDR + i]
        return n

    def write(self, kind, payload, n):
        """Write payload[0:n] as the new record of kind (into the other slot)."""
        s = 1 - self.slot[kind] if self.slot[kind] >= 0 else 0
        seq = (self.seq[kind] + 1) & 0xFFFF
        buf = self.buf
        buf[0] = 0xA7
        buf[1] = 0xC8
        buf[2] = kind
        buf[3] = seq & 0xFF
        buf[4] = seq >> 8
        buf[5] = n & 0xFF
        buf[6] = n >> 8
        for i in range(n):
            buf[_HDR + i] = payload[i]
        c = fletcher(buf, 0, _HDR + n)
        buf[_HDR + n] = c & 0xFF
        buf[_HDR + n + 1] = c >> 8
        total = _HDR + n + 2
        off = _OFFS[kind][s]
        self.nvm[off:off + total] = self.mv[0:total]
        self.slot[kind] = s
        self.seq[kind] = seq
        self.status[kind] = OK
