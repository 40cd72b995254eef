"""«Судья стола…» on «Столы» (issue 27): the desk puts a referee account on a running Жук table, or any referee; the
cards name the table's referee; a referee's own account is refused in one line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from clubdesk.services.accounts import AccountService
from clubdesk.ui.pages.live import LivePage
from clubdesk.ui.zhuk.table_referee import TableRefereeDialog
from tests.ui.conftest import answer

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def referees(store, admin):
    accounts = AccountService(store)
    return {login: accounts.create_account(admin, login, "long-enough", roles, name)
            for login, name, roles in (("orlov", "Пётр Орлов", ("referee",)), ("vera", "Вера Ким", ("referee",)),
                                       ("maestro", "Антон", ("host",)))}


def make_page(qtbot, hub, actor):
    page = LivePage(hub, actor)
    qtbot.addWidget(page)
    return page


def rows(dialog: TableRefereeDialog) -> list[str]:
    return [dialog.list.item(i).text() for i in range(dialog.list.count())]


def referee_of(store, game_id) -> str:
    return store.read("SELECT referee FROM games WHERE id = ?", (game_id,))[0][0]


def pick(login):
    def choose(dialog):
        dialog.select(login)
        dialog.ok.click()
    return choose


def test_the_desk_assigns_a_referee_and_the_card_names_him(qtbot, hub, admin, referees, two_tables, store):
    page = make_page(qtbot, hub, admin)
    first = two_tables[0]
    assert page.referee_button.isEnabled()
    assert page.board.cards[first.game_id].referee.text() == "Судья: любой"
    seen = answer(page, pick("orlov"))
    page.referee_button.click()
    (dialog,) = seen
    assert rows(dialog) == ["Любой судья", "Вера Ким (vera)", "Пётр Орлов (orlov)"]  # referees only, by name
    assert dialog.table.currentText().startswith("Стол 1: ") and dialog.current.text() == "любой судья"
    assert referee_of(store, first.game_id) == "Пётр Орлов"
    assert page.board.cards[first.game_id].referee.text() == "Судья: Пётр Орлов"  # the cards were redrawn
    assert referee_of(store, two_tables[1].game_id) == ""


def test_the_cards_menu_opens_the_dialog_on_that_table_and_any_referee_clears_it(qtbot, hub, admin, referees,
                                                                                 two_tables, store):
    second = two_tables[1]
    hub.set_referee(admin, second.game_id, "vera")
    page = make_page(qtbot, hub, admin)
    card = page.board.cards[second.game_id]
    assert card.referee.text() == "Судья: Вера Ким"
    actions = card.menu().actions()
    assert [a.text() for a in actions] == ["Открыть стол", "Судья стола…", "Отменить игру (создана по ошибке)…"]
    shown = []
    answer(page, lambda d: (shown.append((d.table.currentData().game_id, d.current.text(),
                                          d.list.currentItem().text())), pick(None)(d)))
    actions[1].trigger()
    # the table whose card was clicked, its referee now and selected
    assert shown == [(second.game_id, "Вера Ким", "Вера Ким (vera)")]
    assert referee_of(store, second.game_id) == ""
    assert page.board.cards[second.game_id].referee.text() == "Судья: любой"


def test_cancel_changes_nothing(qtbot, hub, admin, referees, two_tables, store):
    page = make_page(qtbot, hub, admin)
    answer(page, lambda d: (d.select("orlov"), d.cancel.click()))
    page.referee_button.click()
    assert [referee_of(store, t.game_id) for t in two_tables] == ["", ""]


def test_a_right_click_on_a_card_does_not_open_the_table(qtbot, hub, admin, two_tables):
    page = make_page(qtbot, hub, admin)
    card = page.board.cards[two_tables[0].game_id]
    opened = []
    page.board.table_clicked.connect(opened.append)
    qtbot.mouseClick(card, Qt.MouseButton.RightButton, pos=QPoint(5, 5))
    assert opened == []
    qtbot.mouseClick(card, Qt.MouseButton.LeftButton, pos=QPoint(5, 5))
    assert opened == [two_tables[0]]
    for win in page.windows.values():
        win.close()


def test_a_referee_account_cannot_assign_and_is_told_why(qtbot, hub, referees, two_tables, store):
    page = make_page(qtbot, hub, referees["orlov"])
    page.show()
    assert not page.referee_button.isEnabled()
    assert page.referee_button.toolTip() == "Судью стола назначает стойка или администратор"
    seen = answer(page, pick("orlov"))
    page.assign_referee(two_tables[0].game_id)  # the card's menu is everyone's
    assert seen == [] and page.error.isVisible() and "стойка" in page.error.text()
    assert referee_of(store, two_tables[0].game_id) == ""


def test_with_no_referee_accounts_the_dialog_says_where_they_are_made(qtbot, hub, admin, two_tables):
    page = make_page(qtbot, hub, admin)
    seen = answer(page, lambda d: d.cancel.click())
    page.referee_button.click()
    (dialog,) = seen
    assert rows(dialog) == ["Любой судья"]
    assert any("«Сотрудники»" in w.text() for w in dialog.findChildren(type(page.error)))


def test_the_hall_scoreboard_names_no_referee(qtbot, hub, admin, referees, two_tables):
    hub.set_referee(admin, two_tables[0].game_id, "orlov")
    page = make_page(qtbot, hub, admin)
    board = page.open_scoreboard()
    text = " ".join(w.text() for w in board.findChildren(type(page.error)))
    assert "Орлов" not in text and "Судья" not in text
    board.close()
