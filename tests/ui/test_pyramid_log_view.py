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


def test_appended_rows_take_the_height_qt_measures_after_the_font_and_the_width_change(window, qtbot):
    """The log remembers its cells' heights (ShotLogView.appended_row_height): a row appended is as tall as
    QTableView.sizeHintForRow makes it — with texts seen before, after the log's font grew, and at another width."""
    view = window.log_view
    shots = [ShotDraft(foul="miss"), ShotDraft(), ShotDraft(foul="push", centre_blocked=True), ShotDraft()]

    def append(n: int) -> range:
        first = window.log.rowCount()
        for i in range(n):
            window.draft = shots[i % len(shots)]
            window.commit()
            QApplication.processEvents()
        assert window.log.rowCount() == first + n, window.error.text()
        return range(first, window.log.rowCount())

    def measured(rows: range) -> list[tuple[int, int]]:
        return [(view.rowHeight(r), view.sizeHintForRow(r)) for r in rows]

    rows = append(8)  # each text twice: the second time its height is remembered
    assert all(h == hint for h, hint in measured(rows)), measured(rows)
    small = view.rowHeight(0)  # before the font grows: a relayout after it may measure row 0 again, bigger
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 1.6)
    view.setFont(font)
    QApplication.processEvents()
    rows = append(4)
    assert all(h == hint for h, hint in measured(rows)), measured(rows)
    assert view.rowHeight(rows[0]) > small  # the bigger font's rows are taller (the same shot as row 0's)
    window.resize(900, 700)  # the text column narrows: its texts wrap at another width
    qtbot.waitUntil(lambda: all(h == hint for h, hint in measured(range(window.log.rowCount()))), timeout=10_000)
    rows = append(4)
    assert all(h == hint for h, hint in measured(rows)), measured(rows)


def test_a_match_reopened_shows_its_latest_shot(qtbot, club, admin):
    """Scrolled to its latest shot while the window is built, the log then gets its size and its text column's
    width from the window's layout: the last shot must still be in sight, not below the log's bottom."""
    from clubdesk.ui.pyramid.match_window import MatchWindow

    first = show_match_window(qtbot, club, admin, (1240, 700))
    for i in range(25):  # more rows than the log shows
        first.draft = ShotDraft(foul="miss" if i % 3 == 0 else None)
        first.commit()
    first.close()
    again = MatchWindow(first._service, admin, first.game_id)
    qtbot.addWidget(again)
    again.resize(1240, 700)
    again.show()
    qtbot.waitExposed(again)
    view, bar = again.log_view, again.log_view.verticalScrollBar()

    def last_shot_in_sight() -> None:  # after the rows are measured again at the text column's width (queued)
        last = view.visualRect(again.log.index(again.log.rowCount() - 1, 0))
        assert bar.maximum() > 0 and bar.value() == bar.maximum()
        assert last.height() > 0 and last.bottom() < view.viewport().height()

    qtbot.waitUntil(last_shot_in_sight, timeout=3000)
