"""Back Alley engine: hand-worked stacked-deck scenarios (every expected value worked out by hand)."""
import pytest

from engine.backalley import (
    BackAlley, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE,
    PHASE_BID, PHASE_PLAY, PHASE_HAND_OVER, PHASE_GAME_OVER, BID_PASS, BID_BOARD, NO_TRUMP,
)
from engine.common import (
    LOAD_TOO_SHORT, LOAD_BAD_MAGIC, LOAD_BAD_VERSION, LOAD_BAD_CHECKSUM, LOAD_BAD_DATA,
)
from saveutil import reseal
from engine.cards import parse_card, is_card, NO_CARD, LITTLE_BLOOPER, BIG_BLOOPER, HEARTS, SPADES

ALL = [c for c in range(0x43) if is_card(c)]
P = BID_PASS
B = BID_BOARD


def cards(s):
    return [parse_card(x) for x in s.split()]


def make_deck(dealer, hands, up, repl=None):
    """54 codes that deal `hands` (seat -> 'AS 10C ...') to the seats, then `up`, then `repl`."""
    n = len(hands[0].split())
    deck = [0] * 54
    for s in range(4):
        hs = cards(hands[s])
        assert len(hs) == n
        off = (s - dealer - 1) % 4  # the seat left of the dealer gets deck[0]
        for k, c in enumerate(hs):
            deck[4 * k + off] = c
    deck[4 * n] = parse_card(up)
    used = set(deck[:4 * n + 1])
    rest = [c for c in ALL if c not in used]
    if repl:
        rest.remove(parse_card(repl))
        rest.insert(0, parse_card(repl))
    deck[4 * n + 1:] = rest
    assert sorted(deck) == ALL
    return deck


def new_game(deals, dealer, hands, up, repl=None, strict=False):
    g = BackAlley(seed=7, deals=deals, strict_trump_lead=strict)
    assert g.start(dealer, make_deck(dealer, hands, up, repl)) == OK
    return g


def hand_of(g, p):
    buf = bytearray(16)
    return list(buf[:g.hand(p, buf)])


def legal(g):
    buf = bytearray(16)
    return list(buf[:g.legal_moves(buf)])


def bids(g, *moves):
    for m in moves:
        assert g.play(m) == OK, hex(m)


def plays(g, s):
    for c in cards(s):
        p = g.turn
        assert g.play(c) == OK, (p, s)


def snapshot(g):
    buf = bytearray(256)
    return bytes(buf[:g.save(buf)])


# ---------------------------------------------------------------- construction, schedule

def test_public_constants():
    assert (OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE) == (0, 1, 2, 3, 4)
    assert (PHASE_BID, PHASE_PLAY, PHASE_HAND_OVER, PHASE_GAME_OVER) == (0, 1, 2, 3)
    assert (BID_PASS, BID_BOARD, NO_TRUMP) == (0x80, 0xC0, 15)


@pytest.mark.parametrize("given,expected", [
    (25, 25), (13, 13), (1, 1), (7, 7), (0, 1), (-5, 1), (26, 25), (99, 25), (24, 25), (2, 3),
    (12, 13)])
def test_deals_repaired_to_odd_1_to_25(given, expected):
    g = BackAlley(deals=given)
    assert g.deals == expected
    assert g.cards_per_hand == (expected + 1) // 2


def test_not_started():
    g = BackAlley()
    assert g.turn == -1 and g.winner == -1 and g.dealer == -1
    assert g.play(BID_PASS) == ERR_PHASE
    assert g.next_deal() == ERR_PHASE
    assert g.legal_moves(bytearray(16)) == 0
    assert g.undealt_n == 54


def play_whole_game(g):
    """Seat left of the dealer bids board, the others pass; first legal card. Returns sizes."""
    sizes = []
    buf = bytearray(16)
    while True:
        sizes.append((g.deal_number, g.cards_per_hand))
        assert g.hand_size(0) == g.cards_per_hand
        bids(g, B, P, P, P)
        while g.phase == PHASE_PLAY:
            n = g.legal_moves(buf)
            assert g.play(buf[0]) == OK
        if g.phase == PHASE_GAME_OVER:
            return sizes
        assert g.next_deal() == OK


def test_25_deal_schedule():
    g = BackAlley(seed=3)
    assert g.start(0) == OK
    sizes = play_whole_game(g)
    assert [s for _, s in sizes] == [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                                     2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    assert [d for d, _ in sizes] == list(range(25))
    assert g.turn == -1 and g.winner in (0, 1, 2)
    assert g.next_deal() == ERR_PHASE


def test_13_deal_schedule():
    g = BackAlley(seed=4, deals=13)
    assert g.start(2) == OK
    sizes = play_whole_game(g)
    assert [s for _, s in sizes] == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]


