"""The read-only table model every list in ClubDesk builds on: rows in a list, headers, one `cell()`."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex

Index = QModelIndex | QPersistentModelIndex
# Qt.ItemDataRole and Qt.AlignmentFlag values as plain ints, for the models on the start-up path (the
# players page): the first read of anything in `Qt` makes PySide build the whole namespace, 100 Python
# enums (~12 ms), and the main window's first frame needs none of it. tests/ui/test_models.py checks them.
DISPLAY, TOOLTIP, ALIGNMENT, FOREGROUND, USER = 0, 3, 7, 9, 0x0100
ALIGN_RIGHT_VCENTER = 0x0002 | 0x0080


class RowTableModel(QAbstractTableModel):
    """Rows live in `self._rows`; a subclass gives `headers()` and answers `cell(item, row, column, role)`.

    `data()` never touches the database: whoever loads the rows does that, then calls `set_rows()`.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        self._headers: list[str] | None = None
        # Headers are asked for on every layout pass; they change only with a reset (a new kind of table).
        self.modelAboutToBeReset.connect(self._forget_headers)
        self.modelReset.connect(self._forget_headers)

    def headers(self) -> list[str]:  # pragma: no cover - every subclass defines it
        """The column titles (translated); their count is the column count, and may change on a reset."""
        raise NotImplementedError

    def cell(self, item: Any, row: int, column: int, role: int) -> Any:  # pragma: no cover - overridden
        return None

    def _forget_headers(self) -> None:
        self._headers = None

    def column_titles(self) -> list[str]:
        """`headers()`, asked once per reset."""
        if self._headers is None:
            self._headers = self.headers()
        return self._headers

    def set_rows(self, rows) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> Any:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if parent.isValid() else len(self.column_titles())

    def headerData(self, section: int, orientation, role: int = DISPLAY):  # noqa: N802
        from PySide6.QtCore import Qt  # built by now: PySide made `orientation` a Qt.Orientation

        names = self.column_titles()
        if orientation == Qt.Orientation.Horizontal and role == DISPLAY and 0 <= section < len(names):
            return names[section]
        return None

    def data(self, index: Index, role: int = DISPLAY):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self.cell(self._rows[index.row()], index.row(), index.column(), role)
