# Alley Cat & Back Alley -- the same file runs on the PyBadge and on a desktop (Blinka).
#   device : CircuitPython runs this at power-on; lib/ and engine/ are on the drive.
#   desktop: python3 code.py [--headless --seed N --keys "a right a" --shots DIR] (--help)
import sys

# lib/'s folders by idea, most imported first: each goes on sys.path, so modules keep flat
# names (packages would each cost a module object and an interned dotted name: device
# memory). Relative to the drive's top, the board's working folder; tools/libdirs.py reads
# this line.
_m = ("lib/tables", "lib/screens", "lib/draw", "lib/hw", "lib/saves")
if sys.implementation.name == "cpython":
    import os

    _root = os.path.dirname(os.path.abspath(__file__))
    for _p in ("lib",) + _m[::-1] + ("",):
        sys.path.insert(0, os.path.join(_root, _p))
    import hw_desktop

    sys.exit(hw_desktop.main(sys.argv[1:]))
else:
    if "lib" not in sys.path and "/lib" not in sys.path:
        sys.path.append("lib")
    sys.path.extend(_m)  # after /lib: app, engine/ and third-party modules are found first
    # Every name the program uses, interned now while the heap is empty (lib/qstrs0.py, ...
    # from tools/gen_qstrs.py): the interpreter keeps names in pools that double as they
    # fill and are never freed; grown mid-game, one pool is an 8-14 KB block a fragmented
    # heap may not have. Compiled modules need fewer names (no locals): lib/qstrm0.py, ...
    import buttons

    _m = "qstrm%d" if buttons.__file__[-3] == "m" else "qstrs%d"
    _i = 0
    while True:
        try:
            __import__(_m % _i)
        except ImportError:
            break
        del sys.modules[_m % _i]
        _i += 1
    _i = _m = None
    import hw_device
    import app

    app.main(hw_device.Device())
