"""A long apply keeps the store's write-ahead log short, and the desk knows when it is being recorded at.

The checkpointer thread runs beside the writers; while an apply commits back to back it never caught up with the
log's end, so the log was never rewound: 100 000 pulled rows grew it past 1 GB and halved the rows/s."""

from __future__ import annotations

import os
import uuid

import pytest

from clubdesk.store.changelog import SCHEMA_VERSION, canonical_json
from clubdesk.store.db import open_store
from clubdesk.sync import apply, apply_wal


def _player_rows(n: int) -> list[dict]:
    desk = str(uuid.uuid4())
    rows = []
    for k in range(1, n + 1):
        fields = {"created_at": "2026-12-03T12:00:00.000Z", "is_guest": False, "name": f"Игрок {k}",
                  "nickname": "", "nickname_key": "", "notes": "x" * 200, "phone": "", "search_key": f"игрок {k}"}
        rows.append({"server_seq": k, "desk_id": desk, "desk_seq": k, "hlc": (1 << 60) + k, "entity": "players",
                     "entity_id": str(uuid.uuid4()), "op": "upsert", "payload": canonical_json(fields),
                     "schema_version": SCHEMA_VERSION})
    return rows


def test_a_long_apply_in_small_transactions_keeps_the_wal_a_few_megabytes(tmp_path):
    store = open_store(tmp_path / "club.sqlite")
    try:
        rows = _player_rows(12_000)
        apply.apply_remote(store, rows, batch=40, rederive=lambda *_: None)
        assert store.read("SELECT count(*) FROM players WHERE desk_id = ?", (rows[0]["desk_id"],)) == [(12_000,)]
        wal = os.path.getsize(f"{store.path}-wal")
        database = os.path.getsize(store.path)
        # ~7.8–8.0 MB on a quiet machine, 8.5 MB seen under load (a checkpoint that could not copy the whole log
        # leaves the next commits to append); 127 MB with the apply's checkpoints planted away
        assert wal < 16 * 1024 * 1024 and wal < 2 * database, (wal, database)
    finally:
        store.close()


def test_the_store_knows_a_foreground_write_was_made_just_now_and_a_background_one_does_not_count(tmp_path):
    store = open_store(tmp_path / "club.sqlite")
    try:
        with store.write(background=True) as cur:
            cur.execute("INSERT INTO settings (key, value) VALUES ('pulled', '1')")
        assert not store.recording(5.0)
        with store.write() as cur:
            cur.execute("INSERT INTO settings (key, value) VALUES ('shot', '1')")
        assert store.recording(5.0)
        assert not store.recording(0.0)
    finally:
        store.close()


