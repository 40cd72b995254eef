"""The player dialog: an impossible phone is one red line; a possible duplicate is a question with «Открыть игрока»
and «Это другой человек — сохранить»; the phone is shown spaced and stored E.164."""

import pytest

from clubdesk.services.players import PlayerData
from clubdesk.ui.pages.players import PlayersPage
from clubdesk.ui.player_dialog import PlayerDialog


def _dialog(qtbot, club, admin, player=None):
    dialog = PlayerDialog(club.players, admin, player)
    qtbot.addWidget(dialog)
    return dialog


def test_an_impossible_phone_is_one_clear_line_in_the_dialog(qtbot, club, demo_admin):
    dialog = _dialog(qtbot, club, demo_admin)
    dialog.surname.setText("Новиков")
    dialog.first_name.setText("Игорь")
    dialog.phone.setText("00000000000")
    dialog.save()
    assert dialog.saved is None and dialog.error.isVisibleTo(dialog)
    assert dialog.error.text().startswith("Такого номера телефона не бывает: «00000000000».")


def test_the_same_phone_typed_another_way_asks_and_saves_only_when_told(qtbot, club, demo_admin):
    first = club.players.add(demo_admin, PlayerData("Яшин Ян", phone="8 (903) 123-45-67"))
    before = club.players.count()
    dialog = _dialog(qtbot, club, demo_admin)
    dialog.surname.setText("Яшин")
    dialog.first_name.setText("Ян")
    dialog.phone.setText("+7 903 123 45 67")
    dialog.save()
    assert dialog.saved is None and dialog.duplicate.isVisibleTo(dialog) and not dialog.error.isVisibleTo(dialog)
    assert "Яшин Ян — тот же телефон +7 903 123-45-67" in dialog.duplicate_text.text()
    assert dialog.open_existing.text() == "Открыть игрока «Яшин Ян»"
    assert club.players.count() == before
    dialog.save_anyway.click()
    assert dialog.saved is not None and dialog.saved.id != first.id and club.players.count() == before + 1


def test_open_existing_shows_that_player_in_the_registry_and_opens_him(qtbot, club, demo_admin, monkeypatch):
    first = club.players.add(demo_admin, PlayerData("Яшин Ян", phone="8 (903) 123-45-67"))
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)
    opened = []

    def fake_exec(dialog):
        opened.append(dialog)
        if len(opened) == 1:  # the new entry: the same phone, the desk opens the existing player instead
            dialog.surname.setText("Яшин")
            dialog.first_name.setText("Ян Петрович")
            dialog.phone.setText("89031234567")
            dialog.save()
            dialog.open_existing.click()
        return dialog.result()
    monkeypatch.setattr(PlayerDialog, "exec", fake_exec)
    page.add_player()
    assert len(opened) == 2 and opened[1]._player.id == first.id
    assert opened[1].phone.text() == "+7 903 123-45-67"
    assert (opened[1].surname.text(), opened[1].first_name.text()) == ("Яшин", "Ян")
    assert page.model.player_at(page.selected_row()).id == first.id
    assert club.players.count() == 41


def test_a_date_of_birth_is_typed_kept_and_shown_again(qtbot, club, demo_admin):
    dialog = _dialog(qtbot, club, demo_admin)
    dialog.surname.setText("Громов")
    dialog.first_name.setText("Глеб")
    dialog.birthday.setText("31.02.1990")
    dialog.save()
    assert dialog.saved is None and "31.12.1990" in dialog.error.text()
    dialog.birthday.setText("17.05.1990")
    dialog.save()
    again = _dialog(qtbot, club, demo_admin, dialog.saved)
    assert again.birthday.text() == "17.05.1990"


def test_the_registry_shows_a_stored_e164_phone_spaced(qtbot, club, demo_admin):
    from clubdesk.ui.models.players import PHONE

    club.players.add(demo_admin, PlayerData("Яшин Ян", phone="89031234567"))
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)
    page.search.setText("Яшин")
    page.apply_filter()
    assert page.model.data(page.model.index(0, PHONE)) == "+7 903 123-45-67"


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_question_and_the_error_fit_the_dialog_without_squeezing_the_form(qtbot, qapp, club, demo_admin):
    """With the club's style: a wrapped line appearing in the shown dialog made it too short for its form (the
    notes box ran under «Запрет посещения клуба»), and the two answers side by side were cut at both ends."""
    from clubdesk.ui.app import apply_style

    apply_style()
    try:
        club.players.add(demo_admin, PlayerData("Ivanov Petr", phone="8 (903) 111-22-33"))
        dialog = _dialog(qtbot, club, demo_admin)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.surname.setText("Ivanov")
        dialog.first_name.setText("Petr")
        dialog.phone.setText("00000000000")
        dialog.save()
        qapp.processEvents()
        assert dialog.notes.geometry().bottom() < dialog.banned.geometry().top()
        dialog.phone.setText("+7 903 111 22 33")
        dialog.save()
        qapp.processEvents()
        assert dialog.duplicate.isVisibleTo(dialog)
        assert dialog.notes.geometry().bottom() < dialog.banned.geometry().top()
        for button in (dialog.open_existing, dialog.save_anyway):
            assert button.width() >= button.sizeHint().width(), button.text()
    finally:
        qapp.setStyleSheet("")


def _enter(qtbot, dialog):
    """Enter where the desk's focus is, as a tired second press would land."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_enter_twice_with_the_same_name_and_phone_saves_one_player(qtbot, club, demo_admin):
    """Issue 34 item 5: the second Enter pressed the question's «Это другой человек — сохранить» (it had the
    focus) and stored an identical second row. The question's Enter opens the player already there."""
    first = club.players.add(demo_admin, PlayerData(surname="Яшин", first_name="Ян", phone="+7 903 123-45-67"))
    before = club.players.count()
    dialog = _dialog(qtbot, club, demo_admin)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.surname.setText("Яшин")
    dialog.first_name.setText("Ян")
    dialog.phone.setText("8 903 123 45 67")
    dialog.phone.setFocus()
    _enter(qtbot, dialog)
    assert dialog.duplicate.isVisibleTo(dialog) and dialog.saved is None
    assert dialog.open_existing.hasFocus() and dialog.open_existing.isDefault()  # an autoDefault button focused
    assert not dialog.save_anyway.isDefault() and not dialog.save_button.isDefault()
    _enter(qtbot, dialog)
    assert dialog.saved is None and dialog.open_instead is not None and dialog.open_instead.id == first.id
    assert club.players.count() == before


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_enter_in_a_field_after_the_question_asks_again_and_saves_nothing(qtbot, club, demo_admin):
    club.players.add(demo_admin, PlayerData(surname="Яшин", first_name="Ян", phone="+7 903 123-45-67"))
    before = club.players.count()
    dialog = _dialog(qtbot, club, demo_admin)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.surname.setText("Яшин")
    dialog.phone.setText("+7 903 123-45-67")
    dialog.save()
    dialog.surname.setFocus()  # the desk clicks back into the form: the form's Enter asks again, it never saves
    _enter(qtbot, dialog)
    assert dialog.duplicate.isVisibleTo(dialog) and dialog.saved is None and dialog.open_instead is None
    dialog.save_anyway.setFocus()  # tabbed onto «Это другой человек — сохранить»: Enter is not its click either
    _enter(qtbot, dialog)
    assert dialog.saved is None and club.players.count() == before
    dialog.save_anyway.click()  # the deliberate answer still saves another person
    assert dialog.saved is not None and club.players.count() == before + 1