def test_dealer_passes_clockwise_and_random_first_dealer():
    g = BackAlley(seed=11, deals=5)
    assert g.start() == OK
    d0 = g.dealer
    assert 0 <= d0 <= 3
    seen = {d0}
    for k in range(1, 5):
        bids(g, B, P, P, P)
        buf = bytearray(16)
        while g.phase == PHASE_PLAY:
            g.legal_moves(buf)
            g.play(buf[0])
        if g.phase == PHASE_GAME_OVER:
            break
        assert g.next_deal() == OK
        assert g.dealer == (d0 + k) % 4
        seen.add(g.dealer)
    dealers = set()
    for seed in range(40):
        h = BackAlley(seed=seed)
        h.start()
        dealers.add(h.dealer)
    assert dealers == {0, 1, 2, 3}


# ---------------------------------------------------------------- dealing, up-card, jokers

def test_dealing_starts_left_of_dealer():
    deck = make_deck(2, ["2C 3C", "4C 5C", "6C 7C", "8C 9C"], "KH")
    # dealer 2: seat 3 gets deck[0], seat 0 deck[1], seat 1 deck[2], seat 2 deck[3], ...
    assert deck[:9] == cards("8C 2C 4C 6C 9C 3C 5C 7C KH")
    g = BackAlley(deals=3)
    assert g.start(2, deck) == OK
    assert hand_of(g, 0) == cards("2C 3C")
    assert hand_of(g, 3) == cards("8C 9C")
    assert g.upcard == parse_card("KH") and g.trump == HEARTS
    assert g.dealer == 2 and g.turn == 3 and g.phase == PHASE_BID
    assert g.cards_per_hand == 2 and g.deal_number == 0 and g.discarded == NO_CARD
    assert g.undealt_n == 45
    assert g.leader == -1 and g.last_winner == -1 and g.last_trick_card(0) == NO_CARD


def test_deck_as_bytes_tuple_bytearray():
    deck = make_deck(0, ["AS", "KS", "QS", "JS"], "2D")
    for d in (bytes(deck), tuple(deck), bytearray(deck), deck):
        g = BackAlley(deals=1)
        assert g.start(0, d) == OK
        assert hand_of(g, 0) == [parse_card("AS")] and hand_of(g, 1) == [parse_card("KS")]
        assert g.trump == 1


def test_joker_upcard_other_joker_replaced():
    # Big Blooper turned up; West holds the Little Blooper: it is discarded, 9H takes its slot.
    g = new_game(3, 0, ["2C 3C", "4C LB", "6C 7C", "8C 9C"], "BB", repl="9H")
    assert g.upcard == BIG_BLOOPER and g.trump == NO_TRUMP
    assert hand_of(g, 1) == cards("4C 9H")
    assert g.discarded == LITTLE_BLOOPER
    assert g.undealt_n == 54 - 8 - 1 - 1  # dealt, up-card, replacement
    undealt = set(g.undealt[:g.undealt_n])
    assert parse_card("9H") not in undealt and LITTLE_BLOOPER not in undealt


def test_little_blooper_up_big_replaced():
    g = new_game(3, 3, ["BB 3C", "4C 5C", "6C 7C", "8C 9C"], "LB", repl="AS")
    assert g.trump == NO_TRUMP
    assert hand_of(g, 0) == cards("AS 3C")
    assert g.discarded == BIG_BLOOPER


def test_joker_upcard_other_joker_not_dealt():
    g = new_game(3, 0, ["2C 3C", "4C 5C", "6C 7C", "8C 9C"], "BB", repl="9H")
    assert g.trump == NO_TRUMP and g.discarded == NO_CARD
    assert hand_of(g, 1) == cards("4C 5C")
    undealt = set(g.undealt[:g.undealt_n])
    assert LITTLE_BLOOPER in undealt and parse_card("9H") in undealt
    assert g.undealt_n == 54 - 8 - 1


def test_no_trump_hand_plays_follow_suit_and_highest_of_led_suit_wins():
    # Joker up: nothing is trump; spades are an ordinary suit.
    g = new_game(3, 3, ["AS 2C", "KD 3S", "QS 4S", "5C 6C"], "LB")
    bids(g, 0x81, P, P, P)
    assert legal(g) == cards("AS 2C")  # no trump suit, nothing to refuse
    plays(g, "2C")
    assert legal(g) == cards("KD 3S")  # void in clubs: anything
    plays(g, "3S QS")
    assert legal(g) == cards("5C 6C")
    plays(g, "5C")
    assert g.last_winner == 3  # 5C beats 2C; spades are not trumps
    plays(g, "6C AS KD 4S")
    assert g.last_winner == 3


# ---------------------------------------------------------------- bidding

def test_bid_range_hand_of_one():
    g = new_game(1, 3, ["AS", "KS", "QS", "JS"], "2D")
    assert legal(g) == [P, B]
    assert g.play(0x81) == ERR_ILLEGAL
    assert g.play(0x8D) == ERR_ILLEGAL
    assert g.play(0x8E) == ERR_BAD_MOVE
    assert g.play(0xC1) == ERR_BAD_MOVE
    assert g.play(0x7F) == ERR_BAD_MOVE


