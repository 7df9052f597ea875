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
# Sliced thinking: bot.begin(game) reads the view and starts the decision; bot.think(work) does
# about `work` units of search (Alley Cat: simulated tricks, Back Alley: simulated card plays;
# bot.slice units take ~0.1 ms on the unix port, ~10 on a board) and returns True when bot.move and bot.reason
# are the decision: the same move as choose() for any slicing. choose() = begin + think to the
# end. level and seed may be changed between decisions (the front end's one bot plays the
# computer seats and searches the hint).
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
        self.move = 0  # the decision, once think() returned True
        self.cur = None  # the brain thinking (begin .. think() True)
        self.slice = 100
        if gid != 2:
            from engine.bot_alleycat import AlleyCatBrain
            self.ac = AlleyCatBrain(level)
            self.ac.reason = ""  # made here so decide() never grows the instance
        if gid != 1:
            from engine.bot_backalley import BackAlleyBrain
            self.ba = BackAlleyBrain(level)
            self.ba.reason = ""

    def choose(self, game):
        """A legal move for game.turn (0 if nobody is to move): begin, then think to the end."""
        self.begin(game)
        while not self.think(1 << 29):
            pass
        return self.move

    def begin(self, game):
        """Start a decision for game.turn: reads the seat's view now (the game may change
        afterwards); think() makes it. Uses self.level and self.seed as they are now."""
        self.move = 0
        self.reason = ""
        brain = None
        if game.turn >= 0:
            brain = self.ba if game.GAME_ID == 2 else self.ac
        self.cur = brain
        if brain is None:  # nobody to move, or a bot made for the other game
            return
        self.slice = brain.SLICE
        brain.level = self.level
        brain.obs.read(game)
        brain.reason = ""
        brain.begin(self.seed)

    def think(self, work):
        """At most about work units of search (a slice: self.slice units take ~0.1 ms on
        the unix port); True when self.move (and self.reason) is the decision, which is the
        same for any slicing."""
        b = self.cur
        if b is None:
            return True
        if not b.think(work):
            return False
        self.move = b.move
        self.reason = b.reason
        self.cur = None
        return True
