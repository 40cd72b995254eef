"""Live board, draws page, standings and the public scoreboard follow the recorded events by themselves."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from clubdesk.services.demo_billiards import populate
from clubdesk.services.players import PlayerData
from clubdesk.ui.models.tournament import ParticipantsModel, StandingsModel
from clubdesk.ui.pages.draws import DrawsPage
from clubdesk.ui.pages.live import LivePage
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
from clubdesk.ui.zhuk.standings import StandingsWidget

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@pytest.fixture
def hub(club, admin, qtbot):
    h = install_hub(club, ZhukHub(club, autostart=False))
    h.clock_actor = admin
    return h


@pytest.fixture
def demo(club, admin, hub):
    for i in range(8):
        club.players.add(admin, PlayerData(f"Демо Игрок{i}", f"ник{i}"))
    return populate(club.store, admin)


def test_demo_has_a_tournament_with_two_running_tables(demo, hub):
    tables = hub.tournaments.running_tables()
    assert len(tables) == 2 and all(len(t.players) == 4 for t in tables)
    assert all(hub.games.to_record(t.game_id)["events"] for t in tables)


def test_board_and_scoreboard_follow_a_recorded_shot(qtbot, demo, hub, admin):
    page = LivePage(hub, admin)
    board = ScoreboardWindow(hub)
    qtbot.addWidget(page)
    qtbot.addWidget(board)
    table = hub.tournaments.running_tables()[0]
    card, big = page.board.cards[table.game_id], board.board.cards[table.game_id]
    mover = hub.games.state(table.game_id)["to_move"]
    hub.record(admin, table.game_id, {"type": "shot", "player": mover, "potted": [{"ball": "std", "legal": True}]})
    state = hub.games.state(table.game_id)
    from clubdesk.ui.models.zhuk_table import money
    row = state["order"].index(mover)
    assert card.rows[row][2].text() == money(state["balances"][mover])
    assert big.rows[row][2].text() == money(state["balances"][mover])
    assert "10" in board.lines.text()


def test_clicking_a_table_opens_its_scoring_window(qtbot, demo, hub, admin):
    page = LivePage(hub, admin)
    qtbot.addWidget(page)
    table = hub.tournaments.running_tables()[0]
    win = page.open_table(table)
    assert win.scoring.game_id == table.game_id
    assert page.open_table(table) is win
    win.close()


def test_end_round_button_closes_every_table(qtbot, demo, hub, admin):
    page = LivePage(hub, admin)
    qtbot.addWidget(page)
    tables = hub.tournaments.running_tables()
    page.run_dialog = lambda dialog: (dialog.ok.click(), dialog.result())[1]   # «Закончить»: the whole round
    page.end.click()
    assert all(hub.games.state(t.game_id)["finished"] for t in tables)
    assert page.board.cards == {}


def test_draws_page_draws_with_a_typed_seed_and_rechecks_it(qtbot, club, admin, hub):
    ids = [club.players.add(admin, PlayerData(f"Игрок Жеребьёвки{i}")).id for i in range(7)]
    hub.tournaments.create(admin, "Кубок", ids)
    page = DrawsPage(club, hub, admin)
    qtbot.addWidget(page)
    assert not page.final_button.isEnabled()                    # the final comes after three stages
    page.seed.setText("abc")
    page.draw_button.click()
    assert not page.error.isHidden() and page.tree.topLevelItemCount() == 0
    page.seed.setText("777")
    page.draw_button.click()
    assert page.error.isHidden()
    stage = page.tree.topLevelItem(0)
    assert "777" in stage.text(1) and stage.childCount() == 2 + 3  # two tables, three rounds
    page.check_button.click()
    assert page.error.objectName() == "formOk"
    # the next stage is drawn once this one is played: the button says so instead of a refusal after the click
    assert not page.draw_button.isEnabled() and page.draw_button.toolTip() == "Сначала доиграйте этап 1"
    assert not page.final_button.isEnabled()


def test_standings_widget_and_models_pass_the_model_tester(qtbot, qtmodeltester, demo, hub, club, tmp_path):
    w = StandingsWidget(hub)
    qtbot.addWidget(w)
    assert w.model.rowCount() == 8
    qtmodeltester.check(w.model, force_py=True)
    w.stage.setCurrentIndex(1)
    qtmodeltester.check(w.model, force_py=True)
    assert w.export_csv(str(tmp_path / "t.csv")).read_text(encoding="utf-8-sig").startswith("Место;Игрок")
    qtmodeltester.check(StandingsModel(), force_py=True)
    participants = ParticipantsModel(club.players)
    qtmodeltester.check(participants, force_py=True)
    participants.setData(participants.index(0, 0), Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    assert len(participants.checked) == 1
    participants.set_filter("ник3")
    assert participants.rowCount() == 1
