"""The Adafruit Fruit Jam's hardware layer (lib/hw/hw_fruit_jam.py, lib/hw/hw_stdin_keys.py)
on its stand-ins (tools/board/standins/boards/adafruit_fruit_jam/) under micropython32.

- the keyboard decoder: what CircuitPython puts on stdin for each key (supervisor/shared/usb/
  host_keyboard.c), read only as far as supervisor.runtime.serial_bytes_available says;
- the stand-ins refuse what the firmware refuses (picodvi, framebufferio, supervisor.runtime,
  the 4 KB nvm, no board.DISPLAY);
- code.py from power-on on the DVI display (the table in a Group scaled by 3 and centred,
  at each monitor mode), Settings and a Back Alley deal played to its end with the keyboard
  (stdin) and the three buttons, the pause writing the game into the 4 KB nvm, and a second
  power-on resuming exactly that game.
"""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDINS = os.path.join(ROOT, "tools", "board", "standins")
FRUIT_JAM = os.path.join(STANDINS, "boards", "adafruit_fruit_jam")
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "lib", "hw"))
import toolpaths  # noqa: E402,F401
import device_heap  # noqa: E402
import libdirs  # noqa: E402

import buttons as B  # noqa: E402
import hw_stdin_keys  # noqa: E402


# ---- the keyboard decoder (CPython: it is plain Python) ------------------------------------
class _Typed:
    """supervisor.runtime and sys.stdin over bytes typed so far; reading past them fails
    (on a board, sys.stdin would wait there)."""

    def __init__(self):
        self.buf = bytearray()
        self.pos = 0

    def type(self, data):
        self.buf += data

    @property
    def serial_bytes_available(self):
        return len(self.buf) - self.pos

    def readinto(self, b, n):
        assert n <= len(self.buf) - self.pos, "read past the bytes typed"
        b[:n] = self.buf[self.pos:self.pos + n]
        self.pos += n
        return n


def _polls(k, t, n):
    return [k.poll() for _ in range(n)]


@pytest.mark.parametrize("data,bits", [
    (b"\x1b[A", B.UP), (b"\x1b[B", B.DOWN), (b"\x1b[C", B.RIGHT), (b"\x1b[D", B.LEFT),
    (b"\x1bOA", B.UP), (b"\x1b[1;5D", B.LEFT),  # application cursor keys, Ctrl+Left
    (b"\n", B.START), (b"\r", B.START), (b"\x08", B.B), (b"\x7f", B.B),
    (b" ", B.SELECT), (b"\t", B.SELECT), (b"z", B.A), (b"Z", B.A), (b"a", B.A),
    (b"x", B.B), (b"b", B.B), (b"h", B.UP),
])
def test_a_key_typed_is_its_button(data, bits):
    t = _Typed()
    k = hw_stdin_keys.StdinKeys(t, t)
    assert k.poll() == 0
    t.type(data)
    assert k.poll() == bits
    assert _polls(k, t, 3) == [0, 0, 0]
    assert t.pos == len(t.buf)


def test_esc_alone_is_start_at_the_next_poll_and_a_sequence_split_across_polls_is_one_key():
    t = _Typed()
    k = hw_stdin_keys.StdinKeys(t, t)
    t.type(b"\x1b")
    assert _polls(k, t, 3) == [0, B.START, 0]
    t.type(b"\x1b")  # a terminal's arrow that came in two pieces
    assert k.poll() == 0
    t.type(b"[D")
    assert _polls(k, t, 2) == [B.LEFT, 0]
    t.type(b"\x1bz")  # Esc, then z: both count, one a poll
    assert _polls(k, t, 3) == [B.START, B.A, 0]
    t.type(b"\x1b[5~\x1bOPq")  # PgUp, F1, q: no button
    assert _polls(k, t, 2) == [0, 0]
    assert t.pos == len(t.buf)


def test_one_key_per_poll_the_rest_left_in_the_firmware_buffer():
    t = _Typed()
    k = hw_stdin_keys.StdinKeys(t, t)
    t.type(b"\x1b[Cz\x1b[B")
    assert k.poll() == B.RIGHT
    assert t.serial_bytes_available == 4  # z and Down still there
    assert _polls(k, t, 3) == [B.A, B.DOWN, 0]


