"""The store's own write connection for the hot path (a shot, a Mafia action), and its WAL checkpointer.

Why not the SQLAlchemy engine: a pooled connection's checkout, transaction set-up and return cost about as
much per shot as the commit itself. Why a checkpointer thread: SQLite copies the write-ahead log back into
the database file inside whichever commit crosses the auto-checkpoint size (1 000 pages) — every hundredth
shot or so waited a few milliseconds for it. This connection turns that off and a daemon thread, with its own
connection, runs a PASSIVE checkpoint every CHECKPOINT_EVERY commits instead: it never blocks a writer, and
the GIL is released while SQLite works. Every other connection keeps SQLite's automatic checkpoint, so the
log stays bounded even if this thread were gone.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

CHECKPOINT_EVERY = 50  # commits; a shot writes ~8 pages, so the log stays well under SQLite's 1 000
PACE_AFTER_S = 0.2  # a foreground commit this recent means the desk is recording: background work paces itself
PACE_S = 0.004


class Writer:
    """One plain sqlite3 connection, one transaction at a time (`with writer.transaction() as cursor`)."""

    def __init__(self, path: Path, set_pragmas: Callable[[sqlite3.Connection], None]) -> None:
        self.path = path
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        set_pragmas(self._conn)
        self._conn.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer thread does it
        self._lock = threading.Lock()
        self._urgent_lock = threading.Lock()
        self._urgent = 0  # foreground transactions waiting for the lock: a background one lets them go first
        self._commits = 0
        self._last_foreground = 0.0
        self._checkpointer = _Checkpointer(path)

    def _acquire(self, background: bool) -> None:
        """threading.Lock is not fair: a thread applying pulled rows in a loop would take the lock straight back
        and a shot could wait several of its transactions. So a background transaction first lets every waiting
        foreground one through, and a foreground one says it is waiting."""
        if background:
            # While the desk is recording (a foreground commit in the last PACE_AFTER_S), a background
            # transaction first leaves the connection, the disk and the GIL to it for a moment: its commits
            # write WAL pages that the next shot's fsync would otherwise have to flush too.
            if time.monotonic() - self._last_foreground < PACE_AFTER_S:
                time.sleep(PACE_S)
            while True:
                while self._urgent:
                    time.sleep(0.0002)
                self._lock.acquire()
                if not self._urgent:
                    return
                self._lock.release()
        with self._urgent_lock:
            self._urgent += 1
        try:
            self._lock.acquire()
        finally:
            with self._urgent_lock:
                self._urgent -= 1

    @contextmanager
    def transaction(self, *, durable: bool = True, background: bool = False) -> Iterator[sqlite3.Cursor]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK when the block raises.

        `durable=False`: this commit does not wait for the disk (synchronous=NORMAL; a commit cost ~4–14 ms of
        fsync on the club's PCs, more than applying 20 pulled rows). For pulled rows only: a power cut may take
        back the last such transactions — and the pull cursor with them, in the same transaction, so they are
        pulled again; WAL keeps the file consistent either way. The next durable commit (a shot) syncs the log
        up to itself, these rows included. `background=True`: a foreground transaction waiting goes first."""
        self._acquire(background)
        try:
            cursor = self._conn.cursor()
            if not durable:
                cursor.execute("PRAGMA synchronous=NORMAL")
            try:
                cursor.execute("BEGIN IMMEDIATE")
                try:
                    yield cursor
                    cursor.execute("COMMIT")
                except BaseException:
                    # SQLite may have rolled back already (a full disk, RAISE(ROLLBACK)); a failed COMMIT may
                    # have left it open. Either way the connection is ready for the next transaction.
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise
            finally:
                if not durable:
                    self._conn.execute("PRAGMA synchronous=FULL")
                cursor.close()
            self._commits += 1
            if not background:
                self._last_foreground = time.monotonic()
            if self._commits % CHECKPOINT_EVERY == 0:
                self._checkpointer.request()
        finally:
            self._lock.release()

    def since_foreground(self) -> float:
        """Seconds since the last foreground commit (infinite if none yet)."""
        return time.monotonic() - self._last_foreground if self._last_foreground else float("inf")

    def close(self) -> None:
        with self._lock:
            self._checkpointer.stop()
            self._conn.close()


class _Checkpointer:
    """A daemon thread that runs `PRAGMA wal_checkpoint(PASSIVE)` when asked; started on the first request."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.done = 0  # checkpoints run (tests read it)
        self._wake = threading.Event()
        self._stopping = False
        self._thread: threading.Thread | None = None

    def request(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="store-checkpoint", daemon=True)
            self._thread.start()
        self._wake.set()

    def stop(self) -> None:
        self._stopping = True
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=10)

    def _run(self) -> None:
        conn = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA busy_timeout=5000")
        try:
            while True:
                self._wake.wait()
                self._wake.clear()
                if self._stopping:
                    return
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                    self.done += 1
                except sqlite3.OperationalError:
                    pass  # busy or closing: the next request tries again; other connections still auto-checkpoint
        finally:
            conn.close()
