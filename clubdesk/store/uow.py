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


_EVENTS = Event.__table__
_LOG = ChangeLog.__table__


def append_event(store: Store, row: dict, *, game_status: str | None = None,
                 projection: tuple[int, str] | None = None) -> None:
    """The hot path of recording a game: one event, its change-log row, the projection cache and (when it
    changes) the game's status, in one transaction — with prebuilt Core statements, no ORM session.

    Same rows and the same change-log guarantees as the UnitOfWork: the event and its log row land together
    or not at all. `row` has the event's columns except hlc/desk_id/recorded_at, which are stamped here.
    """
    from sqlalchemy import select, update

    from clubdesk.store.models import Game, utc_now

    ts = store.clock.now()
    row = {**row, "hlc": ts, "desk_id": store.desk_id, "recorded_at": row.get("recorded_at") or utc_now()}
    logs = [{"hlc": ts, "desk_id": store.desk_id, "entity": "events", "entity_id": row["id"], "op": "insert",
             "payload": canonical_json(row), "pushed": False}]
    with store.engine.begin() as conn:
        conn.execute(_EVENTS.insert(), row)
        if game_status is not None:
            ts2 = store.clock.now()
            games = Game.__table__
            conn.execute(update(games).where(games.c.id == row["game_id"])
                         .values(status=game_status, hlc=ts2, desk_id=store.desk_id))
            game_row = dict(conn.execute(select(games).where(games.c.id == row["game_id"])).mappings().one())
            logs.append({"hlc": ts2, "desk_id": store.desk_id, "entity": "games", "entity_id": row["game_id"],
                         "op": "update", "payload": canonical_json(game_row), "pushed": False})
        conn.execute(_LOG.insert(), logs)
        if projection is not None:
            conn.execute(_PROJECTION_UPSERT, {"game_id": row["game_id"], "seq": projection[0],
                                              "state_json": projection[1]})


def _projection_upsert():
    from sqlalchemy import bindparam
    from sqlalchemy.dialects.sqlite import insert

    from clubdesk.store.models import Projection

    stmt = insert(Projection.__table__).values(game_id=bindparam("game_id"), seq=bindparam("seq"),
                                               state_json=bindparam("state_json"))
    return stmt.on_conflict_do_update(index_elements=["game_id"],
                                      set_={"seq": stmt.excluded.seq, "state_json": stmt.excluded.state_json})


# The cache row is not synced (it is rebuildable), so it is a plain upsert with no change-log row.
_PROJECTION_UPSERT = _projection_upsert()
