"""Z-15 on the screens: at the start of a round the desk's «Столы» card, the hall scoreboard and the scoring window
show the bank the same table carried from the stage's previous round (issue 34 item 1 showed «Банк: 0 В»)."""

from __future__ import annotations

import pytest

from clubdesk.services.players import PlayerData
from clubdesk.ui.zhuk.board import TableCard
from clubdesk.ui.zhuk.scoreboard import ScoreboardWindow
from clubdesk.ui.zhuk.scoring import ZhukTableWidget

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def second_round(club, admin, hub):
    """Three players; in round 1 the first to move fouls (100 B into the bank) and the round ends; round 2 is
    seated and nobody has played yet."""
    ids = [club.players.add(admin, PlayerData(f"Игрок Банка{i}")).id for i in range(3)]
    svc = hub.tournaments
    tid = svc.create(admin, "Кубок", ids)
    svc.draw_stage(admin, tid, seed=34)
    r1, r2, _ = svc.stages(tid)[0].rounds
    (t1,) = svc.start_round(admin, r1.id)
    club.games.record(admin, t1.game_id, {"type": "shot", "player": t1.players[0], "fouls": ["miss"]})
    svc.end_round(admin, r1.id)
    (t2,) = svc.start_round(admin, r2.id)
    return t2


def test_z15_the_desk_card_shows_the_carried_bank_at_the_rounds_start(qtbot, hub, second_round):
    card = TableCard(hub, second_round)
    qtbot.addWidget(card)
    assert card.bank.text() == "Банк: 100 B"


def test_z15_the_hall_scoreboard_shows_the_carried_bank(qtbot, hub, second_round):
    board = ScoreboardWindow(hub)
    qtbot.addWidget(board)
    assert board.board.cards[second_round.game_id].bank.text() == "Банк: 100 B"


def test_z15_the_scoring_window_shows_the_carried_bank(qtbot, hub, admin, second_round):
    widget = ZhukTableWidget(hub, admin, second_round.game_id, round_id=second_round.round_id)
    qtbot.addWidget(widget)
    assert "банк 100 B" in widget.info.text()
