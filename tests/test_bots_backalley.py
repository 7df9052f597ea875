"""Back Alley computer players (engine/bot_backalley.py) and the engine's history accessors."""
from engine.backalley import (BackAlley, PHASE_BID, PHASE_PLAY, PHASE_GAME_OVER, BID_PASS,
                              BID_BOARD, NO_TRUMP)
from engine.bot_backalley import BackAlleyBrain
from engine.bot_backalley_view import deal
from engine.bots import Bot
from engine.cards import parse_card, NO_CARD, LITTLE_BLOOPER, BIG_BLOOPER
from engine.rng import Rng

ALL = [((s << 4) | r) for s in range(4) for r in range(1, 14)] + [LITTLE_BLOOPER, BIG_BLOOPER]


def cards(s):
    return [parse_card(x) for x in s.split()]


def deck_for(hands, up, n):
    """A deck dealing hands[p] (n cards each) to seat p with dealer 3 (seat 0 gets deck[0])."""
    deck = [0] * (4 * n)
    for p in range(4):
        hs = cards(hands[p])
        assert len(hs) == n
        for i in range(n):
            deck[4 * i + p] = hs[i]
    deck.append(parse_card(up))
    for c in ALL:
        if c not in deck:
            deck.append(c)
    assert len(deck) == 54 and len(set(deck)) == 54
    return deck


def game_with(hands, up, deals):
    n = (deals + 1) // 2
    g = BackAlley(seed=5, deals=deals)
    assert g.start(3, deck_for(hands, up, n)) == 0
    return g


def bids(g, *moves):
    for m in moves:
        assert g.play(m) == 0


def play(g, *names):
    for c in names:
        assert g.play(parse_card(c)) == 0, c


# ---- history accessors ------------------------------------------------------------------------

def test_history_accessors_follow_tricks_and_survive_save_load_copy():
    # n = 2 (deals 3), trump spades; seat 0 bids 1 and leads
    g = game_with(["AH 2C", "3H 4C", "KH 5C", "4H 6C"], "2S", 3)
    assert g.history_size == 0 and g.history_card(0) == NO_CARD and g.history_seat(0) == -1
    bids(g, 0x81, BID_PASS, BID_PASS, BID_PASS)
    assert g.history_size == 0
    play(g, "AH", "3H")
    assert g.history_size == 2
    assert [g.history_card(i) for i in range(2)] == cards("AH 3H")
    assert [g.history_seat(i) for i in range(2)] == [0, 1]
    play(g, "KH", "4H")  # seat 0 wins with the ace and leads again
    assert g.history_size == 4 and g.trick_size == 0
    play(g, "2C", "4C")
    assert g.history_size == 6
    assert [g.history_card(i) for i in range(6)] == cards("AH 3H KH 4H 2C 4C")
    assert [g.history_seat(i) for i in range(6)] == [0, 1, 2, 3, 0, 1]
    assert g.history_card(6) == NO_CARD and g.history_seat(-1) == -1
    buf = bytearray(256)
    g.save(buf)
    h = BackAlley()
    assert h.load(buf) == 0
    assert h.history_size == 6
    assert [h.history_seat(i) for i in range(6)] == [0, 1, 2, 3, 0, 1]
    c = BackAlley()
    c.copy_from(g)
    assert c.history_size == 6 and c.history_card(5) == parse_card("4C")
    c.rebuild()
    assert c.history_size == 6 and c.history_seat(4) == 0
    play(g, "5C", "6C")  # hand over: history stays readable until next_deal
    assert g.history_size == 8 and g.history_seat(7) == 3
    g.next_deal()
    assert g.history_size == 0


def test_history_seat_follows_the_trick_winner():
    # seat 2 wins trick 1 with the king of trumps and leads trick 2
    g = game_with(["AH 2C", "3H 4C", "KS 5C", "4H 6C"], "2S", 3)
    bids(g, 0x81, BID_PASS, BID_PASS, BID_PASS)
    play(g, "AH", "3H", "KS", "4H")
    assert g.turn == 2
    play(g, "5C")
    assert g.history_seat(4) == 2 and g.history_size == 5


# ---- positions from seeded games -------------------------------------------------------------

