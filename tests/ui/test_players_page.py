"""Players page and dialog: search as you type, add with validation messages, edit."""

import pytest
from PySide6.QtCore import Qt

from clubdesk.services.accounts import AccountService
from clubdesk.ui.pages.players import PlayersPage
from clubdesk.ui.player_dialog import PlayerDialog
from tests.ui.conftest import type_text


def test_typing_in_search_filters_after_a_pause(qtbot, club, demo_admin):
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)
    type_text(page.search, "Карамболь")
    qtbot.waitUntil(lambda: page.model.total == 1, timeout=10_000)
    assert page.model.player_at(0).nickname == "Карамболь"
    assert page.count.text() == f"Показано 1 из {club.players.count()}"


def test_a_search_that_matches_nobody_counts_out_of_the_whole_registry(qtbot, club, demo_admin):
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)
    total = club.players.count()
    assert total >= 10 and page.count.text() == f"Показано {total} из {total}"
    type_text(page.search, "Никтотакойнезаписан")
    qtbot.waitUntil(lambda: page.model.total == 0, timeout=10_000)
    assert page.count.text() == f"Показано 0 из {total}"


def test_dialog_shows_service_validation_and_keeps_input(qtbot, club, demo_admin):
    dialog = PlayerDialog(club.players, demo_admin)
    qtbot.addWidget(dialog)
    dialog.surname.setText("Новиков")
    dialog.first_name.setText("Игорь")
    dialog.phone.setText("12")
    dialog.save()
    assert not dialog.result()
    assert dialog.error.isVisibleTo(dialog) and "Такого номера телефона не бывает" in dialog.error.text()
    assert (dialog.surname.text(), dialog.first_name.text()) == ("Новиков", "Игорь")
    dialog.phone.setText("+7 916 000-11-22")
    dialog.save()
    assert dialog.saved is not None and dialog.saved.phone == "+79160001122"


def test_ban_needs_a_reason_in_the_dialog(qtbot, club, demo_admin):
    dialog = PlayerDialog(club.players, demo_admin)
    qtbot.addWidget(dialog)
    dialog.surname.setText("Громов")
    dialog.first_name.setText("Глеб")
    dialog.banned.setChecked(True)
    assert dialog.ban_reason.isEnabled()
    dialog.save()
    assert dialog.saved is None and "причину" in dialog.error.text()
    dialog.ban_reason.setText("3.3")
    dialog.ban_forever.setChecked(True)
    assert not dialog.ban_until.isEnabled()
    dialog.save()
    assert dialog.saved.status == "banned" and dialog.saved.ban_until is None


def test_saved_player_is_selected_in_the_list(qtbot, club, demo_admin, monkeypatch):
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)

    def fake_exec(dialog):
        dialog.surname.setText("Яшин")
        dialog.first_name.setText("Ян")
        dialog.save()
        return dialog.result()
    monkeypatch.setattr(PlayerDialog, "exec", fake_exec)
    page.add_player()
    row = page.selected_row()
    assert row >= 0 and page.model.player_at(row).name == "Яшин Ян"
    assert page.model.total == 41


pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def _double_click_first_row(qtbot, page) -> None:
    page.show()
    qtbot.waitExposed(page)
    page.view.selectRow(0)
    center = page.view.visualRect(page.model.index(0, 0)).center()
    qtbot.mouseClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=center)  # Qt 6 emits doubleClicked
    qtbot.mouseDClick(page.view.viewport(), Qt.MouseButton.LeftButton, pos=center)  # only for a pressed index


@pytest.fixture
def dialogs_opened(monkeypatch):
    from clubdesk.ui.player_dialog import PlayerDialog

    opened = []
    monkeypatch.setattr(PlayerDialog, "exec", lambda self: opened.append(self) or 0)
    return opened


def test_referee_sees_the_registry_but_cannot_add_or_edit(qtbot, club, demo_admin, dialogs_opened):
    ref = AccountService(club.store).create_account(demo_admin, "ref", "ref-pass", ("referee",))
    page = PlayersPage(club.players, ref)
    qtbot.addWidget(page)
    assert page.model.total == 40
    assert not page.add_button.isEnabled()
    page.view.selectRow(0)
    assert not page.edit_button.isEnabled()
    _double_click_first_row(qtbot, page)
    assert dialogs_opened == []  # nothing opens for him


def test_desk_double_click_on_a_row_opens_that_player(qtbot, club, demo_admin, dialogs_opened):
    """The control for the referee's test: the same double-click does open the editor for the desk."""
    page = PlayersPage(club.players, demo_admin)
    qtbot.addWidget(page)
    _double_click_first_row(qtbot, page)
    assert len(dialogs_opened) == 1
