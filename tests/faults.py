"""A store whose writes fail the way the machine makes them fail: a full disk, a read-only file.

`faults = StoreFaults(store, monkeypatch)` reconnects the store's writer and the ORM's pool through a connection
class that can be told `faults.disk_full = True` (every COMMIT then fails as SQLite fails on a full disk,
«database or disk is full», and SQLite keeps nothing of it) or `faults.read_only(True)` (PRAGMA query_only:
SQLite's own «attempt to write a readonly database», the answer it gives on a file it could only open for
reading — as root a chmod changes nothing, so the permission is taken away inside SQLite). Setting them back
is the cause going away: nothing else is touched, so whatever works next is the program recovering by itself.
"""

from __future__ import annotations

import sqlite3
import weakref


class _Switch:
    disk_full = False
    read_only = False
    failures = 0  # writes refused so far (a test checks its fault was really reached)


def _refuse_if_full(sql: str) -> None:
    if _Switch.disk_full and sql.strip().upper() == "COMMIT":
        _Switch.failures += 1
        raise sqlite3.OperationalError("database or disk is full")


class _Cursor(sqlite3.Cursor):
    def execute(self, sql, params=()):
        _refuse_if_full(sql)
        return super().execute(sql, params)


class _Connection(sqlite3.Connection):
    def cursor(self, factory=_Cursor):
        return super().cursor(factory)

    def execute(self, sql, params=()):
        _refuse_if_full(sql)
        return super().execute(sql, params)

    def commit(self):
        if _Switch.disk_full and self.in_transaction:
            _refuse_if_full("COMMIT")
        return super().commit()


class StoreFaults:
    def __init__(self, store, monkeypatch) -> None:
        self.store = store
        self._conns: weakref.WeakSet[_Connection] = weakref.WeakSet()
        monkeypatch.setattr(_Switch, "disk_full", False)
        monkeypatch.setattr(_Switch, "read_only", False)
        monkeypatch.setattr(_Switch, "failures", 0)
        real = sqlite3.connect

        def connect(*args, **kwargs):
            conn = real(*args, factory=_Connection, **kwargs)
            self._conns.add(conn)
            if _Switch.read_only:
                conn.execute("PRAGMA query_only=ON")
            return conn

        monkeypatch.setattr(sqlite3, "connect", connect)
        store.warm_up()
        with store._writer_lock:  # the next write opens the writer again, through `connect`
            if store._writer is not None:
                store._writer.close()
                store._writer = None
        store.engine.dispose()  # and the ORM's pool

    @property
    def failures(self) -> int:
        return _Switch.failures

    @property
    def disk_full(self) -> bool:
        return _Switch.disk_full

    @disk_full.setter
    def disk_full(self, on: bool) -> None:
        _Switch.disk_full = on

    def read_only(self, on: bool) -> None:
        _Switch.read_only = on
        for conn in list(self._conns):
            try:
                conn.execute(f"PRAGMA query_only={'ON' if on else 'OFF'}")
            except sqlite3.ProgrammingError:
                pass  # closed


def fill_the_disk_from_now(monkeypatch) -> None:
    """Every sqlite3 connection opened from now on, whoever opens it (a migration, the desk's identity, the services),
    fails its COMMIT as SQLite fails on a full disk; reads still work. The switch is on at once."""
    real = sqlite3.connect
    monkeypatch.setattr(_Switch, "disk_full", True)
    monkeypatch.setattr(_Switch, "failures", 0)
    monkeypatch.setattr(sqlite3, "connect", lambda *args, **kwargs: real(*args, factory=_Connection, **kwargs))
