"""Pixel budgets of the player's actions (tools/board/board_time.py --counts): how many pixels an
action sends to the display and composites, counted by the stand-ins as CircuitPython's
displayio would refresh them. These counts do not depend on the machine (the times the
tool prints do, and are never tested)."""
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import board_time  # noqa: E402
import device_heap  # noqa: E402
import libdirs  # noqa: E402

with open(libdirs.find("gfx")) as _f:
    # gfx.live[gfx._TOP:gfx._TOP + 4]: the first op of each section, and the end
    gfx_base = list(eval(re.search(r'^live = bytearray\((b".*?")\)', _f.read(), re.M).group(1)))[13:]

pytestmark = pytest.mark.skipif(device_heap.micropython_binary() is None,
                                reason="no MicroPython unix port")

# Most pixels one action may send: what drawing only what changed reaches (2026-12-01),
# with room for small changes of the plan's course; before, every action but a
# cursor move sent 32,000-47,000 (the whole canvas and the text lines again) and a cursor
# move 5,760. The goals: a cursor move <= 1,500, a card played <= 6,000, a computer's
# card <= 6,000: a text line is a 162-px-wide TileGrid, and a new colour or place refreshes
# all of it, so the text lines that change with a card (message, tip, seat colours) keep
# these above the goal. A repaint of half the screen or more is one full refresh: a screen
# opened, a deal or a game started sends the screen once (20,480 px), not 40,000-47,000.
FULL = 160 * 128
SENT = {
    "cursor move, Alley Cat": 1700,  # two cards side by side: 47 x 35
    "cursor move, Back Alley": 1200,
    "menu move": 6700,  # a yes / no question's answers: 6,648 (a list's rows: see below)
    "bid Left/Right": 1500,
    "Left/Right in settings": 500,
    # your card leaves a gap in the hand until the trick is cleared (10,041; 12,714 when the
    # hand closed up at once, 13,487 before a mid-trick move kept the labels)
    "your card played": 10100,
    "a computer's card shown": 9600,  # (9,457-9,544: the computer's card that ends a trick
    # keeps your hand, the most with the plan's course of the day: slices of thinking change
    # when the computers move; 11,322 before the gap, 12,012 before that)
    "a trick cleared": 8700,  # (8,601 with the hand's close-up, which moved here from your
    # card played; 6,861 before; 15,168 while Back Alley's bidding summary going, a panel
    # leaving with no trick played yet, was counted here: it is a screen change now)
    "a computer's bid shown": 17800,
    "open or leave a screen": FULL,
    "next deal / round": FULL,
    "start a game": FULL,
}


@pytest.fixture(scope="module")
def recs():
    class Recs(list):
        ops = None
        cal = None

    # the tool's own plan (~4 s): it must run to the end (run_plan raises where it diverges)
    r = Recs(board_time.run_plan(board_time.default_keys(), mpy=False, count=True))
    r.ops = board_time.run_plan.ops
    r.cal = board_time.run_plan.cal
    r.free = board_time.run_plan.free
    return r


def _by(recs, what):
    rs = [r for r in recs if r["what"] == what]
    assert rs, "the key plan has no %r" % what
    return rs


def test_the_plan_visits_every_screen_and_action(recs):
    seen = {r["before"].split(":")[0] for r in recs} | {r["after"].split(":")[0] for r in recs}
    for name in ("title", "settings", "stats", "rules", "alleycat", "pause", "backalley"):
        assert name in seen, sorted(seen)
    whats = {r["what"] for r in recs}
    for w in board_time.ORDER:
        assert w in whats, (w, sorted(whats))


def test_a_plan_that_diverges_fails():
    # a menu item the screen does not have ends the run (END diverged), as does a wrong screen
    for bad in ("@menu:No such item", "@screen:backalley"):
        with pytest.raises(RuntimeError, match="DIVERGED"):
            board_time.run_plan(["@start", "", "", bad, "", ""], mpy=False, count=True)


@pytest.mark.parametrize("what", sorted(SENT))
def test_pixels_sent(recs, what):
    worst = max(_by(recs, what), key=lambda r: r["sent"])
    assert worst["sent"] <= SENT[what], worst


