"""The match window's shot log follows appended shots without QTableView's whole layout pass (issue 36): how far
it scrolls must be what that pass would make of the same rows."""

import pytest
from PySide6.QtWidgets import QApplication

from clubdesk.ui.pyramid.draft import ShotDraft
from tests.ui.conftest import show_match_window

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def window(qtbot, club, admin):
    return show_match_window(qtbot, club, admin, (1280, 700))


def scrolled(view) -> tuple[int, int, int, int]:
    bar = view.verticalScrollBar()
    return bar.minimum(), bar.maximum(), bar.value(), bar.pageStep()


def test_appended_shots_scroll_the_log_as_far_as_its_whole_layout_would(window):
    view = window.log_view
    for i in range(30):  # more rows than the log shows
        window.draft = ShotDraft(foul="miss" if i % 3 == 0 else None)
        window.commit()
        QApplication.processEvents()
        last = view.visualRect(window.log.index(window.log.rowCount() - 1, 0))
        assert last.bottom() < view.viewport().height(), f"shot {i + 1}: the new row is below the log's bottom"
    appended = scrolled(view)
    assert appended[1] > 0 and appended[2] == appended[1], "the log scrolled to its last row"
    grid = 1 if view.showGrid() else 0
    assert last.bottom() + grid == view.viewport().height() - 1  # the last row and its grid line end the log
    view.updateGeometries()  # QTableView's own pass over the same rows
    assert scrolled(view) == appended
