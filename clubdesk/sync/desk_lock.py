"""One sync of a desk file at a time (docs/sync.md «One sync at a time»): the GUI's background sync and `clubdesk sync
now` in a terminal, or two windows on one file, each take an OS lock on a file beside the database before they
touch the hub or the cursors; the second waits for the first (and says so once), then syncs what is left.

An OS lock and not a row in the SQLite file: the system drops it when its process ends, however it ends (a killed
sync, a power cut), so nothing is left to expire or to clean up, and a sync that hangs holds nobody but itself up.
flock on POSIX locks an open file description, so two threads of one process that each open the file exclude each
other too; on Windows msvcrt locks the file's first byte for its handle.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from clubdesk.sync.errors import SyncError

WAIT_S = 600.0  # how long a second sync waits for the first before it gives up with one line
POLL_S = 0.05


def lock_path(db_path: Path | str) -> Path:
    return Path(f"{db_path}.sync-lock")


@contextlib.contextmanager
def one_sync(db_path: Path | str, *, wait_s: float = WAIT_S, on_wait: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the desk file's sync lock for the block. When another sync holds it: `on_wait()` once, then wait up to
    `wait_s` and raise SyncError `sync_running` (one line) if it is still held."""
    fd = os.open(lock_path(db_path), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        deadline = time.monotonic() + wait_s
        told = False
        while not _try_lock(fd):
            if not told and on_wait is not None:
                on_wait()
            told = True
            if time.monotonic() >= deadline:
                raise sync_running()
            time.sleep(POLL_S)
        try:
            yield
        finally:
            _unlock(fd)
    finally:
        os.close(fd)


def sync_running() -> SyncError:
    return SyncError("Эта стойка уже синхронизируется (в другом окне или процессе); дождитесь, пока та синхронизация "
                     "закончится, и повторите.",
                     "This desk is already syncing (in another window or process); wait until that sync ends and "
                     "try again.", code="sync_running")


def _try_lock(fd: int) -> bool:
    if os.name == "nt":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    if os.name == "nt":
        import msvcrt

        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    fcntl.flock(fd, fcntl.LOCK_UN)