# Median layer-pixels composited per move: a text line's box is 162 px wide, and its empty
# cells lie off screen on the side that leaves less of it there (gfx.text), so a refresh
# composites less of it (19,100 / 12,700 / 6,000 when the boxes started at the text; 11,931 /
# 7,725 / 4,791 measured 2026-12-01 after the redraw's Python was cut; 11,730 / 7,617 / 4,791
# once a mid-trick move kept the top rows and labels, 2026-12-02; 9,988 / 7,617 / 7,191 with
# the gap in the hand, whose close-up moved to the trick cleared)
COMP_MEDIAN = {
    "your card played": 10000,
    "a computer's card shown": 7700,
    "a trick cleared": 7200,
}


@pytest.mark.parametrize("what", sorted(COMP_MEDIAN))
def test_composited_per_move_median(recs, what):
    v = sorted(r["comp"] for r in _by(recs, what))
    assert v[len(v) // 2] <= COMP_MEDIAN[what], (what, v[len(v) // 2])


def test_no_section_of_ops_fills_up(recs):
    # gfx keeps 20 / 12 / 18 ops in its sections (screen, messages or menu items, hand) and
    # drops what does not fit: the plan's screens stay inside (at most 11 / 7 / 14 on
    # 2026-12-01 and 2026-12-02; each op is 8 bytes of heap)
    assert recs.ops is not None
    cap = [gfx_base[k + 1] - gfx_base[k] for k in range(3)]
    for k in range(3):
        assert 0 < recs.ops[k] <= cap[k] - 4, (recs.ops, cap)


@pytest.mark.parametrize("what", sorted(SENT))
def test_composited_at_most_twice_sent(recs, what):
    # compositing walks every visible layer over the refreshed area: text lines re-shown
    # over an area refreshed anyway double it
    for r in _by(recs, what):
        assert r["comp"] <= 2.2 * r["sent"] + 2000, r


# Pixels filled when a screen or panel opens (pause, settings, statistics, rules, a table's
# last trick, score sheet, deal / round / game over): each pixel about once, ~5 board-ms of
# bitmaptools fills (20,480-24,760 on 2026-12-02; before, a panel over a cleared screen and
# a menu's rows over their cleared background filled 31,900-40,500), and a move in a menu's
# list 4,400-6,072 (was 7,300-10,560: the rows' own background rect; a yes / no question's
# answers lie on a panel over the cleared screen: 11,352, not counted here)
OPEN_FILL = 25000
MENU_FILL = 6200


def _opens_a_panel(r):
    a = board_time._st(r["after"])
    if a["name"] in ("pause", "settings", "stats", "rules"):
        return True
    return a["name"] in board_time.TABLES and "phase" in a and (a["overlay"] or a["phase"] >= 2)


def test_a_screen_opened_fills_each_pixel_about_once(recs):
    rs = [r for r in _by(recs, "open or leave a screen") if _opens_a_panel(r)]
    assert len(rs) >= 10, rs
    for r in rs:
        assert FULL <= r["fill"] <= OPEN_FILL, r


def test_a_menu_move_fills_its_rows_once(recs):
    rs = [r for r in _by(recs, "menu move") if r["before"].endswith(":0")]  # (no question)
    assert len(rs) >= 20, rs
    for r in rs:
        assert r["fill"] <= MENU_FILL, r


# A move in a menu's list (title, pause, settings) refreshes the selection bar's old and new
# place and nothing else: the rows' text keeps its colour (a new colour refreshed each row's
# whole 162-px line box as well, over the bar: 5,292-8,628 px on 2026-12-02 before rows kept
# their colour; now 2,904-3,454, and 4,488 on the title with a saved game, where Continue's bar
# covers two rows)
LIST_MOVE_SENT = 4600


def test_a_menu_move_sends_only_the_bar(recs):
    rs = [r for r in _by(recs, "menu move") if r["before"].endswith(":0")]  # (no question)
    assert len(rs) >= 20, rs
    for r in rs:
        assert r["sent"] <= LIST_MOVE_SENT, r


def test_the_stand_ins_allocate_nearly_nothing_per_poll():
    # the pixel-counting stand-ins are C on a board: garbage of theirs would trigger
    # collections the board does not make (before they were made allocation-free, ~19 KB per card played and
    # up to 28 KB per poll). Only a layer's first refresh makes its rectangles (<= 3 x 64 B).
    rs = board_time.run_plan(board_time.default_keys(short=True), mpy=False, count=True,
                             alloc=True)
    got = [r["stub_bytes"] for r in rs]
    assert got and min(got) >= 0, got[:5]  # counted in every poll
    worst = max(rs, key=lambda r: r["stub_bytes"])
    assert worst["stub_bytes"] <= 1024, worst
    assert sum(got) <= 4096, sum(got)


def test_stand_in_calls_are_counted_and_calibrated(recs):
    # board_time takes each stand-in call's Python frame off the poll's time at the
    # calibrated excess (a C call on a board): every action that draws counts its calls, and
    # the calibration is a plausible unix-port figure (a frame costs more than a C call,
    # well under a few microseconds)
    assert recs.cal is not None
    assert 0 < recs.cal < 5000, recs.cal
    for what in ("cursor move, Back Alley", "your card played", "open or leave a screen"):
        rs = [r for r in _by(recs, what) if r["sent"]]
        assert rs and all(r["calls"] > 0 for r in rs), what
    # a computer thinking draws nothing: no stand-in call is taken off its time but the frame
    # of the driver's wrapper counting think() calls
    rs = _by(recs, "a computer thinks (Back Alley)")
    assert rs and all(r["calls"] == r["thinks"] for r in rs)


def test_polls_that_only_think_are_recorded(recs):
    # a decision thinks in slices over many polls that change nothing on the screen: each
    # is a step of the main loop (none over 40 ms on a board), so each is a record (before,
    # only the poll that began a computer's decision was, at half a slice)
    for g in ("Alley Cat", "Back Alley"):
        cpu = _by(recs, "a computer thinks (%s)" % g)
        only = [r for r in cpu if r["before"] == r["after"]]
        assert only and all(r["thinks"] == 1 and not r["sent"] for r in only), g
    hint = _by(recs, "your hint thinks (Back Alley)")
    assert hint and all(r["thinks"] == 1 for r in hint)


def test_the_estimator_runs_on_micropython32():
    # tools/board/board_time.py --vm mp32: the 32-bit VM configured like the board (a pystack, the
    # firmware's names built in) as a cross-check; its utime has the ticks pystone and the
    # driver time with (the firmware's time has none: the program never uses them)
    mp = device_heap.micropython_binary("mp32")
    if mp is None:
        pytest.skip("micropython32 cannot be built here")
    assert board_time.pystones("mp32", loops=2000) > 1000
    rs = board_time.run_plan(["@start", "", "", "DOWN", "", ""], mpy=False, count=True,
                             vm="mp32")
    assert rs and board_time.run_plan.cal is not None
    assert any(r["key"] and r["calls"] > 0 for r in rs), rs


def test_the_program_finds_a_boards_free_heap(recs):
    # 143 KB are free when code.py starts on a PyBadge (9,150 blocks of 16 bytes). On the
    # 64-bit port an object takes the same number of 32-byte blocks: the program must find
    # about as many blocks free, not fewer (fewer collections than a board would run) and
    # not far more. The plan's 40,000 steps are stored as runs for that (40 KB as bytes).
    board = 143 * 1024 // 16
    blocks = recs.free // 32
    assert board * 0.95 <= blocks <= board * 1.1, (blocks, board)


def test_micropython32_runs_with_a_boards_free_heap():
    # on the 32-bit VM the blocks are the board's: 143 KB free at code.py's start (not 384 KB
    # less the stand-ins: every collection's sweep would walk 2.6x a board's blocks); this
    # short plan's steps take ~4 KB less than the full plan's

    if device_heap.micropython_binary("mp32") is None:
        pytest.skip("micropython32 cannot be built here")
    board_time.run_plan(["@start", "", "", "DOWN", "", ""], mpy=False, count=True, vm="mp32")
    assert 141 * 1024 <= board_time.run_plan.free <= 149 * 1024, board_time.run_plan.free
