"""Alley Cat engine: hand-worked stacked-deck scenarios (every expected value worked out by hand
from docs/RULES.md, not copied from the engine)."""
import pytest

from engine.alleycat import (
    AlleyCat, OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE,
    PHASE_PLAY, PHASE_ROUND_OVER, PHASE_GAME_OVER,
)
from engine.cards import parse_card, card_name, NO_CARD, ALLEY_CAT
from engine.common import (
    checksum16, LOAD_TOO_SHORT, LOAD_BAD_MAGIC, LOAD_BAD_VERSION, LOAD_BAD_CHECKSUM,
    LOAD_BAD_DATA,
)
from engine.rng import Rng
from saveutil import reseal


def cards(names):
    return [parse_card(x) for x in names.split()]


# Ranking low -> high, written out from RULES.md.
RANKED = cards("AS AC 2S 2C 3S 3C 4S 4C 5S 5C 5D 6S 6C 7S 7C 8S 8C 9S 9C 10S 10C "
               "JS JC QS QC KS KC")


def stack(nondealer, dealer, stock_top=""):
    """Deck in dealing order: the two six-card hands interleaved (non-dealer first), then the
    named stock cards, then every other card in ranking order."""
    nd, dl, top = cards(nondealer), cards(dealer), cards(stock_top)
    assert len(nd) == 6 and len(dl) == 6
    deck = []
    for a, b in zip(nd, dl):
        deck += [a, b]
    deck += top
    deck += [c for c in RANKED if c not in deck]
    assert sorted(deck) == sorted(RANKED)
    return deck


def hand_names(g, p):
    buf = bytearray(16)
    n = g.hand(p, buf)
    return " ".join(card_name(buf[i]) for i in range(n))


def play(g, names):
    for c in cards(names):
        assert g.play(c) == OK, card_name(c)


def snap(g):
    buf = bytearray(256)
    return bytes(buf[:g.save(buf)])


# Seat 0 leads KC..8C, seat 1 answers AS..7S: seat 0 wins six tricks in a row,
# 12 + 10 + 8 + 6 + 3 + 1 = 40, and empties its hand (as the leader) on trick 6.
SWEEP_LEADER = "KC QC JC 10C 9C 8C"
SWEEP_VICTIM = "AS 2S 3S 4S 6S 7S"
SWEEP_STOCK = "AC 2C 3C 4C 5S"
SWEEP_MOVES = "KC AS QC 2S JC 3S 10C 4S 9C 6S 8C 7S"


def sweep_deck():
    return stack(SWEEP_LEADER, SWEEP_VICTIM, SWEEP_STOCK)


# ---------------------------------------------------------------------------------------------
def test_constants_importable_and_values():
    assert (OK, ERR_PHASE, ERR_NOT_IN_HAND, ERR_ILLEGAL, ERR_BAD_MOVE) == (0, 1, 2, 3, 4)
    assert (PHASE_PLAY, PHASE_ROUND_OVER, PHASE_GAME_OVER) == (1, 2, 3)


def test_before_start_nobody_moves():
    g = AlleyCat()
    assert g.turn == -1 and g.winner == -1
    assert g.play(parse_card("KC")) == ERR_PHASE
    assert g.next_round() == ERR_PHASE
    assert g.legal_moves(bytearray(16)) == 0


def test_deal_order_and_first_lead():
    deck = stack("AS 2S 3S 4S 6S 7S", "AC 2C 3C 4C 6C 7C", "KC QC")
    g = AlleyCat()
    assert g.start(dealer=1, deck=deck) == OK
    assert g.phase == PHASE_PLAY and g.dealer == 1
    assert hand_names(g, 0) == "AS 2S 3S 4S 6S 7S"
    assert hand_names(g, 1) == "AC 2C 3C 4C 6C 7C"
    assert g.stock_size() == 15
    assert g.turn == 0 and g.leader == 0
    assert g.trick_size == 0 and g.winner == -1
    assert g.last_leader == -1 and g.last_winner == -1 and g.last_drawer == -1
    assert g.last_trick_card(0) == NO_CARD and g.last_drawn == NO_CARD
    buf = bytearray(16)
    n = g.legal_moves(buf)
    assert sorted(buf[:n]) == sorted(cards("AS 2S 3S 4S 6S 7S"))
    # Dealer 0: deck[0] now goes to seat 1, which leads.
    g2 = AlleyCat()
    assert g2.start(dealer=0, deck=deck) == OK
    assert hand_names(g2, 1) == "AS 2S 3S 4S 6S 7S" and hand_names(g2, 0) == "AC 2C 3C 4C 6C 7C"
    assert g2.turn == 1 and g2.leader == 1


