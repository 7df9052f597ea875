"""The device program on the Fruit Jam's stand-ins, under micropython32, from power-on.

Run by tests/test_fruit_jam.py (not by hand): the VM's working folder is the project root,
MICROPYPATH the Fruit Jam's stand-ins, then the common ones; stdin is the (empty) file
$STANDIN_STDIN, the nvm the file $STANDIN_NVM (kept between runs: a power cycle).
Runs code.py as the board does; keys come from a generator, one step per poll of the
buttons: keyboard bytes typed into stdin (supervisor.type_keys) and button presses
(keypad's script: BUTTON1..3).

    argv[1] "title":  power-on to the title; prints the display's layout
    argv[1] "play":   Settings (Speed fast; the Sound row), a Back Alley deal played to its
                      end, the next deal begun, Esc: the pause writes the game
    argv[1] "resume": Continue from the title; the game is the one written; Button 1 pauses
Prints machine-readable lines (DISPLAY, SOUND, DEAL, GAME, SAVED, SCREEN) and END ok.
"""
import sys

import keypad
import microcontroller
import supervisor

import hw_fruit_jam

MODE = sys.argv[1]
UP = b"\x1b[A"
DOWN = b"\x1b[B"
RIGHT = b"\x1b[C"
ESC = b"\x1b"

_app = [None]
_run = hw_fruit_jam.Device.run


def _capture(self, a):
    _app[0] = a
    return _run(self, a)


hw_fruit_jam.Device.run = _capture


def fail(why):
    a = _app[0]
    print("FAIL", why, a.state_line() if a is not None else "-")
    raise SystemExit(1)


def wait(limit=20000):
    """Polls until the program waits for a key."""
    n = 0
    while _app[0] is None or not _app[0].waiting_for_input():
        yield None
        n += 1
        if n > limit:
            fail("no wait for input in %d polls" % limit)


def typed(data):
    supervisor.type_keys(data)
    yield None  # read at this poll (Esc: decided at the next)
    yield None
    yield None
    yield from wait()


def button(name):
    yield name
    yield None
    yield from wait()


def item_to(item):
    """Arrow keys until the menu on screen has item selected."""
    s = _app[0].screen
    for _ in range(len(s.items)):
        if s.items[s.sel] == item:
            return
        yield from typed(DOWN)
    fail("no menu item " + item)


def show_display():
    """The monitor's size, the program's group's scale and place on it, then 1 / 0: that
    group is the one gfx drew, auto_refresh, the last refresh showed the frame; refreshes."""
    d = supervisor.runtime.display
    f = _app[0].hw.display  # hw_frame.Frame
    o = f._outer
    print("DISPLAY", d.width, d.height, o.scale, o.x, o.y, len(o),
          1 if o[0] is f.root_group and f.root_group is not None else 0,
          1 if d.auto_refresh else 0,
          1 if d.shown is d.root_group and o in _groups(d.root_group) else 0, d.refreshes)


def _groups(g):
    out = [g]
    for x in g:
        if type(x).__name__ == "Group":
            out.append(x)
    return out


def title():
    yield from wait()
    if _app[0].screen.name != "title":
        fail("not the title")
    show_display()


def play():
    a = _app[0]
    yield from title()
    yield from item_to("Settings")
    yield from typed(b"z")
    if a.screen.name != "settings":
        fail("z did not open Settings")
    print("SOUND", a.screen.items[5])
    for _ in range(7):
        yield from typed(DOWN)
    yield from typed(RIGHT)  # Speed: fast
    if a.settings[7] != 2:
        fail("Right did not change Speed")
    yield from typed(ESC)  # Esc: Start, which leaves Settings (written)
    if a.screen.name != "title":
        fail("Esc did not leave Settings")
    yield from item_to("Back Alley")
    yield from typed(b"z")
    s = a.screen
    if s.name != "backalley":
        fail("z did not start Back Alley")
    # play: A, then Right if the card was refused; keyboard and buttons by turns
    keys = (b"z", RIGHT, "BUTTON3", "BUTTON2", b"Z", b"\x1b[1;5C")
    k = 0
    while s.g.phase < s.PHASE_OVER:
        x = keys[k % len(keys)]
        k += 1
        if isinstance(x, str):
            yield from button(x)
        else:
            yield from typed(x)
        if k > 2000:
            fail("the deal did not end")
    print("DEAL", s.g.deal_number + 1, s.g.phase, k)
    while s.g.phase >= s.PHASE_OVER:  # the deal's panel: A deals the next one
        yield from typed(b"z")
    yield from typed(ESC)
    if a.screen.name != "pause":
        fail("Esc did not pause")
    print("GAME", game_state_of(s))
    nvm = microcontroller.nvm
    blank = 1
    for i in range(512, len(nvm)):
        if nvm[i] != 0xFF:
            blank = 0
            break
    print("SAVED", len(nvm), a.rec.writes, nvm.writes, nvm.erases, blank, a.saved)


def game_state_of(s):
    b = bytearray(400)
    n = s.g.save(b)
    return "%d %s" % (s.g.deal_number, bytes(b[:n]).hex())


def resume():
    a = _app[0]
    yield from title()
    print("SCREEN", a.screen.items[0], a.saved)
    yield from typed(b"z")  # Continue
    s = a.screen
    print("GAME", game_state_of(s))
    yield from button("BUTTON1")
    print("SCREEN", a.screen.name)


PLANS = {"title": title, "play": play, "resume": resume}


class _Steps:
    def __init__(self, gen):
        self.gen = gen

    def __len__(self):
        return 1 << 30

    def __getitem__(self, i):
        try:
            return next(self.gen)
        except StopIteration:
            raise keypad.ScriptDone()


def _plan():
    yield from wait()
    yield from PLANS[MODE]()


keypad.script(_Steps(_plan()), key_names={"BUTTON1": 0, "BUTTON2": 1, "BUTTON3": 2})
g = {"__name__": "__main__", "__file__": "code.py"}
try:
    with open("code.py") as f:
        exec(compile(f.read(), "code.py", "exec"), g)
    print("FAIL code.py returned")
except keypad.ScriptDone:
    print("END ok")
