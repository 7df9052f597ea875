"""The Adafruit Fruit Jam's hardware layer (lib/hw/hw_fruit_jam.py, lib/hw/stdin_keys.py) on
its stand-ins (tools/board/standins/boards/adafruit_fruit_jam/) under micropython32.

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
import stdin_keys  # noqa: E402


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
    k = stdin_keys.StdinKeys(t, t)
    assert k.poll() == 0
    t.type(data)
    assert k.poll() == bits
    assert _polls(k, t, 3) == [0, 0, 0]
    assert t.pos == len(t.buf)


def test_esc_alone_is_start_at_the_next_poll_and_a_sequence_split_across_polls_is_one_key():
    t = _Typed()
    k = stdin_keys.StdinKeys(t, t)
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
    k = stdin_keys.StdinKeys(t, t)
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
        "\n    print('OUTCOME ok')\nexcept Exception as e:\n    print('OUTCOME', type(e).__name__, e)\n"
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
@pytest.mark.parametrize("name,monitor,setup,stmt,exc,ok_stmt", CASES, ids=[c[0] for c in CASES])
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
    r = run_mp(["-c", code], {"FRUITJAM_STDIN": str(stdin)}, stdin_path=str(stdin))
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:3] == ["2 1 97", "1", "RuntimeError"]


# ---- the program from power-on -------------------------------------------------------------
def run_game(tmp_path, mode, monitor="640x480"):
    stdin = tmp_path / ("stdin-" + mode)
    stdin.write_bytes(b"")
    r = run_mp(["tests/mp/fruit_jam_game.py", mode],
               {"FRUITJAM_STDIN": str(stdin), "FRUITJAM_NVM": str(tmp_path / "nvm"),
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
