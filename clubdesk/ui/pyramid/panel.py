"""The Пирамидка panel: running and finished matches, «Новый матч…» and «Открыть» (the scoring window)."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clubdesk.services.accounts import Actor
from clubdesk.services.games import RECORDER_ROLES
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.pyramid import SCORE, TABLE, MatchesModel
from clubdesk.ui.pyramid.feed import feed_for
from clubdesk.ui.pyramid.match_window import MatchWindow
from clubdesk.ui.pyramid.new_match import NewMatchDialog
from clubdesk.ui.pyramid.style import STYLE

REFRESH_DELAY_MS = 150


class PyramidPanel(QWidget):
    """Compact; the Draws page embeds it. The scoring windows are the feed's, one per match (feed.py)."""

    def __init__(self, club, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pyramidPanel")
        self.setStyleSheet(STYLE)
        self._actor = actor
        self.feed = feed_for(club)
        self.service = self.feed.service
        self.model = MatchesModel(self.service, self)

        self.new_button = QPushButton(tr("Новый матч…"))
        self.new_button.setEnabled(actor.has(*RECORDER_ROLES))
        self.open_button = QPushButton(tr("Открыть"))
        self.open_button.setEnabled(False)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(TABLE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(SCORE, QHeaderView.ResizeMode.ResizeToContents)

        bar = QHBoxLayout()
        bar.addStretch(1)  # no title of its own: the page that embeds the panel names it
        bar.addWidget(self.new_button)
        bar.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)

        self.view.selectionModel().selectionChanged.connect(self._sync_buttons)
        self.view.doubleClicked.connect(lambda _i: self.open_selected())
        self.open_button.clicked.connect(self.open_selected)
        self.new_button.clicked.connect(self.new_match)
        self.model.modelReset.connect(self._sync_buttons)
        self._pending: str | None = None
        self._refresh_timer = QTimer(self, singleShot=True, interval=REFRESH_DELAY_MS)
        self._refresh_timer.timeout.connect(lambda: self.refresh(select=self._pending))
        # Shots of matches this panel did not open (from «Столы», or arrived by sync) and new matches elsewhere.
        self.feed.changed.connect(lambda _g: self._refresh_timer.start())
        self.feed.matches_changed.connect(self._refresh_timer.start)

    def _sync_buttons(self) -> None:
        self.open_button.setEnabled(self.view.selectionModel().hasSelection())

    def selected_id(self) -> str | None:
        rows = self.view.selectionModel().selectedRows()
        return self.model.match_at(rows[0].row()).id if rows else None

    def new_match(self) -> None:
        dialog = NewMatchDialog(self.service, self._actor, self)
        if dialog.exec() and dialog.game_id:
            self.refresh(select=dialog.game_id)
            self.feed.matches_changed.emit()  # «Столы» lists it
            self.open_match(dialog.game_id)

    def open_selected(self) -> MatchWindow | None:
        game_id = self.selected_id()
        return self.open_match(game_id) if game_id else None

    def open_match(self, game_id: str) -> MatchWindow:
        window = self.feed.open_match(self._actor, game_id, self)
        window.changed.connect(self._changed, Qt.ConnectionType.UniqueConnection)  # once per window, however often
        return window

    def _changed(self, game_id: str) -> None:
        # A referee enters shots in bursts: re-read the list once the burst settles, not per shot.
        self._pending = game_id
        self._refresh_timer.start()

    def refresh(self, select: str | None = None) -> None:
        keep = select or self.selected_id()
        self.model.refresh()
        row = self.model.row_of(keep) if keep else -1
        if row >= 0:
            self.view.selectRow(row)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt override
        for window in self.feed.windows.values():
            if window.parent() is self:
                window.close()
        super().closeEvent(event)
