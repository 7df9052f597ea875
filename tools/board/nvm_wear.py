"""Flash wear of the save policy: whole games played headless through the real program, the
player's moves chosen by the hint (Up, then A), and the nvm block erases counted.

    .venv/bin/python tools/board/nvm_wear.py [--games N] [--think MS] [--speed 0|1|2] [--seed S]

For each game kind (Alley Cat to 44, Back Alley 25 deals: the default settings) it plays N
games and prints the erases per game (median, max) and how many such games one board
survives if its nvm block is good for 10,000 erase cycles. Every write to
microcontroller.nvm erases the whole 8 KB block on the SAMD51 (see lib/saves/records.py), and
FileNvm counts them. The count runs from choosing the game on the title screen to the game
over (settings and statistics included: they are written with the game). --think adds that
many milliseconds of the player's thinking before each of their key presses (the virtual
clock runs through it in 20 ms steps, as the board's loop polls), which is what brings in
the timed saves (app.SAVE_WITHIN_MS). It also prints the most play a power cut could have
lost at any moment (CutLoss: what nvm would restore against the live game).
"""
import os
import random
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import toolpaths  # noqa: E402,F401  (every tools/ folder on sys.path)
import libdirs  # noqa: E402  (lib/'s folders)

for p in libdirs.paths(ROOT)[::-1] + [ROOT]:
    if p not in sys.path:
        sys.path.insert(0, p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import hw_desktop  # noqa: E402
import app as app_mod  # noqa: E402
import buttons as B  # noqa: E402
import records  # noqa: E402

CYCLES = 10000
BUDGET = {1: 2, 2: 8}  # flash erases per game of each kind (1 Alley Cat, 2 Back Alley)
MAX_LOSS_MS = 300000  # the most play a power cut may lose: 5 minutes
STEP_MS = 20


class CutLoss:
    """The play a power cut would lose at each moment, found apart from the program's own
    bookkeeping: the live game's engine bytes are recorded whenever they change, with the
    time; what nvm would restore is read from the nvm itself after each write; a cut loses
    everything since the first change after the restored state (since the game's start if
    nvm holds none of its states). A finished game loses nothing if nvm holds its
    statistics and no saved game. step() runs one step of the program and returns the loss
    just before it (the most at any moment since the step before: the loss only grows
    between steps)."""

    def __init__(self, hw, a):
        self.hw = hw
        self.a = a
        self.g = None
        self.hist = []  # (time, engine bytes) of the live game, at each change
        self.erases = -1
        self.nvm_game = None  # (kind, seed, engine bytes) nvm would restore
        self.nvm_stats = None
        self.start = None  # time of the oldest change not in nvm (None: nothing to lose)
        self.worst = 0
        self.written = []  # (time, the player was to act) of each write
        self.buf = bytearray(256)

    def _read_nvm(self):
        r = records.Records(bytearray(self.hw.nvm.data[:records.IMAGE]))
        b = bytearray(400)
        n = r.read(records.GAME, b)
        self.nvm_game = None
        if n > 8:
            k = 8 + b[8 + 3]  # the engine's frame: its length is byte 3
            seed = b[2] | (b[3] << 8) | (b[4] << 16) | ((b[5] & 0x3F) << 24)
            self.nvm_game = (b[0], seed, bytes(b[8:k]))
        n = r.read(records.STATS, b)
        self.nvm_stats = bytes(b[:n]) if n > 0 else None

    def observe(self, t):
        """After a step at time t: the live game and nvm as they are now."""
        a = self.a
        if self.hw.nvm.erases != self.erases:
            if self.erases >= 0:
                self.written.append((t, a.waiting_for_input()))
            self.erases = self.hw.nvm.erases
            self._read_nvm()
        gs = a.gs
        g = gs.g if gs is not None else None
        if g is None:
            self.start = None  # no game in play: nothing of it to lose
            return
        if g is not self.g:  # a new game (or a loaded one): its history starts now
            self.g = g
            self.hist = []
        live = bytes(self.buf[:g.save(self.buf)])
        if not self.hist or self.hist[-1][1] != live:
            self.hist.append((t, live))
        if g.phase == gs.PHASE_GAME_OVER:
            ok = self.nvm_game is None and self.nvm_stats == bytes(a.stats)
            self.start = None if ok else self.hist[0][0]
            return
        self.start = self.hist[0][0]
        ng = self.nvm_game
        if ng is not None and ng[0] == gs.KIND and ng[1] == gs.seed:
            for i in range(len(self.hist) - 1, -1, -1):
                if self.hist[i][1] == ng[2]:
                    self.start = self.hist[i + 1][0] if i + 1 < len(self.hist) else None
                    break

    def loss(self, t):
        return 0 if self.start is None else t - self.start

    def step(self, mask=0, hold=0):
        """One step of the program (a key press if mask): returns the loss just before it."""
        hw = self.hw
        t = hw.vclock
        before = self.loss(t)
        if mask:
            hw.inject(mask, hold)
        self.a.step(hw.now_ms(), hw.poll() if mask else 0)
        hw._held = 0
        self.observe(t)
        self.worst = max(self.worst, before)
        hw.vclock += STEP_MS
        return before

    def settle(self, cap_ms=600000):
        """Steps until the program waits for the player (as hw_desktop.Desktop.settle)."""
        t = 0
        while t < cap_ms and not self.a.waiting_for_input():
            self.step()
            t += STEP_MS

    def wait(self, ms, step_ms=STEP_MS):
        """The player thinks for ms: the program keeps stepping (every step_ms)."""
        for _ in range(ms // step_ms):
            self.step()
            self.hw.vclock += step_ms - STEP_MS

    def press(self, mask, hold=0):
        self.step(mask, hold)
        self.settle()


def fresh_program(save_path, seed):
    """A program powered on on save_path, on its title screen: (hw, App, CutLoss)."""
    hw = hw_desktop.Desktop(headless=True, save_path=save_path, seed=seed)
    a = app_mod.App(hw, fresh=True)
    a.start(hw.now_ms())
    w = CutLoss(hw, a)
    w.settle()
    return hw, a, w


def play_game(kind, seed, think_ms=0, speed=None, save_path=None, max_keys=20000,
              think=None, settings=()):
    """Play one whole game of kind (1 Alley Cat, 2 Back Alley) from the title screen of a
    fresh program; think(rng) -> ms, if given, replaces think_ms with a varied pace;
    settings: (index, value) pairs set first. Returns (erases, keys pressed, virtual
    minutes, the App, the CutLoss watch)."""
    tmp = None
    if save_path is None:
        tmp = tempfile.TemporaryDirectory()
        save_path = os.path.join(tmp.name, "save.bin")
    hw, a, w = fresh_program(save_path, seed)
    if speed is not None:
        a.settings[app_mod.S_SPEED] = speed
    for i, v in settings:
        a.settings[i] = v
    rng = random.Random(seed)
    before = hw.nvm.erases
    t0 = hw.vclock
    a.new_game(kind)  # what choosing the game on the title screen does
    w.observe(hw.vclock)
    w.settle()
    keys = 0
    while keys < max_keys:
        scr = a.screen
        g = scr.g
        if g.phase == scr.PHASE_GAME_OVER:
            break
        keys += 1
        if g.phase == scr.PHASE_OVER:
            w.press(B.A)  # next round / deal
            continue
        assert g.turn == 0 and a.waiting_for_input(), a.state_line()
        w.wait(think(rng) if think is not None else think_ms)
        w.press(B.UP)  # the hint selects the Hard bot's card or bid
        w.press(B.A)
    else:
        raise RuntimeError("game did not end: " + a.state_line())
    erases = hw.nvm.erases - before
    minutes = (hw.vclock - t0) / 60000
    if tmp is not None:
        tmp.cleanup()
    return erases, keys, minutes, a, w


def median(v):
    s = sorted(v)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def main(argv):
    games = 10
    think = 0
    speed = None
    seed = 1
    kinds = (1, 2)
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--games", "--think", "--speed", "--seed", "--kind"):
            v = int(argv[i + 1])
            i += 1
            if a == "--games":
                games = v
            elif a == "--think":
                think = v
            elif a == "--speed":
                speed = v
            elif a == "--seed":
                seed = v
            else:
                kinds = (v,)
        else:
            print(__doc__)
            return 2
        i += 1
    print("nvm block erases per whole game (%d games each, seeds %d.., think %d ms, "
          "speed %s)" % (games, seed, think, "default" if speed is None else speed))
    worst = True
    for kind in kinds:
        name = ("Alley Cat to 44", "Back Alley 25 deals")[kind - 1]
        er = []
        mins = []
        lost = 0
        for k in range(games):
            e, _, m, _, w = play_game(kind, seed + k, think, speed)
            er.append(e)
            mins.append(m)
            lost = max(lost, w.worst)
        med = median(er)
        mx = max(er)
        print("%-20s erases median %s, max %d (budget %d); game %.1f min median (%.1f max); "
              "a board survives %d such games (%d at the max); a power cut loses at most "
              "%.1f min of play" % (name, med, mx, BUDGET[kind], median(mins), max(mins),
                                    CYCLES // med, CYCLES // mx, lost / 60000))
        worst = worst and mx <= BUDGET[kind] and lost <= MAX_LOSS_MS
    print("within budget" if worst else "OVER BUDGET")
    return 0 if worst else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