# ---- the stand-ins (micropython32) ---------------------------------------------------------
MP = device_heap.micropython_binary("mp32")
mp32 = pytest.mark.skipif(MP is None, reason="micropython32 could not be built")


def run_mp(args, env_extra=None, stdin_path=None, timeout=300):
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([FRUIT_JAM, STANDINS] + libdirs.rel_dirs() + ["."])
    env.update(env_extra or {})
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        return subprocess.run([MP, "-X", "heapsize=4m"] + args, cwd=ROOT, env=env,
                              stdin=stdin, capture_output=True, text=True, timeout=timeout)
    finally:
        if stdin_path:
            stdin.close()


SETUP = """
import board, displayio, supervisor, microcontroller, keypad
pins = dict(clk_dp=board.CKP, clk_dn=board.CKN, red_dp=board.D0P, red_dn=board.D0N,
            green_dp=board.D1P, green_dn=board.D1N, blue_dp=board.D2P, blue_dn=board.D2N)
d = supervisor.runtime.display
"""


def outcome(setup, stmt, monitor="640x480"):
    code = SETUP + setup + "\ntry:\n    " + stmt.replace("\n", "\n    ") + \
        "\n    print('OUTCOME ok')\nexcept Exception as e:\n" \
        "    print('OUTCOME', type(e).__name__, e)\n"
    r = run_mp(["-c", code], {"FRUITJAM_MONITOR": monitor})
    assert r.returncode == 0, r.stdout + r.stderr
    return [x for x in r.stdout.splitlines() if x.startswith("OUTCOME")][-1].split()[1]


_FB = "import picodvi\n"
# (name, monitor at power-on, setup, refused statement, exception, accepted statement)
CASES = [
    ("no board.DISPLAY: the monitor is supervisor.runtime.display", "640x480", "",
     "board.DISPLAY", "AttributeError", "d.width + d.height"),
    ("the DVI pins are the firmware's once it made the display", "640x480", _FB,
     "picodvi.Framebuffer(640, 480, **pins)", "RuntimeError", None),
    ("picodvi pins are keyword-only", "none", _FB,
     "picodvi.Framebuffer(640, 480, board.CKP, board.CKN, board.D0P, board.D0N, board.D1P, "
     "board.D1N, board.D2P, board.D2N)", "TypeError", "picodvi.Framebuffer(640, 480, **pins)"),
    ("picodvi sizes are the HSTX modes", "none", _FB,
     "picodvi.Framebuffer(800, 600, **pins)", "ValueError",
     "picodvi.Framebuffer(720, 400, **pins)"),
    ("16-bit colour only at half size", "none", _FB,
     "picodvi.Framebuffer(640, 480, color_depth=16, **pins)", "ValueError",
     "picodvi.Framebuffer(320, 240, color_depth=16, **pins)"),
    ("picodvi pins are GPIO 12-19", "none", _FB + "pins['clk_dp'] = board.D6",
     "picodvi.Framebuffer(640, 480, **pins)", "ValueError", None),
    ("FramebufferDisplay options are keyword-only", "none",
     _FB + "import framebufferio\nfb = picodvi.Framebuffer(640, 480, **pins)",
     "framebufferio.FramebufferDisplay(fb, 0, False)", "TypeError",
     "framebufferio.FramebufferDisplay(fb, rotation=0, auto_refresh=False)"),
    ("refresh() takes keywords only", "640x480", "", "d.refresh(None)", "TypeError",
     "d.refresh(target_frames_per_second=None)"),
    ("a DVI display has no brightness", "640x480", "", "d.brightness = 0.5", "RuntimeError",
     None),
    ("a group in a group cannot be the root group", "640x480",
     "g = displayio.Group()\ndisplayio.Group().append(g)", "d.root_group = g", "ValueError",
     "d.root_group = displayio.Group(scale=3, x=80, y=48)"),
    ("serial_bytes_available is read-only", "640x480", "",
     "supervisor.runtime.serial_bytes_available = 1", "AttributeError",
     "supervisor.runtime.serial_bytes_available + 0"),
    ("runtime.display takes a display or None", "640x480", "",
     "supervisor.runtime.display = displayio.Group()", "TypeError",
     "supervisor.runtime.display = d"),
    ("nvm is 4 KB", "640x480", "", "microcontroller.nvm[4096] = 1", "IndexError",
     "microcontroller.nvm[4095] = 1"),
    ("nvm slices keep their length", "640x480", "", "microcontroller.nvm[0:3] = b'ab'",
     "ValueError", "microcontroller.nvm[0:2] = b'ab'"),
    ("the buttons' keypad options are keyword-only", "640x480", "",
     "keypad.Keys((board.BUTTON1,), False)", "TypeError",
     "keypad.Keys((board.BUTTON1,), value_when_pressed=False, pull=True)"),
]


