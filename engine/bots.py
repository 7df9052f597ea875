# Computer players for both games: Bot(level, seed=0, game=None).choose(game) -> a legal move.
#
# Levels: 0 easy, 1 normal, 2 hard. Each game has its own brain module; a brain sees the game
# only through its per-seat View (filled by View.read(game) from public information and the
# seat's own hand), so a bot cannot peek at hidden cards by construction. A move is a function
# of (seed, view): the brain reseeds its RNG from both on every decision.
#
# game (optional): the game class or a game (AlleyCat or BackAlley). Given, only that game's
# brain module is imported and only its brain built (the device front end saves the other
# game's code and brain that way); None builds both (a bot for either game). Dispatch reads
# the class attribute GAME_ID (1 Alley Cat, 2 Back Alley): no import of the engines here.
#
# After choose(), bot.reason is a short phrase naming why the move was chosen ("cheapest
# winner", "partner already winning", ...) or "" when the brain has none. Brains set their own
# `reason` attribute to a string constant (no allocation); the hint and the coach show it.
EASY = 0
NORMAL = 1
HARD = 2


class Bot:
    def __init__(self, level=NORMAL, seed=0, game=None):
        if level < EASY:
            level = EASY
        if level > HARD:
            level = HARD
        self.level = level
        self.seed = seed & 0x3FFFFFFF
        gid = 0 if game is None else game.GAME_ID
        self.ac = None
        self.ba = None
        self.reason = ""
        if gid != 2:
            from engine.bot_alleycat import AlleyCatBrain
            self.ac = AlleyCatBrain(level)
            self.ac.reason = ""  # made here so decide() never grows the instance
        if gid != 1:
            from engine.bot_backalley import BackAlleyBrain
            self.ba = BackAlleyBrain(level)
            self.ba.reason = ""

    def choose(self, game):
        """A legal move for game.turn (0 if nobody is to move)."""
        if game.turn < 0:
            return 0
        brain = self.ba if game.GAME_ID == 2 else self.ac
        if brain is None:  # a bot made for the other game
            return 0
        brain.obs.read(game)
        brain.reason = ""
        move = brain.decide(self.seed)
        self.reason = brain.reason
        return move
