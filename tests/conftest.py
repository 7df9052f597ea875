import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
# tools/ and its folders (board, ai, gen): tests import tools by their flat names
sys.path.insert(0, os.path.join(ROOT, "tools"))
import toolpaths  # noqa: E402,F401
