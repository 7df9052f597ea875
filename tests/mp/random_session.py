"""A long random key session of the device program on the strict stand-ins.

Run from the project root (tests/test_standins.py does):
    MICROPYPATH=tools/board/standins:lib:lib/hw:. micropython tests/mp/random_session.py SEED PRESSES
(lib/hw: hw_device is hooked first; code.py puts lib/'s other folders on the path.)
code.py runs as on a board (hw_device.Device(), app.main -> Device.run) with the keypad
stand-in fed PRESSES seeded random presses, each followed by 0-150 idle polls (10 ms
each: computer moves and held tricks play out). The mix leans towards what moves through
the program -- A to choose and play, the arrows, START to pause and B to go back -- so that
the title, both games, the pause menu, settings, statistics and the rules all come up;
one press in 25 is a trip through the menus instead (leave the game through the pause
menu's "Quit to menu", or pick the next title item, or go back).
Any exception ends the run with its traceback (non-zero exit). At the end it prints
    SCREENS <screen name>:<polls on it> ...
    TONES <number of tones started through audioio>
    END ok
"""
import sys

import keypad
import hw_device

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
presses = int(sys.argv[2]) if len(sys.argv) > 2 else 2000

# key, weight
MIX = (("A", 30), ("RIGHT", 12), ("LEFT", 10), ("DOWN", 12), ("UP", 8), ("START", 7),
       ("B", 8), ("SELECT", 3))
NAV = 25  # one press in NAV is a trip through the menus instead (see on_mark)
TOTAL = 0
for _k, _w in MIX:
    TOTAL += _w

state = [seed & 0x7FFFFFFF or 1]


def rnd(n):
    # a 31-bit LCG: the same sequence on every port
    state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (state[0] >> 8) % n


class Steps:
    """The key script, made as the keypad reads it (in order): a press, then its idle
    polls. A list of the whole session would take megabytes."""

    def __init__(self, n):
        self.left = n  # presses still to make
        self.idle = 0  # idle polls still to give before the next press
        self.n = 1 << 30  # steps: the keypad stops when the presses run out (below)

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if self.idle:
            self.idle -= 1
            return None
        if not self.left:
            self.n = i  # makes this the last step: the keypad raises ScriptDone next
            return None
        self.left -= 1
        self.idle = rnd(151)
        if rnd(NAV) == 0:
            return "@nav"
        r = rnd(TOTAL)
        for k, w in MIX:
            if r < w:
                return k
            r -= w


keypad.script(Steps(presses))

app_ref = [None]
_run = hw_device.Device.run


def _capture(self, app):
    app_ref[0] = app
    hw_ref[0] = self
    return _run(self, app)


hw_ref = [None]
hw_device.Device.run = _capture
seen = {}


def on_poll():
    a = app_ref[0]
    if a is not None and a.screen is not None:
        n = a.screen.name
        seen[n] = seen.get(n, 0) + 1


keypad.on_poll = on_poll


def menu_to(scr, item):
    """Queue the UP/DOWN presses that move the menu's selection to item."""
    n = len(scr.items)
    d = (scr.items.index(item) - scr.sel) % n
    keypad.insert(["DOWN", None] * d if d <= n // 2 else ["UP", None] * (n - d))


trips = [0]


def on_mark(name):
    """@nav: leave a game through the pause menu, pick the next title item, or go back
    from any other screen -- so that every screen comes up, not only the games."""
    scr = app_ref[0].screen
    if name == "nav":
        if scr.name in ("alleycat", "backalley"):
            keypad.insert(["START", None, "@quit"])
        elif scr.name == "title":
            trips[0] += 1  # the title items in turn, so that every one comes up
            menu_to(scr, scr.items[trips[0] % len(scr.items)])
            keypad.insert(["A", None])
        else:
            keypad.insert(["B", None])
    elif name == "quit" and scr.name == "pause":
        menu_to(scr, "Quit to menu")
        keypad.insert(["A", None])


keypad.on_mark = on_mark
tones = [0]
_tone = hw_device.Device.tone


def _count_tone(self, freq, ms):
    _tone(self, freq, ms)
    if self._audio is not None and self._audio.playing:
        tones[0] += 1


hw_device.Device.tone = _count_tone

try:
    with open("code.py") as f:
        exec(f.read(), {"__name__": "__main__", "__file__": "code.py"})
except keypad.ScriptDone:
    pass

print("SCREENS", " ".join("%s:%d" % (k, seen[k]) for k in sorted(seen)))
print("TONES", tones[0])
print("END ok")