def test_bid_range_13_and_7():
    g = BackAlley(seed=1)
    g.start(0)
    assert legal(g) == [P] + list(range(0x81, 0x8D)) + [B]
    assert g.play(0x8D) == ERR_ILLEGAL
    assert g.play(0x8C) == OK and g.bid(1) == 0x8C
    g = BackAlley(seed=1, deals=13)
    g.start(0)
    assert legal(g) == [P, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, B]
    assert g.play(0x87) == ERR_ILLEGAL
    # bids need not go up
    bids(g, 0x86, 0x81, P)
    assert g.bid(1) == 0x86 and g.bid(2) == 0x81 and g.bid(3) == P and g.bid(0) == 0
    assert g.turn == 0


def test_board_levels_double_triple_quadruple():
    g = new_game(1, 3, ["AS", "3C", "4C", "5C"], "2S")
    bids(g, B)
    assert g.board_level(0) == 1
    bids(g, B, B, B)
    assert [g.board_level(p) for p in range(4)] == [1, 2, 3, 4]
    assert [g.bid(p) for p in range(4)] == [B] * 4
    assert g.leader == 3 and g.turn == 3  # the latest board leads


def board_deal(ace_seat):
    hands = ["3C", "4C", "5C", "6C"]
    hands[ace_seat] = "AS"
    return new_game(1, 3, hands, "2S")  # dealer 3: seat 0 bids first; AS is the only trump


@pytest.mark.parametrize("bidseq,ace,levels,leader,pts", [
    ((B, P, P, P), 0, [1, 0, 0, 0], 0, (10, 0)),       # single board made
    ((P, B, P, P), 0, [0, 1, 0, 0], 1, (1, -10)),      # single board failed; pass team +1 trick
    ((B, B, P, P), 0, [1, 2, 0, 0], 1, (10, -20)),     # double board failed
    ((P, B, B, P), 0, [0, 1, 2, 0], 2, (20, -10)),     # double board made (team level 2)
    ((B, B, B, P), 0, [1, 2, 3, 0], 2, (30, -20)),     # triple made by team 0 (max 1, 3)
    ((B, B, B, P), 1, [1, 2, 3, 0], 2, (-30, 20)),     # triple failed
    ((B, B, B, B), 3, [1, 2, 3, 4], 3, (-30, 40)),     # quadruple made
    ((B, B, B, B), 0, [1, 2, 3, 4], 3, (30, -40)),     # quadruple failed
])
def test_board_scoring_levels(bidseq, ace, levels, leader, pts):
    g = board_deal(ace)
    bids(g, *bidseq)
    assert [g.board_level(p) for p in range(4)] == levels
    assert g.phase == PHASE_PLAY and g.leader == leader and g.turn == leader
    for _ in range(4):
        buf = bytearray(16)
        assert g.legal_moves(buf) == 1  # one card each; leading the lone trump is allowed
        assert g.play(buf[0]) == OK
    assert g.last_winner == ace and g.tricks(ace) == 1
    assert (g.hand_points(0), g.hand_points(1)) == pts
    assert (g.team_score(0), g.team_score(1)) == pts
    assert g.phase == PHASE_GAME_OVER and g.turn == -1
    assert g.winner == (0 if pts[0] > pts[1] else 1)


# ---------------------------------------------------------------- all pass

def test_all_pass_redeal_same_size_dealer_moves():
    g = BackAlley(seed=5, deals=3)
    assert g.start(0) == OK
    assert g.cards_per_hand == 2 and g.turn == 1
    bids(g, P, P, P, P)
    assert g.phase == PHASE_HAND_OVER and g.turn == -1
    assert g.redeals == 1 and g.deal_number == 0
    assert (g.hand_points(0), g.hand_points(1)) == (0, 0)
    assert g.play(P) == ERR_PHASE
    assert g.next_deal() == OK
    assert g.dealer == 1 and g.cards_per_hand == 2 and g.deal_number == 0
    assert g.phase == PHASE_BID and g.turn == 2 and g.bid(1) == 0
    bids(g, P, P, P, P)
    assert g.redeals == 2
    assert g.next_deal() == OK
    assert g.dealer == 2 and g.cards_per_hand == 2 and g.deal_number == 0
    bids(g, P, B, P, P)  # seat 0 bids board
    buf = bytearray(16)
    while g.phase == PHASE_PLAY:
        g.legal_moves(buf)
        assert g.play(buf[0]) == OK
    assert g.phase == PHASE_HAND_OVER
    assert g.next_deal() == OK
    assert g.dealer == 3 and g.cards_per_hand == 1 and g.deal_number == 1 and g.redeals == 2


def test_all_pass_on_last_deal_redeals():
    g = new_game(1, 3, ["AS", "3C", "4C", "5C"], "2S")
    bids(g, P, P, P, P)
    assert g.phase == PHASE_HAND_OVER and g.winner == -1  # not game over: the deal is replayed
    assert g.next_deal(make_deck(0, ["AS", "3C", "4C", "5C"], "2S")) == OK
    assert g.dealer == 0 and g.turn == 1 and g.cards_per_hand == 1
    bids(g, P, P, P, B)  # seat 0 bids board last
    plays(g, "AS 3C 4C 5C")
    assert g.phase == PHASE_GAME_OVER and g.team_score(0) == 10 and g.winner == 0


