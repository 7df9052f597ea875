"""The board-time estimator's driver allocates nothing per poll (tools/board/board_time_driver.py).

Its VM runs with a board-sized heap (board_time.HEAP), so garbage of the driver's own fills
it as a board's would never be, and the VM's collections (~40 board-ms each) land in
whichever poll of the program meets the full heap: before this test, the driver formatted
the screen's state as text twice in every poll (~600 bytes a poll, the heap full every ~2 s
of play) and put collections into Back Alley's bidding summary going, a trick cleared and
others, all estimator garbage."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import board_time  # noqa: E402
import device_heap  # noqa: E402

pytestmark = pytest.mark.skipif(device_heap.micropython_binary() is None,
                                reason="no MicroPython unix port")


def test_the_driver_allocates_nothing_per_poll():
    recs = board_time.run_plan(board_time.default_keys(short=True), mpy=False, count=True)
    assert recs
    # (None: a driver that does not count its own bytes)
    assert board_time.run_plan.driver_bytes == 0, board_time.run_plan.driver_bytes


def test_the_states_recorded_are_the_screens():
    # the state text the driver builds without allocating is still the tool's format
    recs = board_time.run_plan(board_time.default_keys(short=True), mpy=False, count=True)
    names = set()
    for r in recs:
        for s in (r["before"], r["after"]):
            f = s.split(":")
            names.add(f[0])
            assert len(f) in (3, 8), s
            assert all(x.lstrip("-").isdigit() for x in f[1:]), s
            if f[0] in ("alleycat", "backalley"):
                assert len(f) == 8, s
            else:
                assert len(f) == 3, s
    assert {"title", "alleycat", "backalley", "pause"} <= names, names


def test_instr_marks_every_poll_that_may_make_a_record():
    # board_time.py --instr: callgrind dumps a poll's counts at the driver's hash() mark.
    # Counting only the polls with a key (as it once did), so "a computer's card shown" (a poll
    # without one) had no instruction figure. Run here without valgrind: the marks are
    # plain builtins, and the driver announces each dump (a record's flag, or None)
    recs = board_time.run_plan(board_time.default_keys(short=True), mpy=False, count=True,
                               wrap=lambda tmp: [])
    assert board_time.run_plan.driver_bytes == 0, board_time.run_plan.driver_bytes
    rs = [r for r in recs if r is not None]
    shown = [r for r in rs if r["what"] == "a computer's card shown"]
    thinks = [r for r in rs if r["thinks"]]
    assert shown and thinks
    for r in rs:
        if r["key"] or r["thinks"] or r["sent"]:
            assert r["dumped"] == 1, r
    # a poll with nothing to refresh is not dumped (thousands of idle polls would be)
    assert len(recs) < 3 * len(rs)
    plain = board_time.run_plan(board_time.default_keys(short=True), mpy=False, count=True)
    assert None not in plain and not any(r["dumped"] for r in plain)
