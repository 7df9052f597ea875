"""gfx.text interns nothing (MicroPython unix port, stand-in hardware): on MicroPython a
1-character str subscript interns the character as a name for good, so a text line indexed
that way filled the board's name pools with every character ever drawn. Drawing 300 new
texts of unusual characters must leave the count of interned names as it was."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import device_heap  # noqa: E402
import libdirs  # noqa: E402  (lib/'s folders)

MP = device_heap.micropython_binary()

SCRIPT = r"""
import micropython, board
import gfx, gfxinit
gfxinit.init(board.DISPLAY)
gfx.text(0, 1, 1, "warm" + "up")
micropython.qstr_info()
for k in range(300):
    gfx.text(k % 11, 1, 1 + (k % 9) * 11,
             "#%d @$%%&*[]{}~|^_`<>;:,.?!QZJXKV qzjxkv \x03 " % (k * 7919), center=k & 1)
micropython.qstr_info()
print("drawn", gfx.lines[10])
"""


@pytest.mark.skipif(MP is None, reason="no MicroPython unix port")
def test_drawing_text_interns_no_names():
    env = dict(os.environ, MICROPYPATH=os.pathsep.join([os.path.join(ROOT, "tools", "board", "standins")]
                                                       + libdirs.paths(ROOT)))
    r = subprocess.run([MP, "-X", "heapsize=2m", "-c", SCRIPT], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "drawn #" in r.stdout, r.stdout  # the texts were drawn
    n = [int(v) for v in re.findall(r"n_qstr=(\d+)", r.stdout)]
    assert len(n) == 2 and n[1] == n[0], r.stdout
