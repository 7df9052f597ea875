# Alley Cat & Back Alley -- the same file runs on the PyBadge and on a desktop (Blinka).
#   device : CircuitPython runs this at power-on; lib/ and engine/ are on the drive.
#   desktop: python3 code.py [--headless --seed N --keys "a right a" --shots DIR] (--help)
import sys

# lib/'s folders by idea, most imported first: each goes on sys.path, so modules keep flat
# names (packages would each cost a module object and an interned dotted name: device
# memory). tools/libdirs.py reads this line.
_m = "/tables /screens /draw /hw /saves"
if sys.implementation.name == "cpython":
    import os

    _root = os.path.dirname(os.path.abspath(__file__))
    _p = [_root] + [os.path.join(_root, "lib") + _i for _i in [""] + _m.split()]
    sys.path[:0] = [_i for _i in _p if _i not in sys.path]  # the board's order
    import hw_desktop

    sys.exit(hw_desktop.main(sys.argv[1:]))
else:
    _i = "/lib"  # the board's; a stand-in run from the drive's folder uses "lib"
    if _i not in sys.path:
        _i = "lib"
        if _i not in sys.path:
            sys.path.append(_i)
    for _m in _m.split():  # after /lib: engine/, app and the third-party modules pay nothing
        sys.path.append(_i + _m)
    # Every name the program uses, interned now while the heap is empty (lib/qstrs0.py, ...
    # from tools/gen_qstrs.py): the interpreter keeps names in pools that double as they
    # fill and are never freed; grown mid-game, one pool is an 8-14 KB block a fragmented
    # heap may not have.
    _i = 0
    while True:
        _m = "qstrs%d" % _i
        try:
            __import__(_m)
        except ImportError:
            break
        del sys.modules[_m]
        _i += 1
    _i = _m = None
    import hardware
    import app

    app.main(hardware.make())