def test_deck_accepts_list_tuple_bytes_bytearray():
    deck = stack("AS 2S 3S 4S 6S 7S", "AC 2C 3C 4C 6C 7C")
    for d in (deck, tuple(deck), bytes(deck), bytearray(deck)):
        g = AlleyCat()
        assert g.start(1, d) == OK
        assert hand_names(g, 0) == "AS 2S 3S 4S 6S 7S"


def test_normal_trick_loser_draws_winner_leads():
    g = AlleyCat()
    g.start(1, stack("KS 2S 3S 4S 6S 7S", "9C 2C 3C 4C 6C 7C", "QC JS"))
    assert g.play(parse_card("KS")) == OK
    assert g.trick_size == 1 and g.trick_card(0) == parse_card("KS")
    assert g.turn == 1 and g.leader == 0
    assert g.play(parse_card("9C")) == OK
    assert g.trick_size == 0 and g.trick_card(0) == NO_CARD
    assert g.last_trick_card(0) == parse_card("KS") and g.last_trick_card(1) == parse_card("9C")
    assert g.last_leader == 0 and g.last_winner == 0
    assert g.last_points == 4  # 13 - 9
    assert g.round_points(0) == 4 and g.round_points(1) == 0
    assert g.score(0) == 0  # end-of-round scoring: nothing until the round ends
    assert g.last_drawer == 1 and g.last_drawn == parse_card("QC")
    assert hand_names(g, 1) == "2C 3C 4C 6C 7C QC"
    assert hand_names(g, 0) == "2S 3S 4S 6S 7S"
    assert g.stock_size() == 14
    assert g.leader == 0 and g.turn == 0
    # Next trick: seat 0 leads 2S, seat 1 wins with QC (+10), seat 0 draws JS, seat 1 leads.
    play(g, "2S QC")
    assert g.last_winner == 1 and g.last_points == 10 and g.last_leader == 0
    assert g.last_drawer == 0 and g.last_drawn == parse_card("JS")
    assert g.round_points(1) == 10 and g.round_points(0) == 4
    assert g.leader == 1 and g.turn == 1


# (lead by seat 0, answer by seat 1, trick winner, points as credited, drawer, next leader)
CAT_CASES = [
    ("KC", "5D", 0, -8, 0, 1),   # RULES.md: K + 5♦ -> -8 for whoever took it
    ("5C", "5D", 1, 0, 1, 0),    # RULES.md: 5♣ + 5♦ -> 0 (5♦ beats 5♣)
    ("5S", "5D", 1, 0, 1, 0),
    ("5D", "4C", 0, -1, 0, 1),   # 5♦ led and winning
    ("5D", "6S", 1, -1, 1, 0),   # 5♦ led and losing: 6♠ takes -1
    ("5D", "AS", 0, -4, 0, 1),
    ("6S", "6C", 1, 0, 0, 1),    # equal rank: club wins, equal value scores 0; normal trick
    ("6C", "6S", 0, 0, 1, 0),
    ("AS", "KC", 1, 12, 0, 1),
]


@pytest.mark.parametrize("lead,answer,winner,points,drawer,next_leader", CAT_CASES)
def test_single_trick_outcomes(lead, answer, winner, points, drawer, next_leader):
    others = [c for c in RANKED if c not in cards(lead + " " + answer + " QS")]
    fill0 = " ".join(card_name(c) for c in others[:5])
    fill1 = " ".join(card_name(c) for c in others[5:10])
    g = AlleyCat()
    g.start(1, stack(lead + " " + fill0, answer + " " + fill1, "QS"))
    play(g, lead + " " + answer)
    assert g.last_winner == winner
    assert g.last_points == points
    assert g.round_points(winner) == points and g.round_points(1 - winner) == 0
    assert g.last_drawer == drawer and g.last_drawn == parse_card("QS")
    assert g.hand_size(drawer) == 6 and g.hand_size(1 - drawer) == 5
    assert g.leader == next_leader and g.turn == next_leader
    assert g.stock_size() == 14


