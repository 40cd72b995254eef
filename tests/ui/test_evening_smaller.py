"""Smaller things of a club evening (issue 15, item 15): the Жеребьёвка round clock ticks by itself, and a
tournament still being played is not shown as a finished document on «Протоколы»."""

from __future__ import annotations

import pytest

from clubdesk.services.players import PlayerData
from clubdesk.services.protocol_list import ProtocolList
from clubdesk.ui.models.protocols import ProtocolsModel
from clubdesk.ui.pages.draws import DrawsPage

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def tournament(club, admin, hub):
    ids = [club.players.add(admin, PlayerData(f"Игрок Кубка{i}")).id for i in range(4)]
    tid = hub.tournaments.create(admin, "Кубок", ids)
    hub.tournaments.draw_stage(admin, tid, seed=5)
    return tid


def round_status(page, round_id) -> str:
    return page._round_items[round_id].text(1)


def test_the_round_clock_on_the_draws_page_ticks_without_a_refresh(qtbot, club, admin, hub, clock, tournament):
    page = DrawsPage(club, hub, admin)
    qtbot.addWidget(page)
    page.show()  # the tick repaints the clocks that are shown (issue 36)
    r1 = hub.tournaments.stages(tournament)[0].rounds[0]
    hub.tournaments.start_round(admin, r1.id)
    hub.notify_structure()
    assert round_status(page, r1.id) == "идёт · 10:00"
    clock.t += 65
    hub.poll()
    assert round_status(page, r1.id) == "идёт · 08:55"


def play_out(hub, admin, tid, stage) -> None:
    for r in stage.rounds:
        hub.tournaments.start_round(admin, r.id)
        hub.tournaments.end_round(admin, r.id)


def test_a_tournament_is_marked_running_on_protocols_until_its_final_is_over(qtbot, club, admin, hub, tournament):
    svc = hub.tournaments

    def kind_shown() -> str:
        model = ProtocolsModel(ProtocolList(club.store))
        (row,) = [r for r in range(model.rowCount()) if model.row_at(r).id == tournament]
        return model.index(row, 1).data()

    assert kind_shown() == "Турнир «Жук» — идёт, таблица на сейчас"
    for number in (1, 2, 3):
        if number > 1:
            svc.draw_stage(admin, tournament, seed=number)
        play_out(hub, admin, tournament, svc.stages(tournament)[-1])
    svc.draw_final(admin, tournament, seed=4)
    final = svc.stages(tournament)[-1]
    hub.tournaments.start_round(admin, final.rounds[0].id)
    hub.tournaments.end_round(admin, final.rounds[0].id)
    assert kind_shown() == "Турнир «Жук» — идёт, таблица на сейчас"   # the final's second half is still to play
    play_out(hub, admin, tournament, svc.stages(tournament)[-1])
    assert kind_shown() == "Турнир «Жук»"
