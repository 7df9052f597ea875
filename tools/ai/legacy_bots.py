"""The computer players as they were before score awareness (the game's score weighed in each move), for the tournaments'
"legacy" opponents and the Alley Cat win-table generator's self-play.

They are read from git history at LEGACY_COMMIT (main before the rework), not copied into the
tree: the source of truth for "today's Hard" stays one commit, and the tree holds no second
copy of 50 KB of bot code to drift. Needs a clone with that history (not `--depth 1`).
"""
import os
import subprocess
import sys
import types

LEGACY_COMMIT = "6826eb6d4e28f58727e17632f91b38475d99af88"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(name):
    """Module engine/<name>.py at LEGACY_COMMIT, imported as legacy_<name> (once a process)."""
    modname = "legacy_" + name
    mod = sys.modules.get(modname)
    if mod is not None:
        return mod
    path = "engine/%s.py" % name
    r = subprocess.run(["git", "-C", ROOT, "show", "%s:%s" % (LEGACY_COMMIT, path)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("the legacy bots come from git history: %s of commit %s is not in "
                         "this clone (%s); use a full clone" % (path, LEGACY_COMMIT[:7],
                                                                r.stderr.strip()))
    mod = types.ModuleType(modname)
    mod.__file__ = "<git %s:%s>" % (LEGACY_COMMIT[:7], path)
    sys.modules[modname] = mod
    exec(compile(r.stdout, mod.__file__, "exec"), mod.__dict__)
    return mod
