"""Пирамидка table models: the match list and a match's shot log, filled from MatchService results."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel

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


class ShotLogModel(QStandardItemModel):
    """The counted events of one match; grows by one row per accepted shot, shrinks by one on undo.

    The texts live in Qt's own items: a repaint of the match window's log asks each visible cell for seven roles
    (~400 calls with 14 rows shown), which a Python `data()` answered at ~2 ms a shot (issue 36) — QStandardItemModel
    answers them in C++. Each row's texts are formatted once, when it is added.
    """

    def __init__(self, players: tuple[str, str], names: dict[str, str], parent=None) -> None:
        super().__init__(0, len(log_headers()), parent)
        self._players, self._names = players, names
        self._rows: list[ShotLine] = []
        # Each cell is a copy of this one (read-only), made by Qt: an item made in Python is a wrapper whose every
        # flags() and data() call from Qt looks for a Python override first (issue 36: several µs a row).
        self._cell = QStandardItem()
        self._cell.setEditable(False)
        self.setHorizontalHeaderLabels(log_headers())

    def reset(self, lines: list[ShotLine]) -> None:
        """All rows anew, told to the views as one reset rather than a signal per row."""
        self.beginResetModel()
        self.blockSignals(True)
        try:
            self.setRowCount(0)
            self._rows = []
            for line in lines:
                self.append(line)
        finally:
            self.blockSignals(False)
        self.endResetModel()

    def append(self, line: ShotLine) -> None:
        self._rows.append(line)
        player, shot, after = self._texts(line)
        texts = (str(len(self._rows)), player, shot, after)
        cells = [self._cell.clone() for _ in texts]
        for item, t in zip(cells, texts, strict=True):
            item.setText(t)
        cells[SHOT].setToolTip(shot)
        self.appendRow(cells)

    def pop(self) -> None:
        if not self._rows:
            return
        self._rows.pop()
        self.removeRow(len(self._rows))

    def _texts(self, line: ShotLine) -> tuple[str, str, str]:
        """Player, shot → result (the facts as entered, then what the engine made of them), score."""
        a, b = self._players
        shot = f"{text.describe(line.event)}\n→ {text.result(line.result)}"
        return self._names.get(line.event["player"], line.event["player"]), shot, f"{line.score[a]} : {line.score[b]}"

    def line(self, row: int) -> ShotLine:
        return self._rows[row]
