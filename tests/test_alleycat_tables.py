# engine/bot_alleycat_tables.py's precomputed literals (ORDER, LEAD) against the build code in
# tools/gen/gen_alleycat_tables.py (what the module built at import before it had literals, from the
# FS/FU/RET it still computes), and its BINOM against the products formula.
import importlib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import gen_alleycat_tables as gen  # noqa: E402

NAMES = ("ORDER", "BINOM", "LEAD")


def _load(src, tmp_path):
    """Import a copy of the module's source as its own module."""
    p = tmp_path / "tables_copy.py"
    p.write_text(src)
    spec = importlib.util.spec_from_file_location("tables_copy", str(p))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


def _mismatches(m):
    want = gen.build()
    return [n for n in NAMES if getattr(m, n) != want[n] or type(getattr(m, n)) is not type(want[n])]


def test_module_tables_equal_the_build():
    import engine.bot_alleycat_tables as m
    assert _mismatches(m) == []
    assert len(m.ORDER) == 27 * 27 and sorted(m.ORDER[:27]) == list(range(27))


def test_a_changed_literal_byte_is_caught(tmp_path):
    with open(gen.PATH) as f:
        src = f.read()
    for name in gen.LITERALS:
        start = src.index("    %s = bytearray(  #" % name.lower())
        start = src.index('b"', start) + 2
        c = ord(src[start + 5])
        c = c - 1 if c == 126 else c + 2 if c == 91 else c + 1  # printable, not the backslash
        bumped = src[:start + 5] + chr(c) + src[start + 6:]
        assert _mismatches(_load(bumped, tmp_path)) == [name]
    assert _mismatches(_load(src, tmp_path)) == []


def test_generator_check_agrees():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen", "gen_alleycat_tables.py"),
                        "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_literals_are_printable_and_short():
    t = gen.build()
    for name in gen.LITERALS:
        d = gen.offset(t[name])
        enc = [v - d for v in t[name]]
        assert min(enc) >= 35 and max(enc) <= 126 and 92 not in enc and 34 not in enc
        assert len(enc) <= 1500
