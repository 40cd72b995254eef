"""The unit of work: change-log rows land with their writes, or neither does; events are append-only."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from clubdesk.store.ids import uuid7
from clubdesk.store.models import ChangeLog, Event, Game, Player
from clubdesk.store.uow import AppendOnlyViolation, UnitOfWork


def count(store, model):
    with store.session_factory() as s:
        return s.scalar(select(func.count()).select_from(model))


def test_insert_writes_change_log_row_in_same_transaction(store):
    with UnitOfWork(store) as uow:
        uow.session.add(Player(name="Петров Иван", surname="Петров", first_name="Иван"))
    with store.session_factory() as s:
        p = s.scalars(select(Player)).one()
        log = s.scalars(select(ChangeLog)).one()
    assert (log.entity, log.entity_id, log.op, log.desk_seq) == ("players", p.id, "upsert", 1)
    assert log.desk_id == store.desk_id == p.desk_id
    assert log.hlc == p.hlc > 0
    assert '"surname":"Петров"' in log.payload and '"first_name":"Иван"' in log.payload
    assert '"name"' not in log.payload  # derived from the parts on every desk (0013)


def test_update_logs_only_the_changed_fields_with_the_next_desk_seq_and_a_later_hlc(store):
    with UnitOfWork(store) as uow:
        uow.session.add(Player(name="Иван"))
    with UnitOfWork(store) as uow:
        uow.session.scalars(select(Player)).one().nickname = "Ваня"
    with store.session_factory() as s:
        logs = list(s.scalars(select(ChangeLog).order_by(ChangeLog.id)))
    assert [(x.op, x.desk_seq) for x in logs] == [("upsert", 1), ("upsert", 2)]
    assert logs[1].hlc > logs[0].hlc
    assert logs[1].payload == '{"nickname":"Ваня"}'  # per-field LWW needs to know what this write changed
    assert '"id"' not in logs[0].payload and '"hlc"' not in logs[0].payload


def test_failure_in_the_middle_leaves_neither_row_nor_change_log(store):
    with pytest.raises(RuntimeError):
        with UnitOfWork(store) as uow:
            uow.session.add(Player(name="Призрак"))
            uow.session.flush()  # both rows are written inside the transaction here
            assert uow.session.scalar(select(func.count()).select_from(ChangeLog)) == 1
            raise RuntimeError("power cut")
    assert count(store, Player) == 0
    assert count(store, ChangeLog) == 0


def test_failed_constraint_rolls_back_earlier_writes_of_the_unit(store):
    with pytest.raises(IntegrityError):
        with UnitOfWork(store) as uow:
            uow.session.add(Player(name="Первый"))
            uow.session.flush()
            uow.session.add(Event(id=uuid7(), game_id="no-such-game", seq=1, type="x", payload="{}",
                                  hlc=1, desk_id="d"))
            uow.session.flush()
    assert count(store, Player) == 0
    assert count(store, ChangeLog) == 0


def _game_with_event(store):
    with UnitOfWork(store) as uow:
        g = Game(game="zhuk", players_json="[]")
        uow.session.add(g)
        uow.session.flush()
        ev = Event(id=uuid7(), game_id=g.id, seq=1, type="shot", payload="{}", hlc=0, desk_id="")
        uow.session.add(ev)
    return ev.id


def test_stored_event_cannot_be_edited_through_the_unit_of_work(store):
    ev_id = _game_with_event(store)
    with pytest.raises(AppendOnlyViolation):
        with UnitOfWork(store) as uow:
            uow.session.get(Event, ev_id).payload = '{"forged":true}'
    with store.session_factory() as s:
        assert s.get(Event, ev_id).payload == "{}"


def test_stored_event_cannot_be_deleted_even_with_raw_sql(store):
    _game_with_event(store)
    with store.engine.connect() as conn:
        with pytest.raises(Exception, match="append-only"):
            conn.exec_driver_sql("DELETE FROM events")
        with pytest.raises(Exception, match="append-only"):
            conn.exec_driver_sql("UPDATE events SET payload='{}'")
    assert count(store, Event) == 1


def test_uuid7_sorts_by_time():
    ids = [uuid7(unix_ms=ms) for ms in (1000, 2000, 3000)]
    assert ids == sorted(ids)
    assert all(i[14] == "7" for i in ids)


def _bare_game(store):
    with UnitOfWork(store) as uow:
        g = Game(game="zhuk", players_json="[]")
        uow.session.add(g)
    return g.id


def _event_row(game_id, seq):
    return {"id": uuid7(), "game_id": game_id, "seq": seq, "type": "shot", "payload": "{}", "author_id": None}


def test_append_event_writes_event_log_row_and_projection_together(store):
    from clubdesk.store.models import Projection
    from clubdesk.store.uow import append_event

    gid = _bare_game(store)
    append_event(store, _event_row(gid, 1), projection=(1, '{"x":1}'))
    append_event(store, _event_row(gid, 2), projection=(2, '{"x":2}'))
    with store.session_factory() as s:
        events = list(s.scalars(select(Event).order_by(Event.seq)))
        logs = list(s.scalars(select(ChangeLog).where(ChangeLog.entity == "events").order_by(ChangeLog.id)))
        proj = s.get(Projection, gid)
    assert [e.seq for e in events] == [1, 2]
    assert [lg.entity_id for lg in logs] == [e.id for e in events]
    assert events[0].hlc < events[1].hlc and events[0].desk_id == store.desk_id
    assert (proj.seq, proj.state_json) == (2, '{"x":2}')


def test_append_event_sets_the_derived_game_status_without_a_log_row(store):
    from clubdesk.store.uow import append_event

    gid = _bare_game(store)
    append_event(store, _event_row(gid, 1), game_status="finished")
    with store.session_factory() as s:
        assert s.get(Game, gid).status == "finished"
        logs = list(s.scalars(select(ChangeLog).where(ChangeLog.entity == "games")))
    # the status is derived from the events on every desk (docs/sync.md): only the creation is logged, without it
    assert len(logs) == 1 and '"status"' not in logs[0].payload


def test_append_event_that_fails_leaves_neither_event_nor_log(store):
    from clubdesk.store.uow import append_event

    gid = _bare_game(store)
    append_event(store, _event_row(gid, 1))
    from clubdesk.errors import SeqClash

    with pytest.raises(SeqClash):  # the same seq again: refused by the unique key, as one line (write_errors.py)
        append_event(store, _event_row(gid, 1))
    assert count(store, Event) == 1
    with store.session_factory() as s:
        assert s.scalar(select(func.count()).select_from(ChangeLog).where(ChangeLog.entity == "events")) == 1