def test_alley_cat_as_captured_subtracts_from_score():
    g = AlleyCat(as_captured=True)
    g.start(1, stack("KC 2S 3S 4S 6S 7S", "5D 2C 3C 4C 6C 7C", "QC"))
    play(g, "KC 5D")
    assert g.score(0) == -8 and g.score(1) == 0
    assert g.last_drawer == 0 and g.turn == 1


def test_round_ends_when_leader_plays_last_card_no_draw_leftovers_dont_score():
    g = AlleyCat()
    g.start(1, sweep_deck())
    play(g, "KC AS QC 2S JC 3S 10C 4S 9C 6S")
    assert g.phase == PHASE_PLAY and g.hand_size(0) == 1 and g.hand_size(1) == 6
    assert g.stock_size() == 10 and g.score(0) == 0 and g.round_points(0) == 39
    play(g, "8C")
    assert g.phase == PHASE_PLAY and g.turn == 1  # the trick still completes
    play(g, "7S")
    assert g.phase == PHASE_ROUND_OVER and g.turn == -1 and g.winner == -1
    assert g.last_points == 1 and g.last_winner == 0
    assert g.last_drawer == -1 and g.last_drawn == NO_CARD
    assert g.stock_size() == 10  # only five draws happened
    assert hand_names(g, 1) == "AC 2C 3C 4C 5S"  # leftovers, not scored
    assert g.round_points(0) == 40 and g.round_points(1) == 0
    assert g.score(0) == 40 and g.score(1) == 0
    assert g.legal_moves(bytearray(16)) == 0
    assert g.play(parse_card("AC")) == ERR_PHASE
    # Still readable after the round is over.
    assert g.last_trick_card(0) == parse_card("8C") and g.last_trick_card(1) == parse_card("7S")


def test_empty_stock_draws_nothing():
    # The stock never empties by the rules (12 - t cards stay in hand after t drawn tricks, so at
    # most 10 draws): this exercises the guard by emptying the stock of a live game directly.
    g = AlleyCat()
    g.start(1, stack("KS 2S 3S 4S 6S 7S", "9C 2C 3C 4C 6C 7C"))
    g.stock_top = 15
    assert g.stock_size() == 0
    play(g, "KS 9C")
    assert g.last_winner == 0 and g.last_points == 4
    assert g.last_drawer == -1 and g.last_drawn == NO_CARD
    assert g.hand_size(0) == 5 and g.hand_size(1) == 5
    assert g.turn == 0 and g.phase == PHASE_PLAY


def test_follower_playing_last_card_ends_round():
    # Unreachable by the rules too (the next follower is always the seat that just drew, so it
    # holds >= 2 cards); the engine still ends the round on either hand emptying.
    g = AlleyCat()
    g.start(1, stack("KS 2S 3S 4S 6S 7S", "9C 2C 3C 4C 6C 7C"))
    g.hand_n[1] = 1  # seat 1 keeps only 9C
    play(g, "2S 9C")
    assert g.phase == PHASE_ROUND_OVER and g.turn == -1
    assert g.last_winner == 1 and g.last_points == 7
    assert g.last_drawer == -1 and g.stock_size() == 15
    assert g.round_points(1) == 7 and g.score(1) == 7 and g.score(0) == 0


