"""Card codes and the deterministic RNG."""
from engine.cards import (ALLEY_CAT, BIG_BLOOPER, LITTLE_BLOOPER, NO_CARD, card_name,
                          is_card, parse_card)
from engine.rng import Rng


def test_card_names_round_trip_every_card():
    for s in range(4):
        for r in range(1, 14):
            c = (s << 4) | r
            assert parse_card(card_name(c)) == c
    assert card_name(0x01) == "AC"
    assert card_name(0x3A) == "10S"
    assert card_name(ALLEY_CAT) == "5D"
    assert card_name(0x2C) == "QH"
    assert card_name(LITTLE_BLOOPER) == "LB" and card_name(BIG_BLOOPER) == "BB"
    assert parse_card("lb") == LITTLE_BLOOPER and parse_card("BB") == BIG_BLOOPER


def test_is_card_rejects_non_cards():
    assert not is_card(NO_CARD)
    assert not is_card(0x0E) and not is_card(0x10) and not is_card(0x43)
    assert not is_card(0x40) and not is_card(0x80) and not is_card(-1)
    assert sum(1 for c in range(256) if is_card(c)) == 54
    assert parse_card("1S") == NO_CARD and parse_card("5X") == NO_CARD and parse_card("") == NO_CARD


def test_rng_known_sequence_and_range():
    # Reference values of xorshift32(13,17,5) computed independently with 32-bit arithmetic.
    def ref(seed, n):
        s = seed & 0x3FFFFFFF
        x = (((s >> 16) ^ 0x5A17) << 16) | ((s & 0xFFFF) ^ 0xC3A5)
        out = []
        for i in range(4 + n):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            if i >= 4:
                out.append(x & 0x3FFFFFFF)
        return out
    for seed in (0, 1, 12345, 2**40 + 7, -3):
        r = Rng(seed)
        assert [r.next30() for _ in range(50)] == ref(seed, 50)


def test_rng_below_and_shuffle():
    r = Rng(7)
    seen = set()
    for _ in range(2000):
        v = r.below(54)
        assert 0 <= v < 54
        seen.add(v)
    assert len(seen) == 54
    buf = bytearray(range(27))
    r.shuffle(buf, 27)
    assert sorted(buf) == list(range(27)) and list(buf) != list(range(27))


def test_rng_save_load_continues_sequence():
    a = Rng(99)
    a.next30()
    buf = bytearray(4)
    a.save(buf, 0)
    b = Rng(1)
    b.load(buf, 0)
    assert [a.next30() for _ in range(10)] == [b.next30() for _ in range(10)]