class _Clock:
    """perf_counter for `changes`: every write transaction of an apply takes 2 ms, whatever the machine
    (it is read twice a transaction: before it and after it)."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.002
        return self.now


def _applied_batches(store, monkeypatch, recording: bool, rows: list[dict]) -> list[int]:
    from clubdesk.sync import bulk_apply

    monkeypatch.setattr(apply, "time", _Clock())
    monkeypatch.setattr(store, "recording", lambda _within: recording)
    sizes, real = [], bulk_apply.plan_batch
    monkeypatch.setattr(bulk_apply, "plan_batch", lambda cur, batch, cache: sizes.append(len(batch)) or
                        real(cur, batch, cache))
    apply.apply_remote(store, rows, batch=10, budget_ms=4.0, rederive=lambda *_: None)
    monkeypatch.undo()
    return sizes


def test_a_batch_holds_the_lock_longer_while_nobody_records_at_the_desk(tmp_path, monkeypatch):
    """Each transaction is sized from the last one's time: to the 4 ms budget while a referee records (a 2 ms
    transaction doubles the next), to 2.5 times it while nobody does (the next is five times as large)."""
    store = open_store(tmp_path / "club.sqlite")
    try:
        rows = _player_rows(2_000)
        recording = _applied_batches(store, monkeypatch, True, rows[:700])
        idle = _applied_batches(store, monkeypatch, False, rows[700:])
        assert recording[:4] == [10, 20, 40, 80], recording
        assert idle[:3] == [10, 50, 250], idle
    finally:
        store.close()


@pytest.mark.parametrize("recording, limit, checkpoints", [(False, apply_wal.RECORDING_WAL_LIMIT, 5),
                                                           (True, apply_wal.RECORDING_WAL_LIMIT, 0),
                                                           (True, 0, 5)],
                         ids=["idle", "recording, short WAL", "recording, WAL past the limit"])
def test_an_apply_checkpoints_every_8_transactions_unless_a_referee_records_and_the_wal_is_short(
        tmp_path, monkeypatch, recording, limit, checkpoints):
    store = open_store(tmp_path / "club.sqlite")
    try:
        calls = []
        monkeypatch.setattr(apply_wal, "checkpoint", lambda conn: calls.append(conn))
        monkeypatch.setattr(apply_wal, "RECORDING_WAL_LIMIT", limit)
        monkeypatch.setattr(store, "recording", lambda _within: recording)
        apply.apply_remote(store, _player_rows(400), batch=10, rederive=lambda *_: None)  # 40 transactions
        assert len(calls) == checkpoints
    finally:
        store.close()


def test_an_apply_says_the_size_its_next_transaction_would_have_had_so_the_next_call_starts_there(tmp_path,
                                                                                                  monkeypatch):
    """The runner applies a page in calls of 5 000 rows: each would otherwise start again at 20 rows a
    transaction and climb back (20 of a first pull's 180 transactions)."""
    from clubdesk.sync import bulk_apply

    store = open_store(tmp_path / "club.sqlite")
    try:
        monkeypatch.setattr(apply, "time", _Clock())
        monkeypatch.setattr(store, "recording", lambda _within: False)
        sizes, real = [], bulk_apply.plan_batch
        monkeypatch.setattr(bulk_apply, "plan_batch", lambda cur, batch, cache: sizes.append(len(batch)) or
                            real(cur, batch, cache))
        result = apply.apply_remote(store, _player_rows(310), batch=10, budget_ms=4.0, rederive=lambda *_: None)
        assert sizes == [10, 50, 250] and result.batch == 1250
    finally:
        store.close()


def _record_checkpoints_and_writes(monkeypatch, store, pause: float, threads: set | None = None) -> list[str]:
    """The order of the apply's checkpoints (each made to take `pause` s) and writes, as a list it appends to; the
    checkpoints' thread names into `threads`. Nobody records meanwhile (the idle budget)."""
    import threading
    import time

    from clubdesk.sync import bulk_apply

    events: list[str] = []

    def slow_checkpoint(_conn):
        if threads is not None:
            threads.add(threading.current_thread().name)
        events.append("checkpoint begins")
        time.sleep(pause)
        events.append("checkpoint ends")

    real_write = bulk_apply.write_batch
    monkeypatch.setattr(apply_wal, "checkpoint", slow_checkpoint)
    monkeypatch.setattr(store, "recording", lambda _within: False)
    monkeypatch.setattr(bulk_apply, "write_batch", lambda *a: events.append("write") or real_write(*a))
    return events


def test_a_checkpoint_runs_beside_the_next_batchs_plan_and_ends_before_its_write(tmp_path, monkeypatch):
    """Each checkpoint runs in a thread while the next batch is planned, and the write waits for it: a write that
    began with the checkpoint still copying would find the log not yet copied back and could not start it again
    from its beginning (the log then only grows, as before the apply checkpointed)."""
    import threading


    store = open_store(tmp_path / "club.sqlite")
    try:
        threads = set()
        events = _record_checkpoints_and_writes(monkeypatch, store, 0.05, threads)
        apply.apply_remote(store, _player_rows(200), batch=10, rederive=lambda *_: None)  # 20 transactions
        assert events.count("checkpoint begins") == 2
        assert threading.current_thread().name not in threads
        for k, event in enumerate(events):
            if event == "checkpoint begins":
                assert events[k + 1] == "checkpoint ends", events
    finally:
        store.close()


def test_a_pull_applying_in_several_calls_lets_a_checkpoint_run_on_into_the_next_call(tmp_path, monkeypatch):
    """The runner applies a page in calls of 5 000 rows, about the eight transactions between two checkpoints: with
    one `Checkpoints` for the pull, a checkpoint begun by a call's last write runs beside the next call's first plan
    (a call of its own waited for it before returning), and that call's first write still waits for it."""


    store = open_store(tmp_path / "club.sqlite")
    try:
        events = _record_checkpoints_and_writes(monkeypatch, store, 0.1)
        rows = _player_rows(100)
        with apply_wal.Checkpoints(store) as checkpoints:
            apply.apply_remote(store, rows[:80], batch=10, rederive=lambda *_: None, checkpoints=checkpoints)
            events.append("first call returned")
            apply.apply_remote(store, rows[80:], batch=10, rederive=lambda *_: None, checkpoints=checkpoints)
        # the checkpoint's thread may say it began before or after the first call returned
        assert events.count("checkpoint begins") == 1
        assert [e for e in events if e != "checkpoint begins"][7:] == [
            "write", "first call returned", "checkpoint ends", "write", "write"]
    finally:
        store.close()
