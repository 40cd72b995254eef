"""Пирамидка matches: create by two players, list with score, shots through GameService, concede, undo."""

import json
from pathlib import Path

import pytest
from sqlalchemy import select

from clubdesk.errors import ValidationError
from clubdesk.rules.pyramid100 import new_game, parse_event
from clubdesk.services.games import EventRefused, GameService
from clubdesk.services.matches import MatchService, make_title, readable
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.models import Event

RECORD = Path(__file__).resolve().parents[1] / "rules" / "records" / "pyramid100-match.json"


@pytest.fixture
def svc(store, today, admin):
    from clubdesk.services.accounts import AccountService

    for login, name in (("petrov", "Петров"), ("orlova", "Орлова А.")):  # referees are picked from the accounts
        AccountService(store).create_account(admin, login, "long-enough", ("referee",), name)
    return MatchService(store, GameService(store), PlayerService(store, today=today))


@pytest.fixture
def two(svc, admin):
    a = svc.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = svc.players.add(admin, PlayerData("Сокол Анна", "Сова"))
    return a.id, b.id


def shot(**kw):
    return {"call": [], "potted": [], "off_table": [], "touched_control": False, "trick": None, "foul": None, **kw}


def test_new_match_lists_with_zero_score_and_the_breaker_to_move(svc, admin, two):
    gid = svc.create(admin, *two, table="Стол 3", referee_login="petrov")
    [row] = svc.list()
    assert (row.id, row.names, row.score, row.to_move, row.finished) == (gid, ("Орлов Глеб", "Сокол Анна"),
                                                                           (0, 0), two[0], False)
    assert (row.table, row.referee) == ("Стол 3", "Петров")


def test_title_keeps_table_and_referee_readable():
    assert make_title("Стол 3", "") == "Стол 3"
    assert make_title("Стол 3", "Петров И.") == "Стол 3 · судья Петров И."


def test_the_table_and_referee_are_columns_of_their_own_never_read_from_the_title(svc, admin, two):
    """A table named with «· судья» in it stays that table: nothing is parsed back out of the title."""
    gid = svc.create(admin, *two, table=" Стол 2 · судья  Петров ")
    svc.create(admin, *two, table="Стол 4", referee_login="orlova")
    rows = {r.id: r for r in svc.list()}
    assert (rows[gid].table, rows[gid].referee) == ("Стол 2 · судья Петров", "")
    assert {(r.table, r.referee) for r in rows.values()} == {("Стол 2 · судья Петров", ""), ("Стол 4", "Орлова А.")}
    (table_name, referee), = svc.store.read("SELECT table_name, referee FROM games WHERE id = ?", (gid,))
    assert (table_name, referee) == ("Стол 2 · судья Петров", "")


def test_a_player_against_himself_or_banned_is_refused(svc, admin, two):
    with pytest.raises(ValidationError, match="сам с собой"):
        svc.create(admin, two[0], two[0])
    banned = svc.players.add(admin, PlayerData("Злой Игрок", banned=True, ban_reason="3.3"))
    with pytest.raises(ValidationError, match="запрет"):
        svc.create(admin, two[0], banned.id)
    assert svc.list() == []


def test_shot_is_recorded_for_the_player_to_move_and_updates_the_list(svc, admin, two):
    gid = svc.create(admin, *two)
    state = svc.record_shot(admin, gid, shot(call=[{"ball": 7, "pocket": 3}],
                                             potted=[{"ball": 7, "pocket": 3, "straight": False}]))
    assert state["score"] == {two[0]: 7, two[1]: 0} and state["to_move"] == two[0]
    assert svc.list()[0].score == (7, 0)
    assert svc.log(gid)[0]["player"] == two[0]


