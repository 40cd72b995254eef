"""The player registry: validation, bans, search as you type (Cyrillic-aware)."""

import datetime as dt

import pytest

from clubdesk.errors import PermissionDenied, ValidationError
from clubdesk.services.accounts import AccountService
from clubdesk.services.players import PlayerData, PlayerService


@pytest.fixture
def svc(store, today):
    return PlayerService(store, today=today)


def test_added_player_is_found_by_any_case_of_cyrillic_name(svc, admin):
    svc.add(admin, PlayerData("Ёлкин Пётр", nickname="Ёж", phone="+7 (916) 123-45-67"))
    svc.add(admin, PlayerData("Сидоров Андрей"))
    assert [p.name for p in svc.search("ЁЛКИН")] == ["Ёлкин Пётр"]
    assert [p.name for p in svc.search("пётр ёлк")] == ["Ёлкин Пётр"]
    assert [p.name for p in svc.search("ёж")] == ["Ёлкин Пётр"]
    assert [p.name for p in svc.search("9161234")] == ["Ёлкин Пётр"]
    assert svc.count("") == 2 and svc.count("андрей") == 1


def test_search_treats_percent_and_underscore_literally(svc, admin):
    svc.add(admin, PlayerData("Иванов Иван"))
    assert svc.search("%") == [] and svc.search("_") == []


def test_search_pages_in_name_order(svc, admin):
    for n in ["Яковлев Я", "Абрамов А", "Михайлов М"]:
        svc.add(admin, PlayerData(n))
    assert [p.name for p in svc.search("", 0, 2)] == ["Абрамов А", "Михайлов М"]
    assert [p.name for p in svc.search("", 2, 2)] == ["Яковлев Я"]


@pytest.mark.parametrize(("data", "field"), [
    (PlayerData(" "), "surname"),
    (PlayerData(surname=" ", first_name="Пётр"), "surname"),
    (PlayerData(surname="Ван Дамм", first_name="Жан"), "surname"),
    (PlayerData(surname="Я"), "surname"),
    (PlayerData(surname="Иванов", first_name="П" * 101), "first_name"),
    (PlayerData(surname="Иванов", nickname="Н" * 101), "nickname"),
    (PlayerData("Иван Иванов", phone="12-34"), "phone"),
    (PlayerData("Иван Иванов", phone="+7 916 abc 45 67"), "phone"),
    (PlayerData("Иван Иванов", banned=True), "ban_reason"),
    (PlayerData("Иван Иванов", banned=True, ban_reason="мат", ban_until=dt.date(2026, 1, 1)), "ban_until"),
])
def test_invalid_player_input_names_the_field(svc, admin, data, field):
    with pytest.raises(ValidationError) as err:
        svc.add(admin, data)
    assert err.value.field == field
    assert svc.count() == 0


def test_nickname_is_unique_ignoring_case(svc, admin):
    svc.add(admin, PlayerData("Иван Иванов", nickname="Шериф"))
    with pytest.raises(ValidationError) as err:
        svc.add(admin, PlayerData("Пётр Петров", nickname="шериф"))
    assert err.value.field == "nickname" and "Иван Иванов" in err.value.ru


def test_player_keeps_own_nickname_on_edit(svc, admin):
    p = svc.add(admin, PlayerData("Иван Иванов", nickname="Шериф"))
    edited = svc.update(admin, p.id, PlayerData("Иван Иванович Иванов", nickname="Шериф"))
    assert edited.name == "Иван Иванович Иванов"


def test_ban_with_reason_and_end_date_is_in_force_until_that_date(svc, admin, today):
    p = svc.add(admin, PlayerData("Буянов Борис", banned=True, ban_reason="3.3 оскорбления",
                                  ban_until=today + dt.timedelta(days=30)))
    assert p.banned_on(today) and p.banned_on(today + dt.timedelta(days=30))
    assert not p.banned_on(today + dt.timedelta(days=31))


def test_lifting_a_ban_clears_reason_and_date(svc, admin, today):
    p = svc.add(admin, PlayerData("Буянов Борис", banned=True, ban_reason="мат"))
    lifted = svc.update(admin, p.id, PlayerData("Буянов Борис"))
    assert lifted.status == "active" and lifted.ban_reason == "" and lifted.ban_until is None


def test_referee_cannot_edit_the_registry(svc, store, admin):
    ref = AccountService(store).create_account(admin, "ref", "ref-pass", ("referee",))
    with pytest.raises(PermissionDenied):
        svc.add(ref, PlayerData("Иван Иванов"))


def test_a_bidi_override_in_a_name_does_not_hide_it_from_search(store, admin):
    svc = PlayerService(store)
    hidden = svc.add(admin, PlayerData("Пет\u202eров Иван", "Ко\u200bт"))
    assert [p.id for p in svc.search("петров")] == [hidden.id]
    assert [p.id for p in svc.search("кот")] == [hidden.id]
    assert [p.id for p in svc.search("пет\u202eров")] == [hidden.id]  # pasted with the control in it
