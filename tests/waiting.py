"""Waiting for a condition outside Qt's event loop (threads, servers, PostgreSQL): poll it until it holds, never
sleep a guessed time. On a loaded machine a guessed time is too short; the condition is what the test checks."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(condition: Callable[[], object], timeout: float = 20.0, what: str = "the condition") -> None:
    """Return as soon as `condition()` is true; raise TimeoutError after `timeout` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not hold within {timeout} s")
        time.sleep(0.01)  # a poll, not a guess: the loop ends when the condition holds
