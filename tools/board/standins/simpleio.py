"""simpleio stand-in (a library on the device): tone() only."""


def tone(pin, frequency, duration=1, length=100):
    pass