def positions(games, deals=7, seed0=0, levels=(1, 0, 2, 1)):
    """(game, k) at every decision of seeded games between bots of the given levels."""
    for s in range(seed0, seed0 + games):
        g = BackAlley(seed=s, deals=deals, strict_trump_lead=s % 3 == 2)
        g.start()
        bots = [Bot(levels[i], s * 4 + i) for i in range(4)]
        k = 0
        while g.phase != PHASE_GAME_OVER:
            if g.turn < 0:
                g.next_deal()
                continue
            yield g, k
            m = bots[g.turn].choose(g)
            assert g.play(m) == 0
            k += 1


def test_every_level_always_moves_legally():
    buf = bytearray(16)
    for lv in range(3):
        games = 12 if lv < 2 else 3
        for s in range(games):
            g = BackAlley(seed=100 + s, deals=(7, 13, 25, 3)[s % 4] if lv < 2 else 7,
                          strict_trump_lead=s % 2 == 1)
            g.start()
            bots = [Bot(lv, s * 4 + i) for i in range(4)]
            while g.phase != PHASE_GAME_OVER:
                if g.turn < 0:
                    g.next_deal()
                    continue
                n = g.legal_moves(buf)
                m = bots[g.turn].choose(g)
                assert m in buf[:n], (lv, m)
                assert g.play(m) == 0


def test_same_seed_same_position_same_move():
    other = BackAlley()
    for g, k in positions(3):
        if k % 3:
            continue
        other.copy_from(g)
        for lv in range(3):
            b = Bot(lv, 77)
            m1 = b.choose(g)
            m2 = b.choose(g)  # the same object asked twice
            m3 = Bot(lv, 77).choose(other)
            assert m1 == m2 == m3


# ---- fair play: hidden cards swapped -> same move --------------------------------------------

def _eff(c, trump):
    if c >> 4 == 4 or c >> 4 == trump:
        return 4
    return c >> 4


def shown(g):
    """voids[p] (set of effective suits) and whether a blooper was led, from the history."""
    voids = [set(), set(), set(), set()]
    blooper = False
    hist = [(g.history_card(i), g.history_seat(i)) for i in range(g.history_size)]
    for t in range(0, len(hist), 4):
        trick = hist[t:t + 4]
        led = _eff(trick[0][0], g.trump)
        if trick[0][0] in (BIG_BLOOPER, LITTLE_BLOOPER):
            blooper = True
        if led == 4:
            # a trump led before trumps were broken may reveal an all-trump hand: keep it simple
            voids[trick[0][1]].update({0, 1, 2, 3} - {g.trump})
        for c, p in trick[1:]:
            if _eff(c, g.trump) != led:
                voids[p].add(led)
    return voids, blooper


def swapped(g, rng):
    """A copy of g where the cards hidden from g.turn are permuted (public facts kept)."""
    h = BackAlley()
    h.copy_from(g)
    me = g.turn
    voids, blooper = shown(g)
    slots = []
    for p in range(4):
        if p != me:
            slots += [("h", p, i) for i in range(h.hand_n[p])]
    slots += [("u", -1, i) for i in range(h.undealt_n)]

    def get(s):
        return h.hands[13 * s[1] + s[2]] if s[0] == "h" else h.undealt[s[2]]

    def put(s, c):
        if s[0] == "h":
            h.hands[13 * s[1] + s[2]] = c
        else:
            h.undealt[s[2]] = c

    def ok(c, s):
        if s[0] == "u":
            return True
        if c >> 4 == 4 and h.upcard >> 4 == 4:
            return False
        e = _eff(c, h.trump)
        if e in voids[s[1]]:
            return False
        if blooper and e == 4:
            return False
        return True

    changed = 0
    for _ in range(200):
        a = slots[rng.below(len(slots))]
        b = slots[rng.below(len(slots))]
        ca, cb = get(a), get(b)
        if a == b or ca == cb:
            continue
        if blooper and (_eff(ca, h.trump) == 4 or _eff(cb, h.trump) == 4):
            continue
        if ok(ca, b) and ok(cb, a):
            put(a, cb)
            put(b, ca)
            changed += 1
    h.rebuild()
    return h, changed


def test_fair_play_hidden_cards_do_not_change_the_move():
    rng = Rng(9)
    tested = 0
    changed = 0
    for g, k in positions(4, deals=9, levels=(2, 1, 0, 1)):
        if k % 2:
            continue
        h, c = swapped(g, rng)
        changed += c > 0
        assert h.turn == g.turn and h.history_size == g.history_size
        for lv in range(3):
            assert Bot(lv, 31 + k).choose(g) == Bot(lv, 31 + k).choose(h), (lv, k)
        tested += 1
    assert tested > 50 and changed > 40