# ---------------------------------------------------------------- first leader

@pytest.mark.parametrize("bidseq,leader", [
    ((0x81, 0x81, P, P), 2),      # tie on numbers: the first bidder (order 2, 3, 0, 1)
    ((0x81, B, 0x81, P), 3),      # board beats numbers
    ((B, 0x81, B, P), 0),         # the latest board (double) beats the first
    ((B, B, B, 0x81), 0),         # triple board
    ((P, P, P, 0x81), 1),
])
def test_first_leader(bidseq, leader):
    g = BackAlley(seed=2, deals=3)
    g.start(1)
    bids(g, *bidseq)
    assert g.leader == leader and g.turn == leader and g.phase == PHASE_PLAY


def test_first_leader_higher_number_and_ties():
    g = BackAlley(seed=2, deals=7)  # 4 cards: bids 1..3
    g.start(3)  # order 0, 1, 2, 3
    bids(g, 0x81, 0x83, 0x83, 0x82)
    assert g.leader == 1


# ---------------------------------------------------------------- leading trump

TRUMP_LEAD_HANDS = ["5C AH 7D 9S", "3H KD 6H 10S", "2C QD 9D JS", "AC AD 5H QS"]


def test_trump_lead_refused_then_allowed_after_broken():
    g = new_game(7, 3, TRUMP_LEAD_HANDS, "2H")
    bids(g, 0x81, P, P, P)
    assert g.leader == 0
    assert legal(g) == cards("5C 7D 9S")
    before = snapshot(g)
    assert g.play(parse_card("AH")) == ERR_ILLEGAL
    assert snapshot(g) == before
    plays(g, "5C")
    assert legal(g) == cards("3H KD 6H 10S")   # West is void in clubs
    plays(g, "3H")
    assert legal(g) == cards("2C")             # North must follow
    assert g.play(parse_card("QD")) == ERR_ILLEGAL
    plays(g, "2C")
    assert legal(g) == cards("AC")
    plays(g, "AC")
    assert g.last_winner == 1 and g.broken      # the trump beats the led suit
    assert g.last_leader == 0 and [g.last_trick_card(i) for i in range(4)] == cards("5C 3H 2C AC")
    assert legal(g) == cards("KD 6H 10S")       # broken (and West trumped)
    plays(g, "KD")
    assert legal(g) == cards("QD 9D")
    plays(g, "QD AD 7D")
    assert g.last_winner == 3
    assert legal(g) == cards("5H QS")           # East never trumped, but trumps are broken
    plays(g, "5H")
    assert legal(g) == cards("AH")              # trump led: follow trump
    plays(g, "AH")
    assert legal(g) == cards("6H")
    plays(g, "6H JS")
    assert g.last_winner == 0
    plays(g, "9S 10S 9D QS")
    assert g.last_winner == 3
    assert [g.tricks(p) for p in range(4)] == [1, 1, 0, 2]
    # team 0 bid 1 and took 1: +5; team 1 both passed, took 3: +3
    assert (g.hand_points(0), g.hand_points(1)) == (5, 3)
    assert g.phase == PHASE_HAND_OVER and g.turn == -1 and g.leader == 3


def test_strict_trump_lead_needs_own_earlier_trump():
    g = new_game(7, 3, TRUMP_LEAD_HANDS, "2H", strict=True)
    bids(g, 0x81, P, P, P)
    assert legal(g) == cards("5C 7D 9S")
    plays(g, "5C 3H 2C AC")
    assert legal(g) == cards("KD 6H 10S")       # West trumped in trick 1: may lead trump
    plays(g, "KD QD AD 7D")
    assert g.last_winner == 3 and g.broken
    assert legal(g) == cards("QS")              # East has not trumped himself yet
    assert g.play(parse_card("5H")) == ERR_ILLEGAL
    plays(g, "QS 9S 10S JS")
    assert g.last_winner == 3
    assert legal(g) == cards("5H")              # only trumps left: always allowed
    plays(g, "5H AH 6H 9D")
    assert g.last_winner == 0
    assert (g.hand_points(0), g.hand_points(1)) == (5, 3)


def test_board_bidder_may_lead_trump_first_trick():
    g = new_game(3, 3, ["5C AH", "2C 3C", "4C 6C", "7C 8C"], "2H")
    bids(g, B, P, P, P)
    assert legal(g) == cards("5C AH")
    g = new_game(3, 3, ["5C AH", "2C 3C", "4C 6C", "7C 8C"], "2H")
    bids(g, 0x81, P, P, P)
    assert legal(g) == cards("5C")
    g = new_game(3, 3, ["5C AH", "2C 3C", "4C 6C", "7C 8C"], "2H", strict=True)
    bids(g, B, P, P, P)
    assert legal(g) == cards("5C AH")


