"""Flash wear of the save policy: whole games played headless through the real program, the
player's moves chosen by the hint (Up, then A), and the nvm block erases counted.

    .venv/bin/python tools/nvm_wear.py [--games N] [--think MS] [--speed 0|1|2] [--seed S]

For each game kind (Alley Cat to 44, Back Alley 25 deals: the default settings) it plays N
games and prints the erases per game (median, max) and how many such games one board
survives if its nvm block is good for 10,000 erase cycles. Every write to
microcontroller.nvm erases the whole 8 KB block on the SAMD51 (see lib/records.py), and
FileNvm counts them. The count runs from choosing the game on the title screen to the game
over (settings and statistics included: they are written with the game). --think adds that
many milliseconds of the player's thinking before each of their key presses (the virtual
clock), which is what brings in the periodic saves (app.SAVE_EVERY_MS).
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "lib"), ROOT):
    if p not in sys.path:
        sys.path.insert(0, p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import hw_desktop  # noqa: E402
import app as app_mod  # noqa: E402
import buttons as B  # noqa: E402

CYCLES = 10000
BUDGET = {1: 6, 2: 30}  # erases per game: issue 7, section 4


def play_game(kind, seed, think_ms=0, speed=None, save_path=None, max_keys=20000):
    """Play one whole game of kind (1 Alley Cat, 2 Back Alley) from the title screen of a
    fresh program; returns (erases, keys pressed, virtual minutes, the App)."""
    tmp = None
    if save_path is None:
        tmp = tempfile.TemporaryDirectory()
        save_path = os.path.join(tmp.name, "save.bin")
    hw = hw_desktop.Desktop(headless=True, save_path=save_path, seed=seed)
    a = app_mod.App(hw, fresh=True)
    a.start(hw.now_ms())
    hw.settle(a)
    if speed is not None:
        a.settings[app_mod.S_SPEED] = speed
    before = hw.nvm.erases
    t0 = hw.vclock
    a.new_game(kind)  # what choosing the game on the title screen does
    hw.settle(a)
    keys = 0
    while keys < max_keys:
        scr = a.screen
        g = scr.g
        if g.phase == scr.PHASE_GAME_OVER:
            break
        keys += 1
        if g.phase == scr.PHASE_OVER:
            hw.press(a, B.A)  # next round / deal
            continue
        assert g.turn == 0 and a.waiting_for_input(), a.state_line()
        hw.vclock += think_ms
        hw.press(a, B.UP)  # the hint selects the Hard bot's card or bid
        hw.press(a, B.A)
    else:
        raise RuntimeError("game did not end: " + a.state_line())
    erases = hw.nvm.erases - before
    minutes = (hw.vclock - t0) / 60000
    if tmp is not None:
        tmp.cleanup()
    return erases, keys, minutes, a


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
        for k in range(games):
            e, _, m, _ = play_game(kind, seed + k, think, speed)
            er.append(e)
            mins.append(m)
        med = median(er)
        mx = max(er)
        print("%-20s erases median %s, max %d (budget %d); game %.1f min median; "
              "a board survives %d such games (%d at the max)"
              % (name, med, mx, BUDGET[kind], median(mins), CYCLES // med, CYCLES // mx))
        worst = worst and mx <= BUDGET[kind]
    print("within budget" if worst else "OVER BUDGET")
    return 0 if worst else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
