"""Card codes shared by both games: a card is the int (suit << 4) | rank."""
# NO_CARD, ALLEY_CAT, the bloopers and is_card live in engine/common.py (the engines need only
# those, so they do not load this module); they are re-exported here, their public home.
from engine.common import (  # noqa: F401
    const, NO_CARD, ALLEY_CAT, LITTLE_BLOOPER, BIG_BLOOPER, is_card,
)

CLUBS = const(0)
DIAMONDS = const(1)
HEARTS = const(2)
SPADES = const(3)
JOKER = const(4)

# Rank letters 1..13 ('T' stands for the 10, which is named "10").
_RANKS = "A23456789TJQK"
_SUITS = "CDHS"


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
