"""New Пирамидка match: pick two players from the registry (type to filter), table and referee optional."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QListView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.services.accounts import Actor
from clubdesk.services.matches import MatchService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.players import PLAYER_ROLE, PlayersModel
from clubdesk.ui.views import error_label

FILTER_DELAY_MS = 120


class PlayerPicker(QWidget):
    """A search field over the registry and the matching players; `player_id()` is the one selected."""

    def __init__(self, match_service: MatchService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = PlayersModel(match_service.players, self, with_ratings=False)
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Имя, ник или телефон"))
        self.search.setClearButtonEnabled(True)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setMinimumHeight(220)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        self._timer = QTimer(self, singleShot=True, interval=FILTER_DELAY_MS)
        self._timer.timeout.connect(self.apply_filter)
        self.search.textChanged.connect(self._timer.start)
        self.search.returnPressed.connect(self._select_first)

    def apply_filter(self) -> None:
        self.model.set_filter(self.search.text())
        if self.model.rowCount() == 1:
            self._select_first()

    def _select_first(self) -> None:
        self.apply_filter_now()
        if self.model.rowCount():
            self.view.setCurrentIndex(self.model.index(0, 0))

    def apply_filter_now(self) -> None:
        if self._timer.isActive():
            self._timer.stop()
            self.model.set_filter(self.search.text())

    def player_id(self) -> str | None:
        index = self.view.currentIndex()
        return self.model.data(index, PLAYER_ROLE) if index.isValid() else None

    def select(self, player_id: str) -> bool:
        row = self.model.row_of(player_id)
        if row >= 0:
            self.view.setCurrentIndex(self.model.index(row, 0))
        return row >= 0


class NewMatchDialog(QDialog):
    """Creates the match through MatchService; `game_id` is set when it was created."""

    def __init__(self, service: MatchService, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._service, self._actor = service, actor
        self.game_id: str | None = None
        self.setWindowTitle(tr("Новый матч «Пирамидка 100»"))
        self.setMinimumSize(720, 480)
        self.first, self.second = PlayerPicker(service), PlayerPicker(service)
        self.table = QLineEdit()
        self.table.setPlaceholderText(tr("например: Стол 3"))
        self.referee = QLineEdit()
        self.referee.setPlaceholderText(tr("необязательно"))
        self.error = error_label()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Начать матч"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Отмена"))  # Qt's own text is English
        buttons.accepted.connect(self.create)
        buttons.rejected.connect(self.reject)

        pickers = QGridLayout()
        pickers.addWidget(QLabel(tr("Игрок 1 — разбивает")), 0, 0)
        pickers.addWidget(QLabel(tr("Игрок 2")), 0, 1)
        pickers.addWidget(self.first, 1, 0)
        pickers.addWidget(self.second, 1, 1)
        form = QFormLayout()
        form.addRow(tr("Стол"), self.table)
        form.addRow(tr("Судья"), self.referee)
        layout = QVBoxLayout(self)
        layout.addLayout(pickers, 1)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def create(self) -> None:
        """Ask the service; its refusal (same player twice, a ban…) shows here and keeps the choices."""
        first, second = self.first.player_id(), self.second.player_id()
        try:
            self.game_id = self._service.create(self._actor, first or "", second or "", self.table.text(),
                                                self.referee.text())
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()
