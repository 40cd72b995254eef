"""The evening's seating on paper (M-8): every game, table by table, who sits out, and the seed."""

from __future__ import annotations

import pytest

from clubdesk.services.club import Club
from clubdesk.services.demo import create_demo_club
from clubdesk.services.evenings import EveningService
from clubdesk.services.protocols import NotFound, ProtocolService
from tests.reports.pdfcheck import fonts, text


@pytest.fixture
def evening(store):
    admin = create_demo_club(store)
    club = Club(store)
    svc = EveningService(store, club.games, club.players)
    return admin, svc, svc.list()[0].id


def lines_of(pdf: bytes) -> list[str]:
    return [" ".join(line.split()) for line in text(pdf).splitlines() if line.strip()]


def test_every_game_lists_its_tables_seat_by_seat_with_the_seed_and_who_sits_out(evening):
    _admin, svc, evening_id = evening
    seating = svc.seating(evening_id)
    names = svc.names(sorted({p for r in seating.rounds for t in r for p in t} | set(seating.sitting_out[0])))
    pdf = ProtocolService(svc.store, svc.games).seating_pdf(evening_id)
    got = lines_of(pdf)
    assert "Рассадка вечера" in got and f"Зерно рассадки: {seating.seed}" in got
    for number, (tables, resting) in enumerate(zip(seating.rounds, seating.sitting_out, strict=True), start=1):
        at = got.index(f"Игра {number}")
        for players in tables:
            for seat, pid in enumerate(players, start=1):  # seat numbers in order, each with its player
                at = got.index(str(seat), at + 1)
                assert names[pid].split("«")[-1].rstrip("»") in got[at + 1]
        if resting:
            assert any(line.startswith("Отдыхают:") for line in got[at:])
    assert all(fonts(pdf).values())  # the Cyrillic font is embedded


def test_seating_prints_in_english(evening):
    _admin, svc, evening_id = evening
    got = lines_of(ProtocolService(svc.store, svc.games).seating_pdf(evening_id, "en"))
    assert "Seating of the evening" in got and "Game 1" in got and any(x.startswith("Seating seed:") for x in got)


def test_an_evening_without_a_draw_has_no_seating_to_print(evening):
    import datetime as dt

    admin, svc, _evening_id = evening
    fresh = svc.create(admin, dt.date(2026, 12, 3), None).id
    with pytest.raises(NotFound):
        ProtocolService(svc.store, svc.games).seating_pdf(fresh)
