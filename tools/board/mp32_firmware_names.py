"""The names micropython32 builds in as static qstrs: what a board keeps in flash.

On a PyBadge the modules our stand-ins imitate (displayio, keypad, bitmaptools, board, ...)
are C code in the firmware: their names are ROM qstrs, and none of their internals exist.
On micropython32 they are Python, so without this their every identifier would be interned
on the heap when they are imported, filling the first qstr pools and pushing the program's
own names into bigger pools than a board would allocate (the pools double: 20, 40, ... 640,
1280 entries; the 1280-entry pool is one ~9 KB block).

So the VM is built with these names static:
  * the stand-ins' API (module names, public classes, functions, methods, attributes and
    parameter names): ROM qstrs on a board, because CircuitPython's shared-bindings name them
    with MP_QSTR_...;
  * the stand-ins' and the measuring driver's internal names, except those the device
    program also uses: they do not exist on a board, and a name the program shares with them
    must still cost the program what it costs on a board (interned on the heap, unless the
    core already has it).

    .venv/bin/python tools/board/mp32_firmware_names.py   # print the list and the counts
"""
import ast
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STANDINS = os.path.join(HERE, "standins")
sys.path.insert(0, os.path.dirname(HERE))
import toolpaths  # noqa: E402,F401  (every tools/ folder on sys.path)
import gen_qstrs  # noqa: E402  (tools/ is not a package)


def _public(name):
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def api_names(source, module):
    """A stand-in module's API: what CircuitPython's bindings would name in ROM."""
    out = {module}

    def params(fn):
        a = fn.args
        for x in a.posonlyargs + a.args + a.kwonlyargs:
            if x.arg != "self":
                out.add(x.arg)

    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and _public(node.name):
            out.add(node.name)
            params(node)
        elif isinstance(node, ast.ClassDef) and _public(node.name):
            out.add(node.name)
            for sub in ast.walk(node):
                if isinstance(sub, ast.FunctionDef) and _public(sub.name):
                    out.add(sub.name)
                    params(sub)
                elif (isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name)
                      and sub.value.id == "self" and _public(sub.attr)):
                    out.add(sub.attr)
                elif isinstance(sub, ast.Assign):
                    out.update(t.id for t in sub.targets
                               if isinstance(t, ast.Name) and _public(t.id))
        elif isinstance(node, ast.Assign):
            out.update(t.id for t in node.targets if isinstance(t, ast.Name) and _public(t.id))
    return out


def firmware_names(standins=STANDINS, root=gen_qstrs.ROOT):
    """Sorted identifiers to build in as static qstrs (see the module's docstring)."""
    api, internal = set(), set()
    for f in sorted(os.listdir(standins)):
        if not f.endswith(".py"):
            continue
        with open(os.path.join(standins, f), encoding="utf-8") as fh:
            src = fh.read()
        internal.update(gen_qstrs.names_in(src))
        if not f.startswith("_"):  # _heap_driver, _nvm_cut: the measuring harness
            api |= api_names(src, f[:-3])
    program = set(gen_qstrs.all_names(root))
    names = api | (internal - program)
    return sorted(n for n in names if n.isidentifier() and n.isascii())


def main():
    names = firmware_names()
    for n in names:
        print(n)
    print("%d static names" % len(names), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
