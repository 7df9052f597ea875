"""The nvm as the SAMD51 writes it (FileNvm and the stand-in microcontroller.nvm), the records
image, and power cuts at every point of a write through the program."""
import array
import importlib.util
import os
import subprocess
import sys

import pytest

from test_ui_play import Driver, app_mod, hw_desktop
from test_micropython import micropython_binary, ROOT, libdirs
import records

# loaded by path: putting tools/board/standins on sys.path would shadow real modules
# (neopixel, time, ...) for every later test in the session
_spec = importlib.util.spec_from_file_location(
    "_nvm_cut", os.path.join(ROOT, "tools", "board", "standins", "_nvm_cut.py"))
nvm_cut = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(nvm_cut)
sys.modules["_nvm_cut"] = nvm_cut  # the stand-in nvm imports it by name

PAGE = hw_desktop.PAGE


def load_standin():
    path = os.path.join(ROOT, "tools", "board", "standins", "microcontroller.py")
    spec = importlib.util.spec_from_file_location("mc_standin", path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def strictness(nvm):
    """What shared-bindings/nvm/ByteArray.c refuses, on any nvm object."""
    with pytest.raises(ValueError):
        nvm[0:4] = b"abc"  # no resize
    with pytest.raises(ValueError):
        nvm[0:2] = b"abc"
    with pytest.raises(NotImplementedError):
        nvm[0:4:2] = b"ab"  # step 1 only
    with pytest.raises(NotImplementedError):
        nvm[0:3] = [1, 2, 3]  # bytes-like only
    with pytest.raises(NotImplementedError):
        nvm[0:3] = "abc"
    with pytest.raises(ValueError):
        nvm[0:2] = array.array("H", [1, 2])  # single-byte items only
    with pytest.raises(ValueError):
        nvm[5] = 256
    with pytest.raises(NotImplementedError):
        nvm[0:4:2]  # reading with a step is refused too
    assert nvm.erases == 0  # nothing refused was written
    nvm[0:3] = b"abc"
    nvm[3:5] = bytearray(b"de")
    nvm[5:7] = memoryview(b"fg")
    nvm[7:8] = array.array("B", [104])
    nvm[8] = 105
    assert bytes(nvm[0:9]) == b"abcdefghi"
    assert nvm.erases == 5  # every write, even of one byte, erases the block


def test_filenvm_is_strict_like_the_firmware(tmp_path):
    strictness(hw_desktop.FileNvm(str(tmp_path / "n.bin")))
    assert (tmp_path / "n.bin").read_bytes()[:9] == b"abcdefghi"


def test_standin_nvm_is_strict_like_the_firmware():
    m = load_standin()
    assert len(m.nvm) == 8192 and m.nvm[100] == 0xFF  # erased flash
    strictness(m.ByteArray(8192))


def test_standin_nvm_under_micropython(tmp_path):
    script = tmp_path / "s.py"
    script.write_text(
        "import microcontroller as mc\n"
        "n = mc.nvm\n"
        "def bad(f):\n"
        "    try:\n"
        "        f()\n"
        "        print('ACCEPTED')\n"
        "    except (ValueError, NotImplementedError):\n"
        "        pass\n"
        "def w1(): n[0:4] = b'abc'\n"
        "def w2(): n[0:4:2] = b'ab'\n"
        "def w3(): n[0:3] = [1, 2, 3]\n"
        "def w4(): n[1] = 300\n"
        "for f in (w1, w2, w3, w4):\n"
        "    bad(f)\n"
        "n[0:512] = bytearray(b'x' * 512)\n"
        "import _nvm_cut\n"
        "_nvm_cut.arm(n, 1, 1)\n"
        "try:\n"
        "    n[0:1024] = bytearray(b'y' * 1024)\n"
        "except _nvm_cut.PowerCut:\n"
        "    pass\n"
        "print(n.erases, n[0], n[511], n[512], n[8191])\n")
    env = dict(os.environ, MICROPYPATH=os.path.join(ROOT, "tools", "board", "standins"))
    r = subprocess.run([micropython_binary(), str(script)], env=env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ACCEPTED" not in r.stdout
    assert r.stdout.split() == ["2", str(ord("y")), str(ord("y")), "255", "255"]


@pytest.mark.parametrize("make", ["file", "standin"])
def test_a_cut_write_leaves_what_the_flash_would(tmp_path, make):
    """One write = erase the block, then program pages 0..15 in order. A cut leaves: during
    the erase all 0xFF or garbage; after k pages the first k new and the rest 0xFF; while page
    k is programmed the first k new and page k garbage. The old bytes never survive."""
    cases = [hw_desktop.CUT_ERASE_FF, hw_desktop.CUT_ERASE_JUNK] + list(range(17)) + \
        [hw_desktop.CUT_TORN + k for k in (0, 1, 7, 15)]
    old = bytes((i * 7) & 0xFF for i in range(8192))
    new_head = bytes((i * 13 + 1) & 0xFF for i in range(600))
    new = new_head + old[600:]
    for where in cases:
        if make == "file":
            nvm = hw_desktop.FileNvm(None)
            cut = hw_desktop.PowerCut
        else:
            mc = load_standin()
            nvm = mc.ByteArray(8192)
            cut = nvm_cut.PowerCut
            nvm.arm = lambda n, w, nvm=nvm: nvm_cut.arm(nvm, n, w)
        nvm[0:8192] = old
        nvm.arm(1, where)
        with pytest.raises(cut):
            nvm[0:600] = new_head
        got = bytes(nvm[0:8192])
        assert nvm.erases == 2
        if where == hw_desktop.CUT_ERASE_FF:
            assert got == b"\xff" * 8192
        elif where == hw_desktop.CUT_ERASE_JUNK:
            assert got.count(0xFF) < 200 and got[:600] != new_head
        elif where >= hw_desktop.CUT_TORN:
            k = where - hw_desktop.CUT_TORN
            assert got[:k * PAGE] == new[:k * PAGE]
            assert got[k * PAGE:(k + 1) * PAGE] not in (new[k * PAGE:(k + 1) * PAGE],
                                                        b"\xff" * PAGE)
            assert got[(k + 1) * PAGE:] == b"\xff" * (8192 - (k + 1) * PAGE)
        else:
            assert got[:where * PAGE] == new[:where * PAGE]
            assert got[where * PAGE:] == b"\xff" * (8192 - where * PAGE)
        nvm[0:1] = b"z"  # the next write is whole again
        assert nvm.erases == 3 and bytes(nvm[0:1]) == b"z"


def test_records_image_written_whole_and_only_when_changed():
    nvm = hw_desktop.FileNvm(None)
    r = records.Records(nvm)
    # the layout: statistics first, then settings, then the game, all in the first page
    assert records.OFFSET[records.STATS] == 0
    assert records.OFFSET[records.SETTINGS] == records.SIZE[records.STATS]
    assert records.OFFSET[records.GAME] >= records.OFFSET[records.SETTINGS] + \
        records.SIZE[records.SETTINGS]
    assert records.OFFSET[records.GAME] + records.SIZE[records.GAME] <= records.IMAGE <= PAGE
    assert r.read(records.STATS, bytearray(128)) == -1
    r.put(records.STATS, bytes(range(60)), 60)
    r.put(records.SETTINGS, bytes(8), 8)
    r.put(records.GAME, bytes([2] * 100), 100)
    assert nvm.erases == 0 and r.commit() and nvm.erases == 1  # three records, one write
    r.put(records.GAME, bytes([2] * 100), 100)
    r.put(records.STATS, bytes(range(60)), 60)
    assert not r.commit() and nvm.erases == 1  # nothing changed: no write
    r.put(records.GAME, bytes([2] * 99 + [3]), 100)
    assert r.commit() and nvm.erases == 2
    out = bytearray(400)
    r2 = records.Records(nvm)
    assert r2.read(records.GAME, out) == 100 and out[99] == 3
    assert r2.read(records.STATS, out) == 60 and bytes(out[:60]) == bytes(range(60))
    r2.clear(records.GAME)
    assert r2.commit() and records.Records(nvm).read(records.GAME, out) == -1
    assert records.Records(nvm).status[records.GAME] == records.EMPTY
    with pytest.raises(ValueError):
        r2.put(records.SETTINGS, bytes(40), 40)  # longer than its region


def prepared_save(tmp_path):
    """A save with statistics (two games), non-default settings and a running game; and the
    image the program writes next (pausing after one more move)."""
    save = tmp_path / "base.bin"
    d = Driver(save, seed=5)
    d.set_setting(app_mod.S_SPEED, 2)
    d.set_setting(app_mod.S_AC_TARGET, 0)
    d.menu_to("Alley Cat")
    d.app.game_finished(1, 1, True, 23)  # as if won: statistics counted
    d.app.to_title()
    d.menu_to("Back Alley")
    d.press("up")
    d.press("a")
    d.press("start")
    d.press("b")
    old = save.read_bytes()
    before = d.hw.nvm.erases
    d.press("up")
    d.press("a")
    d.press("start")  # the pause writes the game: one erase, one slice assignment
    assert d.hw.nvm.erases == before + 1
    new_img = bytes(d.app.rec.img)
    assert save.read_bytes()[:records.IMAGE] == new_img
    assert new_img != old[:records.IMAGE]
    return old, new_img, list(d.app.stats), list(d.app.settings)


def cut_points():
    return [hw_desktop.CUT_ERASE_FF, hw_desktop.CUT_ERASE_JUNK] + list(range(17)) + \
        [hw_desktop.CUT_TORN + k for k in (0, 1, 15)]


def test_power_cut_at_every_page_boundary_and_during_the_erase(tmp_path):
    """The program always starts; a record whose bytes the cut left as garbage is reported
    (the running game: "Bad save ignored"); a record wholly programmed survives; statistics
    and settings (in the first page) survive every cut after the erase."""
    old, new_img, stats, settings = prepared_save(tmp_path)
    defaults_stats = None
    seen = set()
    for where in cut_points():
        save = tmp_path / ("cut%d.bin" % where)
        save.write_bytes(old)
        nvm = hw_desktop.FileNvm(str(save))
        nvm.arm(1, where, seed=where)
        with pytest.raises(hw_desktop.PowerCut):
            nvm[0:records.IMAGE] = new_img  # the program's write (see prepared_save)
        got = save.read_bytes()
        d = Driver(save, seed=1)
        assert d.name == "title", where
        items = d.title_items()
        state = {}
        for kind in (records.SETTINGS, records.STATS, records.GAME):
            a = records.OFFSET[kind]
            z = a + records.SIZE[kind]
            if got[a:z] == new_img[a:z]:
                state[kind] = "new"
            elif got[a:z] == b"\xff" * (z - a):
                state[kind] = "blank"
            else:
                state[kind] = "bad"
        programmed = where >= 1 and where < hw_desktop.CUT_TORN or \
            where > hw_desktop.CUT_TORN
        if programmed:  # page 0 was programmed: statistics and settings kept
            assert state[records.STATS] == state[records.SETTINGS] == "new", where
        if state[records.STATS] == "new":
            assert list(d.app.stats) == stats
        else:
            if defaults_stats is None:
                defaults_stats = list(Driver(tmp_path / "empty.bin").app.stats)
            assert list(d.app.stats) == defaults_stats
        assert list(d.app.settings) == (settings if state[records.SETTINGS] == "new"
                                        else list(app_mod.DEFAULTS))
        if state[records.GAME] == "bad":
            assert d.screen.note == "Bad save ignored", where
        elif "bad" not in state.values():
            assert d.screen.note == "", where
        if state[records.GAME] == "new":
            assert items[0] == "Continue"
            if where == 1:  # (the resumed game itself: test_ui_resume)
                d.press("a")
                assert d.name == "backalley"
        else:
            assert "Continue" not in items
        seen.add((programmed, state[records.STATS], state[records.GAME]))
    # every kind of outcome was met: lost with garbage, lost blank, kept
    assert seen == {(False, "bad", "bad"), (False, "blank", "blank"), (True, "new", "new")}
    # and which cut costs what, with this layout (all records in page 0)
    assert records.IMAGE <= PAGE


def test_no_write_when_nothing_changed(tmp_path):
    d = Driver(tmp_path / "w.bin", seed=3)
    e = d.hw.nvm.erases
    d.menu_to("Settings")
    d.press("b")  # the defaults, unchanged: they need no record
    assert d.hw.nvm.erases == e
    d.set_setting(app_mod.S_SOUND, 0)
    assert d.hw.nvm.erases == e + 1
    d.menu_to("Settings")
    d.press("down")
    d.press("b")  # settings unchanged: nothing written
    assert d.hw.nvm.erases == e + 1
    d.menu_to("Alley Cat")  # a new game (no saved one ends): written later, not now
    assert d.hw.nvm.erases == e + 1
    d.press("start")  # the pause writes the new game and its statistics: one write
    assert d.hw.nvm.erases == e + 2
    d.press("b")
    d.press("start")  # the game did not change since: the pause writes nothing
    d.press("b")
    assert d.hw.nvm.erases == e + 2
    d.press("a")  # a card played: the next pause writes
    d.press("start")
    assert d.hw.nvm.erases == e + 3
    d.menu_to("Quit to menu")  # already written at the pause
    assert d.hw.nvm.erases == e + 3


def test_timed_save_mid_deal_not_at_deal_starts(tmp_path):
    """No write at deal starts: the game is written once its oldest play not in nvm is
    app.SAVE_WITHIN_MS old (under 5 minutes), wherever it is (here mid-deal, while the
    player thinks); a cut after that resumes exactly there."""
    save = tmp_path / "t.bin"
    d = Driver(save, seed=4)
    d.set_setting(app_mod.S_SPEED, 2)
    e = d.hw.nvm.erases
    t0 = d.hw.vclock
    d.menu_to("Back Alley")  # 25 deals: 13 cards, then 12, 11, ...
    g = d.screen.g
    moves = 0
    for _ in range(200):  # two deal starts and a few moves into the third deal
        if g.deal_number == 2 and moves >= 6:
            break
        if g.phase == 2:
            d.press("a")  # the next deal
            continue
        d.press("up")
        d.press("a")
        moves += g.deal_number == 2
    assert g.deal_number == 2 and g.phase < 2 and d.hw.vclock - t0 < app_mod.SAVE_WITHIN_MS
    assert d.hw.nvm.erases == e  # new game, two deal starts, moves: nothing written yet
    live = game_bytes(d)
    for _ in range(20000):  # the player thinks; the program keeps stepping
        if d.hw.nvm.erases != e:
            break
        d.hw.vclock += 20
        d.app.step(d.hw.now_ms(), 0)
    assert t0 + app_mod.SAVE_WITHIN_MS <= d.hw.vclock <= t0 + 300000
    assert d.hw.nvm.erases == e + 1 and game_bytes(d) == live
    d = Driver(save, seed=5)  # power cut: on again
    assert d.title_items()[0] == "Continue" and d.screen.detail == "Back Alley, deal 3"
    d.app.resume()
    assert game_bytes(d) == live


def game_bytes(d):
    buf = bytearray(256)
    return bytes(buf[:d.screen.g.save(buf)])


def test_standin_device_heap_driver_still_loads_records():
    """The records module reads the image byte by byte (an nvm slice read would allocate)."""
    m = load_standin()
    nvm = m.ByteArray(8192)
    r = records.Records(nvm)
    r.put(records.SETTINGS, bytes(8), 8)
    assert r.commit() and nvm.erases == 1
    assert records.Records(nvm).read(records.SETTINGS, bytearray(32)) == 8


def test_log_creates_its_folder(tmp_path):
    log = tmp_path / "new" / "dir" / "x.txt"
    r = subprocess.run([sys.executable, "code.py", "--headless", "--fresh",
                        "--save", str(tmp_path / "s" / "s.bin"), "--log", str(log),
                        "--keys", "down"], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert r.returncode == 0, r.stderr
    assert log.read_text().splitlines()[1].startswith("001 down screen=title")


def test_statistics_per_game_and_level(tmp_path):
    """Played (at the start), won, streaks and best score, kept over a power-off; a saved
    game replaced by a new one counts as lost and ends the streak; the Statistics screen
    shows them."""
    save = tmp_path / "st.bin"
    d = Driver(save, seed=2)
    a = d.app
    F = app_mod

    def game(kind, won, score):
        a.new_game(kind)
        a.game_finished(kind, 1, won, score)
        a.to_title()

    game(1, True, 30)
    game(1, True, 12)
    game(1, False, 50)
    game(1, True, 44)
    game(2, False, -120)
    assert [a.stat(1, 1, f) for f in range(5)] == [4, 3, 1, 2, 50]
    assert [a.stat(2, 1, f) for f in range(5)] == [1, 0, 0, 0, -120]
    assert a.stat(1, 0, F.ST_PLAYED) == 0 and a.stat(1, 0, F.ST_BEST_SCORE) == F.NO_SCORE
    # a game started and left saved counts as played (not won); replaced by a new game it
    # is given up: its streak is over
    a.new_game(1)
    a.gs.checkpoint()  # paused (written), then quit
    a.to_title()
    assert a.stat(1, 1, F.ST_STREAK) == 1 and a.stat(1, 1, F.ST_PLAYED) == 5
    a.new_game(1)
    assert a.stat(1, 1, F.ST_STREAK) == 0 and a.stat(1, 1, F.ST_PLAYED) == 6
    a.game_finished(1, 1, True, 20)
    a.to_title()
    assert [a.stat(1, 1, f) for f in range(5)] == [6, 4, 1, 2, 50]
    # a game resumed after a power-off keeps the streak it started with
    a.new_game(1)
    a.gs.checkpoint()
    d = Driver(save, seed=3)
    d.menu_to("Continue")
    d.app.game_finished(1, 1, True, 60)
    assert [d.app.stat(1, 1, f) for f in range(5)] == [7, 5, 2, 2, 60]
    d.app.to_title()
    # kept over a power-off, and on the screen
    d = Driver(save, seed=4)
    assert [d.app.stat(1, 1, f) for f in range(5)] == [7, 5, 2, 2, 60]
    d.menu_to("Statistics")
    assert d.name == "stats"
    rows = d.screen.lines[0]
    assert rows[0].split() == ["Easy", "Norm", "Hard"]
    assert rows[1].split() == ["Played", "0", "7", "0"]
    assert rows[2].split() == ["Won", "0", "5", "0"]
    assert rows[3].split() == ["Win", "%", "-", "71", "-"]
    assert rows[4].split() == ["Streak", "0", "2", "0"]
    assert rows[5].split() == ["Best", "streak", "0", "2", "0"]
    assert rows[6].split() == ["Best", "score", "-", "60", "-"]
    assert d.screen.lines[1][6].split() == ["Best", "score", "-", "-120", "-"]
    assert max(len(r) for p in d.screen.lines for r in p) <= 26  # 160 px / 6 px glyphs
    d.press("right")
    assert d.screen.page == 1 and "page=1" in d.app.state_line()
    d.press("left")
    assert d.screen.page == 0
    d.press("b")
    assert d.name == "title"
    # Reset statistics (Settings) clears them, in one write
    e = d.hw.nvm.erases
    d.app.reset_stats()
    assert d.hw.nvm.erases == e + 1
    assert Driver(save).app.stat(1, 1, F.ST_PLAYED) == 0


STATS_STEADY = r"""
import gc, sys, micropython
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
    a.dirty = False
a.start(0)
for i in range(2):
    step(B.DOWN)
print(a.screen.items[a.screen.sel])
step(B.A)
print(a.screen.name)
step(B.RIGHT)
step(B.LEFT)
moves = (0, B.RIGHT, 0, 0, B.LEFT, B.RIGHT, 0, B.LEFT)  # built before the lock
gc.collect()
micropython.heap_lock()
err = None
try:
    for r in range(20):
        for m in moves:
            step(m)
except MemoryError:
    err = "allocation while heap locked"
micropython.heap_unlock()
print("FAIL " + err if err else "PASS stats pages")
"""


def test_statistics_screen_pages_allocate_nothing(tmp_path):
    """Turning the Statistics pages and idling there allocate nothing (MicroPython, stand-in
    hardware, heap locked): every line is built when the screen opens."""
    script = tmp_path / "stats_steady.py"
    script.write_text(STATS_STEADY)
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([os.path.join(ROOT, p) for p in
                                          ["tools/board/standins"] + libdirs.rel_dirs() + ["."]])
    r = subprocess.run([micropython_binary(), "-X", "heapsize=2m", str(script)], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:2] == ["Statistics", "stats"], r.stdout
    assert "PASS stats pages" in r.stdout, r.stdout


def test_zeroed_nvm_is_empty_not_bad():
    """hw_device plays on a zeroed bytearray on a board without nvm: no "ignored" notice."""
    r = records.Records(bytearray(1312))
    assert list(r.status) == [records.EMPTY] * 3


def test_fletcher_reduced_at_the_end_is_fletcher_16():
    # records.fletcher sums first and reduces once (fewer board-ms); the same checksum as
    # Fletcher-16 reduced at every byte (worked: b"\x01\x02" -> a 3, b 1 + 3 = 4 -> 0x0403),
    # up to the largest record region (384 bytes of 0xFF: the sums' largest values)
    def by_byte(buf):
        a = b = 0
        for v in buf:
            a = (a + v) % 255
            b = (b + a) % 255
        return (b << 8) | a

    assert records.fletcher(b"\x01\x02", 0, 2) == 0x0403
    assert records.fletcher(b"abcde", 0, 5) == 0xC8F0  # the published Fletcher-16 example
    r = __import__("random").Random(15)
    cases = [bytes([255]) * 384, bytes(384), bytes([254]) * 384]
    cases += [bytes(r.randrange(256) for _ in range(r.randrange(385))) for _ in range(200)]
    for buf in cases:
        assert records.fletcher(buf, 0, len(buf)) == by_byte(buf)
    assert records.fletcher(b"xx\x01\x02yy", 2, 4) == 0x0403  # only start..end
