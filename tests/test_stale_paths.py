"""Every path of this repository that a page or a comment names exists (`tools/deploy.py`,
`lib/...`, `docs/...`, `engine/...`, `tests/...`) in README.md, docs/*.md, tools/**/README.md,
and in the comments and docstrings of the Python files (code.py, boot.py, lib/, engine/,
tools/, tests/). A path is read from the repository's top; a glob (`lib/names/qstrs*.py`)
must match a file; a path ending in `/` must be a folder. Not checked: templates
(`engine/bot_<game>.py`), another repository's path (an `owner/repo` word before it), files
the repository never holds because they are made (`.mpy`, `.pyc`, `save.bin`: .gitignore),
and what is not a repository path (`/lib/...` on a board, `dist/`, `.cache/`, `.venv/`,
`/tmp/...`, which the pattern does not take). A page of the developers' shared folder
(`../shared`, named with or without `../`) is stale wherever it is named: it is not in the
repository (the page is in docs/), as tests/test_docs_links.py says for the pages;
MicroPython's own `shared/runtime/*.c` are not pages."""
import ast
import glob
import io
import os
import re
import tokenize

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOPS = ("lib", "engine", "tests", "tools", "docs")
# a repository path: one of TOPS then a slash, not part of a longer path or word
_PATH = re.compile(r"(?<![\w./~$-])((?:%s)/[\w.*/-]*)" % "|".join(TOPS))
_OTHER_REPO = re.compile(r"^\(?[A-Za-z][\w.-]*/[\w.-]+$")  # owner/repo before the path
_SHARED = re.compile(r"(?<![\w-])((?:\.\./)?shared/[\w.-]+\.md)")
_MADE = re.compile(r"\.(mpy|pyc)$|(^|/)save\.bin$")  # generated, never committed


def pages(root=ROOT):
    out = [os.path.join(root, "README.md")]
    out += sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    out += sorted(glob.glob(os.path.join(root, "tools", "**", "README.md"), recursive=True))
    return [p for p in out if os.path.exists(p)]


def sources(root=ROOT):
    out = [os.path.join(root, n) for n in ("code.py", "boot.py")]
    for top in ("lib", "engine", "tools", "tests"):
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            out += [os.path.join(d, f) for f in sorted(files) if f.endswith(".py")]
    return [p for p in out if os.path.exists(p)]


def prose(text):
    """The comments and docstrings of a Python source, with their line numbers."""
    out = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                out.append((tok.start[0], tok.string))
    except (tokenize.TokenError, SyntaxError):
        pass
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return out
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                first = node.body[0].lineno
                out += [(first + i, line) for i, line in enumerate(doc.split("\n"))]
    return sorted(out)


def named_paths(line):
    """The repository paths a line of prose names."""
    out = []
    for m in _PATH.finditer(line):
        path = m.group(1).rstrip(".,:;")
        if _MADE.search(path):
            continue
        after = line[m.end():m.end() + 1]
        if after in ("<", "{"):  # a template: engine/bot_<game>.py
            continue
        before = line[:m.start()].split()
        if before and _OTHER_REPO.match(before[-1]) and \
                before[-1].lstrip("(").split("/")[0] not in TOPS:
            continue  # ZigEmbeddedGroup/sycl-badge docs/pinout.md
        out.append(path)
    return out + _SHARED.findall(line)


def exists(path, root=ROOT):
    full = os.path.join(root, path)
    if "shared/" in path:
        return False
    if "*" in path:
        return bool(glob.glob(full, recursive=True))
    if path.endswith("/"):
        return os.path.isdir(full)
    return os.path.exists(full)


def stale(files, root=ROOT):
    out = []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            text = fh.read()
        lines = prose(text) if f.endswith(".py") else list(enumerate(text.split("\n"), 1))
        for n, line in lines:
            for p in named_paths(line):
                if not exists(p, root):
                    out.append("%s:%d: %s" % (os.path.relpath(f, root), n, p))
    return out


def test_pages_name_only_paths_that_exist():
    files = pages()
    assert len(files) >= 8, files  # README, six docs, tools/ and its groups' READMEs
    found = stale(files)
    assert not found, "\n".join(found)


def test_comments_and_docstrings_name_only_paths_that_exist():
    files = sources()
    assert len(files) >= 100, len(files)
    found = stale(files)
    assert not found, "\n".join(found)


def test_the_checker_sees_stale_paths(tmp_path):
    (tmp_path / "lib" / "names").mkdir(parents=True)
    (tmp_path / "lib" / "names" / "qstrs0.py").write_text("")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "deploy.py").write_text(
        '"""Copies lib/ and lib/names/qstrs*.py; see docs/GONE.md."""\n'
        "# tools/old.py moved to tools/board/old.py, as lib/qstrs*.py did\n"
        "x = 'lib/nothing.py'  # a string, not prose; lib/gfx.mpy is made\n"
        "# Rules: shared/RULES.md; MicroPython's shared/runtime/gchelper.c is not ours\n")
    (tmp_path / "README.md").write_text(
        "Run `tools/deploy.py`, read docs/RULES.md. Not ours: ../shared/lib/x.py, /lib/gfx.mpy,\n"
        "ZigEmbeddedGroup/sycl-badge docs/pinout.md, engine/bot_<game>.py, dist/x.zip.\n")
    assert named_paths("see lib/names/, tools/x.py. and engine/") == [
        "lib/names/", "tools/x.py", "engine/"]
    found = stale(pages(str(tmp_path)) + sources(str(tmp_path)), str(tmp_path))
    assert found == [
        "README.md:1: docs/RULES.md",
        "tools/deploy.py:1: docs/GONE.md",
        "tools/deploy.py:2: tools/old.py",
        "tools/deploy.py:2: tools/board/old.py",
        "tools/deploy.py:2: lib/qstrs*.py",
        "tools/deploy.py:4: shared/RULES.md",
    ], found
    assert named_paths("see ../shared/ENGINE_API.md") == ["../shared/ENGINE_API.md"]
