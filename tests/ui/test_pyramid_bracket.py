"""The Пирамидка bracket on the draws page and the hall board: painted offscreen, zoomed, the live bout highlighted,
a bout's game opened from the bracket."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QWheelEvent

from clubdesk.reports.bracket_layout import layout
from clubdesk.services.pyramid_tournaments import PyramidTournamentService

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise", "setGeometry")


def _panel(qtbot, club, actor, opened=None):
    from clubdesk.ui.pyramid.tournaments_panel import PyramidTournamentsPanel

    panel = PyramidTournamentsPanel(club, actor, opened.append if opened is not None else None)
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    return panel


def _colour_count(widget, rgb: tuple[int, int, int]) -> int:
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    return sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
               if image.pixelColor(x, y).getRgb()[:3] == rgb)


def test_the_demo_bracket_highlights_the_bout_whose_game_is_on_the_table(qtbot, club, demo_admin):
    panel = _panel(qtbot, club, demo_admin)
    svc = panel.svc
    tid = panel.current()
    live = svc.live(tid)
    assert list(live) == ["W2-2"]
    styles = {code: r.style for r in panel.view.canvas.drawing.rects for code, box in
              panel.view.canvas.drawing.boxes.items() if (r.x, r.y - 13.0) == box[:2]}
    assert styles["W2-2"] == "live" and styles["W1-1"] == "decided" and styles["W3-1"] == "box"
    assert _colour_count(panel.view.canvas, (0xff, 0xf4, 0xd6)) > 50  # the live bout's fill is on screen


def test_ctrl_wheel_and_plus_minus_zoom_the_bracket(qtbot, club, demo_admin):
    panel = _panel(qtbot, club, demo_admin)
    view, canvas = panel.view, panel.view.canvas
    width = canvas.width()
    wheel = QWheelEvent(QPointF(10, 10), QPointF(10, 10), QPoint(0, 0), QPoint(0, 120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase, False)
    view.wheelEvent(wheel)
    assert canvas.zoom > 1.0 and canvas.width() > width
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert canvas.zoom == 1.0
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert canvas.zoom < 1.0 and canvas.width() < width


def test_clicking_a_ready_bout_and_play_opens_its_game_as_a_pyramid_match(qtbot, club, demo_admin):
    opened: list[str] = []
    panel = _panel(qtbot, club, demo_admin, opened)
    tid = panel.current()
    x, y, w, h = panel.view.canvas.drawing.boxes["L1-2"]
    qtbot.mouseClick(panel.view.canvas, Qt.MouseButton.LeftButton, pos=QPoint(int(x + w / 2), int(y + h / 2)))
    assert panel.selected == "L1-2" and panel.play_button.isEnabled()
    panel.play_button.click()
    assert opened and panel.svc.live(tid)["L1-2"] == opened[0]
    assert club.games.state(opened[0])["score"] == dict.fromkeys(club.games.engine(opened[0]).players, 0)
    assert panel.play_button.text() == "Открыть партию"


def test_a_bout_not_ready_cannot_be_played(qtbot, club, demo_admin):
    panel = _panel(qtbot, club, demo_admin)
    panel.view.canvas.bout_clicked.emit("GF")
    assert not panel.play_button.isEnabled() and not panel.walk_over_button.isEnabled()


def test_the_hall_board_goes_full_screen_with_f11_and_fits_the_whole_bracket(qtbot, club, demo_admin):
    from clubdesk.ui.pyramid.bracket_board import BracketBoard

    svc = PyramidTournamentService.of(club)
    board = BracketBoard(svc, svc.tournaments()[0].id)
    qtbot.addWidget(board)
    board.resize(1280, 720)
    board.show()
    board.refresh()
    canvas = board.view.canvas
    assert canvas.width() <= board.view.viewport().width() and canvas.height() <= board.view.viewport().height()
    qtbot.keyClick(board, Qt.Key.Key_F11)
    assert board.isFullScreen()
    qtbot.keyClick(board, Qt.Key.Key_F11)
    assert not board.isFullScreen()


def test_the_new_tournament_dialog_creates_a_double_elimination_with_its_races(qtbot, club, demo_admin):
    from clubdesk.ui.pyramid.new_tournament import NewPyramidTournamentDialog

    svc = PyramidTournamentService.of(club)
    dialog = NewPyramidTournamentDialog(svc, club.players, demo_admin)
    qtbot.addWidget(dialog)
    dialog.name.setText("Весенний кубок")
    dialog.format.setCurrentIndex(dialog.format.findData("double"))
    dialog.race_to.setValue(3)
    dialog.final_race_to.setValue(4)
    for row in range(5):
        dialog.model.toggle(row)
    dialog.create()
    assert dialog.created and dialog.result() == dialog.DialogCode.Accepted
    info = svc.get(dialog.created)
    assert (info.name, info.format, len(info.players)) == ("Весенний кубок", "double", 5)
    assert svc.engine(dialog.created).options["final_race_to"] == 4


def test_the_draws_page_has_the_tournaments_tab(qtbot, club, demo_admin):
    from clubdesk.ui.pages.draws import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    assert page.pyramid_tabs.count() == 2 and page.pyramid_tournaments.current() is not None


def test_a_referee_plays_bouts_but_does_not_draw(qtbot, club, demo_admin):
    from clubdesk.services.accounts import AccountService

    referee = AccountService(club.store).create_account(demo_admin, "ref1", "long-enough", ("referee",))
    panel = _panel(qtbot, club, referee)
    panel.view.canvas.bout_clicked.emit("L1-2")
    assert panel.play_button.isEnabled() and not panel.undo_button.isEnabled()
    assert not panel.new_button.isEnabled() and not panel.withdraw_button.isEnabled()


def test_layout_places_every_bout_once_and_no_two_boxes_overlap(club, demo_admin):
    svc = PyramidTournamentService.of(club)
    d = layout(svc.state(svc.tournaments()[0].id), {})
    boxes = list(d.boxes.values())
    assert len(boxes) == 15
    for i, (x, y, w, h) in enumerate(boxes):
        for x2, y2, w2, h2 in boxes[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y


def test_correct_a_game_takes_the_bouts_last_counted_game_back_and_opens_it(qtbot, club, demo_admin, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    opened: list[str] = []
    panel = _panel(qtbot, club, demo_admin, opened)
    tid = panel.current()
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("не тот игрок сдался", True))
    panel.view.canvas.bout_clicked.emit("W1-3")          # its winner is on the table in W2-2: refused
    assert panel.correct_button.isEnabled()
    panel.correct_button.click()
    assert not opened and "W2-2" in panel.error.text() and panel.svc.engine(tid).bouts["W1-3"].winner
    panel.view.canvas.bout_clicked.emit("L1-1")
    last = panel.svc.engine(tid).bouts["L1-1"].games[-1]
    panel.correct_button.click()
    assert opened == [last] and panel.svc.engine(tid).bouts["L1-1"].winner is None
    assert not club.games.state(last)["finished"] and panel.svc.live(tid)["L1-1"] == last
    panel.view.canvas.bout_clicked.emit("W3-1")
    assert not panel.correct_button.isEnabled()          # nothing counted there
