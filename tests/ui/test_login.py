"""Login and first-admin dialogs."""

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
