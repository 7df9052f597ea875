"""Computer players for both games: Bot(level, seed=0).choose(game) -> a legal move.

Levels: 0 easy, 1 normal, 2 hard. Each game has its own brain module; a brain sees the game
only through its per-seat View (filled by View.read(game) from public information and the
seat's own hand), so a bot cannot peek at hidden cards by construction. A move is a function
of (seed, view): the brain reseeds its RNG from both on every decision.
"""
from engine.backalley import BackAlley
from engine.bot_alleycat import AlleyCatBrain
from engine.bot_backalley import BackAlleyBrain

EASY = 0
NORMAL = 1
HARD = 2


class Bot:
    def __init__(self, level=NORMAL, seed=0):
        if level < EASY:
            level = EASY
        if level > HARD:
            level = HARD
        self.level = level
        self.seed = seed & 0x3FFFFFFF
        self.ac = AlleyCatBrain(level)
        self.ba = BackAlleyBrain(level)

    def choose(self, game):
        """A legal move for game.turn (0 if nobody is to move)."""
        if game.turn < 0:
            return 0
        if isinstance(game, BackAlley):
            brain = self.ba
        else:
            brain = self.ac
        brain.obs.read(game)
        return brain.decide(self.seed)
