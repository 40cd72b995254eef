"""The list view every page uses: whole rows selected one at a time, read-only, striped, no row numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QListWidget,
    QTableView,
    QWidget,
)

from clubdesk.ui.i18n import tr

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialogButtonBox


def table_view(model, *, stretch: int | None = None, widths: dict[int, int] | None = None) -> QTableView:
    """A read-only row-selecting table over `model`.

    With `stretch` that column takes the free width and `widths` fixes the others; without, columns fit
    their contents and the last one stretches.
    """
    view = QTableView()
    # Before setModel: a header told after it measures every row's header data (1 000 calls at 200 rows).
    rows = view.verticalHeader()
    rows.hide()
    rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    columns = view.horizontalHeader()
    columns.hide()  # so that setModel does not measure the titles through the Python model: see below
    view.setModel(model)
    _titles_from_a_cpp_model(view, model)
    columns.show()
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    header = view.horizontalHeader()
    if stretch is None:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        # A header fitted to its contents is not fitted again when a shown view's model resets: a Mafia
        # game's «Ночь 0» kept its width and «Последнее слово» was cut to «Последне…».
        model.modelReset.connect(header.resizeSections)
    else:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    for col, width in (widths or {}).items():
        view.setColumnWidth(col, width)
    return view


def _titles_from_a_cpp_model(view: QTableView, model) -> None:
    """Give the column header its titles through a QStandardItemModel of its own, kept in step with the
    model's `column_titles()` on every reset (the only time a RowTableModel's columns change).

    Why: a header that asks a Python model calls `headerData(section, orientation, role)`, and handing it
    the `Qt.Orientation` makes PySide build the whole `Qt` namespace — 100 Python enums, ~12 ms — in the
    middle of the main window's first frame (the players page), which otherwise needs none of them.
    The model's own `headerData` still answers everyone else (tests, exports, accessibility).
    """
    titles = QStandardItemModel(0, 0, view)

    def sync() -> None:
        names = model.column_titles()
        titles.setColumnCount(len(names))
        titles.setHorizontalHeaderLabels(names)

    sync()
    model.modelReset.connect(sync)
    view.horizontalHeader().setModel(titles)


def error_label() -> QLabel:
    """The inline message under a form or entry that says why something was refused; hidden until then."""
    label = QLabel()
    label.setObjectName("formError")
    label.setWordWrap(True)
    label.hide()
    return label


def ok_cancel(dialog, ok_text: str, on_ok) -> QDialogButtonBox:
    """A form dialog's two buttons: OK named for what it does («Создать», «Подключить»), calling `on_ok` (which checks
    the form and accepts the dialog itself), and «Отмена» (Qt's own word is English), rejecting it."""
    from PySide6.QtWidgets import QDialogButtonBox  # here, not above: this module is read before the first frame

    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    box.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Отмена"))
    box.accepted.connect(on_ok)
    box.rejected.connect(dialog.reject)
    return box


def guard(error: QLabel, action) -> bool:
    """Run what the user asked for: a refusal (KnownError) is its one line in `error`; a success hides the line."""
    from clubdesk.errors import KnownError

    try:
        action()
    except KnownError as exc:
        error.setText(exc.message())
        error.show()
        return False
    error.hide()
    return True


def enable(button, enabled: bool, why: str = "") -> None:
    """Enable a button, or disable it with a tooltip saying why it cannot act now (never a silent no-op).
    The button's own tooltip comes back once it is enabled again."""
    if button.property("usualTip") is None:
        button.setProperty("usualTip", button.toolTip())
    button.setEnabled(enabled)
    button.setToolTip(button.property("usualTip") if enabled else why)


def grow_to_fit(window: QWidget) -> None:
    """Make a shown window tall enough for its layout at its width. A word-wrapped line (an error, a question)
    that appears in a dialog raises its height for width, which Qt's minimum size does not follow: the form's
    rows were squeezed over each other (the player dialog's notes under «Запрет посещения клуба»)."""
    layout = window.layout()
    if layout is not None and layout.hasHeightForWidth():
        window.resize(window.width(), max(window.height(), layout.totalHeightForWidth(window.width())))


def fill_tournaments(widget: QListWidget, tournaments, keep: str | None) -> None:
    """A tournaments list («Кубок декабря — 12 игроков», the id as the item's data) with `keep` still selected,
    else the first; filled without selection signals, so the caller shows the selection once."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QListWidgetItem  # here: every page imports this module, the first frame's too

    from clubdesk.ui.i18n import tr

    widget.blockSignals(True)
    widget.clear()
    for t in tournaments:
        item = QListWidgetItem(tr("{name} — {n} игроков").format(name=t.name, n=len(t.players)))
        item.setData(Qt.ItemDataRole.UserRole, t.id)
        widget.addItem(item)
        if t.id == keep:
            widget.setCurrentItem(item)
    if widget.currentRow() < 0 and widget.count():
        widget.setCurrentRow(0)
    widget.blockSignals(False)
