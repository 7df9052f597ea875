#!/usr/bin/env python3
"""Zip the device program once per board family, to install by drag and drop.

    .venv/bin/python tools/bundle.py [--out DIR] [--family NAME ...]
        [--no-mpy | --mpy-cross PATH ... | --get-mpy-cross VERSION ...]

Writes dist/alleycat-<family>.zip (or into DIR): the CIRCUITPY tree the family's boards
need (code.py, boot.py, lib/, engine/, the third-party modules the program imports from
the pinned packages: what tools/deploy.py copies, chosen by the same functions) and a
README.txt with the install steps. Of lib/hw, a family's zip holds its own board module
(lib/hw/hw_<family>.py), hw_boards.py and what the program imports (deploy.family_plan):
no other family's board module or helpers, never the desktop layer.

* Sources (.py) when no CircuitPython mpy-cross is at hand (or --no-mpy): they run on
  CircuitPython 9.x and 10.x alike.
* .mpy (everything but code.py and boot.py) when one is: dist/alleycat-<family>-cp9.zip
  and/or -cp10.zip, one per major version a checked compiler is at hand for, under
  deploy.py's rules (CircuitPython's own mpy-cross, the major version the zip is named
  for, every file checked for the `C` header and its bytecode version). Looked for:
  --mpy-cross PATH (each names its own version), --get-mpy-cross VERSION (Adafruit's
  build of that exact version, cached), else one fetched before or on PATH.
* The Fruit Jam zip is also a Fruit Jam OS app: apps/alleycat/ holds the program again
  (code.py, lib/, engine/) with metadata.json and a 64x64 icon.bmp that the program's own
  card art draws (docs/DEPLOY.md, "Bundles").
* The same tree gives the same bytes: files in name order, fixed dates and modes.
* Ends with each zip's unzipped size against the CIRCUITPY space of the family's boards.

Exit status: 0 done, 1 a module the program needs is missing, 2 bad usage (or the Fruit Jam
OS app's code.py could not be made).
"""
import argparse
import io
import json
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import cp_mpy_cross  # noqa: E402
import deploy  # noqa: E402
from cp_mpy_cross import Refused, header_for, parse_version  # noqa: E402

NAME = "alleycat"
TITLE = "Alley Cat & Back Alley"
# .mpy is made for these CircuitPython major versions (both load mpy v6, but deploy.py's
# rule stands: the compiler's major version is the board's)
MAJORS = (9, 10)

# The family whose zip is also a Fruit Jam OS app, and the app's folder on the drive.
APP_FAMILY = "fruit_jam"
APP_DIR = "apps/" + NAME
ICON_SIZE = 64

# The app's code.py is the program's with one line changed: Fruit Jam OS starts an app with
# its folder as the working folder, where the app's lib/ is not the drive's /lib, which is on
# CircuitPython's path; so lib/ is added there too. (The board's code.py keeps its line: a
# condition more costs the PyBadge heap.)
PATH_LINE = '    if "lib" not in sys.path and "/lib" not in sys.path:\n'
APP_PATH_LINE = '    if "lib" not in sys.path:  # (an app: /lib is the drive\'s, lib/ this folder\'s)\n'

# Each family's boards and their CIRCUITPY filesystem (KB), from CircuitPython's board
# definitions (adafruit/circuitpython, docs/DEPLOY.md cites the files): the whole QSPI
# flash on the SAMD51 boards, the user_fs partition of partitions-8MB.csv on the
# Cardputer's ESP32-S3, the flash past the firmware and nvm (1020 + 4 KB) on the RP2350.
BOARDS = {
    "pybadge": (("PyBadge", 2048), ("EdgeBadge", 2048)),
    "pygamer": (("PyGamer", 8192),),
    "cardputer": (("M5Stack Cardputer", 3776),),
    "fruit_jam": (("Fruit Jam", 16384 - 1024),),
}
BLOCK = 512  # a FAT block on CIRCUITPY: every file takes whole blocks

# The fixed date of every file in a zip (the earliest a zip can hold): the same tree gives
# the same bytes.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class BundleError(Exception):
    def __init__(self, msg, code=2):
        Exception.__init__(self, msg)
        self.code = code


# --------------------------------------------------------------------------- compilers


