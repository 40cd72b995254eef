"""The table page's live streams (server-sent events): a tablet's game, the host's game, the hall board.

A stream holds a connection and asks the services' thread (in the desk: the GUI thread) for the view at every change
and every POLL_S, so the number of streams is what one machine on the Wi-Fi could otherwise multiply without end:
each session holds at most PER_SESSION of them (a new one ends the session's oldest, so a page reloaded on a phone
always gets its stream) and the desk at most TOTAL (the next one is refused in one line).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from aiohttp import web

from clubdesk.errors import KnownError

POLL_S = 2.0  # the live stream re-reads the stored log this often, for writes made by another process on the file
PER_SESSION = 3  # a phone shows one game; slack for a reloaded page whose old stream is not yet gone, a second tab
TOTAL = 100  # ten tablets, the hall TV and the hosts' phones use a few dozen


def dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class Changes:
    """A version per game (and "*" for any game), bumped from any thread; a live stream waits on its own key, so
    a shot at one table wakes that table's tablets and the hall board, not every tablet in the club."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.versions: dict[str, int] = {}
        self._events: dict[str, asyncio.Event] = {}

    def notify(self, game_id: str) -> None:
        self.loop.call_soon_threadsafe(self._bump, game_id)

    def _bump(self, game_id: str) -> None:
        for key in (game_id, "*"):
            self.versions[key] = self.versions.get(key, 0) + 1
            event = self._events.pop(key, None)
            if event is not None:
                event.set()

    async def wait(self, key: str, timeout: float) -> bool:
        """True when the key changed, False when the timeout passed first."""
        event = self._events.setdefault(key, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
            return True
        except TimeoutError:
            return False


class Streams:
    """The open streams, by session; `call` runs a read on the services' thread."""

    def __init__(self, changes: Changes, call: Callable[[Callable[[], Any]], Any]) -> None:
        self.changes, self.call = changes, call
        self._open: dict[str, list[asyncio.Task]] = {}  # session id → its streams' tasks, oldest first

    @property
    def count(self) -> int:
        return sum(len(tasks) for tasks in self._open.values())

    async def serve(self, request: web.Request, session_id: str, key: str, read, refuse,
                    alive: Callable[[], bool] = lambda: True) -> web.StreamResponse:
        """Stream `read(polled)` while it changes; `refuse()` is the answer when the desk holds TOTAL streams.
        `alive()` is asked before every frame: once its session has ended (logged out, expired, its account disabled
        or given a new password at the desk) the stream ends too, and the page asks again and gets the login."""
        mine = self._open.setdefault(session_id, [])
        while len(mine) >= PER_SESSION:
            mine.pop(0).cancel()  # the session's oldest stream: a page that is gone or about to be
        if self.count >= TOTAL:
            return refuse()
        task = asyncio.current_task()
        mine.append(task)
        try:
            seen = self.changes.versions.get(key, 0)
            # the first frame before the stream opens: a refusal (an unknown game) is then an ordinary answer
            data = dumps(await self.call(lambda: read(True)))
            return await self._loop(request, key, read, data, seen, alive)
        finally:
            if task in mine:
                mine.remove(task)
            if not mine and self._open.get(session_id) is mine:
                del self._open[session_id]

    async def _loop(self, request: web.Request, key: str, read, data: str, seen: int,
                    alive: Callable[[], bool]) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store",
                                               "X-Accel-Buffering": "no"})
        await response.prepare(request)
        last = None
        try:
            while True:
                if data != last:
                    await response.write(f"data: {data}\n\n".encode())
                    last = data
                else:
                    await response.write(b": still here\n\n")
                # `polled`: woken by the clock, not by a write here — look for another process's events too
                polled = self.changes.versions.get(key, 0) == seen and not await self.changes.wait(key, POLL_S)
                seen = self.changes.versions.get(key, 0)
                if not alive():
                    break  # a stream used to go on sending a session's views after the desk had ended the session
                data = dumps(await self.call(lambda p=polled: read(p)))
        except (ConnectionResetError, asyncio.CancelledError, KnownError):
            # the phone went away, a newer stream of its session took over, or the game is gone: the connection
            # goes too, not back to the browser's pool
            pass
        response.force_close()
        return response
