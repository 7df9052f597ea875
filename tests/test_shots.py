"""The README's screenshots are what the program renders today.

tools/shots.py renders every shot again (headless, fixed seeds, fresh saves) into a
temporary folder; each must equal its docs/shots/ file pixel for pixel, every shot the README
shows must be one the tool makes, and docs/shots/ holds no other picture (docs/shots/before/,
the pictures of an older layout, is left alone).
"""
import importlib.util
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = os.path.join(ROOT, "docs", "shots")


def load_tool():
    spec = importlib.util.spec_from_file_location("shots_tool",
                                                  os.path.join(ROOT, "tools", "shots.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def pixels(path):
    img = pygame.image.load(path)
    return img.get_size(), pygame.image.tostring(img, "RGB")


def test_readme_shots_are_what_the_program_renders(tmp_path):
    tool = load_tool()
    names = tool.main(str(tmp_path), quiet=True)
    again = "regenerate them with: " + tool.COMMAND
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        shown = set(re.findall(r"docs/shots/([\w-]+)\.png", f.read()))
    assert shown, "the README shows no screenshot?"
    assert not shown - set(names), "README shots the tool does not make: %s" % sorted(
        shown - set(names))
    on_disk = set(n[:-4] for n in os.listdir(SHOTS) if n.endswith(".png"))
    assert not on_disk - set(names), \
        "pictures in docs/shots/ that tools/shots.py does not make (stale): %s" % sorted(
            on_disk - set(names))
    differ = []
    for n in names:
        mine = os.path.join(SHOTS, n + ".png")
        if not os.path.exists(mine) or pixels(mine) != pixels(str(tmp_path / (n + ".png"))):
            differ.append(n)
    assert not differ, "docs/shots/ differs from what the program renders (%s); %s" % (
        ", ".join(differ), again)
