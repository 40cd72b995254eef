"""The background sync of the GUI: every 30 s and on demand, in a worker thread, never in the window's.

Signals:
    state_changed(str): "offline" | "online" | "syncing".
    progress(int, int): rows done and total of the running sync's current phase.
    arrived(object): the set of game ids whose events arrived (only when rows were applied), before `finished`:
        whoever sees the state turn «online» sees the windows already refreshed with what came.
    finished(object): the SyncReport of a sync that succeeded.
    failed(str): the one line of a sync that did not (the desk goes on offline).

A sync is `running` until all its signals have reached the window's thread (they cross queued), not only until its
thread ends: a sync requested in between would be told «online» by the last one's late `finished`.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QTimer, Signal

from clubdesk.store.db import Store

INTERVAL_MS = 30_000


class SyncWorker(QObject):
    state_changed = Signal(str)
    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(str)
    arrived = Signal(object)
    _ended = Signal()  # a sync's last signal: the window's thread has had the others

    def __init__(self, store: Store, interval_ms: int = INTERVAL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.state = "offline"
        self._thread: threading.Thread | None = None
        self._busy = False  # from request() until the window's thread has had the sync's last signal
        self._timer = QTimer(self, interval=interval_ms)
        self._timer.timeout.connect(self.request)
        self.finished.connect(lambda _r: self._set_state("online"))
        self.failed.connect(lambda _m: self._set_state("offline"))
        self._ended.connect(self._on_ended)

    def start(self) -> None:
        """Sync now and then every interval."""
        self._timer.start()
        self.request()

    def stop(self) -> None:
        self._timer.stop()

    @property
    def running(self) -> bool:
        return self._busy

    def request(self) -> bool:
        """Start a sync unless one is running; returns whether one was started."""
        if self._busy:
            return False
        self._busy = True
        self._set_state("syncing")
        self._thread = threading.Thread(target=self._work, name="clubdesk-sync", daemon=True)
        self._thread.start()
        return True

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _on_ended(self) -> None:
        self._busy = False

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    def _work(self) -> None:
        # Runs in the worker thread: signals cross to the window's thread queued, as Qt does for a QObject
        # living there. A KnownError is the user's (one line); anything else is a bug and is reported too,
        # so the state never stays «syncing».
        from clubdesk.errors import KnownError
        from clubdesk.sync.runner import sync_once

        try:
            try:
                report = sync_once(self.store, progress=lambda p: self.progress.emit(p.done, p.total))
            except KnownError as exc:
                self.failed.emit(str(exc))
                return
            except Exception as exc:  # noqa: BLE001 - a bug: shown, and raised again in the worker's log
                self.failed.emit(f"{type(exc).__name__}: {exc}")
                raise
            if report.applied:  # before `finished`: a reader waiting for «online» must find the rows shown
                self.arrived.emit(set(report.touched_games))
            self.finished.emit(report)
        finally:
            self._ended.emit()


def worker_for(club) -> SyncWorker | None:
    """The club's sync worker, made on first use, if the desk has joined a hub (else None)."""
    worker = getattr(club, "_sync_worker", None)
    if worker is None:
        rows = club.store.read("SELECT 1 FROM settings WHERE key = 'sync.hub_url'")
        if not rows:
            return None
        worker = SyncWorker(club.store)
        club._sync_worker = worker
    return worker