def test_only_trumps_may_lead_trump():
    for strict in (False, True):
        g = new_game(3, 3, ["KH LB", "2C 3C", "4C 6C", "7C 8C"], "2H", strict=strict)
        bids(g, 0x81, P, P, P)
        assert legal(g) == cards("KH LB")
        plays(g, "LB")
        assert g.trick_size == 1 and g.trick_card(0) == LITTLE_BLOOPER


# ---------------------------------------------------------------- following, bloopers

def test_jokers_follow_as_trumps_not_as_led_suit():
    # Trump hearts. South leads 5H (only trumps... 5H + QH): West holds BB and clubs: must play BB.
    g = new_game(3, 3, ["5H QH", "BB 2C", "4C 5S", "7C 8C"], "2H")
    bids(g, 0x81, P, P, P)
    plays(g, "5H")
    assert legal(g) == [BIG_BLOOPER]
    assert g.play(parse_card("2C")) == ERR_ILLEGAL
    plays(g, "BB")
    assert legal(g) == cards("4C 5S")            # North: no trump
    plays(g, "5S 7C")
    assert g.last_winner == 1
    # West leads 2C: North must follow clubs, South (only QH) anything
    plays(g, "2C")
    assert legal(g) == cards("4C")
    # a club led and a joker in hand with a club: the joker is not a club
    g = new_game(3, 3, ["5C QS", "BB 2C", "4C 5S", "7C 8C"], "2H")
    bids(g, 0x81, P, P, P)
    plays(g, "5C")
    assert legal(g) == cards("2C")
    g = new_game(3, 3, ["5C QS", "BB 2D", "4C 5S", "7C 8C"], "2H")
    bids(g, 0x81, P, P, P)
    plays(g, "5C")
    assert legal(g) == cards("BB 2D")            # void in clubs: anything, joker included
    plays(g, "BB 4C 7C")
    assert g.last_winner == 1


def test_big_blooper_led_forces_highest_trump():
    g = new_game(5, 3, ["BB 5C 6C", "2H KH 7D", "3H LB AH", "4C 5D 8S"], "10H")
    bids(g, B, P, P, P)
    assert legal(g) == cards("BB 5C 6C")         # board bidder may lead trump
    plays(g, "BB")
    assert legal(g) == cards("KH")
    assert g.play(parse_card("2H")) == ERR_ILLEGAL
    assert g.play(parse_card("7D")) == ERR_ILLEGAL
    plays(g, "KH")
    assert legal(g) == [LITTLE_BLOOPER]          # LB outranks AH
    assert g.play(parse_card("AH")) == ERR_ILLEGAL
    plays(g, "LB")
    assert legal(g) == cards("4C 5D 8S")         # no trump: any card
    plays(g, "8S")
    assert g.last_winner == 0 and g.tricks(0) == 1


def test_little_blooper_led_forces_lowest_trump():
    g = new_game(5, 3, ["LB 5C 6C", "2H KH 7D", "3H BB AH", "4C 5D 8S"], "10H")
    bids(g, B, P, P, P)
    plays(g, "LB")
    assert legal(g) == cards("2H")
    assert g.play(parse_card("KH")) == ERR_ILLEGAL
    plays(g, "2H")
    assert legal(g) == cards("3H")               # the lowest, though BB is held
    assert g.play(BIG_BLOOPER) == ERR_ILLEGAL
    plays(g, "3H")
    assert legal(g) == cards("4C 5D 8S")
    plays(g, "5D")
    assert g.last_winner == 0


def test_trick_winner_trump_order_and_off_suit():
    # trump spades; South leads 2C and only the clubs and trumps count.
    g = new_game(5, 3, ["2C 5S 2D", "AD 4S 3D", "3C LB 4D", "KH BB 5D"], "10S")
    bids(g, B, P, P, P)
    plays(g, "2C AD 3C KH")                      # off-suit aces and kings never win
    assert g.last_winner == 2
    # North leads LB (North did not bid board, but trumps are not broken... LB is trump)
    assert g.play(LITTLE_BLOOPER) == ERR_ILLEGAL
    plays(g, "4D 5D 2D 3D")
    assert g.last_winner == 3
    # East leads BB: board? No: East passed; only trumps left (BB) -> allowed
    plays(g, "BB")
    assert legal(g) == cards("5S")
    plays(g, "5S 4S LB")
    assert g.last_winner == 3
    assert [g.tricks(p) for p in range(4)] == [0, 0, 1, 2]
    # South bid board and took none: -30; West/East passed: +2
    assert (g.hand_points(0), g.hand_points(1)) == (-30, 2)


def test_trump_beats_ace_of_led_suit_and_ace_of_trump_loses_to_bloopers():
    g = new_game(5, 3, ["AH 2C 3C", "LB 4C 5C", "BB 6C 7C", "AC 8C 9C"], "10H")
    bids(g, 0x81, P, P, P)
    plays(g, "2C 4C 6C AC")
    assert g.last_winner == 3
    plays(g, "8C 3C 5C 7C")
    assert g.last_winner == 3
    plays(g, "9C")
    assert legal(g) == cards("AH")
    plays(g, "AH LB BB")  # a club led: trumps beat it, BB > LB > A of trump
    assert g.last_winner == 2
    assert [g.tricks(p) for p in range(4)] == [0, 0, 1, 2]
    # South bid 1, North passed: contract 1, took 1: +5; East/West passed: +2
    assert (g.hand_points(0), g.hand_points(1)) == (5, 2)


