"""Where the table page's service calls run: on one thread, the one that owns the club's services.

GameService keeps each game's live engine in memory and is not made for two threads at once, and the desk's
windows call it from the GUI thread. So in the desk every call from the page is queued to the GUI thread
(clubdesk/ui/web_panel.py makes that dispatcher): the desk's own signal then tells its windows at once, as if
the shot had been typed there. `clubdesk serve` has no GUI: one worker thread plays that part.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable
from typing import Any, Protocol


class Dispatcher(Protocol):
    def submit(self, fn: Callable[[], Any]) -> concurrent.futures.Future: ...


class ThreadDispatcher:
    """One worker thread for every service call (the CLI server)."""

    def __init__(self) -> None:
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="clubdesk-web-services")

    def submit(self, fn: Callable[[], Any]) -> concurrent.futures.Future:
        return self._pool.submit(fn)

    def close(self) -> None:
        self._pool.shutdown(wait=True)


async def run(dispatcher: Dispatcher, fn: Callable[[], Any]) -> Any:
    return await asyncio.wrap_future(dispatcher.submit(fn))
