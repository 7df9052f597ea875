"""Computer players. PLACEHOLDER until the bots issue lands: picks a random legal move.

Bot(level, seed=0); bot.choose(game) -> a legal move code for game.turn.
"""
from engine.rng import Rng


class Bot:
    def __init__(self, level=1, seed=0):
        self.level = level
        self.rng = Rng(seed)
        self.moves = bytearray(16)

    def choose(self, game):
        n = game.legal_moves(self.moves)
        if n == 0:
            return 0
        return self.moves[self.rng.below(n)]
