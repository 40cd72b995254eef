"""The match window's shot log: a table that grows by a row per shot and follows the last one."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView

from clubdesk.ui.pyramid.widgets import Opaque


class ShotLogView(QTableView):
    """`show_appended(row)` after rows were appended: the new rows are sized and scrolled to, and only they and
    the strip the scroll uncovers are repainted (issue 36). QTableView lays its items out again for every row
    inserted and repaints its whole viewport, then once more when the row's height is set — 14 rows of four
    wrapped cells twice, half a shot's GUI-thread time; the rows above the new one are the same pixels one row
    higher, which the scroll moves in the window's backing store (by pixels: see shot_log_view)."""

    def __init__(self) -> None:
        super().__init__()
        self._quiet_layout = False
        # A log that shows its last row keeps showing it as its range changes (the window's layout sizes it, its rows
        # are measured again at the text column's width): a match reopened is scrolled to its latest shot while it
        # is built, and was then left where that put it — the referee saw old shots. A scroll up stops the following.
        self._following = True
        bar = self.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)

    def _scrolled(self, value: int) -> None:
        self._following = value == self.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._following and not self._quiet_layout:  # show_appended scrolls by itself, moving the pixels
            self.verticalScrollBar().setValue(high)

    def show_appended(self, first: int) -> None:
        viewport, rows = self.viewport(), self.verticalHeader()
        self._quiet_layout = True
        try:
            # Sized without telling the table: told, it repaints from the row down on a timer, after the scroll —
            # measured, its whole viewport. The scroll below lays the rows out with their heights anyway.
            rows.blockSignals(True)
            try:
                for row in range(first, self.model().rowCount()):
                    rows.resizeSection(row, self.sizeHintForRow(row))
            finally:
                rows.blockSignals(False)
            # What scrollToBottom does, less its second pass of updateGeometries right after the layout's own: the
            # pending items layout (below), then the scroll — Qt moves the pixels.
            self.executeDelayedItemsLayout()
            bar = self.verticalScrollBar()
            bar.setValue(bar.maximum())
        finally:
            self._quiet_layout = False
        top = self.visualRect(self.model().index(first, 0)).top()
        viewport.update(QRect(0, top, viewport.width(), viewport.height() - top))

    def doItemsLayout(self) -> None:  # noqa: N802 - Qt override
        if not self._quiet_layout:
            super().doItemsLayout()
            return
        # The layout's own repaint of the whole viewport is left out; show_appended repaints what changed.
        viewport, scrolled = self.viewport(), self.verticalScrollBar().value()
        viewport.setAttribute(Qt.WidgetAttribute.WA_UpdatesDisabled, True)
        try:
            super().doItemsLayout()
        finally:
            viewport.setAttribute(Qt.WidgetAttribute.WA_UpdatesDisabled, False)
        if self.verticalScrollBar().value() != scrolled:  # a scroll with updates off moved no pixels
            viewport.update()

    def updateGeometries(self) -> None:  # noqa: N802 - Qt override
        """Rows appended change only how far the log scrolls: QTableView's own pass (run by the items layout)
        also sets the viewport's margins, which lays the scroll bars out again under the style sheet, and places
        the headers — none of which an appended row moves (~0.1 ms a shot, issue 36). Any other change (a
        resize, an undo, a reset) takes the whole pass; the scroll bar's single step follows the rows as they
        were at the last one."""
        if not self._quiet_layout:
            super().updateGeometries()
            return
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, self.verticalHeader().length() - self.viewport().height()))


def shot_log_view(model) -> ShotLogView:
    """The match window's shot log: fixed columns, rows sized one by one as shots are appended."""
    view = ShotLogView()
    view.setModel(model)
    # The viewport fills its own background (white, the style sheet's QTableView rule). The style sheet paints it
    # on the view instead, under a viewport that is not opaque: each appended shot repainted the view, its group
    # box and the window beneath the rows as well.
    Opaque(view.viewport(), lambda w: w.setAutoFillBackground(True))
    view.verticalHeader().hide()
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setWordWrap(True)
    # By pixels: scrolled by items, the view moves the pixels one row's height while the bottom row it aligns to
    # the viewport's edge moves by less (show_appended relies on the moved pixels being where the rows are).
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    # A scroll bar appearing later would narrow the text column under rows already sized for it.
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    # Fixed widths and one row sized per append: ResizeToContents would re-measure every row per shot.
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    for col, width in ((0, 32), (1, 104), (3, 60)):
        view.setColumnWidth(col, width)
    header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
    # Wrapped rows follow the column widths when the window is resized (not per shot) — on the next turn
    # of the event loop: while sectionResized is being emitted the rows still measure at the old width.
    refit = QTimer(view, singleShot=True, interval=0)
    refit.timeout.connect(view.resizeRowsToContents)
    header.sectionResized.connect(lambda *_: refit.start())
    return view
