"""The cyclic garbage collector runs on the GUI thread only (clubdesk/ui/gui_collector.py): a reference cycle holding
a Qt object, collected in another thread, destroyed that object off its thread (docs/testing.md, the worker crash).
A cycle here carries a finalizer that records the thread it ran in; the other thread allocates enough to set the
automatic collector off, which is what would collect the cycle there if it were on."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import threading
import weakref
from pathlib import Path

import pytest

from clubdesk.sync import collector
from clubdesk.ui import gui_collector

ROOT = Path(__file__).resolve().parents[2]
# each test starts from the automatic collector, as a desk's process does (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("automatic_collector")

APP_MADE = """
import gc, json, threading, time, weakref
from clubdesk.ui.app import make_application
app, _tr = make_application("ru", quiet=True)
off = not gc.isenabled()
ran_in, held = [], []
class Node: pass
def work():
    a, b = Node(), Node()
    a.b, b.a = b, a
    weakref.finalize(a, lambda: ran_in.append(threading.current_thread().name))
    del a, b
    held.extend([] for _ in range(5000))  # over the youngest generation's threshold, in this thread
thread = threading.Thread(target=work, name="worker")
thread.start()
thread.join()
deadline = time.monotonic() + 30
while not ran_in and time.monotonic() < deadline:
    app.processEvents()
    time.sleep(0.01)
print(json.dumps({"off": off, "ran_in": ran_in}))
"""


class Node:
    pass



def leave_a_cycle_in_a_thread(ran_in: list[str], held: list) -> None:
    """A cycle left as garbage by a thread of its own, which then allocates past the collector's threshold."""
    def work() -> None:
        a, b = Node(), Node()
        a.b, b.a = b, a
        weakref.finalize(a, lambda: ran_in.append(threading.current_thread().name))
        del a, b
        held.extend([] for _ in range(5000))  # kept: freed, they would take the count back under the threshold

    thread = threading.Thread(target=work, name="worker")
    thread.start()
    thread.join()


@pytest.fixture
def gui_collects(qapp):
    gui_collector.install(qapp)
    yield
    gui_collector.uninstall()
    assert gc.isenabled()


def test_the_app_made_switches_the_automatic_collector_off_and_collects_a_threads_cycle_on_the_gui_thread(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", APP_MADE], capture_output=True, text=True, env=env, timeout=120,
                          check=True, cwd=tmp_path)
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got == {"off": True, "ran_in": ["MainThread"]}


GUI_STARTED = """
import gc, json, sys
at_qt = []
class Watch:  # notes the collector's state when Qt's bindings are first imported
    def find_spec(self, name, path=None, target=None):
        if name == "shiboken6" and not at_qt:
            at_qt.append(gc.isenabled())
sys.meta_path.insert(0, Watch())
from clubdesk.cli import main
code = main(["--lang", "en"])  # no display: the GUI package is imported, then the start says what to do
print(json.dumps({"automatic_at_qt": at_qt, "code": code}))
"""


def test_the_gui_start_switches_the_automatic_collector_off_before_it_imports_qt(tmp_path):
    """Issue 36: the start's collections walked the objects Qt's import was making (43 of them before the first
    frame, ~11 M instructions); the GUI thread's timer collects from the application on."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-c", GUI_STARTED], capture_output=True, text=True, env=env, timeout=120,
                          check=True, cwd=tmp_path)
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got == {"automatic_at_qt": [False], "code": 2}


def test_a_cycle_another_thread_leaves_is_collected_by_the_gui_threads_timer(qtbot, gui_collects):
    ran_in: list[str] = []
    held: list = []
    leave_a_cycle_in_a_thread(ran_in, held)
    assert ran_in == []  # the other thread's allocations set nothing off
    qtbot.waitUntil(lambda: ran_in != [], timeout=10_000)
    assert ran_in == ["MainThread"]


def test_an_applys_pause_and_resume_leave_the_automatic_collector_off_while_the_gui_thread_collects(gui_collects):
    collector.pause_collector()
    collector.pause_collector()  # two threads' applies at once
    collector.resume_collector()
    collector.resume_collector()
    assert not gc.isenabled()


def test_an_apply_paused_before_the_gui_thread_took_the_collector_does_not_switch_it_on_when_it_ends(qapp):
    assert gc.isenabled()
    collector.pause_collector()  # it records the collector on
    try:
        gui_collector.install(qapp)
    finally:
        collector.resume_collector()
    try:
        assert not gc.isenabled()
    finally:
        gui_collector.uninstall()
    assert gc.isenabled()


def test_the_collector_given_back_during_an_apply_comes_on_when_the_apply_ends(qapp):
    gui_collector.install(qapp)
    collector.pause_collector()
    try:
        gui_collector.uninstall()
        assert not gc.isenabled()  # the apply's pause holds
    finally:
        collector.resume_collector()
    assert gc.isenabled()


class FakeGc:
    """The counts and thresholds a tick reads, and the collections it makes."""

    def __init__(self, counts: tuple[int, int, int], sizes: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.counts, self.sizes, self.collected = counts, sizes, []

    def get_count(self):
        return self.counts

    def get_threshold(self):
        return (700, 10, 10)

    def get_objects(self, generation):
        return [None] * self.sizes[generation]

    def collect(self, generation):
        self.collected.append(generation)
        return 0


@pytest.fixture
def fake_gc(monkeypatch):
    monkeypatch.setattr(gui_collector, "_pending", 0)
    monkeypatch.setattr(gui_collector, "_kept", 0)

    def use(counts, sizes=(0, 0, 0)):
        fake = FakeGc(counts, sizes)
        monkeypatch.setattr(gui_collector, "gc", fake)
        return fake
    return use


@pytest.mark.parametrize(("counts", "collected"), [
    ((700, 11, 11), []),  # the youngest generation not over its threshold: nothing, whatever the older say
    ((701, 0, 0), [0]),
    ((701, 11, 0), [1]),
    ((701, 11, 11), [2]),  # the oldest over its threshold, everything it holds new (no collection of it yet)
    ((701, 0, 11), [2]),
])
def test_a_tick_collects_the_oldest_generation_over_its_threshold_once_the_youngest_is(fake_gc, counts, collected):
    fake = fake_gc(counts)
    gui_collector.collect_due()
    assert fake.collected == collected


def test_the_whole_heap_is_walked_again_only_once_a_quarter_of_it_is_new(fake_gc):
    fake = fake_gc((701, 0, 11), sizes=(0, 0, 1000))
    gui_collector.collect_due()
    assert fake.collected == [2]  # it kept 1000 objects
    got = []
    for young in ((100, 149), (1, 0), (0, 0)):  # survivors moved into the oldest generation: 249, then 250
        fake = fake_gc((701, 11, 11), sizes=(*young, 1000))
        gui_collector.collect_due()
        got += fake.collected
    assert got == [1, 1, 2]  # under a quarter of 1000, the younger ones; at a quarter, the whole heap
