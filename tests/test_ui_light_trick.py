"""Alley Cat's frame at a trick's end is light (a short step on the board): it redraws what follows the
table's gfx.again(0) mark (the stock, the scores, the trick, the messages, the hand) and
keeps the labels and the target before it, instead of a gfx.clear() of the whole table.
That such frames give the same picture as a full redraw is test_ui_incremental's
keep-parts test."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from test_ui_play import Driver, gfx  # noqa: E402


def _count_frames(monkeypatch, used, hand=False):
    """gfx.again() (a light frame), gfx.clear() and, if hand, the hand's section started
    again, as they are called, into used."""
    again = gfx.again
    clear = gfx.clear
    start = gfx.start

    def counted_again(k=1):
        if k == 1:
            used.append("again")
        again(k)

    def counted_clear(color=gfx.FELT):
        used.append("clear")
        clear(color)

    def counted_start(k):
        if k == 2:
            used.append("hand")
        return start(k)

    monkeypatch.setattr(gfx, "again", counted_again)
    monkeypatch.setattr(gfx, "clear", counted_clear)
    if hand:
        monkeypatch.setattr(gfx, "start", counted_start)


def test_alley_cat_trick_end_frames_keep_the_labels(tmp_path, monkeypatch):
    d = Driver(tmp_path / "save.bin", seed=21, fresh=True)
    used = []
    _count_frames(monkeypatch, used)
    ends = {0: [], 1: []}  # who played the trick's last card: how the frame began
    step = d.app.step

    def watched(now, pressed):
        s = d.app.screen
        g = getattr(s, "g", None)
        before = g.history_size if g is not None and s.name == "alleycat" else -1
        turn = g.turn if before >= 0 else -1
        del used[:]
        step(now, pressed)
        if before >= 0 and d.app.screen is s and g.history_size > before and \
                s.hold_until >= 0 and not s.overlay:
            ends[turn].append(tuple(used))

    d.app.step = watched
    d.menu_to("Alley Cat")
    for _ in range(150):
        if d.name != "alleycat" or d.screen.g.phase == d.screen.PHASE_GAME_OVER or \
                (len(ends[0]) >= 6 and len(ends[1]) >= 3):
            break
        d.press("a")  # (your card; ends a hold or a round; refused while the computer plays)
    # both kinds of trick end seen, each drawn once, light (main's code: ("clear",))
    assert len(ends[0]) >= 6 and len(ends[1]) >= 3, ends
    for k in (0, 1):
        assert all(u == ("again",) for u in ends[k]), (k, ends[k])


def test_back_alley_trick_end_frames_are_light(tmp_path, monkeypatch):
    """Back Alley's trick end is light too: the trump, the deal and the dealer's chip are
    kept (gfx.again), not drawn again after a gfx.clear(). (main's code: ("clear", "hand"))"""
    d = Driver(tmp_path / "save.bin", seed=12, fresh=True)
    used = []
    _count_frames(monkeypatch, used, hand=True)
    ends = {0: [], 1: []}  # you / a computer played the trick's last card: the frame's calls
    step = d.app.step

    def watched(now, pressed):
        s = d.app.screen
        g = getattr(s, "g", None)
        ok = g is not None and s.name == "backalley" and g.phase == s.PHASE_PLAY
        before = g.history_size if ok else -1
        turn = g.turn if ok else -1
        del used[:]
        step(now, pressed)
        if before >= 0 and d.app.screen is s and g.history_size > before and \
                s.hold_until >= 0 and not s.overlay:
            ends[1 if turn else 0].append(tuple(used))

    d.app.step = watched
    d.menu_to("Back Alley")
    for _ in range(300):
        scr = d.screen
        if d.name != "backalley" or scr.g.phase == scr.PHASE_GAME_OVER or \
                (len(ends[0]) >= 4 and len(ends[1]) >= 8):
            break
        d.press("right" if _ % 3 == 0 and scr.g.turn == 0 else "a")
    assert len(ends[0]) >= 4 and len(ends[1]) >= 8, ends
    for k in (0, 1):
        assert all(u == ("again", "hand") for u in ends[k]), (k, ends[k])
