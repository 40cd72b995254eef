"""Issue 34 item 5 on the players page: «Удалить игрока…» for a player registered by mistake (disabled, saying why,
for one with anything recorded) and «Объединить с…» (pick the other registration, choose which stays, confirm);
the desk and the administrator only."""

from __future__ import annotations

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.services.matches import MatchService
from clubdesk.services.players import PlayerData
from clubdesk.ui.pages.players import PlayersPage

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def page_on(qtbot, club, actor, name):
    page = PlayersPage(club.players, actor)
    qtbot.addWidget(page)
    page.search.setText(name)
    page.apply_filter()
    page.view.selectRow(0)
    return page


def test_a_fresh_duplicate_is_removed_after_the_question_and_leaves_the_list(qtbot, club, admin):
    kept = club.players.add(admin, PlayerData("Яшин Ян", phone="+7 903 123-45-67"))
    club.players.add(admin, PlayerData("Яшин Ян", phone="+7 903 123-45-67"), duplicate_ok=True)
    page = page_on(qtbot, club, admin, "Яшин")
    assert page.model.total == 2 and page.remove_button.isEnabled() and page.remove_button.toolTip() == ""
    asked = []
    page.ask = lambda text: asked.append(text) or False  # «Нет»: nothing happens
    page.remove_button.click()
    assert page.model.total == 2 and asked[0].startswith("Удалить игрока Яшин Ян?")
    page.ask = lambda text: True
    page.view.selectRow(1)
    page.remove_button.click()
    page.apply_filter()
    assert page.model.total == 1 and club.players.search("Яшин") == [club.players.get(kept.id)]


def test_a_player_with_a_game_cannot_be_removed_and_the_button_says_why(qtbot, club, admin):
    a = club.players.add(admin, PlayerData("Яшин Ян"))
    b = club.players.add(admin, PlayerData("Зотов Зиновий"))
    MatchService.of(club).create(admin, a.id, b.id)
    page = page_on(qtbot, club, admin, "Яшин")
    assert not page.remove_button.isEnabled()
    assert page.remove_button.toolTip() == ("У игрока есть игры: его не удаляют; одного человека, записанного дважды, "
                                            "объединяют («Объединить с…»)")
    assert page.merge_button.isEnabled()


def test_a_merge_picks_the_other_registration_keeps_the_chosen_one_and_asks_first(qtbot, club, admin):
    first = club.players.add(admin, PlayerData("Яшин Ян", phone="+7 903 123-45-67"))
    second = club.players.add(admin, PlayerData("Яшин Иван", "Штопор", "+7 903 000-00-01"))
    page = page_on(qtbot, club, admin, "Яшин Иван")
    asked = []

    def answer(dialog):
        dialog.picker.search.setText("Яшин Ян")
        dialog.picker.apply_filter_now()
        dialog.picker.select(first.id)
        assert dialog.keep_this.text() == "Яшин Иван «Штопор», +7 903 000-00-01"
        assert dialog.keep_other.text() == "Яшин Ян, +7 903 123-45-67" and dialog.ok.isEnabled()
        dialog.keep_other.setChecked(True)  # the first registration's name and phone stay
        return True
    page.run_dialog = answer
    page.ask = lambda text: asked.append(text) or True
    page.merge_button.click()
    assert asked == ["Объединить две записи одного человека? Останется Яшин Ян, +7 903 123-45-67. Игры, заявки, "
                     "отметки и рейтинг записи Яшин Иван «Штопор», +7 903 000-00-01 перейдут к ней; обе истории "
                     "сохранятся. Объединение уйдёт на все стойки."]
    assert [p.id for p in club.players.search("Яшин")] == [first.id]
    assert club.store.read("SELECT merged_into FROM players WHERE id = ?", (second.id,)) == [(first.id,)]
    assert page.model.player_at(page.selected_row()).id == first.id and not page.error.isVisibleTo(page)


def test_a_merge_of_a_player_with_himself_is_not_offered(qtbot, club, admin):
    from clubdesk.ui.player_merge import PlayerMergeDialog

    p = club.players.add(admin, PlayerData("Яшин Ян"))
    dialog = PlayerMergeDialog(club.players, p)
    qtbot.addWidget(dialog)
    dialog.picker.select(p.id)
    assert dialog.choice() is None and not dialog.ok.isEnabled() and not dialog.keep_other.isEnabled()



def test_enter_on_the_found_registration_picks_it_and_goes_to_merge_never_merging_by_itself(qtbot, club, admin):
    """Enter in the search picks the first player found and goes to «Объединить…» (whose own Enter asks first);
    it no longer reaches the dialog's default button by itself."""
    from PySide6.QtCore import Qt

    from clubdesk.ui.player_merge import PlayerMergeDialog
    from tests.ui.conftest import type_text

    kept = club.players.add(admin, PlayerData("Яшин Ян"))
    other = club.players.add(admin, PlayerData("Яшин Иван"))
    dialog = PlayerMergeDialog(club.players, other)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.picker.search.setFocus()
    type_text(dialog.picker.search, "Яшин Ян")
    qtbot.keyClick(dialog.picker.search, Qt.Key.Key_Return)
    assert dialog.picker.player_id() == kept.id and dialog.isVisible() and dialog.result() == 0
    assert dialog.focusWidget() is dialog.ok

def test_a_refused_merge_is_one_line_above_the_list(qtbot, club, admin):
    a = club.players.add(admin, PlayerData("Яшин Ян"))
    b = club.players.add(admin, PlayerData("Яшин Иван"))
    MatchService.of(club).create(admin, a.id, b.id)
    page = page_on(qtbot, club, admin, "Яшин Ян")
    page.run_dialog = lambda dialog: dialog.picker.select(b.id)
    page.ask = lambda text: True
    page.merge_button.click()
    assert page.error.isVisibleTo(page) and "это два разных человека" in page.error.text()
    assert club.players.count() == 2


@pytest.mark.parametrize("role", ["referee", "host", "display"])
def test_only_the_desk_and_the_administrator_remove_or_merge(qtbot, club, admin, role):
    club.players.add(admin, PlayerData("Яшин Ян"))
    other = AccountService(club.store).create_account(admin, "staff1", "long-enough", (role,))
    page = page_on(qtbot, club, other, "Яшин")
    assert page.selected_row() == 0
    assert not page.remove_button.isEnabled() and page.remove_button.toolTip() == "Удаляет стойка или администратор"
    assert not page.merge_button.isEnabled() and page.merge_button.toolTip() == "Объединяет стойка или администратор"
    desk = AccountService(club.store).create_account(admin, "desk1", "long-enough", ("desk",))
    page = page_on(qtbot, club, desk, "Яшин")
    assert page.remove_button.isEnabled() and page.merge_button.isEnabled()
