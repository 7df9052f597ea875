# Alley Cat & Back Alley: runs on CircuitPython game boards and on a desktop (Blinka):
#   python3 code.py [--headless --seed N --keys "a right a" --shots DIR] (--help)
# Why each line: docs/FRONTEND.md, "Start-up (code.py)".
import sys

_m = ("lib/tables", "lib/screens", "lib/draw", "lib/hw", "lib/saves")
if sys.implementation.name == "cpython":
    sys.path.insert(0, __file__[:-7] + "lib/hw")
    import hw_desktop

    sys.exit(hw_desktop.main(sys.argv[1:], _m))
else:
    if "lib" not in sys.path and "/lib" not in sys.path:
        sys.path.append("lib")
    sys.path.extend(_m)
    import buttons

    _m = "qstrm%d" if buttons.__file__[-3] == "m" else "qstrs%d"
    _i = 0
    sys.path.append("lib/names")  # generated: on the path only for this loop
    while True:
        try:
            __import__(_m % _i)
        except ImportError:
            break
        del sys.modules[_m % _i]
        _i += 1
    sys.path.pop()
    _i = _m = None
    import board

    for _i in __import__("hw_boards").FAMILIES:
        if board.board_id in _i[1]:
            break
    else:
        raise SystemExit("no lib/hw module for board " + board.board_id)
    del sys.modules["hw_boards"]
    _i = __import__("hw_" + _i[0]).Device
    import app

    app.main(_i())
