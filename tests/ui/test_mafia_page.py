"""Mafia page over the demo evening: models pass qtmodeltester, check-in refuses bans, swaps, standings."""

import pytest

from clubdesk.services.evenings import EveningService
from clubdesk.ui.pages.mafia import create_page
from tests.ui.conftest import type_text

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "raise()")


@pytest.fixture
def page(qtbot, club, demo_admin):
    p = create_page(club, demo_admin, None)
    qtbot.addWidget(p)
    return p


def test_every_model_of_the_page_passes_the_model_tester(qtmodeltester, page):
    for model in (page.evenings, page.registration.present, page.games.model, page.standings.model):
        assert model.rowCount() > 0
        qtmodeltester.check(model, force_py=True)


def test_demo_evening_has_twelve_players_a_finished_game_and_one_on_day_one(page):
    assert page.registration.present.rowCount() == 12
    games = [page.games.model.row_at(i) for i in range(page.games.model.rowCount())]
    assert [(g.winner, g.step, g.day) for g in games] == [("red", "finished", 2), (None, "speech", 1)]


def test_banned_player_is_refused_inline_with_reason(qtbot, page):
    reg = page.registration
    type_text(reg.search, "Дмитриева")
    qtbot.waitUntil(lambda: reg.registry.rowCount() == 1)
    reg.view.selectRow(0)
    reg.check_in_selected()
    assert reg.message.isVisibleTo(reg) and "бессрочно" in reg.message.text() and "3.3" in reg.message.text()
    assert reg.present.rowCount() == 12


def test_standings_show_the_engine_scores(page, club):
    svc: EveningService = page.service
    evening = page.evening_id()
    finished = svc.list_games(evening)[0]
    scores = club.games.engine(finished.game_id).scores()
    model = page.standings.model
    shown = {model.row_at(i).player_id: model.index(i, 4).data() for i in range(model.rowCount())}
    for seat, pid in enumerate(finished.players):
        assert shown[pid] == f"{scores[seat] / 10:g}".replace("-", "−").replace(".", ",")  # the Russian comma


def test_swap_asks_with_the_effect_and_changes_the_table(page):
    tab = page.seating
    page.tabs.setCurrentWidget(tab)
    tab.round.setCurrentIndex(2)                         # game 3 has not started
    asked = []
    tab.confirm = lambda text: asked.append(text) or True
    a, b = tab.a.itemData(0), tab.b.itemData(tab.b.count() - 1)   # a seated player and one sitting out
    tab.a.setCurrentIndex(0)
    tab.b.setCurrentIndex(tab.b.count() - 1)
    tab.swap_players()
    assert asked and "Поменять" in asked[0]
    now = page.service.seating(page.evening_id())
    assert now.rounds[2][0][0] == b and a in now.sitting_out[2]


def test_started_game_round_cannot_be_swapped(page):
    tab = page.seating
    tab.round.setCurrentIndex(0)
    tab.confirm = lambda text: pytest.fail("must not ask")
    tab.swap_players()
    assert tab.warning.isVisibleTo(tab) and "уже начата" in tab.warning.text()


def test_csv_export_writes_the_standings(page, tmp_path):
    page.standings.save_path = lambda *a: str(tmp_path / "out.csv")
    page.standings.export_csv()
    text = (tmp_path / "out.csv").read_text(encoding="utf-8-sig")
    assert text.startswith("Место;Игрок") and len(text.splitlines()) == 11


def test_host_panel_opens_for_the_running_game_on_day_one(page):
    page.games.view.selectRow(1)
    panel = page.games.open_game(display=False)
    assert panel.banner.text() == "День 1" and panel.c.state["nominees"] == [9]
    panel.close()


def test_checked_in_list_shows_name_nickname_and_guest_mark_in_one_column(page, demo_admin):
    from clubdesk.services.players import PlayerData

    reg = page.registration
    page.service.add_guest(demo_admin, page.evening_id(), PlayerData("Гостев Пётр", nickname="Проездом"))
    reg.refresh()
    present = reg.present
    shown = [present.index(r, 1).data() for r in range(present.rowCount())]
    assert present.columnCount() == 2 and present.rowCount() == 13
    assert shown[-1] == "Гостев Пётр «Проездом» · гость"
    assert all("«" in s and "гость" not in s for s in shown[:-1])  # the demo's members all have nicknames


def test_the_desk_names_the_host_who_runs_a_game_from_a_phone(page, club):
    """«Ведущий игры…»: the game's scope (services/scopes.py); «любой ведущий» opens it to every host again."""
    page.games.view.selectRow(1)
    gid = page.games.model.row_at(1).game_id
    offered = []

    def pick(_parent, _title, label, items, current, _editable, choose=1):
        offered.append((label, list(items), current))
        return items[choose], True
    name = page.games.assign_host(pick)
    assert name == offered[0][1][1] and offered[0][1][0] == "любой ведущий"
    assert club.store.read("SELECT referee FROM games WHERE id = ?", (gid,)) == [(name,)]
    assert page.games.model.row_at(1).host == name  # the games list names him
    page.games.assign_host(lambda *a: pick(*a, choose=0))
    assert offered[1][2] == 1  # the dialog opened on the host named now
    assert club.store.read("SELECT referee FROM games WHERE id = ?", (gid,)) == [("",)]


def test_the_host_button_opens_the_question_when_clicked(page, club, qtbot, monkeypatch):
    """A click on «Ведущий игры…» asks (its `clicked(bool)` once arrived as the dialog function: a crash dialog)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QInputDialog

    page.games.view.selectRow(1)
    gid = page.games.model.row_at(1).game_id
    asked = []
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a: (asked.append(a[3]) or (a[3][1], True)))
    qtbot.mouseClick(page.games.assign, Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and club.store.read("SELECT referee FROM games WHERE id = ?", (gid,)) == [(asked[0][1],)]


def test_a_host_at_the_desk_cannot_name_a_games_host_and_a_phones_event_refreshes_the_games(qtbot, club, demo_admin):
    from clubdesk.roles import Actor
    from clubdesk.ui.mafia.feed import feed_for

    host = Actor("h", "maestro", frozenset({"host"}))
    p = create_page(club, host, None)
    qtbot.addWidget(p)
    p.games.view.selectRow(1)
    assert not p.games.assign.isEnabled()
    row = p.games.model.row_at(1)
    assert row.step == "speech"
    while club.games.state(row.game_id)["step"] == "speech":  # the phone ends the day's speeches
        club.games.record(demo_admin, row.game_id, {"type": "speech_end",
                                                     "seat": club.games.state(row.game_id)["speaker"]})
    assert p.games.model.row_at(1).step == "speech"
    feed_for(club.games).changed.emit(row.game_id)  # as the table page tells the desk
    assert p.games.model.row_at(1).step == club.games.state(row.game_id)["step"] != "speech"
    assert p.games.view.selectionModel().selectedRows()[0].row() == 1
