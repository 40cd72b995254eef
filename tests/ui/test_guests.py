"""A guest added at an evening stays a guest — marked in the registry — until the desk registers him."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import QPoint, Qt

from clubdesk.services.evenings import EveningService
from clubdesk.ui.mafia.dialogs import GuestDialog
from clubdesk.ui.models.players import STATUS, PlayersModel
from clubdesk.ui.player_dialog import PlayerDialog

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def status_of(model: PlayersModel, player_id: str) -> str:
    model.refresh()
    return model.index(model.row_of(player_id), STATUS).data()


def test_a_guest_is_marked_in_the_registry_until_the_desk_registers_him(qtbot, club, admin):
    svc = EveningService(club.store, club.games, club.players)
    evening_id = svc.create(admin, dt.date(2026, 12, 3), None).id
    dialog = GuestDialog(svc, admin, evening_id)
    qtbot.addWidget(dialog)
    dialog.surname.setText("Гостев")
    dialog.first_name.setText("Гость")
    dialog.nickname.setText("Прохожий")
    dialog.save()
    guest = dialog.saved.player_id
    registry = PlayersModel(club.players, with_ratings=False)
    assert status_of(registry, guest) == "гость вечера"

    edit = PlayerDialog(club.players, admin, club.players.get(guest))
    qtbot.addWidget(edit)
    assert edit.guest.isVisibleTo(edit) and edit.guest.isChecked()
    edit.notes.setPlainText("пришёл с Ферзём")
    edit.save()                                              # saved, still a guest
    assert status_of(registry, guest) == "гость вечера"

    edit = PlayerDialog(club.players, admin, club.players.get(guest))
    qtbot.addWidget(edit)
    qtbot.mouseClick(edit.guest, Qt.MouseButton.LeftButton, pos=QPoint(6, edit.guest.height() // 2))  # the box
    assert not edit.guest.isChecked()
    edit.save()
    assert edit.result() and status_of(registry, guest) == "в клубе"
    assert club.players.get(guest).notes == "пришёл с Ферзём"


def test_a_registry_player_has_no_guest_box(qtbot, club, admin):
    from clubdesk.services.players import PlayerData

    p = club.players.add(admin, PlayerData("Клубов Клуб", "Свой"))
    edit = PlayerDialog(club.players, admin, p)
    qtbot.addWidget(edit)
    assert not edit.guest.isVisibleTo(edit) and not p.is_guest


def test_a_guest_who_is_a_registry_player_is_named_and_checked_in_instead(qtbot, club, admin):
    from clubdesk.services.players import PlayerData

    svc = EveningService(club.store, club.games, club.players)
    evening_id = svc.create(admin, dt.date(2026, 12, 3), None).id
    known = club.players.add(admin, PlayerData(surname="Иванов", first_name="Пётр", nickname="Титан",
                                               phone="+7 903 123-45-67"))
    dialog = GuestDialog(svc, admin, evening_id)
    qtbot.addWidget(dialog)
    dialog.surname.setText("Гостев")
    dialog.phone.setText("8 903 123 45 67")
    dialog.save()
    assert dialog.match.isVisibleTo(dialog) and not dialog.error.isVisibleTo(dialog) and not dialog.result()
    assert dialog.match_text.text() == ("Уже есть игрок клуба: Иванов Пётр «Титан» — тот же телефон "
                                        "+7 903 123-45-67. Отметить его вместо гостя?")
    assert dialog.check_in_match.text() == "Отметить «Иванов Пётр»"
    assert club.players.count() == 1 and svc.checked_in(evening_id) == []
    dialog.check_in_match.click()
    assert dialog.result() and dialog.checked_in_instead
    assert [(c.player_id, c.is_guest) for c in svc.checked_in(evening_id)] == [(known.id, False)]
    assert club.players.count() == 1


def test_a_guest_who_only_shares_a_name_is_added_on_the_deliberate_answer(qtbot, club, admin):
    from clubdesk.services.players import PlayerData

    svc = EveningService(club.store, club.games, club.players)
    evening_id = svc.create(admin, dt.date(2026, 12, 3), None).id
    club.players.add(admin, PlayerData(surname="Иванов", first_name="Пётр"))
    dialog = GuestDialog(svc, admin, evening_id)
    qtbot.addWidget(dialog)
    dialog.surname.setText("Иванов")
    dialog.first_name.setText("Пётр")
    dialog.save()
    assert dialog.match.isVisibleTo(dialog) and "те же фамилия и имя" in dialog.match_text.text()
    dialog.save()  # OK again asks again: only «Это другой человек…» adds him
    assert not dialog.result() and club.players.count() == 1
    dialog.add_anyway.click()
    assert dialog.result() and not dialog.checked_in_instead and dialog.saved.is_guest
    assert club.players.count() == 2