def compilers(explicit=(), fetch=(), url=None, out=print):
    """({major: path of a checked CircuitPython mpy-cross}, [why a major gets sources]).

    explicit: paths, each checked as the compiler of the major version it says it is (the
    first good one of a major is taken); fetch: versions ("9.2.1") to fetch Adafruit's
    builds of (deploy's cache); neither: the ones fetched before, then the one on PATH."""
    found, why = {}, []
    if fetch:
        for version in fetch:
            v = parse_version("CircuitPython " + version)
            if v is None or v[0] not in MAJORS:
                why.append("--get-mpy-cross %s: not a CircuitPython %s version"
                           % (version, " or ".join(str(m) for m in MAJORS)))
                continue
            got, no = deploy.choose_mpy_cross(v, fetch=True, url=url, out=out)
            if got:
                found.setdefault(v[0], got)
            else:
                why.append(no)
        return found, why
    if not explicit:
        explicit = []
        for major in MAJORS:
            explicit += cp_mpy_cross.cached_for((major, 0, 0, "%d.0.0" % major))
        if deploy.find_mpy_cross():
            explicit.append(deploy.find_mpy_cross())
    for path in explicit:
        try:
            v = parse_version(cp_mpy_cross.run_version(path))
        except Refused as e:
            why.append("mpy-cross refused: %s" % e)
            continue
        if v is None or v[0] not in MAJORS:
            # (deploy's check says why: MicroPython's, or another major version)
            _got, no = deploy.choose_mpy_cross((MAJORS[0], 0, 0, "%d.0.0" % MAJORS[0]),
                                               explicit=path, out=out)
            why.append(no or "mpy-cross refused: %s is not CircuitPython %s's"
                       % (path, " or ".join(str(m) for m in MAJORS)))
            continue
        got, no = deploy.choose_mpy_cross(v, explicit=path, out=out)
        if got:
            found.setdefault(v[0], got)
        else:
            why.append(no)
    return found, why


# --------------------------------------------------------------------------- contents


def readme(family, major=None):
    """README.txt of a family's zip: what it is, the boards, the three steps."""
    boards = " or ".join(name for name, _kb in BOARDS.get(family, ((family, 0),)))
    kind = ("compiled (.mpy) for CircuitPython %d.x only" % major if major else
            "Python sources (.py) for CircuitPython 9.x or 10.x")
    text = [
        "%s for the %s" % (TITLE, boards),
        "",
        "Two card games against the computer: Alley Cat (you against one computer player)",
        "and Back Alley (you and a computer partner against two).",
        "This zip holds the whole program for the %s:" % boards,
        "%s." % kind,
        "",
        "Install (drag and drop):",
        "1. Back up: copy everything on the CIRCUITPY drive to a folder on your computer",
        "   (your code.py and anything else you keep there).",
        "2. Unzip this file.",
        "3. Copy its contents (code.py, boot.py, lib and engine; not this README%s) onto" %
        (", not apps" if family == APP_FAMILY else ""),
        "   CIRCUITPY, replacing code.py and merging the lib folder. The board restarts",
        "   into the game.",
        "",
        "CircuitPython must be installed on the board first (circuitpython.org, the",
        "English en_US build: the program needs its built-in terminalio font).",
    ]
    if family == APP_FAMILY:
        text += [
            "",
            "With Fruit Jam OS on the board, do this instead: leave code.py and boot.py",
            "alone (they are the OS's launcher) and copy only the folder %s/ into" % APP_DIR,
            "the drive's apps/ folder. The launcher then lists the game with its icon; the",
            "app folder holds the whole program.",
        ]
    return ("\n".join(text) + "\n").encode("utf-8")


def metadata():
    """The Fruit Jam OS launcher reads "title" and "icon" (a path in the app's folder)."""
    return (json.dumps({"title": TITLE, "icon": "icon.bmp"}, indent=2, sort_keys=True)
            + "\n").encode("utf-8")


def app_code(code):
    """The app folder's code.py (bytes) made from the program's (bytes)."""
    text = code.decode("utf-8")
    if text.count(PATH_LINE) != 1:
        raise BundleError("code.py has no line %r: the Fruit Jam OS app could not add its "
                          "lib/ (tools/bundle.py, PATH_LINE)" % PATH_LINE.strip())
    return text.replace(PATH_LINE, APP_PATH_LINE).encode("utf-8")


def bmp4(pixels, palette, width, height):
    """A 4-bit indexed BMP (BITMAPINFOHEADER, bottom-up rows, no compression): what
    adafruit_imageload, the launcher's loader, reads. pixels: rows of palette indices."""
    row = ((width + 1) // 2 + 3) & ~3
    colours = 16
    data = bytearray()
    for y in range(height - 1, -1, -1):
        r = bytearray(row)
        for x in range(width):
            r[x >> 1] |= pixels[y][x] << (0 if x & 1 else 4)
        data += r
    pal = bytearray()
    for i in range(colours):
        c = palette[i] if i < len(palette) else 0
        pal += bytes((c & 255, (c >> 8) & 255, (c >> 16) & 255, 0))
    offset = 14 + 40 + len(pal)
    head = b"BM" + struct.pack("<IHHI", offset + len(data), 0, 0, offset)
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 4, 0, len(data), 2835, 2835,
                       colours, 0)
    return bytes(head + info + pal + data)