def test_the_view_holds_only_public_information():
    g = game_with(["AH 2C", "3H 4C", "KS 5C", "4H 6C"], "2S", 3)
    bids(g, 0x81, BID_PASS, BID_PASS, BID_PASS)
    play(g, "AH")
    b = BackAlleyBrain(1)
    b.obs.read(g)
    v = b.obs
    assert v.seat == 1 and v.hn == 2 and sorted(v.hand[:2]) == sorted(cards("3H 4C"))
    assert v.hist_n == 1 and v.hist_c[0] == parse_card("AH") and v.hist_s[0] == 0
    assert v.tsize == 1 and v.leader == 0 and list(v.hsz) == [1, 2, 2, 2]
    assert not hasattr(b, "game") and not hasattr(v, "game")


# ---- heuristics --------------------------------------------------------------------------------

def test_normal_does_not_overtake_a_winning_partner():
    # seat 0 leads the queen of clubs; seat 2 holds A and 3 of clubs: partner is winning
    for lead in ("QC", "KC"):
        other = "KC" if lead == "QC" else "QC"
        g = game_with([lead + " 2D", "2C 3D", "AC 3C", other + " 4D"], "2S", 3)
        bids(g, 0x81, BID_PASS, BID_PASS, BID_PASS)
        play(g, lead, "2C")
        assert Bot(1, 3).choose(g) == parse_card("3C")


def test_normal_takes_an_opponents_trick_as_cheaply_as_it_can():
    g = game_with(["QC 2D", "2C 3D", "4C 3C", "AC KC"], "2S", 3)
    bids(g, 0x81, BID_PASS, BID_PASS, BID_PASS)
    play(g, "QC", "2C", "3C")
    assert Bot(1, 3).choose(g) == parse_card("KC")


def test_normal_ruffs_an_opponents_winner_and_discards_when_partner_wins():
    # n = 3, trump spades; seat 1 bids 2 and leads a heart; seat 0 is void in hearts
    for partner, want in (("7H", "3S"), ("9H", "2D")):
        g = game_with(["AC 2D 3S", "8H 3D 2C", partner + " 3C 4D", "6H 4C 5D"], "2S", 5)
        bids(g, BID_PASS, 0x82, BID_PASS, BID_PASS)
        assert g.turn == 1
        play(g, "8H", partner, "6H")
        assert Bot(1, 3).choose(g) == parse_card(want), partner


def test_normal_bids_strong_hand_high_and_weak_hand_pass():
    strong = "BB LB AH KH QH JH AS KS AC KC AD KD QD"
    weak = "2S 3S 4S 2C 3C 4C 5C 2D 3D 4D 6D 7S 8C"
    rest1 = "5S 6S 7C 9C 10C 5D 8D 9D 10D JD 9S 10S JS"
    rest2 = "2H 3H 4H 5H 6H 7H 8H 9H 10H QS JC QC 7D"
    g = game_with([strong, weak, rest1, rest2], "6C", 25)  # trump clubs
    g2 = game_with([strong, weak, rest1, rest2.replace("10H", "8S")], "10H", 25)  # hearts
    for lv in (1, 2):
        m = Bot(lv, 1).choose(g2)
        assert m == BID_BOARD or m - 0x80 >= 6, (lv, m)
    bids(g2, 0x88)
    for lv in (1, 2):
        assert Bot(lv, 1).choose(g2) == BID_PASS, lv  # the weak hand
    for lv in (1, 2):
        m = Bot(lv, 1).choose(g)
        assert m == BID_BOARD or m - 0x80 >= 6, (lv, m)


def test_hard_does_not_under_bid_a_long_strong_hand():
    # 13 cards, trump hearts, ten top honours: the sampled playouts are used unshaded (a
    # one-trick shading made Hard under-bid long hands and lose 25-deal games to Normal)
    hands = ["AS KS QS AH KH QH AD KD 3D AC KC 4C 2C",
             "2S 3S 4S 5S LB 3H 4H 2D 4D 5D 3C 5C 6C",
             "6S 7S 8S 5H 6H 7H 6D 7D 8D 7C 8C 9C 10C",
             "9S 10S JS 8H 9H 10H JH 9D 10D JD QD JC QC"]
    for sd in range(3):
        m = Bot(2, sd).choose(game_with(hands, "2H", 25))
        assert m != BID_BOARD and 5 <= m - 0x80 <= 9, (sd, hex(m))


