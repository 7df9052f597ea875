"""tools/deploy.py against temporary folders standing in for a CIRCUITPY drive."""
import os
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEPLOY = os.path.join(ROOT, "tools", "deploy.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import deploy  # noqa: E402

HAVE_DISPLAY_TEXT = True
try:
    import importlib.util

    HAVE_DISPLAY_TEXT = importlib.util.find_spec("adafruit_display_text") is not None
except Exception:
    HAVE_DISPLAY_TEXT = False


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


def fake_mpy_cross(tmp_path):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    log = tmp_path / "mpy-cross.log"
    script = bindir / "mpy-cross"
    script.write_text(
        "#!%s\n" % sys.executable
        + textwrap.dedent(
            """
            import sys
            args = sys.argv[1:]
            out = args[args.index("-o") + 1]
            src = args[-1]
            with open(%r, "a") as log:
                log.write(src + "\\n")
            with open(src, "rb") as f:
                data = f.read()
            with open(out, "wb") as f:
                f.write(b"M\\x06" + data[:16])
            """
            % str(log)
        )
    )
    script.chmod(0o755)
    return bindir, log


# ----------------------------------------------------------------- the real project


def real_flags():
    """--skip-missing while a module the program imports is not installed/pinned yet
    (the deploy then warns about it; test_missing_module_names_the_pip_package covers
    the refusal)."""
    try:
        deploy.build_plan(ROOT, os.path.join(ROOT, "requirements.txt"), out=lambda *a: None)
    except deploy.DeployError as e:
        assert e.code == 1 and "pip install" in str(e)
        return ["--skip-missing"]
    return []


def real_plan():
    with open(os.devnull, "w") as null:
        old = sys.stdout
        sys.stdout = null
        try:
            plan = deploy.build_plan(ROOT, os.path.join(ROOT, "requirements.txt"),
                                     skip_missing=True, out=lambda *a: None)
        finally:
            sys.stdout = old
    return [rel for _src, rel, _c in plan]


def test_first_deploy_copies_program_and_second_copies_nothing(tmp_path):
    d = drive(tmp_path)
    r = run("--to", str(d), "--no-mpy", *real_flags())
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
            assert f in on, f
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

    again = run("--to", str(d), "--no-mpy", *real_flags())
    assert again.returncode == 0, again.stderr
    assert copied_lines(again.stdout) == []
    assert re.search(r"^0 copied, \d+ unchanged", again.stdout, re.M)


def test_refuses_folder_without_boot_out_txt_unless_forced(tmp_path):
    d = tmp_path / "usbstick"
    d.mkdir()
    r = run("--to", str(d), "--no-mpy", *real_flags())
    assert r.returncode != 0
    assert "boot_out.txt" in r.stderr and "--force" in r.stderr
    assert files_on(d) == set()
    forced = run("--to", str(d), "--no-mpy", "--force", *real_flags())
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


def test_mpy_cross_compiles_all_but_code_and_boot(tmp_path, mini):
    d = drive(tmp_path)
    # a first plain deploy leaves .py files that the compiled ones must replace
    assert run("--to", str(d), "--no-mpy", src=mini).returncode == 0
    bindir, log = fake_mpy_cross(tmp_path)
    env = {"PATH": str(bindir) + os.pathsep + os.environ.get("PATH", "")}
    r = run("--to", str(d), env=env, src=mini)
    assert r.returncode == 0, r.stderr + r.stdout
    compiled = log.read_text().split()
    assert compiled, r.stdout
    assert not any(os.path.basename(p) in ("code.py", "boot.py") and os.path.dirname(p) == str(mini) for p in compiled)
    assert str(mini / "engine" / "cards.py") in compiled
    on = files_on(d)
    assert {"code.py", "boot.py", "engine/cards.mpy", "engine/__init__.mpy", "lib/ui/__init__.mpy"} <= on
    assert "engine/cards.py" not in on and "lib/hw_desktop.py" not in on  # stale twins removed
    assert "lib/font.bin" in on
    if HAVE_DISPLAY_TEXT:
        assert "lib/adafruit_display_text/label.mpy" in on and "lib/adafruit_ticks.mpy" in on
        assert "lib/adafruit_display_text/label.py" not in on
    assert "removed engine/cards.py (stale twin of engine/cards.mpy)" in r.stdout
    assert (d / "engine" / "cards.mpy").read_bytes().startswith(b"M\x06")
    # compiled output is compared like any file: nothing to copy the second time
    assert copied_lines(run("--to", str(d), env=env, src=mini).stdout) == []
    # and back to sources with --no-mpy
    r = run("--to", str(d), "--no-mpy", env=env, src=mini)
    on = files_on(d)
    assert "engine/cards.py" in on and "engine/cards.mpy" not in on


def test_real_project_compiles_with_fake_mpy_cross(tmp_path):
    d = drive(tmp_path)
    bindir, log = fake_mpy_cross(tmp_path)
    env = {"PATH": str(bindir) + os.pathsep + os.environ.get("PATH", "")}
    r = run("--to", str(d), *real_flags(), env=env)
    assert r.returncode == 0, r.stderr
    compiled = log.read_text().split()
    assert os.path.join(ROOT, "code.py") not in compiled
    assert os.path.join(ROOT, "boot.py") not in compiled
    assert os.path.join(ROOT, "engine", "cards.py") in compiled
    assert {"code.py", "boot.py", "engine/cards.mpy"} <= files_on(d)
    assert copied_lines(r.stdout)[-1] == "code.py"


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
