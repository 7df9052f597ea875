"""Test helper shared by the engine test files: re-seal an edited save."""


def reseal(b):
    """Recompute the parity byte (n-3) and the Fletcher-16 checksum (n-2, n-1) of the save in
    bytearray b in place (written out here, independently of the engine's own code), so that
    an edited save passes both integrity checks and only load's semantic validation is left.
    Returns b."""
    n = b[3]
    x = 0
    for i in range(n - 3):
        x ^= b[i]
    b[n - 3] = x
    lo = hi = 0
    for i in range(n - 2):
        lo = (lo + b[i]) % 255
        hi = (hi + lo) % 255
    b[n - 2] = lo
    b[n - 1] = hi
    return b
