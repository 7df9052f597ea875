"""What both tournament commands share: the uniformly random player and the Wilson interval."""
import math

from engine.rng import Rng


class RandomPlayer:
    """Chooses uniformly among the legal moves, from its own seeded Rng."""

    def __init__(self, seed):
        self.rng = Rng(seed)
        self.buf = bytearray(16)

    def choose(self, g):
        n = g.legal_moves(self.buf)
        return self.buf[self.rng.below(n)] if n else 0


def wilson(k, n, z=1.96):
    """95 % Wilson score interval (low, high) for k successes in n trials."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h
