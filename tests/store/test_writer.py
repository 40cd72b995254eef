"""The store's hot-path write connection (Store.write) and its WAL checkpointer thread."""

from __future__ import annotations

import sqlite3
import time

import pytest

from clubdesk.errors import StoreError
from clubdesk.store import writer as writer_module
from clubdesk.store.db import open_store
from tests.store.test_deferred_open import damage_tail, sha
from tests.waiting import wait_until


def _settings_count(path) -> int:
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT count(*) FROM settings").fetchone()[0]
    finally:
        con.close()


def test_block_that_ends_commits_and_block_that_raises_leaves_nothing(store):
    before = _settings_count(store.path)
    with store.write() as cur:
        cur.execute("INSERT INTO settings (key, value) VALUES ('a', '1')")
    with pytest.raises(RuntimeError), store.write() as cur:
        cur.execute("INSERT INTO settings (key, value) VALUES ('b', '2')")
        raise RuntimeError("the event was refused after the insert")
    assert _settings_count(store.path) == before + 1  # seen by another connection: committed


def test_a_transaction_sqlite_already_rolled_back_reports_its_own_error_and_the_next_write_works(store):
    with store.write() as cur:  # a per-connection trigger that makes SQLite abandon the whole transaction
        cur.execute("CREATE TEMP TRIGGER boom BEFORE INSERT ON settings WHEN NEW.key = 'boom' "
                    "BEGIN SELECT RAISE(ROLLBACK, 'boom'); END")
    before = _settings_count(store.path)
    with pytest.raises(sqlite3.IntegrityError, match="boom"), store.write() as cur:
        cur.execute("INSERT INTO settings (key, value) VALUES ('fine', '1')")
        cur.execute("INSERT INTO settings (key, value) VALUES ('boom', '2')")
    with store.write() as cur:
        cur.execute("INSERT INTO settings (key, value) VALUES ('after', '3')")
    assert _settings_count(store.path) == before + 1  # 'fine' went with the rolled-back transaction


def test_writer_is_as_durable_as_the_engine_and_leaves_checkpoints_to_its_thread(store):
    with store.write() as cur:
        pragmas = {p: cur.execute(f"PRAGMA {p}").fetchone()[0]
                   for p in ("journal_mode", "synchronous", "foreign_keys", "wal_autocheckpoint")}
    assert pragmas == {"journal_mode": "wal", "synchronous": 2, "foreign_keys": 1, "wal_autocheckpoint": 0}


def test_foreign_keys_are_enforced_on_the_writer(store):
    with pytest.raises(sqlite3.IntegrityError), store.write() as cur:
        cur.execute("INSERT INTO projections (game_id, seq, state_json) VALUES ('no-such-game', 1, '{}')")


def test_checkpointer_copies_the_log_back_every_n_commits(store, monkeypatch):
    monkeypatch.setattr(writer_module, "CHECKPOINT_EVERY", 5)
    store.close()  # the next write opens a writer with the small interval
    for checkpoints in (1, 2):
        # Five commits, then the checkpoint they asked for: asked twice before its thread first ran (a loaded
        # machine, commits on a RAM disk), the thread rightly makes one — a test that counted two failed.
        for i in range(5 * checkpoints - 5, 5 * checkpoints):
            with store.write() as cur:
                cur.execute("INSERT INTO settings (key, value) VALUES (?, 'x')", (f"k{i}",))
        checkpointer = store._writer._checkpointer  # noqa: SLF001 - what the thread has done
        wait_until(lambda c=checkpointer, n=checkpoints: c.done >= n, what=f"checkpoint {checkpoints}")
    assert checkpointer.done == 2
    # Read the main database file alone: immutable=1 makes SQLite ignore the -wal file, so the ten rows are
    # there only if the thread really copied the log back (a checkpointer that only counted would fail here).
    uri = f"{store.path.resolve().as_uri()}?immutable=1"
    con = sqlite3.connect(uri, uri=True)
    try:
        keys = {k for (k,) in con.execute("SELECT key FROM settings WHERE key LIKE 'k%'")}
    finally:
        con.close()
    assert keys == {f"k{i}" for i in range(10)}


def test_close_stops_the_checkpointer_thread(store, monkeypatch):
    monkeypatch.setattr(writer_module, "CHECKPOINT_EVERY", 1)
    store.close()
    with store.write() as cur:
        cur.execute("INSERT INTO settings (key, value) VALUES ('k', 'v')")
    thread = store._writer._checkpointer._thread  # noqa: SLF001
    assert thread is not None
    store.close()
    assert not thread.is_alive()


def test_write_to_a_file_that_failed_its_check_is_refused_and_changes_nothing(club_file):
    path, _desk = club_file
    damage_tail(path)
    digest = sha(path)
    store = open_store(path, deferred=True)
    with pytest.raises(StoreError), store.write() as cur:
        cur.execute("INSERT INTO settings (key, value) VALUES ('k', 'v')")
    store.close()
    assert sha(path) == digest


def test_a_foreground_write_waits_for_one_background_transaction_at_most(store):
    """A sync applying rows takes the write connection in a loop; a shot asking for it meanwhile goes next
    (threading.Lock alone let the loop take it straight back, several transactions in a row).

    The background transactions ended after the shot said it was waiting (the writer's count of waiting foreground
    transactions) are those it waited for: the one under way, then none. Counted from before `store.write()`, a
    shot's thread starved of the CPU there on a loaded machine also counted the ones it never waited for."""
    import threading

    with store.write(background=True) as cur:  # the writer, opened (not as a shot: the loop below is not paced yet)
        cur.execute("SELECT 1")
    writer = store._writer  # noqa: SLF001 - when the foreground transaction says it is waiting
    done, stop = [], threading.Event()
    asked_at: list[int] = []  # background transactions ended when this thread said it was waiting
    shot_thread = threading.current_thread()

    class NotingLock:
        def __init__(self, lock) -> None:
            self.lock = lock

        def __enter__(self) -> None:
            self.lock.acquire()

        def __exit__(self, *exc) -> None:
            if threading.current_thread() is shot_thread and writer._urgent > 0:  # noqa: SLF001 - it just said so
                asked_at.append(len(done))
            self.lock.release()

    writer._urgent_lock = NotingLock(writer._urgent_lock)  # noqa: SLF001

    def applying() -> None:
        while not stop.is_set():
            with store.write(background=True, durable=False) as cur:
                cur.execute("INSERT INTO settings (key, value) VALUES (?, 'x')", (f"bg{len(done)}",))
                time.sleep(0.003)  # the transaction's work, GIL released
            done.append(1)

    worker = threading.Thread(target=applying)
    worker.start()
    try:
        waited = []
        for _ in range(20):
            time.sleep(0.002)
            asked_at.clear()
            before = len(done)  # if the writer never says it waits (a plain lock): counted from here
            with store.write() as cur:
                waited.append(len(done) - (asked_at[0] if asked_at else before))
                cur.execute("SELECT 1")
    finally:
        stop.set()
        worker.join()
    assert max(waited) <= 1, waited
    assert store.read("SELECT count(*) FROM settings WHERE key LIKE 'bg%'")[0][0] == len(done)
