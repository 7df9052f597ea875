"""Picks the hardware layer: the PyBadge glue on a board, the Blinka/pygame one on CPython."""


def make():
    """The device hardware object (only called on a board or a stand-in of one)."""
    import hw_device
    return hw_device.Device()
