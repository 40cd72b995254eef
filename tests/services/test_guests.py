"""A guest typed at the door who is already in the registry (issue 28): the same phone, nickname or name is
named, nothing is stored, and the desk checks that player in instead — or adds the guest deliberately."""

import pytest

from clubdesk.errors import ValidationError
from clubdesk.services.evenings import EveningService
from clubdesk.services.games import GameService
from clubdesk.services.guests import GuestMatchesPlayer
from clubdesk.services.players import PlayerData, PlayerService


@pytest.fixture
def svc(store, today):
    return EveningService(store, GameService(store), PlayerService(store, today))


@pytest.fixture
def evening(svc, admin, today):
    return svc.create(admin, today, admin.account_id, tables=1, name="Среда")


@pytest.fixture
def registered(svc, admin):
    return svc.players.add(admin, PlayerData(surname="Иванов", first_name="Пётр", nickname="Титан",
                                             phone="8 (903) 123-45-67"))


def _stored(svc, evening) -> tuple[int, int]:
    return svc.players.count(), len(svc.checked_in(evening.id))


@pytest.mark.parametrize(("guest", "why_ru"), [
    (PlayerData(surname="Гостев", first_name="Гость", phone="+7 903 123 45 67"), "тот же телефон +7 903 123-45-67"),
    (PlayerData(surname="Гостев", nickname="титан"), "тот же псевдоним «Титан»"),
    (PlayerData(surname="иванов", first_name=" пётр "), "те же фамилия и имя"),
    (PlayerData("ИВАНОВ   ПЁТР"), "те же фамилия и имя"),
    (PlayerData(surname="Иванов", first_name="Петр"), "те же фамилия и имя"),  # ё typed as е, as most people do
])
def test_a_guest_with_the_phone_nickname_or_name_of_a_registry_player_names_him_and_stores_nothing(
        svc, admin, evening, registered, guest, why_ru):
    before = _stored(svc, evening)
    with pytest.raises(GuestMatchesPlayer) as asked:
        svc.add_guest(admin, evening.id, guest)
    assert [(p.id, why) for p, why in asked.value.matches][0][0] == registered.id
    assert asked.value.ru == f"Уже есть игрок клуба: Иванов Пётр «Титан» — {why_ru}. Отметить его вместо гостя?"
    assert "\n" not in asked.value.en and "Иванов Пётр" in asked.value.en
    assert _stored(svc, evening) == before


def test_the_desk_checks_the_registered_player_in_instead(svc, admin, evening, registered):
    with pytest.raises(GuestMatchesPlayer) as asked:
        svc.add_guest(admin, evening.id, PlayerData("Иванов Пётр"))
    row = svc.check_in(admin, evening.id, asked.value.matches[0][0].id)
    assert (row.player_id, row.is_guest) == (registered.id, False)
    assert svc.players.count() == 1


def test_a_namesake_is_added_as_a_guest_only_when_the_desk_says_he_is_another_person(svc, admin, evening, registered):
    row = svc.add_guest(admin, evening.id, PlayerData(surname="Иванов", first_name="Пётр"), anyway=True)
    assert row.is_guest and row.player_id != registered.id and row.name == "Иванов Пётр"
    with pytest.raises(ValidationError) as refused:  # «another person» cannot take his nickname though
        svc.add_guest(admin, evening.id, PlayerData(surname="Петров", nickname="Титан"), anyway=True)
    assert refused.value.field == "nickname"


def test_a_guest_of_an_earlier_evening_is_named_as_such(svc, admin, evening, today):
    first = svc.create(admin, today, admin.account_id, tables=1, name="Вторник")
    svc.add_guest(admin, first.id, PlayerData(surname="Залётов", nickname="Проездом"))
    with pytest.raises(GuestMatchesPlayer) as asked:
        svc.add_guest(admin, evening.id, PlayerData(surname="Другой", nickname="проездом"))
    assert asked.value.ru.startswith("Уже есть гость прошлого вечера: Залётов «Проездом» — тот же псевдоним")


def test_every_match_is_listed_once_by_its_surest_reason(svc, admin, evening, registered):
    other = svc.players.add(admin, PlayerData(surname="Сидоров", first_name="Олег", phone="+7 916 000-00-01"))
    with pytest.raises(GuestMatchesPlayer) as asked:
        svc.add_guest(admin, evening.id, PlayerData(surname="Иванов", first_name="Пётр", phone="+7 916 000-00-01"))
    assert [(p.id, why) for p, why in asked.value.matches] == [(other.id, "phone"), (registered.id, "name")]
    assert "(и ещё 1)" in asked.value.ru


def test_different_people_are_not_asked_about(svc, admin, evening, registered):
    row = svc.add_guest(admin, evening.id, PlayerData(surname="Иванов", first_name="Павел", phone="+7 916 555-44-33"))
    assert row.is_guest and row.name == "Иванов Павел"
    row = svc.add_guest(admin, evening.id, PlayerData(surname="Иванова", first_name="Пётр"))  # a longer surname
    assert row.is_guest
