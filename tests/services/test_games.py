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


def projection_and_log(store, gid):
    import json

    with store.session_factory() as s:
        proj = s.get(Projection, gid)
        last = s.scalar(select(func.max(Event.seq)).where(Event.game_id == gid))
    return proj.seq, last, json.loads(proj.state_json)


def test_an_event_recorded_while_rebuild_replays_is_not_left_behind(store, admin, monkeypatch):
    """The referee's desk records a shot just after the rebuild read the log: the rebuild must not then write
    its older state over the new one (it read, then wrote a stale cache)."""
    import threading

    from clubdesk.store import projections

    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    svc.record(admin, gid, {"type": "add", "player": "A", "points": 1})
    desk = GameService(store)
    desk.state(gid)  # the desk has the game open
    real, recorded = projections.engine_module, []

    def replaying(game):  # the rebuild is between reading the log and writing the projection
        if not recorded:
            recorded.append(threading.Thread(target=desk.record, args=(admin, gid, {"type": "add", "player": "B",
                                                                                     "points": 5})))
            recorded[0].start()
            recorded[0].join(timeout=1.0)  # under the write lock it waits for the rebuild instead
        return real(game)

    monkeypatch.setattr(projections, "engine_module", replaying)
    GameService(store).rebuild_projections()
    recorded[0].join(timeout=30)
    seq, last, state = projection_and_log(store, gid)
    assert (seq, last, state["score"]) == (2, 2, {"A": 1, "B": 5})


def test_rebuilds_running_while_a_desk_records_leave_the_projection_at_the_log(store, admin):
    import threading

    svc = GameService(store)
    gid = svc.create(admin, "counter", ["A", "B"], {})
    desk = GameService(store)
    done = threading.Event()

    def record() -> None:
        try:
            for n in range(150):
                desk.record(admin, gid, {"type": "add", "player": "AB"[n % 2], "points": 1})
        finally:
            done.set()

    thread = threading.Thread(target=record)
    thread.start()
    rebuilds = 0
    while not done.is_set() or rebuilds < 5:
        GameService(store).rebuild_projections()
        rebuilds += 1
    thread.join()
    seq, last, state = projection_and_log(store, gid)
    assert (seq, last, state["score"]) == (150, 150, {"A": 75, "B": 75}) and rebuilds >= 5
