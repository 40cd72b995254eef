"""The referee of a Жук table (issue 27): the desk names one referee account, or any; stored in games.referee
through the unit of work, so the change log carries it to the other desks like any game field."""

from __future__ import annotations

import json

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.services.accounts import AccountService
from clubdesk.services.games import GameService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.services.scopes import assign_table_referee, referee_accounts
from clubdesk.services.staff import StaffService
from clubdesk.services.tournaments import TournamentService
from clubdesk.store.db import open_store
from tests.store.sync_desks import send

PASSWORD = "long-enough"


@pytest.fixture
def staff(store, admin):
    accounts = AccountService(store)
    made = {login: accounts.create_account(admin, login, PASSWORD, roles, name)
            for login, name, roles in (("orlov", "Пётр Орлов", ("referee",)), ("vera", "Вера Ким", ("referee",)),
                                       ("desk1", "Стойка", ("desk",)), ("maestro", "Антон", ("host",)),
                                       ("tv", "Табло", ("display",)))}
    return made


@pytest.fixture
def tournaments(store):
    return TournamentService(store, GameService(store))


@pytest.fixture
def table(store, admin, tournaments):
    ids = [PlayerService(store).add(admin, PlayerData(f"Игрок Стола{i}")).id for i in range(4)]
    tid = tournaments.create(admin, "Кубок", ids)
    tournaments.draw_stage(admin, tid, seed=99)
    return tournaments.start_round(admin, tournaments.stages(tid)[0].rounds[0].id)[0]


def referee_of(store, game_id) -> str:
    return store.read("SELECT referee FROM games WHERE id = ?", (game_id,))[0][0]


def logged(store, game_id) -> list[dict]:
    rows = store.read("SELECT payload FROM change_log WHERE entity = 'games' AND entity_id = ? ORDER BY id",
                      (game_id,))
    return [json.loads(p) for (p,) in rows]


def test_the_referee_list_is_the_active_referee_accounts_by_name(store, admin, staff):
    assert [(r.login, r.name) for r in referee_accounts(store, admin)] == [("vera", "Вера Ким"),
                                                                           ("orlov", "Пётр Орлов")]
    StaffService(store).set_active(admin, staff["vera"].account_id, False)
    assert [r.login for r in referee_accounts(store, staff["desk1"])] == ["orlov"]


def test_a_referee_whose_name_another_account_shares_is_named_by_his_login(store, admin, staff):
    AccountService(store).create_account(admin, "orlov2", PASSWORD, ("host",), "Пётр  орлов")
    assert {r.login: r.name for r in referee_accounts(store, admin)}["orlov"] == "orlov"


@pytest.mark.parametrize("role", ["orlov", "maestro", "tv"])
def test_only_the_desk_or_the_admin_assigns_a_referee(store, staff, table, role):
    before = store.read("SELECT count(*) FROM change_log")
    with pytest.raises(PermissionDenied, match="стойка"):
        assign_table_referee(store, staff[role], table.game_id, "orlov")
    with pytest.raises(PermissionDenied):
        referee_accounts(store, staff[role])
    assert referee_of(store, table.game_id) == "" and store.read("SELECT count(*) FROM change_log") == before


def test_the_desk_sets_a_referee_the_change_log_carries_it_and_clearing_opens_the_table(store, staff, table,
                                                                                       tournaments):
    desk = staff["desk1"]
    assert assign_table_referee(store, desk, table.game_id, "orlov") == "Пётр Орлов"
    assert referee_of(store, table.game_id) == "Пётр Орлов"
    assert [t.referee for t in tournaments.running_tables() if t.game_id == table.game_id] == ["Пётр Орлов"]
    assert logged(store, table.game_id)[-1] == {"referee": "Пётр Орлов"}  # the one field, for the per-field merge
    assert assign_table_referee(store, desk, table.game_id, None) == ""
    assert referee_of(store, table.game_id) == "" and logged(store, table.game_id)[-1] == {"referee": ""}


