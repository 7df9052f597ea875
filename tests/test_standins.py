"""The stand-ins (tools/board/standins/) refuse what CircuitPython 9.x / 10.x refuses.

Each case runs a statement the firmware refuses under the MicroPython unix port with the
stand-ins on the path and checks it raises the firmware's exception type; where there is
one, the nearest accepted statement runs too (so a case fails if the stand-in is lax, and
also if it refuses too much). The CircuitPython source each rule comes from is named in
the stand-in's docstring. Then: the ja/ko/ru build (no terminalio) makes the program say
what to install, the device layer plays through audioio, and long random key sessions
run the whole program without an error.
"""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDINS = os.path.join(ROOT, "tools", "board", "standins")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import device_heap  # noqa: E402
import libdirs  # noqa: E402

MP = device_heap.micropython_binary()
pytestmark = pytest.mark.skipif(MP is None, reason="micropython not installed")


def run_mp(args, env_extra=None, heap="2m", timeout=120):
    env = dict(os.environ)
    env.pop("CIRCUITPY_TRANSLATION", None)
    env["MICROPYPATH"] = os.pathsep.join([STANDINS] + libdirs.rel_dirs() + [".", ".frozen"])
    env.update(env_extra or {})
    return subprocess.run([MP, "-X", "heapsize=" + heap] + args, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


SETUP = """
import board, displayio, bitmaptools, keypad, fontio, terminalio, time
dest = displayio.Bitmap(160, 128, 16)
src = displayio.Bitmap(128, 24, 16)
pal = displayio.Palette(16)
"""


def outcome(setup, stmt):
    """'ok' if stmt runs, else the name of the exception it raises."""
    code = SETUP + setup + "\ntry:\n    " + stmt.replace("\n", "\n    ") + \
        "\n    print('OUTCOME ok')\nexcept Exception as e:\n    print('OUTCOME', type(e).__name__, e)\n"
    r = run_mp(["-c", code])
    assert r.returncode == 0, r.stdout + r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("OUTCOME")][-1]
    return line.split()[1]


