"""The device modules import each other without a circle: every
`import m`, `from m import x` and `__import__("m")` between modules of lib/ (and engine/)
is an edge, and the graph has no cycle. A circle keeps both modules alive together and makes
their import order matter on a board."""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _modules():
    """name -> path of every module of lib/ and engine/. A lib/ module is named by its file
    name wherever it lives (lib/draw/gfx.py is gfx: code.py puts lib/'s folders on sys.path,
    no packages); engine/'s are engine.x."""
    mods = {}
    for top, prefix in (("lib", ""), ("engine", "engine.")):
        base = os.path.join(ROOT, top)
        for d, _, files in os.walk(base):
            for f in files:
                if f.endswith(".py") and f[:5] not in ("qstrs", "qstrm") and f != "__init__.py":
                    name = prefix + f[:-3]
                    assert name not in mods, "two modules named %s" % name
                    mods[name] = os.path.join(d, f)
    return mods


def _edges(path, mods):
    with open(path) as f:
        tree = ast.parse(f.read())
    out = set()
    for n in ast.walk(tree):
        names = []
        if isinstance(n, ast.Import):
            names = [a.name for a in n.names]
        elif isinstance(n, ast.ImportFrom) and n.module and not n.level:
            names = [n.module] + [n.module + "." + a.name for a in n.names]
        elif isinstance(n, ast.Call) and getattr(n.func, "id", None) == "__import__" and \
                n.args and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
            names = [n.args[0].value]
        for m in names:
            if m in mods:
                out.add(m)
    return out


def find_cycle(graph):
    """A list of modules forming a cycle, or None."""
    state = {}
    stack = []

    def visit(m):
        state[m] = 1
        stack.append(m)
        for n in sorted(graph.get(m, ())):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                c = visit(n)
                if c:
                    return c
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(graph):
        if m not in state:
            c = visit(m)
            if c:
                return c
    return None


def test_find_cycle_finds_one():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_device_modules_import_no_circle():
    mods = _modules()
    assert "screen_backalley_bid" in mods and "gfx" in mods
    graph = {m: _edges(p, mods) - {m} for m, p in mods.items()}
    assert "gfx" in graph["screen_backalley_draw"]  # edges into lib/'s folders are seen
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))
