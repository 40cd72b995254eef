"""Пирамидка windows: a whole match by clicks, greyed choices, inline refusals, undo as a void event."""

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import func, select

from clubdesk.rules.pyramid100 import CUE, new_game, parse_event
from clubdesk.services.demo_pyramid import MATCH
from clubdesk.services.matches import MatchService, ShotLine
from clubdesk.services.players import PlayerData
from clubdesk.store.models import Event
from clubdesk.ui.models.pyramid import MatchesModel, ShotLogModel
from clubdesk.ui.pyramid.draft import CALL, OFF, POT, ShotDraft
from clubdesk.ui.pyramid.match_window import MatchWindow
from clubdesk.ui.pyramid.new_match import NewMatchDialog
from clubdesk.ui.pyramid.panel import PyramidPanel
from tests.ui.conftest import type_text
from tests.ui.images import assert_rendered_and_distinct

LEFT = Qt.MouseButton.LeftButton
# The offscreen platform warns about window hints it cannot honour; they are not ours to fix.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def pair(club, admin):
    a = club.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = club.players.add(admin, PlayerData("Сокол Анна", "Сова"))
    return a.id, b.id


@pytest.fixture
def window(qtbot, club, admin, pair):
    svc = MatchService.of(club)
    w = MatchWindow(svc, admin, svc.create(admin, *pair, table="Стол 5"))
    qtbot.addWidget(w)
    show(qtbot, w)
    return w


def show(qtbot, w):
    """Shortcuts (Enter, Ctrl+Z) reach only a shown, active window."""
    w.show()
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow, timeout=10_000)


def stored(store) -> list[str]:
    with store.session_factory() as s:
        return list(s.scalars(select(Event.type).order_by(Event.seq)))


def click_shot(qtbot, w: MatchWindow, shot: dict) -> None:
    """Enter a shot the way a referee does: mode, ball, pocket buttons, then the flags, then Enter."""
    for c in shot["call"]:
        qtbot.mouseClick(w.mode_buttons[CALL], LEFT)
        qtbot.mouseClick(w.balls.buttons[c["ball"]], LEFT)
        qtbot.mouseClick(w.pockets.buttons[c["pocket"]], LEFT)
    for p in shot["potted"]:
        qtbot.mouseClick(w.mode_buttons[POT], LEFT)
        qtbot.mouseClick(w.balls.buttons[p["ball"]], LEFT)
        if p["straight"]:
            qtbot.mouseClick(w.straight, LEFT)
        qtbot.mouseClick(w.pockets.buttons[p["pocket"]], LEFT)
    for b in shot["off_table"]:
        qtbot.mouseClick(w.mode_buttons[OFF], LEFT)
        qtbot.mouseClick(w.balls.buttons[b], LEFT)
    if shot["touched_control"] and shot["trick"] != "carom3":
        qtbot.mouseClick(w.touched, LEFT)
    if shot["trick"]:
        w.trick.setCurrentIndex(w.trick.findData(shot["trick"]))
    if shot["foul"]:
        w.foul.setCurrentIndex(w.foul.findData(shot["foul"]))
    assert w.draft.event() == shot
    qtbot.keyClick(w, Qt.Key.Key_Return)


def test_whole_match_by_clicks_ends_with_the_engines_score(qtbot, window, pair, store):
    engine = new_game(list(pair))
    for who, shot in MATCH:
        assert window.boxes[who].turn.text() == "БЬЁТ"
        click_shot(qtbot, window, shot)
        engine.apply(parse_event({"type": "shot", "player": pair[who], **shot}))
        assert not window.error.isVisible(), window.error.text()
    state = window._service.state(window.game_id)
    assert state == engine.state() and state["finished"]
    assert [b.score.text() for b in window.boxes] == [str(engine.scores[p]) for p in pair]
    assert window.banner.isVisibleTo(window) and "Орлов Глеб" in window.banner.text()
    assert window.log.rowCount() == len(MATCH) and len(stored(store)) == len(MATCH)
    assert not window.commit_button.isEnabled() and not any(b.isEnabled() for b in window.balls.buttons.values())


def test_balls_off_the_cloth_and_impossible_tricks_are_greyed_out(qtbot, window):
    click_shot(qtbot, window, MATCH[0][1])  # №7 to the shelf
    assert not window.balls.buttons[7].isEnabled() and window.balls.buttons[12].isEnabled()
    assert window.balls.buttons[CUE].isEnabled()
    assert window.trick.isEnabled()  # №10 on the cloth and other balls
    assert not window.pockets.buttons[1].isEnabled()  # no ball chosen yet
    qtbot.mouseClick(window.balls.buttons[9], LEFT)
    assert window.pockets.buttons[1].isEnabled() and "№9" in window.summary.text()


