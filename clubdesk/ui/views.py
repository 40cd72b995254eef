"""The list view every page uses: whole rows selected one at a time, read-only, striped, no row numbers."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView


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
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)
    header = view.horizontalHeader()
    if stretch is None:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
    else:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    for col, width in (widths or {}).items():
        view.setColumnWidth(col, width)
    return view


def error_label() -> QLabel:
    """The inline message under a form or entry that says why something was refused; hidden until then."""
    label = QLabel()
    label.setObjectName("formError")
    label.setWordWrap(True)
    label.hide()
    return label
