"""The cyclic garbage collector paused while a call applies its rows (`apply.apply_remote`), shared by the calls of
several threads (the last one out switches it back on, if it was on) — and never switched back on once one thread
collects by itself (`hand_to_one_thread`: the desk's GUI thread, ui/gui_collector.py).

Why the pause: an apply call handles at most runner.APPLY_CHUNK rows, a fraction of a second; the plan makes a few
small dicts and tuples per row, and every 700 of them the collector walked the young objects, and now and then the
whole heap (the pulled page, the GUI's objects): 10 % of the apply's CPU (min of 4 applies of 30 000 rows each way).
None of these objects is in a cycle; whatever the desk's other threads leave meanwhile is collected once the
collector runs again.

Why one thread may own it: the automatic collector runs in whichever thread happens to allocate, and a cycle holding
a Qt object destroyed off the object's thread crashes the desk. Once the GUI thread collects on its timer, a pause
does not stop it: its ticks are at most a few a second, each walking what is alive then (an apply's plan objects
are freed by reference counting as it goes), not one walk per 700 of the apply's allocations, which is what the
pause saved; and a long pull (calls back to back for minutes) would otherwise leave the GUI's cycles uncollected.
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_pausers = 0
_was_on = False
_one_thread = False  # a thread collects by itself: the automatic collector stays off, whatever a pause recorded


def pause_collector() -> None:
    global _pausers, _was_on
    with _lock:
        if _pausers == 0:
            _was_on = gc.isenabled()
            gc.disable()
        _pausers += 1


def resume_collector() -> None:
    global _pausers
    with _lock:
        _pausers -= 1
        # A pause begun before a thread took the collector over recorded it on: switching it on now would hand the
        # collection back to whichever thread allocates next.
        if _pausers == 0 and _was_on and not _one_thread:
            gc.enable()


def hand_to_one_thread() -> None:
    """From now on one thread calls gc.collect itself: the automatic collector is off, and no resume switches it on."""
    global _one_thread
    with _lock:
        _one_thread = True
        gc.disable()


def hand_back() -> None:
    """The automatic collector again (a test that took it over gives it back); on now unless an apply has paused it
    (then its last resume switches it on)."""
    global _one_thread, _was_on
    with _lock:
        _one_thread = False
        if _pausers:
            _was_on = True
        else:
            gc.enable()
