"""The documents stay a newcomer's evening: the README fits in 12 KB, no page is a diary
(round / issue / part numbers, `#12` references: git log keeps the history), every page says
at its top whom it is for, and docs/ARCHITECTURE.md names only folders that exist."""
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
DOCS = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
TOOL_READMES = sorted(glob.glob(os.path.join(ROOT, "tools", "**", "README.md"), recursive=True))
README_LIMIT = 12288

_HISTORY = re.compile(r"\b(?:rounds?|issues?|parts?|PR)[ -]?#?\d+|(?<![\w&/])#\d+\b", re.I)
_FOLDER = re.compile(r"`([\w.-]+(?:/[\w.-]+)*/)`")


def too_big(path, limit=README_LIMIT):
    return os.path.getsize(path) > limit


def history_lines(path):
    with open(path, encoding="utf-8") as f:
        return ["%s:%d: %s" % (os.path.basename(path), i, line.strip())
                for i, line in enumerate(f, 1) if _HISTORY.search(line)]


def says_whom_for(path):
    """Within its first 8 lines a page says "For ..." (whom it is written for)."""
    with open(path, encoding="utf-8") as f:
        head = [next(f, "") for _ in range(8)]
    return any(line.startswith("For ") for line in head)


def missing_folders(path, root=ROOT):
    with open(path, encoding="utf-8") as f:
        named = sorted(set(_FOLDER.findall(f.read())))
    return named, [d for d in named if not os.path.isdir(os.path.join(root, d))]


def test_readme_fits_in_12_kb():
    assert not too_big(README), os.path.getsize(README)


def test_no_page_is_a_diary():
    found = []
    for page in [README] + DOCS + TOOL_READMES:
        found += history_lines(page)
    assert not found, "\n".join(found)


def test_every_doc_says_whom_it_is_for():
    assert len(DOCS) >= 6, DOCS
    assert [os.path.basename(d) for d in DOCS if not says_whom_for(d)] == []


def test_architecture_names_only_folders_that_exist():
    path = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
    assert os.path.exists(path)
    named, missing = missing_folders(path)
    for d in ("engine/", "lib/", "lib/hw/", "lib/names/", "tests/", "tests/mp/", "tools/",
              "tools/board/", "tools/ai/", "tools/gen/", "docs/"):
        assert d in named, d
    assert not missing, missing


def test_the_checks_fail_on_bad_pages(tmp_path):
    big = tmp_path / "README.md"
    big.write_bytes(b"x" * (README_LIMIT + 1))
    assert too_big(str(big)) and not too_big(str(big), README_LIMIT + 1)
    diary = tmp_path / "D.md"
    diary.write_text("# D\n\nFor makers.\nIn round 11 we\nissue 15 asked\nsee #34\n"
                     "issue-8 screens\nfixed in part 4\nanchor [a](#x) and colour &#38; fine\n"
                     "round the corner, 12 issues open\n", encoding="utf-8")
    assert [h.split(":")[1] for h in history_lines(str(diary))] == ["4", "5", "6", "7", "8"]
    assert says_whom_for(str(diary))
    diary.write_text("# D\n\nThis page, for makers.\n", encoding="utf-8")
    assert not says_whom_for(str(diary))
    (tmp_path / "lib").mkdir()
    arch = tmp_path / "A.md"
    arch.write_text("| `lib/` | `lib/gone/` | `code.py` | not a folder: `lib/app.py` |\n",
                    encoding="utf-8")
    assert missing_folders(str(arch), str(tmp_path)) == (["lib/", "lib/gone/"], ["lib/gone/"])
