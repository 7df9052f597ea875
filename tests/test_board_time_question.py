"""Pixel budgets of the yes / no question (title.AskMenu: starting a game over a saved one,
resetting the statistics), counted by the board-time estimator's stand-ins
(tools/board/board_time.py; counts, not times: they do not depend on the machine).

The question is a panel (4, 4, 152, 120) on DARK: drawn as a panel over a cleared screen,
most of its pixels were filled twice (42,960 px filled to open it on 2026-12-02 main, ~4.5
board-ms of fills more than needed, and 11,352 per move between its answers, whose
unselected row was filled in the panel's colour as well); now the screen is cleared in the
panel's colour and only the border is DARK, as the sheets' panels are, and only the
selected answer's bar is filled: 25,112 and 5,676."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import board_time  # noqa: E402
import device_heap  # noqa: E402

pytestmark = pytest.mark.skipif(device_heap.micropython_binary() is None,
                                reason="no MicroPython unix port")

FULL = 160 * 128
OPEN_FILL = 25500  # the screen once, its DARK border, the frame and the selected bar
ANSWER_FILL = 6000  # an answer's move: the two answers' rows, and the bar


@pytest.fixture(scope="module")
def recs():
    return board_time.run_plan(board_time.default_keys(), mpy=False, count=True)


def _asks(s):
    f = s.split(":")
    return len(f) == 3 and f[2] == "1"


def test_a_question_opened_fills_each_pixel_about_once(recs):
    rs = [r for r in recs if _asks(r["after"]) and not _asks(r["before"])]
    assert rs, "the key plan asks no question"
    for r in rs:
        assert r["sent"] == FULL, r  # (a screen change: one full refresh)
        assert FULL <= r["fill"] <= OPEN_FILL, r


def test_a_move_between_answers_fills_its_rows_about_once(recs):
    rs = [r for r in recs if _asks(r["after"]) and _asks(r["before"]) and r["key"]]
    assert rs, "the key plan moves no answer"
    for r in rs:
        assert 0 < r["fill"] <= ANSWER_FILL, r
