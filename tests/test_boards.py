"""Every board's hardware module, run without the board.

On the MicroPython unix port with the board's stand-ins (tools/board/standins/boards/
<board_id>/ before the shared ones; device_heap.run_board (tools/board/device_heap.py) runs code.py as a board
does, keys from a script): from power-on to a finished deal (Back Alley of one deal played to
its game over), the right screen and frame, Right moving the cursor (a PyGamer's stick, a
Cardputer's / key), a game paused (written to nvm) and, after a power cycle (the nvm kept in
a file), read back: the title offers Continue and the game resumes where it was paused.
The Cardputer's other keys and its keyboard (the firmware's, taken from the REPL), the
PyGamer's stick (dead zone, no chatter), and the stand-ins' new rules. Then the desktop's
--board: each board's screen size in the headless shots, its keys, a save read back.
"""
import os
import subprocess
import sys

import pygame
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STANDINS = os.path.join(ROOT, "tools", "board", "standins")
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "board"))
import device_heap  # noqa: E402
import libdirs  # noqa: E402

MP = device_heap.micropython_binary()
need_mp = pytest.mark.skipif(MP is None, reason="micropython not installed")

# board_id: (screen width, height, the frame's x, y, scale; is the program's group the root)
SCREENS = {
    "pybadge": ("160", "128", "0", "0", "1", "True"),
    "edgebadge": ("160", "128", "0", "0", "1", "True"),
    "pygamer": ("160", "128", "0", "0", "1", "True"),
    "m5stack_cardputer": ("240", "135", "40", "3", "1", "False"),
    "adafruit_fruit_jam": ("640", "480", "80", "48", "3", "False"),  # keys: USB keyboard
}


def lines(text, tag):
    return [ln.split(" ", 1)[1] if " " in ln else "" for ln in text.splitlines()
            if ln.split(" ", 1)[0] == tag]


def strip(state):
    """A state line without its message ("Game resumed") and cursor (a resumed game's
    cursor starts on a playable card)."""
    return " ".join(p for p in state.split(" msg=")[0].split() if not p.startswith("cur="))


def field(state, name):
    for part in state.split():
        if part.startswith(name + "="):
            return part[len(name) + 1:]
    return None


MODULES = {
    "pybadge": "hw_device hw_pybadge",
    "edgebadge": "hw_device hw_pybadge",
    "pygamer": "hw_device hw_pygamer",
    "m5stack_cardputer": "hw_cardputer hw_device hw_frame",
    "adafruit_fruit_jam": "hw_device hw_frame hw_fruit_jam hw_stdin_keys",
}


@need_mp
@pytest.mark.parametrize("board_id", sorted(SCREENS))
def test_power_on_to_a_finished_deal_then_resume(tmp_path, board_id):
    nvm = str(tmp_path / "nvm.bin")
    out = device_heap.run_board(board_id, device_heap.deal_keys(), nvm=nvm)
    assert out is not None and "END ok" in out, out[-3000:]
    # the board's screen, the program's 160x128 canvas on it where it belongs
    screen = lines(out, "SCREEN")[0].split()
    assert tuple(screen[:6]) == SCREENS[board_id], screen
    assert screen[6:] == ["160", "128"]
    states = lines(out, "STATE")
    assert states[0] == "screen=title sel=0 item=Alley Cat"
    # Down x3 and A x4 reached Settings' Back Alley length and set it to one deal
    assert states[1].startswith("screen=settings sel=3 item=Back Alley deals") \
        and states[1].endswith(" 1"), states[1]
    assert field(states[2], "deal") == "1/1"
    game = lines(out, "GAME")
    assert len(game) == 1 and game[0].split()[:2] == ["backalley", "1"]  # the deal, over
    assert states[3] == "screen=title sel=0 item=Alley Cat"  # the game over was written
    # Right moved the cursor at the Alley Cat table
    assert field(states[4], "screen") == "alleycat"
    assert field(states[5], "cur") != field(states[4], "cur"), states[4:6]
    paused_from = states[-2]
    assert states[-1] == "screen=pause sel=0 item=Resume"
    with open(nvm, "rb") as f:
        assert f.read()[128:131] == b"\xa7\xc9\x02"  # the game's record (records.GAME)
    # only the board's own hardware modules were imported (hw_boards: read and dropped)
    assert lines(out, "MODULES") == [MODULES[board_id]]
    # power cycle: the same nvm, read back
    out = device_heap.run_board(board_id, device_heap.resume_keys(), nvm=nvm)
    assert out is not None and "END ok" in out, out[-3000:]
    states = lines(out, "STATE")
    assert states[0] == "screen=title sel=0 item=Continue"
    assert strip(states[1]) == strip(paused_from)


