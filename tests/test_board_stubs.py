"""lib/hw's board modules against the firmware's facts (tools/board/stubs_check.py reads
circuitpython-stubs, pinned in requirements.txt, and the stricter rules of CircuitPython's
shared-bindings it lists): every board.NAME exists on every board of the family, every
firmware call exists with its keyword names and positional arguments, read-only fields are
not written, modules a board's build lacks are imported only inside try/except ImportError.
The checker is shown to catch each kind of mistake on a copy of lib/hw with one line
changed. The stand-in boards (tools/board/standins) agree with the stubs too."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HW = os.path.join(ROOT, "lib", "hw")
STANDINS = os.path.join(ROOT, "tools", "board", "standins")
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "board"))
import device_heap  # noqa: E402
import stubs_check  # noqa: E402

IN_CI = bool(os.environ.get("CI"))
if stubs_check.stubs_dir() is None:
    if IN_CI:
        raise RuntimeError("circuitpython-stubs is not installed (requirements.txt)")
    pytest.skip("circuitpython-stubs not installed", allow_module_level=True)

STUBS = stubs_check.Stubs()
FAMILIES = stubs_check.families()
BUILT = [(f, ids) for f, ids in FAMILIES if os.path.exists(os.path.join(HW, "hw_%s.py" % f))]


def test_every_board_id_has_a_stub_that_names_it():
    for family, ids in FAMILIES:
        for b in ids:
            path = os.path.join(STUBS.top, "board_definitions", b, "__init__.pyi")
            assert os.path.exists(path), (family, b)
            with open(path) as f:
                assert " - board_id: %s\n" % b in f.read(), b


def test_the_pybadge_pygamer_and_cardputer_modules_are_built():
    assert {f for f, _ in BUILT} >= {"pybadge", "pygamer", "cardputer"}


@pytest.mark.parametrize("family,ids", BUILT, ids=[f for f, _ in BUILT])
def test_board_module_matches_its_firmware(family, ids):
    problems = stubs_check.check(family, ids, stubs=STUBS)
    assert problems == [], "\n".join(problems)


def _changed(tmp_path, fname, old, new):
    d = tmp_path / "hw"
    shutil.copytree(HW, d, ignore=shutil.ignore_patterns("__pycache__"))
    p = d / fname
    src = p.read_text()
    assert old in src, (fname, old)
    p.write_text(src.replace(old, new, 1))
    return str(d)


# (what, file, old, new, family, board ids, words the problem must say)
MISTAKES = [
    ("a made-up pin", "hw_pybadge.py", "from hw_device import Device  # noqa: F401",
     "from hw_device import Device  # noqa: F401\nimport board\nX = board.MADE_UP_PIN",
     "pybadge", ("pybadge", "edgebadge"), "board.MADE_UP_PIN: no such name on edgebadge"),
    ("a pin of another board", "hw_pygamer.py", "analogio.AnalogIn(board.JOYSTICK_X)",
     "analogio.AnalogIn(board.KB_COL_0)", "pygamer", ("pygamer",),
     "board.KB_COL_0: no such name on pygamer"),
    ("the base's pins once the board's own __init__ is gone", "hw_cardputer.py",
     "    def __init__(self):\n        self.display",
     "    def _init(self):\n        self.display", "cardputer", ("m5stack_cardputer",),
     "board.BUTTON_CLOCK: no such name on m5stack_cardputer"),
    ("a keyword the signature lacks", "hw_device.py", "key_count=keys, value_when_pressed=True)",
     "key_count=keys, value_when_pressed=True, pull=True)", "pybadge", ("pybadge",),
     "ShiftRegisterKeys(): no keyword pull"),
    ("DemuxKeyMatrix's options are keyword-only", "hw_cardputer.py",
     "columns_to_anodes=True, interval=0.01", "True, interval=0.01", "cardputer",
     ("m5stack_cardputer",), "DemuxKeyMatrix(): 3 positional arguments, the firmware takes 2"),
    ("Event fields are read-only", "hw_device.py", "bit = 1 << ev.key_number",
     "ev.pressed = True\n            bit = 1 << ev.key_number", "pybadge", ("pybadge",),
     "keypad.Event.pressed is read-only"),
    ("DigitalInOut's pin is positional-only", "hw_device.py",
     "digitalio.DigitalInOut(board.SPEAKER_ENABLE)",
     "digitalio.DigitalInOut(pin=board.SPEAKER_ENABLE)", "pygamer", ("pygamer",),
     "pin is positional-only"),
    ("Group.append's layer is positional-only", "hw_frame.py", "o.append(group)",
     "o.append(layer=group)", "cardputer", ("m5stack_cardputer",),
     "Group.append(): layer is positional-only"),
    ("Bitmap's sizes are positional-only", "hw_frame.py", "displayio.Bitmap(mw, mh, 1)",
     "displayio.Bitmap(mw, height=mh, value_count=1)", "cardputer", ("m5stack_cardputer",),
     "Bitmap(): height is positional-only"),
    ("board.DISPLAY is a BusDisplay: refresh() takes keywords only", "hw_device.py",
     "refresh(target_frames_per_second=None)", "refresh(None)", "pybadge", ("pybadge",),
     "BusDisplay.refresh(): 1 positional arguments"),
    ("a method the firmware lacks", "hw_device.py", "self.keys.events.get_into(ev)",
     "self.keys.events.get_next(ev)", "pybadge", ("pybadge",),
     "keypad.EventQueue.get_next(): no such method"),
    ("a module the board's build lacks, imported for sure", "hw_cardputer.py",
     "import keypad\n", "import keypad\nimport audioio\n", "cardputer", ("m5stack_cardputer",),
     "hw_cardputer imports audioio, which m5stack_cardputer's firmware does not build"),
    ("a function the port's module lacks", "hw_cardputer.py",
     "cardputer_keyboard.detach_serial()", "cardputer_keyboard.detach()", "cardputer",
     ("m5stack_cardputer",), "cardputer_keyboard.detach(): not a function"),
]


@pytest.mark.parametrize("what,fname,old,new,family,ids,says", MISTAKES,
                         ids=[m[0] for m in MISTAKES])
def test_the_check_catches(tmp_path, what, fname, old, new, family, ids, says):
    assert stubs_check.check(family, ids, hw=HW, stubs=STUBS) == []
    problems = stubs_check.check(family, ids, hw=_changed(tmp_path, fname, old, new),
                                 stubs=STUBS)
    assert any(says in p for p in problems), problems


def test_the_tool_exits_1_on_a_problem(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "board", "stubs_check.py")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "pybadge    pybadge, edgebadge: ok" in r.stdout


# ---- the stand-in boards agree with the stubs (their pins, aliases, board_id)
MP = device_heap.micropython_binary()
STANDIN_BOARDS = ["pybadge", "edgebadge", "pygamer", "m5stack_cardputer"]


@pytest.mark.skipif(MP is None, reason="micropython not installed")
@pytest.mark.parametrize("board_id", STANDIN_BOARDS)
def test_standin_board_pins_are_the_stubs(board_id):
    path = [STANDINS] if board_id == "pybadge" else \
        [os.path.join(STANDINS, "boards", board_id), STANDINS]
    env = dict(os.environ, MICROPYPATH=os.pathsep.join(path))
    code = ("import board\nprint('ID', board.board_id)\n"
            "for n, v in board.__dict__.items():\n"
            "    if isinstance(v, board.Pin):\n"
            "        print('PIN', n, v.name)\n"
            "print('SIZE', board.DISPLAY.width, board.DISPLAY.height)\n")
    r = subprocess.run([MP, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = [ln.split() for ln in r.stdout.splitlines()]
    assert ["ID", board_id] in lines
    pins = {ln[1]: ln[2] for ln in lines if ln[0] == "PIN"}
    stub = os.path.join(STUBS.top, "board_definitions", board_id, "__init__.pyi")
    ports = {}
    with open(stub) as f:
        for ln in f:
            if ": microcontroller.Pin  # " in ln:
                name, port = ln.split(": microcontroller.Pin  # ")
                ports[name] = port.strip()
    assert set(pins) <= set(ports), set(pins) - set(ports)
    for a in pins:
        for b in pins:  # one Pin for the names of one port, two for two ports
            assert (pins[a] == pins[b]) == (ports[a] == ports[b]), (a, b)
    if board_id not in ("pybadge", "edgebadge"):  # (theirs: the subset the tests use)
        assert set(pins) == set(ports)
    size = [ln for ln in lines if ln[0] == "SIZE"][0][1:]
    assert size == (["240", "135"] if board_id == "m5stack_cardputer" else ["160", "128"])
