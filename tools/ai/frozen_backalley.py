"""Back Alley's computer players as they were at one commit (the whole brain chain), for
tournaments against a fixed "today's Hard" while the tree's Hard changes.

    BrainT = frozen_backalley.brain(TODAY_COMMIT)   # a BackAlleyBrain class

Read from git history like tools/ai/legacy_bots.py, but every brain module (view, know, bid, play,
the simulator, the win table) comes from that commit: legacy_bots loads one module, whose
imports would otherwise pick up the tree's newer bidding.
"""
import os
import subprocess
import sys
import types

# the Hard of 2026-12-01 before the small-hand board bidding (the commit that work began from)
TODAY_COMMIT = "6909468"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHAIN = ("winprob_backalley", "bot_backalley_view", "bot_backalley_know", "bot_backalley_bid",
         "bot_backalley_play", "bot_backalley")


def brain(commit=TODAY_COMMIT):
    """The BackAlleyBrain class of engine/bot_backalley*.py at commit (loaded once a process)."""
    tag = "frozen_%s_" % commit[:7]
    for name in CHAIN:
        modname = tag + name
        if modname in sys.modules:
            continue
        path = "engine/%s.py" % name
        r = subprocess.run(["git", "-C", ROOT, "show", "%s:%s" % (commit, path)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit("%s of commit %s is not in this clone: %s"
                             % (path, commit, r.stderr.strip()))
        src = r.stdout
        for other in CHAIN:
            src = src.replace("engine.%s import" % other, "%s%s import" % (tag, other))
        mod = types.ModuleType(modname)
        mod.__file__ = "<git %s:%s>" % (commit[:7], path)
        sys.modules[modname] = mod
        exec(compile(src, mod.__file__, "exec"), mod.__dict__)
    return sys.modules[tag + "bot_backalley"].BackAlleyBrain
