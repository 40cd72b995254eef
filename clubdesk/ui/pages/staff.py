"""«Сотрудники»: the administrator's staff accounts — create with roles, change the roles, reset a password, disable or
enable."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError, ValidationError
from clubdesk.roles import ROLES, Actor
from clubdesk.services.staff import AccountRow, StaffService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import DISPLAY, FOREGROUND, RowTableModel
from clubdesk.ui.views import error_label, grow_to_fit, ok_cancel, table_view


def role_titles() -> dict[str, str]:
    return {"admin": tr("администратор"), "desk": tr("стойка"), "referee": tr("судья"), "host": tr("ведущий"),
            "display": tr("табло")}


class AccountsModel(RowTableModel):
    def headers(self) -> list[str]:
        return [tr("Имя"), tr("Вход"), tr("Роли"), tr("Состояние")]

    def cell(self, item: AccountRow, row: int, column: int, role: int):
        if role == DISPLAY:
            titles = role_titles()
            return (item.display_name, item.login, ", ".join(titles[r] for r in item.roles),
                    tr("активна") if item.active else tr("отключена"))[column]
        if role == FOREGROUND and not item.active:
            from PySide6.QtGui import QBrush, QColor

            return QBrush(QColor("#8a929c"))
        return None


class AccountDialog(QDialog):
    """A new account: login, name, password twice, roles; a refusal is shown under the form."""

    def __init__(self, service: StaffService, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service, self.actor = service, actor
        self.created: AccountRow | None = None
        self.setWindowTitle(tr("Новая учётная запись"))
        self.login = QLineEdit()
        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("как печатать в протоколах, например Орлов Глеб"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.again = QLineEdit()
        self.again.setEchoMode(QLineEdit.EchoMode.Password)
        self.roles = {r: QCheckBox(title) for r, title in role_titles().items()}
        roles_row = QHBoxLayout()
        for box in self.roles.values():
            roles_row.addWidget(box)
        self.error = error_label()
        form = QFormLayout()
        form.addRow(tr("Вход:"), self.login)
        form.addRow(tr("Имя:"), self.name)
        form.addRow(tr("Пароль:"), self.password)
        form.addRow(tr("Ещё раз:"), self.again)
        form.addRow(tr("Роли:"), roles_row)
        buttons = ok_cancel(self, tr("Создать"), self.create)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def create(self) -> None:
        if self.password.text() != self.again.text():
            return self._refuse(tr("Пароли не совпадают."), self.again)
        roles = tuple(r for r in ROLES if self.roles[r].isChecked())
        try:
            self.created = self.service.create(self.actor, self.login.text(), self.password.text(), roles,
                                               self.name.text())
        except KnownError as exc:
            field = getattr(exc, "field", "")
            return self._refuse(exc.message(), {"login": self.login, "password": self.password}.get(field))
        self.accept()

    def _refuse(self, text: str, widget: QWidget | None) -> None:
        self.error.setText(text)
        self.error.show()
        if widget is not None:
            widget.setFocus()


class PasswordDialog(QDialog):
    """A new password for one account, typed twice."""

    def __init__(self, service: StaffService, actor: Actor, account: AccountRow, parent: QWidget | None = None):
        super().__init__(parent)
        self.service, self.actor, self.account = service, actor, account
        self.setWindowTitle(tr("Новый пароль: {name}").format(name=account.display_name))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.again = QLineEdit()
        self.again.setEchoMode(QLineEdit.EchoMode.Password)
        self.error = error_label()
        form = QFormLayout()
        form.addRow(tr("Новый пароль:"), self.password)
        form.addRow(tr("Ещё раз:"), self.again)
        buttons = ok_cancel(self, tr("Сменить пароль"), self.save)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Вход: {login}").format(login=account.login)))
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def save(self) -> None:
        try:
            if self.password.text() != self.again.text():
                raise ValidationError("again", "Пароли не совпадают.", "The passwords differ.")
            self.service.reset_password(self.actor, self.account.id, self.password.text())
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()


class RolesDialog(QDialog):
    """The roles of one account, ticked as they are now; a refusal (the last administrator) is shown under them."""

    def __init__(self, service: StaffService, actor: Actor, account: AccountRow, parent: QWidget | None = None):
        super().__init__(parent)
        self.service, self.actor, self.account = service, actor, account
        self.saved: AccountRow | None = None
        self.setWindowTitle(tr("Роли: {name}").format(name=account.display_name))
        self.roles = {r: QCheckBox(title) for r, title in role_titles().items()}
        roles_row = QHBoxLayout()
        for role, box in self.roles.items():
            box.setChecked(role in account.roles)
            roles_row.addWidget(box)
        self.error = error_label()
        buttons = ok_cancel(self, tr("Сохранить роли"), self.save)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(tr("Вход: {login}").format(login=account.login)))
        layout.addLayout(roles_row)
        note = QLabel(tr("Телефоны этой учётной записи получат новые роли при следующем действии."))
        note.setObjectName("muted")
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def save(self) -> None:
        roles = tuple(r for r in ROLES if self.roles[r].isChecked())
        try:
            self.saved = self.service.set_roles(self.actor, self.account.id, roles)
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            grow_to_fit(self)  # the wrapped line must not squeeze the note over the boxes
            return
        self.accept()


class StaffPage(QWidget):
    """The list of accounts and what the administrator does with them. `confirm(text) -> bool` asks before
    disabling (a question box; tests replace it)."""

    def __init__(self, service: StaffService, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service, self.actor = service, actor
        self.confirm: Callable[[str], bool] = self._ask
        title = QLabel(tr("Сотрудники"))
        title.setObjectName("pageTitle")
        hint = QLabel(tr("Учётные записи стойки, судей и ведущих. Отключённая запись не входит в программу, "
                         "но её имя остаётся в протоколах и истории."))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        self.model = AccountsModel(self)
        self.view = table_view(self.model, stretch=0, widths={1: 160, 2: 300, 3: 120})
        self.add_button = QPushButton(tr("Новая учётная запись…"))
        self.roles_button = QPushButton(tr("Роли…"))
        self.password_button = QPushButton(tr("Сменить пароль…"))
        self.active_button = QPushButton(tr("Отключить"))
        self.error = error_label()
        bar = QHBoxLayout()
        bar.addWidget(self.add_button)
        bar.addWidget(self.roles_button)
        bar.addWidget(self.password_button)
        bar.addWidget(self.active_button)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(hint)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.error)
        self.add_button.clicked.connect(self.new_account)
        self.roles_button.clicked.connect(self.change_roles)
        self.password_button.clicked.connect(self.change_password)
        self.active_button.clicked.connect(self.toggle_active)
        self.view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.refresh()

    def refresh(self, select_id: str | None = None) -> None:
        self.model.set_rows(self.service.list(self.actor))
        if select_id is not None:
            row = next((i for i, r in enumerate(self.model._rows) if r.id == select_id), None)
            if row is not None:
                self.view.selectRow(row)
        self._update_buttons()

    def selected(self) -> AccountRow | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.row_at(rows[0].row()) if rows else None

    def _update_buttons(self, *_args) -> None:
        acc = self.selected()
        why = "" if acc else tr("Выберите учётную запись в списке.")
        for button in (self.roles_button, self.password_button, self.active_button):
            button.setEnabled(acc is not None)
            button.setToolTip(why)
        self.active_button.setText(tr("Включить") if acc and not acc.active else tr("Отключить"))

    def new_account(self) -> AccountDialog:
        dialog = AccountDialog(self.service, self.actor, self)
        dialog.accepted.connect(lambda: self.refresh(dialog.created.id if dialog.created else None))
        dialog.open()
        return dialog

    def change_roles(self) -> RolesDialog | None:
        acc = self.selected()
        if acc is None:
            return None
        dialog = RolesDialog(self.service, self.actor, acc, self)
        dialog.accepted.connect(lambda: self.refresh(acc.id))
        dialog.open()
        return dialog

    def change_password(self) -> PasswordDialog | None:
        acc = self.selected()
        if acc is None:
            return None
        dialog = PasswordDialog(self.service, self.actor, acc, self)
        dialog.open()
        return dialog

    def toggle_active(self) -> None:
        acc = self.selected()
        if acc is None:
            return
        if acc.active and not self.confirm(tr("Отключить учётную запись {name} ({login})? Войти под ней будет "
                                              "нельзя; её имя останется в протоколах.").format(
                                                  name=acc.display_name, login=acc.login)):
            return
        try:
            self.service.set_active(self.actor, acc.id, not acc.active)
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.error.hide()
        self.refresh(acc.id)

    def _ask(self, text: str) -> bool:
        answer = QMessageBox.question(self, tr("Сотрудники"), text)
        return answer == QMessageBox.StandardButton.Yes


def create_page(club, actor: Actor, window) -> QWidget:
    if not actor.has("admin"):
        from clubdesk.ui.pages.later import LaterPage

        return LaterPage(tr("Сотрудники"), tr("Учётными записями сотрудников управляет администратор."))
    return StaffPage(StaffService(club.store), actor)

