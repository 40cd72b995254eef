"""The part every new-tournament dialog shares: participants picked from the registry with a filter as you type,
the count, the refusal line and «Создать» / «Отмена». A subclass adds its own options above them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
)

from clubdesk.errors import KnownError
from clubdesk.services.players import PlayerService
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.tournament import ParticipantsModel
from clubdesk.ui.views import error_label, ok_cancel


class ParticipantsDialog(QDialog):
    """`created` is the new tournament's id once `create()` succeeded; subclasses define `create()` and
    `_update_count()` and call `_build(players, form)` at the end of their own set-up."""

    created: str | None = None

    def _build(self, players: PlayerService, form: QFormLayout) -> None:
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Поиск участников: фамилия, имя, псевдоним или телефон"))
        self.search.setClearButtonEnabled(True)
        self.model = ParticipantsModel(players, self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.verticalHeader().hide()
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.view.setColumnWidth(1, 160)
        # the ban column as wide as its title «Запрет посещения» at least (100 px cut it to «рет посеще»)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.view.doubleClicked.connect(lambda i: self.model.toggle(i.row()))
        self.count = QLabel()
        self.error = error_label()
        buttons = ok_cancel(self, tr("Создать"), self.create)
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

    def create(self) -> None:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _update_count(self) -> None:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _create_with(self, make: Callable[[list[str]], str]) -> None:
        """`make(checked player ids)` creates the tournament; a refusal stays in the dialog as one line."""
        try:
            self.created = make(list(self.model.checked))
        except KnownError as exc:
            self.error.setText(exc.message())
            self.error.show()
            return
        self.accept()
