"""PLACEHOLDER brain (random legal move) until the bots issue lands."""
from engine.rng import Rng


class AlleyCatView:
    def __init__(self):
        self.moves = bytearray(16)
        self.n = 0

    def read(self, game):
        self.n = game.legal_moves(self.moves)


class AlleyCatBrain:
    def __init__(self, level):
        self.level = level
        self.obs = AlleyCatView()
        self.rng = Rng(0)

    def decide(self, seed):
        if self.obs.n == 0:
            return 0
        self.rng.seed(seed)
        return self.obs.moves[self.rng.below(self.obs.n)]
