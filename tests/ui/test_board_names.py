"""Every public board names a player the same way, from his two stored fields: the nickname, else the surname
and the first name's initial — the Жук scoreboard's cards and standings and the Mafia room display."""

from __future__ import annotations

import pytest

from clubdesk.names import board_name
from clubdesk.services.evenings import EveningService
from clubdesk.services.players import PlayerData
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub
from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")

PLAYERS = [("Иванов Пётр", ""), ("Смирнова Елена", "Ласточка"), ("Кузнецов Андрей", ""), ("Попов Олег", "Шар")]
SHOWN = {"Иванов Пётр": "Иванов П.", "Смирнова Елена": "Ласточка", "Кузнецов Андрей": "Кузнецов А.",
         "Попов Олег": "Шар"}


def test_board_name_is_the_nickname_else_surname_and_initial():
    assert board_name("Иванов Пётр") == "Иванов П."
    assert board_name("Смирнова Елена", "Ласточка") == "Ласточка"
    assert board_name("Ким") == "Ким" and board_name("  Ли   Мин  Хо ") == "Ли М."


@pytest.fixture
def registered(club, admin):
    return {club.players.add(admin, PlayerData(name, nick)).id: name for name, nick in PLAYERS}


def test_the_scoreboard_cards_and_standings_name_players_alike(qtbot, club, admin, registered):
    hub = install_hub(club, ZhukHub(club, autostart=False))
    tid = hub.tournaments.create(admin, "Кубок", list(registered))
    hub.tournaments.draw_stage(admin, tid, seed=3)
    (table,) = hub.tournaments.start_round(admin, hub.tournaments.stages(tid)[0].rounds[0].id)
    board = ScoreboardWindow(hub)
    qtbot.addWidget(board)
    card = board.board.cards[table.game_id]
    order = hub.games.state(table.game_id)["order"]
    assert [row[1].text() for row in card.rows] == [SHOWN[registered[p]] for p in order]
    for shown in SHOWN.values():
        assert f"&nbsp;{shown}</td>" in board.lines.text()


def test_the_mafia_room_display_names_players_as_the_boards_do(club, admin, registered):
    svc = EveningService(club.store, club.games, club.players)
    names = svc.names(list(registered))
    assert {registered[p]: n for p, n in names.items()} == SHOWN