def test_board_with_a_dominating_small_hand():
    # n = 2: both bloopers -> board; n = 1: the Big Blooper -> board, a low card -> pass
    g = game_with(["BB LB", "2C 3D", "4C 3C", "5C 4D"], "2S", 3)
    for lv in (1, 2):
        assert Bot(lv, 4).choose(g) == BID_BOARD
    g = game_with(["BB", "2C", "4C", "5C"], "2S", 1)
    for lv in range(3):
        assert Bot(lv, 4).choose(g) == BID_BOARD
    g = game_with(["3D", "2C", "4C", "5C"], "2S", 1)
    for lv in range(2):
        # (Hard may board it first to keep the opponents' trumps from bidding board: the
        # reference of tools/ai/ref_backalley.py values that board above a pass, 42 vs 34 %)
        assert Bot(lv, 4).choose(g) == BID_PASS


def test_normal_passes_after_an_opponents_board_and_backs_partner_only_when_sure():
    g = game_with(["AH 2C", "BB LB", "KS 5C", "4H 6C"], "2S", 3)
    bids(g, BID_PASS, BID_BOARD)
    assert Bot(1, 1).choose(g) == BID_PASS  # seat 2 holds a trump king: not a board


# ---- small hands, score awareness, reasons, module sizes ----------------------------------------

def test_one_card_deal_with_a_strong_card_bids_board_at_every_level():
    # trump spades; the Big Blooper, the Little Blooper and the ace of trumps are all strong
    # enough (the ace loses only to a blooper in another hand: about one deal in nine)
    for mine in ("BB", "LB", "AS"):
        g = game_with([mine, "2C", "4C", "5C"], "2S", 1)
        for lv in range(3):
            for sd in range(3):
                assert Bot(lv, sd).choose(g) == BID_BOARD, (mine, lv, sd)


def test_one_card_deal_weak_card_passes_and_a_good_one_is_boarded_after_passes():
    # a low side card: pass (Easy, Normal; Hard may board it first, see above); the king of
    # trumps after three passes: board
    g = game_with(["3D", "2C", "4C", "5C"], "2S", 1)
    for lv in range(2):
        assert Bot(lv, 4).choose(g) == BID_PASS
    g = game_with(["2C", "4C", "5C", "KS"], "2S", 1)
    bids(g, BID_PASS, BID_PASS, BID_PASS)
    assert g.turn == 3
    for lv in (1, 2):
        assert Bot(lv, 4).choose(g) == BID_BOARD, lv


def _last_deal(g, lead):
    """A copy of g (a 3-deal game in its first deal: 2 cards, as in its last) made the last
    deal of the game with the side to move `lead` points ahead (a test-only edit of the
    game's deal number and scores; a bot sees them through its view)."""
    h = BackAlley(deals=g.deals)
    h.copy_from(g)
    assert h.deals == 3 and h.cards_per_hand == 2
    h.deal_number = h.deals - 1
    t = h.turn & 1
    h.scores[t] = max(lead, 0)
    h.scores[1 - t] = max(-lead, 0)
    return h


def test_hard_bids_for_the_game_not_the_hand_in_the_last_deal():
    # 2 cards, trump spades, the last deal. Seat 0 (an opponent) bid 1 and leads, the partner
    # and the other opponent passed; East holds the ace of hearts and a low card: one trick
    # likely, two unlikely. Ahead by 8, passing wins whatever happens (their made 1 pays them
    # at most 6): pass. Ahead by 3, if they make their 1 a pass loses (+1 - 5) and a made 1
    # draws level (+5 - 5 = 0: still 3 ahead): bid 1, or board (the game-win
    # value decides Hard's boards: the ace wins only if hearts are led, so a made 1 and a made
    # board are about as likely, and either wins the game).
    for hand in ("AH 4D", "AH KD"):
        g = game_with(["5C 6C", "7C 8C", "9C 10C", hand], "2S", 3)
        bids(g, 0x81, BID_PASS, BID_PASS)
        for sd in range(4):
            assert Bot(2, sd, BackAlley).choose(_last_deal(g, 8)) == BID_PASS, (hand, sd)
            assert Bot(2, sd, BackAlley).choose(_last_deal(g, 3)) in (0x81, BID_BOARD), (hand, sd)
    # (Normal, bidding from its trick estimate, passes the weaker hand 3 ahead with 2 seeds
    # of these 4: the check tells the levels apart)


