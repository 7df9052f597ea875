"""analogio stand-in (shared-bindings/analogio/AnalogIn.c: one positional argument, the
pin, which it claims; value is a read-only 16-bit reading). A reading is 32768 (a stick at
rest) unless _levels holds another for the pin (the scripted keypad tilts a stick)."""
import board

_levels = {}


class AnalogIn:
    def __init__(self, *pin):  # (MicroPython has no "/": one positional argument)
        if len(pin) != 1:
            raise TypeError("function takes 1 positional arguments but %d were given" % len(pin))
        self._pin = board._claim(pin[0], "AnalogIn")
        self.reference_voltage = 3.3

    @property
    def value(self):
        return _levels.get(self._pin, 32768)

    def deinit(self):
        board._release(self._pin)


class AnalogOut:
    def __init__(self, *pin):
        if len(pin) != 1:
            raise TypeError("function takes 1 positional arguments but %d were given" % len(pin))
        self._pin = board._claim(pin[0], "AnalogOut")
        self.value = 0

    def deinit(self):
        board._release(self._pin)
