"""The unit of work: every local write goes through it and lands with its change-log row, or not at all."""

from __future__ import annotations

import datetime as dt
import sqlite3
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from clubdesk.store.db import Store
from clubdesk.store.ids import new_id
from clubdesk.store.models import ChangeLog, Event, Synced, canonical_json


class AppendOnlyViolation(RuntimeError):
    """Code tried to edit or delete a stored event: a bug, corrections are new events."""


def _row_payload(obj: Any) -> str:
    mapper = inspect(obj).mapper
    values = {}
    for col in mapper.column_attrs:
        v = getattr(obj, col.key)
        values[col.key] = v.isoformat() if isinstance(v, dt.date) else v
    return canonical_json(values)


class UnitOfWork:
    """`with UnitOfWork(store) as uow: uow.session.add(...)` — commits on success, rolls back on error.

    Stamps every new or changed synced row with this desk's id and an HLC timestamp, and writes one
    `change_log` row per write in the same transaction, so the sync never misses or invents a write.
    """

    def __init__(self, store: Store, author_id: str | None = None) -> None:
        self.store = store
        self.author_id = author_id
        self.session: Session = store.session_factory()
        self._pending: list[tuple[Any, str, int]] = []
        event.listen(self.session, "before_flush", self._before_flush)
        event.listen(self.session, "after_flush", self._after_flush)

    def __enter__(self) -> UnitOfWork:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                self.session.commit()
            else:
                self.session.rollback()
        finally:
            self.session.close()

    def _before_flush(self, session: Session, _ctx, _instances) -> None:
        for obj in list(session.dirty) + list(session.deleted):
            if isinstance(obj, Event) and (obj in session.deleted or session.is_modified(obj)):
                raise AppendOnlyViolation(f"event {obj.id} of game {obj.game_id} cannot be changed")
        for obj in session.new:
            self._stamp(obj, "insert")
        for obj in session.dirty:
            if isinstance(obj, Synced) and session.is_modified(obj):
                self._stamp(obj, "update")

    def _stamp(self, obj: Any, op: str) -> None:
        if isinstance(obj, ChangeLog):
            return
        ts = self.store.clock.now()
        if isinstance(obj, Synced):
            if obj.id is None:
                obj.id = new_id()
            obj.hlc = ts
            obj.desk_id = self.store.desk_id
        elif isinstance(obj, Event):
            obj.hlc = obj.hlc or ts
            obj.desk_id = obj.desk_id or self.store.desk_id
        else:
            return
        self._pending.append((obj, op, ts))

    def _after_flush(self, session: Session, _ctx) -> None:
        if not self._pending:
            return
        rows = [{"hlc": ts, "desk_id": self.store.desk_id, "entity": obj.__tablename__, "entity_id": obj.id,
                 "op": op, "payload": _row_payload(obj), "pushed": False} for obj, op, ts in self._pending]
        self._pending.clear()
        # Core insert on the flush's own connection: same transaction as the rows it describes.
        session.connection().execute(ChangeLog.__table__.insert(), rows)


_EVENTS = Event.__table__
_LOG = ChangeLog.__table__
_LOG_COLUMNS = ("hlc", "desk_id", "entity", "entity_id", "op", "payload", "pushed")
_LOG_INSERT = f"INSERT INTO change_log ({', '.join(_LOG_COLUMNS)}) VALUES ({', '.join('?' * len(_LOG_COLUMNS))})"
# The cache row is not synced (it is rebuildable), so it is a plain upsert with no change-log row.
_PROJECTION_UPSERT = ("INSERT INTO projections (game_id, seq, state_json) VALUES (?, ?, ?) ON CONFLICT (game_id) "
                      "DO UPDATE SET seq = excluded.seq, state_json = excluded.state_json")
_GAME_STATUS = "UPDATE games SET status = ?, hlc = ?, desk_id = ? WHERE id = ?"
_GAME_ROW = "SELECT * FROM games WHERE id = ?"  # the whole row, as the UnitOfWork logs an update
_event_inserts: dict[tuple[str, ...], str] = {}


def _event_insert(columns: tuple[str, ...]) -> str:
    sql = _event_inserts.get(columns)
    if sql is None:
        unknown = set(columns) - set(_EVENTS.c.keys())
        if unknown:
            raise KeyError(f"not columns of events: {sorted(unknown)}")
        sql = f"INSERT INTO events ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        _event_inserts[columns] = sql
    return sql


def append_event(store: Store, row: dict, *, game_status: str | None = None,
                 projection: tuple[int, str] | None = None) -> None:
    """The hot path of recording a game: one event, its change-log row, the projection cache and (when it
    changes) the game's status, in one transaction committed before this returns (synchronous=FULL).

    Same rows and the same change-log guarantees as the UnitOfWork: the event and its log row land together
    or not at all. `row` has the event's columns except hlc/desk_id/recorded_at, which are stamped here.
    The statements run on the store's plain writer connection (`Store.write`): SQLAlchemy's per-statement
    and per-transaction work (pool checkout, parameter processing, result set-up) cost more than the commit.
    """
    from clubdesk.store.models import utc_now

    ts = store.clock.now()
    row = {**row, "hlc": ts, "desk_id": store.desk_id, "recorded_at": row.get("recorded_at") or utc_now()}
    logs = [(ts, store.desk_id, "events", row["id"], "insert", canonical_json(row), False)]
    with store.write() as cursor:
        _execute(cursor, _event_insert(tuple(row)), tuple(row.values()))
        if game_status is not None:
            ts2 = store.clock.now()
            _execute(cursor, _GAME_STATUS, (game_status, ts2, store.desk_id, row["game_id"]))
            _execute(cursor, _GAME_ROW, (row["game_id"],))
            game_row = dict(zip((d[0] for d in cursor.description), cursor.fetchone(), strict=True))
            logs.append((ts2, store.desk_id, "games", row["game_id"], "update", canonical_json(game_row), False))
        _execute(cursor, _LOG_INSERT, logs, many=True)
        if projection is not None:
            _execute(cursor, _PROJECTION_UPSERT, (row["game_id"], projection[0], projection[1]))


def upsert_projection(cursor, game_id: str, seq: int, state_json: str) -> None:
    """Write a game's cached state on a `Store.write` cursor (the cache is not synced: no change-log row)."""
    _execute(cursor, _PROJECTION_UPSERT, (game_id, seq, state_json))


def _execute(cursor, sql: str, params, many: bool = False) -> None:
    """Run one statement on a DB-API cursor; its errors are raised as SQLAlchemy's (IntegrityError, ...)."""
    try:
        (cursor.executemany if many else cursor.execute)(sql, params)
    except sqlite3.Error as exc:
        raise DBAPIError.instance(sql, params, exc, sqlite3.Error) from exc
