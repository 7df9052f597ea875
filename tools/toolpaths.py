"""Puts every tools/ folder on sys.path, so that a tool imports another by its flat name
whichever folder each lives in (tools/ is grouped by job, not a package).

    sys.path.insert(0, TOOLS_DIR); import toolpaths    # then: import device_heap, libdirs, ...
"""
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TOOLS)
GROUPS = ("board", "ai", "gen")  # the board's stand-ins and estimators; the players; generators
DIRS = (TOOLS,) + tuple(os.path.join(TOOLS, g) for g in GROUPS)

for _d in reversed(DIRS):
    if _d not in sys.path:
        sys.path.insert(0, _d)
