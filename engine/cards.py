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

# Rank letters 1..13 ('T' stands for the 10, which is named "10").
_RANKS = "A23456789TJQK"
_SUITS = "CDHS"


def is_card(c):
    """True for a real card code of either game's deck (52 cards + the two bloopers)."""
    if c < 0x01 or c > 0x42:
        return False
    r = c & 15
    if c >> 4 == JOKER:
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
    r = c & 15
    return ("10" if r == 10 else _RANKS[r - 1]) + _SUITS[c >> 4]


def parse_card(s):
    """Inverse of card_name ('T' also reads as 10); NO_CARD for anything unreadable."""
    s = s.strip().upper()
    if s == "LB":
        return LITTLE_BLOOPER
    if s == "BB":
        return BIG_BLOOPER
    if s[:2] == "10":
        s = "T" + s[2:]
    if len(s) != 2:
        return NO_CARD
    r = _RANKS.find(s[0])
    suit = _SUITS.find(s[1])
    if r < 0 or suit < 0:
        return NO_CARD
    return (suit << 4) | (r + 1)
