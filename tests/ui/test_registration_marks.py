"""The evening's registration says who is here already, and «Рассадка» says what is missing before the first
seating, from the check-ins so far (issue 38 item 14; one table is ten players, M-1)."""

from __future__ import annotations

import datetime as dt

import pytest

from clubdesk.services.evenings import EveningService
from clubdesk.services.players import PlayerData
from clubdesk.ui.mafia.registration import RegistrationTab
from clubdesk.ui.mafia.seating_tab import SeatingTab
from clubdesk.ui.models.players import NAME, STATUS

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


@pytest.fixture
def evening(qtbot, club, admin):
    svc = EveningService(club.store, club.games, club.players)
    ids = [club.players.add(admin, PlayerData(f"Игроков Номер{n}", nickname=f"Ник{n}")).id for n in range(12)]
    evening_id = svc.create(admin, dt.date(2026, 12, 4), None).id
    reg, seating = RegistrationTab(svc, admin), SeatingTab(svc, admin)
    for tab in (reg, seating):
        qtbot.addWidget(tab)
        tab.set_evening(evening_id)
    return svc, evening_id, ids, reg, seating


def statuses(reg) -> dict[str, str]:
    m = reg.registry
    return {m.index(r, NAME).data(): m.index(r, STATUS).data() for r in range(m.rowCount())}


def check_in(reg, name: str) -> None:
    m = reg.registry
    reg.view.selectRow(next(r for r in range(m.rowCount()) if m.index(r, NAME).data() == name))
    reg.check_in_selected()


def test_the_registry_list_marks_who_is_checked_in_and_unmarks_a_cancelled_check_in(evening):
    _svc, _eid, _ids, reg, _seating = evening
    assert set(statuses(reg).values()) == {"в клубе"}
    check_in(reg, "Игроков Номер3 «Ник3»")
    shown = statuses(reg)
    assert shown["Игроков Номер3 «Ник3»"] == "✓ отмечен"
    assert [s for s in shown.values() if s != "в клубе"] == ["✓ отмечен"]
    reg.present_view.selectRow(0)
    reg.cancel_selected()
    assert statuses(reg)["Игроков Номер3 «Ник3»"] == "в клубе"


def test_the_seating_tab_counts_the_check_ins_before_the_first_seating(evening, admin):
    svc, eid, ids, _reg, seating = evening
    assert "отметьте игроков на вкладке «Регистрация»" in seating.figures.text()
    for pid in ids[:7]:
        svc.check_in(admin, eid, pid)
    seating.refresh()
    assert seating.figures.text() == "Рассадки ещё нет. Отмечено игроков: 7; для стола нужно 10 — отметьте ещё 3."
    for pid in ids[7:]:
        svc.check_in(admin, eid, pid)
    seating.refresh()
    assert seating.figures.text() == "Рассадки ещё нет. Отмечено игроков: 12 — нажмите «Рассадить»."
    assert "отметьте" not in seating.figures.text()