def _all_seats(level, games, deals):
    red = 0
    for s in range(games):
        g = BackAlley(seed=700 + s, deals=deals)
        g.start()
        bots = [Bot(level, s * 4 + i) for i in range(4)]
        while g.phase != PHASE_GAME_OVER:
            if g.turn < 0:
                g.next_deal()
                continue
            assert g.play(bots[g.turn].choose(g)) == 0
        red += g.redeals
    return red


def test_all_pass_redeals_stay_rare_with_bots_at_every_seat():
    # the 7-deal game (4 -> 1 -> 4) has its 1-card deal; before the fix bots at every seat
    # redealt it about 8 times a 25-deal game (the goal was <= 1.5 a game). Measured
    # 2026-12-01 over 64 games (seeds 700..763; Hard 16): Easy 36 (0.56 a game; these 16: 7),
    # Normal 17 (0.27; these 16: 6), Hard 4 of 16 (0.25; these 8: 1). The bounds sit about
    # twice over the measured rate and under 1.5 a game: a regression crosses them
    for lv, games, bound in ((0, 16, 16), (1, 16, 10), (2, 8, 4)):
        red = _all_seats(lv, games, 7)
        assert red <= bound, (lv, red, games)


def test_win_probability_table_is_well_formed_and_monotone():
    import engine.winprob_backalley as wp
    t = wp.TABLE
    assert isinstance(t, bytes) and len(t) == wp.ROWS * wp.COLS
    assert max(t) <= 254
    for r in range(wp.ROWS):
        row = t[r * wp.COLS:(r + 1) * wp.COLS]
        assert row[0] == 127, r  # level scores: an even game
        assert all(row[c] <= row[c + 1] for c in range(wp.COLS - 1)), r
        if r:
            above = t[(r - 1) * wp.COLS:r * wp.COLS]
            # more left to play: a lead is worth less
            assert all(row[c] <= above[c] for c in range(wp.COLS)), r
    assert t[wp.ROWS * wp.COLS - 1] > 200  # 200 points ahead is a near-sure win even early
    assert t[(wp.ROWS - 1) * wp.COLS + 2] < 160  # 10 points early is close to even
    # lookups: symmetric, monotone, exact at the end of the game
    # what is left: the deals to come, the 1-card deal (deal 12 of 25, deal 3 of 7) counting
    # ONE_CARD deals
    assert wp.volatility(25, 0) == 23 + wp.ONE_CARD and wp.volatility(25, 12) == 12
    assert wp.volatility(25, 24) == 0 and wp.volatility(7, 5) == 1 and wp.volatility(1, 0) == 0
    assert wp.volatility(7, 2) == 3 + wp.ONE_CARD and wp.ONE_CARD >= 1
    assert wp.win_row(0) == 0 and wp.win_row(1) == 2 * wp.COLS and wp.win_row(999) < len(wp.TABLE)
    for vol in (0, 1, 2, 5, 12, 30, 45, 400):
        row = wp.win_row(vol)
        last = -1
        for lead in range(-250, 251, 3):
            p = wp.win_prob(row, lead)
            assert 0 <= p <= wp.ONE and p >= last
            assert p + wp.win_prob(row, -lead) == wp.ONE
            last = p
    assert wp.win_prob(0, 1) == wp.ONE and wp.win_prob(0, -1) == 0
    assert wp.win_prob(0, 0) == wp.ONE // 2


def test_bots_give_a_reason_for_clear_moves():
    # partner (seat 0) leads the queen of clubs and is winning: Normal and Hard play low
    g = game_with(["QC 2D", "2C 3D", "AC 3C", "KC 4D"], "2S", 3)
    bids(g, 0x81, BID_PASS, BID_PASS, BID_PASS)
    play(g, "QC", "2C")
    b = Bot(1, 3)
    assert b.choose(g) == parse_card("3C") and b.reason == "partner already winning"
    # the last seat takes an opponent's trick as cheaply as it can
    g = game_with(["QC 2D", "2C 3D", "4C 3C", "AC KC"], "2S", 3)
    bids(g, 0x81, BID_PASS, BID_PASS, BID_PASS)
    play(g, "QC", "2C", "3C")
    for lv in (1, 2):
        b = Bot(lv, 3)
        assert b.choose(g) == parse_card("KC") and b.reason == "cheapest winner", lv
    # void in the suit led, an opponent winning: ruff
    g = game_with(["AC 2D 3S", "8H 3D 2C", "7H 3C 4D", "6H 4C 5D"], "2S", 5)
    bids(g, BID_PASS, 0x82, BID_PASS, BID_PASS)
    play(g, "8H", "7H", "6H")
    b = Bot(1, 3)
    assert b.choose(g) == parse_card("3S") and b.reason == "ruffs"
    # a 1-card deal with the Big Blooper: board, with its reason
    g = game_with(["BB", "2C", "4C", "5C"], "2S", 1)
    b = Bot(2, 1)
    assert b.choose(g) == BID_BOARD and b.reason


