"""The match window words only what a shot changed (issue 36): after every shot and every undo it shows what a
window opened on the match then shows."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from clubdesk.services.demo_pyramid import MATCH
from clubdesk.ui.models.pyramid import SHOT
from clubdesk.ui.pyramid.match_window import MatchWindow
from tests.ui.conftest import match_window

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


def shown(w: MatchWindow) -> dict:
    """What the referee reads of the state: the header, the table, the boxes, the №10 tip, the draft line."""
    boxes = [(b.score.text(), b.shelf.text(), b.debt.text(), b.turn.text(), b.property("active")) for b in w.boxes]
    return {"info": w.info.text(), "table": w.table_balls.text(), "boxes": boxes, "touch": w.touched.toolTip(),
            "summary": w.summary.text(), "banner": w.banner.text() if w.banner.isVisibleTo(w) else None}


def test_after_each_shot_and_undo_the_window_shows_what_a_window_opened_then_shows(qtbot, club, admin):
    window = match_window(qtbot, club, admin)
    svc, gid = window._service, window.game_id
    window.show()

    def as_reopened() -> dict:
        fresh = MatchWindow(svc, admin, gid)
        qtbot.addWidget(fresh)
        try:
            return shown(fresh)
        finally:
            fresh.close()

    for i, (_who, shot) in enumerate(MATCH):  # a whole match: pots, the cue ball, №10 touched, tricks, fouls, a win
        assert window.record(shot, push=True), window.error.text()
        window.clear_draft()
        QApplication.processEvents()
        assert shown(window) == as_reopened(), f"after shot {i + 1}"
    for i in range(6):
        window.undo()
        QApplication.processEvents()
        assert shown(window) == as_reopened(), f"after undo {i + 1}"


def test_log_cells_are_read_only_and_the_shot_cell_tells_its_text(qtbot, club, admin):
    window = match_window(qtbot, club, admin)
    for _who, shot in MATCH[:3]:
        assert window.record(shot, push=True), window.error.text()
    log = window.log
    for row in range(log.rowCount()):
        for col in range(log.columnCount()):
            flags = log.flags(log.index(row, col))
            assert not flags & Qt.ItemFlag.ItemIsEditable and flags & Qt.ItemFlag.ItemIsSelectable
        shot = log.index(row, SHOT)
        assert shot.data(Qt.ItemDataRole.ToolTipRole) == shot.data() != ""
        assert log.index(row, 0).data() == str(row + 1)
