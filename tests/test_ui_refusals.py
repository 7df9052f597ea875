"""The reason the player reads when a card is refused, word for word.

Dealt positions (stacked decks) are put on the Back Alley table, the refused card is chosen and
played with the keys, and the message line on screen must read exactly the reason: following
suit (each suit named), a trump led, the Big and the Little Blooper led, trumps not broken yet,
the strict trump lead. Alley Cat refuses no card from the hand (RULES.md, Alley Cat 3): any
card, following suit or not, is played and no reason is shown.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import pytest  # noqa: E402

from test_ui_play import Driver, app_mod, gfx  # noqa: E402
from engine import alleycat as AC  # noqa: E402
from engine import backalley as BA  # noqa: E402
from engine.cards import parse_card, LITTLE_BLOOPER, BIG_BLOOPER  # noqa: E402

BA_ALL = [((s << 4) | r) for s in range(4) for r in range(1, 14)] + [LITTLE_BLOOPER, BIG_BLOOPER]
MSG_LINE = 7  # the table's message line (screen_backalley_draw.msgs)


def cards(s):
    return [parse_card(x) for x in s.split()]


def ba_game(hands, up, dealer, strict=False):
    """A Back Alley game dealing hands[p] to seat p (all the same size n; deals = 2n - 1)."""
    n = len(hands[0].split())
    deck = [0] * (4 * n)
    for p in range(4):
        hs = cards(hands[p])
        assert len(hs) == n
        for i in range(n):
            deck[4 * i + ((p - dealer - 1) & 3)] = hs[i]
    deck.append(parse_card(up))
    deck += [c for c in BA_ALL if c not in deck]
    assert len(set(deck)) == 54
    g = BA.BackAlley(seed=3, deals=2 * n - 1, strict_trump_lead=strict)
    assert g.start(dealer, deck) == 0
    for p in range(4):
        assert sorted(buf_hand(g, p)) == sorted(cards(hands[p]))
    return g


def buf_hand(g, p):
    buf = bytearray(16)
    return list(buf[:g.hand(p, buf)])


def moves(g, *ms):
    for m in ms:
        assert g.play(parse_card(m) if isinstance(m, str) else m) == 0, m


def on_screen():
    """The characters the message line shows (decoded from its tiles), '' when hidden."""
    if gfx.labels[MSG_LINE].hidden:
        return ""
    inv = {c: chr(32 + c) for c in range(95)}  # (tile c is character c + 32: gfxinit)
    o = gfx.llen[gfx.NL + MSG_LINE]
    return "".join(inv.get(gfx.labels[MSG_LINE][o + k], "?") for k in range(gfx.llen[MSG_LINE]))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    d = Driver(tmp_path_factory.mktemp("refusals") / "s.bin", seed=5)
    d.set_setting(app_mod.S_SPEED, 2)
    d.menu_to("Back Alley")
    assert d.name == "backalley"
    return d


def refuse(d, g, card):
    """Put g (South to play) on the table, select `card` with the keys, press A: the card
    must stay in the hand; returns what the message line shows."""
    scr = d.screen
    scr.adopt(g, 5, 1)
    scr.enter()
    assert g.turn == 0 and g.phase == BA.PHASE_PLAY
    c = parse_card(card)
    hand = [scr.hand[i] for i in range(scr.n)]
    assert c in hand
    while scr.hand[scr.cur] != c:
        d.press("right")
    before = buf_hand(g, 0)
    d.press("a")
    assert buf_hand(g, 0) == before and g.turn == 0  # refused: nothing happened
    assert scr.msg3 == on_screen()
    return on_screen()


SUIT_WORDS = {0: "clubs", 1: "diamonds", 2: "hearts", 3: "spades"}


def expected_reason(g, c):
    """The reason RULES.md gives for refusing card c to South now, in the table's words
    (written here from the rules, not from lib/tables/sheet_backalley.py)."""
    def trump(x):
        return x >> 4 == 4 or (g.trump != 15 and x >> 4 == g.trump)
    if g.trick_size:
        led = g.trick_card(0)
        if led == BIG_BLOOPER:
            return "Must play highest trump"
        if led == LITTLE_BLOOPER:
            return "Must play lowest trump"
        return "Must follow " + ("trump" if trump(led) else SUIT_WORDS[led >> 4])
    assert trump(c)
    return "Trump lead: not yet (you)" if g.strict else "Trumps not broken yet"


# ---- following --------------------------------------------------------------------------
# East (seat 3) bids 1 and leads the first trick; South (seat 0) plays next. South holds a card
# of the suit led and one of another plain suit: the other one is refused.
@pytest.mark.parametrize("led,follow,other,up,word", [
    ("5H", "KH", "3C", "2S", "hearts"),
    ("5C", "KC", "3D", "2S", "clubs"),
    ("5D", "KD", "3H", "2C", "diamonds"),
    ("5S", "KS", "3H", "2D", "spades"),
])
def test_must_follow_names_the_suit_led(table, led, follow, other, up, word):
    g = ba_game([follow + " " + other, "6H 7H", "8H 9H", led + " 10H"], up, dealer=2)
    moves(g, 0x81, BA.BID_PASS, BA.BID_PASS, BA.BID_PASS, led)
    assert refuse(table, g, other) == "Must follow " + word


def test_a_trump_led_asks_for_a_trump(table):
    # trump spades: East leads the 5 of spades (trumps broken: East holds only trumps)
    g = ba_game(["KS 3C", "6H 7H", "8H 9H", "5S 10S"], "2S", dealer=2)
    moves(g, 0x81, BA.BID_PASS, BA.BID_PASS, BA.BID_PASS, "5S")
    assert refuse(table, g, "3C") == "Must follow trump"


def test_the_big_blooper_led_asks_for_the_highest_trump(table):
    # trump spades; East bid board (may lead a trump) and leads the Big Blooper; South holds
    # the Little Blooper and the 3 of spades: the 3 is refused, so is a plain card
    g = ba_game(["3S LB 4C", "6H 7H 8H", "9H 10H JH", "BB 2D 3D"], "2S", dealer=2)
    moves(g, BA.BID_BOARD, BA.BID_PASS, BA.BID_PASS, BA.BID_PASS, "BB")
    assert refuse(table, g, "3S") == "Must play highest trump"
    assert refuse(table, g, "4C") == "Must play highest trump"


def test_the_little_blooper_led_asks_for_the_lowest_trump(table):
    # trump hearts; East leads the Little Blooper as a board bidder; South holds the ace and
    # the 4 of hearts: the ace is refused
    g = ba_game(["AH 4H 4C", "6S 7S 8S", "9S 10S JS", "LB 2D 3D"], "2H", dealer=2)
    moves(g, BA.BID_BOARD, BA.BID_PASS, BA.BID_PASS, BA.BID_PASS, "LB")
    assert refuse(table, g, "AH") == "Must play lowest trump"


# ---- leading ----------------------------------------------------------------------------
def test_a_trump_lead_before_trumps_are_broken(table):
    # trump diamonds; South (dealer 3: bids first) bids 1 and leads: a diamond and a blooper
    # are refused, the club is not
    g = ba_game(["KD LB 3C", "6H 7H 8H", "9H 10H JH", "5S 6S 7S"], "2D", dealer=3)
    moves(g, 0x81, BA.BID_PASS, BA.BID_PASS, BA.BID_PASS)
    assert g.turn == 0 and g.trick_size == 0
    assert refuse(table, g, "KD") == "Trumps not broken yet"
    assert refuse(table, g, "LB") == "Trumps not broken yet"


def test_a_strict_trump_lead_before_you_played_one(table):
    # trump diamonds. South bids 2 and leads the ace of hearts; East, void in hearts, ruffs
    # (trumps are broken) and leads a club; South wins it with the ace and leads again.
    # Strict: South has played no trump yet, so the king of diamonds is refused; in the
    # ordinary game the same lead is allowed.
    hands = ["AH KD AC 3C", "6H 7H 8H 4H", "9H 10H JH QH", "2D 5C 6S 7S"]
    for strict in (True, False):
        g = ba_game(hands, "3D", dealer=3, strict=strict)
        moves(g, 0x82, BA.BID_PASS, BA.BID_PASS, BA.BID_PASS, "AH", "6H", "9H", "2D",
              "5C", "AC", "7H", "10H")
        assert g.turn == 0 and g.trick_size == 0
        if strict:
            assert refuse(table, g, "KD") == "Trump lead: not yet (you)"
        else:
            assert g.play(parse_card("KD")) == 0


# ---- Alley Cat: nothing in the hand is refused ------------------------------------------
def test_alleycat_plays_any_card_without_a_refusal(tmp_path):
    d = Driver(tmp_path / "s.bin", seed=7)
    d.set_setting(app_mod.S_SPEED, 2)
    d.menu_to("Alley Cat")
    scr = d.screen
    off_suit = played = 0
    for _ in range(80):
        g = scr.g
        if g.phase == AC.PHASE_GAME_OVER or played == 12:
            break
        if g.phase != AC.PHASE_PLAY:
            d.press("a")
            continue
        assert g.turn == 0
        # a card of the other suit than the one led when there is one (no need to follow)
        led = g.trick_card(0) >> 4 if g.trick_size else -1
        hand = [scr.hand[i] for i in range(scr.n)]
        pick = max(range(len(hand)), key=lambda i: led >= 0 and hand[i] >> 4 != led)
        off_suit += led >= 0 and hand[pick] >> 4 != led
        while scr.cur != pick:
            d.press("right")
        c = hand[pick]
        d.press("a")
        assert scr.msg3 == "" and not scr.msg_bad
        hist = [g.history_card(i) for i in range(g.history_size)]
        assert c in hist or c in (g.last_trick_card(0), g.last_trick_card(1)), hex(c)
        played += 1
    assert played == 12 and off_suit >= 3
