"""«Печать…» in the windows opens the protocol of what the window shows: the same document, page for page, that
ProtocolService makes for that object (and not the first one of its kind)."""

import pytest

from clubdesk.services.protocols import ProtocolService
from clubdesk.ui import print_preview
from tests.reports.pdfcheck import unstamped_pages


@pytest.fixture
def opened(monkeypatch):
    shown = []
    monkeypatch.setattr(print_preview, "preview_pdf", lambda parent, pdf, title, file_name="": shown.append((pdf, title)))
    return shown


def assert_same_document(got: bytes, expected: bytes) -> None:
    """The text of every page is the protocol's (the bytes differ by the creation stamp only, and the printed
    «Напечатано …» line by its minute when the two prints straddle one)."""
    assert got.startswith(b"%PDF")
    assert unstamped_pages(got) == unstamped_pages(expected)


def protocols(club) -> ProtocolService:
    from clubdesk.ui.zhuk.hub import hub_for

    return ProtocolService(club.store, hub_for(club).games)


def test_zhuk_table_prints_its_own_round_protocol(qtbot, club, demo_admin, opened):
    from clubdesk.ui.zhuk.hub import hub_for
    from clubdesk.ui.zhuk.scoring import ZhukTableWidget

    hub = hub_for(club)
    tables = hub.tournaments.running_tables()
    assert len(tables) >= 2  # the window must print its table, not the first running one
    table = tables[-1]
    w = ZhukTableWidget(hub, demo_admin, table.game_id, round_id=table.round_id)
    qtbot.addWidget(w)
    w.print_button.click()
    assert len(opened) == 1
    assert_same_document(opened[0][0], protocols(club).game_pdf(table.game_id))
    assert unstamped_pages(opened[0][0]) != unstamped_pages(protocols(club).game_pdf(tables[0].game_id))


def test_host_panel_prints_its_own_game_form(qtbot, club, demo_admin, opened):
    from sqlalchemy import select

    from clubdesk.store.models import Game
    from clubdesk.ui.mafia.controller import GameController
    from clubdesk.ui.mafia.host_panel import HostPanel
    with club.store.session_factory() as s:  # a finished game: a running one's form holds the roles (issue 34)
        finished = list(s.scalars(select(Game.id).where(Game.game == "mafia", Game.status == "finished")
                                  .order_by(Game.id)))
        games = list(s.scalars(select(Game.id).where(Game.game == "mafia").order_by(Game.id)))
    assert len(games) >= 2 and finished
    c = GameController(club.games, demo_admin, finished[-1], [f"P{i}" for i in range(1, 11)], "Игра 1")
    w = HostPanel(c)
    qtbot.addWidget(w)
    w.print_button.click()
    assert len(opened) == 1
    assert_same_document(opened[0][0], protocols(club).game_pdf(finished[-1]))


def test_draws_page_prints_the_selected_tournament(qtbot, club, demo_admin, opened):
    from clubdesk.ui.pages.draws import create_page
    from clubdesk.ui.zhuk.hub import hub_for

    ids = [p.id for p in club.players.search("", 0, 40) if p.status != "banned"][:8]  # a ban refuses an entry
    hub_for(club).tournaments.create(demo_admin, "Кубок второй", ids)  # two tournaments listed
    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    assert page.list.count() >= 2
    row = page.list.count() - 1  # the last one listed: a page printing row 0 whatever is selected fails
    page.list.setCurrentRow(row)
    chosen = page.list.item(row).data(0x0100)  # Qt.UserRole
    page.print_button.click()
    assert len(opened) == 1
    assert_same_document(opened[0][0], protocols(club).tournament_pdf(chosen))


def test_standings_print_the_tournament_shown(qtbot, club, demo_admin, opened):
    from clubdesk.ui.zhuk.hub import hub_for
    from clubdesk.ui.zhuk.standings import StandingsWidget

    w = StandingsWidget(hub_for(club))
    qtbot.addWidget(w)
    assert w.tournament_id
    w.print_button.click()
    assert len(opened) == 1
    assert_same_document(opened[0][0], protocols(club).tournament_pdf(w.tournament_id))


def test_pyramid_match_window_prints_its_own_match(qtbot, club, demo_admin, opened):
    from clubdesk.services.matches import MatchService
    from clubdesk.ui.pyramid.match_window import MatchWindow

    svc = MatchService.of(club)
    players = [p.id for p in club.players.search("", 0, 40) if p.status != "banned"][:4]
    svc.create(demo_admin, players[0], players[1])
    mine = svc.create(demo_admin, players[2], players[3])
    w = MatchWindow(svc, demo_admin, mine)
    qtbot.addWidget(w)
    w.print_button.click()
    assert len(opened) == 1
    assert_same_document(opened[0][0], protocols(club).game_pdf(mine))


def test_mafia_seating_prints_every_game_table_by_table(qtbot, club, demo_admin, opened):
    from clubdesk.ui.pages.mafia import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    tab = page.seating
    tab.refresh()
    assert tab.print_button.isEnabled() and tab.print_button.text() == "Печать…"
    tab.print_button.click()
    assert len(opened) == 1 and opened[0][1] == "Рассадка вечера"
    assert_same_document(opened[0][0], protocols(club).seating_pdf(page.evening_id()))


def test_mafia_evening_standings_print_the_evening_summary(qtbot, club, demo_admin, opened):
    from clubdesk.ui.pages.mafia import create_page

    page = create_page(club, demo_admin, None)
    qtbot.addWidget(page)
    button = page.standings.pdf
    assert button.text() == "Печать…"
    button.click()
    assert len(opened) == 1 and opened[0][1] == "Итоги вечера"
    assert_same_document(opened[0][0], protocols(club).evening_pdf(page.evening_id()))
