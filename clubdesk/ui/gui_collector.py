"""The cyclic garbage collector run by a timer on the GUI thread, never by whichever thread allocates.

Why: the desk has other Python threads (the table page's server, the sync, the store's checkpoints, the warm-up).
The automatic collector runs in the thread whose allocation crosses its threshold, and a reference cycle holding a
Qt object (a window's helper with a timer, a widget) collected there destroys that object off its thread: Qt says
«QObject::~QObject: Timers cannot be stopped from another thread» and the next event may segfault (a test worker
crashed so, docs/testing.md). The known cure (pyqtgraph's GarbageCollector): the automatic collector off, and the
GUI thread's timer making the collection it would have made. An apply's pause of the collector (sync/collector.py)
then never switches it back on.

It makes the start cheaper: `clubdesk.cli.main` hands the collection over before it imports Qt, so the start makes
no collection until this timer's first tick, after the first frame. The automatic collector made 43 on the way to
the main window's first frame on the demo club with its past (most walking what Qt's import had just made):
745.7 → 737.0 M instructions with the timers at a real start's pace (`python -m benchmarks.ui_start_callgrind`);
the first ticks after the frame take 1–6 ms, as before.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

from clubdesk.sync import collector

# Why 200 ms: the automatic collector runs after 700 allocations, milliseconds on a busy desk; a cycle's memory now
# waits at most one tick. A tick with nothing due reads two tuples (microseconds, five times a second: nothing next
# to the clock's repaint); pyqtgraph's 1 s would let a burst of cycles (a page rebuilt) pile up five times as long.
INTERVAL_MS = 200

_timer: QTimer | None = None
_pending = 0  # objects moved into the oldest generation since its last collection here (CPython's long_lived_pending)
_kept = 0  # objects the oldest generation's last collection here kept (long_lived_total)


def install(parent: QObject) -> None:
    """Collect on this (the GUI) thread from now on; once a process. `parent`: the application, whose thread the
    timer's is. The timer only fires while an event loop turns: work done before the first one (the demo club built
    before its window) leaves its cycles to the first tick."""
    global _timer
    if _timer is not None:
        return
    collector.hand_to_one_thread()
    _timer = QTimer(parent, interval=INTERVAL_MS)
    _timer.timeout.connect(collect_due)
    _timer.start()


def uninstall() -> None:
    """The automatic collector again (a test that installed the timer leaves the process as it found it)."""
    global _timer
    if _timer is None:
        return
    _timer.stop()
    _timer.deleteLater()
    _timer = None
    collector.hand_back()


def collect_due() -> int | None:
    """The collection the automatic collector would make now, if any; returns its generation.

    CPython's rule (3.11, gcmodule.c collect_generations): nothing until the youngest generation's count is over its
    threshold (each collection adds one to the next generation's count), then the oldest generation whose count is
    over its threshold — but the oldest (a walk of the whole heap: ~55 ms of the GUI thread on the demo club with
    every page shown, 113 000 objects) only once the objects moved into it since its last collection are a quarter
    of those it kept then. Without that quarter a busy desk would walk its heap every 121 ticks."""
    global _pending, _kept
    counts = gc.get_count()
    thresholds = gc.get_threshold()
    if thresholds[0] == 0 or counts[0] <= thresholds[0]:  # a threshold of 0 switches collection off
        return None
    if counts[2] > thresholds[2] and _pending >= _kept // 4:
        gc.collect(2)
        _pending = 0
        _kept = len(gc.get_objects(2))
        return 2
    if counts[1] > thresholds[1]:
        young = len(gc.get_objects(0)) + len(gc.get_objects(1))
        _pending += young - gc.collect(1)  # the survivors move into the oldest generation
        return 1
    gc.collect(0)
    return 0
