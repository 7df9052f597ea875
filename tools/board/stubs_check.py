#!/usr/bin/env python3
"""Check lib/hw's board modules against the firmware: every board.NAME a board's module
uses exists on that board, every firmware module it imports for sure is in that board's
build, and every firmware call names a function / class / method that exists, with keyword
names its signature has, and positional arguments where the firmware takes them.

    .venv/bin/python tools/board/stubs_check.py      # prints the problems; exit 1 if any

Facts come from the PyPI package circuitpython-stubs (requirements.txt), read as text (AST):
board_definitions/<board_id>/__init__.pyi (pins, board_id, "Included modules") and
<module>-stubs/__init__.pyi (each module's API). Where the stubs are more lenient than
CircuitPython's shared-bindings (which decide), STRICTER below holds the firmware's rule
with its source file; PORT_MODULES the modules a port builds that have no stubs.

What a board runs: its module lib/hw/hw_<family>.py (lib/hw/hw_boards.py) and the lib/hw
modules it imports (hw_device, hw_frame, buttons, ...), all their module-level code and
functions and every class's methods -- except a base class's methods that the board's own
Device overrides without calling them (hw_cardputer.Device replaces hw_device.Device's
__init__, so the PyBadge's pins there are not the Cardputer's; hw_pygamer.Device's calls
it, so they are the PyGamer's). Imports inside a try that catches
ImportError are optional: such a module may be missing from the build.
"""
import ast
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
HW = os.path.join(ROOT, "lib", "hw")

# The firmware is stricter than the stubs here (CircuitPython 10, shared-bindings/...):
# (module, class or None, function): {"posonly": n first parameters positional-only,
# "kwonly": parameters that are keyword-only, "why": the binding}
STRICTER = {
    ("displayio", "Bitmap", "__init__"): {"posonly": 3, "why": "displayio/Bitmap.c: "
                                          "mp_arg_check_num, positional only"},
    ("displayio", "Group", "append"): {"posonly": 1, "why": "displayio/Group.c: "
                                       "MP_DEFINE_CONST_FUN_OBJ_2"},
    ("displayio", "Group", "insert"): {"posonly": 2, "why": "displayio/Group.c: "
                                       "MP_DEFINE_CONST_FUN_OBJ_3"},
    ("displayio", "Palette", "make_transparent"): {"posonly": 1, "why": "displayio/"
                                                   "Palette.c: FUN_OBJ_2"},
    ("digitalio", "DigitalInOut", "__init__"): {"posonly": 1, "why": "digitalio/"
                                                "DigitalInOut.c: mp_arg_check_num(1, 1)"},
    ("analogio", "AnalogIn", "__init__"): {"posonly": 1, "why": "analogio/AnalogIn.c: "
                                           "mp_arg_check_num(1, 1, false)"},
    ("keypad", "KeyMatrix", "__init__"): {
        "kwonly": ("columns_to_anodes", "interval", "max_events", "debounce_threshold"),
        "why": "keypad/KeyMatrix.c: MP_ARG_KW_ONLY"},
    ("keypad_demux", "DemuxKeyMatrix", "__init__"): {
        "kwonly": ("columns_to_anodes", "transpose", "interval", "max_events",
                   "debounce_threshold"),
        "why": "keypad_demux/DemuxKeyMatrix.c: MP_ARG_KW_ONLY"},
    ("keypad", "EventQueue", "get_into"): {"posonly": 1, "why": "keypad/EventQueue.c: "
                                           "FUN_OBJ_2"},
    ("busdisplay", "BusDisplay", "refresh"): {
        "kwonly": ("target_frames_per_second", "minimum_frames_per_second"),
        "why": "busdisplay/BusDisplay.c: MP_ARG_KW_ONLY"},
    ("audiobusio", "I2SOut", "play"): {"kwonly": ("loop",), "why": "audiobusio/I2SOut.c"},
    ("audioio", "AudioOut", "play"): {"kwonly": ("loop",), "why": "audioio/AudioOut.c"},
}
# read-only in the firmware, plain attributes in the stubs: (module, class): names
READ_ONLY = {
    ("keypad", "Event"): ("key_number", "pressed", "released", "timestamp"),
    ("keypad", "ShiftRegisterKeys"): ("key_count", "events"),
    ("keypad_demux", "DemuxKeyMatrix"): ("key_count", "events"),
    ("busdisplay", "BusDisplay"): ("width", "height", "bus"),
    # framebufferio/FramebufferDisplay.c, picodvi/Framebuffer.c (ports/raspberrypi/bindings),
    # supervisor/Runtime.c: MP_PROPERTY_GETTER
    ("framebufferio", "FramebufferDisplay"): ("width", "height", "rotation", "framebuffer"),
    ("picodvi", "Framebuffer"): ("width", "height", "color_depth"),
    ("supervisor", "Runtime"): ("serial_bytes_available", "serial_connected", "usb_connected",
                                "run_reason", "safe_mode_reason"),
}
# board.DISPLAY is a busdisplay.BusDisplay in CircuitPython 10 (the stubs say
# displayio.Display, a class 10 no longer has: shared-bindings/displayio/__init__.c)
BOARD_TYPES = {"DISPLAY": ("busdisplay", "BusDisplay")}
# modules a port builds that circuitpython-stubs 10.3.1 has no stubs of: their API, from
# the source named
PORT_MODULES = {
    "cardputer_keyboard": {
        "why": "ports/espressif/module/cardputer_keyboard.c",
        "boards": ("m5stack_cardputer",),
        "api": {"KEYBOARD": ("keypad_demux", "DemuxKeyMatrix"), "attach_serial": (),
                "detach_serial": (), "key_to_char": ("key", "shifted")},
    },
}
# what a module attribute of the firmware is (the stubs annotate them): module.name -> class
MODULE_OBJECTS = {("microcontroller", "nvm"): ("nvm", "ByteArray")}


