"""Card codes shared by both games: a card is the int (suit << 4) | rank."""
from engine.common import const

CLUBS = const(0)
DIAMONDS = const(1)
HEARTS = const(2)
SPADES = const(3)
JOKER = const(4)

NO_CARD = const(0)
ALLEY_CAT = const(0x15)  # 5 of diamonds
LITTLE_BLOOPER = const(0x41)
BIG_BLOOPER = const(0x42)

_RANK_NAMES = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_LETTERS = "CDHS"


def suit_of(c):
    return c >> 4


def rank_of(c):
    return c & 15


def is_card(c):
    """True for a real card code of either game's deck (52 cards + the two bloopers)."""
    if c < 0x01 or c > 0x42:
        return False
    s = c >> 4
    r = c & 15
    if s == JOKER:
        return r == 1 or r == 2
    return 1 <= r <= 13


def card_name(c):
    """'AS', '10C', '5D', 'QH', 'LB', 'BB' (allocates: UI/debug only)."""
    if c == LITTLE_BLOOPER:
        return "LB"
    if c == BIG_BLOOPER:
        return "BB"
    if not is_card(c):
        return "??"
    return _RANK_NAMES[c & 15] + _SUIT_LETTERS[c >> 4]


def parse_card(s):
    """Inverse of card_name; NO_CARD for anything unreadable."""
    s = s.strip().upper()
    if s == "LB":
        return LITTLE_BLOOPER
    if s == "BB":
        return BIG_BLOOPER
    if len(s) < 2:
        return NO_CARD
    suit = _SUIT_LETTERS.find(s[-1])
    if suit < 0:
        return NO_CARD
    r = s[:-1]
    for i in range(1, 14):
        if _RANK_NAMES[i] == r:
            return (suit << 4) | i
    if r == "T":
        return (suit << 4) | 10
    return NO_CARD
