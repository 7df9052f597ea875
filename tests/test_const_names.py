"""Named offsets into shared state agree between the modules that use them.

A private `_NAME = const(n)` is folded into the code that uses it and takes no room on the
board, but it is private: two modules reading the same bytearray (gfx.live is written by gfx
and read by gfxpaint and gfxinit; a table's flags byte by table, table_keys and the screens)
each keep their own copy of the number. Here every module-level const() of lib/ is read from
the sources and any name that two modules define must have one value; and gfx.live is read
by those names only, never by a bare number.
"""
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import libdirs  # noqa: E402

GFX_MODULES = ("gfx", "gfxpaint", "gfxinit")


def consts(path):
    """name -> value of each module-level `NAME = const(<int>)` of a source file."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    out = {}
    for n in tree.body:
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and \
                isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Call) and \
                getattr(n.value.func, "id", None) == "const":
            out[n.targets[0].id] = ast.literal_eval(n.value.args[0])
    return out


def lib_sources():
    return [p for p, rel in libdirs.sources(ROOT)
            if not os.path.basename(p).startswith(("qstrs", "qstrm"))]


def disagreements(tables):
    """[(name, {module: value})] for each name defined with different values."""
    seen = {}
    for mod, names in tables.items():
        for k, v in names.items():
            seen.setdefault(k, {})[mod] = v
    return [(k, d) for k, d in sorted(seen.items()) if len(set(d.values())) > 1]


def test_the_check_sees_a_disagreement():
    assert disagreements({"a": {"_X": 1, "_Y": 2}, "b": {"_X": 1}}) == []
    assert disagreements({"a": {"_X": 1}, "b": {"_X": 2}}) == [("_X", {"a": 1, "b": 2})]


def test_consts_shared_by_lib_modules_agree():
    tables = {os.path.relpath(p, ROOT): consts(p) for p in lib_sources()}
    assert len(tables) > 20
    assert not disagreements(tables)


def test_gfx_modules_share_live_offsets():
    tables = {m: consts(libdirs.find(m)) for m in GFX_MODULES}
    g = tables["gfx"]
    # the offsets the start-up reads are gfx's names, with gfx's numbers (the painter's are
    # numbers: test_the_painter_reads_gfxs_offsets)
    assert "_TOP" in tables["gfxinit"]
    for m in GFX_MODULES[1:]:
        for k, v in tables[m].items():
            if k.startswith("_"):
                assert g.get(k) == v, (m, k, v, g.get(k))


def test_live_layout_fits_its_names():
    sys.path[:0] = libdirs.paths(ROOT)
    import gfx
    live = gfx.live
    # a byte per section for the per-section fields, none overlapping, all inside live
    assert gfx._LIVE + 3 == gfx._NEXT and gfx._NEXT + 3 == gfx._KEEP
    assert gfx._KEEP + 3 == gfx._SLOT and gfx._SHOWN + 2 == gfx._RESET
    assert gfx._TOP + 3 < gfx._SAVED and gfx._DONE == len(live) - 1
    assert gfx.NL <= 16  # the text lines' bits fit the 2 bytes at _SHOWN
    first = list(live[gfx._TOP:gfx._TOP + 4])
    assert first == sorted(first) and first[0] == 0, first


def test_live_is_read_by_name_only():
    """No `live[3]` / `e[3 + k]`: each subscript of gfx.live (or of the local it is bound
    to) names its offset."""
    bad = []
    for m in GFX_MODULES:
        path = libdirs.find(m)
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            # the names live goes by in this function: e = live (the painter's e: below)
            aliases = {"live"}
            for n in ast.walk(fn):
                if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name) and \
                        n.value.id == "live":
                    aliases.update(t.id for t in n.targets if isinstance(t, ast.Name))
            for n in ast.walk(fn):
                if isinstance(n, ast.Subscript):
                    v = n.value
                    name = v.id if isinstance(v, ast.Name) else \
                        v.attr if isinstance(v, ast.Attribute) else None
                    if name not in aliases:
                        continue
                    nums = [c for c in ast.walk(n.slice) if isinstance(c, ast.Constant)
                            and isinstance(c.value, int)]
                    named = any(isinstance(c, ast.Name) and c.id.startswith("_")
                                for c in ast.walk(n.slice))
                    if nums and not named or isinstance(n.slice, ast.Constant):
                        bad.append("%s:%d" % (m, n.lineno))
    assert not bad, bad


def painter_offsets(path):
    """The numbers in each subscript of paint()'s `e` (gfx.live) in gfxpaint: [[13], ...]."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    fn = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "paint"][0]
    return [[c.value for c in ast.walk(n.slice) if isinstance(c, ast.Constant)]
            for n in ast.walk(fn) if isinstance(n, ast.Subscript)
            and isinstance(n.value, ast.Name) and n.value.id == "e"]


def test_the_painter_reads_gfxs_offsets(tmp_path):
    # gfxpaint stays loaded and binds no const (a global there costs the .mpy guard): its
    # reads of live are `e[13 + k]` and `e[6 + k]`, which must be gfx's _TOP and _KEEP
    g = consts(libdirs.find("gfx"))
    got = painter_offsets(libdirs.find("gfxpaint"))
    assert got and {n for nums in got for n in nums} == {g["_TOP"], g["_KEEP"]}, got
    bad = tmp_path / "gfxpaint.py"
    bad.write_text("def paint(o, e, d, n, hw):\n    return e[14 + n] + e[6 + n]\n")
    assert {n for nums in painter_offsets(str(bad)) for n in nums} != {g["_TOP"], g["_KEEP"]}