def stubs_dir():
    spec = importlib.util.find_spec("board_definitions")
    if spec is None or not spec.submodule_search_locations:
        return None
    return os.path.dirname(list(spec.submodule_search_locations)[0])


class Stubs:
    def __init__(self, top=None):
        self.top = top or stubs_dir()
        self._mods = {}
        self._boards = {}

    def module(self, name):
        """ast.Module of <name>-stubs/__init__.pyi, or None."""
        if name not in self._mods:
            p = os.path.join(self.top, name + "-stubs", "__init__.pyi")
            text = open(p).read() if os.path.exists(p) else None
            if text is not None:  # PEP 695 generics (3.12) for this interpreter's parser
                text = re.sub(r"(def \w+)\[\w+(, *\w+)*\]\(", r"\1(", text)
            self._mods[name] = ast.parse(text) if text is not None else None
        return self._mods[name]

    def board(self, board_id):
        """(pin names and members, included modules) of a board's stub."""
        if board_id not in self._boards:
            p = os.path.join(self.top, "board_definitions", board_id, "__init__.pyi")
            text = open(p).read()
            tree = ast.parse(text)
            names = set()
            for node in tree.body:
                if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    names.add(node.target.id)
                elif isinstance(node, ast.FunctionDef):
                    names.add(node.name)
            m = re.search(r"Included modules: (.*)", text)
            mods = set(x.strip() for x in m.group(1).split(",")) if m else set()
            self._boards[board_id] = (names, mods)
        return self._boards[board_id]

    def member(self, mod, cls, name):
        """The stub's node for mod[.cls].name (FunctionDef, AnnAssign, ClassDef), or None."""
        tree = self.module(mod)
        if tree is None:
            return None
        body = tree.body
        if cls is not None:
            c = [n for n in body if isinstance(n, ast.ClassDef) and n.name == cls]
            if not c:
                return None
            body = c[0].body
        for n in body:
            if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name:
                return n
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) \
                    and n.target.id == name:
                return n
        return None

    def attr_type(self, mod, cls, name):
        """(module, class) of an attribute or property of mod.cls, when the stub says."""
        n = self.member(mod, cls, name)
        ann = None
        if isinstance(n, ast.AnnAssign):
            ann = n.annotation
        elif isinstance(n, ast.FunctionDef):
            ann = n.returns
        if isinstance(ann, ast.Name):
            if self.member(mod, None, ann.id) is not None:
                return mod, ann.id
        elif isinstance(ann, ast.Attribute) and isinstance(ann.value, ast.Name):
            return ann.value.id, ann.attr
        return None


