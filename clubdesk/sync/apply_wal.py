"""The write-ahead log kept short while an apply commits pulled rows back to back (docs/sync.md «Applying in bulk»,
«the WAL kept short»): a checkpoint every APPLY_CHECKPOINT_EVERY of the apply's transactions, in a thread of its own.

Why the apply checkpoints at all: the store's checkpointer thread runs beside the writers, so while an apply commits
back to back its checkpoint never caught up with the log's end and the log was never rewound: 100 000 pulled rows
grew it past 1 GB, and every page read went through a longer WAL index (the rows/s fell by half). Run between two
of the apply's own commits, a checkpoint usually copies the whole log and the next commit starts it again from the
beginning. PASSIVE: it never waits for a writer (a shot goes on).

Why in a thread: SQLite releases the GIL while it copies the log back, so the copy runs beside the next batch's plan
(Python work) — also the next apply call's, when the runner hands one `Checkpoints` to all the calls of a pull — and
the next write waits for it (a write that began with the copy unfinished could not start the log again). Run in the
apply's thread, the checkpoints were 0.2–0.3 s of a 100 000-row pull that nothing ran beside.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from clubdesk.store.db import Store

APPLY_CHECKPOINT_EVERY = 8  # transactions
# While a referee records at this desk, the checkpoint's writes to the database file compete with each shot's
# fsync (its p99 went from 4 to 10 ms): the apply then leaves the log to grow up to this size first.
RECORDING_WAL_LIMIT = 64 * 1024 * 1024


class Checkpoints:
    """The checkpoints of one apply call, or of every call of a pull (`with Checkpoints(store) as c`)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.transactions = 0
        self._conn: sqlite3.Connection | None = None
        self._thread: threading.Thread | None = None
        self._copied: bool | None = None

    def __enter__(self) -> Checkpoints:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def written(self, *, recording: bool) -> None:
        """After each of the apply's transactions: every APPLY_CHECKPOINT_EVERY, a checkpoint begins, unless a
        referee records here and the log is still short."""
        self.transactions += 1
        if self.transactions % APPLY_CHECKPOINT_EVERY == 0 and (not recording or
                                                                wal_bytes(self.store) > RECORDING_WAL_LIMIT):
            self.begin()

    def begin(self) -> None:
        self.wait()
        if self._conn is None:
            self._conn = sqlite3.connect(self.store.path, isolation_level=None, check_same_thread=False)
            self._conn.execute("PRAGMA busy_timeout=5000")
        self._thread = threading.Thread(target=self._run, name="apply-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        self._copied = checkpoint(self._conn)

    def wait(self) -> None:
        """Before a write: the checkpoint begun after the last one is done, so this write starts the log again."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
            if self._copied is False:
                # A plan's read began while the checkpoint took the readers' marks and had to keep the log up to
                # an older one (1 run in 6 of the WAL test, loaded machine): copied to the end now, with no read
                # open, or this write could not start the log again.
                checkpoint(self._conn)

    def close(self) -> None:
        self.wait()
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def wal_bytes(store: Store) -> int:
    try:
        return os.path.getsize(f"{store.path}-wal")
    except OSError:
        return 0


def checkpoint(conn: sqlite3.Connection) -> bool:
    """Whether the whole log was copied back."""
    try:
        busy, log, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    except sqlite3.OperationalError:
        return True  # busy: another checkpoint runs (the store's thread); the next one copies what is left
    return not busy and copied == log
