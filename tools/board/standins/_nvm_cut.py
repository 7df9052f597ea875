"""A simulated power cut inside one microcontroller.nvm write (the stand-in's nvm.arm()):
kept apart so that the stand-in itself stays small (its code counts in device_heap's
measurements, where the real nvm is firmware)."""
_PAGE = 512


class PowerCut(BaseException):
    pass


def arm(nvm, n, where):
    """Cut the power during the n-th write to nvm (a stand-in ByteArray) from now."""
    nvm._cut = nvm.erases + n
    nvm._where = where


def cut(b, where, erases):
    """What the block holds when the power goes at where: -1 during the erase (all 0xFF),
    -2 during the erase (garbage), k after k pages were programmed (the rest erased), 100 + k
    while page k was programmed (garbage). b already holds the new bytes."""
    first = 0  # first byte left erased or garbage
    junk_end = 0
    if where >= 100:
        first = (where - 100) * _PAGE
        junk_end = first + _PAGE
    elif where >= 0:
        first = where * _PAGE
    elif where == -2:
        junk_end = len(b)
    x = 12345
    for k in range(first, len(b)):
        if k < junk_end:
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            b[k] = (x >> 16) & 0xFF
        else:
            b[k] = 0xFF
    raise PowerCut("power cut in nvm write %d at %d" % (erases, where))
