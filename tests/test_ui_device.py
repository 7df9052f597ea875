"""The device hardware layer (lib/hw/hw_device.py) on stand-in board / keypad / neopixel /
microcontroller / supervisor / pwmio / audioio modules: buttons arrive as keypad events, the
game is played, NeoPixels are lit, tones fall back to audioio when the speaker pin has no
PWM, and the save lands in the 8 KB nvm bytearray. Runs in a subprocess so the stand-ins
do not clash with Blinka's own board/keypad modules."""
import os
import subprocess
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import libdirs  # noqa: E402  (lib/'s folders, from code.py)

STUBS = {
    "board.py": """
        class _Display:
            def __init__(self):
                self.root_group = None
                self.auto_refresh = True
                self.brightness = 1.0
                self.refreshes = 0
            def refresh(self, *, target_frames_per_second=60, minimum_frames_per_second=0):
                # the firmware's signature (busdisplay.BusDisplay.refresh): with a target,
                # a refresh asked for over a frame after the last is skipped
                assert target_frames_per_second is None
                self.refreshes += 1
        DISPLAY = _Display()
        BUTTON_CLOCK = "clk"; BUTTON_OUT = "out"; BUTTON_LATCH = "latch"
        NEOPIXEL = "np"; SPEAKER = "A0"; SPEAKER_ENABLE = "spk_en"
    """,
    "keypad.py": """
        SCRIPT = []  # (key_number, pressed) events still to come
        class Event:
            def __init__(self, key_number=0, pressed=True):
                self.key_number = key_number
                self.pressed = pressed
                self.released = not pressed
        class _Events:
            def get_into(self, ev):
                if not SCRIPT:
                    return False
                ev.key_number, ev.pressed = SCRIPT.pop(0)
                ev.released = not ev.pressed
                return True
        class ShiftRegisterKeys:
            def __init__(self, *, clock, data, latch, key_count, value_when_pressed):
                assert key_count == 8 and value_when_pressed is True
                self.events = _Events()
    """,
    "neopixel.py": """
        LAST = None
        class NeoPixel:
            def __init__(self, pin, n, brightness=1.0, auto_write=True):
                global LAST
                assert n == 5 and not auto_write
                self.buf = [0] * n
                self.shown = [0] * n
                self.brightness = brightness
                LAST = self
            def __setitem__(self, i, v):
                self.buf[i] = v
            def show(self):
                self.shown = list(self.buf)
    """,
    "microcontroller.py": """
        nvm = bytearray(b"\\xff" * 8192)
    """,
    "supervisor.py": """
        NOW = [0]
        def ticks_ms():
            return NOW[0]
    """,
    "pwmio.py": """
        class PWMOut:
            def __init__(self, pin, **kw):
                raise ValueError("no PWM on this pin")
    """,
    "audioio.py": """
        PLAYED = []
        class AudioOut:
            def __init__(self, pin):
                pass
            def play(self, sample, loop=False):
                PLAYED.append(sample.sample_rate)
            def stop(self):
                pass
    """,
    "audiocore.py": """
        class RawSample:
            def __init__(self, buf, sample_rate=8000):
                self.sample_rate = sample_rate
    """,
    "digitalio.py": """
        class DigitalInOut:
            def __init__(self, pin):
                self.value = False
            def switch_to_output(self, value=False):
                self.value = value
    """,
}

SCRIPT = r"""
import sys
sys.path[:0] = [STUBDIR] + LIB_PATHS + [ROOT]
import keypad, supervisor, neopixel, microcontroller, board, audioio
import hw_device, app
hw = hw_device.Device()
assert type(hw).__name__ == "Device"
a = app.App(hw)
a.start(hw.now_ms())
def run(ms):
    for _ in range(ms // 10):
        supervisor.NOW[0] += 10
        a.step(hw.now_ms(), hw.poll())
        hw.update(hw.now_ms())
        if a.dirty:
            a.dirty = False
            hw.refresh()
def press(k):
    keypad.SCRIPT.append((k, True))
    keypad.SCRIPT.append((k, False))
    run(3000)
A, B, START, SELECT, RIGHT, DOWN, UP, LEFT = 1, 0, 2, 3, 4, 5, 6, 7
run(100)
assert a.screen.name == "title", a.state_line()
assert board.DISPLAY.auto_refresh is False and board.DISPLAY.root_group is not None
press(A)  # Alley Cat
assert a.screen.name == "alleycat", a.state_line()
assert neopixel.LAST.shown[0] == 0x00C000  # your turn
press(RIGHT)
assert a.screen.cur == 1
for i in range(30):
    g = a.screen.g
    if g.phase == 3:
        break
    press(A)
assert audioio.PLAYED, "no tone played"
assert board.DISPLAY.refreshes > 10
# (the game is written within 5 min of its oldest unsaved play, and at once by a pause)
over = a.screen.g.phase == 3
press(START)
assert a.screen.name == "pause"
assert a.saved == 1 or over
nvm = bytes(microcontroller.nvm)
assert nvm[128:131] == b"\xa7\xc9\x02" or over  # records.GAME
print("DEVICE OK", a.state_line())
"""


def test_device_layer_on_stand_ins(tmp_path):
    stubdir = tmp_path / "stubs"
    stubdir.mkdir()
    for name, src in STUBS.items():
        (stubdir / name).write_text(textwrap.dedent(src))
    script = tmp_path / "run.py"
    script.write_text("STUBDIR = %r\nROOT = %r\nLIB_PATHS = %r\n"
                      % (str(stubdir), ROOT, libdirs.paths(ROOT)) + SCRIPT)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, str(script)], cwd=str(tmp_path), env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "DEVICE OK" in r.stdout