def test_rounds_alternate_dealer_and_reach_target():
    g = AlleyCat()  # target 44
    assert g.start(1, sweep_deck()) == OK
    play(g, SWEEP_MOVES)
    assert g.phase == PHASE_ROUND_OVER and g.score(0) == 40  # 40 < 44: play on
    assert g.next_round(sweep_deck()) == OK
    # Dealer passes to seat 0; seat 1 is dealt deck[0] and leads, and sweeps the same way.
    assert g.dealer == 0 and g.turn == 1 and g.leader == 1
    assert hand_names(g, 1) == SWEEP_LEADER
    assert g.round_points(0) == 0 and g.round_points(1) == 0
    assert g.last_leader == -1 and g.last_winner == -1 and g.last_trick_card(0) == NO_CARD
    assert g.last_drawer == -1 and g.last_drawn == NO_CARD and g.last_points == 0
    assert g.score(0) == 40 and g.score(1) == 0
    play(g, SWEEP_MOVES)
    assert g.phase == PHASE_ROUND_OVER and g.winner == -1
    assert g.score(0) == 40 and g.score(1) == 40  # tie below the target: just another round
    assert g.next_round(sweep_deck()) == OK
    assert g.dealer == 1 and g.turn == 0
    play(g, SWEEP_MOVES)
    assert g.score(0) == 80 and g.score(1) == 40
    assert g.phase == PHASE_GAME_OVER and g.winner == 0 and g.turn == -1
    assert g.next_round() == ERR_PHASE
    assert g.play(parse_card("AC")) == ERR_PHASE


def test_custom_target_22_ends_game_at_round_end():
    g = AlleyCat(target=22)
    g.start(1, sweep_deck())
    play(g, "KC AS QC 2S")  # 22 taken already, but scoring waits for the round's end
    assert g.phase == PHASE_PLAY and g.score(0) == 0 and g.round_points(0) == 22
    play(g, "JC 3S 10C 4S 9C 6S 8C 7S")
    assert g.phase == PHASE_GAME_OVER and g.winner == 0 and g.score(0) == 40


# Round 1 of the tie scenario (dealer 1, seat 0 leads), target 12:
# T1 AS-KC: seat 1 +12, seat 0 draws KS, seat 1 leads.  T2 AC-3C: seat 0 +2, seat 1 draws JS.
# T3..T7 seat 0 leads 5C 7C 9C JC KS against 3S 5S 7S 9S JS, +2 each (seat 1 draws 2S 2C 4S 4C
# after T3..T6); seat 0 empties on T7: 12 - 12.
TIE_DECK = ("AS 3C 5C 7C 9C JC", "KC AC 3S 5S 7S 9S", "KS JS")
TIE_MOVES = "AS KC AC 3C 5C 3S 7C 5S 9C 7S JC 9S KS JS"


def test_tie_at_target_plays_another_round_then_broken():
    g = AlleyCat(target=12)
    g.start(1, stack(*TIE_DECK))
    play(g, TIE_MOVES)
    assert g.round_points(0) == 12 and g.round_points(1) == 12
    assert g.score(0) == 12 and g.score(1) == 12
    assert g.phase == PHASE_ROUND_OVER and g.winner == -1 and g.turn == -1
    assert hand_names(g, 1) == "2S 2C 4S 4C"
    # Round 2: seat 1 is non-dealer and sweeps 40.
    assert g.next_round(sweep_deck()) == OK
    play(g, SWEEP_MOVES)
    assert g.score(0) == 12 and g.score(1) == 52
    assert g.phase == PHASE_GAME_OVER and g.winner == 1


def test_as_captured_ends_mid_round_without_draw():
    g = AlleyCat(target=22, as_captured=True)
    g.start(1, sweep_deck())
    play(g, "KC AS")
    assert g.score(0) == 12 and g.phase == PHASE_PLAY and g.last_drawer == 1
    play(g, "QC 2S")  # 12 + 10 = 22: over at once
    assert g.score(0) == 22 and g.round_points(0) == 22
    assert g.phase == PHASE_GAME_OVER and g.winner == 0 and g.turn == -1
    assert g.last_drawer == -1 and g.last_drawn == NO_CARD
    assert g.stock_size() == 14 and g.hand_size(1) == 5 and g.hand_size(0) == 4
    assert g.next_round() == ERR_PHASE


def test_as_captured_round_end_below_target():
    g = AlleyCat(as_captured=True)  # target 44
    g.start(1, sweep_deck())
    play(g, SWEEP_MOVES)
    assert g.phase == PHASE_ROUND_OVER and g.score(0) == 40
    assert g.next_round(sweep_deck()) == OK
    play(g, "KC AS")  # seat 1 leads now: +12 for seat 1
    assert g.score(1) == 12 and g.score(0) == 40
    play(g, "QC 2S JC 3S 10C 4S")  # 12+10+8+6 = 36
    assert g.score(1) == 36 and g.phase == PHASE_PLAY
    play(g, "9C 6S")  # +3 -> 39
    play(g, "8C 7S")  # +1 -> 40: still short, round ends, tie 40-40 is fine below target
    assert g.phase == PHASE_ROUND_OVER and g.score(1) == 40


