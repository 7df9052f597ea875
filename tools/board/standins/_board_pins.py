"""What every board stand-in shares: pins as Pin objects (aliases share one object, as in
the firmware's board module), claimed by what uses them (digitalio, keypad, neopixel,
pwmio, audio): a second claim is ValueError "... in use", as validate_obj_is_free_pin
raises in the firmware."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


_claimed = []


def _claim(pin, name):
    if not isinstance(pin, Pin):
        raise TypeError("%s: the pin must be of type Pin" % name)
    if pin in _claimed:
        raise ValueError("%s is in use by another object" % pin.name)
    _claimed.append(pin)
    return pin


def _release(pin):
    if pin in _claimed:
        _claimed.remove(pin)


def pins(g, spec):
    """Pins from "NAME:PORT NAME:PORT ..." (the board stub's lines) into the dict g: names on
    one port are one Pin, named by the first."""
    ports = {}
    for item in spec.split():
        name, port = item.split(":")
        if port not in ports:
            ports[port] = Pin(name)
        g[name] = ports[port]
