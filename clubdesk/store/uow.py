"""The unit of work: every local write goes through it and lands with its change-log row, or not at all."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import event, inspect
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
