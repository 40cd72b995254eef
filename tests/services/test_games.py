"""Recording games: refused events store nothing; undo appends a void event; projections rebuild."""

import pytest
from sqlalchemy import func, select

from clubdesk.rules import registry
from clubdesk.services.games import EventRefused, GameService, NothingToUndo
from clubdesk.store.models import Event, Projection


@pytest.fixture(autouse=True)
def fake_game(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "counter", "tests.services.fake_engine")


def events(store):
    with store.session_factory() as s:
        return [(e.seq, e.type) for e in s.scalars(select(Event).order_by(Event.seq))]


def test_accepted_event_is_stored_with_author_and_projection(store, admin):
    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    state = svc.record(admin, gid, {"type": "add", "player": "A", "points": 3})
    assert state["score"] == {"A": 3, "B": 0}
    with store.session_factory() as s:
        ev = s.scalars(select(Event)).one()
        proj = s.get(Projection, gid)
    assert (ev.seq, ev.type, ev.author_id) == (1, "add", admin.account_id)
    assert ev.payload == '{"player":"A","points":3,"type":"add"}'
    assert proj.seq == 1 and '"A":3' in proj.state_json


def test_refused_event_stores_nothing_and_names_the_clause(store, admin):
    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    with pytest.raises(EventRefused) as err:
        svc.record(admin, gid, {"type": "add", "player": "A", "points": 0})
    assert err.value.rule.clause == "T§1" and "T§1" in err.value.ru
    assert events(store) == []
    assert svc.state(gid)["score"] == {"A": 0, "B": 0}


def test_undo_appends_void_and_never_deletes(store, admin):
    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    svc.record(admin, gid, {"type": "add", "player": "A", "points": 3})
    svc.record(admin, gid, {"type": "add", "player": "B", "points": 4})
    state = svc.undo(admin, gid, reason="ошибка ввода")
    assert state["score"] == {"A": 3, "B": 0}
    assert events(store) == [(1, "add"), (2, "add"), (3, "void")]
    state = svc.undo(admin, gid)
    assert state["score"] == {"A": 0, "B": 0}
    with pytest.raises(NothingToUndo):
        svc.undo(admin, gid)


def test_state_after_restart_is_the_replay_of_unvoided_events(store, admin):
    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    for who, pts in [("A", 1), ("B", 2), ("A", 5)]:
        svc.record(admin, gid, {"type": "add", "player": who, "points": pts})
    svc.undo(admin, gid)
    svc.record(admin, gid, {"type": "add", "player": "B", "points": 7})
    fresh = GameService(store)  # a new process: nothing cached
    assert fresh.state(gid) == svc.state(gid) == {"score": {"A": 1, "B": 9}, "finished": False}
    assert [e["points"] for e in fresh.to_record(gid)["events"]] == [1, 2, 7]


def test_finished_state_marks_the_game_finished(store, admin):
    from clubdesk.store.models import Game
    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    svc.record(admin, gid, {"type": "add", "player": "A", "points": 10})
    with store.session_factory() as s:
        assert s.get(Game, gid).status == "finished"


def test_failed_commit_leaves_engine_as_before(store, admin, monkeypatch):
    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    svc.record(admin, gid, {"type": "add", "player": "A", "points": 2})

    def disk_full(*a, **k):
        raise OSError("disk full")
    monkeypatch.setattr(svc, "_append", disk_full)
    with pytest.raises(OSError):
        svc.record(admin, gid, {"type": "add", "player": "A", "points": 5})
    assert svc.state(gid)["score"]["A"] == 2


def test_rebuild_recomputes_a_tampered_projection(store, admin):
    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    svc.record(admin, gid, {"type": "add", "player": "B", "points": 4})
    with store.engine.begin() as conn:
        conn.exec_driver_sql("UPDATE projections SET state_json='{}'")
    assert GameService(store).rebuild_projections() == 1
    with store.session_factory() as s:
        assert '"B":4' in s.get(Projection, gid).state_json
        assert s.scalar(select(func.count()).select_from(Event)) == 1


def test_mafia_style_finished_phase_counts_as_finished():
    from clubdesk.services.games import is_finished

    assert is_finished({"phase": "finished"}) and is_finished({"finished": True})
    assert not is_finished({"phase": "day"}) and not is_finished({"finished": False})
