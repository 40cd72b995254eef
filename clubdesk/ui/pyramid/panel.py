"""The Пирамидка panel: running and finished matches, «Новый матч…», «Открыть» (the scoring window) and «Судья
матча…»."""

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
from clubdesk.services.scopes import ASSIGN_ROLES, referee_accounts
from clubdesk.ui.cancel_game import action_text, cancel_game
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.pyramid import SCORE, TABLE, MatchesModel
from clubdesk.ui.pyramid.feed import feed_for
from clubdesk.ui.pyramid.match_window import MatchWindow
from clubdesk.ui.pyramid.new_match import NewMatchDialog
from clubdesk.ui.pyramid.style import STYLE
from clubdesk.ui.views import enable

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
        self.referee_button = QPushButton(tr("Судья матча…"))  # who scores it from a tablet: the desk decides
        self.referee_button.setEnabled(False)
        self.cancel_button = QPushButton(action_text())
        enable(self.cancel_button, False, tr("Выберите матч в списке"))
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
        bar.addWidget(self.cancel_button)
        bar.addWidget(self.new_button)
        bar.addWidget(self.referee_button)
        bar.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)

        self.view.selectionModel().selectionChanged.connect(self._sync_buttons)
        self.view.doubleClicked.connect(lambda _i: self.open_selected())
        self.open_button.clicked.connect(self.open_selected)
        self.new_button.clicked.connect(self.new_match)
        self.referee_button.clicked.connect(self.assign_referee)
        self.cancel_button.clicked.connect(lambda: self.cancel_selected())  # clicked(bool) is not the question
        self.model.modelReset.connect(self._sync_buttons)
        self._pending: str | None = None
        self._refresh_timer = QTimer(self, singleShot=True, interval=REFRESH_DELAY_MS)
        self._refresh_timer.timeout.connect(lambda: self.refresh(select=self._pending))
        # Shots of matches this panel did not open (from «Столы», or arrived by sync) and new matches elsewhere.
        self.feed.changed.connect(lambda _g: self._refresh_timer.start())
        self.feed.matches_changed.connect(self._refresh_timer.start)

    def _sync_buttons(self) -> None:
        selected = self.view.selectionModel().hasSelection()
        self.open_button.setEnabled(selected)
        desk = self._actor.has(*ASSIGN_ROLES)
        self.referee_button.setEnabled(desk and selected)
        self.referee_button.setToolTip(tr("Судью матча назначает стойка или администратор") if not desk
                                       else "" if selected else tr("Выберите матч в списке"))
        game_id = self.selected_id()
        match = self.model.match_at(self.model.row_of(game_id)) if game_id else None
        enable(self.cancel_button, match is not None and not match.over and self._actor.has("desk"),
               tr("Выберите матч в списке") if match is None else tr("Игру отменяет администратор стойки")
               if not self._actor.has("desk") else tr("Матч уже не идёт"))

    def referee_dialog(self):
        """«Судья матча…» on the selected match, or None (nothing selected, or the account may not assign)."""
        from clubdesk.errors import KnownError
        from clubdesk.ui.pyramid.match_referee import MatchRefereeDialog

        game_id = self.selected_id()
        if game_id is None:
            return None
        try:
            return MatchRefereeDialog(self.service.get(game_id), referee_accounts(self.service.store, self._actor),
                                      self)
        except KnownError:
            return None

    def assign_referee(self) -> None:
        """Pick another referee account for the selected match, or any referee; the list and «Столы» show it."""
        dialog = self.referee_dialog()
        if dialog is None or not self.run_dialog(dialog):
            return
        from clubdesk.errors import KnownError

        game_id = self.selected_id()
        try:
            self.service.set_referee(self._actor, game_id, dialog.login())
        except KnownError as exc:  # the account was disabled meanwhile, another desk's role change…: one line
            from PySide6.QtWidgets import QMessageBox

            QMessageBox.warning(self, tr("Судья матча"), exc.message())
            return
        self.refresh(select=game_id)
        self.feed.matches_changed.emit()  # «Столы» reads its cards again

    @staticmethod
    def run_dialog(dialog) -> bool:
        """Modal here; tests answer the same dialog through its widgets."""
        return bool(dialog.exec())

    def cancel_selected(self, ask=None, tell=None) -> bool:
        """«Отменить игру (создана по ошибке)…» on the picked match (the match window has it too)."""
        game_id = self.selected_id()
        if game_id is None:
            return False
        m = self.model.match_at(self.model.row_of(game_id))
        what = " · ".join(x for x in (m.table, f"{m.names[0]} — {m.names[1]}") if x)
        if not cancel_game(self, self.service.games, self._actor, game_id, what, ask=ask, tell=tell):
            return False
        self.refresh(select=game_id)
        self.feed.changed.emit(game_id)  # its window and its hall board show it cancelled
        self.feed.matches_changed.emit()  # «Столы» drops it
        return True

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
