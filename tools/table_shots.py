"""Screenshots of the two tables at chosen moments (x3), for docs/shots/.

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/table_shots.py docs/shots

Drives the headless desktop program with keys (as tests/test_ui_play.py does) and saves:
backalley_bid.png (seed 23, 13 deals, first bid, 3 chosen), backalley_summary.png (the
bidding summary), backalley.png (a trick in play: led card cyan, winning card yellow, your
unplayable cards dimmed), backalley_refused.png (a refused card and the coach),
backalley_redeal.png (all passed), alleycat.png (a new round, the coach), alleycat_drawn.png
(the card you just drew framed cyan).
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "lib"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)

import hw_desktop  # noqa: E402
import app as app_mod  # noqa: E402
from engine import backalley as BA  # noqa: E402
from engine import alleycat as AC  # noqa: E402

KEYS = hw_desktop.KEY_NAMES


class Run:
    def __init__(self, seed, settings=()):
        self.hw = hw_desktop.Desktop(headless=True, save_path=os.path.join(
            tempfile.mkdtemp(), "s.bin"), seed=seed)
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

    def shot(self, out, name):
        self.hw.refresh()
        self.hw.save_frame(os.path.join(out, name + ".png"), 3)
        print(name, self.app.state_line())


def main(out):
    os.makedirs(out, exist_ok=True)
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
    for seed in range(1, 80):  # a one-card deal that everybody passes
        r = Run(seed, ((app_mod.S_BA_LENGTH, 4),))
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
            r.shot(out, "backalley_redeal")
            break
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
            break
        r.press("a")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "shots"))