def test_brain_modules_stay_small():
    # the board compiles each module on import; its transient heap grows with the source
    import os
    import engine
    d = os.path.dirname(engine.__file__)
    names = [f for f in os.listdir(d) if f.startswith(("bot_backalley", "winprob_backalley"))]
    assert len(names) >= 5
    for f in names:
        assert os.path.getsize(os.path.join(d, f)) <= 12 * 1024, f


def test_hard_samples_worlds_that_fit_the_bids():
    # West bid 6 of 13 and South passed: in the worlds North's Hard plays out, West holds
    # the high cards (uniform deals would give West and East the same on average)
    hands = ["AS KS QS AH KH QH AD KD 3D AC KC 4C 2C",
             "2S 3S 4S 5S LB 3H 4H 2D 4D 5D 3C 5C 6C",
             "6S 7S 8S 5H 6H 7H 6D 7D 8D 7C 8C 9C 10C",
             "9S 10S JS 8H 9H 10H JH 9D 10D JD QD JC QC"]
    g = game_with(hands, "2H", 25)
    bids(g, BID_PASS, 0x80 + 6)
    assert g.turn == 2

    def high(m):
        return sum(((m >> p) & 1) * w for p, w in ((16, 5), (15, 5), (14, 4), (13, 3), (12, 2)))

    diff = []
    for tries in (0, 4):
        b = BackAlleyBrain(2)
        b.obs.read(g)
        b.rng.seed(3)
        b._know()
        assert b.ninf == 2  # South's pass and West's 6; East has not bid
        b._forbid(False)
        b.tries = tries
        d = 0
        for _ in range(300):
            b._sample()
            d += sum(high(b.wm[4 + s]) - high(b.wm[12 + s]) for s in range(4))
        diff.append(d / 300)
    assert abs(diff[0]) < 1.0, diff      # uniform: no side favoured
    assert diff[1] > 2.0, diff           # fitted to the bids: West holds more


def test_hard_searches_within_its_budget_on_every_decision():
    # Hard's work per decision, counted by its brain through Bot (bot.ba.work: card plays
    # simulated in playouts, counted from 0 by each decision's begin()): never over the budget of a bid or a card
    # (the budgets count these plays plus the cost of sampling, so the plays alone stay
    # under them; measured maxima over a 25-, 13- and 7-deal game: 1,560 a bid, 2,496 a
    # card), and a search on every card choice between cards of two suits or more (a joker
    # is a trump; Normal's brain plays no playouts there)
    from engine.bot_backalley_bid import _BID_BUDGET
    from engine.bot_backalley_play import _PLAY_BUDGET
    buf = bytearray(16)
    worst = [0, 0]
    searched = 0
    for s, deals in ((0, 25), (1, 7)):
        g = BackAlley(seed=50 + s, deals=deals, strict_trump_lead=s == 1)
        g.start()
        bots = [Bot(2, 10 * s + i, BackAlley) for i in range(4)]
        while g.phase != PHASE_GAME_OVER:
            if g.turn < 0:
                g.next_deal()
                continue
            b = bots[g.turn]
            b.ba.work = -1  # begin() must start the count again
            phase = g.phase
            suits = {_eff(c, g.trump) for c in buf[:g.legal_moves(buf)]}  # (joker: trump)
            m = b.choose(g)
            work = b.ba.work
            assert work >= 0, work
            assert work <= (_BID_BUDGET if phase == PHASE_BID else _PLAY_BUDGET), (phase, work)
            worst[phase] = max(worst[phase], work)
            if phase == PHASE_PLAY and len(suits) > 1:
                assert work > 0, (s, g.deal_number, hex(m))
                searched += 1
            assert g.play(m) == 0
    assert searched > 100 and min(worst) > 0, (searched, worst)


