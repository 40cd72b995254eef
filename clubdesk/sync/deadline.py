"""A hub connection that cannot hang a sync: every wait for the hub has a deadline, and so has the whole sync
(docs/sync.md «A link that goes silent»).

libpq waits for the server as long as the socket stays open. A link that dies without a FIN or RST (a cable pulled
behind a switch, a Wi-Fi bridge that drops out, a VPN that stalls) leaves it open: only the kernel's keepalive
(about two hours) would end it, and the GUI's worker starts no other sync while one runs. TCP keepalives and
`tcp_user_timeout` (set on every hub connection, `hub.HubAddress.connect`) end a link whose peer no longer
acknowledges; they are not enough alone, because a peer that acknowledges the bytes and never answers (a proxy or
NAT box whose other side died, a hub process that hangs) keeps them content. So the desk keeps a deadline of its
own: psycopg hands each round trip to `Connection.wait`, and here that wait gives up at the deadline, drops the
connection (its state is unknown: a statement half sent) and raises `HubSilent`, which the desk tells in one line.
The hub's own limits (statement_timeout, idle_in_transaction_session_timeout: hub.DESK_LIMITS) end its side.
"""

from __future__ import annotations

import selectors
import time

import psycopg
from psycopg import errors
from psycopg.waiting import READY_R, READY_W, WAIT_R, WAIT_W

# The longest a desk waits for one answer of the hub. A sync's statements take milliseconds to a few seconds (a
# 10 000-row batch crosses a 10 Mbit/s link in 2.8 s); the push's wait for the club's ingestion lock is the one that
# may take longer, and it raises its own deadline (`longer`). A dead link fails the sync within this.
CALL_DEADLINE_S = 20.0
# The longest a whole sync may take: a sync cut off there has committed what it did (each batch, each applied
# transaction and its cursor) and the next one resumes from it. A first pull of a club's million rows takes under
# a minute on the development machine.
SYNC_DEADLINE_S = 600.0


class HubSilent(psycopg.OperationalError):
    """The hub did not answer within the deadline: the link went silent (errors.from_psycopg: `hub_silent`)."""

    def __init__(self, seconds: float, whole_sync: bool) -> None:
        super().__init__(f"no answer from the hub for {seconds:g} s" if not whole_sync
                         else f"the sync took over {seconds:g} s")
        self.seconds = seconds
        self.whole_sync = whole_sync


class HubConnection(psycopg.Connection):
    """A psycopg connection whose waits for the server end at `call_deadline_s`, and all of them by `ends_at`
    (time.monotonic()); both None: no deadline of its own (the administrator's commands)."""

    call_deadline_s: float | None = None
    ends_at: float | None = None
    sync_deadline_s: float = SYNC_DEADLINE_S

    def set_deadlines(self, call_s: float | None = CALL_DEADLINE_S, sync_s: float | None = SYNC_DEADLINE_S) -> None:
        self.call_deadline_s = call_s
        self.ends_at = None if sync_s is None else time.monotonic() + sync_s
        self.sync_deadline_s = sync_s or 0.0

    def longer(self, seconds: float):
        """A context in which each wait may take `seconds` more (the push's wait for the ingestion lock)."""
        return _Longer(self, seconds)

    def wait(self, gen, interval: float = 0.1, timeout: float | None = None):  # noqa: D102 - psycopg's
        if self.call_deadline_s is None and self.ends_at is None:
            return super().wait(gen, interval, timeout)
        try:
            return _wait(gen, self.pgconn.socket, self.call_deadline_s, self.ends_at, timeout, self.sync_deadline_s)
        except HubSilent:
            # The generator stopped half-way (a statement half sent, an answer half read): the connection cannot
            # be used again. Closed here, so nothing else waits on it.
            self.pgconn.finish()
            raise


def _wait(gen, fileno: int, silent_s: float | None, ends_at: float | None, timeout: float | None,
          sync_s: float):
    """psycopg's wait loop (waiting.wait_select) with the deadlines: `silent_s` without the socket getting ready
    (a batch crossing a slow link makes progress all along and is not cut), `ends_at` for the whole sync."""
    started = time.monotonic()
    try:
        want = next(gen)
        last = started
        with selectors.DefaultSelector() as selector:
            registered = 0
            while True:
                events = (selectors.EVENT_READ if want & WAIT_R else 0) | (selectors.EVENT_WRITE if want & WAIT_W else 0)
                if events != registered:
                    (selector.modify if registered else selector.register)(fileno, events)
                    registered = events
                now = time.monotonic()
                step = min(x for x in (_STEP_S, silent_s and last + silent_s - now, ends_at and ends_at - now,
                                       timeout and started + timeout - now) if x is not None)
                ready = 0
                for _key, mask in selector.select(max(step, 0.0)):
                    ready |= (READY_R if mask & selectors.EVENT_READ else 0) | (READY_W if mask & selectors.EVENT_WRITE else 0)
                now = time.monotonic()
                if ready:
                    last = now
                elif ends_at is not None and now >= ends_at:
                    raise HubSilent(sync_s, True)
                elif silent_s is not None and now - last >= silent_s:
                    raise HubSilent(silent_s, False)
                elif timeout is not None and now - started >= timeout:
                    raise errors._WaitTimeout("wait timeout expired")
                want = gen.send(ready)
    except StopIteration as ex:
        return ex.value


_STEP_S = 1.0  # select in steps, as psycopg does, so that the loop notices a deadline even without an event


class _Longer:
    def __init__(self, conn: HubConnection, seconds: float) -> None:
        self.conn, self.seconds = conn, seconds

    def __enter__(self) -> None:
        self.saved = self.conn.call_deadline_s
        if self.saved is not None:
            self.conn.call_deadline_s = self.saved + self.seconds

    def __exit__(self, *_exc) -> None:
        self.conn.call_deadline_s = self.saved
