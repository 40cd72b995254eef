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

from clubdesk.errors import KnownError


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


CALL_S = 15.0  # a call not begun within this (the desk's GUI thread busy or frozen) is dropped and refused


class Busy(KnownError):
    code = "desk_busy"


async def run(dispatcher: Dispatcher, fn: Callable[[], Any], timeout: float | None = None) -> Any:
    """fn's result from the services' thread. A request used to wait on a frozen GUI thread for ever, holding its
    connection; after CALL_S it is refused instead, and the call, cancelled, never runs later (a shot then stored
    unseen): a call the thread has begun is waited for to its end, so its answer is never lost."""
    future = dispatcher.submit(fn)
    waited = asyncio.wrap_future(future)
    try:
        done, _ = await asyncio.wait({waited}, timeout=CALL_S if timeout is None else timeout)
    except asyncio.CancelledError:
        waited.cancel()  # the phone went away: a call not yet begun is dropped, as before
        raise
    if done or not future.cancel():  # done, or begun meanwhile: its answer (and what it stored) is the one to give
        return await waited
    raise Busy("Стойка не отвечает: она занята. Повторите через минуту.",
               "The desk is not answering: it is busy. Try again in a minute.")
