"""The new Жук tournament dialog: name, participants picked from the registry with a filter, options."""

from __future__ import annotations

from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.services.accounts import Actor
from clubdesk.services.players import PlayerService
from clubdesk.services.tournaments import TournamentService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.tournament import ParticipantsModel
from clubdesk.ui.views import error_label
from clubdesk.ui.windows import remember


class NewTournamentDialog(QDialog):
    def __init__(self, service: TournamentService, players: PlayerService, actor: Actor,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.service, self.actor = service, actor
        self.created: str | None = None
        self.setWindowTitle(tr("Новый турнир «Жук»"))
        self.name = QLineEdit()
        self.name.setPlaceholderText(tr("например, Кубок декабря"))
        self.settlement = QComboBox()
        self.settlement.addItem(tr("платит предыдущий игрок"), "previous")
        self.settlement.addItem(tr("платят все остальные"), "all")
        self.bankroll = QComboBox()
        self.bankroll.addItem(tr("баланс переносится в следующий этап"), "carry")
        self.bankroll.addItem(tr("каждый этап с 10 000 B"), "reset")
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Поиск участников: имя, ник или телефон"))
        self.search.setClearButtonEnabled(True)
        self.model = ParticipantsModel(players, self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.view.setColumnWidth(1, 160)
        # the ban column as wide as its title «Запрет посещения» at least (100 px cut it to «рет посеще»)
        self.view.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.view.doubleClicked.connect(lambda i: self.model.toggle(i.row()))
        self.count = QLabel()
        self.error = error_label()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Создать"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Отмена"))
        buttons.accepted.connect(self.create)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(tr("Название:"), self.name)
        form.addRow(tr("Расчёт за шар:"), self.settlement)
        form.addRow(tr("Банкролл:"), self.bankroll)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._timer = QTimer(self, singleShot=True, interval=120)
        self._timer.timeout.connect(lambda: self.model.set_filter(self.search.text()))
        self.search.textChanged.connect(self._timer.start)
        self.model.dataChanged.connect(self._update_count)
        self._update_count()
        self.setObjectName("newTournament")
        remember(self, QSize(620, 640))

    def _update_count(self) -> None:
        n = len(self.model.checked)
        self.count.setText(tr("Выбрано участников: {n} (столы по 4, затем по 3; нельзя 1, 2 и 5)").format(n=n))

    def create(self) -> None:
        try:
            self.created = self.service.create(self.actor, self.name.text(), list(self.model.checked),
                                               self.settlement.currentData(), self.bankroll.currentData())
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()
