"""«Судья стола…»: which referee account scores a running Жук table from the table page, or any referee."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from clubdesk.services.scopes import RefereeAccount
from clubdesk.services.tournaments_data import TableInfo
from clubdesk.ui.i18n import tr
from clubdesk.ui.plain import plain_text_labels
from clubdesk.ui.referee_picker import LOGIN, RefereeList, assign_buttons, no_referees_note  # noqa: F401 - LOGIN: the rows' data, as before


class TableRefereeDialog(QDialog):
    """`choice()` after acceptance: (the table's game id, the referee's login or None for any referee)."""

    def __init__(self, tables: list[TableInfo], names: dict[str, str], referees: list[RefereeAccount],
                 game_id: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Судья стола"))
        self.referees = referees
        self.table = QComboBox()
        # four full names made the dialog as wide as the screen: the combo is sized to a short line, the popup shows all
        self.table.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.table.setMinimumContentsLength(36)
        for t in tables:
            who = ", ".join(names.get(p, p) for p in t.players)
            self.table.addItem(tr("Стол {n}: {players}").format(n=t.number, players=who), t)
        self.list = RefereeList(referees)
        hint = QLabel(tr("Со страницы для столов этот стол ведёт только выбранный судья (и стойка); «Любой судья» — "
                         "любая учётная запись с ролью «судья». За стойкой стол ведут как прежде."))
        hint.setObjectName("muted")
        hint.setWordWrap(True)
        self.current = QLabel()
        form = QFormLayout()
        form.addRow(tr("Стол"), self.table)
        form.addRow(tr("Сейчас"), self.current)
        form.addRow(tr("Судья"), self.list)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        if not referees:
            layout.addWidget(no_referees_note())
        layout.addWidget(hint)
        self.buttons, self.ok, self.cancel = assign_buttons(self)
        layout.addWidget(self.buttons)
        self.table.currentIndexChanged.connect(self._show_current)
        index = next((i for i, t in enumerate(tables) if t.game_id == game_id), 0)
        self.table.setCurrentIndex(index)
        self._show_current()
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        plain_text_labels(self)  # names are text, never markup
        self.resize(460, self.sizeHint().height())

    def _show_current(self) -> None:
        """Select the referee the chosen table has now (the first row, «Любой судья», when it names nobody)."""
        table: TableInfo | None = self.table.currentData()
        self.current.setText(table.referee if table is not None and table.referee else tr("любой судья"))
        if not self.list.select_stored(table.referee if table is not None else ""):
            self.list.select(None)  # as before: a name no account answers to is replaced by «Любой судья»

    def select(self, login: str | None) -> None:
        """Pick a row by login (None: «Любой судья»), as a click on it would."""
        self.list.select(login)

    def choice(self) -> tuple[str, str | None]:
        table: TableInfo = self.table.currentData()
        return table.game_id, self.list.login()
