"""The README, docs/*.md and the tools' READMEs (tools/**/README.md) stand on their own: every
Markdown link and image in them points to a file of this repository that exists (no
`../shared/...`, no web page), and every `#anchor` to a heading of the page it names."""
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
PAGES += sorted(glob.glob(os.path.join(ROOT, "tools", "**", "README.md"), recursive=True))

_FENCE = re.compile(r"^```.*?^```", re.S | re.M)
_CODE = re.compile(r"`[^`\n]*`")
_INLINE = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFDEF = re.compile(r"^\s{0,3}\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.M)
_AUTO = re.compile(r"<(https?://[^>\s]+)>")


def links(text):
    """The targets of text's links and images (code blocks and spans are not links)."""
    text = _CODE.sub("", _FENCE.sub("", text))
    return _INLINE.findall(text) + _REFDEF.findall(text) + _AUTO.findall(text)


def anchors(path):
    """GitHub's anchors for the headings of a Markdown file."""
    with open(path, encoding="utf-8") as f:
        text = _FENCE.sub("", f.read())
    out = set()
    for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, re.M):
        h = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", h).strip().lower()
        out.add(re.sub(r"[^\w\- ]", "", h).replace(" ", "-"))
    return out


def problems(page, root=ROOT):
    with open(page, encoding="utf-8") as f:
        targets = links(f.read())
    out = []
    here = os.path.dirname(page)
    for t in targets:
        path, _, anchor = t.partition("#")
        if re.match(r"^[a-z][a-z0-9+.-]*:", path, re.I):
            out.append("%s: %s leaves the repository" % (os.path.basename(page), t))
            continue
        full = os.path.realpath(os.path.join(here, path)) if path else page
        if not full.startswith(os.path.realpath(root) + os.sep):
            out.append("%s: %s is outside the repository" % (os.path.basename(page), t))
        elif not os.path.exists(full):
            out.append("%s: %s does not exist" % (os.path.basename(page), t))
        elif anchor and full.endswith(".md") and anchor not in anchors(full):
            out.append("%s: %s names no heading" % (os.path.basename(page), t))
    return out


def test_no_page_sends_the_reader_outside_the_repository():
    """Not even in code spans: `../shared/...` exists on the developers' machines only."""
    for page in PAGES:
        with open(page, encoding="utf-8") as f:
            for i, line in enumerate(f, 1):
                assert "../shared" not in line and "/work/" not in line, \
                    "%s:%d: %s" % (os.path.basename(page), i, line.strip())


def test_every_link_resolves_inside_the_repository():
    assert len(PAGES) >= 11  # README, 6 docs, tools/ and its 3 groups' READMEs, standins'
    assert os.path.join(ROOT, "tools", "board", "standins", "README.md") in PAGES
    found = []
    n = 0
    for page in PAGES:
        with open(page, encoding="utf-8") as f:
            n += len(links(f.read()))
        found += problems(page)
    assert n >= 15, n  # the README's screenshots and pages are links: the parser sees them
    assert not found, "\n".join(found)


def test_the_checker_sees_bad_links(tmp_path):
    page = tmp_path / "x.md"
    page.write_text("# Top\n[a](../shared/RULES.md) [b](https://example.org) "
                    "![c](nope.png) [d](#top) [e](#nowhere) `[f](g.md)`\n\n[h]: missing.md\n",
                    encoding="utf-8")
    assert links(page.read_text(encoding="utf-8")) == [
        "../shared/RULES.md", "https://example.org", "nope.png", "#top", "#nowhere",
        "missing.md"]
    assert anchors(str(page)) == {"top"}
    # and each bad one is reported, the good ones not
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "A.md").write_text("# A page\n", encoding="utf-8")
    (tmp_path / "tools").mkdir()
    sub = tmp_path / "tools" / "README.md"
    sub.write_text("[ok](../docs/A.md#a-page) [no](../docs/A.md#b) [gone](gen/README.md) "
                   "[up](../../x.md) [me](#tools)\n\n# tools\n", encoding="utf-8")
    assert problems(str(sub), str(tmp_path)) == [
        "README.md: ../docs/A.md#b names no heading",
        "README.md: gen/README.md does not exist",
        "README.md: ../../x.md is outside the repository"]
    assert len(problems(str(page), str(tmp_path))) == 5  # all but #top
