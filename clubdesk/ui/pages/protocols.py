"""Protocols page: every finished game, tournament and evening, each previewed and printed as a PDF."""

from __future__ import annotations

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clubdesk.services.accounts import Actor
from clubdesk.services.protocol_list import ProtocolList
from clubdesk.ui import print_preview
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.protocols import ProtocolsModel
from clubdesk.ui.views import table_view


class ProtocolsPage(QWidget):
    def __init__(self, club, actor: Actor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._club, self._actor = club, actor
        self.model = ProtocolsModel(ProtocolList(club.store), self)

        title = QLabel(tr("Протоколы"))
        title.setObjectName("pageTitle")
        hint = QLabel(tr("Завершённые игры и вечера, турниры (идущий — с пометкой «идёт»). Выберите строку и "
                         "нажмите «Просмотр и печать…» (или Enter) — откроется документ A4 для подписи."))
        hint.setWordWrap(True)
        hint.setObjectName("muted")
        self.print_button = QPushButton(tr("Просмотр и печать…"))
        self.print_button.setEnabled(False)
        self.refresh_button = QPushButton(tr("Обновить"))
        self.refresh_button.setShortcut(QKeySequence.StandardKey.Refresh)
        self.count = QLabel()
        self.count.setObjectName("muted")

        self.view = table_view(self.model, stretch=3, widths={0: 100, 1: 190, 2: 320})

        bar = QHBoxLayout()
        bar.addWidget(hint, 1)
        bar.addWidget(self.refresh_button)
        bar.addWidget(self.print_button)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(bar)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count)

        self.print_button.clicked.connect(self.print_selected)
        self.refresh_button.clicked.connect(self.refresh)
        # activated = Enter on the current row or a double click (one signal, so never two previews)
        self.view.activated.connect(lambda _i: self.print_selected())
        self.view.selectionModel().selectionChanged.connect(self._sync)
        self.model.modelReset.connect(self._sync)
        self._sync()

    def refresh(self) -> None:
        self.model.refresh()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt override
        self.model.refresh()  # games finished in other windows since the page was last seen
        super().showEvent(event)

    def _sync(self) -> None:
        self.print_button.setEnabled(self.view.selectionModel().hasSelection())
        self.count.setText(tr("Документов: {n}").format(n=self.model.rowCount()))

    def selected_row(self) -> int:
        rows = self.view.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def print_selected(self):
        row = self.selected_row()
        if row < 0:
            return None
        doc = self.model.row_at(row)
        if doc.kind == "tournament":
            return print_preview.print_tournament(self, self._club, doc.id)
        if doc.kind == "evening":
            return print_preview.print_evening(self, self._club, doc.id)
        return print_preview.print_game(self, self._club, doc.id)


def create_page(club, actor: Actor, window) -> ProtocolsPage:
    return ProtocolsPage(club, actor)
