"""Login, and the first start's creation of the administrator account."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from clubdesk.errors import KnownError, StoreError
from clubdesk.roles import Actor
from clubdesk.ui.i18n import tr
from clubdesk.ui.views import error_label

if TYPE_CHECKING:
    from clubdesk.services.accounts import AccountService



def _provider(accounts: AccountService | Callable[[], AccountService]) -> Callable[[], AccountService]:
    """The dialogs take the service or a function giving it: at start-up the ORM behind it loads in the
    background while the user types, and the first use (pressing «Войти») waits for it."""
    return accounts if callable(accounts) else (lambda: accounts)


class _Form(QDialog):
    def __init__(self, title: str, intro: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.actor: Actor | None = None
        self.store_error: StoreError | None = None  # the store failed its check: the app offers a backup
        self.setWindowTitle(title)
        self.setMinimumWidth(380)
        self.form = QFormLayout()
        self.error = error_label()
        # Set after construction: the constructor's overloads (one takes a Qt.Orientation) would make PySide
        # build its whole Qt namespace (~12 ms) before the first window a desk sees (see ui.models.base).
        buttons = QDialogButtonBox()
        buttons.setStandardButtons(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Отмена"))
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        if intro:
            label = QLabel(intro)
            label.setWordWrap(True)
            layout.addWidget(label)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def first_field(self, field: QLineEdit) -> None:
        """The caret in the first field when the window comes up: the buttons were made first, so Qt's own choice
        (the first in the focus chain) is «OK», and the login typed at once went nowhere (issue 38 item 3).
        Enter in any field presses the default button, «Войти»."""
        field.selectAll()  # a suggested login («admin») is replaced by what is typed, as Tab into it would
        field.setFocus()
        self.ok_button.setDefault(True)

    def fail(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def submit(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


def _password_field() -> QLineEdit:
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    return field


class LoginDialog(_Form):
    def __init__(self, accounts: AccountService | Callable[[], AccountService], parent: QWidget | None = None,
                 notice: str = "") -> None:
        # notice: one line the desk must hear before work starts (its clock off the sync hub's: ui/clock_words.py)
        super().__init__(tr("Вход в ClubDesk"), notice, parent)
        self._accounts = _provider(accounts)
        self.login = QLineEdit()
        self.password = _password_field()
        self.form.addRow(tr("Имя"), self.login)
        self.form.addRow(tr("Пароль"), self.password)
        self.ok_button.setText(tr("Войти"))
        self.first_field(self.login)

    def submit(self) -> None:
        try:
            self.actor = self._accounts().login(self.login.text(), self.password.text())
        except StoreError as exc:
            self.store_error = exc
            self.reject()
            return
        except KnownError as exc:
            self.password.clear()
            self.password.setFocus()
            self.fail(exc.message())
            return
        self.accept()


class FirstAdminDialog(_Form):
    def __init__(self, accounts: AccountService | Callable[[], AccountService], parent: QWidget | None = None) -> None:
        super().__init__(tr("Первый запуск"),
                         tr("Создайте учётную запись администратора клуба. "
                            "Остальные учётные записи (стойка, судьи, ведущие) создаёт администратор."), parent)
        self._accounts = _provider(accounts)
        self.login = QLineEdit("admin")
        self.display_name = QLineEdit()
        self.password = _password_field()
        self.repeat = _password_field()
        self.form.addRow(tr("Имя для входа"), self.login)
        self.form.addRow(tr("Как вас зовут"), self.display_name)
        self.form.addRow(tr("Пароль"), self.password)
        self.form.addRow(tr("Повторите пароль"), self.repeat)
        self.ok_button.setText(tr("Создать"))
        self.first_field(self.login)

    def submit(self) -> None:
        if self.password.text() != self.repeat.text():
            self.fail(tr("Пароли не совпадают."))
            return
        try:
            self.actor = self._accounts().create_first_admin(self.login.text(), self.password.text(),
                                                           self.display_name.text())
        except KnownError as exc:
            self.fail(exc.message())
            return
        self.accept()
