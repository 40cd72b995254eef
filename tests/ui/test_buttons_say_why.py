"""A button that cannot act now is disabled with a tooltip saying why, or says why when pressed — never a
silent no-op: the host panel and room display before a game, printing with no tournament, no PDF viewer."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from clubdesk.reports import build_record_pdf
from clubdesk.services.evenings import EveningService
from clubdesk.ui.mafia.games_tab import GamesTab
from clubdesk.ui.mafia.registration import RegistrationTab
from clubdesk.ui.mafia.seating_tab import SeatingTab
from clubdesk.ui.pages.draws import DrawsPage
from clubdesk.ui.print_preview import PrintPreview
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
from clubdesk.ui.zhuk.standings import StandingsWidget
from tests.reports.fill import record
from tests.ui.conftest import type_text

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def disabled_because(button: QPushButton) -> str:
    assert not button.isEnabled()
    return button.toolTip()


@pytest.fixture
def evening(club, demo_admin):
    svc = EveningService(club.store, club.games, club.players)
    return svc, svc.create(demo_admin, dt.date(2026, 12, 3), None).id


def test_host_panel_and_room_display_wait_for_a_started_game(qtbot, club, demo_admin, evening):
    svc, evening_id = evening
    tab = GamesTab(svc, demo_admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    assert disabled_because(tab.host) == "Сначала нажмите «Начать игру»"
    assert disabled_because(tab.display) == "Сначала нажмите «Начать игру»"
    assert disabled_because(tab.start) == "Сначала рассадка: вкладка «Рассадка»"
    qtbot.mouseClick(tab.host, Qt.MouseButton.LeftButton)
    assert tab.windows == []
    day = dt.date(2026, 12, 3)
    for p in [r.id for r in club.players.search("", 0, 40) if not r.banned_on(day)][:10]:
        svc.check_in(demo_admin, evening_id, p)
    svc.draw_seating(demo_admin, evening_id, 1, seed=1)
    tab.refresh()
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    assert tab.host.isEnabled() and tab.display.isEnabled() and tab.host.toolTip() == ""
    tab.view.clearSelection()
    assert disabled_because(tab.display) == "Выберите игру в списке"


def test_the_picked_game_stays_picked_after_an_event_so_the_display_button_still_opens(qtbot, club, demo_admin,
                                                                                         evening):
    """Recording re-reads the games list; the selection used to be lost while the buttons stayed enabled."""
    from clubdesk.rules.mafia.script import ROLES

    svc, evening_id = evening
    day = dt.date(2026, 12, 3)
    for p in [r.id for r in club.players.search("", 0, 40) if not r.banned_on(day)][:10]:
        svc.check_in(demo_admin, evening_id, p)
    svc.draw_seating(demo_admin, evening_id, 1, seed=1)
    tab = GamesTab(svc, demo_admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    qtbot.mouseClick(tab.start, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(tab.host, Qt.MouseButton.LeftButton)
    (panel,) = tab.windows
    qtbot.addWidget(panel)
    panel.forms["deal"].set_roles(list(ROLES))
    qtbot.mouseClick(panel.forms["deal"].deal, Qt.MouseButton.LeftButton)
    assert panel.c.state["step"] == "agreement"
    assert tab.view.selectionModel().hasSelection() and tab.display.isEnabled()
    qtbot.mouseClick(tab.display, Qt.MouseButton.LeftButton)
    assert len(tab.windows) == 2
    for w in tab.windows:
        w.close()


def test_seating_print_and_swap_wait_for_a_seating(qtbot, demo_admin, evening):
    svc, evening_id = evening
    tab = SeatingTab(svc, demo_admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    assert disabled_because(tab.print_button) == "Рассадки ещё нет: сначала «Рассадить»"
    assert disabled_because(tab.swap) == "Рассадки ещё нет: сначала «Рассадить»"


def test_check_in_with_nobody_found_says_so(qtbot, demo_admin, evening):
    svc, evening_id = evening
    tab = RegistrationTab(svc, demo_admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    type_text(tab.search, "Никтотакойнезаписан")
    qtbot.waitUntil(lambda: tab.registry.total == 0)
    qtbot.mouseClick(tab.check, Qt.MouseButton.LeftButton)
    assert tab.message.isVisibleTo(tab)
    assert tab.message.text() == "Никого не найдено: проверьте поиск или добавьте гостя («Гость…»)."


def test_tournament_printing_waits_for_a_tournament(qtbot, club, admin):
    hub = install_hub(club, ZhukHub(club, autostart=False))
    page = DrawsPage(club, hub, admin)
    standings = StandingsWidget(hub)
    qtbot.addWidget(page)
    qtbot.addWidget(standings)
    assert disabled_because(page.print_button) == "Сначала создайте или выберите турнир"
    assert disabled_because(page.check_button) == "Сначала создайте или выберите турнир"
    assert disabled_because(standings.print_button) == "Сначала создайте или выберите турнир"


def test_open_in_viewer_without_a_pdf_viewer_says_so(qtbot, monkeypatch):
    said = []
    dlg = PrintPreview(build_record_pdf(record("pyramid100-match.json")), "Протокол", use_default_renderer=False)
    qtbot.addWidget(dlg)
    from clubdesk.ui import print_preview

    monkeypatch.setattr(print_preview, "OPENER", None)           # the shell's opener (Windows, macOS): Qt answers
    monkeypatch.setattr(dlg, "open_url", lambda url: False)       # no program opens a PDF here
    monkeypatch.setattr(dlg, "offer_save", lambda text: said.append(text) or False)
    qtbot.mouseClick(dlg.open_button, Qt.MouseButton.LeftButton)
    assert said == ["На этом компьютере нет программы для просмотра PDF. Сохраните его в файл."]


def test_the_usual_tooltip_comes_back_when_the_button_can_act(qtbot):
    from clubdesk.ui.views import enable

    button = QPushButton("Печать…")
    qtbot.addWidget(button)
    button.setToolTip("Протокол")
    enable(button, False, "Нечего печатать")
    assert button.toolTip() == "Нечего печатать"
    enable(button, True)
    assert button.isEnabled() and button.toolTip() == "Протокол"
