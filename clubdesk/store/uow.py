"""The unit of work: every local write goes through it and lands with its change-log row, or not at all."""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from clubdesk.store.changelog import LOG_INSERT, SET_LIKE, log_params, payload_fields, set_like_id
from clubdesk.store.handle import Store
from clubdesk.store.ids import uuid7
from clubdesk.store.models import ChangeLog, Event, Synced
from clubdesk.store.write_errors import raise_write_failure


class AppendOnlyViolation(RuntimeError):
    """Code tried to edit or delete a stored event: a bug, corrections are new events."""


def _changed_keys(obj: Any) -> list[str]:
    """The columns this flush changes: an update logs these only, so per-field LWW can merge it."""
    state = inspect(obj)
    return [a.key for a in state.mapper.column_attrs if state.attrs[a.key].history.has_changes()]


class UnitOfWork:
    """`with UnitOfWork(store) as uow: uow.session.add(...)` — commits on success, rolls back on error.

    Stamps every new or changed synced row with this desk's id and an HLC timestamp, and writes one
    `change_log` row per write in the same transaction, so the sync never misses or invents a write.
    """

    def __init__(self, store: Store, author_id: str | None = None) -> None:
        self.store = store
        self.author_id = author_id
        self.session: Session = store.session_factory()
        self._pending: list[tuple[Any, list[str] | None, int]] = []  # (row, changed keys or None = all, hlc)
        event.listen(self.session, "before_flush", self._before_flush)
        event.listen(self.session, "after_flush", self._after_flush)

    def __enter__(self) -> UnitOfWork:
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            if exc_type is None:
                try:
                    self.session.commit()
                except Exception as failed:
                    self.session.rollback()
                    raise_write_failure(failed, self.store.path)
                    raise
            else:
                self.session.rollback()
                if isinstance(exc, Exception):
                    raise_write_failure(exc, self.store.path)  # a full disk, a read-only file: one clear line
        finally:
            self.session.close()

    def _before_flush(self, session: Session, _ctx, _instances) -> None:
        for obj in list(session.dirty) + list(session.deleted):
            if isinstance(obj, Event) and (obj in session.deleted or session.is_modified(obj)):
                raise AppendOnlyViolation(f"event {obj.id} of game {obj.game_id} cannot be changed")
            if isinstance(obj, Synced) and obj in session.deleted:
                # A DELETE would never reach the other desks: withdraw with the `deleted` tombstone instead.
                raise AppendOnlyViolation(f"{obj.__tablename__} {obj.id} is synced and cannot be deleted")
        for obj in session.new:
            self._stamp(obj, None)
        for obj in session.dirty:
            if isinstance(obj, Synced) and session.is_modified(obj):
                self._stamp(obj, _changed_keys(obj))

    def _stamp(self, obj: Any, keys: list[str] | None) -> None:
        if isinstance(obj, ChangeLog):
            return
        if keys is not None and not payload_fields(obj.__tablename__, dict.fromkeys(keys)):
            return  # only derived columns changed (a game's status): nothing to sync
        if isinstance(obj, Synced):
            table = obj.__tablename__
            if obj.id is None:
                # Time-ordered: a new row's id lands at the end of its table's key index, and of the change log's
                # (entity, entity_id) index, not on a random page of each — a desk applying 100 000 pulled rows
                # wrote half as many pages (docs/sync.md «Benchmarks»).
                obj.id = (set_like_id(table, {k: getattr(obj, k) for k in SET_LIKE[table]})
                          if table in SET_LIKE else uuid7())
            # A write over values this desk holds is stamped above them, so it wins by the apply's own rule here
            # and on every other desk (issue 35): a brand-new row (a fresh id) has nothing to stamp above.
            floor = self._floor(obj) if keys is not None or table in SET_LIKE else 0
            ts = self.store.clock.above(floor) if floor else self.store.clock.now()
            obj.hlc = ts
            obj.desk_id = self.store.desk_id
        elif isinstance(obj, Event):
            ts = self.store.clock.now()
            obj.hlc = obj.hlc or ts
            obj.desk_id = obj.desk_id or self.store.desk_id
        else:
            return
        self._pending.append((obj, keys, ts))

    def _floor(self, obj: Any) -> int:
        """The newest stamp this desk holds of the row: its log rows' (another desk's winning field among them) and
        the row's own."""
        logged = self.session.connection().exec_driver_sql(
            "SELECT coalesce(max(hlc), 0) FROM change_log WHERE entity = ? AND entity_id = ?",
            (obj.__tablename__, obj.id)).scalar()
        held = inspect(obj).attrs.hlc.loaded_value
        return max(logged, held if isinstance(held, int) else 0)

    def _after_flush(self, session: Session, _ctx) -> None:
        if not self._pending:
            return
        rows = []
        for obj, keys, ts in self._pending:
            cols = keys if keys is not None else [a.key for a in inspect(obj).mapper.column_attrs]
            fields = payload_fields(obj.__tablename__, {k: getattr(obj, k) for k in cols})
            rows.append(log_params(self.store.desk_id, ts, obj.__tablename__, obj.id, fields))
        self._pending.clear()
        # On the flush's own connection: same transaction as the rows it describes.
        session.connection().exec_driver_sql(LOG_INSERT, rows)


_EVENTS = Event.__table__
# The cache row is not synced (it is rebuildable), so it is a plain upsert with no change-log row.
_PROJECTION_UPSERT = ("INSERT INTO projections (game_id, seq, state_json) VALUES (?, ?, ?) ON CONFLICT (game_id) "
                      "DO UPDATE SET seq = excluded.seq, state_json = excluded.state_json")
# The status is derived from the events (every desk derives its own): no log row, no new hlc.
_GAME_STATUS = "UPDATE games SET status = ? WHERE id = ?"
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
    or not at all. The status is derived, so its change writes no log row (docs/sync.md). `row` has the event's columns except hlc/desk_id/recorded_at, which are stamped here.
    The statements run on the store's plain writer connection (`Store.write`): SQLAlchemy's per-statement
    and per-transaction work (pool checkout, parameter processing, result set-up) cost more than the commit.
    """
    from clubdesk.store.models import utc_now

    ts = store.clock.now()
    row = {**row, "hlc": ts, "desk_id": store.desk_id, "recorded_at": row.get("recorded_at") or utc_now()}
    log = log_params(store.desk_id, ts, "events", row["id"], payload_fields("events", row))
    try:
        with store.write() as cursor:
            _execute(cursor, _event_insert(tuple(row)), tuple(row.values()))
            if game_status is not None:
                _execute(cursor, _GAME_STATUS, (game_status, row["game_id"]))
            _execute(cursor, LOG_INSERT, log)
            if projection is not None:
                _execute(cursor, _PROJECTION_UPSERT, (row["game_id"], projection[0], projection[1]))
    except DBAPIError as exc:  # the seq taken meanwhile by another ClubDesk on the file: SeqClash
        raise_write_failure(exc, store.path, row["game_id"])
        raise


def upsert_projection(cursor, game_id: str, seq: int, state_json: str) -> None:
    """Write a game's cached state on a `Store.write` cursor (the cache is not synced: no change-log row)."""
    _execute(cursor, _PROJECTION_UPSERT, (game_id, seq, state_json))


def _execute(cursor, sql: str, params, many: bool = False) -> None:
    """Run one statement on a DB-API cursor; its errors are raised as SQLAlchemy's (IntegrityError, ...)."""
    try:
        (cursor.executemany if many else cursor.execute)(sql, params)
    except sqlite3.Error as exc:
        raise DBAPIError.instance(sql, params, exc, sqlite3.Error) from exc