def _params(fn):
    """(positional names, keyword-only names, has *args, has **kwargs) of a FunctionDef."""
    a = fn.args
    pos = [x.arg for x in a.posonlyargs + a.args if x.arg != "self"]
    return pos, [x.arg for x in a.kwonlyargs], a.vararg is not None, a.kwarg is not None


# --------------------------------------------------------------------------- the program


def _load(path):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read(), path)


class Module:
    """One lib/hw module: its imports (alias -> module or (module, name)), which are
    optional (inside a try catching ImportError), its classes."""

    def __init__(self, name, path):
        self.name = name
        self.path = path
        self.tree = _load(path)
        self.aliases = {}
        self.optional = set()
        self.required = set()
        self.classes = {n.name: n for n in self.tree.body if isinstance(n, ast.ClassDef)}
        for node, opt in _walk_imports(self.tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    self.aliases[a.asname or a.name] = a.name
                    (self.optional if opt else self.required).add(a.name)
            elif node.module:
                for a in node.names:
                    self.aliases[a.asname or a.name] = (node.module, a.name)
                (self.optional if opt else self.required).add(node.module)


def _walk_imports(tree, opt=False):
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, opt
        elif isinstance(node, ast.Try):
            catches = any(h.type is None or "ImportError" in ast.dump(h.type)
                          for h in node.handlers)
            for sub in node.body + [s for h in node.handlers for s in h.body] + node.orelse:
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    yield sub, opt or catches
                else:
                    yield from _walk_imports(sub, opt or catches)
            for sub in node.finalbody:
                yield from _walk_imports(sub, opt)
        else:
            yield from _walk_imports(node, opt)


def closure(family, hw=HW):
    """{name: Module} of hw_<family> and the lib/hw modules it imports, recursively."""
    out = {}
    todo = ["hw_" + family]
    while todo:
        name = todo.pop()
        path = os.path.join(hw, name + ".py")
        if name in out or not os.path.exists(path):
            continue
        m = out[name] = Module(name, path)
        for mod in m.required | m.optional:
            todo.append(mod.split(".")[0])
    return out


def used_functions(mods, family):
    """[(module, FunctionDef or module body node list, class name)] a board runs."""
    main = mods["hw_" + family]
    out = []
    own = {}
    dev = main.classes.get("Device")
    if dev is not None:
        own = {n.name for n in dev.body if isinstance(n, ast.FunctionDef)}
        # an override that calls the base's method (Base.name(self, ...), super().name)
        # still runs it
        for n in ast.walk(dev):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
                v = n.func.value
                if any(_base_name(b, main) == _base_name(v, main) for b in dev.bases) or \
                        (isinstance(v, ast.Call) and isinstance(v.func, ast.Name)
                         and v.func.id == "super"):
                    own.discard(n.func.attr)
    for m in mods.values():
        out.append((m, [n for n in m.tree.body if not isinstance(n, ast.ClassDef)], None))
        for cname, c in m.classes.items():
            is_base = m is not main and dev is not None and any(
                _base_name(b, main) == (m.name, cname) for b in dev.bases)
            for n in c.body:
                if isinstance(n, ast.FunctionDef):
                    if is_base and n.name in own:
                        continue  # overridden by the board's own Device
                    out.append((m, [n], cname))
    return out


def _base_name(b, main):
    if isinstance(b, ast.Attribute) and isinstance(b.value, ast.Name):
        return main.aliases.get(b.value.id), b.attr
    if isinstance(b, ast.Name):
        a = main.aliases.get(b.id)
        if isinstance(a, tuple):
            return a
    return None


# --------------------------------------------------------------------------- checking


class Checker:
    def __init__(self, stubs, family, board_ids, hw=HW):
        self.stubs = stubs
        self.family = family
        self.board_ids = board_ids
        self.mods = closure(family, hw)
        self.problems = []

    def firmware(self, mod):
        return mod in PORT_MODULES or self.stubs.module(mod) is not None

    def say(self, m, node, text):
        self.problems.append("%s:%d: %s" % (os.path.relpath(m.path, ROOT), node.lineno, text))

    def run(self):
        if "hw_" + self.family not in self.mods:
            self.problems.append("no lib/hw/hw_%s.py" % self.family)
            return self.problems
        for m in self.mods.values():
            for mod in sorted(m.required):
                top = mod.split(".")[0]
                if not self.firmware(top):
                    continue
                for b in self.board_ids:
                    _, included = self.stubs.board(b)
                    if top in PORT_MODULES:
                        ok = b in PORT_MODULES[top]["boards"]
                    else:
                        ok = top in included or top in ("board", "builtins")
                    if not ok:
                        self.problems.append("%s imports %s, which %s's firmware does not "
                                             "build (import it inside try/except ImportError)"
                                             % (m.name, top, b))
        used = used_functions(self.mods, self.family)
        shared = {}  # self.<attr>: what __init__ made it, seen from every method
        for _ in range(2):
            for m, nodes, cls in used:
                for node in nodes:
                    self.learn(m, node, dict(shared), shared)
        for m, nodes, cls in used:
            for node in nodes:
                types = dict(shared)
                self.learn(m, node, types, {})
                self.check_body(m, node, types)
        return self.problems

    # ---- the type of an expression: ("mod", "Class") of a firmware object, or None
    def type_of(self, m, e, types):
        if isinstance(e, ast.Call):
            t = self.callee(m, e.func, types)
            if t and t[0] == "class":
                return t[1], t[2]
            return None
        if isinstance(e, ast.Name):
            return types.get(e.id)
        if isinstance(e, ast.Attribute):
            if isinstance(e.value, ast.Name) and e.value.id == "self":
                return types.get("self." + e.attr)
            base = self.module_of(m, e.value)
            if base == "board":
                return BOARD_TYPES.get(e.attr)
            if base is not None:
                if (base, e.attr) in MODULE_OBJECTS:
                    return MODULE_OBJECTS[(base, e.attr)]
                if base in PORT_MODULES:
                    t = PORT_MODULES[base]["api"].get(e.attr)
                    return t if isinstance(t, tuple) and len(t) == 2 and \
                        self.firmware(t[0]) else None
                return None
            t = self.type_of(m, e.value, types)
            if t is not None:
                return self.stubs.attr_type(t[0], t[1], e.attr)
        return None

    def module_of(self, m, e):
        """The firmware module an expression names (import keypad -> keypad), or None."""
        if isinstance(e, ast.Name):
            a = m.aliases.get(e.id)
            if isinstance(a, str) and self.firmware(a):
                return a
        return None

    def callee(self, m, f, types):
        """("class", mod, Class) / ("func", mod, None, name) / ("method", mod, Class, name)."""
        if isinstance(f, ast.Attribute):
            mod = self.module_of(m, f.value)
            if mod is not None:
                if mod in PORT_MODULES:
                    return ("port", mod, None, f.attr)
                n = self.stubs.member(mod, None, f.attr)
                if isinstance(n, ast.ClassDef):
                    return ("class", mod, f.attr)
                return ("func", mod, None, f.attr)
            t = self.type_of(m, f.value, types)
            if t is not None:
                return ("method", t[0], t[1], f.attr)
        elif isinstance(f, ast.Name):
            a = m.aliases.get(f.id)
            if isinstance(a, tuple) and self.firmware(a[0]):
                n = self.stubs.member(a[0], None, a[1])
                if isinstance(n, ast.ClassDef):
                    return ("class", a[0], a[1])
                return ("func", a[0], None, a[1])
        return None

    def learn(self, m, root, types, shared):
        """The firmware types assignments give names (types) and self's attributes
        (types and shared)."""
        for node in ast.walk(root):
            if isinstance(node, ast.Assign):
                t = self.type_of(m, node.value, types)
                for tg in node.targets:
                    if isinstance(tg, ast.Name) and t is not None:
                        types[tg.id] = t
                    elif isinstance(tg, ast.Attribute) and isinstance(tg.value, ast.Name) \
                            and tg.value.id == "self" and t is not None:
                        types["self." + tg.attr] = t
                        shared["self." + tg.attr] = t

    def check_body(self, m, root, types):
        for node in ast.walk(root):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and self.module_of(m, node.value) == "board":
                for b in self.board_ids:
                    names, _ = self.stubs.board(b)
                    if node.attr not in names:
                        self.say(m, node, "board.%s: no such name on %s" % (node.attr, b))
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                t = self.type_of(m, node.value, types)
                if t is not None and node.attr in READ_ONLY.get(t, ()):
                    self.say(m, node, "%s.%s.%s is read-only in the firmware"
                             % (t[0], t[1], node.attr))
                elif t is not None and self.stubs.member(t[0], t[1], node.attr) is None:
                    self.say(m, node, "%s.%s has no %s" % (t[0], t[1], node.attr))
            elif isinstance(node, ast.Call):
                self.check_call(m, node, types)

    def check_call(self, m, call, types):
        c = self.callee(m, call.func, types)
        if c is None:
            return
        if c[0] == "port":
            api = PORT_MODULES[c[1]]["api"]
            if c[3] not in api or (isinstance(api[c[3]], tuple) and len(api[c[3]]) == 2
                                   and self.firmware(api[c[3]][0])):
                self.say(m, call, "%s.%s(): not a function of %s (%s)"
                         % (c[1], c[3], c[1], PORT_MODULES[c[1]]["why"]))
            return
        if c[0] == "class":
            mod, cls, fname = c[1], c[2], "__init__"
            fn = self.stubs.member(mod, cls, "__init__")
            what = "%s.%s()" % (mod, cls)
        else:
            mod, cls, fname = c[1], c[2], c[3]
            fn = self.stubs.member(mod, cls, fname)
            what = "%s.%s%s()" % (mod, cls + "." if cls else "", fname)
            if fn is None:
                self.say(m, call, "%s: no such %s in the stubs" % (what, "method" if cls
                                                                    else "function"))
                return
            if not isinstance(fn, ast.FunctionDef):
                self.say(m, call, "%s: not callable in the stubs" % what)
                return
        if fn is None:  # a class with no __init__ in its stub: no arguments
            pos, kwonly, star, kwstar = [], [], False, False
        else:
            pos, kwonly, star, kwstar = _params(fn)
        rule = STRICTER.get((mod, cls, fname), {})
        if rule.get("kwonly"):
            pos = [p for p in pos if p not in rule["kwonly"]]
            kwonly = kwonly + [k for k in rule["kwonly"] if k not in kwonly]
        posonly = pos[:rule.get("posonly", 0)]
        npos = len([a for a in call.args if not isinstance(a, ast.Starred)])
        if npos > len(pos) and not star:
            self.say(m, call, "%s: %d positional arguments, the firmware takes %d%s"
                     % (what, npos, len(pos), " (%s)" % rule["why"] if rule else ""))
        for k in call.keywords:
            if k.arg is None:
                continue
            if k.arg in posonly:
                self.say(m, call, "%s: %s is positional-only in the firmware (%s)"
                         % (what, k.arg, rule["why"]))
            elif k.arg not in pos and k.arg not in kwonly and not kwstar:
                self.say(m, call, "%s: no keyword %s in its signature" % (what, k.arg))


def check(family, board_ids, hw=HW, stubs=None):
    """The problems (list of str) of lib/hw/hw_<family>.py on those boards."""
    return Checker(stubs or Stubs(), family, board_ids, hw).run()


def families(hw=HW):
    sys.path.insert(0, hw)
    try:
        import hw_boards
    finally:
        sys.path.pop(0)
    return hw_boards.FAMILIES


def main():
    if stubs_dir() is None:
        print("stubs_check: circuitpython-stubs is not installed (pip install -r "
              "requirements.txt)")
        return 2
    stubs = Stubs()
    bad = 0
    for family, ids in families():
        if not os.path.exists(os.path.join(HW, "hw_%s.py" % family)):
            print("%-10s not built yet (no lib/hw/hw_%s.py)" % (family, family))
            continue
        problems = check(family, ids, stubs=stubs)
        print("%-10s %s: %s" % (family, ", ".join(ids), "ok" if not problems else
                                "%d problems" % len(problems)))
        for p in problems:
            print("    " + p)
        bad += len(problems)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
