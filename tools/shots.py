"""Every screenshot the README shows, rendered again by the program (x3, into docs/shots/).

    .venv/bin/python tools/shots.py [DIR]

(headless: no window, a virtual clock; DIR defaults to docs/shots). Drives the desktop
program with keys as tests/test_ui_play.py does, from fresh saves and fixed seeds, so the
pictures are the same on every run; tests/test_shots.py renders them again and fails when
docs/shots/ differs, and then prints this command. The shots (names = README's):

  backalley_bid / bidding   seed 23, 13 deals: the first bid, 3 chosen (bidding: 25 deals)
  backalley_summary         the bidding summary
  backalley                 a trick in play: led card cyan, winning card yellow, your
                            unplayable cards dimmed
  backalley_refused         a refused card and the coach
  backalley_redeal          a one-card deal that everybody passes
  ba_dealover               the score breakdown after a deal
  ba_scoresheet             the score sheet (pause, Score sheet)
  ba_gameover               the end of a 3-deal game
  title_continue            the title after quitting a game: Continue names it
  confirm_newgame           starting another game over a saved one asks first
  alleycat                  a new Alley Cat round, the coach
  alleycat_drawn            the card you just drew, framed cyan
  alleycat_roundover        the end of an Alley Cat round
  board_pygamer, board_cardputer, board_fruit_jam
                            a Back Alley trick on each other board, its whole screen at
                            its own resolution (the Cardputer's x2)
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import libdirs  # noqa: E402  (lib/'s folders)

for p in libdirs.paths(ROOT)[::-1] + [ROOT]:
    if p not in sys.path:
        sys.path.insert(0, p)

import hw_desktop  # noqa: E402
import app as app_mod  # noqa: E402
from engine import backalley as BA  # noqa: E402
from engine import alleycat as AC  # noqa: E402

KEYS = hw_desktop.KEY_NAMES
TMP = None  # a temporary folder for the save files (made by main)
COMMAND = ".venv/bin/python tools/shots.py"
NAMES = ("backalley_bid", "bidding", "backalley_summary", "backalley", "backalley_refused",
         "backalley_redeal", "ba_dealover", "ba_scoresheet", "ba_gameover", "title_continue",
         "confirm_newgame", "alleycat", "alleycat_drawn", "alleycat_roundover",
         "board_pygamer", "board_cardputer", "board_fruit_jam")
BOARD_SHOTS = (("pygamer", 1), ("cardputer", 2), ("fruit_jam", 1))  # (--board, picture scale)


class Run:
    def __init__(self, seed, settings=(), save=None, board="pybadge"):
        if save is None:
            save = os.path.join(TMP.name, "s%d.bin" % seed)
            if os.path.exists(save):
                os.remove(save)
        self.hw = hw_desktop.Desktop(headless=True, save_path=save, seed=seed, board=board)
        self.app = app_mod.App(self.hw, fresh=True)
        for k, v in settings:
            self.app.settings[k] = v
        self.app.start(self.hw.now_ms())
        self.hw.settle(self.app)

    def press(self, *names):
        for n in names:
            self.hw.press(self.app, KEYS[n])

    def key_now(self, name):
        self.hw.inject(KEYS[name])
        self.app.step(self.hw.now_ms(), self.hw.poll())

    def tick(self, ms):
        for _ in range(ms // 20):
            self.hw.vclock += 20
            self.app.step(self.hw.now_ms(), 0)

    def open(self, item):
        s = self.app.screen
        while s.items[s.sel] != item:
            self.press("down")
        self.press("a")

    def shot(self, out, name, scale=3):
        self.hw.refresh()
        self.hw.save_frame(os.path.join(out, name + ".png"), scale)
        if not QUIET:
            print(name, self.app.state_line())

    def play_until(self, done, limit=3000):
        """Hint and A (the Hard player's move for you, or next) until done()."""
        for _ in range(limit):
            if done():
                return
            self.press("up", "a")
        raise RuntimeError("shots: the moment never came (the program changed?)")


QUIET = False
REDEAL_SEED = 22  # the search for a one-card deal everybody passes starts here (Easy bots: seed 23)


def main(out=None, quiet=False):
    """Render every shot into out (default docs/shots); returns the names written."""
    global TMP, QUIET
    QUIET = quiet
    out = out or os.path.join(ROOT, "docs", "shots")
    os.makedirs(out, exist_ok=True)
    TMP = tempfile.TemporaryDirectory()
    try:
        tables(out)
        more(out)
        boards(out)
    finally:
        TMP.cleanup()
    return NAMES


def more(out):
    """The panels and menus around the games."""
    r = Run(23, ((app_mod.S_SPEED, 2),))
    r.open("Back Alley")
    r.shot(out, "bidding")
    r = Run(11, ((app_mod.S_BA_LENGTH, 1), (app_mod.S_SPEED, 2)))
    r.open("Back Alley")
    g = r.app.screen.g
    r.play_until(lambda: g.phase == BA.PHASE_HAND_OVER and g.bid(0) | g.bid(1) | g.bid(2)
                 | g.bid(3) != BA.BID_PASS)
    r.shot(out, "ba_dealover")
    r.press("a")
    r.play_until(lambda: g.phase == BA.PHASE_PLAY and g.turn == 0 and g.trick_size == 0
                 and g.history_size >= 8)
    r.press("start")
    r.open("Score sheet")
    r.shot(out, "ba_scoresheet")
    r.press("b")
    if r.app.screen.name != "title":
        r.press("start")
        r.open("Quit to menu")
    r.shot(out, "title_continue")
    r.open("Back Alley")
    r.shot(out, "confirm_newgame")
    r = Run(5, ((app_mod.S_BA_LENGTH, 3), (app_mod.S_SPEED, 2)))
    r.open("Back Alley")
    g = r.app.screen.g
    r.play_until(lambda: g.phase == BA.PHASE_GAME_OVER)
    r.shot(out, "ba_gameover")
    r = Run(7, ((app_mod.S_SPEED, 2),))
    r.open("Alley Cat")
    g = r.app.screen.g
    r.play_until(lambda: g.phase == AC.PHASE_ROUND_OVER)
    r.shot(out, "alleycat_roundover")


def tables(out):
    r = Run(23, ((app_mod.S_BA_LENGTH, 1), (app_mod.S_SPEED, 2)))
    r.open("Back Alley")
    r.press("right", "right", "right")
    r.shot(out, "backalley_bid")
    r.key_now("a")
    s = r.app.screen
    for _ in range(300):
        if s.summary:
            break
        r.tick(20)
    r.shot(out, "backalley_summary")
    r.hw.settle(r.app)
    g = s.g
    buf = bytearray(16)
    done = set()
    for _ in range(200):
        if g.phase == BA.PHASE_BID:
            r.press("a")
            continue
        if g.phase != BA.PHASE_PLAY:
            r.press("a")
            continue
        n = g.legal_moves(buf)
        bad = [i for i in range(s.n) if s.hand[i] not in buf[:n]]
        if "play" not in done and g.trick_size >= 2 and bad:
            r.shot(out, "backalley")
            done.add("play")
        elif "refused" not in done and "play" in done and bad and g.trick_size:
            while s.cur != bad[0]:
                r.press("right")
            r.press("a")
            r.shot(out, "backalley_refused")
            done.add("refused")
        if len(done) == 2:
            break
        r.press("up", "a")
    for seed in range(REDEAL_SEED, REDEAL_SEED + 80):  # a one-card deal everybody passes
        # Easy bots: Normal and Hard bid board in most 1-card deals
        r = Run(seed, ((app_mod.S_BA_LENGTH, 4), (app_mod.S_LEVEL, 0)))
        r.open("Back Alley")
        g = r.app.screen.g
        if g.turn != 0:
            continue
        r.key_now("a")
        for _ in range(300):
            if g.phase != BA.PHASE_BID:
                break
            r.tick(20)
        if g.phase == BA.PHASE_HAND_OVER:
            if not QUIET:
                print("  (seed %d)" % seed)
            r.shot(out, "backalley_redeal")
            break
    else:
        raise RuntimeError("shots: no all-pass deal found")
    r = Run(7)
    r.open("Alley Cat")
    r.shot(out, "alleycat")
    s = r.app.screen
    for _ in range(40):
        g = s.g
        if g.phase != AC.PHASE_PLAY:
            r.press("a")
            continue
        if g.last_drawer == 0 and g.turn == 0:
            if s.hand[s.cur] == g.last_drawn:
                r.press("right")
            r.shot(out, "alleycat_drawn")
            return
        r.press("a")
    raise RuntimeError("shots: no card drawn by you")



def boards(out):
    """The same Back Alley moment on each other board's whole screen."""
    for board, scale in BOARD_SHOTS:
        r = Run(23, ((app_mod.S_BA_LENGTH, 1), (app_mod.S_SPEED, 2)), board=board)
        r.open("Back Alley")
        s = r.app.screen
        r.play_until(lambda: s.g.phase == BA.PHASE_PLAY and s.g.trick_size >= 2)
        r.shot(out, "board_" + board, scale)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
