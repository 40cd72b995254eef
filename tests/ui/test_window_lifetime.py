"""Issue 36: a desk as small at closing time as at opening. One window per game — opening an open game raises it —
and a closed game window is deleted, disconnected from every feed and tick; the round clock is read once per tick
and round, and not for what is not shown."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import SIGNAL
from shiboken6 import isValid

from clubdesk.services.evenings import EveningService
from clubdesk.services.players import PlayerData
from clubdesk.ui.mafia.display import PublicDisplay
from clubdesk.ui.mafia.feed import feed_for as mafia_feed_for
from clubdesk.ui.mafia.games_tab import GamesTab
from clubdesk.ui.mafia.host_panel import HostPanel
from clubdesk.ui.pages.live import LivePage
from clubdesk.ui.pyramid.feed import feed_for
from clubdesk.ui.pyramid.panel import PyramidPanel
from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
from tests.ui.test_pyramid_keys import press

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


def gone(qtbot, *objects) -> None:
    """Wait until Qt has deleted the objects (a closed window is deleted on the event loop's next turn)."""
    qtbot.waitUntil(lambda: not any(isValid(o) for o in objects), timeout=10_000)


def listeners(source, signal: str) -> int:
    return source.receivers(SIGNAL(signal))


def counting(monkeypatch, obj, name: str) -> list:
    calls: list = []
    real = getattr(obj, name)
    monkeypatch.setattr(obj, name, lambda *a: calls.append(a) or real(*a))
    return calls


# ---- Жук tables (LivePage.open_table) ------------------------------------------------------------------

@pytest.fixture
def page(qtbot, hub, admin, two_tables):
    p = LivePage(hub, admin)
    qtbot.addWidget(p)
    return p


def test_opening_an_open_table_raises_its_window_instead_of_building_another(qtbot, page, two_tables):
    win = page.open_table(two_tables[0])
    assert page.open_table(two_tables[0]) is win and list(page.windows) == [two_tables[0].game_id]
    win.close()


def test_a_closed_table_window_is_deleted_and_no_longer_hears_the_tick_or_the_shots(qtbot, page, hub, two_tables):
    ticks, changes = listeners(hub, "tick()"), listeners(hub, "changed(QString)")
    win = page.open_table(two_tables[0])
    assert listeners(hub, "tick()") > ticks and listeners(hub, "changed(QString)") > changes
    win.close()
    gone(qtbot, win)
    assert listeners(hub, "tick()") == ticks and listeners(hub, "changed(QString)") == changes
    assert len(page.windows) == 0


def test_a_table_opened_again_after_closing_gets_a_new_window(qtbot, page, two_tables):
    first = page.open_table(two_tables[0])
    first.close()  # deleted on the next turn of the loop: not the window to show again
    second = page.open_table(two_tables[0])
    assert second is not first and second.isVisible()
    gone(qtbot, first)
    assert page.open_table(two_tables[0]) is second
    second.close()


def test_a_finished_tables_engine_goes_with_its_window(qtbot, page, hub, admin, two_tables, monkeypatch):
    table = two_tables[0]
    win = page.open_table(table)
    hub.end_table(admin, table.round_id, table.game_id)
    forgotten = counting(monkeypatch, hub.games, "forget")
    win.close()
    gone(qtbot, win)
    assert forgotten == [({table.game_id},)]


def test_a_running_tables_engine_stays_when_its_window_closes(qtbot, page, hub, two_tables, monkeypatch):
    win = page.open_table(two_tables[0])  # its card on «Столы» still shows it
    forgotten = counting(monkeypatch, hub.games, "forget")
    win.close()
    gone(qtbot, win)
    assert forgotten == []


def test_a_tick_reads_each_rounds_clock_once_however_many_show_it(qtbot, page, hub, two_tables, monkeypatch):
    page.show()
    board = ScoreboardWindow(hub)
    qtbot.addWidget(board)
    board.show()
    windows = [page.open_table(t) for t in two_tables]
    clocks = counting(monkeypatch, hub.tournaments, "clock")
    tables = counting(monkeypatch, hub.tournaments, "running_tables")
    hub.poll()
    assert len(clocks) == 1 and len(tables) == 1  # one round; the page, two cards, two windows and the board
    assert all(w.scoring.clock.text() == "10:00" for w in windows)
    for w in windows:
        w.close()


def test_a_tick_reads_no_clock_for_a_page_and_windows_not_shown(qtbot, page, hub, two_tables, monkeypatch):
    hub.clock_actor = None  # no expiry check: only what is shown would read the clock
    win = page.open_table(two_tables[0])
    win.hide()
    clocks = counting(monkeypatch, hub.tournaments, "clock")
    hub.poll()
    assert clocks == []
    page.show()  # shown again, it reads the clock at once, not half a second later
    assert clocks and page.round_label.text().endswith("10:00")
    win.close()


# ---- Пирамидка matches (PyramidFeed.open_match, the «Жеребьёвка» panel) -------------------------------------

@pytest.fixture
def match(club, admin):
    a = club.players.add(admin, PlayerData("Орлов Глеб", "Граф"))
    b = club.players.add(admin, PlayerData("Сокол Анна"))
    return feed_for(club).service.create(admin, a.id, b.id, table="Стол 3")


def test_a_match_opened_twice_from_the_panel_and_the_tables_page_has_one_window(qtbot, club, admin, hub, match):
    feed = feed_for(club)
    panel = PyramidPanel(club, admin)
    page = LivePage(hub, admin)
    qtbot.addWidget(panel)
    qtbot.addWidget(page)
    window = panel.open_match(match)
    assert page.open_match(match) is window and panel.open_match(match) is window
    assert listeners(window, "changed(QString)") == 1  # the panel's, once, however often it opened it
    assert list(feed.windows) == [match]
    window.close()


def test_a_closed_match_window_is_deleted_and_stops_listening_to_the_feed(qtbot, club, admin, match):
    feed = feed_for(club)
    panel = PyramidPanel(club, admin)
    qtbot.addWidget(panel)
    before = listeners(feed, "changed(QString)")
    window = panel.open_match(match)
    assert listeners(feed, "changed(QString)") == before + 1
    window.close()
    gone(qtbot, window)
    assert listeners(feed, "changed(QString)") == before and len(feed.windows) == 0
    panel.close()  # closing the panel closes the windows it opened: none is left to touch


def test_a_conceded_matchs_engine_goes_with_its_window(qtbot, club, admin, match, monkeypatch):
    feed = feed_for(club)
    window = feed.open_match(admin, match)
    press(qtbot, window, "7", "3", "+")
    window.concede(window.players[1])
    forgotten = counting(monkeypatch, club.games, "forget")
    window.close()
    gone(qtbot, window)
    assert forgotten == [({match},)]


# ---- Mafia games (GamesTab.open_game) ------------------------------------------------------------------------

@pytest.fixture
def tab(qtbot, club, demo_admin):
    svc = EveningService(club.store, club.games, club.players)
    day = dt.date(2026, 12, 3)
    evening_id = svc.create(demo_admin, day, None).id
    for p in [r.id for r in club.players.search("", 0, 40) if not r.banned_on(day)][:10]:
        svc.check_in(demo_admin, evening_id, p)
    svc.draw_seating(demo_admin, evening_id, 1, seed=1)
    t = GamesTab(svc, demo_admin)
    qtbot.addWidget(t)
    t.set_evening(evening_id)
    t.start_game()
    t.view.selectRow(0)
    return t


def test_the_host_panel_and_the_room_display_open_once_per_game(qtbot, tab):
    panel, display = tab.open_game(display=False), tab.open_game(display=True)
    assert isinstance(panel, HostPanel) and isinstance(display, PublicDisplay)
    assert tab.open_game(display=False) is panel and tab.open_game(display=True) is display
    assert len(tab.windows) == 2 and panel.c is display.c and len(tab.controllers) == 1
    panel.close()
    display.close()


def test_closing_a_games_windows_deletes_them_and_its_controller(qtbot, club, tab):
    feed = mafia_feed_for(club.games)
    before = listeners(feed, "changed(QString)")
    panel, display = tab.open_game(display=False), tab.open_game(display=True)
    controller = panel.c
    panel.close()
    gone(qtbot, panel)
    assert isValid(controller) and tab.controllers  # the room display still shows the game
    display.close()
    gone(qtbot, display, controller)
    assert tab.controllers == {} and tab.windows == [] and listeners(feed, "changed(QString)") == before


@pytest.mark.parametrize("closed", ["host", "display"])
def test_the_other_window_follows_the_game_after_one_is_closed(qtbot, tab, closed):
    """Each window's handlers go with that window, not with the shared controller: nothing calls a deleted one."""
    from clubdesk.services.demo_mafia import DEAL

    windows = {"host": tab.open_game(display=False), "display": tab.open_game(display=True)}
    controller = windows["host"].c
    windows[closed].close()
    gone(qtbot, windows[closed])
    (other,) = (w for k, w in windows.items() if k != closed)
    assert controller.record(DEAL) and controller.record({"type": "agreement_end"})
    controller.timer.toggle()  # the speech clock ticks on the other window alone
    label = other.phase if closed == "host" else other.banner
    assert label.text() == panel_phase(controller)
    other.close()


def panel_phase(controller) -> str:
    from clubdesk.ui.mafia.texts import phase_text

    return phase_text(controller.state["step"], controller.state["day"])
