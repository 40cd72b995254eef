"""The order in which the GUI's sync worker tells the window what a sync did. Its signals cross from the sync's
thread to the window's queued, so what a reader waiting for one of them may assume is the order they are sent in
(issue 37 item 6: a test waited for «online» and read the window before the rows that had arrived were shown).
No hub: `sync_once` is replaced by one that reports rows applied, and the worker's thread is held up where the
race was, by a slot run in that thread."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt

from clubdesk.sync import runner
from clubdesk.sync.runner import SyncReport


def test_a_window_seeing_the_worker_online_has_already_had_what_arrived(qtbot, store, monkeypatch):
    from clubdesk.ui.sync_worker import SyncWorker

    monkeypatch.setattr(runner, "sync_once", lambda *_a, **_k: SyncReport(applied=3, touched_games={"g1"}))
    worker = SyncWorker(store, interval_ms=3_600_000)
    shown: list[set[str]] = []
    worker.arrived.connect(shown.append)  # the main window refreshes its views here
    late = threading.Event()
    # In the sync's thread, after its `finished` is sent: the thread is slow to send whatever comes next.
    worker.finished.connect(lambda _r: late.wait(2), Qt.ConnectionType.DirectConnection)
    assert worker.request()
    qtbot.waitUntil(lambda: worker.state == "online", timeout=20_000)
    assert shown == [{"g1"}]  # «online» came after the rows were shown, not before
    late.set()
    qtbot.waitUntil(lambda: not worker.running, timeout=20_000)
    worker.wait(10)


def test_a_sync_requested_as_the_last_one_ends_is_not_told_online_by_the_last_ones_finish(qtbot, store,
                                                                                           monkeypatch):
    from clubdesk.ui.sync_worker import SyncWorker

    second = threading.Event()
    calls: list[int] = []

    def sync_once(*_a, **_k) -> SyncReport:
        calls.append(1)
        if len(calls) == 2:
            second.wait(20)  # the second sync takes its time
        return SyncReport()

    monkeypatch.setattr(runner, "sync_once", sync_once)
    worker = SyncWorker(store, interval_ms=3_600_000)
    assert worker.request()
    worker.wait(20)  # the first sync's thread has ended; its `finished` has not reached this thread yet
    if worker.request():  # a click on «Синхронизировать» here: a sync starts only once the last one is told
        qtbot.wait(50)  # the first sync's late `finished` is delivered while the second runs
        assert worker.state == "syncing"
    qtbot.waitUntil(lambda: not worker.running, timeout=20_000)
    assert worker.state == "online"
    assert worker.request()  # once told, the next one starts
    assert worker.state == "syncing"
    second.set()
    qtbot.waitUntil(lambda: not worker.running, timeout=20_000)
    assert worker.state == "online" and len(calls) == 2
    worker.wait(10)