# (name, setup, refused statement, exception, accepted statement or None)
CASES = [
    # bitmaptools.fill_region: shared-bindings/bitmaptools/__init__.c (no clipping, no swap)
    ("fill_region x2 past the width", "", "bitmaptools.fill_region(dest, 0, 0, 161, 1, 1)",
     "ValueError", "bitmaptools.fill_region(dest, 0, 0, 160, 128, 1)"),
    ("fill_region negative x1", "", "bitmaptools.fill_region(dest, -1, 0, 5, 5, 1)",
     "ValueError", "bitmaptools.fill_region(dest, 0, 0, 5, 5, 1)"),
    ("fill_region negative y1", "", "bitmaptools.fill_region(dest, 0, -3, 5, 5, 1)",
     "ValueError", None),
    ("fill_region y2 past the height", "", "bitmaptools.fill_region(dest, 0, 0, 5, 129, 1)",
     "ValueError", None),
    ("fill_region corners not swapped", "", "bitmaptools.fill_region(dest, 5, 0, 2, 5, 1)",
     "ValueError", "bitmaptools.fill_region(dest, 2, 0, 5, 5, 1)"),
    ("fill_region value over bits_per_value", "",
     "bitmaptools.fill_region(dest, 0, 0, 1, 1, 16)", "ValueError",
     "bitmaptools.fill_region(dest, 0, 0, 1, 1, 15)"),
    # bitmaptools.blit
    ("blit negative x", "", "bitmaptools.blit(dest, src, -1, 0, x1=0, y1=0, x2=8, y2=7)",
     "ValueError", "bitmaptools.blit(dest, src, 0, 0, x1=0, y1=0, x2=8, y2=7)"),
    ("blit negative y", "", "bitmaptools.blit(dest, src, 3, -2, x1=0, y1=0, x2=8, y2=7)",
     "ValueError", None),
    ("blit x past the width", "", "bitmaptools.blit(dest, src, 161, 0, x2=8, y2=7)",
     "ValueError", "bitmaptools.blit(dest, src, 160, 0, x2=8, y2=7)"),
    ("blit source rectangle outside the source", "",
     "bitmaptools.blit(dest, src, 0, 0, x1=120, y1=0, x2=129, y2=7)", "ValueError",
     "bitmaptools.blit(dest, src, 0, 0, x1=120, y1=0, x2=128, y2=7)"),
    ("blit source x2 before x1", "", "bitmaptools.blit(dest, src, 0, 0, x1=8, x2=4)",
     "ValueError", None),
    ("blit into fewer bits per value", "small = displayio.Bitmap(10, 10, 2)",
     "bitmaptools.blit(small, src, 0, 0, x2=4, y2=4)", "ValueError", None),
    # displayio.Bitmap (shared-bindings/displayio/Bitmap.c): no blit since 9.0
    ("Bitmap.blit removed", "", "dest.blit(0, 0, src)", "AttributeError", None),
    ("Bitmap value over bits_per_value", "", "dest[0, 0] = 16", "ValueError",
     "dest[0, 0] = 15"),
    ("Bitmap index outside", "", "dest[160, 0] = 1", "IndexError", "dest[159, 127] = 1"),
    ("Bitmap.fill value over bits_per_value", "", "dest.fill(16)", "ValueError",
     "dest.fill(15)"),
    # no displayio.Display, no show() (busdisplay.BusDisplay in 10.x)
    ("no displayio.Display", "", "displayio.Display", "AttributeError", "board.DISPLAY"),
    ("no Display.show()", "g = displayio.Group()", "board.DISPLAY.show(g)",
     "AttributeError", "board.DISPLAY.root_group = g"),
    ("root_group must be a Group", "", "board.DISPLAY.root_group = dest", "TypeError",
     None),
    ("brightness over 1", "", "board.DISPLAY.brightness = 1.5", "ValueError",
     "board.DISPLAY.brightness = 1.0"),
    ("brightness under 0", "", "board.DISPLAY.brightness = -0.1", "ValueError",
     "board.DISPLAY.brightness = 0"),
    # TileGrid (shared-bindings/displayio/TileGrid.c)
    ("tile width must divide the bitmap width", "sheet = displayio.Bitmap(100, 12, 2)",
     "displayio.TileGrid(sheet, pixel_shader=pal, width=3, tile_width=6, tile_height=12)",
     "ValueError",
     "displayio.TileGrid(displayio.Bitmap(96, 12, 2), pixel_shader=pal, width=3, "
     "tile_width=6, tile_height=12)"),
    ("tile height must divide the bitmap height", "sheet = displayio.Bitmap(96, 13, 2)",
     "displayio.TileGrid(sheet, pixel_shader=pal, tile_width=6, tile_height=12)",
     "ValueError", None),
    ("tile value out of range", "t = displayio.TileGrid(displayio.Bitmap(96, 12, 2), "
     "pixel_shader=pal, width=27, tile_width=6, tile_height=12)", "t[0] = 16", "ValueError",
     "t[0] = 15"),
    ("tile value out of range, small grid", "t = displayio.TileGrid(displayio.Bitmap(96, 12, "
     "2), pixel_shader=pal, width=2, tile_width=6, tile_height=12)", "t[1] = 16",
     "ValueError", "t[1] = 15\nassert t[1] == 15 and t[0] == 0"),
    ("default_tile out of range", "",
     "displayio.TileGrid(displayio.Bitmap(96, 12, 2), pixel_shader=pal, width=2, "
     "tile_width=6, tile_height=12, default_tile=16)", "ValueError", None),
    ("tile index outside the grid", "t = displayio.TileGrid(displayio.Bitmap(96, 12, 2), "
     "pixel_shader=pal, width=27, tile_width=6, tile_height=12)", "t[27] = 1", "IndexError",
     "t[26] = 1"),
    ("pixel_shader must be a Palette or ColorConverter", "", "displayio.TileGrid(dest, "
     "pixel_shader=dest)", "TypeError", "displayio.TileGrid(dest, pixel_shader=pal)"),
    ("TileGrid x must be an int", "t = displayio.TileGrid(dest, pixel_shader=pal)",
     "t.x = 1.5", "TypeError", "t.x = -3"),
    # Group (shared-module/displayio/Group.c)
    ("layer already in this group", "g = displayio.Group()\n"
     "t = displayio.TileGrid(dest, pixel_shader=pal)\ng.append(t)", "g.append(t)",
     "ValueError", None),
    ("layer already in another group", "g = displayio.Group()\nh = displayio.Group()\n"
     "t = displayio.TileGrid(dest, pixel_shader=pal)\ng.append(t)", "h.append(t)",
     "ValueError", "g.remove(t)\nh.append(t)"),
    ("group already in a group", "g = displayio.Group()\nh = displayio.Group()\n"
     "k = displayio.Group()\ng.append(k)", "h.insert(0, k)", "ValueError",
     "g.pop()\nh.insert(0, k)"),
    ("only Groups and TileGrids are layers", "g = displayio.Group()", "g.append(dest)",
     "ValueError", None),
    ("an empty group is falsy", "g = displayio.Group()", "assert not g", "ok", None),
    ("group scale 0", "", "displayio.Group(scale=0)", "ValueError", "displayio.Group(scale=2)"),
    # Palette (shared-bindings/displayio/Palette.c)
    ("palette colour over 0xFFFFFF", "", "pal[0] = 0x1000000", "TypeError",
     "pal[0] = 0xFFFFFF"),
    ("palette colour negative", "", "pal[0] = -1", "TypeError", "pal[0] = 0"),
    ("palette buffer of 2 bytes", "", "pal[0] = b'ab'", "ValueError", "pal[0] = b'abc'"),
    ("palette index outside", "", "pal[16] = 0", "IndexError", "pal[-1] = 0"),
    # keypad (shared-bindings/keypad/ShiftRegisterKeys.c, Event.c)
    ("ShiftRegisterKeys needs key_count", "",
     "keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, "
     "latch=board.BUTTON_LATCH, value_when_pressed=True)", "TypeError",
     "keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, "
     "latch=board.BUTTON_LATCH, key_count=8, value_when_pressed=True)"),
    ("ShiftRegisterKeys needs value_when_pressed", "",
     "keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, "
     "latch=board.BUTTON_LATCH, key_count=8)", "TypeError", None),
    ("ShiftRegisterKeys takes keywords only", "",
     "keypad.ShiftRegisterKeys(board.BUTTON_CLOCK, board.BUTTON_OUT, board.BUTTON_LATCH, 8, "
     "True)", "TypeError", None),
    ("ShiftRegisterKeys key_count 0", "",
     "keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, "
     "latch=board.BUTTON_LATCH, key_count=0, value_when_pressed=True)", "ValueError", None),
    ("Keys needs value_when_pressed", "", "keypad.Keys((board.D2,))", "TypeError",
     "keypad.Keys((board.D2,), value_when_pressed=False)"),
    ("key_count is read-only", "k = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK, "
     "data=board.BUTTON_OUT, latch=board.BUTTON_LATCH, key_count=8, "
     "value_when_pressed=True)", "k.key_count = 4", "AttributeError", "k.key_count == 8"),
    ("Event.key_number is read-only", "ev = keypad.Event(3, True)", "ev.key_number = 1",
     "AttributeError", "assert ev.key_number == 3 and ev.pressed and not ev.released"),
    ("Event.pressed is read-only", "ev = keypad.Event(3, True)", "ev.pressed = False",
     "AttributeError", None),
    ("Event.released is read-only", "ev = keypad.Event(3, True)", "ev.released = True",
     "AttributeError", None),
    ("Event key_number negative", "", "keypad.Event(-1)", "ValueError", "keypad.Event(0)"),
    # fontio (shared-bindings/fontio/BuiltinFont.c has no make_new; Glyph.c a namedtuple)
    ("BuiltinFont cannot be constructed", "", "fontio.BuiltinFont()", "TypeError", None),
    ("Glyph is a namedtuple", "g = terminalio.FONT.get_glyph(65)",
     "assert isinstance(g, tuple) and g[1] == g.tile_index == 33 and len(g) == 8", "ok",
     None),
    ("Glyph fields are read-only", "g = terminalio.FONT.get_glyph(65)", "g.tile_index = 3",
     "AttributeError", None),
    # time (shared-bindings/time/__init__.c)
    ("no time.ticks_ms", "", "time.ticks_ms()", "AttributeError", "time.monotonic()"),
    ("no time.ticks_diff", "", "time.ticks_diff(2, 1)", "AttributeError",
     "time.monotonic_ns()"),
    ("no time.ticks_add", "", "time.ticks_add(2, 1)", "AttributeError", "time.time()"),
    ("no time.sleep_ms", "", "time.sleep_ms(1)", "AttributeError", "time.sleep(0.01)"),
    ("no time.ticks_us", "", "time.ticks_us()", "AttributeError",
     "time.mktime(time.localtime())"),
    ("time.struct_time is there", "", "time.struct_time((2024, 1, 2, 3, 4, 5, 0, 2, -1))",
     "ok", None),
    ("sleep of a negative time", "", "time.sleep(-1)", "ValueError", "time.sleep(0)"),
    # sound on a SAMD51 PyBadge
    ("pwmio.PWMOut on the speaker pin (PA02: no timer)", "import pwmio",
     "pwmio.PWMOut(board.SPEAKER, frequency=440, variable_frequency=True)", "ValueError",
     "pwmio.PWMOut(board.D3, frequency=440)"),
    ("no audiopwmio on the atmel-samd port", "", "import audiopwmio", "ImportError", None),
    ("audioio.AudioOut needs a DAC pin", "import audioio", "audioio.AudioOut(board.D3)",
     "ValueError", "audioio.AudioOut(board.SPEAKER)"),
    ("AudioOut.play takes a sample", "import audioio\na = audioio.AudioOut(board.SPEAKER)",
     "a.play(bytearray(32))", "TypeError",
     "import audiocore, array\na.play(audiocore.RawSample(array.array('H', [0] * 16), "
     "sample_rate=8000), loop=True)"),
    # pins: validate_obj_is_free_pin
    ("a pin in use", "import digitalio\nd = digitalio.DigitalInOut(board.SPEAKER_ENABLE)",
     "digitalio.DigitalInOut(board.SPEAKER_ENABLE)", "ValueError",
     "d.deinit()\ndigitalio.DigitalInOut(board.SPEAKER_ENABLE)"),
    ("value of an input", "import digitalio\nd = digitalio.DigitalInOut(board.D2)",
     "d.value = True", "AttributeError", "d.switch_to_output(value=False)\nd.value = True"),
]


