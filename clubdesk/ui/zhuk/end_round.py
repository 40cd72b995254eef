"""Asked before a round is ended early: which tables (the whole round or one table), how much time is left."""

from __future__ import annotations

from PySide6.QtWidgets import QButtonGroup, QDialog, QDialogButtonBox, QLabel, QRadioButton, QVBoxLayout, QWidget

from clubdesk.services.tournaments_data import TableInfo
from clubdesk.ui.i18n import tr


class EndRoundDialog(QDialog):
    """`choice()` after acceptance: None for every table of the round, else the game id of the one table."""

    def __init__(self, round_text: str, left: str, tables: list[TableInfo], names: dict[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Закончить раунд досрочно"))
        numbers = ", ".join(str(t.number) for t in tables)
        text = QLabel(tr("{round}: осталось {left}. Ещё играют столы: {tables}.\nПосле конца удары не "
                         "записываются; исправить можно только с причиной. В журнале будет записано, кто и "
                         "когда закончил раунд.").format(round=round_text, left=left, tables=numbers))
        text.setWordWrap(True)
        self.group = QButtonGroup(self)
        self.whole = QRadioButton(tr("Весь раунд — столы {tables}").format(tables=numbers))
        self.whole.setChecked(True)
        self.group.addButton(self.whole)
        self.tables: dict[QRadioButton, str] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(self.whole)
        for t in tables:
            who = ", ".join(names.get(p, p) for p in t.players)
            button = QRadioButton(tr("Только стол {n}: {players}").format(n=t.number, players=who))
            self.group.addButton(button)
            self.tables[button] = t.game_id
            layout.addWidget(button)
        self.buttons = QDialogButtonBox()
        self.ok = self.buttons.addButton(tr("Закончить"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel = self.buttons.addButton(tr("Отмена"), QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def choice(self) -> str | None:
        return self.tables.get(self.group.checkedButton())
