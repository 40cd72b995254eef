"""Phones are stored E.164 (libphonenumber, Russia by default); an impossible number is refused in one line; a new
player with another's phone, or with his name and date of birth, is a question (PossibleDuplicate), not a refusal."""

import datetime as dt

import pytest

from clubdesk.errors import ValidationError
from clubdesk.services.players import PlayerData, PlayerService, PossibleDuplicate


@pytest.fixture
def svc(store, today):
    return PlayerService(store, today=today)


@pytest.mark.parametrize("typed", ["8 (903) 123-45-67", "+7 903 123 45 67", "89031234567", "9031234567",
                                   "+7(903)123-45-67", "8-903-123-45-67"])
def test_a_phone_typed_any_way_is_stored_as_e164(svc, admin, typed):
    assert svc.add(admin, PlayerData("Иванов Пётр", phone=typed)).phone == "+79031234567"


def test_a_foreign_phone_keeps_its_country(svc, admin):
    assert svc.add(admin, PlayerData("Smith John", phone="+44 20 7946 0958")).phone == "+442079460958"


@pytest.mark.parametrize("typed", ["00000000000", "12345", "+7 000 000-00-00", "8 (100) 000-00-00", "+7 903 12"])
def test_an_impossible_phone_is_refused_in_one_line_and_nothing_is_stored(svc, admin, typed):
    with pytest.raises(ValidationError) as refused:
        svc.add(admin, PlayerData("Иванов Пётр", phone=typed))
    message = refused.value.message()
    assert refused.value.field == "phone" and "\n" not in message and typed in message
    assert message.startswith("Такого номера телефона не бывает") and svc.count() == 0


def test_the_phone_is_found_by_what_was_typed_either_way(svc, admin):
    svc.add(admin, PlayerData("Иванов Пётр", phone="+7 903 123-45-67"))
    for typed in ("8903123", "+7903", "903 123", "79031234567"):
        assert [p.name for p in svc.search(typed)] == ["Иванов Пётр"], typed


def test_the_same_phone_in_another_format_is_a_question_naming_the_existing_player(svc, admin):
    first = svc.add(admin, PlayerData("Иванов Пётр", phone="8 (903) 123-45-67"))
    with pytest.raises(PossibleDuplicate) as asked:
        svc.add(admin, PlayerData("Иванов Петр", phone="+7 903 123 45 67"))
    assert [(p.id, why) for p, why in asked.value.matches] == [(first.id, "phone")]
    assert asked.value.message() == ("Возможно, этот игрок уже есть: Иванов Пётр — тот же телефон +7 903 123-45-67. "
                                     "Сохранить ещё одного?")
    assert svc.count() == 1  # nothing stored until the desk answers
    again = svc.add(admin, PlayerData("Иванов Петр", phone="+7 903 123 45 67"), duplicate_ok=True)
    assert again.phone == first.phone and svc.count() == 2


def test_the_identical_phone_on_another_person_is_a_question_too(svc, admin):
    svc.add(admin, PlayerData("Иванов Пётр", phone="+7 903 123-45-67"))
    other = svc.add(admin, PlayerData("Сидорова Анна", phone="+7 916 000-11-22"))
    with pytest.raises(PossibleDuplicate):
        svc.update(admin, other.id, other.as_data()._replace(phone="+7 903 123-45-67"))
    assert svc.get(other.id).phone == "+79160001122"


def test_the_same_name_and_birthday_is_a_question_a_namesake_born_another_day_is_not(svc, admin):
    born = dt.date(1990, 5, 17)
    first = svc.add(admin, PlayerData("Иванов  Пётр", birthday=born))
    with pytest.raises(PossibleDuplicate) as asked:
        svc.add(admin, PlayerData("иванов пётр", birthday=born))
    assert [(p.id, why) for p, why in asked.value.matches] == [(first.id, "birthday")]
    assert "то же имя и дата рождения 17.05.1990" in asked.value.message()
    with pytest.raises(PossibleDuplicate) as asked:  # ё typed as е, as most people do
        svc.add(admin, PlayerData("Иванов Петр", birthday=born))
    assert [(p.id, why) for p, why in asked.value.matches] == [(first.id, "birthday")]
    assert svc.add(admin, PlayerData("Иванов Пётр", birthday=dt.date(1991, 5, 17))).birthday == dt.date(1991, 5, 17)
    assert svc.add(admin, PlayerData("Иванов Пётр")).birthday is None  # no date given: a namesake, no question


def test_editing_a_note_of_a_kept_pair_asks_nothing_again(svc, admin):
    a = svc.add(admin, PlayerData("Иванов Пётр", phone="+7 903 123-45-67"))
    svc.add(admin, PlayerData("Иванов Пётр", phone="+7 903 123-45-67"), duplicate_ok=True)
    assert svc.update(admin, a.id, a.as_data()._replace(notes="левша")).notes == "левша"


def test_a_birthday_in_the_future_is_refused(svc, admin, today):
    with pytest.raises(ValidationError) as refused:
        svc.add(admin, PlayerData("Иванов Пётр", birthday=today + dt.timedelta(days=1)))
    assert refused.value.field == "birthday"


def test_a_phone_kept_unread_by_the_migration_does_not_block_an_edit_while_unchanged(svc, store, admin):
    p = svc.add(admin, PlayerData("Ли Мин"))
    with store.write() as cur:  # as 0010 left a phone it could not read
        cur.execute("UPDATE players SET phone = '00000000000' WHERE id = ?", (p.id,))
    row = svc.get(p.id)
    banned = svc.update(admin, p.id, row.as_data()._replace(banned=True, ban_reason="3.3"))
    assert banned.phone == "00000000000" and banned.status == "banned"
    with pytest.raises(ValidationError):
        svc.update(admin, p.id, row.as_data()._replace(phone="00000000001"))