def test_refused_shot_shows_the_clause_inline_and_stores_nothing(qtbot, club, admin, window, pair, store):
    # Another desk records the break meanwhile: this window still offers №7, the engine refuses it.
    svc = MatchService.of(club)
    svc.record_shot(admin, window.game_id, MATCH[0][1])
    before = stored(store)
    qtbot.mouseClick(window.balls.buttons[7], LEFT)
    qtbot.mouseClick(window.pockets.buttons[3], LEFT)
    qtbot.mouseClick(window.missed_button, LEFT)  # «Не забит»: a bare call, said outright (Enter would ask)
    assert window.error.isVisibleTo(window)
    assert "P§2" in window.error.text() and "Орлов Глеб" in window.error.text()
    assert pair[0] not in window.error.text()  # names, not ids
    assert stored(store) == before and window.draft.call == [(7, 3)]  # the draft stays for a fix


def test_ctrl_z_appends_a_void_and_restores_the_score(qtbot, window, store):
    click_shot(qtbot, window, MATCH[0][1])
    assert window.boxes[0].score.text() == "7" and window.log.rowCount() == 1
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert stored(store) == ["shot", "void"]
    assert window.boxes[0].score.text() == "0" and window.log.rowCount() == 0
    window.undo_stack.redo()  # redo records the same facts again, as a new event
    assert stored(store) == ["shot", "void", "shot"] and window.boxes[0].score.text() == "7"


def test_undo_reaches_shots_stored_before_the_window_opened(qtbot, club, admin, pair, store):
    svc = MatchService.of(club)
    gid = svc.create(admin, *pair)
    svc.record_shot(admin, gid, MATCH[0][1])
    w = MatchWindow(svc, admin, gid)
    qtbot.addWidget(w)
    assert w.log.rowCount() == 1 and w.undo_button.isEnabled()
    qtbot.mouseClick(w.undo_button, LEFT)
    assert stored(store) == ["shot", "void"] and w.log.rowCount() == 0


def test_concede_finishes_for_the_opponent(qtbot, window, pair):
    window.concede(pair[1])
    assert "Орлов Глеб" in window.banner.text() and window.boxes[0].turn.text() == "ПОБЕДА"


def test_models_pass_qtmodeltester(qtmodeltester, club, admin, pair):
    svc = MatchService.of(club)
    gid = svc.create(admin, *pair)
    svc.record_shot(admin, gid, MATCH[0][1])
    qtmodeltester.check(MatchesModel(svc), force_py=True)
    log = ShotLogModel(pair, {pair[0]: "А", pair[1]: "Б"})
    log.reset(svc.history(gid))
    qtmodeltester.check(log, force_py=True)
    log.append(ShotLine({"type": "concede", "player": pair[1]}, {"reason": "conceded"}, {pair[0]: 7, pair[1]: 0}))
    log.pop()
    qtmodeltester.check(log, force_py=True)


def test_draft_corrections_replace_and_double_call_keeps_two():
    d = ShotDraft()
    d.add(CALL, 5, 1)
    d.add(CALL, 6, 2)
    d.add(CALL, 7, 3)
    assert d.call == [(6, 2), (7, 3)]
    d.add(POT, 7, 3, True)
    d.add(OFF, 7)
    assert d.potted == [] and d.off_table == [7]
    d.trick = "carom3"
    assert d.event()["touched_control"] is True


def test_new_match_dialog_picks_two_players_by_typing(qtbot, club, admin, pair):
    svc = MatchService.of(club)
    dialog = NewMatchDialog(svc, admin)
    qtbot.addWidget(dialog)
    type_text(dialog.first.search, "граф")
    qtbot.waitUntil(lambda: dialog.first.player_id() == pair[0], timeout=10_000)
    dialog.create()
    assert dialog.error.isVisibleTo(dialog) and dialog.game_id is None  # second player missing
    type_text(dialog.second.search, "сова")
    qtbot.waitUntil(lambda: dialog.second.player_id() == pair[1], timeout=10_000)
    dialog.table.setText("Стол 4")
    dialog.create()
    assert dialog.game_id and svc.get(dialog.game_id).table == "Стол 4"


def test_panel_lists_matches_and_opens_the_scoring_window(qtbot, club, admin, pair):
    svc = MatchService.of(club)
    gid = svc.create(admin, *pair)
    panel = PyramidPanel(club, admin)
    qtbot.addWidget(panel)
    assert panel.model.rowCount() == 1 and not panel.open_button.isEnabled()
    panel.view.selectRow(0)
    window = panel.open_selected()
    show(qtbot, window)
    assert window.game_id == gid
    click_shot(qtbot, window, MATCH[0][1])
    qtbot.waitUntil(lambda: panel.model.data(panel.model.index(0, 2)) == "7 : 0", timeout=10_000)
    assert panel.selected_id() == gid
    with club.store.session_factory() as s:
        assert s.scalar(select(func.count()).select_from(Event)) == 1


def test_screenshots_write_the_panel_and_the_running_match(qtbot, club, demo_admin, tmp_path):
    from types import SimpleNamespace

    from clubdesk.ui.pyramid.screens import extra_screenshots

    paths = extra_screenshots(SimpleNamespace(club=club, actor=demo_admin), tmp_path)
    assert [p.name for p in paths] == ["pyramid-panel.png", "pyramid-match.png", "pyramid-board.png",
                                      "pyramid-bracket.png", "pyramid-bracket-board.png"]
    assert_rendered_and_distinct(paths)
    from PySide6.QtGui import QImage
    assert (QImage(str(paths[1])).width(), QImage(str(paths[1])).height()) == (1280, 800)  # the whole match window


