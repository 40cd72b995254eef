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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

CHECKPOINT_EVERY = 50  # commits; a shot writes ~8 pages, so the log stays well under SQLite's 1 000


class Writer:
    """One plain sqlite3 connection, one transaction at a time (`with writer.transaction() as cursor`)."""

    def __init__(self, path: Path, set_pragmas: Callable[[sqlite3.Connection], None]) -> None:
        self.path = path
        self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        set_pragmas(self._conn)
        self._conn.execute("PRAGMA wal_autocheckpoint=0")  # the checkpointer thread does it
        self._lock = threading.Lock()
        self._commits = 0
        self._checkpointer = _Checkpointer(path)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Cursor]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK when the block raises."""
        with self._lock:
            cursor = self._conn.cursor()
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
                cursor.close()
            self._commits += 1
            if self._commits % CHECKPOINT_EVERY == 0:
                self._checkpointer.request()

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
