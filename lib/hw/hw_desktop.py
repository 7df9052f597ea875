"""Desktop hardware layer (CPython + Blinka displayio + pygame). Never loaded on the device.

Two ways to run:
  window   : a pygame window shows the board's screen (--board: BOARDS) scaled up, its
             NeoPixels under it; the keyboard is the button pad; the save lives in a file.
  headless : no window at all (SDL dummy driver); a virtual clock; keys come from a list;
             after each key the program runs until it waits for input again and the frame
             can be saved as PNG. Used by the tests and for screenshots.
"""
import array
import contextlib
import io
import os
import random
import sys
import time

# Blinka prints a board warning on import; keep stdout clean.
with contextlib.redirect_stdout(io.StringIO()):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import displayio
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay
    import numpy as np
    from displayio._area import Area

import buttons as B

NVM_SIZE = 8192
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # lib/hw/..
DEFAULT_SAVE = os.path.join(ROOT, "save.bin")

KEY_NAMES = {
    "a": B.A, "b": B.B, "start": B.START, "select": B.SELECT, "left": B.LEFT,
    "right": B.RIGHT, "up": B.UP, "down": B.DOWN,
    "l": B.LEFT, "r": B.RIGHT, "u": B.UP, "d": B.DOWN, "st": B.START, "se": B.SELECT,
    "enter": B.START, "space": B.SELECT, "z": B.A, "x": B.B,
}


class Board:
    """One row of BOARDS: a board family's screen as the desktop shows it.

    screen: (width, height) of the board's display, in its own pixels (headless shots are
    saved at this size); scale: the program's 160x128 on it (shown centred, as lib/hw/
    hw_frame.py does on the board); window: the window's default scale (a float: a big
    screen is scaled down to fit); pixels: NeoPixels drawn under it (one: the first lit of
    the program's five, as the board shows them); keys: {pygame key name (K_...): button}
    the window adds for the board's keys; names: {name: button} --keys adds; depth: the
    screen's colour bits (8: RGB332, as a Fruit Jam's DVI output shows the palette); nvm:
    its size in bytes; sound: False where the board plays none (Settings says so)."""

    def __init__(self, screen, scale=1, window=4, pixels=5, keys=None, names=None, depth=16,
                 nvm=NVM_SIZE, sound=True):
        self.screen = screen
        self.scale = scale
        self.window = window
        self.pixels = pixels
        self.keys = keys or {}
        self.names = names or {}
        self.depth = depth
        self.nvm = nvm
        self.sound = sound


# --board NAME (the families of lib/hw/hw_boards.py): another board is one more row
BOARDS = {
    "pybadge": Board((160, 128)),
    "pygamer": Board((160, 128)),  # the stick: the arrow keys
    # the arrows printed on ; . , / and Esc on the ` key (lib/hw/hw_cardputer.py)
    "cardputer": Board((240, 135), window=3, pixels=1,
                       keys={"K_SEMICOLON": B.UP, "K_PERIOD": B.DOWN, "K_COMMA": B.LEFT,
                             "K_SLASH": B.RIGHT, "K_BACKQUOTE": B.START},
                       names={"esc": B.START, "backspace": B.B, "del": B.B,
                              "tab": B.SELECT, "semicolon": B.UP, "period": B.DOWN,
                              "comma": B.LEFT, "slash": B.RIGHT, "h": B.UP}),
}
# Fruit Jam (lib/hw/hw_fruit_jam.py): a DVI monitor at 640x480, or 720x400 (what the
# firmware picks on a 1080p monitor), 8-bit; the table x3, centred; the keyboard as on a
# PyBadge's desktop, and its three buttons on 1 2 3 (Start, next = Right / Down, A); 4 KB nvm;
# no sound. The window is as wide as a PyBadge's (640: the 720-pixel mode scaled down).
_JAM_KEYS = {"K_1": B.START, "K_2": B.RIGHT | B.DOWN, "K_3": B.A}
_JAM_NAMES = {"button1": B.START, "button2": B.RIGHT | B.DOWN, "button3": B.A,
              "esc": B.START, "backspace": B.B, "tab": B.SELECT, "h": B.UP}
for _n, _w in (("fruit_jam", (640, 480)), ("fruit_jam_720x400", (720, 400))):
    BOARDS[_n] = Board(_w, scale=3, window=640 / _w[0], keys=_JAM_KEYS, names=_JAM_NAMES,
                       depth=8, nvm=4096, sound=False)
del _n, _w