def test_a_shot_that_passes_the_turn_does_not_move_the_player_boxes(window, qtbot):
    """Turn mark, debt line and the active border change in place: the window is not laid out again per shot. The
    first shot also drops the break's line from the header's centre, which is as tall as the boxes beside it."""
    qtbot.waitUntil(lambda: window.boxes[0].height() > 0)

    def places():  # in the window's coordinates: the labels are held by Steady holders
        return [QRect(w.mapTo(window, QPoint(0, 0)), w.size()) for b in window.boxes
                for w in (b, b.name, b.score, b.shelf, b.debt)] + \
            [QRect(w.mapTo(window, QPoint(0, 0)), w.size()) for w in (window.info, window.table_balls)]

    before = places()
    active = [b.property("active") for b in window.boxes]
    window.draft = ShotDraft(foul="miss")  # a foul: the turn passes and a debt appears
    window.commit()
    QApplication.processEvents()  # run the layout requests the shot posted
    assert [b.property("active") for b in window.boxes] != active
    assert any(b.debt.text().strip() for b in window.boxes)
    assert places() == before


def test_a_shot_does_not_lay_the_window_out_again_unless_a_line_needs_more_room(window, qtbot):
    """The labels a shot changes are held by Steady holders: no layout pass per shot; a shelf grown to a second
    line still gets its room."""
    from PySide6.QtCore import QEvent, QObject

    from clubdesk.ui.pyramid.widgets import set_text

    qtbot.waitUntil(lambda: window.boxes[0].height() > 0)
    passes = []

    class Layouts(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.LayoutRequest:
                passes.append(watched)
            return False

    qtbot.wait(50)  # the layouts of the window just shown, and what they post
    spy = Layouts(window)
    window.installEventFilter(spy)
    for foul in ("miss", None, None, "miss"):
        window.draft = ShotDraft(foul=foul)
        window.commit()
        QApplication.processEvents()
    assert passes == []
    shelf = window.boxes[0].shelf
    one_line = shelf.height()
    set_text(shelf, "Полка: " + ", ".join(f"№{b}" for b in range(5, 16)) * 3)
    qtbot.waitUntil(lambda: shelf.height() > one_line, timeout=10_000)
    window.removeEventFilter(spy)


def test_log_rows_fit_their_wrapped_text_when_shown_and_resized(qtbot, club, admin, pair):
    svc = MatchService.of(club)
    gid = svc.create(admin, *pair, table="Стол 5")
    for who, shot in MATCH[:8]:  # recorded before the window opens, as when a referee reopens a match
        svc.record_shot(admin, gid, {"player": pair[who], **shot})
    w = MatchWindow(svc, admin, gid)
    qtbot.addWidget(w)
    view = w.log_view

    def fitted() -> bool:
        rows = range(w.log.rowCount())
        return [view.rowHeight(r) for r in rows] == [view.sizeHintForRow(r) for r in rows]

    w.resize(1280, 800)
    w.show()
    QApplication.processEvents()
    QApplication.processEvents()
    assert fitted()
    for width in (900, 1400):
        w.resize(width, 700)
        qtbot.waitUntil(fitted, timeout=10_000)


def test_a_shot_repaints_the_new_log_row_and_the_log_shows_every_row_right(window, qtbot):
    """Appending a shot paints the new row and no row above it (those are moved in the window's backing store),
    and what the window shows is what a full repaint of the log draws — after shots, an undo and a resize."""
    from PySide6.QtCore import QEvent, QObject

    if QApplication.platformName() != "offscreen":
        pytest.skip("reads the window's backing store through the offscreen platform's grabWindow")
    window.resize(1280, 700)
    QApplication.processEvents()
    view, viewport = window.log_view, window.log_view.viewport()
    tops: list[int] = []

    class Paints(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 - Qt override
            if event.type() == QEvent.Type.Paint:
                tops.append(event.region().boundingRect().top())
            return False

    def shown_as_painted_anew() -> bool:
        at = viewport.mapTo(window, QPoint(0, 0))
        shown = window.screen().grabWindow(window.winId(), at.x(), at.y(), viewport.width(), viewport.height())
        return shown.toImage() == viewport.grab().toImage().convertToFormat(shown.toImage().format())

    spy = Paints(viewport)
    for i in range(24):  # more rows than the log shows: it scrolls
        if i % 3 == 0:
            window.draft = ShotDraft(foul="miss")
        tops.clear()
        viewport.installEventFilter(spy)
        window.commit()
        QApplication.processEvents()
        viewport.removeEventFilter(spy)
        new_row = view.visualRect(window.log.index(window.log.rowCount() - 1, 0)).top()
        assert i < 1 or min(tops) >= new_row, f"shot {i + 1}: the log repainted from y={min(tops)}, its row is at {new_row}"
        assert shown_as_painted_anew(), f"shot {i + 1}"
    window.undo()
    QApplication.processEvents()
    assert shown_as_painted_anew()
    window.resize(1000, 700)
    qtbot.waitUntil(shown_as_painted_anew, timeout=10_000)
