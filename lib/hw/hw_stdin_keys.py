# Keys typed on a keyboard that reaches the console's standard input, as button bits.
#
# CircuitPython feeds a USB keyboard on a host port to stdin (supervisor/shared/usb/
# host_keyboard.c: a 16-byte ring buffer; arrows as ESC [ A..D, with Ctrl ESC [ 1 ; 5 A..D;
# Enter as CR, which sys.stdin turns into LF (shared/runtime/sys_stdio_mphal.c), Esc 0x1B,
# Backspace 0x08, Shift+Backspace 0x7F; a held key repeats after 0.5 s, every 50 ms). A
# terminal on the USB serial console sends the same bytes. Read without blocking: only
# what supervisor.runtime.serial_bytes_available says is there, one byte at a time into a
# bytearray (readinto: no str, and no wait for the rest of a UTF-8 character, which
# sys.stdin.read would do for an Alt+key byte over 0x7F). One key per poll, like the
# buttons; the rest waits in the firmware's buffer.
#
# A lone Esc is told from an escape sequence by the poll after it: the firmware puts a
# sequence in its buffer whole (a terminal sends one in one USB packet), so Esc with
# nothing after it by the next poll was the Esc key (10 ms later).
from buttons import A, B, START, SELECT, LEFT, RIGHT, UP, DOWN

# the keys the desktop window maps too (hw_desktop.Desktop._keymap), and their buttons
_CHARS = b"\n\r\x1b\x08\x7f \tzZaAxXbBhH"
_BITS = bytes((START, START, START, B, B, SELECT, SELECT, A, A, A, A, B, B, B, B, UP, UP))
# the final byte of ESC [ ... / ESC O ...: A-D are the arrows
_ARROWS = bytes((UP, DOWN, RIGHT, LEFT))


class StdinKeys:
    def __init__(self, runtime, stream):
        self.rt = runtime  # supervisor.runtime
        self.inp = stream  # sys.stdin
        self.b = bytearray(1)
        # 1: after ESC, 3: after ESC in an earlier poll, 2: inside ESC [ or ESC O (until its
        # final byte)
        self.esc = 0
        self.put = -1  # a byte read after a lone ESC, decoded at the next poll

    def _byte(self):
        """The next byte typed, or -1 when none is there (never waits)."""
        if self.put >= 0:
            c = self.put
            self.put = -1
            return c
        if not self.rt.serial_bytes_available:
            return -1
        self.inp.readinto(self.b, 1)
        return self.b[0]

    def poll(self):
        """The button bits of the next key typed (0: none)."""
        while True:
            c = self._byte()
            e = self.esc
            if c < 0:
                if e == 1:  # nothing after Esc yet: the next poll tells
                    self.esc = 3
                elif e == 3:  # still nothing: the Esc key
                    self.esc = 0
                    return START
                return 0
            if e & 1:
                if c == 0x5B or c == 0x4F:  # "[" or "O"
                    self.esc = 2
                    continue
                self.esc = 0  # Esc, then another key: both count, one per poll
                self.put = c
                return START
            if e == 2:
                if 0x40 <= c <= 0x7E:  # the sequence's final byte
                    self.esc = 0
                    if 0x41 <= c <= 0x44:
                        return _ARROWS[c - 0x41]
                continue  # parameters (digits, ";") and keys we do not use
            if c == 0x1B:
                self.esc = 1
                continue
            for i in range(len(_CHARS)):
                if _CHARS[i] == c:
                    return _BITS[i]
