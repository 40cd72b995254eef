"""Login and first-admin dialogs."""

import pytest

from clubdesk.services.accounts import AccountService
from clubdesk.ui.login import FirstAdminDialog, LoginDialog


def test_first_start_dialog_creates_admin(qtbot, store):
    accounts = AccountService(store)
    d = FirstAdminDialog(accounts)
    qtbot.addWidget(d)
    d.password.setText("club-pass")
    d.repeat.setText("club-pass2")
    d.submit()
    assert d.actor is None and "не совпадают" in d.error.text()
    d.repeat.setText("club-pass")
    d.submit()
    assert d.actor.roles == {"admin"} and accounts.has_accounts()


def test_login_dialog_refuses_wrong_password_and_clears_it(qtbot, store, admin):
    now = [1_800_000_000.0]
    d = LoginDialog(AccountService(store, clock=lambda: now[0]))
    qtbot.addWidget(d)
    d.login.setText("admin")
    d.password.setText("nope-nope")
    d.submit()
    assert d.actor is None and d.password.text() == "" and "Неверное" in d.error.text()
    d.password.setText("secret-admin")
    d.submit()  # right away: the next try after a wrong password waits a second
    assert d.actor is None and "подождите 1 с" in d.error.text()
    now[0] += 1
    d.password.setText("secret-admin")
    d.submit()
    assert d.actor.login == "admin"


def keys(qtbot, text: str) -> None:
    """Typed as a person types: into whatever has the keyboard focus."""
    from PySide6.QtWidgets import QApplication

    for ch in text:
        qtbot.keyClicks(QApplication.focusWidget(), ch)


def shown_and_active(qtbot, d) -> None:
    from PySide6.QtWidgets import QApplication

    d.show()
    d.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d and QApplication.focusWidget() is not None)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_login_typed_at_once_goes_into_the_first_field_and_enter_logs_in(qtbot, store, admin):
    """Issue 38 item 3: no click first — the caret is in «Имя», Tab to «Пароль», Enter logs in."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    d = LoginDialog(AccountService(store))
    qtbot.addWidget(d)
    shown_and_active(qtbot, d)
    assert QApplication.focusWidget() is d.login
    keys(qtbot, "admin")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    keys(qtbot, "secret-admin")
    assert (d.login.text(), d.password.text()) == ("admin", "secret-admin")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert d.actor is not None and d.actor.login == "admin" and d.result() == d.DialogCode.Accepted


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_first_start_dialog_has_the_caret_in_its_first_field(qtbot, store):
    from PySide6.QtWidgets import QApplication

    d = FirstAdminDialog(AccountService(store))
    qtbot.addWidget(d)
    shown_and_active(qtbot, d)
    assert QApplication.focusWidget() is d.login
    keys(qtbot, "maestro")  # the suggested «admin» is replaced
    assert d.login.text() == "maestro"