class PowerCut(BaseException):
    """Raised by FileNvm in tests to simulate losing power in the middle of a write."""


# Where a simulated power cut falls inside one nvm write (FileNvm.arm):
CUT_ERASE_FF = -1  # during the block erase, the block left all 0xFF
CUT_ERASE_JUNK = -2  # during the block erase, the block left as garbage
# k = 0..16: after k pages were programmed (pages < k new, pages >= k still erased, 0xFF)
CUT_TORN = 100  # 100 + k: while page k was programmed (pages < k new, page k garbage)

PAGE = 512
BLOCK = 8192


class FileNvm:
    """microcontroller.nvm as the SAMD51 writes it, kept in a file.

    Like the firmware (CircuitPython shared-bindings/nvm/ByteArray.c): a slice assignment
    needs step 1, a bytes-like value (bytes, bytearray, memoryview, array of bytes) of
    exactly the slice's length; an index takes an int 0..255. Like the port's flash driver
    (ports/atmel-samd/common-hal/nvm/ByteArray.c -> ASF4 _flash_write): every write reads
    the 8 KB block, erases it (counted in .erases) and programs its 512-byte pages in order.
    arm(n, where) makes the n-th write from now lose power at `where` (CUT_*) and raise
    PowerCut; the file then holds what a board would.
    """

    def __init__(self, path, size=NVM_SIZE, cut_after=None):
        self.path = path
        self.data = bytearray(b"\xff" * size)
        self.erases = 0
        self.writes = 0
        self.cut_write = 0  # erases count at which the armed cut falls (0: none)
        self.cut_where = 0
        self.cut_seed = 0
        if cut_after is not None:
            self.arm(1, cut_after)
        if path and os.path.exists(path):
            with open(path, "rb") as f:
                raw = f.read(size)
            self.data[0:len(raw)] = raw
        if path:
            d = os.path.dirname(path)
            if d:
                os.makedirs(d, exist_ok=True)
            with open(path, "wb") as f:
                f.write(self.data)

    def arm(self, n, where, seed=0):
        """Cut the power during the n-th write from now (n >= 1), at where (CUT_*)."""
        self.cut_write = self.erases + n
        self.cut_where = where
        self.cut_seed = seed

    def __len__(self):
        return len(self.data)

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self.data))
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            return bytearray(self.data[start:stop])
        return self.data[i]

    def __setitem__(self, i, value):
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self.data))
            if step != 1:
                raise NotImplementedError("only slices with step=1 (aka None) are supported")
            if not isinstance(value, (bytes, bytearray, memoryview, array.array)):
                raise NotImplementedError("array/bytes required on right side")
            mv = memoryview(value)
            if mv.itemsize != 1:
                raise ValueError("Array values should be single bytes.")
            value = mv.tobytes()
            if len(value) != max(0, stop - start):
                raise ValueError("Slice and value different lengths.")
        else:
            if isinstance(i, bool) or not isinstance(i, int):
                raise TypeError("nvm index must be an int")
            if not -len(self.data) <= i < len(self.data):
                raise IndexError("ByteArray index out of range")
            start = i % len(self.data)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 255:
                raise ValueError("Bytes must be 0-255.")
            value = bytes((value,))
        self._flash_write(start, value)

    def _flash_write(self, start, value):
        """Read the block, change it in RAM, erase it, program its pages in order."""
        old = self.data
        new = bytearray(old)
        new[start:start + len(value)] = value
        self.erases += 1
        self.writes += 1
        cut = self.cut_write == self.erases
        if cut:
            self.cut_write = 0
            where = self.cut_where
            data = bytearray(b"\xff" * len(old))
            if where == CUT_ERASE_JUNK:
                data = bytearray(_junk(self.cut_seed, len(old)))
            elif where >= CUT_TORN:
                k = where - CUT_TORN
                data[:k * PAGE] = new[:k * PAGE]
                data[k * PAGE:(k + 1) * PAGE] = _junk(self.cut_seed, PAGE)
            elif where >= 0:
                data[:where * PAGE] = new[:where * PAGE]
            new = data
        self.data = new
        if self.path:
            with open(self.path, "r+b") as f:
                f.write(self.data)
        if cut:
            raise PowerCut("power cut in nvm write %d at %d" % (self.erases, where))


def _junk(seed, n):
    """n bytes of garbage (a half-erased or half-programmed flash), reproducible by seed."""
    return random.Random(seed).randbytes(n)


