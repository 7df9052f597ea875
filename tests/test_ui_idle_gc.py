"""The garbage is collected in idle steps (App.idle): never in a step that read a
key, drew or thought, only in the second idle step of a row, and only when the free heap is
below what went between two rows lately. The heap is a fake (CPython has no gc.mem_free):
each step that drew allocates 30 KB of it, a collection gives everything back."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from test_ui_thinking import Stepper, start, to_my_card_turn  # noqa: E402
from test_ui_play import app_mod  # noqa: E402

HEAP = 150000
DRAW = 30000


class FakeHeap:
    def __init__(self, free=HEAP):
        self.free = free
        self.full = free
        self.idle_collects = []  # steps whose App.idle collected
        self.in_idle = False
        self.step = 0

    def mem_free(self):
        return self.free

    def collect(self):
        if self.in_idle:
            self.idle_collects.append(self.step)
        self.free = self.full


def play(tmp_path, monkeypatch, heap, steps=1500):
    d = start(tmp_path, "Back Alley")
    st = Stepper(d, monkeypatch)
    monkeypatch.setattr(app_mod, "gc", heap)
    monkeypatch.setattr(app_mod, "_free", heap.mem_free)
    idle = app_mod.App.idle

    def watched(app):
        heap.in_idle = True
        try:
            idle(app)
        finally:
            heap.in_idle = False
    monkeypatch.setattr(app_mod.App, "idle", watched)
    busy = {}  # step -> why it was not idle (a key, a drawing, thinking)
    heap.exhausted = 0  # drawing steps that found less free than they allocate
    to_my_card_turn(d)
    for i in range(steps):
        heap.step = st.n + 1
        key = "a" if i % 40 == 39 else None  # your card / bid / next deal now and then
        f = st.frames
        free = heap.free
        st.step(key)
        if st.frames != f:
            if free < DRAW:
                heap.exhausted += 1  # (a board's VM would collect in this step)
            heap.free = max(0, heap.free - DRAW)
        if key or st.frames != f or st.calls("think", st.n - 1) or st.calls("begin", st.n - 1):
            busy[st.n] = True
    return busy


def test_idle_collections_only_in_the_second_idle_step_when_the_heap_is_low(tmp_path,
                                                                            monkeypatch):
    heap = FakeHeap()
    busy = play(tmp_path, monkeypatch, heap)
    assert heap.idle_collects, "the free heap ran low and nothing collected it"
    for n in heap.idle_collects:
        assert n not in busy, "collected in step %d, which read a key, drew or thought" % n
        assert n - 1 not in busy, "collected in the first idle step of a row (%d)" % n
    # each collection came when less was free than the last rows' allocation, so a step
    # that drew found the heap exhausted only while the first rows were being measured
    assert heap.exhausted <= 2, heap.exhausted


def test_no_idle_collection_while_the_heap_has_room(tmp_path, monkeypatch):
    heap = FakeHeap(free=10 ** 9)
    play(tmp_path, monkeypatch, heap, steps=600)
    assert heap.idle_collects == []


def test_no_idle_collection_on_cpython(tmp_path, monkeypatch):
    # the desktop's gc has no mem_free: App.idle does nothing there
    assert app_mod._free() < 0
    d = start(tmp_path, "Alley Cat")
    calls = []
    monkeypatch.setattr(app_mod.gc, "collect", lambda: calls.append(1))
    st = Stepper(d, monkeypatch)
    for _ in range(300):
        st.step()
    assert calls == []
