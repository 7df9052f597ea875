"""The device program's steady-state loop allocates nothing (MicroPython + stand-in hardware).

Run from the project root (lib/ and its folders, tools/libdirs.py):
    MICROPYPATH=tools/board/standins:lib:lib/tables:lib/screens:lib/draw:lib/hw:lib/saves:. \
        micropython tests/mp/ui_steady.py
Builds the device program (hw_device.Device(), App) on the stand-ins, then runs its loop body
(app.step + hw.update, as hw_device.Device.run does) under micropython.heap_lock() for:
idle polls and menu moves on the title screen, and, in an Alley Cat game at the human's
turn, idle polls and card-cursor moves (Left/Right), during which the hint is searched in
the background (a slice a poll). A new label text may
allocate; these steps change none. Prints PASS/FAIL lines and ALL OK.
"""
import gc
import sys

import micropython

import buttons as B
import hw_device
import app as app_mod

hw = hw_device.Device()
a = app_mod.App(hw, True)
now = [0]


def step(mask):
    now[0] += 20
    a.step(now[0], mask)
    hw.update(now[0])
    a.dirty = False  # the display refresh itself is firmware (C) on the board


def settle(limit):
    for i in range(limit):
        if a.waiting_for_input():
            return True
        step(0)
    return False


failures = 0


def locked(name, masks, rounds):
    global failures
    gc.collect()
    micropython.heap_lock()
    err = None
    try:
        for r in range(rounds):
            for i in range(len(masks)):
                step(masks[i])
    except MemoryError:
        err = "allocation while heap locked"
    micropython.heap_unlock()
    if err is None:
        print("PASS", name)
    else:
        failures += 1
        print("FAIL", name, err)


a.start(now[0])
settle(500)
title_moves = (0, B.DOWN, 0, 0, B.UP, 0, B.DOWN, B.DOWN, B.UP, B.UP)
step(B.DOWN)  # warm up every path once (first-time attribute caches, pixel buffers)
step(B.UP)
locked("title: idle polls and menu moves", title_moves, 20)

# into an Alley Cat game: the first menu item of a fresh start
print("screen:", type(a.screen).__name__, a.screen.items[a.screen.sel])
step(B.A)
ok = settle(20000)
g = a.screen.g
for i in range(200):  # until it is the human's turn to play a card
    if g.turn == 0 and a.waiting_for_input():
        break
    step(0)
print("screen:", type(a.screen).__name__, "turn", g.turn, "waiting", a.waiting_for_input())
if g.turn != 0 or not a.waiting_for_input():
    failures += 1
    print("FAIL could not reach the human's turn in Alley Cat")
else:
    step(B.RIGHT)
    step(B.LEFT)
    step(0)  # a step that drew nothing thinks: the bot (built when first needed) is built
    a.screen.forget()  # the hint's search starts again: it runs in the locked polls below
    locked("alley cat table: idle polls and card-cursor moves",
           (0, B.RIGHT, 0, B.RIGHT, B.LEFT, 0, B.LEFT, B.RIGHT, B.LEFT, 0), 20)
    if a.screen.th != 6:  # TH_HINT | TH_DONE: the background hint search, a slice a poll
        failures += 1
        print("FAIL the hint was not searched in the locked polls")

# back at the title with the game saved: the question before replacing it (Up / Down
# move between its answers), then Settings (Up / Down scroll its list)
step(B.START)
settle(200)
while a.screen.items[a.screen.sel] != "Quit to menu":
    step(B.DOWN)
step(B.A)
settle(200)
print("screen:", type(a.screen).__name__, a.screen.items)
step(B.DOWN)  # Alley Cat, below Continue
step(B.A)
print("question:", a.screen.ask_lines)
step(B.DOWN)
step(B.UP)
locked("title: the question's answers", (0, B.DOWN, 0, B.UP, B.DOWN, B.UP), 20)
step(B.B)
while a.screen.items[a.screen.sel] != "Settings":
    step(B.DOWN)
step(B.A)
print("screen:", type(a.screen).__name__)
for i in range(12):
    step(B.DOWN)
for i in range(12):
    step(B.UP)
locked("settings: idle polls and moves (scrolling)",
       (0, B.DOWN, 0, B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.DOWN, B.DOWN,
        B.DOWN, B.UP, B.UP, B.UP, B.UP, B.UP, B.UP, B.UP, B.UP, B.UP, B.UP, B.UP), 5)

# a Back Alley game (3 deals: 2, 1, 2 cards): bid, then the human's turn to play a card
a.settings[app_mod.S_BA_LENGTH] = 3
a.settings[app_mod.S_SPEED] = 2
a.clear_game()  # no saved game: Back Alley starts without a question
a.to_title()
settle(100)
a.screen.sel = a.screen.items.index("Back Alley")
step(B.A)
g = a.screen.g
for i in range(4000):
    if g.phase == 3:
        break
    if g.turn == 0 and a.waiting_for_input():
        if g.phase == 1 and a.screen.n > 1:
            break
        step(B.RIGHT if g.phase == 0 else 0)
        step(B.A)
        continue
    step(0)
print("screen:", type(a.screen).__name__, "phase", g.phase, "turn", g.turn,
      "cards", a.screen.n)
if g.phase != 1 or g.turn != 0 or not a.waiting_for_input():
    failures += 1
    print("FAIL could not reach the human's card turn in Back Alley")
else:
    step(B.RIGHT)
    step(B.LEFT)
    step(0)  # a step that drew nothing thinks: the bot (built when first needed) is built
    a.screen.forget()
    locked("back alley table: idle polls and card-cursor moves (wrapping)",
           (0, B.RIGHT, 0, B.RIGHT, B.LEFT, 0, B.LEFT, B.RIGHT, B.LEFT, 0), 20)
    if a.screen.th != 6:
        failures += 1
        print("FAIL the hint was not searched in the locked polls")

if failures:
    print(failures, "FAILED")
    sys.exit(1)
print("ALL OK")