# ---------------------------------------------------------------- a full 13-card hand

FULL_HANDS = [
    "4H 7H 10H 3S AS KS QS AD KD QD JD 10D 9D",        # South
    "AH KH QH JH 4S 7S 10S 8D 7D 6D 5D 4D 3D",         # West
    "2H 5H 8H 2C 5S 8S JS AC KC QC JC 10C 9C",         # North
    "3H 6H 9H 3C 6S 9S BB 8C 7C 6C 5C 4C 2D",          # East
]


def test_full_13_card_hand():
    g = BackAlley(seed=1)
    deck = make_deck(0, FULL_HANDS, "2S", repl="LB")
    assert g.start(0, deck) == OK
    assert g.cards_per_hand == 13 and g.trump == SPADES and g.undealt_n == 1
    assert g.undealt[0] == LITTLE_BLOOPER
    assert g.turn == 1
    bids(g, 0x84, P, 0x84, 0x82)  # West 4, North pass, East 4, South 2
    assert g.leader == 1  # 4 and 4: West bid it first
    assert legal(g) == cards("AH KH QH JH 8D 7D 6D 5D 4D 3D")  # no spade lead yet
    assert g.play(parse_card("4S")) == ERR_ILLEGAL
    tricks = [
        ("AH 2H 3H 4H", 1), ("KH 5H 6H 7H", 1), ("QH 8H 9H 10H", 1),
        ("JH 2C 3C 3S", 0),   # South trumps: broken
        ("AS 4S 5S 6S", 0), ("KS 7S 8S 9S", 0), ("QS 10S JS BB", 3),
        ("8C 9D 3D AC", 2), ("KC 7C 10D 4D", 2), ("QC 6C JD 5D", 2), ("JC 5C QD 6D", 2),
        ("10C 4C KD 7D", 2), ("9C 2D AD 8D", 2),
    ]
    for k, (t, w) in enumerate(tricks):
        leader = g.turn
        plays(g, t)
        assert g.last_leader == leader and g.last_winner == w, k
        assert [g.last_trick_card(i) for i in range(4)] == cards(t)
    assert [g.tricks(p) for p in range(4)] == [3, 3, 6, 1]
    # team 0: contract 2, took 9: 10 + 7 = 17.  team 1: contract 8, took 4: -40.
    assert (g.hand_points(0), g.hand_points(1)) == (17, -40)
    assert (g.team_score(0), g.team_score(1)) == (17, -40)
    assert g.phase == PHASE_HAND_OVER and g.turn == -1
    assert g.next_deal() == OK
    assert g.cards_per_hand == 12 and g.dealer == 1 and g.deal_number == 1
    assert g.last_winner == -1 and g.last_leader == -1 and g.last_trick_card(0) == NO_CARD
    assert [g.tricks(p) for p in range(4)] == [0, 0, 0, 0]
    assert (g.hand_points(0), g.hand_points(1)) == (17, -40)  # the last finished hand


def test_numeric_contract_made_exactly_and_both_pass_team():
    # deals 5, first hand 3 cards, trump diamonds.  South 1 + North 1 = contract 2.
    g = new_game(5, 3, ["AC AS 2H", "2C 3S 3H", "3C 4S 4H", "4C 5S AH"], "2D")
    bids(g, 0x81, P, 0x81, P)
    assert g.leader == 0
    plays(g, "AC 2C 3C 4C AS 3S 4S 5S 2H 3H 4H AH")
    assert [g.tricks(p) for p in range(4)] == [2, 0, 0, 1]
    assert (g.hand_points(0), g.hand_points(1)) == (10, 1)


# ---------------------------------------------------------------- end of game

def test_drawn_game():
    g = new_game(3, 0, ["2C 3C", "4C 5C", "AH KH", "6C 7C"], "2H")
    bids(g, P, B, P, P)          # order 1, 2, 3, 0: North boards
    assert g.leader == 2
    plays(g, "AH 6C 2C 4C KH 7C 3C 5C")
    assert (g.hand_points(0), g.hand_points(1)) == (20, 0)
    assert g.next_deal(make_deck(1, ["2C", "3C", "4C", "AH"], "2H")) == OK
    bids(g, P, B, P, P)          # order 2, 3, 0, 1: East boards
    plays(g, "AH 2C 3C 4C")
    assert (g.team_score(0), g.team_score(1)) == (20, 10)
    assert g.phase == PHASE_HAND_OVER
    assert g.next_deal(make_deck(2, ["2C 3C", "4C 5C", "6C 7C", "AH KH"], "2H")) == OK
    bids(g, 0x81, P, 0x81, P)    # order 3, 0, 1, 2: East 1, West 1; East bid first
    assert g.leader == 3
    assert legal(g) == cards("AH KH")  # only trumps
    plays(g, "AH 2C 4C 6C KH 3C 5C 7C")
    assert (g.hand_points(0), g.hand_points(1)) == (0, 10)
    assert (g.team_score(0), g.team_score(1)) == (20, 20)
    assert g.phase == PHASE_GAME_OVER and g.winner == 2 and g.turn == -1
    assert g.next_deal() == ERR_PHASE
    assert g.play(parse_card("AH")) == ERR_PHASE


