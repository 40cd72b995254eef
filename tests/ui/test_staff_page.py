"""The «Сотрудники» page driven through its widgets: a new account with roles, a new password, disabling."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from clubdesk.services.accounts import AccountService, LoginFailed
from clubdesk.services.staff import StaffService
from clubdesk.ui.main_window import PAGES, MainWindow
from clubdesk.ui.pages.staff import StaffPage
from tests.ui.conftest import type_text

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform, for any dialog shown


def _ok(dialog):
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()


def _select(page, login):
    row = next(i for i in range(page.model.rowCount()) if page.model.row_at(i).login == login)
    page.view.selectRow(row)


def test_the_administrator_creates_an_account_resets_its_password_and_disables_it(qtbot, store, admin):
    page = StaffPage(StaffService(store), admin)
    qtbot.addWidget(page)
    assert not page.password_button.isEnabled() and page.password_button.toolTip()
    dialog = page.new_account()
    type_text(dialog.login, "vera")
    type_text(dialog.name, "Вера Ким")
    type_text(dialog.password, "host-pass")
    type_text(dialog.again, "host-pazz")
    dialog.roles["host"].click()
    _ok(dialog)
    assert dialog.isVisible() and dialog.error.text() == "Пароли не совпадают."
    dialog.again.clear()
    type_text(dialog.again, "host-pass")
    _ok(dialog)
    assert not dialog.isVisible()
    shown = [[page.model.index(r, c).data() for c in range(4)] for r in range(page.model.rowCount())]
    assert ["Вера Ким", "vera", "ведущий", "активна"] in shown
    assert page.selected().login == "vera"  # the new account is selected

    pw = page.change_password()
    type_text(pw.password, "new-pass-2")
    type_text(pw.again, "new-pass-2")
    _ok(pw)
    assert not pw.isVisible()
    assert AccountService(store).login("vera", "new-pass-2").login == "vera"

    asked = []
    page.confirm = lambda text: asked.append(text) or True
    _select(page, "vera")
    assert page.active_button.text() == "Отключить"
    page.active_button.click()
    assert "Вера Ким" in asked[0]
    assert page.selected().active is False and page.active_button.text() == "Включить"
    with pytest.raises(LoginFailed):
        AccountService(store).login("vera", "new-pass-2")


def test_a_refused_account_says_why_under_the_form(qtbot, store, admin):
    page = StaffPage(StaffService(store), admin)
    qtbot.addWidget(page)
    dialog = page.new_account()
    type_text(dialog.login, "admin")
    type_text(dialog.password, "secret-1")
    type_text(dialog.again, "secret-1")
    dialog.roles["referee"].click()
    _ok(dialog)
    assert dialog.isVisible() and "занято" in dialog.error.text()


def test_the_staff_page_is_in_the_sidebar_only_for_an_administrator(qtbot, club, admin, settings):
    staff = StaffService(club.store)
    staff.create(admin, "irina", "desk-pass", ("desk",))
    desk = AccountService(club.store).login("irina", "desk-pass")
    for actor, hidden in ((admin, False), (desk, True)):
        window = MainWindow(club, actor, settings)
        qtbot.addWidget(window)
        assert window.sidebar.item(PAGES.index("staff")).isHidden() is hidden
        assert window.sidebar.item(PAGES.index("staff")).text() == "Сотрудники"
    window.show_page("staff")
    assert not isinstance(window.page("staff"), StaffPage)  # a desk worker sees only who manages accounts


def test_the_roles_of_an_account_are_changed_from_the_page_and_a_refusal_stays_in_the_dialog(qtbot, store, admin):
    staff = StaffService(store)
    staff.create(admin, "orlov", "ref-pass-1", ("referee",), "Орлов Глеб")
    page = StaffPage(staff, admin)
    qtbot.addWidget(page)
    assert not page.roles_button.isEnabled()
    _select(page, "orlov")
    dialog = page.change_roles()
    assert [r for r, box in dialog.roles.items() if box.isChecked()] == ["referee"]  # ticked as they are now
    dialog.roles["host"].click()
    _ok(dialog)
    assert not dialog.isVisible()
    assert page.model.index(page.view.selectionModel().selectedRows()[0].row(), 2).data() == "судья, ведущий"
    _select(page, "admin")
    dialog = page.change_roles()
    dialog.roles["admin"].click()
    dialog.roles["desk"].click()
    _ok(dialog)
    assert dialog.isVisible() and "администратор" in dialog.error.text()
    qtbot.waitUntil(lambda: dialog.error.isVisible())
    assert dialog.error.height() >= dialog.error.heightForWidth(dialog.error.width())  # the whole line, not cut
    assert staff.get(admin, "admin").roles == ("admin",)
