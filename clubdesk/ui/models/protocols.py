"""Printable documents (finished games, tournaments, evenings) as a table model over ProtocolList."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from clubdesk.errors import language
from clubdesk.services.protocol_list import ProtocolList, ProtocolRow
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import RowTableModel

DATE, KIND, TITLE, DETAIL = range(4)
ROW_ROLE = Qt.ItemDataRole.UserRole + 1

Index = QModelIndex | QPersistentModelIndex


def headers() -> list[str]:
    return [tr("Дата"), tr("Документ"), tr("Название"), tr("Участники")]


def kind_text(row: ProtocolRow) -> str:
    if row.kind == "tournament" and row.game == "pyramid100":  # a bracket: it was called a Жук tournament
        return tr("Турнир «Пирамидка 100»") if row.finished else tr("Турнир «Пирамидка 100» — идёт, сетка на сейчас")
    if row.kind == "tournament":
        return tr("Турнир «Жук»") if row.finished else tr("Турнир «Жук» — идёт, таблица на сейчас")
    if row.kind == "evening":
        return tr("Вечер мафии") if row.finished else tr("Вечер мафии — идёт, протокол на сейчас")
    return {"pyramid100": tr("Матч «Пирамидка 100»"), "zhuk": tr("Стол «Жук»"),
            "mafia": tr("Игра в мафию")}.get(row.game, row.game)


class ProtocolsModel(RowTableModel):
    """Every finished game, tournament and evening that can be printed, newest first."""

    def headers(self) -> list[str]:
        return headers()

    def __init__(self, service: ProtocolList, parent=None) -> None:
        super().__init__(parent)
        self._service = service
        self._rows: list[ProtocolRow] = []
        self.refresh()

    def refresh(self) -> None:
        self.beginResetModel()
        self._rows = self._service.list_documents(language())
        self.endResetModel()

    def row_at(self, row: int) -> ProtocolRow:
        return self._rows[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        r = self._rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return (r.date, kind_text(r), r.title, r.detail)[index.column()]
        if role == ROW_ROLE:
            return r.id
        return None