# ---------------------------------------------------------------- errors

def test_error_codes_and_refusals_change_nothing():
    g = new_game(5, 3, ["AH 2C 3C", "BB 4C 5C", "LB 6C 7C", "AC 8C 9C"], "10H")
    before = snapshot(g)
    assert g.play(-1) == ERR_BAD_MOVE
    assert g.play(256) == ERR_BAD_MOVE
    assert g.play(1 << 40) == ERR_BAD_MOVE
    assert g.play(0) == ERR_BAD_MOVE
    assert g.play(0x0E) == ERR_BAD_MOVE
    assert g.play(0x43) == ERR_BAD_MOVE
    assert g.play(0x8E) == ERR_BAD_MOVE
    assert g.play(parse_card("KS")) == ERR_NOT_IN_HAND    # during bidding too
    assert g.play(parse_card("AH")) == ERR_ILLEGAL         # a card during bidding
    assert g.play(0x83) == ERR_ILLEGAL                     # out of range for 3 cards
    assert snapshot(g) == before
    bids(g, 0x81, P, P, P)
    before = snapshot(g)
    assert g.play(P) == ERR_ILLEGAL                        # a bid during play
    assert g.play(B) == ERR_ILLEGAL
    assert g.play(parse_card("BB")) == ERR_NOT_IN_HAND
    assert g.play(parse_card("AH")) == ERR_ILLEGAL         # trump lead
    assert g.next_deal() == ERR_PHASE
    assert snapshot(g) == before
    codes = {}
    for m in range(-3, 300):
        r = g.play(m) if m not in cards("2C 3C") else None
        codes[m] = r
        assert snapshot(g) == before
    assert codes[parse_card("AH")] == ERR_ILLEGAL and codes[0x4F] == ERR_BAD_MOVE


def test_start_and_next_deal_bad_input():
    g = BackAlley(deals=3)
    good = make_deck(0, ["2C 3C", "4C 5C", "6C 7C", "8C 9C"], "KH")
    before = snapshot(g)
    assert g.start(0, good[:53]) == ERR_BAD_MOVE
    dup = list(good)
    dup[5] = dup[6]
    assert g.start(0, dup) == ERR_BAD_MOVE
    bad = list(good)
    bad[0] = 0x0E
    assert g.start(0, bad) == ERR_BAD_MOVE
    assert g.start(4, good) == ERR_BAD_MOVE
    assert g.start(-2) == ERR_BAD_MOVE
    assert snapshot(g) == before
    assert g.start(0, good) == OK
    bids(g, P, P, P, P)
    before = snapshot(g)
    assert g.next_deal(dup) == ERR_BAD_MOVE
    assert snapshot(g) == before


def test_next_deal_wrong_phase():
    g = BackAlley(deals=3)
    assert g.next_deal() == ERR_PHASE
    g.start(0)
    assert g.next_deal() == ERR_PHASE       # bidding
    bids(g, B, P, P, P)
    assert g.next_deal() == ERR_PHASE       # playing


# ---------------------------------------------------------------- save / load

def mid_game():
    g = new_game(7, 3, TRUMP_LEAD_HANDS, "2H")
    bids(g, 0x81, P, P, P)
    plays(g, "5C 3H 2C AC KD QD")
    return g


def test_save_layout_and_roundtrip():
    g = mid_game()
    s = snapshot(g)
    assert s[:3] == b"BA\x01" and s[3] == len(s) and len(s) <= 256
    h = BackAlley(seed=99, deals=25)
    assert h.load(s) == OK
    assert snapshot(h) == s
    assert h.load(memoryview(bytearray(s) + b"junk")) == OK
    assert h.turn == 3 and h.leader == 1 and h.trick_size == 2 and h.broken
    assert h.deals == 7 and h.tricks(1) == 1 and h.last_winner == 1
    assert hand_of(h, 3) == cards("AD 5H QS")
    assert legal(h) == cards("AD")
    # both continue identically
    for m in cards("AD 7D 5H AH 6H JS"):
        assert g.play(m) == OK and h.play(m) == OK
        assert snapshot(g) == snapshot(h)


def test_copy_from():
    g = mid_game()
    h = BackAlley(seed=5, deals=25, strict_trump_lead=True)
    h.copy_from(g)
    assert snapshot(h) == snapshot(g)
    skip = ("rng", "seen", "deck")
    for name, v in vars(g).items():
        if name not in skip:
            assert getattr(h, name) == v, name
    assert (h.rng.hi, h.rng.lo) == (g.rng.hi, g.rng.lo)
    assert h.play(parse_card("AD")) == OK
    assert snapshot(h) != snapshot(g)


