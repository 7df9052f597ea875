"""digitalio stand-in: DigitalInOut claims its pin (board._claim: "... in use" while
something else holds it) and, like the firmware, refuses to set the value of an input
("Cannot set value when direction is input")."""
import board


class Direction:
    INPUT = 0
    OUTPUT = 1


class Pull:
    UP = 1
    DOWN = 2


class DriveMode:
    PUSH_PULL = 0
    OPEN_DRAIN = 1


class DigitalInOut:
    def __init__(self, pin):
        self.pin = board._claim(pin, "DigitalInOut")
        self.direction = Direction.INPUT
        self._value = False
        self.pull = None
        self.drive_mode = DriveMode.PUSH_PULL

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, v):
        if self.direction != Direction.OUTPUT:
            raise AttributeError("Cannot set value when direction is input.")
        self._value = bool(v)

    def switch_to_output(self, value=False, drive_mode=DriveMode.PUSH_PULL):
        self.direction = Direction.OUTPUT
        self._value = bool(value)
        self.drive_mode = drive_mode

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def deinit(self):
        board._release(self.pin)

    def __enter__(self):
        return self

    def __exit__(self, *a):
        self.deinit()