@mp32
@pytest.mark.parametrize("name,monitor,setup,stmt,exc,ok_stmt", CASES,
                         ids=[c[0] for c in CASES])
def test_fruit_jam_stand_ins_refuse_as_the_firmware(name, monitor, setup, stmt, exc, ok_stmt):
    assert outcome(setup, stmt, monitor) == exc
    if ok_stmt is not None:
        assert outcome(setup, ok_stmt, monitor) == "ok"


@mp32
def test_reading_stdin_past_what_was_typed_is_caught(tmp_path):
    stdin = tmp_path / "stdin"
    stdin.write_bytes(b"")
    code = """
import sys, supervisor
supervisor.type_keys(b"ab")
b = bytearray(3)
print(supervisor.runtime.serial_bytes_available, sys.stdin.readinto(b, 1), b[0])
print(supervisor.runtime.serial_bytes_available)
supervisor.type_keys(b"c")
sys.stdin.readinto(b, 3)
try:
    supervisor.runtime.serial_bytes_available
except RuntimeError as e:
    print("RuntimeError")
"""
    r = run_mp(["-c", code], {"STANDIN_STDIN": str(stdin)}, stdin_path=str(stdin))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:3] == ["2 1 97", "1", "RuntimeError"]


# ---- the program from power-on -------------------------------------------------------------
def run_game(tmp_path, mode, monitor="640x480"):
    stdin = tmp_path / ("stdin-" + mode)
    stdin.write_bytes(b"")
    r = run_mp(["tests/mp/fruit_jam_game.py", mode],
               {"STANDIN_STDIN": str(stdin), "STANDIN_NVM": str(tmp_path / "nvm"),
                "FRUITJAM_MONITOR": monitor}, stdin_path=str(stdin))
    out = r.stdout + r.stderr
    assert r.returncode == 0 and "END ok" in r.stdout, out
    lines = {}
    for line in r.stdout.splitlines():
        w = line.split(" ", 1)
        lines.setdefault(w[0], []).append(w[1] if len(w) > 1 else "")
    typed = stdin.read_bytes()
    assert typed.endswith(b"\xff")  # the stand-in's byte after those typed: never read
    return lines, typed[:-1]


# width height scale x y: the table scaled by the largest whole factor that fits, centred
@mp32
@pytest.mark.parametrize("monitor,want", [
    ("640x480", "640 480 3 80 48"),
    ("720x400", "720 400 3 120 8"),  # a 1080p monitor
    ("none", "640x480 made by the program"),
    ("320x240", "320 240 1 80 56"),  # CIRCUITPY_DISPLAY_WIDTH = 320
])
def test_the_table_scaled_and_centred_on_the_monitor(tmp_path, monitor, want):
    lines, _ = run_game(tmp_path, "title", monitor)
    d = lines["DISPLAY"][0].split()
    if monitor == "none":
        want = "640 480 3 80 48"
    assert " ".join(d[:5]) == want
    # one group on the monitor (the program's), auto_refresh off, refreshed by hand
    assert d[5:9] == ["1", "1", "0", "1"], d
    assert int(d[9]) >= 1


