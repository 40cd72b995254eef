"""The one way the benchmarks time a piece of work: the best CPU time of a few runs (the least disturbed by the
other processes of a shared machine; a ratio to a baseline measured the same way in the same run is the claim)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], repeat: int = 5) -> float:
    """Seconds of process CPU time of the fastest of `repeat` calls of `fn`."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best