def draw_icon():
    """The app's icon drawn by the program's own card art (gfx on the desktop layer,
    headless): a card back and three cards fanned on the felt, the top-left 64x64 of
    the canvas. Returns the BMP's bytes. (Run in a child process: it imports the program.)"""
    import libdirs

    for p in libdirs.paths(ROOT)[::-1] + [ROOT]:
        sys.path.insert(0, p)
    import hw_desktop
    import app as app_mod
    import gfx
    import gfxinit

    with tempfile.TemporaryDirectory(prefix="bundle-icon-") as tmp:
        hw = hw_desktop.Desktop(headless=True, save_path=os.path.join(tmp, "save.bin"), seed=1)
        a = app_mod.App(hw, fresh=True)
        a.start(hw.now_ms())
        gfx.clear(gfx.FELT)
        gfx.back(3, 5, 24, 34)
        gfx.card(0x31, 12, 10, 24, 34)  # ace of spades
        gfx.card(0x2D, 24, 17, 24, 34)  # king of hearts
        gfx.card(0x42, 36, 24, 24, 34)  # the Big Blooper
        gfx.refresh()
        c = gfx.canvas
        pixels = [[c[x, y] for x in range(ICON_SIZE)] for y in range(ICON_SIZE)]
    return bmp4(pixels, gfxinit.COLORS, ICON_SIZE, ICON_SIZE)


def icon(src=ROOT):
    """draw_icon() run by this interpreter in a child process (no window, no sound)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    code = ("import sys; sys.path.insert(0, %r); import bundle; bundle.ROOT = %r; "
            "sys.stdout.buffer.write(bundle.draw_icon())" % (HERE, src))
    proc = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, cwd=src, env=env, timeout=300)
    data = proc.stdout
    if proc.returncode or not data.startswith(b"BM"):
        raise BundleError("drawing the icon failed:\n%s" % proc.stderr.decode("utf-8", "replace"))
    return data


def tree(src, family, requirements, compiler=None, major=None, workdir=None, out=print):
    """[(path in the zip, source file)] of the family's CIRCUITPY tree: deploy's plan for
    the family, compiled when a compiler is given (deploy.compile_all, checked headers)."""
    plan = deploy.family_plan(deploy.build_plan(src, requirements, out=out), src, family)
    if compiler:
        files = deploy.compile_all(compiler, plan, workdir, header_for(major))
    else:
        files = [(source, rel) for source, rel, _c in plan]
    return [(rel, source) for source, rel in files]


def entries(src, family, requirements, compiler=None, major=None, workdir=None,
            icon_bmp=None, out=print):
    """{path in the zip: bytes} of a family's bundle."""
    files = {}
    for rel, source in tree(src, family, requirements, compiler, major, workdir, out):
        with open(source, "rb") as f:
            files[rel] = f.read()
    if family == APP_FAMILY:
        # the app folder runs on its own: the launcher starts its code.py with the folder
        # as the working folder (boot.py is the OS's)
        for rel in list(files):
            if rel != "boot.py":
                files[APP_DIR + "/" + rel] = files[rel]
        files[APP_DIR + "/code.py"] = app_code(files["code.py"])
        files[APP_DIR + "/metadata.json"] = metadata()
        files[APP_DIR + "/icon.bmp"] = icon_bmp if icon_bmp is not None else icon(src)
    files["README.txt"] = readme(family, major)
    return files


