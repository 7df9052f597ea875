"""Pixel budgets of the player's actions (tools/board_time.py --counts): how many pixels an
action sends to the display and composites, counted by the stand-ins as CircuitPython's
displayio would refresh them. These counts do not depend on the machine (the times the
tool prints do, and are never tested)."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import board_time  # noqa: E402
import device_heap  # noqa: E402

pytestmark = pytest.mark.skipif(device_heap.micropython_binary() is None,
                                reason="no MicroPython unix port")

# Most pixels one action may send (issue 15's goals: a cursor move <= 1,500, a card played
# <= 6,000, a computer's card <= 6,000).
SENT = {
    "cursor move, Alley Cat": 5760,
    "cursor move, Back Alley": 4640,
    "menu move": 34980,
    "bid Left/Right": 32600,
    "your card played": 34988,
    "a computer's card shown": 34772,
    "a trick cleared": 35303,
}


@pytest.fixture(scope="module")
def recs():
    return board_time.run_plan(board_time.default_keys(short=True), mpy=False, count=True)


def _by(recs, what):
    rs = [r for r in recs if r["what"] == what]
    assert rs, "the key plan has no %r" % what
    return rs


@pytest.mark.parametrize("what", sorted(SENT))
def test_pixels_sent(recs, what):
    worst = max(_by(recs, what), key=lambda r: r["sent"])
    assert worst["sent"] <= SENT[what], worst


@pytest.mark.parametrize("what", sorted(SENT))
def test_composited_at_most_twice_sent(recs, what):
    # compositing walks every visible layer over the refreshed area: text lines re-shown
    # over an area refreshed anyway double it
    for r in _by(recs, what):
        assert r["comp"] <= 2.2 * r["sent"] + 2000, r