def test_cut_for_deal_matches_manual_rng_replay():
    dealers = set()
    for seed in range(40):
        r = Rng(seed)
        cut = bytearray(RANKED)
        r.shuffle(cut, 27)
        expect = 0 if RANKED.index(cut[0]) < RANKED.index(cut[1]) else 1
        deal = bytearray(RANKED)
        r.shuffle(deal, 27)
        g = AlleyCat(seed)
        assert g.start() == OK
        assert g.dealer == expect, seed
        dealers.add(expect)
        nd = 1 - expect
        assert hand_names(g, nd) == " ".join(card_name(deal[i]) for i in range(0, 12, 2))
        assert hand_names(g, expect) == " ".join(card_name(deal[i]) for i in range(1, 12, 2))
        assert g.turn == nd
    assert dealers == {0, 1}


def test_cut_with_given_deck_uses_the_deck():
    for seed in range(10):
        r = Rng(seed)
        cut = bytearray(RANKED)
        r.shuffle(cut, 27)
        expect = 0 if RANKED.index(cut[0]) < RANKED.index(cut[1]) else 1
        g = AlleyCat(seed)
        assert g.start(-1, sweep_deck()) == OK
        assert g.dealer == expect
        assert hand_names(g, 1 - expect) == SWEEP_LEADER


def test_same_seed_same_game_and_start_resets_scores():
    a, b = AlleyCat(7), AlleyCat(7)
    a.start()
    b.start()
    assert snap(a) == snap(b)
    g = AlleyCat(target=22)
    g.start(1, sweep_deck())
    play(g, SWEEP_MOVES)
    assert g.winner == 0
    assert g.start(0, sweep_deck()) == OK
    assert g.score(0) == 0 and g.score(1) == 0 and g.winner == -1 and g.phase == PHASE_PLAY
    assert g.dealer == 0 and g.turn == 1


# ---- errors ---------------------------------------------------------------------------------
def started():
    g = AlleyCat(3)
    g.start(1, stack("KS 2S 3S 4S 6S 7S", "9C 2C 3C 4C 6C 7C", "QC"))
    return g


def test_error_codes_and_refusals_change_nothing():
    g = started()
    before = snap(g)
    cases = [
        (0, ERR_BAD_MOVE), (-1, ERR_BAD_MOVE), (256, ERR_BAD_MOVE), (10 ** 6, ERR_BAD_MOVE),
        (-10 ** 20, ERR_BAD_MOVE), (0x80, ERR_BAD_MOVE), (0x81, ERR_BAD_MOVE),
        (0xC0, ERR_BAD_MOVE), (0x43, ERR_BAD_MOVE), (0x0E, ERR_BAD_MOVE), (0x10, ERR_BAD_MOVE),
        (0x3F, ERR_BAD_MOVE), (0xFF, ERR_BAD_MOVE),
        (parse_card("9C"), ERR_NOT_IN_HAND),   # seat 1's card
        (parse_card("QC"), ERR_NOT_IN_HAND),   # in the stock
        (parse_card("5H"), ERR_NOT_IN_HAND),   # a real card, not of this deck
        (parse_card("AD"), ERR_NOT_IN_HAND),
        (0x41, ERR_NOT_IN_HAND), (0x42, ERR_NOT_IN_HAND),  # bloopers
    ]
    for move, code in cases:
        assert g.play(move) == code, hex(move) if move >= 0 else move
        assert snap(g) == before
    assert g.next_round() == ERR_PHASE
    assert snap(g) == before
    # Nothing in Alley Cat is ever ERR_ILLEGAL: any held card may be played.
    for m in range(256):
        h = started()
        assert h.play(m) != ERR_ILLEGAL
    # After a lead, the leader's other cards are not the follower's.
    play(g, "KS")
    assert g.play(parse_card("2S")) == ERR_NOT_IN_HAND
    assert g.play(parse_card("KS")) == ERR_NOT_IN_HAND  # on the table now


