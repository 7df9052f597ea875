"""lib/'s folders by idea (code.py puts each on sys.path; module names stay flat): every
folder is declared, none is a package, a module name is found in one place only, and the
desktop's save file stays at the project root."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import libdirs  # noqa: E402


def clashes(root, dirs):
    """{module name: [places]} for names found more than once on the board's path: lib/,
    its folders, the drive's top (code.py, boot.py, engine/ as a package) and engine/'s own
    modules (a flat `import cards` must never be ambiguous with engine's either)."""
    seen = {}

    def add(name, where):
        seen.setdefault(name, []).append(where)

    for p in [root] + libdirs.paths(root, dirs):
        for f in sorted(os.listdir(p)):
            full = os.path.join(p, f)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            if f.endswith(".py"):
                add(f[:-3], rel)
            elif os.path.isdir(full) and os.path.isfile(os.path.join(full, "__init__.py")):
                add(f, rel)
    engine = os.path.join(root, "engine")
    for f in sorted(os.listdir(engine)):
        if f.endswith(".py") and f != "__init__.py":
            add(f[:-3], "engine/" + f)
    return {k: v for k, v in seen.items() if len(v) > 1}


def test_every_lib_module_name_is_unique_across_the_folders_and_engine():
    assert clashes(ROOT, libdirs.DIRS) == {}


def test_a_clash_is_found(tmp_path):
    # the check above on a tree with two clashes: a module in two folders, one named as
    # an engine module
    for d in ("lib/draw", "lib/hw", "engine"):
        (tmp_path / d).mkdir(parents=True)
    (tmp_path / "code.py").write_text("")
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "engine" / "cards.py").write_text("")
    (tmp_path / "lib" / "draw" / "gfx.py").write_text("")
    (tmp_path / "lib" / "hw" / "gfx.py").write_text("")
    (tmp_path / "lib" / "cards.py").write_text("")
    got = clashes(str(tmp_path), ("draw", "hw"))
    assert got == {"gfx": ["lib/draw/gfx.py", "lib/hw/gfx.py"],
                   "cards": ["lib/cards.py", "engine/cards.py"]}


def test_the_folders_on_disk_are_code_pys_and_none_is_a_package():
    lib = os.path.join(ROOT, "lib")
    on_disk = {d for d in os.listdir(lib)
               if os.path.isdir(os.path.join(lib, d)) and not d.startswith((".", "__"))}
    assert on_disk == set(libdirs.DIRS) | {libdirs.NAMES}
    for d in libdirs.DIRS:
        # a package would be a module object and a dotted name per module on the board
        assert not os.path.exists(os.path.join(lib, d, "__init__.py")), d
        assert any(f.endswith(".py") for f in os.listdir(os.path.join(lib, d))), d
    # the tables and screens (dropped and imported again at every switch) are looked up first
    assert libdirs.DIRS[:2] == ("tables", "screens")


def test_code_py_puts_the_folders_on_the_boards_path_after_lib(tmp_path):
    # code.py's device branch, run up to its path lines with sys faked as the board's
    src = open(os.path.join(ROOT, "code.py"), encoding="utf-8").read()
    head = src[:src.index("    import buttons")]  # the device branch up to the names

    class Impl:
        name = "circuitpython"

    class FakeSys:
        implementation = Impl
        path = ["", "/", ".frozen", "/lib"]

    g = {"__name__": "__main__", "__builtins__": __builtins__}
    exec(compile(head.replace("import sys\n", "sys = FakeSys\n", 1), "code.py", "exec"),
         dict(g, FakeSys=FakeSys))
    # relative to the drive's top, the board's working folder when code.py runs
    assert FakeSys.path == ["", "/", ".frozen", "/lib"] + ["lib/" + d for d in libdirs.DIRS]


def test_the_desktop_save_file_is_still_at_the_project_root():
    for p in libdirs.paths(ROOT):
        if p not in sys.path:
            sys.path.insert(0, p)
    import hw_desktop
    assert hw_desktop.DEFAULT_SAVE == os.path.join(ROOT, "save.bin")  # not lib/hw/save.bin
