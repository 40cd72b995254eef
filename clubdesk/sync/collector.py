"""The cyclic garbage collector paused while a call applies its rows (`apply.apply_remote`), shared by the calls of
several threads (the last one out switches it back on, if it was on).

Why: an apply call handles at most runner.APPLY_CHUNK rows, a fraction of a second; the plan makes a few small
dicts and tuples per row, and every 700 of them the collector walked the young objects, and now and then the whole
heap (the pulled page, the GUI's objects): 10 % of the apply's CPU (min of 4 applies of 30 000 rows each way). None
of these objects is in a cycle; whatever the desk's other threads leave meanwhile is collected once the collector
runs again.
"""

from __future__ import annotations

import gc
import threading

_lock = threading.Lock()
_pausers = 0
_was_on = False


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
        if _pausers == 0 and _was_on:
            gc.enable()
