"""Table models of the Mafia page: evenings, check-ins, games, standings (rows come from EveningService)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from clubdesk.services.evenings import CheckInRow, EveningRow, GameRow
from clubdesk.services.evenings_standings import StandingRow, tenths
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.texts import phase_text, team_text

Index = QModelIndex | QPersistentModelIndex
ROW_ROLE = Qt.ItemDataRole.UserRole + 1


class RowsModel(QAbstractTableModel):
    """A read-only table over a list of dataclass rows; `load()` fetches them from the service."""

    def __init__(self, fetch: Callable[[], Sequence[Any]], parent=None) -> None:
        super().__init__(parent)
        self._fetch = fetch
        self._rows: list[Any] = []
        self.refresh()

    def columns(self) -> list[tuple[str, Callable[[Any], Any]]]:  # pragma: no cover - overridden
        raise NotImplementedError

    def refresh(self) -> None:
        self.beginResetModel()
        self._rows = list(self._fetch())
        self.endResetModel()

    def row_at(self, row: int) -> Any:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.columns())

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: N802
        cols = self.columns()
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(cols):
            return cols[section][0]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(self.columns()[index.column()][1](row))
        if role == ROW_ROLE:
            return row
        return None


class EveningsModel(RowsModel):
    def columns(self):
        return [(tr("Дата"), lambda e: e.date.strftime("%d.%m.%Y")), (tr("Вечер"), lambda e: e.name),
                (tr("Столов"), lambda e: e.tables)]


class CheckInsModel(RowsModel):
    def columns(self):
        return [(tr("№"), lambda c: self._rows.index(c) + 1), (tr("Игрок"), lambda c: c.name),
                (tr("Ник"), lambda c: c.nickname), (tr("Гость"), lambda c: tr("гость") if c.is_guest else "")]


class GamesModel(RowsModel):
    def columns(self):
        return [(tr("Игра"), lambda g: g.round), (tr("Стол"), lambda g: g.table),
                (tr("Ход игры"), lambda g: phase_text(g.step, g.day)),
                (tr("Результат"), lambda g: team_text(g.winner) or tr("идёт"))]


class StandingsModel(RowsModel):
    def columns(self):
        return [(tr("Место"), lambda r: r.place), (tr("Игрок"), lambda r: r.name), (tr("Игр"), lambda r: r.games),
                (tr("Побед"), lambda r: r.wins), (tr("Очки"), lambda r: tenths(r.score)),
                (tr("Доп. баллы"), lambda r: tenths(r.extra)), (tr("Убит первым"), lambda r: r.first_killed)]


__all__ = ["CheckInRow", "EveningRow", "GameRow", "StandingRow", "EveningsModel", "CheckInsModel", "GamesModel",
           "StandingsModel", "ROW_ROLE"]
