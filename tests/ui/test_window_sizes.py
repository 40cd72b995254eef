"""Every window fits a 1366×768 laptop screen (its free area, ~1366×728 under a panel), opens inside it and
remembers its size; the hall boards go full screen with F11 and offer every screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication

from clubdesk.ui import windows
from clubdesk.ui.windows import TITLE_BAR, fit
from tests.ui.conftest import demo_live_games

LAPTOP = QRect(0, 0, 1366, 728)   # 1366×768 less a 40-pixel panel


# Sizes as the user sees them: with the club's style sheet (bigger type than Qt's default).
pytestmark = [pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise", "setGeometry"),
              pytest.mark.usefixtures("club_style")]


@pytest.fixture
def opened(qtbot, club, demo_admin):
    """Every window a desk evening opens, built over the demo club."""
    from clubdesk.reports import build_record_pdf
    from clubdesk.services.evenings import EveningService
    from clubdesk.services.matches import MatchService
    from clubdesk.services.seasons import SeasonService
    from clubdesk.ui.mafia.display import PublicDisplay
    from clubdesk.ui.mafia.host_panel import HostPanel
    from clubdesk.ui.mafia.season_window import SeasonWindow
    from clubdesk.ui.print_preview import PrintPreview
    from clubdesk.ui.pyramid.match_window import MatchWindow
    from clubdesk.ui.zhuk.new_tournament import NewTournamentDialog
    from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
    from clubdesk.ui.zhuk.scoring import ZhukTableWindow
    from clubdesk.ui.zhuk.standings import StandingsWindow
    from tests.reports.fill import record

    hub, table, c = demo_live_games(club, demo_admin)
    match = next(m for m in MatchService.of(club).list() if not m.finished)
    made = {
        "host panel": (HostPanel(c), QSize(1180, 700)),
        "room display": (PublicDisplay(c, "Игра 2"), QSize(1280, 720)),
        "Пирамидка": (MatchWindow(MatchService.of(club), demo_admin, match.id), QSize(1240, 700)),
        "Жук table": (ZhukTableWindow(hub, demo_admin, table.game_id, table.round_id, "Стол 1"), QSize(1100, 700)),
        "standings": (StandingsWindow(hub), QSize(980, 640)),
        "scoreboard": (ScoreboardWindow(hub), QSize(1280, 720)),
        "print preview": (PrintPreview(build_record_pdf(record("pyramid100-match.json")), "Протокол"),
                          QSize(860, 700)),
        "new tournament": (NewTournamentDialog(hub.tournaments, club.players, demo_admin), QSize(620, 640)),
        "Mafia season": (SeasonWindow(SeasonService(EveningService(club.store, club.games, club.players)),
                                      club.players.today()), QSize(1100, 600)),
    }
    for w, _size in made.values():
        qtbot.addWidget(w)
    return made


def test_every_window_fits_a_1366_by_768_screen_and_opens_inside_it(opened):
    for name, (w, default) in opened.items():
        fit(w, QSize(default.width(), 2000), LAPTOP)       # even a taller wish is cut to the screen
        w.layout().activate()
        frame = QRect(w.pos(), QSize(w.width(), w.height() + TITLE_BAR))
        assert LAPTOP.contains(frame), (name, frame)
        need = w.minimumSizeHint()
        assert need.width() <= LAPTOP.width() and need.height() + TITLE_BAR <= LAPTOP.height(), (name, need)


def test_a_window_comes_back_at_the_size_it_was_left(qtbot, opened):
    w, default = opened["host panel"]
    w.show()
    w.resize(1200, 690)
    w.close()
    again = type(w)(w.c)
    qtbot.addWidget(again)
    fit(again, default, LAPTOP)              # as it opens on the laptop (the offscreen screen is 800×600)
    assert again.size() == QSize(1200, 690)


def test_a_remembered_size_bigger_than_this_screen_is_cut_to_it(qtbot, opened):
    w, default = opened["Жук table"]
    windows.settings().setValue(f"windows/{w.objectName()}/size", QSize(1900, 1150))
    windows.settings().setValue(f"windows/{w.objectName()}/pos", QPoint_(2500, 40))
    fit(w, default, LAPTOP)
    assert w.width() <= 1366 and w.height() + TITLE_BAR <= 728
    assert LAPTOP.contains(QRect(w.pos(), w.size()))


def QPoint_(x, y):  # noqa: N802 - a QPoint for the settings file
    from PySide6.QtCore import QPoint
    return QPoint(x, y)


def test_main_window_fits_the_screen_it_opens_on(qtbot, club, demo_admin, settings):
    from clubdesk.ui.main_window import MainWindow

    settings.setValue("main/geometry", None)
    w = MainWindow(club, demo_admin, settings)
    qtbot.addWidget(w)
    area = w.screen().availableGeometry()
    assert w.width() <= area.width() and w.height() + TITLE_BAR <= area.height()
    assert w.minimumSizeHint().height() + TITLE_BAR <= LAPTOP.height()


@pytest.mark.parametrize("board", ["scoreboard", "room display"])
def test_hall_boards_go_full_screen_with_f11_and_offer_every_screen(qtbot, opened, board):
    w, _ = opened[board]
    w.show()
    w.activateWindow()
    qtbot.waitActive(w)                     # F11 is the window's shortcut: it needs the window active
    assert not w.isFullScreen()
    qtbot.keyClick(w, Qt.Key.Key_F11)
    assert w.windowState() & Qt.WindowState.WindowFullScreen
    qtbot.keyClick(w, Qt.Key.Key_F11)
    assert not w.windowState() & Qt.WindowState.WindowFullScreen
    screens = QGuiApplication.screens()
    assert [a.text() for a in w.screen_actions] == [
        f"Показать на экране {i}: {s.name()} ({s.geometry().width()}×{s.geometry().height()})"
        for i, s in enumerate(screens, 1)]
    w.screen_actions[0].trigger()
    assert w.isFullScreen() and w.screen() is screens[0]
    assert windows.room_screen(w.objectName()) is screens[0]   # the choice is kept for the next time