@mp32
def test_a_deal_played_with_keyboard_and_buttons_saved_in_4_kb_and_resumed(tmp_path):
    lines, typed = run_game(tmp_path, "play")
    assert lines["SOUND"] == ["Sound  none on this board"]
    deal = lines["DEAL"][0].split()
    assert deal[:2] == ["1", "2"]  # deal 1 over (phase 2)
    # the keyboard's bytes went through stdin: arrows, Esc, z, Ctrl+Right
    assert typed.count(b"\x1b[B") >= 7 and b"\x1b[C" in typed and b"\x1b[1;5C" in typed
    assert typed.endswith(b"\x1b")
    size, commits, writes, erases, blank, saved = lines["SAVED"][0].split()
    assert size == "4096" and blank == "1"  # nothing written past the 512-byte image
    assert commits == writes == "2"  # Settings left with a change, then the pause
    assert erases == "1"  # the first write found the sector blank: no erase
    assert saved == "2"  # Back Alley
    game = lines["GAME"][0]
    assert game.split()[0] == "1"  # in the second deal
    assert len(bytes.fromhex(game.split()[1])) + 128 + 8 <= 512
    nvm = (tmp_path / "nvm").read_bytes()
    assert len(nvm) == 4096 and nvm[128:131] == b"\xa7\xc9\x02"

    again, _ = run_game(tmp_path, "resume")
    assert again["SCREEN"][0] == "Continue 2"
    assert again["GAME"] == [game]  # the very game written, at the same point
    assert again["SCREEN"][1] == "pause"  # Button 1 is Start


# ---- the boards' shared key plans (device_heap.run_board: the heap driver) ------
def _tagged(out, tag):
    return [ln.split(" ", 1)[1] for ln in out.splitlines() if ln.startswith(tag + " ")]


def _strip(state):
    return " ".join(p for p in state.split(" msg=")[0].split() if not p.startswith("cur="))


@mp32
def test_the_boards_deal_plan_runs_on_the_fruit_jam_then_resumes(tmp_path):
    """device_heap.deal_keys (Back Alley of one deal to its end, an Alley Cat game paused)
    and resume_keys, every key typed on the USB keyboard (board._typed)."""
    nvm = str(tmp_path / "nvm.bin")
    out = device_heap.run_board("adafruit_fruit_jam", device_heap.deal_keys(), nvm=nvm,
                                vm="mp32")
    assert out is not None and "END ok" in out, out[-3000:]
    assert _tagged(out, "SCREEN") == ["640 480 80 48 3 False 160 128"]
    states = _tagged(out, "STATE")
    assert states[0] == "screen=title sel=0 item=Alley Cat"
    assert states[1].startswith("screen=settings sel=3 item=Back Alley deals")
    assert [g.split()[:2] for g in _tagged(out, "GAME")] == [["backalley", "1"]]
    assert states[-1] == "screen=pause sel=0 item=Resume"
    with open(nvm, "rb") as f:
        data = f.read()
    assert len(data) == 4096 and data[128:131] == b"\xa7\xc9\x02"
    out2 = device_heap.run_board("adafruit_fruit_jam", device_heap.resume_keys(), nvm=nvm,
                                 vm="mp32")
    assert out2 is not None and "END ok" in out2, out2[-3000:]
    again = _tagged(out2, "STATE")
    assert again[0] == "screen=title sel=0 item=Continue"
    assert _strip(again[1]) == _strip(states[-2])


# ---- the desktop (--board fruit_jam) -------------------------------------------------------
def run_desktop(args, timeout=300):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "code.py", "--headless"] + args, cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout + r.stderr
    return r


def _log(path):
    return [ln.split(" ", 2) for ln in path.read_text().splitlines()]


def _field(line, name):
    for w in line.split():
        if w.startswith(name + "="):
            return w[len(name) + 1:]
    return None


# Back Alley (the title's second item), the default bid, then A, Right, the buttons 3 (A)
# and 2 (next) by turns: the first deal of seed 3 is over after 102 keys
_PLAY = "down z z " + "z right button3 button2 " * 28


