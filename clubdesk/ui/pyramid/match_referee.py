"""«Судья матча…»: another referee account for a Пирамидка match, or any referee — as «Судья стола…» does for a Жук
table (issue 34 item 4). A match of an older version that names its referee in free text keeps it until one is
picked here."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QVBoxLayout, QWidget

from clubdesk.services.matches import MatchRow
from clubdesk.services.scopes import RefereeAccount
from clubdesk.ui.i18n import tr
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.referee_picker import RefereeList, assign_buttons, no_referees_note


class MatchRefereeDialog(QDialog):
    """`login()` after acceptance: the referee's login, or None for any referee."""

    def __init__(self, match: MatchRow, referees: list[RefereeAccount], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Судья матча"))
        self.list = RefereeList(referees)
        who = " — ".join(match.names)
        self.match = QLabel(f"{who} · {match.table}" if match.table else who)
        self.current = QLabel(match.referee_name or tr("любой судья"))
        form = QFormLayout()
        form.addRow(tr("Матч"), self.match)
        form.addRow(tr("Сейчас"), self.current)
        form.addRow(tr("Судья"), self.list)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        self.unknown = QLabel(tr("Так судья записан текстом, учётной записи судьи с таким именем или логином нет: "
                                 "с телефона матч ведёт только стойка. Выберите судью из списка."))
        self.unknown.setObjectName("formError")
        self.unknown.setWordWrap(True)
        layout.addWidget(self.unknown)
        if not referees:
            layout.addWidget(no_referees_note())
        hint = QLabel(tr("Со страницы для столов этот матч ведёт только выбранный судья (и стойка); «Любой судья» — "
                         "любая учётная запись с ролью «судья». В протоколе печатается выбранный судья."))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.buttons, self.ok, self.cancel = assign_buttons(self)
        layout.addWidget(self.buttons)
        # a stored free text names nobody here: no row is picked for it, and «Назначить» waits for a pick
        self.unknown.setVisible(not self.list.select_stored(match.referee))
        self.ok.setEnabled(self.list.picked())
        self.list.currentItemChanged.connect(lambda *_: self.ok.setEnabled(self.list.picked()))
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        plain_text_labels(self)  # names are text, never markup
        self.resize(460, self.sizeHint().height())

    def select(self, login: str | None) -> None:
        """Pick a row by login (None: «Любой судья»), as a click on it would."""
        self.list.select(login)

    def login(self) -> str | None:
        return self.list.login()
