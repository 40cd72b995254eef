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
    def __init__(self, last: int = 0, wall_ms: Callable[[], int] | None = None, max_skew: int | None = None,
                 offset_ms: int = 0) -> None:
        self._wall_ms = wall_ms or (lambda: int(time.time() * 1000))
        self._lock = threading.Lock()
        self.max_skew = max_skew_ms() if max_skew is None else max_skew
        # ms to add to this machine's clock: the hub's clock minus it, when it was off by more than max_skew at the
        # last sync (docs/sync.md «Clocks»); 0 otherwise
        self.offset_ms = offset_ms
        # `last` is the newest hlc of the file, another desk's too: one far ahead of this desk's clock is clamped as
        # `observe` clamps it, or one desk set days ahead would drag this one's clock at every start
        self._last = min(last, self._bound()) if last else 0
        self.skewed: dict[str, int] = {}  # desk id -> the most ms ahead of this desk's wall clock seen from it

    def follow(self, offset_ms: int) -> None:
        """Correct this desk's clock by `offset_ms` (the hub's clock minus this machine's): from now on it stamps by
        the hub's time. A clock that ran ahead comes back at once (its newest stamp clamped as at a start): its later
        writes over its own earlier ones still win, each stamped above what it writes over (`above`)."""
        with self._lock:
            self.offset_ms = offset_ms
            self._last = min(self._last, self._bound())

    def machine_ms(self) -> int:
        """This machine's clock in ms, as it is (what the hub compares with its own)."""
        return self._wall_ms()

    def wall(self) -> int:
        """This desk's idea of the time in ms: its machine's clock, corrected by the hub's when that was off."""
        return self._wall_ms() + self.offset_ms

    def _bound(self) -> int:
        return (self.wall() + self.max_skew) << _COUNTER_BITS

    def now(self) -> int:
        with self._lock:
            wall = self.wall() << _COUNTER_BITS
            self._last = wall if wall > self._last else self._last + 1
            return self._last

    def above(self, floor: int) -> int:
        """The stamp of a local write over a value stamped `floor` (the newest stamp this desk holds of the row):
        `now()`, or just above `floor` when that is later. So the write wins here and on every desk it reaches, by
        the one merge rule the apply uses (per-field LWW by (hlc, desk_id)); a desk whose clock is behind another's
        (or that clamped a stamp far ahead in `observe`) would otherwise show its own write while every other desk
        keeps the value it overwrote. The clock itself moves no further than `observe` lets a remote stamp take it."""
        ts = self.now()
        if ts > floor:
            return ts
        with self._lock:
            self._last = max(self._last, min(floor + 1, self._bound()))
        return floor + 1

    def observe(self, remote: int, desk_id: str = "") -> int:
        """Merge a timestamp received from elsewhere; the next `now()` is after both.

        A timestamp more than `max_skew` ms ahead of this desk's wall clock is clamped to that limit (one desk
        set days ahead would otherwise drag every desk's clock with it) and its desk is noted in `skewed`.
        """
        with self._lock:
            wall = self.wall()
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