# ---- strength guards through Bot ---------------------------------------------------------------
def _duplicate_margin(la, lb, pairs):
    """Partnership of level la (two bots) against level lb in duplicate hands: each of `pairs`
    shuffled decks is dealt as the first deal of a 25-deal game (13 cards, from 0 - 0, the
    dealer k % 4) twice, the partnerships swapping seats; returns la's summed points margin
    (its hand points minus the other side's). A seat's bot has the same seed in both halves,
    so equal levels score exactly 0."""
    total = 0
    for k in range(pairs):
        rng = Rng(2000 + k)
        deck = list(ALL)
        for i in range(len(deck) - 1, 0, -1):
            j = rng.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        for a_team in (0, 1):
            g = BackAlley(seed=k, deals=25)
            assert g.start(k % 4, deck) == 0
            bots = [Bot(la if (p & 1) == a_team else lb, 4 * k + p, BackAlley) for p in range(4)]
            while g.phase in (PHASE_BID, PHASE_PLAY):
                assert g.play(bots[g.turn].choose(g)) == 0
            total += g.hand_points(a_team) - g.hand_points(1 - a_team)
    return total


def test_hard_beats_normal_by_points_over_the_same_deals():
    # Measured (tools/ai/duplicate_margins.py ba 2-1 --pairs 160 --block 40, 13-card hands):
    # Hard - Normal +8.8 points a pair (sd 15.3); 40 pairs: +352 expected, sd 97 (blocks of
    # 40: 386 306 408 309; the test plays the first). Bound 120: 2.4 sd under the expectation.
    # Hard handed Normal's brain scores exactly 0 here (a seat's bot keeps its seed in both
    # halves: equal levels play the same hands twice). The bound alone would not separate
    # equal players with other seeds (--other-seeds: Hard - Hard +0.4 a pair, sd 20.4; 40
    # pairs: sd 129): 13-card hands are that noisy. Smaller hands tell the levels apart less
    # (about +2 a pair at 3 to 7 cards, sd 9-11). (~11 s of CPython)
    assert _duplicate_margin(2, 1, 40) >= 120


def test_normal_beats_easy_by_points_over_the_same_deals():
    # Measured (ba 1-0 --pairs 160): Normal - Easy +11.0 a pair (sd 10.3) in 13-card hands;
    # 24 pairs: +264 expected, sd 50 (the test's 24: 288; blocks of 20: 256 188 254 173 181
    # 136 260 313); Easy - Easy with other seeds +0.05 a pair, sd 9.3 (24 pairs: sd 46).
    # Bound 100: 3.3 sd under the expectation, 2.2 sd over equal play; Normal handed Easy's
    # brain scores exactly 0.
    assert _duplicate_margin(1, 0, 24) >= 100


def test_hard_bids_board_on_two_top_trumps_in_a_two_card_hand():
    # 2 cards, trump spades, the ace and king: the board fails only to a blooper in an
    # opponent's hand (about one deal in six). Hard bid 1 before (it asked for 90 % made
    # worlds); the board is worth more (the reference bids it), and Hard leads it
    g = game_with(["AS KS", "2C 3C", "4C 5C", "6C 7C"], "2S", 3)
    for sd in range(4):
        assert Bot(2, sd).choose(g) == BID_BOARD, sd
    # the same cards without a trump among them: a number, not a board
    g = game_with(["AH KH", "2C 3C", "4C 5C", "6C 7C"], "2S", 3)
    for sd in range(4):
        assert Bot(2, sd).choose(g) != BID_BOARD, sd