@pytest.mark.parametrize("name,setup,stmt,exc,ok_stmt", CASES, ids=[c[0] for c in CASES])
def test_refused_as_on_the_firmware(name, setup, stmt, exc, ok_stmt):
    assert outcome(setup, stmt) == exc
    if ok_stmt is not None:
        assert outcome(setup, ok_stmt) == "ok"


def test_blit_past_the_right_and_bottom_edge_is_cut_not_refused():
    r = run_mp(["-c", SETUP + """
src.fill(3)
bitmaptools.blit(dest, src, 156, 125, x1=0, y1=0, x2=8, y2=7)
print(dest[159, 127], dest[155, 127], dest[156, 124])
"""])
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["3", "0", "0"]


def test_no_terminalio_on_the_ja_ko_ru_builds():
    code = "try:\n    import terminalio\n    print('present')\nexcept ImportError:\n    print('absent')\n"
    for lang, want in (("ja", "absent"), ("ko", "absent"), ("ru", "absent"), ("en_US", "present")):
        r = run_mp(["-c", code], {"CIRCUITPY_TRANSLATION": lang})
        assert r.stdout.strip() == want, (lang, r.stdout, r.stderr)


def test_program_says_which_firmware_to_install_without_terminalio():
    r = run_mp(["code.py"], {"CIRCUITPY_TRANSLATION": "ru"})
    out = r.stdout + r.stderr
    assert "terminalio" in out and "en_US" in out and "circuitpython.org" in out, out
    assert "Traceback" not in out, out
    assert r.returncode == 1  # SystemExit(1): the board prints no traceback for it


def test_device_layer_plays_tones_through_audioio():
    r = run_mp(["-c", """
import board, hw_device, supervisor, time
hw = hw_device.Device()
hw.tone(440, 50)
a = hw._audio
print(type(a).__name__, a.playing, a.sample.sample_rate, hw._pwm, hw._spk_en.value)
time.sleep(0.06)
hw.update(hw.now_ms())
print(a.playing, hw._spk_en.value)
"""])
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:2] == ["AudioOut True 7040 None True", "False False"]


@pytest.mark.parametrize("seed", [7, 2024])
def test_long_random_key_session(seed):
    r = run_mp(["tests/mp/random_session.py", str(seed), "1500"], heap="4m", timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    lines = dict(x.split(" ", 1) for x in r.stdout.splitlines() if " " in x)
    assert lines.get("END") == "ok", r.stdout[-2000:]
    screens = dict(s.split(":") for s in lines["SCREENS"].split())
    for s in ("title", "alleycat", "backalley", "pause", "settings", "rules"):
        assert int(screens.get(s, 0)) > 0, (s, lines["SCREENS"])
    assert int(lines["TONES"]) > 0
