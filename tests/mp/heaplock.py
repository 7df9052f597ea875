"""MicroPython suite: whole seeded games of both engines under micropython.heap_lock().

Run from the project root: micropython tests/mp/heaplock.py [games]
Prints one PASS/FAIL line per check and 'ALL OK' at the end when nothing allocated.
Any heap allocation while locked raises MemoryError, which is caught and reported.
"""
import sys
sys.path.insert(0, ".")
sys.path.insert(0, "tests/mp")
import gc
import micropython

from engine.alleycat import AlleyCat
from engine.backalley import BackAlley
from engine.rng import Rng
import selfplay

# the computer players are part of the suite: if they do not import, the suite fails
from engine.bots import Bot

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 20
failures = 0


def same(a, b, n):
    for i in range(n):
        if a[i] != b[i]:
            return False
    return True


def legal(buf, n, m):
    for i in range(n):
        if buf[i] == m:
            return True
    return False


def same_hands(a, b, seats, h1, h2):
    for p in range(seats):
        n = a.hand(p, h1)
        if b.hand(p, h2) != n or not same(h1, h2, n) or a.hand_size(p) != b.hand_size(p):
            return False
    return True


def same_game(a, b, ba, h1, h2):
    """a and b show the same game through every public accessor (allocation-free)."""
    seats = 4 if ba else 2
    if (a.phase != b.phase or a.turn != b.turn or a.dealer != b.dealer or a.leader != b.leader
            or a.winner != b.winner or a.trick_size != b.trick_size
            or a.history_size != b.history_size or a.last_leader != b.last_leader
            or a.last_winner != b.last_winner):
        return False
    for i in range(a.trick_size):
        if a.trick_card(i) != b.trick_card(i):
            return False
    for i in range(seats):
        if a.last_trick_card(i) != b.last_trick_card(i):
            return False
    for i in range(a.history_size):
        if a.history_card(i) != b.history_card(i) or a.history_seat(i) != b.history_seat(i):
            return False
    if not same_hands(a, b, seats, h1, h2):
        return False
    n = a.legal_moves(h1)
    if b.legal_moves(h2) != n or not same(h1, h2, n):
        return False
    if not ba:
        return (a.target == b.target and a.as_captured == b.as_captured
                and a.stock_size() == b.stock_size() and a.last_points == b.last_points
                and a.last_drawer == b.last_drawer and a.last_drawn == b.last_drawn
                and a.score(0) == b.score(0) and a.score(1) == b.score(1)
                and a.round_points(0) == b.round_points(0)
                and a.round_points(1) == b.round_points(1))
    if (a.deals != b.deals or a.strict != b.strict or a.deal_number != b.deal_number
            or a.redeals != b.redeals or a.upcard != b.upcard or a.trump != b.trump
            or a.cards_per_hand != b.cards_per_hand):
        return False
    for p in range(4):
        if (a.bid(p) != b.bid(p) or a.board_level(p) != b.board_level(p)
                or a.tricks(p) != b.tricks(p)):
            return False
    for t in range(2):
        if a.team_score(t) != b.team_score(t) or a.hand_points(t) != b.hand_points(t):
            return False
    return True


def decoy(g, n):
    """The save of a started game of g's class with other settings (index n: 0 or 1)."""
    if hasattr(g, "next_deal"):
        d = BackAlley(seed=70 + n, deals=3 + 2 * n, strict_trump_lead=n == 0)
    else:
        d = AlleyCat(seed=70 + n, target=7 + n, as_captured=n == 0)
    d.start()
    buf = bytearray(256)
    d.save(buf)
    return buf


