"""NeoPixels and tones.

Pixels (left to right on the PyBadge): Back Alley 0 = West, 2 = North, 4 = East,
1 and 3 = you (South); Alley Cat 0-1 = you, 3-4 = the computer, 2 = the alley cat.
Whose turn: that seat's pixels lit (you green, others blue). A finished trick flashes the
winner's pixels yellow (red for an alley cat trick) while the trick stays on show.
"""
S_SOUND = 5  # index of the sound setting (app.S_SOUND)


def due(now, t):
    """True once the wrapping millisecond clock now (29 bits) has reached t."""
    return ((now - t) & 0x1FFFFFFF) < 0x10000000

OFF = 0x000000
YOU = 0x00C000
CPU = 0x0030FF
WIN = 0xFFB000
CAT = 0xFF0000

# tones: (frequency Hz, ms)
T_PLAY = (880, 25)
T_TRICK = (660, 70)
T_CAT = (196, 260)
T_WIN = (1047, 450)
T_LOSE = (262, 450)
T_BAD = (140, 90)
T_MOVE = (1500, 8)

_BA_PIX = ((1, 3), (0, 0), (2, 2), (4, 4))  # pixels of seats S, W, N, E
_AC_PIX = ((0, 1), (3, 4))


class Fx:
    def __init__(self, hw, app):
        self.hw = hw
        self.app = app
        self.cur = [0, 0, 0, 0, 0]
        self.want = [0, 0, 0, 0, 0]
        self.flash_a = -1  # pixels flashing
        self.flash_b = -1
        self.flash_col = 0
        self.flash_until = 0
        self.flash_next = 0
        self.flash_on = False

    def _show(self):
        changed = False
        for i in range(5):
            if self.want[i] != self.cur[i]:
                self.cur[i] = self.want[i]
                self.hw.set_pixel(i, self.want[i])
                changed = True
        if changed:
            self.hw.show_pixels()

    def lights_off(self):
        self.flash_a = -1
        for i in range(5):
            self.want[i] = OFF
        self._show()

    def turn(self, game, seat):
        """game: 1 Alley Cat, 2 Back Alley; seat -1: nobody."""
        if self.flash_a >= 0:
            return
        for i in range(5):
            self.want[i] = OFF
        if seat >= 0:
            pix = _AC_PIX[seat] if game == 1 else _BA_PIX[seat]
            c = YOU if seat == 0 else CPU
            self.want[pix[0]] = c
            self.want[pix[1]] = c
        self._show()

    def flash(self, game, seat, now, ms, cat=False):
        pix = _AC_PIX[seat] if game == 1 else _BA_PIX[seat]
        self.flash_a = pix[0]
        self.flash_b = pix[1]
        self.flash_col = CAT if cat else WIN
        self.flash_until = (now + ms) & 0x1FFFFFFF
        self.flash_next = now
        self.flash_on = False
        for i in range(5):
            self.want[i] = OFF
        if cat:
            self.want[2] = CAT
        self.update(now)

    def stop_flash(self):
        self.flash_a = -1

    def update(self, now):
        if self.flash_a < 0:
            return
        if due(now, self.flash_until):
            self.flash_a = -1
            return
        if due(now, self.flash_next):
            self.flash_on = not self.flash_on
            c = self.flash_col if self.flash_on else OFF
            self.want[self.flash_a] = c
            self.want[self.flash_b] = c
            self.flash_next = (now + 150) & 0x1FFFFFFF
            self._show()

    def tone(self, t):
        if self.app.settings[S_SOUND]:
            self.hw.tone(t[0], t[1])
