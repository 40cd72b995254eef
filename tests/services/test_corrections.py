"""Corrections to finished games (issue 18 item 4): only the desk, only with a reason kept in the void event, and
never once a later round or draw took the table's balances."""

from __future__ import annotations

import json

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.tournaments import TournamentService
from tests.services.test_tournaments import _play_round, _play_stage, _players, _shot


@pytest.fixture
def staff(store, admin):
    svc = AccountService(store)
    return {r: svc.create_account(admin, r + "1", "long-enough", (r,)) for r in ("desk", "referee")}


def _void_payloads(store, game_id):
    return [json.loads(p) for (p,) in store.read("SELECT payload FROM events WHERE game_id = ? AND type = 'void'",
                                                (game_id,))]


def test_a_finished_pyramid_match_is_not_reopened_by_a_referee(store, admin, staff):
    games = GameService(store)
    ps = PlayerService(store)
    a, b = (ps.add(admin, PlayerData(n)).id for n in ("Орлов Глеб", "Сокол Анна"))
    matches = MatchService(store, games, ps)
    gid = matches.create(staff["referee"], a, b)
    matches.concede(staff["referee"], gid, b)
    assert matches.get(gid).finished
    with pytest.raises(PermissionDenied):
        matches.undo(staff["referee"], gid, "ошибся")
    with pytest.raises(ValidationError) as no_reason:
        matches.undo(staff["desk"], gid, "  ")
    assert no_reason.value.field == "reason"
    assert matches.get(gid).finished and not _void_payloads(store, gid)
    assert store.read("SELECT status FROM games WHERE id = ?", (gid,)) == [("finished",)]
    matches.undo(staff["desk"], gid, "сдача записана по ошибке")
    assert not matches.get(gid).finished
    assert [p["reason"] for p in _void_payloads(store, gid)] == ["сдача записана по ошибке"]


def test_a_running_game_is_still_undone_by_its_referee_without_a_reason(store, admin, staff):
    games = GameService(store)
    ps = PlayerService(store)
    a, b = (ps.add(admin, PlayerData(n)).id for n in ("Орлов Глеб", "Сокол Анна"))
    matches = MatchService(store, games, ps)
    gid = matches.create(staff["referee"], a, b)
    matches.record_shot(staff["referee"], gid, {"call": [], "potted": [], "off_table": [], "touched_control": False,
                                                "trick": None, "foul": None})
    matches.undo(staff["referee"], gid)
    assert matches.log(gid) == []


def test_a_stage_table_is_not_corrected_after_the_next_stage_was_drawn_from_its_balances(store, admin, staff):
    svc = TournamentService(store, GameService(store))
    tid = svc.create(admin, "Кубок", _players(store, admin, 7))
    svc.draw_stage(admin, tid, seed=11)
    stage1 = _play_stage(svc, admin, tid, pay=2)
    last_table = svc.tables(stage1.rounds[-1].id)[0]
    balances = svc.stage_balances(stage1.id)
    svc.draw_stage(admin, tid, seed=12)
    draw = svc.draw_of(tid, 2)
    with pytest.raises(PermissionDenied) as refused:
        svc.games.undo(staff["desk"], last_table.game_id, "не тот шар")
    assert "жеребьёвку этапа 2" in refused.value.ru and "the draw of stage 2" in refused.value.en
    with pytest.raises(PermissionDenied):
        svc.games.undo(staff["referee"], last_table.game_id, "не тот шар")
    assert svc.stage_balances(stage1.id) == balances and svc.draw_of(tid, 2) == draw
    assert not _void_payloads(store, last_table.game_id)


def test_a_round_table_is_not_corrected_after_the_next_round_was_seated_from_it(store, admin, staff):
    svc = TournamentService(store, GameService(store))
    tid = svc.create(admin, "Кубок", _players(store, admin, 7))
    svc.draw_stage(admin, tid, seed=11)
    rounds = svc.stages(tid)[0].rounds
    [first, *_] = _play_round(svc, admin, rounds[0].id, 1)
    svc.games.undo(staff["desk"], first.game_id, "не тот шар")  # nothing took its balances yet: allowed
    svc.games.record(staff["desk"], first.game_id, {"type": "round_end"})
    svc.start_round(admin, rounds[1].id)
    with pytest.raises(PermissionDenied) as refused:
        svc.games.undo(staff["desk"], first.game_id, "не тот шар")
    assert "раунд 2 этапа 1" in refused.value.ru
    assert [p["reason"] for p in _void_payloads(store, first.game_id)] == ["не тот шар"]


def test_roles_are_scoped_by_game(store, admin, staff):
    games = GameService(store)
    host = AccountService(store).create_account(admin, "host1", "long-enough", ("host",))
    with pytest.raises(PermissionDenied):
        games.create(host, "zhuk", [{"id": "a"}, {"id": "b"}, {"id": "c"}], {})
    with pytest.raises(PermissionDenied):
        games.create(staff["referee"], "mafia", [str(i) for i in range(10)], {})
    zhuk = games.create(staff["referee"], "zhuk", [{"id": "a"}, {"id": "b"}, {"id": "c"}], {})
    with pytest.raises(PermissionDenied):
        games.record(host, zhuk, _shot("a", "std"))
    with pytest.raises(PermissionDenied):
        games.undo(host, zhuk)
