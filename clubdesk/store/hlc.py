"""Hybrid logical clock: one monotonic timestamp per local write, mergeable across desks.

A timestamp is an int: wall-clock milliseconds << 16 | a counter. It never goes backwards on one
desk even if the system clock does, and `observe()` moves it past any timestamp seen from a hub,
so the sync can order writes from several desks without trusting their clocks.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

_COUNTER_BITS = 16
_COUNTER_MASK = (1 << _COUNTER_BITS) - 1


class HybridLogicalClock:
    def __init__(self, last: int = 0, wall_ms: Callable[[], int] | None = None) -> None:
        self._last = last
        self._wall_ms = wall_ms or (lambda: int(time.time() * 1000))
        self._lock = threading.Lock()

    def now(self) -> int:
        with self._lock:
            wall = self._wall_ms() << _COUNTER_BITS
            self._last = wall if wall > self._last else self._last + 1
            return self._last

    def observe(self, remote: int) -> int:
        """Merge a timestamp received from elsewhere; the next `now()` is after both."""
        with self._lock:
            self._last = max(self._last, remote)
            return self._last

    @staticmethod
    def wall_ms(ts: int) -> int:
        return ts >> _COUNTER_BITS

    @staticmethod
    def counter(ts: int) -> int:
        return ts & _COUNTER_MASK