CARDPUTER = [os.path.join(STANDINS, "boards", "m5stack_cardputer"), STANDINS]
PYGAMER = [os.path.join(STANDINS, "boards", "pygamer"), STANDINS]


def run_mp(code, path, heap="2m"):
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join(path + libdirs.rel_dirs() + ["."])
    env.pop("STANDIN_NVM", None)
    return subprocess.run([MP, "-X", "heapsize=" + heap, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


@need_mp
def test_cardputer_keys_map_as_on_the_desktop():
    # each key at the Alley Cat table, and what it did: Tab = Select (the last trick),
    # q (not a button) nothing, Backspace = B, Esc (`) = Start (pause), x = B (back),
    # h = hint (Up), z = A (a card played)
    keys = ["@start"] + [""] * 10 + ["@menu:Alley Cat", "A"] + device_heap.IDLE + ["@state"]
    for k in ("TAB", "q", "FN", "BACKSPACE", "ESC", "x", "h", "z"):
        keys += [k, "", "@state"]
    out = device_heap.run_board("m5stack_cardputer", keys)
    assert out is not None and "END ok" in out, out[-3000:]
    s = lines(out, "STATE")
    assert field(s[0], "screen") == "alleycat" and field(s[0], "overlay") == "0"
    assert field(s[1], "overlay") == "1"  # Tab
    assert field(s[2], "overlay") == "1" and field(s[3], "overlay") == "1"  # q, Fn: nothing
    assert field(s[4], "overlay") == "0"  # Backspace closed it
    assert s[5] == "screen=pause sel=0 item=Resume"  # Esc
    assert field(s[6], "screen") == "alleycat"  # x: back to the game
    assert "Hint" in s[7] and "Hint" not in s[6]  # h
    assert field(s[7], "turn") == "0" and field(s[8], "turn") != "0"  # z played a card


@need_mp
def test_cardputer_keyboard_gives_no_keys_until_detached_from_the_repl():
    r = run_mp("""
import keypad, cardputer_keyboard
keypad.script(["A", "A", "A"])
ev = keypad.Event()
k = cardputer_keyboard.KEYBOARD
print(k.key_count, k.events.get_into(ev), k.events.get_into(ev))
cardputer_keyboard.detach_serial()
print(k.events.get_into(ev), ev.key_number, ev.pressed)
""", CARDPUTER)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split("\n")[:2] == ["56 False False", "True 36 True"]


@need_mp
def test_cardputer_tones_play_over_i2s_at_rates_its_i2s_makes():
    r = run_mp("""
import time, hw_cardputer
hw = hw_cardputer.Device()
a = hw._audio
hw.tone(140, 50)  # the lowest tone (fx.T_BAD)
print(type(a).__name__, a.playing, a.sample.sample_rate, len(hw._wave))
time.sleep(0.06)
hw.update(hw.now_ms())
hw.tone(1500, 8)  # the highest (fx.T_MOVE)
print(a.playing, a.sample.sample_rate)
""", CARDPUTER)
    assert r.returncode == 0, r.stdout + r.stderr
    # a period of 32 samples: 140 Hz at 4,480 samples a second (16 would ask 2,240, under
    # the ESP32-S3 I2S's ~2.4 kHz), 1,500 Hz at 48,000
    assert r.stdout.split("\n")[:2] == ["I2SOut True 4480 32", "True 48000"]


# (name, setup, refused statement, exception, accepted statement or None), as
# test_standins.CASES: the Cardputer's and the PyGamer's stand-ins
CASES = [
    ("DemuxKeyMatrix options are keyword-only", "import keypad_demux, board\n"
     "rows = (board.SD_MOSI, board.SD_SCK, board.SD_MISO)\ncols = (board.TX, board.RX)",
     "keypad_demux.DemuxKeyMatrix(rows, cols, True)", "TypeError",
     "keypad_demux.DemuxKeyMatrix(rows, cols, columns_to_anodes=True)"),
    ("DemuxKeyMatrix debounce_threshold 1-127", "import keypad_demux, board\n"
     "rows = (board.SD_MOSI, board.SD_SCK, board.SD_MISO)\ncols = (board.TX, board.RX)",
     "keypad_demux.DemuxKeyMatrix(rows, cols, debounce_threshold=0)", "ValueError",
     "keypad_demux.DemuxKeyMatrix(rows, cols, debounce_threshold=127)"),
    ("DemuxKeyMatrix pins twice", "import keypad_demux, board",
     "keypad_demux.DemuxKeyMatrix((board.TX, board.RX), (board.PORTA1,))", "TypeError", None),
    ("the keyboard's pins are the firmware's", "import keypad_demux, board, "
     "cardputer_keyboard", "keypad_demux.DemuxKeyMatrix((board.KB_A_0, board.KB_A_1, "
     "board.KB_A_2), (board.KB_COL_0,))", "ValueError",
     "cardputer_keyboard.KEYBOARD.deinit()\nkeypad_demux.DemuxKeyMatrix((board.KB_A_0, "
     "board.KB_A_1, board.KB_A_2), (board.KB_COL_0,))"),
    ("KeyMatrix options are keyword-only", "import keypad, board",
     "keypad.KeyMatrix((board.TX,), (board.RX,), False)", "TypeError",
     "keypad.KeyMatrix((board.TX,), (board.RX,), columns_to_anodes=False)"),
    ("no audioio on the ESP32-S3", "", "import audioio", "ImportError", "import audiobusio"),
    ("I2SOut claims its pins", "import audiobusio, board\n"
     "a = audiobusio.I2SOut(board.I2S_BIT_CLOCK, board.I2S_WORD_SELECT, board.I2S_DATA)",
     "audiobusio.I2SOut(board.I2S_BIT_CLOCK, board.IR_TX, board.SD_CS)", "ValueError",
     "a.deinit()\naudiobusio.I2SOut(board.I2S_BIT_CLOCK, board.IR_TX, board.SD_CS)"),
    ("I2SOut.play's loop is keyword-only", "import audiobusio, audiocore, board, array\n"
     "a = audiobusio.I2SOut(board.I2S_BIT_CLOCK, board.I2S_WORD_SELECT, board.I2S_DATA)\n"
     "s = audiocore.RawSample(array.array('H', [0] * 16), sample_rate=8000)",
     "a.play(s, True)", "TypeError", "a.play(s, loop=True)"),
    ("Event fields are read-only", "import keypad\nev = keypad.Event(3, True)",
     "ev.timestamp = 1", "AttributeError", None),
]
PYGAMER_CASES = [
    ("AnalogIn takes its pin positionally", "import analogio, board",
     "analogio.AnalogIn(pin=board.JOYSTICK_X)", "TypeError",
     "analogio.AnalogIn(board.JOYSTICK_X)"),
    ("AnalogIn claims its pin", "import analogio, board\n"
     "a = analogio.AnalogIn(board.JOYSTICK_X)", "analogio.AnalogIn(board.JOYSTICK_X)",
     "ValueError", "a.deinit()\nanalogio.AnalogIn(board.JOYSTICK_X)"),
    ("AnalogIn.value is read-only", "import analogio, board\n"
     "a = analogio.AnalogIn(board.JOYSTICK_X)", "a.value = 5", "AttributeError",
     "assert a.value == 32768"),
    ("the PyGamer's shift register has no D-pad keys", "import keypad",
     "keypad.script(['LEFT'])\nassert keypad._names['LEFT'] == 7", "KeyError",
     "keypad.script(['A'])\nassert keypad._names['A'] == 1"),
]


def outcome(path, setup, stmt):
    code = setup + "\ntry:\n    " + stmt.replace("\n", "\n    ") + \
        "\n    print('OUTCOME ok')\nexcept Exception as e:\n    print('OUTCOME', type(e).__name__, e)\n"
    r = run_mp(code, path)
    assert r.returncode == 0, r.stdout + r.stderr
    return [x for x in r.stdout.splitlines() if x.startswith("OUTCOME")][-1].split()[1]


ALL_CASES = [(CARDPUTER,) + c for c in CASES] + [(PYGAMER,) + c for c in PYGAMER_CASES]


@need_mp
@pytest.mark.parametrize("path,name,setup,stmt,exc,ok_stmt", ALL_CASES,
                         ids=[c[1] for c in ALL_CASES])
def test_refused_as_on_the_firmware(path, name, setup, stmt, exc, ok_stmt):
    assert outcome(path, setup, stmt) == exc
    if ok_stmt is not None:
        assert outcome(path, setup, ok_stmt) == "ok"


@need_mp
def test_pygamer_stick_presses_once_per_push_with_a_dead_zone():
    r = run_mp("""
import analogio, board, keypad, hw_pygamer
from buttons import LEFT, RIGHT, UP, DOWN
hw = hw_pygamer.Device()
keypad.script([None] * 100)  # no key pressed
X = board.JOYSTICK_X
Y = board.JOYSTICK_Y
def at(x, y):
    analogio._levels[X] = x
    analogio._levels[Y] = y
    return hw.poll()
out = []
out.append(at(32768, 32768))            # at rest: nothing
out.append(at(32768 + 16000, 32768))    # inside the dead zone: nothing
out.append(at(65535, 32768) == RIGHT)   # pushed: Right, once
out.append(at(65535, 32768))            # held there: no repeat
out.append(hw.held() == RIGHT)
out.append(at(32768 + 10000, 32768))    # eased back, not yet let go: nothing
out.append(hw.held() == RIGHT)
out.append(at(32768 + 5000, 32768))     # let go
out.append(hw.held())
n = 0
for i in range(20):                     # resting on the edge of the dead zone: one press
    n += at(32768 + (16300 if i % 2 else 16500), 32768) != 0
out.append(n)
at(32768, 32768)
out.append(at(0, 0) == LEFT)            # a diagonal: Left first ...
out.append(at(0, 0) == UP)              # ... then Up, one key a poll
out.append(hw.held() == LEFT | UP)
at(32768, 32768)
out.append(at(32768, 65535) == DOWN)
print(*out)
""", PYGAMER)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == ["0", "0", "True", "0", "True", "0", "True", "0", "0", "1",
                                "True", "True", "True", "True"]


@need_mp
def test_pygamer_keys_and_stick_one_key_per_poll():
    # a key press and a stick push in the same poll: the key now, the stick next poll
    r = run_mp("""
import analogio, board, keypad, hw_pygamer
from buttons import A, RIGHT
hw = hw_pygamer.Device()
keypad.script(["A", None, None])
analogio._levels[board.JOYSTICK_X] = 65535
print(hw.poll() == A, hw.poll() == RIGHT, hw.poll())
""", PYGAMER)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.split() == ["True", "True", "0"]


# ---- the desktop: --board


def run_code(args, timeout=180):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "code.py"] + args, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def read_log(path):
    with open(path) as f:
        return [ln.split(" ", 2) for ln in f.read().splitlines()]


@pytest.mark.parametrize("board,size,keys", [
    ("pybadge", (160, 128), "a right a start"),
    ("pygamer", (160, 128), "a right a start"),
    ("cardputer", (240, 135), "a slash z esc"),
    ("fruit_jam", (640, 480), "a right button3 esc"),
])
def test_desktop_board_screen_keys_and_save(tmp_path, board, size, keys):
    save = str(tmp_path / "s.bin")
    shots = tmp_path / "shots"
    log = tmp_path / "log.txt"
    r = run_code(["--board", board, "--headless", "--fresh", "--seed", "5", "--save", save,
                  "--keys", keys, "--shots", str(shots), "--log", str(log)])
    assert r.returncode == 0, r.stderr
    for n in range(5):
        assert pygame.image.load(str(shots / ("%03d.png" % n))).get_size() == size
    lines = read_log(log)
    assert lines[1][2].startswith("screen=alleycat")
    assert field(lines[2][2], "cur") != field(lines[1][2], "cur")  # right / slash
    assert field(lines[3][2], "hand") != field(lines[2][2], "hand")  # a / z played
    assert lines[4][2].startswith("screen=pause")  # start / esc: written
    paused_from = lines[3][2]
    log2 = tmp_path / "log2.txt"
    r = run_code(["--board", board, "--headless", "--seed", "9", "--save", save,
                  "--keys", "a", "--log", str(log2)])
    assert r.returncode == 0, r.stderr
    lines = read_log(log2)
    assert lines[0][2] == "screen=title sel=0 item=Continue"
    assert strip(lines[1][2]) == strip(paused_from)


def test_desktop_cardputer_frame_is_centred_and_masked(tmp_path):
    shots = tmp_path / "shots"
    r = run_code(["--board", "cardputer", "--headless", "--fresh", "--seed", "5", "--save",
                  str(tmp_path / "s.bin"), "--keys", "a", "--shots", str(shots)])
    assert r.returncode == 0, r.stderr
    img = pygame.image.load(str(shots / "001.png"))
    felt = img.get_at((40 + 80, 3 + 64))[:3]
    assert felt != (0, 0, 0)  # the table, centred
    for x, y in ((39, 60), (200, 60), (120, 2), (120, 131), (0, 0), (239, 134)):
        assert img.get_at((x, y))[:3] == (0, 0, 0), (x, y)  # margins black
    bad = run_code(["--board", "bogus", "--headless"])
    assert bad.returncode == 2 and "unknown board" in bad.stderr


def test_desktop_window_on_each_board(tmp_path):
    for board in ("pygamer", "cardputer", "fruit_jam"):
        env_args = ["--board", board, "--save", str(tmp_path / (board + ".bin"))]
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   ALLEYCAT_ALLOW_DUMMY="1", ALLEYCAT_MAX_FRAMES="10")
        r = subprocess.run([sys.executable, "code.py"] + env_args, cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert "screen=title" in r.stdout
