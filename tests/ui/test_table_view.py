"""table_view(): column titles from a C++ model of their own, and the int role constants of models.base."""

from __future__ import annotations

from PySide6.QtCore import Qt

from clubdesk.ui.models import base
from clubdesk.ui.models.base import RowTableModel
from clubdesk.ui.views import table_view


class Columns(RowTableModel):
    """A table whose columns change with a reset, as some standings' do."""

    def __init__(self, titles: list[str]) -> None:
        super().__init__()
        self.titles = titles

    def headers(self) -> list[str]:
        return list(self.titles)

    def cell(self, item, row, column, role):
        return item[column] if role == base.DISPLAY else None

    def data(self, index, role=base.DISPLAY):
        return self.cell(self._rows[index.row()], index.row(), index.column(), role) if index.isValid() else None


def shown_titles(view) -> list[str]:
    header = view.horizontalHeader()
    titles = header.model()
    return [titles.headerData(i, Qt.Orientation.Horizontal) for i in range(header.count())]


def test_header_shows_the_models_titles(qtbot):
    model = Columns(["Имя", "Баланс"])
    model.set_rows([("Ира", 100)])
    view = table_view(model)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    assert shown_titles(view) == ["Имя", "Баланс"]
    assert view.isVisible() and view.horizontalHeader().isVisible()
    assert view.horizontalHeader().height() > 0


def test_header_follows_a_reset_that_changes_the_columns(qtbot):
    model = Columns(["Имя", "Баланс"])
    view = table_view(model)
    qtbot.addWidget(view)
    view.show()
    model.titles = ["Имя", "Раунд 1", "Раунд 2"]
    model.set_rows([("Ира", 5, 7)])
    assert shown_titles(view) == ["Имя", "Раунд 1", "Раунд 2"]
    assert model.index(0, 2).data() == 7


def test_model_still_answers_header_data_itself():
    model = Columns(["Имя"])
    assert model.headerData(0, Qt.Orientation.Horizontal) == "Имя"
    assert model.headerData(0, Qt.Orientation.Vertical) is None


def test_int_role_constants_are_qts_values():
    assert (base.DISPLAY, base.TOOLTIP, base.ALIGNMENT, base.FOREGROUND, base.USER) == (
        Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.TextAlignmentRole,
        Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.UserRole)
    assert base.ALIGN_RIGHT_VCENTER == (Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value


def test_column_fitted_to_contents_grows_when_a_shown_views_rows_change(qtbot):
    """The Mafia games tab: a game's phase grows from «Ночь 0» to «Последнее слово» while the tab is on screen."""
    model = Columns(["Игра", "Ход игры", "Результат"])
    model.set_rows([("1", "Ночь 0", "идёт")])
    view = table_view(model)
    qtbot.addWidget(view)
    view.resize(700, 300)
    view.show()
    qtbot.waitExposed(view)
    narrow = view.columnWidth(1)
    model.set_rows([("1", "Последнее слово, голосование", "идёт")])
    qtbot.waitUntil(lambda: view.columnWidth(1) > narrow)  # the view fits its column on a later turn of the loop
    assert view.columnWidth(1) >= view.sizeHintForColumn(1)
