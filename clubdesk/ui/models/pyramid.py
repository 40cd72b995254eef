"""Пирамидка table models: the match list and a match's shot log, filled from MatchService results."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont

from clubdesk.services.matches import MatchRow, MatchService, ShotLine
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import RowTableModel
from clubdesk.ui.pyramid import text

MATCH_ROLE = Qt.ItemDataRole.UserRole + 1
TABLE, FIRST, SCORE, SECOND, TO_MOVE, STATUS = range(6)


def match_headers() -> list[str]:
    return [tr("Стол"), tr("Игрок 1 (разбивает)"), tr("Счёт"), tr("Игрок 2"), tr("Бьёт"), tr("Статус")]


class MatchesModel(RowTableModel):
    """Running matches first, then finished ones; `refresh()` after a service call changed something."""

    def __init__(self, service: MatchService, parent=None) -> None:
        super().__init__(parent)
        self._service = service
        self.refresh()

    def refresh(self) -> None:
        self.set_rows(self._service.list())

    def headers(self) -> list[str]:
        return match_headers()

    def match_at(self, row: int) -> MatchRow:
        return self._rows[row]

    def row_of(self, game_id: str) -> int:
        return next((i for i, m in enumerate(self._rows) if m.id == game_id), -1)

    def cell(self, m, row: int, col: int, role: int):
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(m, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and col == SCORE:
            return Qt.AlignmentFlag.AlignCenter
        if role == Qt.ItemDataRole.FontRole and (col == SCORE or (m.finished and m.winner == m.players[col == SECOND]
                                                                  and col in (FIRST, SECOND))):
            font = QFont()
            font.setBold(True)
            return font
        if role == MATCH_ROLE:
            return m.id
        return None

    @staticmethod
    def _display(m: MatchRow, col: int) -> str:
        if col == TABLE:
            return m.table or "—"
        if col in (FIRST, SECOND):
            return m.names[col == SECOND]
        if col == SCORE:
            return f"{m.score[0]} : {m.score[1]}"
        if col == TO_MOVE:
            return m.name_of(m.to_move) if not m.over else "—"
        if m.cancelled:
            return tr("отменён (создан по ошибке)")
        if not m.finished:
            return tr("идёт")
        winner = text.short_name(m.name_of(m.winner))
        if m.termination == "concession":
            return tr("сдача, победа: {name}").format(name=winner)
        return tr("победа: {name}").format(name=winner)


NO, PLAYER, SHOT, AFTER = range(4)


def log_headers() -> list[str]:
    return ["№", tr("Игрок"), tr("Удар → итог"), tr("Счёт")]


class ShotLogModel(RowTableModel):
    """The counted events of one match; grows by one row per accepted shot, shrinks by one on undo."""

    def __init__(self, players: tuple[str, str], names: dict[str, str], parent=None) -> None:
        super().__init__(parent)
        self._players, self._names = players, names
        self._shown: list[tuple[str, str, str]] = []

    def headers(self) -> list[str]:
        return log_headers()

    def reset(self, lines: list[ShotLine]) -> None:
        self._shown = [self._texts(line) for line in lines]
        self.set_rows(lines)

    def append(self, line: ShotLine) -> None:
        n = len(self._rows)
        self.beginInsertRows(QModelIndex(), n, n)
        self._rows.append(line)
        self._shown.append(self._texts(line))
        self.endInsertRows()

    def pop(self) -> None:
        if not self._rows:
            return
        n = len(self._rows) - 1
        self.beginRemoveRows(QModelIndex(), n, n)
        self._rows.pop()
        self._shown.pop()
        self.endRemoveRows()

    def _texts(self, line: ShotLine) -> tuple[str, str, str]:
        """Player, shot → result, score: formatted once per row, since a repaint asks every visible cell."""
        a, b = self._players
        shot = f"{text.describe(line.event)}\n→ {text.result(line.result)}"
        return self._names.get(line.event["player"], line.event["player"]), shot, f"{line.score[a]} : {line.score[b]}"

    def line(self, row: int) -> ShotLine:
        return self._rows[row]

    def data(self, index, role: int = Qt.ItemDataRole.DisplayRole):
        # A repaint asks every visible cell for a dozen roles; only two have an answer, so the rest leave at once.
        if role != Qt.ItemDataRole.DisplayRole and role != Qt.ItemDataRole.ToolTipRole:
            return None
        return super().data(index, role)

    def cell(self, line, row: int, col: int, role: int):
        if role == Qt.ItemDataRole.DisplayRole:
            # the facts as entered, then what the engine made of them
            return str(row + 1) if col == NO else self._shown[row][col - 1]
        if role == Qt.ItemDataRole.ToolTipRole and col == SHOT:
            return self._shown[row][1]
        return None
