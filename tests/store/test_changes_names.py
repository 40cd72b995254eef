"""The player's name in parts (0013) through the sync: the surname and the first name are synced fields of their own,
merged per field; `name` is derived on every desk from the parts as merged there; a row written by a desk older
than 0013 (its payload says `name` only) writes both parts with its own clock."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubdesk.names import board_name, full_name, parts_and_name, split_name
from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService
from clubdesk.store.db import open_store
from clubdesk.sync import apply as sync_apply
from tests.store.sync_desks import exchange, log_rows, send, synced_tables
from tests.store.test_bulk_apply_matches_row_by_row import apply_row_by_row

TODAY = dt.date(2026, 12, 2)


@pytest.fixture
def desks(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = open_store(tmp_path / "a" / "club.sqlite"), open_store(tmp_path / "b" / "club.sqlite")
    admin = AccountService(a).create_first_admin("admin", "secret-admin")
    send(a, b)
    yield a, b, admin
    a.close()
    b.close()


def _names(store, pid) -> tuple[str, str, str]:
    return store.read("SELECT surname, first_name, name FROM players WHERE id = ?", (pid,))[0]


def _edit(store, admin, pid, **parts):
    svc = PlayerService(store, today=TODAY)
    svc.update(admin, pid, svc.get(pid).as_data()._replace(**parts))


def _old_desk_row(store, pid: str, name: str, hlc: int, desk: str = "0190d6a2-0000-7000-8000-0000000000ee") -> dict:
    """A players row as a desk before 0013 logs a name edit (schema 12, `name` only, its own desk id)."""
    seq = 1 + store.read("SELECT coalesce(max(desk_seq), 0) FROM change_log WHERE desk_id = ?", (desk,))[0][0]
    key = name.casefold()
    return {"server_seq": 10**9 + seq, "desk_id": desk, "desk_seq": seq, "hlc": hlc, "entity": "players",
            "entity_id": pid, "op": "upsert", "payload": json.dumps({"name": name, "search_key": key},
                                                                   ensure_ascii=False), "schema_version": 12}


def test_a_new_player_is_logged_with_his_parts_and_not_his_derived_name(desks):
    a, b, admin = desks
    pid = PlayerService(a, today=TODAY).add(admin, PlayerData(surname="Петрова-Водкина", first_name="Анна Ильинична",
                                                              nickname="")).id
    (payload,), = a.read("SELECT payload FROM change_log WHERE entity = 'players' AND entity_id = ?", (pid,))
    logged = json.loads(payload)
    assert (logged["surname"], logged["first_name"]) == ("Петрова-Водкина", "Анна Ильинична")
    assert "name" not in logged
    send(a, b)
    assert _names(b, pid) == ("Петрова-Водкина", "Анна Ильинична", "Петрова-Водкина Анна Ильинична")
    assert board_name(_names(b, pid)[2]) == "Петрова-Водкина А."
    assert sync_apply.uncovered(a) == sync_apply.uncovered(b) == []


@pytest.mark.parametrize("path", ["bulk", "row_by_row"])
def test_a_surname_edited_on_one_desk_and_a_first_name_on_the_other_both_survive_in_the_name(desks, path):
    a, b, admin = desks
    pid = PlayerService(a, today=TODAY).add(admin, PlayerData("Иванов Пётр")).id
    send(a, b)
    _edit(a, admin, pid, surname="Иванова", first_name="Пётр")
    _edit(b, admin, pid, surname="Иванов", first_name="Павел")  # same surname as before: only first_name logged
    (b_edit,), = b.read("SELECT payload FROM change_log WHERE entity_id = ? AND desk_id = ?", (pid, b.desk_id))
    assert "surname" not in json.loads(b_edit)
    if path == "bulk":
        exchange(a, b)
    else:
        apply_row_by_row(a, log_rows(b))
        apply_row_by_row(b, log_rows(a))
    for store in (a, b):
        assert _names(store, pid) == ("Иванова", "Павел", "Иванова Павел")
        assert PlayerService(store).get(pid).name == "Иванова Павел"
    assert synced_tables(a) == synced_tables(b)


@pytest.mark.parametrize("path", ["bulk", "row_by_row"])
def test_a_row_from_a_desk_older_than_0013_writes_both_parts_by_its_clock(desks, path):
    a, b, admin = desks
    pid = PlayerService(a, today=TODAY).add(admin, PlayerData("Иванов Пётр")).id
    _edit(a, admin, pid, first_name="Павел")
    (newest,), = a.read("SELECT max(hlc) FROM change_log")
    apply = (lambda rows: sync_apply.apply_remote(a, rows)) if path == "bulk" else (lambda rows: apply_row_by_row(a, rows))
    apply([_old_desk_row(a, pid, "Сидоров  Олег Ильич", newest + 10)])
    assert _names(a, pid) == ("Сидоров", "Олег Ильич", "Сидоров Олег Ильич")
    # an older desk's edit older than the parts held here changes neither part
    apply([_old_desk_row(a, pid, "Кузнецов Илья", newest - 10, desk="0190d6a2-0000-7000-8000-0000000000ef")])
    assert _names(a, pid) == ("Сидоров", "Олег Ильич", "Сидоров Олег Ильич")
    send(a, b)  # a third desk pulling all of it splits alike
    assert _names(b, pid) == _names(a, pid)
    assert sync_apply.uncovered(a) == sync_apply.uncovered(b) == []


def test_an_edit_here_after_an_old_desks_name_is_logged_as_the_parts_that_changed(desks):
    a, _b, admin = desks
    pid = PlayerService(a, today=TODAY).add(admin, PlayerData("Иванов Пётр")).id
    (newest,), = a.read("SELECT max(hlc) FROM change_log")
    sync_apply.apply_remote(a, [_old_desk_row(a, pid, "Сидоров Олег", newest + 1)])
    _edit(a, admin, pid, first_name="Олег Ильич")
    (mine,), = a.read("SELECT payload FROM change_log WHERE entity_id = ? ORDER BY id DESC LIMIT 1", (pid,))
    assert json.loads(mine)["first_name"] == "Олег Ильич" and "surname" not in json.loads(mine)
    assert _names(a, pid) == ("Сидоров", "Олег Ильич", "Сидоров Олег Ильич")
    assert sync_apply.uncovered(a) == []


@given(st.text(alphabet=st.sampled_from("Аб Вг\t\n\u3000\u00a0-ё."), max_size=20))
def test_a_names_parts_and_full_name_in_one_pass_are_split_name_and_full_name_of_them(name):
    """`parts_and_name` (a first pull's old player rows, bulk_fresh) is the split and the full name, exactly."""
    surname, first_name = split_name(name)
    assert parts_and_name(name) == (surname, first_name, full_name(surname, first_name))