def test_played_card_not_in_hand_anymore():
    g = started()
    play(g, "KS 9C")
    assert g.play(parse_card("KS")) == ERR_NOT_IN_HAND


def test_phase_errors():
    g = AlleyCat(target=22)
    g.start(1, sweep_deck())
    assert g.next_round() == ERR_PHASE  # mid-round
    play(g, SWEEP_MOVES)
    assert g.phase == PHASE_GAME_OVER
    before = snap(g)
    for m in (parse_card("AC"), 0, 0x80):
        assert g.play(m) == ERR_PHASE
    assert g.next_round() == ERR_PHASE
    assert snap(g) == before
    g = AlleyCat()
    g.start(1, sweep_deck())
    play(g, SWEEP_MOVES)
    assert g.phase == PHASE_ROUND_OVER
    before = snap(g)
    assert g.play(parse_card("AC")) == ERR_PHASE
    assert snap(g) == before


def test_bad_decks_and_dealers_refused_unchanged():
    good = sweep_deck()
    bad_decks = [
        good[:26], good + [parse_card("5H")], good[:26] + [good[0]],
        good[:26] + [parse_card("5H")], [0] * 27, good[:26] + [-1], good[:26] + [300],
    ]
    g = started()
    before = snap(g)
    for d in bad_decks:
        assert g.start(1, d) == ERR_BAD_MOVE
        assert snap(g) == before
    for dealer in (2, -2, 5):
        assert g.start(dealer) == ERR_BAD_MOVE
        assert snap(g) == before
    g = AlleyCat()
    g.start(1, good)
    play(g, SWEEP_MOVES)
    before = snap(g)
    for d in bad_decks:
        assert g.next_round(d) == ERR_BAD_MOVE
        assert snap(g) == before
    assert g.next_round(good) == OK


# ---- save / load ----------------------------------------------------------------------------
def sample_states():
    g = AlleyCat(5)
    yield g  # never started
    g = started()
    yield g
    play(g, "KS")
    yield g  # a card on the table
    play(g, "9C 2S")
    yield g
    g = AlleyCat(target=12)
    g.start(1, stack(*TIE_DECK))
    play(g, TIE_MOVES)
    yield g  # round over (tie)
    g = AlleyCat(target=22, as_captured=True)
    g.start(1, sweep_deck())
    play(g, "KC AS QC 2S")
    yield g  # game over mid-round


def test_save_header_and_size():
    for g in sample_states():
        buf = bytearray(256)
        n = g.save(buf)
        assert n <= 256 and buf[0:2] == b"AC" and buf[2] == 1 and buf[3] == n
        c = checksum16(buf, 0, n - 2)
        assert buf[n - 2] == c & 0xFF and buf[n - 1] == c >> 8


def test_save_load_save_identical_and_accessors_restored():
    for g in sample_states():
        s = snap(g)
        for form in (s, bytearray(s), memoryview(s), s + b"\x00junk"):
            h = AlleyCat(99, target=66, as_captured=not g.as_captured)
            assert h.load(form) == 0
            assert snap(h) == s
            for attr in ("turn", "phase", "winner", "dealer", "leader", "trick_size",
                         "last_leader", "last_winner", "last_points", "last_drawer",
                         "last_drawn", "target", "as_captured"):
                assert getattr(h, attr) == getattr(g, attr), attr
            for p in (0, 1):
                assert hand_names(h, p) == hand_names(g, p)
                assert h.score(p) == g.score(p) and h.round_points(p) == g.round_points(p)
            for i in (0, 1):
                assert h.trick_card(i) == g.trick_card(i)
                assert h.last_trick_card(i) == g.last_trick_card(i)
            assert h.stock_size() == g.stock_size()
            assert h.is_consistent()


def test_loaded_game_plays_on_identically():
    g = started()
    play(g, "KS 9C")
    h = AlleyCat()
    h.load(snap(g))
    for x in (g, h):
        play(x, "2S QC")
        x.play(parse_card("2C"))
    assert snap(g) == snap(h)
    g.next_round()
    assert snap(g) == snap(h)


