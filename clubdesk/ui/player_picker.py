"""Pick one player from the registry: a search field (type to filter) over the matching players.

Enter in the field picks the first player found and is kept there: left to reach the dialog, it pressed the
dialog's default button — «Начать матч» with the table and the referee still to come (evening3, played at the
desk). The dialog hears `chosen` and moves on."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QListView, QVBoxLayout, QWidget

from clubdesk.services.players import PlayerService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.players import PLAYER_ROLE, PlayersModel

FILTER_DELAY_MS = 120


class PlayerPicker(QWidget):
    """A search field over the registry and the matching players; `player_id()` is the one selected.

    Signals: chosen — Enter in the search field picked a player."""

    chosen = Signal()

    def __init__(self, players: PlayerService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = PlayersModel(players, self, with_ratings=False)
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
        self.search.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if watched is self.search and event.type() == QEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._select_first()
            if self.player_id() is not None:
                self.chosen.emit()
            return True   # never the dialog's default button
        return False

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
        row = self.model.load_row(player_id)
        if row >= 0:
            self.view.setCurrentIndex(self.model.index(row, 0))
        return row >= 0