@pytest.mark.parametrize("login", ["maestro", "nobody"])
def test_an_account_that_is_not_a_referee_is_refused(store, admin, staff, table, login):
    with pytest.raises(ValidationError, match=f"«{login}» — не действующий судья"):
        assign_table_referee(store, admin, table.game_id, login)
    assert referee_of(store, table.game_id) == ""


def test_a_disabled_referee_is_refused(store, admin, staff, table):
    StaffService(store).set_active(admin, staff["vera"].account_id, False)
    with pytest.raises(ValidationError, match="не действующий судья"):
        assign_table_referee(store, admin, table.game_id, "vera")


def test_a_finished_table_or_a_game_that_is_no_zhuk_table_is_refused(store, admin, staff, table, tournaments):
    pyramid = GameService(store).create(admin, "pyramid100", list(table.players[:2]), {})
    for gid, words in ((pyramid, "не найден"), ("no-such-game", "не найден")):
        with pytest.raises(ValidationError, match=words):
            assign_table_referee(store, admin, gid, "orlov")
    tournaments.end_table(admin, table.game_id)
    with pytest.raises(ValidationError, match="уже закончен"):
        assign_table_referee(store, admin, table.game_id, "orlov")
    assert referee_of(store, table.game_id) == referee_of(store, pyramid) == ""


def test_the_referee_reaches_another_desk_through_the_change_log(tmp_path, store, staff, table):
    other_dir = tmp_path / "other"
    other_dir.mkdir()
    other = open_store(other_dir / "club.sqlite")
    try:
        send(store, other)
        assert referee_of(other, table.game_id) == ""
        assign_table_referee(store, staff["desk1"], table.game_id, "vera")
        send(store, other)
        assert referee_of(other, table.game_id) == "Вера Ким"
    finally:
        other.close()


def test_a_tables_referee_stays_at_it_in_the_next_round_of_the_stage(store, admin, staff, tournaments):
    ids = [PlayerService(store).add(admin, PlayerData(f"Игрок Этапа{i}")).id for i in range(8)]
    tid = tournaments.create(admin, "Кубок", ids)
    tournaments.draw_stage(admin, tid, seed=7)
    first, second = tournaments.stages(tid)[0].rounds[:2]
    one, two = tournaments.start_round(admin, first.id)
    assign_table_referee(store, admin, two.game_id, "orlov")
    tournaments.end_round(admin, first.id)
    assert [(t.number, t.referee) for t in tournaments.start_round(admin, second.id)] == [(1, ""),
                                                                                           (2, "Пётр Орлов")]
    assert [t.referee for t in tournaments.running_tables()] == ["", "Пётр Орлов"]


def test_a_tables_referee_stays_at_it_in_the_next_stages_first_round(store, admin, staff, tournaments):
    """The next stage seats its tables afresh, by its own draw; each numbered table keeps the referee its last round
    had (a change in the stage's last round counts), and the new game's own change-log row carries him."""
    ids = [PlayerService(store).add(admin, PlayerData(f"Игрок Этапа{i}")).id for i in range(8)]
    tid = tournaments.create(admin, "Кубок", ids)
    tournaments.draw_stage(admin, tid, seed=7)
    for r in tournaments.stages(tid)[0].rounds:
        one, two = tournaments.start_round(admin, r.id)
        if r.number == 1:
            assign_table_referee(store, admin, two.game_id, "orlov")
        if r.number == 3:
            assign_table_referee(store, admin, one.game_id, "vera")
        tournaments.end_round(admin, r.id)
    tournaments.draw_stage(admin, tid, seed=8)
    tables = tournaments.start_round(admin, tournaments.stages(tid)[1].rounds[0].id)
    assert [(t.number, t.referee) for t in tables] == [(1, "Вера Ким"), (2, "Пётр Орлов")]
    assert [logged(store, t.game_id)[0]["referee"] for t in tables] == ["Вера Ким", "Пётр Орлов"]
