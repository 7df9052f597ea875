"""Button bits: bit n is PyBadge shift-register key n (keypad.ShiftRegisterKeys order)."""
try:
    from micropython import const
except ImportError:
    def const(x):
        return x

B = const(1)
A = const(2)
START = const(4)
SELECT = const(8)
RIGHT = const(16)
DOWN = const(32)
UP = const(64)
LEFT = const(128)