def test_desktop_deal_played_saved_in_4_kb_and_resumed(tmp_path):
    save = tmp_path / "save.bin"
    log = tmp_path / "log"
    run_desktop(["--board", "fruit_jam", "--seed", "3", "--save", str(save), "--log", str(log),
                 "--keys", _PLAY + "esc"])
    lines = _log(log)
    over = [ln for ln in lines if ln[2].startswith("screen=backalley phase=2")]
    assert over and _field(over[0][2], "deal") == "1/25"  # the first deal finished
    assert lines[-1][1] == "esc" and lines[-1][2].startswith("screen=pause")
    before = lines[-2][2]
    assert _field(before, "deal") == "2/25"
    nvm = save.read_bytes()
    assert len(nvm) == 4096  # the Fruit Jam's nvm
    assert nvm[128:131] == b"\xa7\xc9\x02" and nvm[512:] == b"\xff" * (4096 - 512)

    log2 = tmp_path / "log2"
    run_desktop(["--board", "fruit_jam", "--save", str(save), "--log", str(log2),
                 "--keys", "z"])
    start, cont = _log(log2)
    assert "Continue" in start[2]
    for f in ("screen", "phase", "turn", "hand", "deal"):
        assert _field(cont[2], f) == _field(before, f), (f, cont[2], before)


def _q332(c):
    return (c[0] & 0xE0, c[1] & 0xE0, c[2] & 0xC0)


@pytest.mark.parametrize("board,size,at", [("fruit_jam", (640, 480), (80, 48)),
                                           ("fruit_jam_720x400", (720, 400), (120, 8))])
def test_desktop_shots_are_the_monitor_with_the_table_x3_centred(tmp_path, board, size, at):
    import pygame

    keys = "down z z z right"
    run_desktop(["--board", "pybadge", "--seed", "3", "--fresh", "--save",
                 str(tmp_path / "p.bin"), "--keys", keys, "--shots", str(tmp_path / "p")])
    run_desktop(["--board", board, "--seed", "3", "--fresh", "--save", str(tmp_path / "j.bin"),
                 "--keys", keys, "--shots", str(tmp_path / "j")])
    for n in ("000", "004"):
        small = pygame.image.load(str(tmp_path / "p" / (n + ".png")))
        big = pygame.image.load(str(tmp_path / "j" / (n + ".png")))
        assert small.get_size() == (160, 128) and big.get_size() == size
        x0, y0 = at
        for y in range(0, 128, 3):
            for x in range(0, 160, 2):
                want = _q332(small.get_at((x, y)))  # the same pixel, 8-bit RGB332
                for dx, dy in ((0, 0), (2, 2), (1, 2)):  # each is a 3x3 block
                    assert tuple(big.get_at((x0 + 3 * x + dx, y0 + 3 * y + dy)))[:3] == want
        for x, y in ((x0 - 1, y0), (x0, y0 - 1), (x0 + 480, y0 + 383), (0, 0),
                     (size[0] - 1, size[1] - 1)):
            if 0 <= x < size[0] and 0 <= y < size[1]:
                assert tuple(big.get_at((x, y)))[:3] == (0, 0, 0)  # black around it


