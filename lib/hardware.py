"""Picks the hardware layer: the PyBadge glue on a board, the Blinka/pygame one on CPython."""
import sys


def is_desktop():
    return sys.implementation.name == "cpython"


def make():
    """The device hardware object (only called on a board or a stand-in of one)."""
    import hw_device
    return hw_device.Device()
