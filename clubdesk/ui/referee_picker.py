"""The referee picked from the referee accounts, or «Любой судья»: «Судья стола…» of a Жук table, and a Пирамидка
match's referee at «Новый матч» and «Судья матча…» (issue 34 item 4: a name typed as text matched no account)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QPushButton, QWidget

from clubdesk.services.scopes import RefereeAccount, named_referee
from clubdesk.ui.i18n import tr

LOGIN = Qt.ItemDataRole.UserRole


class RefereeList(QListWidget):
    """«Любой судья» (login None) and each active referee account, «Имя (login)»; `login()` of the row picked."""

    def __init__(self, referees: list[RefereeAccount], rows: int = 8, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.referees = referees
        QListWidgetItem(tr("Любой судья"), self).setData(LOGIN, None)
        for r in referees:
            text = r.name if r.name == r.login else f"{r.name} ({r.login})"
            QListWidgetItem(text, self).setData(LOGIN, r.login)
        shown = min(rows, self.count())
        self.setFixedHeight(shown * self.sizeHintForRow(0) + 2 * self.frameWidth() + 4)

    def select(self, login: str | None) -> None:
        """Pick a row by login (None: «Любой судья»), as a click on it would."""
        for i in range(self.count()):
            if self.item(i).data(LOGIN) == login:
                self.setCurrentRow(i)
                return

    def select_stored(self, stored: str) -> bool:
        """Pick the row a stored `games.referee` names («Любой судья» for nobody); False, and no row picked, when it
        names no referee account (an older free text, or an account no longer a referee)."""
        account = named_referee(self.referees, stored)
        if stored.strip() and account is None:
            self.setCurrentRow(-1)
            return False
        self.select(account.login if account is not None else None)
        return True

    def picked(self) -> bool:
        return self.currentItem() is not None

    def login(self) -> str | None:
        item = self.currentItem()
        return item.data(LOGIN) if item is not None else None


def no_referees_note() -> QLabel:
    """The line a referee dialog shows when the club has no referee account to pick."""
    none = QLabel(tr("Учётных записей с ролью «судья» нет: их заводит администратор на странице «Сотрудники»."))
    none.setObjectName("formError")
    none.setWordWrap(True)
    return none


def assign_buttons(dialog: QDialog) -> tuple[QDialogButtonBox, QPushButton, QPushButton]:
    """«Назначить» and «Отмена» of a referee dialog (a Жук table's, a Пирамидка match's): (box, ok, cancel)."""
    buttons = QDialogButtonBox()
    ok = buttons.addButton(tr("Назначить"), QDialogButtonBox.ButtonRole.AcceptRole)
    cancel = buttons.addButton(tr("Отмена"), QDialogButtonBox.ButtonRole.RejectRole)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons, ok, cancel
