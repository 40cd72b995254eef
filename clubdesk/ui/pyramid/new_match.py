"""New Пирамидка match: pick two players from the registry (type to filter), the table (optional) and the referee
from the referee accounts, or any referee. Typed top to bottom, Enter goes on to the next field — a surname, the
other, the table, the referee — and starts the match only from the referee list."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from clubdesk.errors import KnownError
from clubdesk.services.accounts import Actor
from clubdesk.services.matches import MatchService
from clubdesk.ui.i18n import tr
from clubdesk.ui.player_picker import PlayerPicker
from clubdesk.ui.referee_picker import RefereeList
from clubdesk.ui.views import error_label, ok_cancel


class NewMatchDialog(QDialog):
    """Creates the match through MatchService; `game_id` is set when it was created."""

    def __init__(self, service: MatchService, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._service, self._actor = service, actor
        self.game_id: str | None = None
        self.setWindowTitle(tr("Новый матч «Пирамидка 100»"))
        self.setMinimumSize(720, 480)
        self.first, self.second = PlayerPicker(service.players), PlayerPicker(service.players)
        self.table = QLineEdit()
        self.table.setPlaceholderText(tr("например: Стол 3"))
        # picked, never typed (issue 34 item 4): a typed «Орлов» matched no account and locked every phone out
        self.referee = RefereeList(self._referees(), rows=4)
        self.referee.select(None)
        self.error = error_label()
        buttons = ok_cancel(self, tr("Начать матч"), self.create)
        self.first.chosen.connect(self.second.search.setFocus)
        self.second.chosen.connect(self.table.setFocus)
        self.table.installEventFilter(self)

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

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Enter in «Стол» goes on to the referee, as a tired desk types it; Enter there starts the match."""
        if watched is self.table and event.type() == QEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.referee.setFocus()
            return True
        return super().eventFilter(watched, event)

    def _referees(self) -> list:
        """The referee accounts; none for an account that may not create a match (the service says so on «Начать»)."""
        try:
            return self._service.referees(self._actor)
        except KnownError:
            return []

    def create(self) -> None:
        """Ask the service; its refusal (same player twice, a ban…) shows here and keeps the choices."""
        first, second = self.first.player_id(), self.second.player_id()
        try:
            self.game_id = self._service.create(self._actor, first or "", second or "", self.table.text(),
                                                self.referee.login())
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()