class BufferDisplay(PyGameDisplay):
    """blinka-displayio-pygamedisplay's display, rendering into an off-screen pygame Surface.

    Why not the stock PyGameDisplay window: it opens a 1:1 160x128 window and refreshes from a
    background thread. We need a scaled window with the NeoPixels drawn under the screen, and
    headless runs on a virtual clock with no window at all, so the frame goes to a Surface that
    Desktop scales into its own window (or saves as PNG).
    """

    def __init__(self, width=160, height=128, depth=16):
        self.surface = None
        self.brightness_level = 1.0
        self.depth = depth
        super().__init__(width=width, height=height, caption="Alley Cat & Back Alley",
                         auto_refresh=False)

    def _initialize(self, init_sequence):
        pygame.init()  # pylint: disable=no-member
        self.surface = pygame.Surface((self.width, self.height))

    def _refresh_display(self):
        # BusDisplay's refresh without PyGameDisplay's display.flip(): Desktop presents the
        # Surface itself (a window may not exist).
        super(PyGameDisplay, self)._refresh_display()

    def _refresh_area(self, area):
        c = Area()
        if not self._core.clip_area(area, c):
            return True
        n = c.size()
        buf = memoryview(bytearray(n * 2 + 4))
        mask = memoryview(bytearray((n // 32 + 2) * 4)).cast("I")
        self._core.fill_area(c, mask, buf)
        arr = np.frombuffer(bytes(buf[:n * 2]), dtype=">u2").reshape(c.height(), c.width())
        r = ((arr >> 11) & 31) * 255 // 31
        g = ((arr >> 5) & 63) * 255 // 63
        b = (arr & 31) * 255 // 31
        if self.depth == 8:
            # RGB332 (displayio's compute_rgb332 keeps each colour's top bits); the RP2350's
            # HSTX TMDS encoder sends them as the top bits of each 8-bit lane, the rest 0
            # (picodvi/Framebuffer_RP2350.c expand_tmds: 3, 3, 2 bits; not seen on a monitor)
            r &= 0xE0
            g &= 0xE0
            b &= 0xC0
        rgb = np.ascontiguousarray(np.dstack((r, g, b)).astype(np.uint8))
        img = pygame.image.frombuffer(rgb.tobytes(), (c.width(), c.height()), "RGB")
        self.surface.blit(img, (c.x1, c.y1))
        return True

    def _release(self):
        pass

    def _background(self):
        pass  # refreshed by hand only (Blinka's thread would race __init__)

    @property
    def brightness(self):
        return self.brightness_level

    @brightness.setter
    def brightness(self, v):
        self.brightness_level = v


class Desktop:
    """Hardware for desktop. headless=True: virtual clock, no window."""

    def __init__(self, headless=True, save_path=None, seed=None, scale=3, cut_after=None,
                 log_path=None, board="pybadge"):
        self.headless = headless
        self.scale = scale
        self.window = None
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        displayio.release_displays()
        self.board = BOARDS[board]
        w, h = self.board.screen
        self.zoom = 1  # the board's screen: lcd's surface, or it this many times, centred
        if self.board.scale > 1:
            # Blinka renders a scaled Group pixel by pixel in Python (a Fruit Jam's x3
            # frame: 11x the time of a PyBadge's run): the program's 160x128 is rendered as
            # it is and scaled here, the picture hw_frame makes on the board
            self.zoom = self.board.scale
            w, h = 160, 128
        self.lcd = BufferDisplay(w, h, self.board.depth)  # the board's screen
        self.display = self.lcd  # what the program draws on: the screen, or a frame in it
        self.ox = self.oy = 0
        if self.zoom > 1:
            self.ox = (self.board.screen[0] - 160 * self.zoom) // 2
            self.oy = (self.board.screen[1] - 128 * self.zoom) // 2
        elif (w, h) != (160, 128) or self.board.scale != 1:
            import hw_frame

            self.display = hw_frame.Frame(self.lcd, self.board.scale)
            self.ox = self.display._outer.x
            self.oy = self.display._outer.y
        self.nvm = FileNvm(save_path, size=self.board.nvm, cut_after=cut_after)
        if not self.board.sound:  # Settings' Sound row says so (screen_settings._row)
            self.Sound = "none on this board"
        self.pixels = [0] * 5
        self.pixel_brightness = 0.3
        self.vclock = 0
        self.t0 = time.monotonic()
        self.seed_next = seed
        self.tones = []  # (time_ms, freq, ms) of every tone, for tests
        self.log_path = log_path
        self._held = 0
        self._pressed = 0
        self._queue = []
        self._sounds = {}
        self._mixer = False
        self.quit = False
        self.max_frames = 0  # window loop: stop after this many frames (smoke tests)

    # ---- clock --------------------------------------------------------------------------
    def now_ms(self):
        if self.headless:
            return self.vclock & 0x1FFFFFFF
        return int((time.monotonic() - self.t0) * 1000) & 0x1FFFFFFF

    def new_seed(self):
        if self.seed_next is not None:
            s = self.seed_next
            self.seed_next = (s + 1) & 0x3FFFFFFF
            return s & 0x3FFFFFFF
        return time.monotonic_ns() & 0x3FFFFFFF

    # ---- buttons --------------------------------------------------------------------------
    def held(self):
        return self._held

    def poll(self):
        """Bitmask of buttons pressed since the last poll."""
        if self.window is not None:
            self._pump()
        if self._queue:  # window: one key per poll, in the order they were typed
            return self._queue.pop(0)
        p = self._pressed
        self._pressed = 0
        return p

    def inject(self, mask, hold=0):
        """Headless: press mask (with hold buttons held down meanwhile)."""
        self._pressed |= mask
        self._held = hold | mask

    _KEYMAP = None

    def _keymap(self):
        if Desktop._KEYMAP is None:
            Desktop._KEYMAP = {
                pygame.K_LEFT: B.LEFT, pygame.K_RIGHT: B.RIGHT, pygame.K_UP: B.UP,
                pygame.K_DOWN: B.DOWN, pygame.K_z: B.A, pygame.K_a: B.A, pygame.K_x: B.B,
                pygame.K_b: B.B, pygame.K_RETURN: B.START, pygame.K_KP_ENTER: B.START,
                pygame.K_SPACE: B.SELECT, pygame.K_TAB: B.SELECT, pygame.K_BACKSPACE: B.B,
                pygame.K_ESCAPE: B.START, pygame.K_h: B.UP,
            }
        return Desktop._KEYMAP

    def _pump(self):
        km = self._keymap()
        if self.board.keys:
            km = dict(km)
            km.update((getattr(pygame, k), v) for k, v in self.board.keys.items())
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self.quit = True
            elif ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_q and (ev.mod & pygame.KMOD_CTRL):
                    self.quit = True
                m = km.get(ev.key, 0)
                if m:
                    self._queue.append(m)
                self._held |= m
            elif ev.type == pygame.KEYUP:
                self._held &= ~km.get(ev.key, 0)

    # ---- lights, sound, screen ---------------------------------------------------------
    def set_pixel(self, i, rgb):
        self.pixels[i] = rgb

    def show_pixels(self):
        pass

    def set_brightness(self, level):
        """level 0.2 .. 1.0 for the backlight; NeoPixels get a fraction of it."""
        self.display.brightness = level
        self.pixel_brightness = 0.3 * level

    def tone(self, freq, ms):
        if not self.board.sound:
            return
        self.tones.append((self.now_ms(), freq, ms))
        if self.window is None or not self._mixer:
            return
        snd = self._sounds.get(freq)
        if snd is None:
            rate = 22050
            n = rate // 4
            t = np.arange(n)
            wave = ((t * freq * 2 // rate) % 2 * 2 - 1) * 3000
            snd = pygame.sndarray.make_sound(np.repeat(wave.astype(np.int16)[:, None], 2, 1))
            self._sounds[freq] = snd
        snd.play(maxtime=ms)

    def update(self, now):
        pass

    def refresh(self):
        self.lcd.refresh()
        if self.window is not None:
            self._present()

    def frame_surface(self, scale=1):
        """The board's whole screen as a pygame Surface (scale: its size times scale)."""
        surf = self.lcd.surface
        if self.zoom > 1:
            big = pygame.Surface(self.board.screen)  # black around the table
            big.blit(pygame.transform.scale(surf, (160 * self.zoom, 128 * self.zoom)),
                     (self.ox, self.oy))
            surf = big
        if scale != 1:
            w, h = self.board.screen
            surf = pygame.transform.scale(surf, (round(w * scale), round(h * scale)))
        return surf

    def save_frame(self, path, scale=1):
        self.lcd.refresh()
        pygame.image.save(self.frame_surface(scale), path)

    def frame_pixel(self, x, y):
        """RGB of the program's 160x128 frame at (x, y) as the screen shows it (tests)."""
        self.lcd.refresh()
        s = self.board.scale
        if self.zoom > 1:  # (lcd holds the 160x128 as it is)
            c = self.lcd.surface.get_at((x, y))
        else:
            c = self.lcd.surface.get_at((self.ox + x * s, self.oy + y * s))
        return (c.r, c.g, c.b)

    # ---- window ------------------------------------------------------------------------
    def open_window(self):
        try:
            pygame.display.init()
            drv = pygame.display.get_driver()
            if drv in ("offscreen", "dummy") and not os.environ.get("ALLEYCAT_ALLOW_DUMMY"):
                pygame.display.quit()
                return "only the %s video driver is available" % drv
            w, h = self.board.screen
            s = self.scale
            self.window = pygame.display.set_mode((round(w * s) + 16, round(h * s) + 40))
            pygame.display.set_caption("Alley Cat & Back Alley")
        except pygame.error as e:
            self.window = None
            return str(e)
        try:
            pygame.mixer.init(22050, -16, 2, 512)
            self._mixer = True
        except pygame.error:
            self._mixer = False
        return None

    def _present(self):
        s = self.scale
        win = self.window
        win.fill((30, 30, 30))
        surf = self.frame_surface(s)
        lvl = self.lcd.brightness
        if lvl < 1.0:
            surf = surf.copy()
            shade = int(255 * lvl)
            surf.fill((shade, shade, shade), special_flags=pygame.BLEND_MULT)
        win.blit(surf, (8, 8))
        w, h = self.board.screen
        y = round(h * s) + 24
        n = self.board.pixels
        first = ([c for c in self.pixels if c] or [0])[0]  # one pixel: the first lit
        for i in range(n):
            c = self.pixels[i] if n == 5 else first
            r, g, b = (c >> 16) & 255, (c >> 8) & 255, c & 255
            k = min(1.0, self.pixel_brightness * 3)
            col = (int(r * k), int(g * k), int(b * k))
            x = 8 + round(w * s) * (2 * i + 1) // (2 * n)
            pygame.draw.circle(win, (60, 60, 60), (x, y), 9)
            pygame.draw.circle(win, col, (x, y), 7)
        pygame.display.flip()

    # ---- running -----------------------------------------------------------------------
    def run(self, app):
        if self.headless:
            raise RuntimeError("use run_headless")
        app.start(self.now_ms())
        self.refresh()
        frames = 0
        while not self.quit:
            frames += 1
            if self.max_frames and frames > self.max_frames:
                break
            app.step(self.now_ms(), self.poll())
            if app.dirty:
                app.dirty = False
                self.refresh()
            elif self.window is not None:
                self._present()
            time.sleep(0.016)
        gs = app.gs  # the window closes: write the running game as it is
        if gs is not None and gs.g is not None and app.screen is gs:
            gs.checkpoint()
        pygame.quit()

    def settle(self, app, cap_ms=600000, step_ms=20):
        """Headless: run on the virtual clock until the app waits for input."""
        t = 0
        while t < cap_ms:
            app.step(self.now_ms(), 0)
            if app.waiting_for_input():
                break
            self.vclock += step_ms
            t += step_ms
        app.dirty = False

    def press(self, app, mask, hold=0):
        self.inject(mask, hold)
        app.step(self.now_ms(), self.poll())
        self._held = 0
        self.vclock += 20
        self.settle(app)

    def log(self, app, n, key):
        if self.log_path:
            with open(self.log_path, "a") as f:
                f.write("%03d %s %s\n" % (n, key, app.state_line()))


def parse_keys(s, board="pybadge"):
    """'a right a start' -> [(mask, hold, token)]. 'select+a' holds Select and presses A.
    board: its own key names too (BOARDS[board].names: 'esc', 'tab', ... on a Cardputer)."""
    names = dict(KEY_NAMES)
    names.update(BOARDS[board].names)
    out = []
    for tok in s.replace(",", " ").split():
        t = tok.lower()
        hold = 0
        if "+" in t:
            parts = t.split("+")
            for p in parts[:-1]:
                hold |= names[p]
            t = parts[-1]
        if t not in names:
            raise ValueError("unknown key %r" % tok)
        out.append((names[t], hold, tok))
    return out


USAGE = """usage: python3 code.py [--headless] [--seed N] [--keys "a right a ..."] [--shots DIR]
                      [--scale N] [--save PATH] [--fresh] [--log PATH] [--board NAME]
  (no --headless)  open a window: arrows = D-pad, Z/A = A, X/B = B, Enter = Start,
                   Space/Tab = Select, H = hint (Up), Ctrl+Q or closing the window quits
  --board NAME     the board shown (default pybadge; BOARDS): its screen's size (shots are
                   saved at it) and its keys (cardputer: also ; . , / = arrows, ` = Esc;
                   --keys names esc backspace tab semicolon period comma slash;
                   fruit_jam, fruit_jam_720x400: the monitor's 640x480 / 720x400, 8-bit,
                   the table x3; keys 1 2 3 = its buttons, --keys button1 button2 button3
                   esc backspace tab; 4 KB nvm, no sound)
  --headless       no window, virtual clock; press --keys in order, after each key run
                   until the program waits for input and save DIR/NNN.png (000 = start)
  --save PATH      file that stands in for the nvm (8 KB; a Fruit Jam's 4 KB) (default:
                   save.bin at the project root, or $ALLEYCAT_SAVE)
  --fresh          ignore any saved game (settings and statistics are kept)
  --seed N         seed of the first new game (then N+1, ...)
  --log PATH       headless: append one state line per step
"""


def main(argv, dirs=()):
    """Desktop entry point used by code.py (dirs: its lib/ folders). Returns the exit
    status."""
    for p in ("lib",) + tuple(dirs)[::-1] + ("",):  # the project's root first, then the folders
        sys.path.insert(0, os.path.join(ROOT, p))
    opts = {"headless": False, "seed": None, "keys": "", "shots": None, "scale": None,
            "save": os.environ.get("ALLEYCAT_SAVE", DEFAULT_SAVE), "fresh": False,
            "log": None, "board": "pybadge"}
    i = 0
    try:
        while i < len(argv):
            a = argv[i]
            if a in ("-h", "--help"):
                print(USAGE)
                return 0
            if a == "--headless":
                opts["headless"] = True
            elif a == "--fresh":
                opts["fresh"] = True
            elif a in ("--seed", "--keys", "--shots", "--scale", "--save", "--log", "--board"):
                i += 1
                if i >= len(argv):
                    raise ValueError("%s needs a value" % a)
                opts[a[2:]] = argv[i]
            else:
                raise ValueError("unknown option %s" % a)
            i += 1
        board = opts["board"]
        if board not in BOARDS:
            raise ValueError("unknown board %s (%s)" % (board, "|".join(BOARDS)))
        seed = int(opts["seed"]) if opts["seed"] is not None else None
        keys = parse_keys(opts["keys"], board)
        scale = float(opts["scale"]) if opts["scale"] else \
            (1 if opts["headless"] else BOARDS[board].window)
        if scale == int(scale):
            scale = int(scale)
    except ValueError as e:
        print("error: %s\n%s" % (e, USAGE), file=sys.stderr)
        return 2

    import app as app_mod

    if not opts["headless"]:
        hw = Desktop(headless=False, save_path=opts["save"], seed=seed, scale=scale,
                     board=board)
        err = hw.open_window()
        if err is not None:
            print("no display (%s): use --headless --keys \"...\" --shots DIR to run "
                  "without a window" % err, file=sys.stderr)
            return 3
        a = app_mod.App(hw, fresh=opts["fresh"])
        hw.max_frames = int(os.environ.get("ALLEYCAT_MAX_FRAMES", "0"))
        if hw.max_frames:  # smoke test: a few keys through the real event queue
            for k in (pygame.K_DOWN, pygame.K_UP, pygame.K_RETURN):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))
        hw.run(a)
        print(a.state_line())
        return 0

    hw = Desktop(headless=True, save_path=opts["save"], seed=seed, scale=scale,
                 log_path=opts["log"], board=board)
    a = app_mod.App(hw, fresh=opts["fresh"])
    if opts["log"]:
        d = os.path.dirname(opts["log"])
        if d:
            os.makedirs(d, exist_ok=True)
        open(opts["log"], "w").close()
    shots = opts["shots"]
    if shots:
        os.makedirs(shots, exist_ok=True)
    a.start(hw.now_ms())
    hw.settle(a)
    hw.log(a, 0, "-")
    if shots:
        hw.save_frame(os.path.join(shots, "000.png"), scale)
    n = 0
    for mask, hold, tok in keys:
        n += 1
        hw.press(a, mask, hold)
        hw.log(a, n, tok)
        if shots:
            hw.save_frame(os.path.join(shots, "%03d.png" % n), scale)
    print(a.state_line())
    return 0
