"""Hybrid logical clock: one monotonic timestamp per local write, mergeable across desks.

A timestamp is an int: wall-clock milliseconds << 16 | a counter. It never goes backwards on one
desk even if the system clock does, and `observe()` moves it past any timestamp seen from a hub,
so the sync can order writes from several desks without trusting their clocks.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

_COUNTER_BITS = 16
_COUNTER_MASK = (1 << _COUNTER_BITS) - 1
MAX_SKEW_MS = 5 * 60 * 1000  # docs/sync.md «Clocks»; CLUBDESK_MAX_CLOCK_SKEW_MS overrides it


def max_skew_ms() -> int:
    return int(os.environ.get("CLUBDESK_MAX_CLOCK_SKEW_MS", MAX_SKEW_MS))


class HybridLogicalClock:
    def __init__(self, last: int = 0, wall_ms: Callable[[], int] | None = None, max_skew: int | None = None) -> None:
        self._last = last
        self._wall_ms = wall_ms or (lambda: int(time.time() * 1000))
        self._lock = threading.Lock()
        self.max_skew = max_skew_ms() if max_skew is None else max_skew
        self.skewed: dict[str, int] = {}  # desk id -> the most ms ahead of this desk's wall clock seen from it

    def now(self) -> int:
        with self._lock:
            wall = self._wall_ms() << _COUNTER_BITS
            self._last = wall if wall > self._last else self._last + 1
            return self._last

    def observe(self, remote: int, desk_id: str = "") -> int:
        """Merge a timestamp received from elsewhere; the next `now()` is after both.

        A timestamp more than `max_skew` ms ahead of this desk's wall clock is clamped to that limit (one desk
        set days ahead would otherwise drag every desk's clock with it) and its desk is noted in `skewed`.
        """
        with self._lock:
            wall = self._wall_ms()
            ahead = (remote >> _COUNTER_BITS) - wall
            if ahead > self.max_skew:
                self.skewed[desk_id] = max(ahead, self.skewed.get(desk_id, 0))
                remote = (wall + self.max_skew) << _COUNTER_BITS
            self._last = max(self._last, remote)
            return self._last

    @staticmethod
    def wall_ms(ts: int) -> int:
        return ts >> _COUNTER_BITS

    @staticmethod
    def counter(ts: int) -> int:
        return ts & _COUNTER_MASK
