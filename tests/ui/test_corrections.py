"""Mistakes that can be corrected: a Mafia check-in undone (a tombstone; the player can come back), a tournament
participant taken off before the draw — and refused after it with the Z§9 reason."""

from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt

from clubdesk.services.evenings import EveningService
from clubdesk.services.players import PlayerData
from clubdesk.ui.mafia.registration import RegistrationTab
from clubdesk.ui.pages.draws import DrawsPage
from clubdesk.ui.zhuk.hub import ZhukHub, install_hub

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def players(club, admin):
    return [club.players.add(admin, PlayerData(f"Исправлов Игрок{i}", f"исп{i}")).id for i in range(11)]


@pytest.fixture
def evening(club, admin, players):
    svc = EveningService(club.store, club.games, club.players)
    evening_id = svc.create(admin, dt.date(2026, 12, 3), None).id
    for p in players:
        svc.check_in(admin, evening_id, p)
    return svc, evening_id


def present_ids(tab) -> list[str]:
    return [tab.present.row_at(r).player_id for r in range(tab.present.rowCount())]


def test_a_check_in_is_undone_from_the_present_list_and_can_be_made_again(qtbot, admin, players, evening):
    svc, evening_id = evening
    tab = RegistrationTab(svc, admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    assert not tab.cancel.isEnabled() and tab.cancel.toolTip() == "Выберите отмеченного игрока в списке справа"
    tab.present_view.selectRow(2)
    qtbot.mouseClick(tab.cancel, LEFT)
    assert players[2] not in present_ids(tab) and len(present_ids(tab)) == 10
    assert tab.message.text() == "Исправлов Игрок2: отметка отменена." and tab.count.text() == "Отмечены: 10"
    svc.check_in(admin, evening_id, players[2])                # he came back after all: the same row again
    tab.refresh()
    assert players[2] in present_ids(tab)


def test_undoing_a_seated_check_in_drops_the_unplayed_seating(qtbot, admin, players, evening):
    svc, evening_id = evening
    svc.draw_seating(admin, evening_id, 2, seed=4)
    tab = RegistrationTab(svc, admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    tab.present_view.selectRow(0)
    qtbot.mouseClick(tab.cancel, LEFT)
    assert tab.message.text() == "Исправлов Игрок0: отметка отменена. Рассадка с ним сброшена — рассадите заново."
    assert svc.seating(evening_id) is None


def test_a_player_of_a_started_game_keeps_his_check_in(qtbot, admin, players, evening):
    svc, evening_id = evening
    seating = svc.draw_seating(admin, evening_id, 1, seed=4)
    table = list(seating.rounds[0][0])
    svc.start_game(admin, evening_id, 1, 1, table)
    tab = RegistrationTab(svc, admin)
    qtbot.addWidget(tab)
    tab.set_evening(evening_id)
    tab.present_view.selectRow(present_ids(tab).index(table[0]))
    qtbot.mouseClick(tab.cancel, LEFT)
    assert "отметку не отменить" in tab.message.text() and table[0] in present_ids(tab)


@pytest.fixture
def hub(club, admin, qtbot):
    h = install_hub(club, ZhukHub(club, autostart=False))
    h.clock_actor = admin
    return h


def test_a_participant_is_taken_off_before_the_draw(qtbot, club, admin, hub, players):
    tid = hub.tournaments.create(admin, "Кубок", players[:7])
    page = DrawsPage(club, hub, admin)
    qtbot.addWidget(page)
    page.withdraw_who.setCurrentIndex(page.withdraw_who.findData(players[3]))
    qtbot.mouseClick(page.withdraw_button, LEFT)
    assert not page.error.isVisibleTo(page)
    assert players[3] not in hub.tournaments.get(tid).players and len(hub.tournaments.get(tid).players) == 6
    assert "участников: 6" in page.info.text()
    page.withdraw_who.setCurrentIndex(page.withdraw_who.findData(players[4]))
    qtbot.mouseClick(page.withdraw_button, LEFT)               # 5 would be left: no table plan for five
    assert page.error.isVisibleTo(page) and page.error.text().startswith("После снятия останется 5")
    assert len(hub.tournaments.get(tid).players) == 6


def test_after_the_draw_a_withdrawal_is_refused_with_the_z9_reason(qtbot, club, admin, hub, players):
    tid = hub.tournaments.create(admin, "Кубок", players[:8])
    hub.tournaments.draw_stage(admin, tid, seed=2)
    page = DrawsPage(club, hub, admin)
    qtbot.addWidget(page)
    assert not page.withdraw_button.isEnabled() and "(Z§9)" in page.withdraw_button.toolTip()
    with pytest.raises(Exception, match="Z§9"):
        hub.tournaments.withdraw(admin, tid, players[0])
