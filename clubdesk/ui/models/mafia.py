"""Table models of the Mafia page: evenings, check-ins, games, standings (rows come from EveningService)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt

from clubdesk.services.evenings import CheckInRow, EveningRow, GameRow
from clubdesk.services.evenings_standings import COLUMNS as EVENING_COLUMNS
from clubdesk.services.evenings_standings import StandingRow
from clubdesk.ui.i18n import tr
from clubdesk.ui.mafia.texts import phase_text, team_text
from clubdesk.ui.models.base import RowTableModel

ROW_ROLE = Qt.ItemDataRole.UserRole + 1


class RowsModel(RowTableModel):
    """A read-only table over a list of dataclass rows; `refresh()` fetches them from the service."""

    def __init__(self, fetch: Callable[[], Sequence[Any]], parent=None) -> None:
        super().__init__(parent)
        self._fetch = fetch
        self.refresh()

    def columns(self) -> list[tuple[str, Callable[[Any], Any]]]:  # pragma: no cover - overridden
        raise NotImplementedError

    def headers(self) -> list[str]:
        return [title for title, _value in self.columns()]

    def refresh(self) -> None:
        self.set_rows(self._fetch())

    def cell(self, item: Any, row: int, column: int, role: int):
        if role == Qt.ItemDataRole.DisplayRole:
            return str(self.columns()[column][1](item))
        if role == ROW_ROLE:
            return item
        return None


class EveningsModel(RowsModel):
    def columns(self):
        return [(tr("Дата"), lambda e: e.date.strftime("%d.%m.%Y")), (tr("Вечер"), lambda e: e.name),
                (tr("Столов"), lambda e: e.tables)]


class CheckInsModel(RowsModel):
    """Who is checked in, in order: one column says it all (the list sits beside the registry)."""

    def columns(self):
        return [(tr("№"), lambda c: self._rows.index(c) + 1), (tr("Игрок"), _checked_in)]


def _checked_in(c) -> str:
    name = f"{c.name} «{c.nickname}»" if c.nickname else c.name
    return tr("{name} · гость").format(name=name) if c.is_guest else name


class GamesModel(RowsModel):
    def columns(self):
        return [(tr("Игра"), lambda g: g.round), (tr("Стол"), lambda g: g.table),
                (tr("Ход игры"), lambda g: phase_text(g.step, g.day)),
                (tr("Результат"), lambda g: tr("отменена (создана по ошибке)") if g.cancelled
                 else team_text(g.winner) or tr("идёт")),
                (tr("Ведущий с телефона"), lambda g: g.host or tr("любой ведущий"))]


class StandingsModel(RowsModel):
    """The evening standings with the columns CSV, Excel and the printed evening use (evenings_standings.COLUMNS)."""

    def columns(self):
        return [(c.title(), c.text) for c in EVENING_COLUMNS]


__all__ = ["CheckInRow", "EveningRow", "GameRow", "StandingRow", "EveningsModel", "CheckInsModel", "GamesModel",
           "StandingsModel", "ROW_ROLE"]
