"""«Печать…» in the windows opens the protocol of what the window shows."""

import pytest

from clubdesk.ui import print_preview


@pytest.fixture
def opened(monkeypatch):
    shown = []
    monkeypatch.setattr(print_preview, "preview_pdf", lambda parent, pdf, title: shown.append((pdf, title)))
    return shown


def test_zhuk_table_prints_its_round_protocol(qtbot, club, demo_admin, opened):
    from clubdesk.ui.zhuk.hub import hub_for
    from clubdesk.ui.zhuk.scoring import ZhukTableWidget

    hub = hub_for(club)
    table = hub.tournaments.running_tables()[0]
    w = ZhukTableWidget(hub, demo_admin, table.game_id, round_id=table.round_id)
    qtbot.addWidget(w)
    w.print_button.click()
    assert len(opened) == 1 and opened[0][0].startswith(b"%PDF")


def test_host_panel_prints_the_game_form(qtbot, club, demo_admin, opened):
    from sqlalchemy import select

    from clubdesk.store.models import Game
    from clubdesk.ui.mafia.controller import GameController
    from clubdesk.ui.mafia.host_panel import HostPanel
    with club.store.session_factory() as s:
        games = list(s.scalars(select(Game.id).where(Game.game == "mafia")))
    c = GameController(club.games, demo_admin, games[0], [f"P{i}" for i in range(1, 11)], "Игра 1")
    w = HostPanel(c)
    qtbot.addWidget(w)
    w.print_button.click()
    assert len(opened) == 1 and opened[0][0].startswith(b"%PDF")


def test_draws_page_prints_the_selected_tournament(qtbot, club, demo_admin, opened):
    from clubdesk.ui.pages.draws import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    page.list.setCurrentRow(0)
    page.print_button.click()
    assert len(opened) == 1 and opened[0][0].startswith(b"%PDF")


def test_standings_print_the_tournament(qtbot, club, demo_admin, opened):
    from clubdesk.ui.zhuk.hub import hub_for
    from clubdesk.ui.zhuk.standings import StandingsWidget

    w = StandingsWidget(hub_for(club))
    qtbot.addWidget(w)
    assert w.tournament_id
    w.print_button.click()
    assert len(opened) == 1 and opened[0][0].startswith(b"%PDF")


def test_pyramid_match_window_prints_the_match(qtbot, club, demo_admin, opened):
    from clubdesk.services.matches import MatchService
    from clubdesk.ui.pyramid.match_window import MatchWindow

    svc = MatchService.of(club)
    ids = [p.id for p in club.players.search("", 0, 2)]
    w = MatchWindow(svc, demo_admin, svc.create(demo_admin, *ids))
    qtbot.addWidget(w)
    w.print_button.click()
    assert len(opened) == 1 and opened[0][0].startswith(b"%PDF")


def test_mafia_seating_prints_every_game_table_by_table(qtbot, club, demo_admin, opened):
    from clubdesk.ui.pages.mafia import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    tab = page.seating
    tab.refresh()
    assert tab.print_button.isEnabled() and tab.print_button.text() == "Печать…"
    tab.print_button.click()
    assert len(opened) == 1 and opened[0][0].startswith(b"%PDF") and opened[0][1] == "Рассадка вечера"


def test_mafia_evening_standings_print_the_evening_summary(qtbot, club, demo_admin, opened):
    from clubdesk.ui.pages.mafia import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    button = page.standings.pdf
    assert button.text() == "Печать…"
    button.click()
    assert len(opened) == 1 and opened[0][0].startswith(b"%PDF") and opened[0][1] == "Итоги вечера"