def expect_refused(s, code=None):
    g = started()
    play(g, "KS")
    before = snap(g)
    r = g.load(s)
    assert r != 0
    if code is not None:
        assert r == code
    assert snap(g) == before


def test_load_refuses_truncated_magic_version():
    for g in sample_states():
        s = snap(g)
        for k in range(len(s)):
            expect_refused(s[:k])
        expect_refused(s[:3], LOAD_TOO_SHORT)
        expect_refused(s[:-1], LOAD_TOO_SHORT)
        expect_refused(b"BA" + s[2:], LOAD_BAD_MAGIC)
        expect_refused(b"", LOAD_TOO_SHORT)
        b = bytearray(s)
        b[2] = 2
        expect_refused(bytes(reseal(b)), LOAD_BAD_VERSION)
        b = bytearray(s)
        b[-1] ^= 1
        expect_refused(bytes(b), LOAD_BAD_CHECKSUM)


def test_load_refuses_every_single_byte_flip():
    for g in sample_states():
        s = snap(g)
        for i in range(len(s)):
            for mask in (0x01, 0x80, 0xFF, 0x55):
                b = bytearray(s)
                b[i] ^= mask
                expect_refused(bytes(b))


def test_load_refuses_resealed_bad_data():
    g = started()
    play(g, "KS 9C 2S QC")  # seat 1 leads next; hands 5 / 5 ... worked below
    s = snap(g)
    # Layout: 4 phase, 5 target, 6 flags, 7 dealer+1, 8 table, 9-10 hand counts, 11 stock,
    # 12 gone, 13 last_drawn, 14-17 scores, 18-21 rng, 22.. cards.
    h0, h1 = s[9], s[10]
    assert (h0, h1) == (5, 5)
    edits = {
        "dup card": lambda b: b.__setitem__(22, b[22 + h0]),
        "foreign card": lambda b: b.__setitem__(22, parse_card("5H")),
        "phase 7": lambda b: b.__setitem__(4, 7),
        "round over mid-round": lambda b: b.__setitem__(4, PHASE_ROUND_OVER),
        "game over, nobody at target": lambda b: b.__setitem__(4, PHASE_GAME_OVER),
        "target 0": lambda b: b.__setitem__(5, 0),
        "flags 2": lambda b: b.__setitem__(6, 2),
        "dealer 3": lambda b: b.__setitem__(7, 4),
        "other dealer": lambda b: b.__setitem__(7, 1),
        "hand counts shifted": lambda b: (b.__setitem__(9, h0 - 1), b.__setitem__(10, h1 + 1)),
        "last drawn not held": lambda b: b.__setitem__(13, parse_card("KS")),
        "no last drawn": lambda b: b.__setitem__(13, 0),
        "score at target in play": lambda b: b.__setitem__(14, 50),
        "rng zero": lambda b: [b.__setitem__(i, 0) for i in range(18, 22)],
        "table card during round over": lambda b: (b.__setitem__(4, PHASE_ROUND_OVER),
                                                   b.__setitem__(8, b[22])),
        "gone pair swapped": lambda b: b.__setitem__(slice(len(b) - 7, len(b) - 5),
                                                     bytes([b[len(b) - 6], b[len(b) - 7]])),
    }
    for name, edit in edits.items():
        b = bytearray(s)
        edit(b)
        reseal(b)
        assert bytes(b) != s, name
        g2 = started()
        before = snap(g2)
        assert g2.load(bytes(b)) == LOAD_BAD_DATA, name
        assert snap(g2) == before, name
    # The same resealing of the untouched save loads fine (the helper itself is right).
    assert AlleyCat().load(bytes(reseal(bytearray(s)))) == 0


def test_copy_from_is_a_full_copy():
    for g in sample_states():
        h = AlleyCat(1, target=3, as_captured=True)
        h.copy_from(g)
        assert snap(h) == snap(g)
        assert h.is_consistent() == g.is_consistent()
        if g.phase == PHASE_PLAY:
            buf = bytearray(16)
            n = h.legal_moves(buf)
            h.play(buf[0])
            assert snap(h) != snap(g)  # independent buffers
