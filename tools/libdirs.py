"""lib/'s folders by idea, read from code.py's `_m = ("lib/tables", ...)` line, the one list
(the board puts them on sys.path after /lib, in this order; module names stay flat: no
packages).

    import libdirs            # with tools/ on sys.path
    libdirs.DIRS              # ("tables", "screens", ...)
    libdirs.paths(root)       # [root/lib, root/lib/tables, ...]: what a desktop run needs
    libdirs.sources(root)     # every lib/ .py: (path, "lib/tables/table.py")
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_dirs(root=ROOT):
    with open(os.path.join(root, "code.py"), encoding="utf-8") as f:
        m = re.search(r'^_m = \(("lib/\w+"(?:, "lib/\w+")*)\)$', f.read(), re.M)
    if m is None:
        raise SystemExit("code.py: no `_m = (\"lib/tables\", ...)` line (lib/'s folders)")
    return tuple(re.findall(r'"lib/(\w+)"', m.group(1)))


DIRS = read_dirs()
# the generated name lists (tools/gen/gen_qstrs.py): not one of DIRS (see drive_rel)
NAMES = "names"


def drive_rel(rel):
    """Where a file of the checkout goes on the drive: each name list of lib/names/ at
    lib/'s top, where code.py finds them without a path entry of their own (a longer file
    name per list, and one more path, cost interned names on a full heap)."""
    head = "lib/" + NAMES + "/"
    return "lib/" + rel[len(head):] if rel.startswith(head) else rel


def paths(root=ROOT, dirs=DIRS):
    """lib/ and its folders, the board's order: put them on sys.path to import lib modules."""
    lib = os.path.join(root, "lib")
    return [lib] + [os.path.join(lib, d) for d in dirs]


def rel_dirs(dirs=DIRS):
    """"lib", "lib/tables", ...: relative to the drive (MICROPYPATH entries, deploy paths)."""
    return ["lib"] + ["lib/" + d for d in dirs]


def sources(root=ROOT, dirs=DIRS):
    """(path, drive-relative name) of every .py in lib/ and its folders, sorted per folder."""
    out = []
    for rel in rel_dirs(dirs):
        d = os.path.join(root, *rel.split("/"))
        if os.path.isdir(d):
            for f in sorted(os.listdir(d)):
                if f.endswith(".py"):
                    out.append((os.path.join(d, f), rel + "/" + f))
    return out


def find(name, root=ROOT):
    """The path of lib module `name` (a flat name), or None."""
    for p in paths(root):
        f = os.path.join(p, name + ".py")
        if os.path.isfile(f):
            return f
    return None
