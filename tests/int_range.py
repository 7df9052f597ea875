"""Instrument every arithmetic result inside engine/ and record the largest magnitude.

Why: on a 32-bit CircuitPython board an int outside +-2**30 silently becomes a heap object,
which a heap-lock run on the 64-bit MicroPython unix port cannot see. So on CPython we rewrite
each engine module's AST so that every BinOp, UnaryOp and AugAssign result passes through a
checker, then play games with the rewritten modules.
"""
import ast
import importlib.abc
import importlib.util
import os
import sys

LIMIT = 1 << 30
ENGINE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")


class Recorder:
    def __init__(self):
        self.max_abs = 0
        self.where = None
        self.violations = 0
        self.first_violation = None

    def check(self, value, where):
        if type(value) is int:
            a = -value if value < 0 else value
            if a > self.max_abs:
                self.max_abs = a
                self.where = where
            # small ints are -2**30 .. 2**30 - 1 on 32-bit MicroPython/CircuitPython
            if value >= LIMIT or value < -LIMIT:
                self.violations += 1
                if self.first_violation is None:
                    self.first_violation = "%s (value %d)" % (where, value)
        return value


class _Rewriter(ast.NodeTransformer):
    def __init__(self, modname):
        self.modname = modname

    def _wrap(self, node, expr):
        where = ast.Constant("%s:%d" % (self.modname, node.lineno))
        call = ast.Call(func=ast.Name("__int_check__", ast.Load()), args=[expr, where], keywords=[])
        return ast.copy_location(call, node)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        return self._wrap(node, node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return node
        return self._wrap(node, node)

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.target, ast.Name):
            value = ast.BinOp(left=ast.Name(node.target.id, ast.Load()), op=node.op, right=node.value)
            ast.copy_location(value, node)
            new = ast.Assign(targets=[node.target], value=self._wrap(node, value))
            return ast.copy_location(new, node)
        # attribute / subscript targets: keep the statement, then check what was stored
        load = _as_load(node.target)
        check = ast.Expr(self._wrap(node, load))
        return [node, ast.copy_location(check, node)]


def _as_load(target):
    t = ast.parse(ast.unparse(target), mode="eval").body
    return t


class _Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, recorder):
        self.recorder = recorder

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "engine" or fullname.startswith("engine."):
            if fullname == "engine":
                fn = os.path.join(ENGINE_DIR, "__init__.py")
                return importlib.util.spec_from_file_location(
                    fullname, fn, loader=self, submodule_search_locations=[ENGINE_DIR])
            fn = os.path.join(ENGINE_DIR, fullname.split(".", 1)[1] + ".py")
            if os.path.exists(fn):
                return importlib.util.spec_from_file_location(fullname, fn, loader=self)
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        fn = module.__spec__.origin
        with open(fn) as f:
            tree = ast.parse(f.read(), fn)
        tree = _Rewriter(module.__name__).visit(tree)
        ast.fix_missing_locations(tree)
        module.__dict__["__int_check__"] = self.recorder.check
        exec(compile(tree, fn, "exec"), module.__dict__)


class instrumented_engine:
    """Context manager: inside it, `import engine.x` gives instrumented modules."""

    def __init__(self):
        self.recorder = Recorder()
        self._saved = None
        self._finder = _Finder(self.recorder)

    def __enter__(self):
        self._saved = {k: v for k, v in sys.modules.items() if k == "engine" or k.startswith("engine.")}
        for k in self._saved:
            del sys.modules[k]
        sys.meta_path.insert(0, self._finder)
        return self.recorder

    def __exit__(self, *exc):
        sys.meta_path.remove(self._finder)
        for k in [k for k in sys.modules if k == "engine" or k.startswith("engine.")]:
            del sys.modules[k]
        sys.modules.update(self._saved)
        return False


def instrument_source(src, recorder, name="snippet"):
    """Compile and run src with the same rewriting; returns its namespace (used to test the tool)."""
    tree = _Rewriter(name).visit(ast.parse(src))
    ast.fix_missing_locations(tree)
    ns = {"__int_check__": recorder.check}
    exec(compile(tree, name, "exec"), ns)
    return ns