def test_refused_shot_stores_nothing(svc, admin, two, store):
    gid = svc.create(admin, *two)
    svc.record_shot(admin, gid, shot(call=[{"ball": 7, "pocket": 3}],
                                     potted=[{"ball": 7, "pocket": 3, "straight": False}]))
    with pytest.raises(EventRefused) as err:
        svc.record_shot(admin, gid, shot(call=[{"ball": 7, "pocket": 1}]))
    assert err.value.rule.clause == "P§2"
    with store.session_factory() as s:
        assert len(s.scalars(select(Event)).all()) == 1
    assert "Орлов Глеб" in readable(err.value.ru, svc.names(two))


def test_undo_appends_a_void_and_restores_the_score(svc, admin, two, store):
    gid = svc.create(admin, *two)
    svc.record_shot(admin, gid, shot(potted=[{"ball": 15, "pocket": 2, "straight": True}]))
    state = svc.undo(admin, gid, "ошибка ввода")
    assert state["score"] == {two[0]: 0, two[1]: 0}
    with store.session_factory() as s:
        assert [e.type for e in s.scalars(select(Event).order_by(Event.seq))] == ["shot", "void"]
    assert svc.log(gid) == [] and svc.list()[0].score == (0, 0)


def test_concede_finishes_the_match_for_the_opponent(svc, admin, two):
    gid = svc.create(admin, *two)
    state = svc.concede(admin, gid, two[0])
    assert state["winner"] == two[1]
    [row] = svc.list("finished")
    assert row.finished and row.winner == two[1] and row.termination == "concession"
    assert svc.list("running") == []


def test_whole_recorded_match_replays_to_the_engine_result(svc, admin, two):
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    ids = dict(zip(record["players"], two, strict=True))
    gid = svc.create(admin, *two)
    engine = new_game(list(two))
    for obj in record["events"]:
        obj = {**obj, "player": ids[obj["player"]]}
        engine.apply(parse_event(obj))
        if obj["type"] == "concede":
            svc.concede(admin, gid, obj["player"])
        else:
            svc.record_shot(admin, gid, {k: v for k, v in obj.items() if k not in ("type", "player")})
    assert svc.state(gid) == engine.state()
    row = svc.get(gid)
    assert row.finished and row.score == tuple(engine.scores[p] for p in two)


def test_demo_has_a_finished_and_a_running_match(store, admin, today):
    from clubdesk.services.demo import demo_players
    from clubdesk.services.demo_pyramid import populate

    players = PlayerService(store, today=today)
    for d in demo_players(6):
        players.add(admin, d)
    populate(store, admin)
    svc = MatchService(store, GameService(store), players)
    [running] = svc.list("running")
    [finished] = svc.list("finished")
    assert finished.termination == "score" and max(finished.score) > 50
    assert sum(running.score) > 0 and running.to_move in running.players


def test_history_replays_what_each_shot_decided(svc, admin, two):
    gid = svc.create(admin, *two)
    svc.record_shot(admin, gid, shot(call=[{"ball": 7, "pocket": 3}],
                                     potted=[{"ball": 7, "pocket": 3, "straight": False}]))
    svc.record_shot(admin, gid, shot(foul="miss"))
    first, second = svc.history(gid)
    assert first.result["counted"] == [7] and first.score == {two[0]: 7, two[1]: 0}
    assert second.result["penalty"] == 7 and second.score == {two[0]: 0, two[1]: 0}


def test_the_demo_club_seats_nobody_at_two_running_billiard_tables(store):
    """The demo's running Пирамидка match sat two players of the running Жук round (at its table 2), and the
    tournament's bout a third: a player plays one game at a time (`demo.free_players`; tonight's Mafia evening is
    another room, and its players are left as they are)."""
    import json
    from collections import Counter

    from clubdesk.services.demo import create_demo_club

    create_demo_club(store)
    seats = Counter()
    for (players_json,) in store.read("SELECT players_json FROM games WHERE status = 'running' AND game <> 'mafia'"):
        seats.update(s["id"] if isinstance(s, dict) else s for s in json.loads(players_json))
    assert len(seats) >= 8 + 2 + 2 and max(seats.values()) == 1, seats.most_common(3)
