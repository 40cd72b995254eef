"""The player registry as a lazily fetched table model; filtering happens in SQL, a page at a time."""

from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from clubdesk.services.players import PlayerRow, PlayerService
from clubdesk.ui.i18n import tr

NAME, NICKNAME, PHONE, STATUS = range(4)
PAGE = 200
PLAYER_ROLE = Qt.ItemDataRole.UserRole + 1

Index = QModelIndex | QPersistentModelIndex


def headers() -> list[str]:
    return [tr("Имя"), tr("Ник"), tr("Телефон"), tr("Статус")]


class PlayersModel(QAbstractTableModel):
    def __init__(self, service: PlayerService, parent=None) -> None:
        super().__init__(parent)
        self._service = service
        self._filter = ""
        self._rows: list[PlayerRow] = []
        self._total = 0
        self._today = dt.date.today()
        self.refresh()

    # -- filtering and paging -------------------------------------------------------------
    @property
    def total(self) -> int:
        """How many players match the filter (loaded or not)."""
        return self._total

    def set_filter(self, text: str) -> None:
        if text.strip() == self._filter:
            return
        self._filter = text.strip()
        self.refresh()

    def refresh(self) -> None:
        self.beginResetModel()
        self._total = self._service.count(self._filter)
        self._rows = self._service.search(self._filter, 0, PAGE)
        self._today = self._service.today()
        self.endResetModel()

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: N802, B008
        return not parent.isValid() and len(self._rows) < self._total

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: N802, B008
        if parent.isValid():
            return
        more = self._service.search(self._filter, len(self._rows), PAGE)
        if not more:
            self._total = len(self._rows)  # someone deleted rows meanwhile; stop asking
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(more) - 1)
        self._rows.extend(more)
        self.endInsertRows()

    def player_at(self, row: int) -> PlayerRow:
        return self._rows[row]

    def row_of(self, player_id: str) -> int:
        return next((i for i, p in enumerate(self._rows) if p.id == player_id), -1)

    # -- Qt model interface ---------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 4:
            return headers()[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        p = self._rows[index.row()]
        col = index.column()
        banned = p.banned_on(self._today)
        if role == Qt.ItemDataRole.DisplayRole:
            if col == NAME:
                return p.name
            if col == NICKNAME:
                return p.nickname
            if col == PHONE:
                return p.phone
            if col == STATUS:
                if not banned:
                    return tr("в клубе")
                return tr("запрет до {date}").format(date=p.ban_until.strftime("%d.%m.%Y")) if p.ban_until \
                    else tr("запрет бессрочно")
        elif role == Qt.ItemDataRole.ToolTipRole and banned:
            return tr("Запрет посещения: {reason}").format(reason=p.ban_reason)
        elif role == Qt.ItemDataRole.ForegroundRole and banned:
            return QBrush(QColor("#b3261e"))
        elif role == PLAYER_ROLE:
            return p.id
        return None