def zip_bytes(files):
    """The zip of {name: bytes}: names in order, fixed date, mode and maker, deflated."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever makes the zip
            info.external_attr = 0o100644 << 16
            z.writestr(info, files[name], compresslevel=9)
    return buf.getvalue()


def on_drive(sizes):
    return sum(-(-n // BLOCK) * BLOCK for n in sizes)


def zip_name(family, major=None):
    return "%s-%s%s.zip" % (NAME, family, "-cp%d" % major if major else "")


def build(src=ROOT, out_dir=None, only=None, use_mpy=True, mpy_cross=(), get_mpy_cross=(),
          url=None, say=print):
    """Write the zips; returns [(zip path, family, major or None, {name: bytes})]."""
    out_dir = out_dir or os.path.join(src, "dist")
    requirements = os.path.join(src, "requirements.txt")
    present = deploy.present_families(src)
    missing = [f for f in deploy.families(src) if f[0] not in present]
    for family, _ids in missing:
        say("no board module for %s yet (%s/hw_%s.py): no zip" % (family, deploy.HW_DIR, family))
    wanted = present if not only else [f for f in present if f in only]
    for f in only or ():
        if f not in present:
            raise BundleError("no such family in %s: %s (there are: %s)"
                              % (src, f, ", ".join(present)))
    if use_mpy:
        found, why = compilers(mpy_cross, get_mpy_cross, url, say)
    else:
        found, why = {}, ["--no-mpy: sources only"]
    for w in why:
        say(w)
    notes = []  # (build_plan's "left out hw_desktop.py": every zip leaves it out)
    app_icon = icon(src) if APP_FAMILY in wanted else None
    zips = {}  # {(family, major): files}, all made before any is written
    with tempfile.TemporaryDirectory(prefix="bundle-mpy-") as work:
        for major in sorted(found):
            made = {}
            try:
                for family in wanted:
                    made[family, major] = entries(src, family, requirements, found[major], major,
                                                  os.path.join(work, str(major), family),
                                                  app_icon, out=notes.append)
            except Refused as e:  # as deploy does: one line, and the sources instead
                say("compile refused: %s; no CircuitPython %d zips" % (e, major))
                continue
            zips.update(made)
        if not zips:
            say("writing .py sources%s" % ("" if found else " (no CircuitPython mpy-cross at hand)"))
            for family in wanted:
                zips[family, None] = entries(src, family, requirements, icon_bmp=app_icon,
                                             out=notes.append)
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for major in sorted({m for _f, m in zips}, key=lambda m: m or 0):
        for family in wanted:
            files = zips[family, major]
            path = os.path.join(out_dir, zip_name(family, major))
            tmp = path + ".tmp"
            with open(tmp, "wb") as f:
                f.write(zip_bytes(files))
            os.replace(tmp, path)
            written.append((path, family, major, files))
    for line in size_table(written):
        say(line)
    return written


def size_table(written):
    """Lines: each zip's unzipped size (bytes and on 512-byte blocks) against the CIRCUITPY
    space of each of its boards; the Fruit Jam zip's app folder on its own too."""
    rows = [("zip", "files", "unzipped", "on drive", "board", "CIRCUITPY", "used")]
    for path, family, _major, files in written:
        parts = [(os.path.basename(path), [n for n in files if n != "README.txt"])]
        if family == APP_FAMILY:
            app = [n for n in files if n.startswith(APP_DIR + "/")]
            parts = [(os.path.basename(path) + " (CIRCUITPY tree)",
                      [n for n in parts[0][1] if n not in app]),
                     ("  %s/ alone (Fruit Jam OS)" % APP_DIR, app)]
        for label, names in parts:
            raw = sum(len(files[n]) for n in names)
            disk = on_drive(len(files[n]) for n in names)
            for board, kb in BOARDS.get(family, (("?", 0),)):
                rows.append((label, str(len(names)), "%.1f KB" % (raw / 1024.0),
                             "%.1f KB" % (disk / 1024.0), board, "%d KB" % kb,
                             "%.1f%%" % (100.0 * disk / (kb * 1024)) if kb else "?"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(widths[i]) if i in (0, 4) else c.rjust(widths[i])
                      for i, c in enumerate(r)).rstrip() for r in rows]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", metavar="DIR", help="where the zips go (default dist/)")
    ap.add_argument("--family", action="append", metavar="NAME",
                    help="only this family (again for more); default every one present")
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--no-mpy", action="store_true", help="sources only, compile nothing")
    how.add_argument("--mpy-cross", action="append", metavar="PATH", default=[],
                     help="a CircuitPython 9.x or 10.x mpy-cross (again for the other major)")
    how.add_argument("--get-mpy-cross", action="append", metavar="VERSION", default=[],
                     help="fetch Adafruit's mpy-cross of this CircuitPython version (e.g. "
                     "9.2.1; again for another major) into %s" % cp_mpy_cross.cache_root())
    ap.add_argument("--mpy-cross-url", metavar="URL", help=argparse.SUPPRESS)
    ap.add_argument("--src", default=ROOT, help=argparse.SUPPRESS)  # project root (tests)
    args = ap.parse_args(argv)
    try:
        written = build(os.path.abspath(args.src), args.out and os.path.abspath(args.out),
                        args.family, not args.no_mpy, args.mpy_cross, args.get_mpy_cross,
                        args.mpy_cross_url)
    except (BundleError, deploy.DeployError) as e:
        print("bundle: error: %s" % e, file=sys.stderr)
        return e.code
    for path, _f, _m, _files in written:
        print("wrote %s" % os.path.relpath(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