def test_save_roundtrip_every_phase():
    g = BackAlley(seed=8, deals=3, strict_trump_lead=True)
    h = BackAlley()
    assert h.load(snapshot(g)) == OK and snapshot(h) == snapshot(g)  # never started
    assert h.turn == -1 and h.strict
    g.start()
    bids(g, P, P, P, P)  # all-pass hand over
    assert h.load(snapshot(g)) == OK and snapshot(h) == snapshot(g)
    assert h.redeals == 1 and h.phase == PHASE_HAND_OVER
    g.next_deal()
    bids(g, B, P)
    assert h.load(snapshot(g)) == OK and snapshot(h) == snapshot(g)
    assert h.turn == g.turn and h.board_level((g.dealer + 1) % 4) == 1
    play_rest(g, h)
    assert g.phase == PHASE_GAME_OVER and h.winner == g.winner


def play_rest(g, h):
    buf = bytearray(16)
    while g.phase != PHASE_GAME_OVER:
        if g.phase == PHASE_HAND_OVER:
            assert g.next_deal() == OK
        elif g.phase == PHASE_BID:
            g.play(B if g.n_bids == 0 else P)
        else:
            g.legal_moves(buf)
            g.play(buf[0])
        assert h.load(snapshot(g)) == OK and snapshot(h) == snapshot(g)
        assert (h.turn, h.leader, h.last_winner, h.winner) == (g.turn, g.leader, g.last_winner,
                                                              g.winner)


def test_load_refuses_truncated_and_corrupt_and_leaves_game_unchanged():
    s = snapshot(mid_game())
    h = BackAlley(seed=3, deals=5)
    h.start(1)
    bids(h, 0x81)
    before = snapshot(h)
    for k in range(len(s)):
        assert h.load(s[:k]) == LOAD_TOO_SHORT
    assert h.load(b"") == LOAD_TOO_SHORT
    for i in range(len(s)):
        for delta in range(1, 256):
            bad = bytearray(s)
            bad[i] ^= delta
            assert h.load(bad) != OK, (i, delta)
    assert snapshot(h) == before
    bad = bytearray(s)
    bad[2] = 2
    assert h.load(bad) == LOAD_BAD_VERSION
    bad = bytearray(s)
    bad[0:2] = b"AC"
    assert h.load(bad) == LOAD_BAD_MAGIC
    bad = bytearray(s)
    bad[10] ^= 0x01
    assert h.load(bad) == LOAD_BAD_CHECKSUM
    assert snapshot(h) == before


def test_load_refuses_semantically_bad_data():
    g = mid_game()
    s = snapshot(g)
    h = BackAlley()
    before = snapshot(h)
    n = s[3]
    hdr = 35
    edits = {
        "even deals": (4, 6),
        "deals 27": (4, 27),
        "bad flags": (5, 4),
        "rng zero": None,
        "phase 4": (10, 4),
        "phase bid with 4 bids": (10, PHASE_BID),
        "phase hand over mid hand": (10, PHASE_HAND_OVER),
        "dealer 4": (11, 4),
        "deal number past end": (12, 7),
        "deal number other size": (12, 1),
        "up-card not a card": (16 - 1, 0x0E),
        "discarded without joker up": (16, LITTLE_BLOOPER),
        "bid out of range": (17, 0x84),
        "bid not a bid": (18, 0x7F),
        "bid gap": (20, 0),
        "score too big": (22, 0x7F),
        "hand count": (29, 2),
        "trick size": (33, 3),
        "played count": (34, 8),
        "duplicate card": (hdr + 1, s[hdr]),
        "not a card": (hdr, 0x43),
        "up-card in a hand": (hdr, parse_card("2H")),
    }
    for name, e in edits.items():
        bad = bytearray(s)
        if e is None:
            bad[6:10] = b"\0\0\0\0"
        else:
            bad[e[0]] = e[1]
        reseal(bad)
        assert h.load(bad) == LOAD_BAD_DATA, name
        assert snapshot(h) == before, name
    ok = bytearray(s)
    reseal(ok)
    assert h.load(ok) == OK


def test_load_refuses_wrong_points_at_hand_over():
    g = new_game(3, 3, ["5C AH", "2C 3C", "4C 9C", "7C 8C"], "2H")
    bids(g, B, P, P, P)
    plays(g, "AH 2C 4C 7C 5C 3C 9C 8C")  # North's 9C takes the second trick: board made
    assert g.phase == PHASE_HAND_OVER and g.hand_points(0) == 20
    s = snapshot(g)
    h = BackAlley()
    assert h.load(s) == OK
    bad = bytearray(s)
    bad[25] = 21
    reseal(bad)
    assert h.load(bad) == LOAD_BAD_DATA
    bad = bytearray(s)
    bad[17] = 0x81  # South's board becomes a 1: the bidding order no longer makes this result
    reseal(bad)
    assert h.load(bad) == LOAD_BAD_DATA