def test_desktop_fruit_jam_is_drawn_as_hw_frame_draws_it_and_says_it_has_no_sound(tmp_path):
    """The desktop renders the 160x128 and scales it (Blinka is slow at a scaled group): the
    picture is the one hw_frame's Group(scale=3) gives; Settings says the board has no sound
    and no tone is played."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    for p in libdirs.paths(ROOT)[::-1]:
        if p not in sys.path:
            sys.path.insert(0, p)
    import pygame
    import hw_desktop
    import hw_frame
    import app as app_mod

    hw = hw_desktop.Desktop(headless=True, save_path=str(tmp_path / "s.bin"), seed=3,
                            board="fruit_jam")
    a = app_mod.App(hw, fresh=True)
    a.start(hw.now_ms())
    hw.settle(a)
    for k in ("down",) * 3 + ("a",):
        hw.press(a, hw_desktop.KEY_NAMES[k])
    assert a.screen.name == "settings"
    assert a.screen.items[5] == "Sound  none on this board"
    hw.press(a, hw_desktop.KEY_NAMES["a"])  # a move's tone, and a setting changed
    assert hw.tones == []
    hw.lcd.refresh()
    ours = hw.frame_surface()
    g = hw.display.root_group
    hw.display.root_group = None
    hw_desktop.displayio.release_displays()  # (Blinka: one display at a time)
    lcd = hw_desktop.BufferDisplay(640, 480, 8)
    frame = hw_frame.Frame(lcd, 3)
    frame.root_group = g
    lcd.refresh()
    theirs = lcd.surface
    assert ours.get_size() == theirs.get_size() == (640, 480)
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(theirs, "RGB")


# ---- the stubs check covers hw_fruit_jam (tests/test_board_stubs.py runs it on every
# family); here: it catches the Fruit Jam's own mistakes, and the stand-in board is the stub's
def _stubs():
    sys.path.insert(0, os.path.join(ROOT, "tools", "board"))
    import stubs_check

    if stubs_check.stubs_dir() is None:
        pytest.skip("circuitpython-stubs not installed")
    return stubs_check


JAM_MISTAKES = [
    ("d = supervisor.runtime.display\n", "d = board.DISPLAY\n",
     "board.DISPLAY: no such name on adafruit_fruit_jam"),
    ("picodvi.Framebuffer(640, 480, clk_dp=board.CKP,", "picodvi.Framebuffer(640, 480, board.CKP,",
     "picodvi.Framebuffer(): 3 positional arguments, the firmware takes 2"),
    ("FramebufferDisplay(fb, auto_refresh=False)", "FramebufferDisplay(fb, 0, False)",
     "FramebufferDisplay(): 3 positional arguments, the firmware takes 1"),
    ("value_when_pressed=False, pull=True)", "value_when_pressed=False, pul=True)",
     "keypad.Keys(): no keyword pul"),
    ("import keypad\n", "import keypad\nimport audioio\n",
     "hw_fruit_jam imports audioio, which adafruit_fruit_jam's firmware does not build"),
    ("d = framebufferio.FramebufferDisplay(fb, auto_refresh=False)\n",
     "d = framebufferio.FramebufferDisplay(fb, auto_refresh=False)\n        d.width = 640\n",
     "framebufferio.FramebufferDisplay.width is read-only"),
]


@pytest.mark.parametrize("old,new,says", JAM_MISTAKES, ids=[m[2][:40] for m in JAM_MISTAKES])
def test_the_stubs_check_catches_a_fruit_jam_mistake(tmp_path, old, new, says):
    sc = _stubs()
    stubs = sc.Stubs()
    assert sc.check("fruit_jam", ("adafruit_fruit_jam",), stubs=stubs) == []
    d = tmp_path / "hw"
    import shutil

    shutil.copytree(os.path.join(ROOT, "lib", "hw"), d,
                    ignore=shutil.ignore_patterns("__pycache__"))
    p = d / "hw_fruit_jam.py"
    src = p.read_text()
    assert old in src
    p.write_text(src.replace(old, new, 1))
    problems = sc.check("fruit_jam", ("adafruit_fruit_jam",), hw=str(d), stubs=stubs)
    assert any(says in x for x in problems), problems


@mp32
def test_standin_board_is_the_stub():
    sc = _stubs()
    stub = os.path.join(sc.Stubs().top, "board_definitions", "adafruit_fruit_jam",
                        "__init__.pyi")
    ports = {}
    with open(stub) as f:
        text = f.read()
    for ln in text.splitlines():
        if ": microcontroller.Pin  # " in ln:
            name, port = ln.split(": microcontroller.Pin  # ")
            ports[name] = int(port.strip()[4:])
    assert " - NVM size: 4096\n" in text
    code = ("import board, microcontroller\nprint('ID', board.board_id)\n"
            "for n, v in board.__dict__.items():\n"
            "    if isinstance(v, board.Pin):\n"
            "        print('PIN', n, v.name, board._gpio[v.name])\n"
            "print('NVM', len(microcontroller.nvm), hasattr(board, 'DISPLAY'))\n")
    r = run_mp(["-c", code])
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [ln.split() for ln in r.stdout.splitlines()]
    assert ["ID", "adafruit_fruit_jam"] in lines
    assert ["NVM", "4096", "False"] in lines
    pins = {ln[1]: (ln[2], int(ln[3])) for ln in lines if ln[0] == "PIN"}
    assert set(pins) == set(ports)
    for a in pins:
        assert pins[a][1] == ports[a], a  # its GPIO
        for b in pins:  # one Pin for the names of one GPIO
            assert (pins[a][0] == pins[b][0]) == (ports[a] == ports[b]), (a, b)
