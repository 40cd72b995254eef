"""«Отложенные ветки»: the game branches the administrator set aside, read-only, opened from the Sync page.

A branch set aside leaves the game's line but is never deleted: its events stay in `conflicts` (resolution
`set_aside`, docs/sync.md «Conflict actions»). This window lists them one line a branch (the game, the desk that
recorded it, how many events from when, when it was set aside) and, for the selected one, its events in words.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from clubdesk.ui.branch_words import BranchView, load_branch_views, when, when_ms
from clubdesk.ui.i18n import tr
from clubdesk.ui.models.base import ALIGN_RIGHT_VCENTER, ALIGNMENT, DISPLAY, TOOLTIP, RowTableModel
from clubdesk.ui.views import table_view
from clubdesk.ui.windows import remember

GAME, DESK, EVENTS, SINCE, SET_ASIDE = range(5)
SEQ, TIME, WHAT = range(3)


class ArchivedBranchesModel(RowTableModel):
    """One line a branch set aside."""

    def headers(self) -> list[str]:
        return [tr("Игра"), tr("Стойка"), tr("Событий"), tr("С события"), tr("Отложена")]

    def cell(self, item: BranchView, row: int, column: int, role: int):
        if role == ALIGNMENT and column == EVENTS:
            return ALIGN_RIGHT_VCENTER
        if role not in (DISPLAY, TOOLTIP):
            return None
        first = item.branch.first
        return {GAME: item.title, DESK: item.desk, EVENTS: str(item.count),
                SINCE: tr("№{seq}, {time}").format(seq=first["seq"], time=item.since()),
                SET_ASIDE: when_ms(item.decided_ms)}[column]


class BranchEventsModel(RowTableModel):
    """The events of one branch, in the words of its game's window."""

    view: BranchView | None = None

    def show_branch(self, view: BranchView | None) -> None:
        self.view = view
        self.set_rows(view.branch.events if view is not None else [])

    def headers(self) -> list[str]:
        return [tr("№"), tr("Записано"), tr("Событие")]

    def cell(self, item: dict, row: int, column: int, role: int):
        if role == ALIGNMENT and column == SEQ:
            return ALIGN_RIGHT_VCENTER
        if role not in (DISPLAY, TOOLTIP) or self.view is None:
            return None
        return {SEQ: str(item["seq"]), TIME: when(item.get("recorded_at")), WHAT: self.view.words(item)}[column]


class ArchivedBranchesDialog(QDialog):
    def __init__(self, store, desk_names: dict[str, str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("archivedBranches")
        self.setWindowTitle(tr("Отложенные ветки"))
        note = QLabel(tr("Ветки игр, которые администратор отложил. В игре их нет, но ничего не удалено: события "
                         "хранятся здесь, на каждой стойке."))
        note.setWordWrap(True)
        self.branches = ArchivedBranchesModel(self)
        self.branches_view = table_view(self.branches, stretch=GAME, widths={DESK: 130, EVENTS: 80, SINCE: 190,
                                                                             SET_ASIDE: 150})
        self.events = BranchEventsModel(self)
        self.events_view = table_view(self.events, stretch=WHAT, widths={SEQ: 60, TIME: 150})
        self.empty = QLabel(tr("Отложенных веток нет."))
        self.events_title = QLabel()
        self.events_title.setObjectName("sectionTitle")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.button(QDialogButtonBox.StandardButton.Close).setText(tr("Закрыть"))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.empty)
        layout.addWidget(self.branches_view, 2)
        layout.addWidget(self.events_title)
        layout.addWidget(self.events_view, 3)
        layout.addWidget(buttons)
        self.branches_view.selectionModel().selectionChanged.connect(lambda *_: self._show_selected())
        found = load_branch_views(store, archived=True, desk_names=desk_names)
        self.branches.set_rows(found)
        self.empty.setVisible(not found)
        if found:
            self.branches_view.selectRow(0)
        self._show_selected()
        remember(self, QSize(1000, 640))

    def _show_selected(self) -> None:
        rows = self.branches_view.selectionModel().selectedRows()
        view = self.branches.row_at(rows[0].row()) if rows else None
        self.events.show_branch(view)
        self.events_title.setText(tr("События ветки стойки {desk}: {game}").format(desk=view.desk, game=view.title)
                                  if view is not None else "")
        self.events_title.setVisible(view is not None)
