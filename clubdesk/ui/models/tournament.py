"""Table models of the draws and standings windows: participants to pick, and the standings."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from clubdesk.services.players import PlayerRow, PlayerService
from clubdesk.services.tournaments_standings import (
    FINALIST,
    OUT,
    OVERALL_COLUMNS,
    STAGE_COLUMNS,
    Standings,
    stage_rows,
)
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import RowTableModel

Index = QModelIndex | QPersistentModelIndex
PAGE = 200


class ParticipantsModel(RowTableModel):
    """Registry players with a check box each; the filter runs in SQL, pages are fetched lazily. A player
    under a ban in force cannot be checked: the ban column says until when and why."""

    def headers(self) -> list[str]:
        return [tr("Игрок"), tr("Псевдоним"), tr("Запрет посещения")]

    def __init__(self, service: PlayerService, parent=None) -> None:
        super().__init__(parent)
        self._service = service
        self._filter = ""
        self._rows: list[PlayerRow] = []
        self._total = 0
        self.checked: dict[str, str] = {}  # id → name, kept across filters
        self.refresh()

    def set_filter(self, text: str) -> None:
        self._filter = text.strip()
        self.refresh()

    def refresh(self) -> None:
        self.beginResetModel()
        self._total = self._service.count(self._filter)
        self._rows = self._service.search(self._filter, 0, PAGE)
        self.endResetModel()

    def canFetchMore(self, parent: Index = QModelIndex()) -> bool:  # noqa: N802, B008
        return not parent.isValid() and len(self._rows) < self._total

    def fetchMore(self, parent: Index = QModelIndex()) -> None:  # noqa: N802, B008
        if parent.isValid():
            return
        more = self._service.search(self._filter, len(self._rows), PAGE)
        if not more:
            self._total = len(self._rows)
            return
        self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows) + len(more) - 1)
        self._rows.extend(more)
        self.endInsertRows()

    def banned(self, p: PlayerRow) -> bool:
        return p.banned_on(self._service.today())

    def toggle(self, row: int) -> None:
        p = self._rows[row]
        if p.id not in self.checked and self.banned(p):
            return
        if p.id in self.checked:
            del self.checked[p.id]
        else:
            self.checked[p.id] = p.name
        self.dataChanged.emit(self.index(row, 0), self.index(row, 2))

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() != 0 or self.banned(self._rows[index.row()]):
            return base
        return base | Qt.ItemFlag.ItemIsUserCheckable

    def setData(self, index: Index, value, role: int = Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        if not index.isValid() or index.column() != 0 or role != Qt.ItemDataRole.CheckStateRole:
            return False
        p = self._rows[index.row()]
        want = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
        if want != (p.id in self.checked):
            self.toggle(index.row())
        return True

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        p = self._rows[index.row()]
        banned = self.banned(p)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if index.column() == 2:
                return ban_words(p) if banned else ""
            return p.name if index.column() == 0 else p.nickname
        if role == Qt.ItemDataRole.CheckStateRole and index.column() == 0:
            return Qt.CheckState.Checked if p.id in self.checked else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ForegroundRole and banned:
            return QBrush(QColor("#a23b3b"))
        return None


def ban_words(p: PlayerRow) -> str:
    """«до 01.02.2027: причина» — the ban column of the lists a player is picked from."""
    until = tr("до {date}").format(date=f"{p.ban_until:%d.%m.%Y}") if p.ban_until else tr("бессрочно")
    return f"{until}: {p.ban_reason}" if p.ban_reason else until


class StandingsModel(RowTableModel):
    """Overall standings (stage = None) or one stage's: the columns CSV and Excel use
    (tournaments_standings.OVERALL_COLUMNS, STAGE_COLUMNS); the out are grey, the finalists green."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list = []
        self._stage: int | None = None

    def columns(self):
        return OVERALL_COLUMNS if self._stage is None else STAGE_COLUMNS

    def set_standings(self, st: Standings | None, stage: int | None = None) -> None:
        self.beginResetModel()
        self._stage = stage
        self._rows = [] if st is None else list(st.overall) if stage is None else stage_rows(st, stage)
        self.endResetModel()

    def headers(self) -> list[str]:
        return [c.title() for c in self.columns()]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.columns()[index.column()].text(row)
        if role == Qt.ItemDataRole.ForegroundRole and row.status == OUT:
            return QBrush(QColor("#8a929c"))
        if role == Qt.ItemDataRole.ForegroundRole and row.status == FINALIST:
            return QBrush(QColor("#1b6e3a"))
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() != 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