def test_one_card_deal_worlds_fit_the_bids_made():
    # 1-card deal, trump spades: South and West passed, North bid board. In the worlds East's
    # Hard samples South and West never hold a trump from the 4 up or a side ace (they would
    # have bid board), North always does (uniform deals: about one card in three)
    g = game_with(["3D", "5C", "9S", "KH"], "2S", 1)
    bids(g, BID_PASS, BID_PASS, BID_BOARD)
    assert g.turn == 3

    def strong(wm, q, tr):
        return any((wm[q * 4 + s] >> (4 if s == tr else 14)) for s in range(4))

    for fit in (False, True):
        b = BackAlleyBrain(2)
        b.obs.read(g)
        b.rng.seed(3)
        b._know()
        b._forbid(False)
        seen = [0, 0, 0]
        for _ in range(300):
            if fit:
                deal(b)
            else:
                b._sample()
            for q in range(3):
                seen[q] += strong(b.wm, q, b.tr)
            # one card each, none twice, none of ours, all unseen
            for s in range(4):
                assert b.wm[s] & b.wm[4 + s] == b.wm[s] & b.wm[8 + s] == 0
                assert b.wm[4 + s] & b.wm[8 + s] == 0 and b.wm[12 + s] == b.mine[s]
                assert (b.wm[s] | b.wm[4 + s] | b.wm[8 + s]) & ~b.uns[s] == 0
            assert [sum(bin(b.wm[q * 4 + s]).count("1") for s in range(4))
                    for q in range(3)] == [1, 1, 1]
        if fit:
            assert seen == [0, 0, 300], seen
        else:
            assert all(40 < x < 160 for x in seen), seen


def _last_of(g, lead):
    """_last_deal for any game length: g (in its first deal, as many cards as in its last)
    made its last deal, the side to move `lead` points ahead."""
    h = BackAlley(deals=g.deals)
    h.copy_from(g)
    h.deal_number = h.deals - 1
    t = h.turn & 1
    h.scores[t] = max(lead, 0)
    h.scores[1 - t] = max(-lead, 0)
    return h


def test_hard_bids_a_long_shot_board_when_only_a_board_wins_the_game():
    # 4 cards, trump spades, the last deal, South first to bid with the ace and king of
    # trumps and of hearts: a board fails to a blooper or a heart ruff. 30 behind, no number
    # (at most 3 tricks: 16 points) can catch up and a made board (+40) wins: board. 30
    # ahead, a failed board (-40) loses the game: a number. (Hard asked 90 % made worlds
    # for a board above 2 cards before and bid 2 both ways.)
    g = game_with(["AS KS AH KH", "2C 3C 4C 5C", "6C 7C 8C 9C", "2D 3D 4D 5D"], "2S", 7)
    for sd in range(4):
        assert Bot(2, sd).choose(_last_of(g, -30)) == BID_BOARD, sd
        assert Bot(2, sd).choose(_last_of(g, 30)) not in (BID_BOARD, BID_PASS), sd


def test_hard_first_bidder_passes_a_weak_hand_that_the_partner_bids_after():
    # 3 cards, South first to bid, nothing above a 10 in trumps or an ace: the partner bids
    # after us from his own hand, and the team fails on the sum of both bids, so a 1 from us
    # risks his contract too (Hard counted only our own tricks against our 1 and bid it)
    for hand, up in (("8D 5C 7C", "QC"), ("6D 10S 3C", "AD")):
        g = game_with([hand, "KC JH 4C", "6C 8H 9S", "2D JD 4H"], up, 5)
        for sd in range(6):
            assert Bot(2, sd).choose(g) == BID_PASS, (hand, sd)


def test_hard_doubles_the_partners_board_for_the_game():
    # 2 cards, trump spades, the last deal: North bid board, West passed; East holds the ace
    # of trumps and a side king. 30 behind, the partner's board alone (+20) does not win:
    # double it (+40 made, and we lead the ace). 30 ahead: pass (a failed double loses)
    g = game_with(["3C 4C", "5C 6C", "AS KD", "2D 8D"], "2S", 3)
    bids(g, BID_BOARD, BID_PASS)
    for sd in range(4):
        assert Bot(2, sd).choose(_last_of(g, -30)) == BID_BOARD, sd
        assert Bot(2, sd).choose(_last_of(g, 30)) == BID_PASS, sd


def test_hard_one_card_board_counts_an_opponents_double():
    # 1 card, the only (last) deal, trump spades, South first to bid with the king of trumps,
    # 20 ahead. Passing cannot lose the game (an opponent's board costs 10); a board fails
    # only to the ace or a blooper, but an opponent holding one doubles it and leads: -30,
    # the game lost. Pass. (Hard counted a failed board as -11 and bid it: 18 points more
    # 1-card boards than the reference, which models the double.) 5 behind: board
    g = game_with(["KS", "2C", "4C", "5C"], "2S", 1)
    for sd in range(6):
        assert Bot(2, sd).choose(_last_of(g, 20)) == BID_PASS, sd
        assert Bot(2, sd).choose(_last_of(g, -5)) == BID_BOARD, sd