class Checker:
    """Preallocated everything for the locked loops."""

    def __init__(self):
        self.moves = bytearray(16)
        self.hand = bytearray(16)
        self.h2 = bytearray(16)
        self.s1 = bytearray(256)
        self.s2 = bytearray(256)
        self.rng = Rng(1)
        self.errors = 0
        self.played = 0
        # the fresh games a save is loaded into; before each load a decoy with the other
        # settings (index 0: strict / as captured, 1: not) is loaded into it first
        self.fresh_ac = AlleyCat(seed=91)
        self.fresh_ba = BackAlley(seed=92)
        self.decoy_ac = (decoy(self.fresh_ac, 0), decoy(self.fresh_ac, 1))
        self.decoy_ba = (decoy(self.fresh_ba, 0), decoy(self.fresh_ba, 1))

    def refused_moves_change_nothing(self, g):
        """Every int 0..255 (plus out-of-range ones) that is not legal is refused without change."""
        n = g.legal_moves(self.moves)
        k = g.save(self.s1)
        m = -2
        while m < 258:
            if not legal(self.moves, n, m):
                if g.play(m) == 0:
                    self.errors += 1
                if g.save(self.s2) != k or not same(self.s1, self.s2, k):
                    self.errors += 1
            m += 1

    def save_load_round_trip(self, g, ba, advance):
        """g's save loaded into another game (made with other settings) shows the same game
        through every accessor; with advance (between rounds / deals) both then go on into
        the next one, dealt by the RNG that travelled in the save, and still agree."""
        k = g.save(self.s1)
        # a corrupted copy is refused and leaves the game alone
        for i in range(k):
            self.s2[i] = self.s1[i]
        self.s2[k // 2] ^= 0x5A
        if g.load(self.s2) == 0:
            self.errors += 1
        g.save(self.s2)
        if not same(self.s1, self.s2, k):
            self.errors += 1
        if ba:
            h = self.fresh_ba
            d = self.decoy_ba[1 if g.strict else 0]
        else:
            h = self.fresh_ac
            d = self.decoy_ac[1 if g.as_captured else 0]
        if h.load(d) != 0 or h.load(self.s1) != 0:
            self.errors += 1
        elif not same_game(g, h, ba, self.hand, self.h2):
            self.errors += 1
        if advance:
            selfplay.next_part(h, ba)
            selfplay.next_part(g, ba)
            if not same_game(g, h, ba, self.hand, self.h2):
                self.errors += 1

    def game(self, g, ba, sweep_every, bots):
        g.start()
        mv = 0
        while g.phase != 3 and mv < 5000:
            if g.turn < 0:
                self.save_load_round_trip(g, ba, True)  # (goes on into the next part)
                # reading accessors between rounds too
                g.hand(0, self.hand)
                continue
            if mv % sweep_every == 0:
                self.refused_moves_change_nothing(g)
                self.save_load_round_trip(g, ba, False)
            g.hand(g.turn, self.hand)
            g.hand_size(g.turn)
            g.trick_size
            if g.trick_size > 0:
                g.trick_card(0)
            g.last_trick_card(0)
            if bots is not None:
                m = bots[g.turn].choose(g)
            else:
                m = selfplay.random_move(g, self.rng, self.moves)
            if g.play(m) != 0:
                self.errors += 1
            mv += 1
        self.played += mv
        return mv


def run(name, fn):
    global failures
    gc.collect()
    micropython.heap_lock()
    try:
        result = fn()
        err = None
    except MemoryError:
        result = None
        err = "allocation while heap locked"
    except Exception as e:  # reported after unlocking
        result = None
        err = e
    micropython.heap_unlock()
    if err is not None:
        failures += 1
        print("FAIL", name, err)
    elif result:
        failures += 1
        print("FAIL", name, result, "errors")
    else:
        print("PASS", name)


ck = Checker()
ac = AlleyCat(seed=1)
ac_cap = AlleyCat(seed=2, target=22, as_captured=True)
ba = BackAlley(seed=3)
ba_short = BackAlley(seed=4, deals=7, strict_trump_lead=True)
deck27 = bytearray(27)
deck54 = bytearray(54)


def ac_games():
    ck.errors = 0
    for i in range(GAMES):
        ac.start()
        ck.game(ac, False, 7, None)
        ck.game(ac_cap, False, 7, None)
    return ck.errors


def ba_games():
    ck.errors = 0
    for i in range(max(1, GAMES // 10)):
        ck.game(ba, True, 23, None)
    for i in range(GAMES):
        ck.game(ba_short, True, 11, None)
    return ck.errors


def stacked_starts():
    ck.errors = 0
    # decks given as preallocated bytearrays, dealer given
    n = ac.save(ck.s1)
    for d in range(2):
        if ac.start(d, deck27) == 0:  # all zeros: not a deck -> must be refused
            ck.errors += 1
    ba.save(ck.s2)
    if ba.start(0, deck54) == 0:
        ck.errors += 1
    return ck.errors


run("alleycat games (both scoring modes, refused moves, save/load)", ac_games)
run("backalley games (25 deals and 7 deals strict, refused moves, save/load)", ba_games)
run("start with bad decks is refused", stacked_starts)

bots_ac = [Bot(0, 11), Bot(2, 12)]
bots_ba = [Bot(2, 21), Bot(1, 22), Bot(0, 23), Bot(2, 24)]
ba_long = BackAlley(seed=5, deals=25)


def bot_games():
    ck.errors = 0
    for i in range(max(1, GAMES // 4)):
        ck.game(ac, False, 1000, bots_ac)
        ck.game(ac_cap, False, 1000, bots_ac)  # as captured, target 22: the win table's ends
        ck.game(ba_short, True, 1000, bots_ba)
    # Back Alley: one 25-deal game (hands of 13 down to 1 and back: every budget branch)
    ck.game(ba_long, True, 1000, bots_ba)
    return ck.errors


run("bots choose moves in both games (levels 0-2)", bot_games)

# sliced thinking: begin + think(work) until done, one slice of work at a
# time (1 unit, and the bot's own slice), makes choose()'s move and allocates nothing
whole = [Bot(0, 31), Bot(1, 32), Bot(2, 33)]
parts = [Bot(0, 31), Bot(1, 32), Bot(2, 33)]
WORKS = (1, 0)

def sliced_game(g, ba):
    g.start()
    mv = 0
    while g.phase != 3 and mv < 5000:
        if g.turn < 0:
            selfplay.next_part(g, ba)
            continue
        for lv in range(3):
            m = whole[lv].choose(g)
            for w in WORKS:
                b = parts[lv]
                b.begin(g)
                k = 0
                while not b.think(w if w else b.slice):
                    k += 1
                if b.move != m or b.reason != whole[lv].reason:
                    ck.errors += 1
                ck.slices += k + 1
        g.play(selfplay.random_move(g, ck.rng, ck.moves))
        mv += 1
    ck.played += mv

def sliced_decisions():
    ck.errors = 0
    ck.slices = 0
    for i in range(max(1, GAMES // 6)):
        sliced_game(ac, False)
        sliced_game(ac_cap, False)
    sliced_game(ba_short, True)
    if ck.slices < 1000:  # the searches really were cut into slices
        ck.errors += 1
    return ck.errors

ck.slices = 0
run("sliced decisions equal choose() in both games (levels 0-2, slices 1 and bot.slice)",
    sliced_decisions)

print("moves played under heap lock:", ck.played)
if failures == 0:
    print("ALL OK")
else:
    print(failures, "FAILED")
    sys.exit(1)
